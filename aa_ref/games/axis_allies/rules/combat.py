"""Phase 3, Conduct Combat [L479-L653]: the battles of the turn, in order, and the decisions they need.

The Combat Move leaves the battles in `game.turn.battles`. The attacker's orders
(`battles:`) give their order and, per battle, an order of loss, a retreat policy and
whether submarines submerge; what they leave out falls back on the power's standing
orders, and a choice nobody made stops the phase with a pending decision
(`answer_decision` applies the answer and fights on). A retreat policy `{}` means
"never retreat"; without one the attacker is asked after every round it could retreat.

Order of battles [L483-L487, L531]: every amphibious assault first, each sea battle in its
offload zone before its landing; then the other battles; each group in the order the
orders list them, then the unlisted ones in the order they were recorded. Each battle is
finished before the next starts. When all are done the list is cleared and the
ruleset moves on to the Noncombat Move.

The battle itself is `aa_ref.games.axis_allies.rules.battle`; hit assignment is `aa_ref.games.axis_allies.rules.casualties`.

Anniversary [@74378]: the strategic bombing step comes first, rockets (`rockets:`) then
the bombing raids (`aa_ref.games.axis_allies.rules.bombing`), before the amphibious assaults; an assault's
orders may name the ships that bombard (`bombard:`, see `aa_ref.games.axis_allies.rules.bombard`).
"""

from __future__ import annotations

from aa_ref.core.engine import Context, OrdersInput
from aa_ref.core.errors import Problem
from aa_ref.games.axis_allies.model.events import SetBattles, SetPending
from aa_ref.games.axis_allies.model.orders import BattleOrders, DecisionAnswer
from aa_ref.games.axis_allies.model.state import Battle, Decision
from aa_ref.games.axis_allies.rules import raids
from aa_ref.games.axis_allies.rules.battle import TAKES_HITS, Fight
from aa_ref.games.axis_allies.rules.naval import NAVAL_1941, NavalRules
from aa_ref.games.axis_allies.rules.board import Board
from aa_ref.games.axis_allies.rules.bombard import RULE as RULE_BOMBARD
from aa_ref.games.axis_allies.rules.bombard import check_bombard_orders
from aa_ref.games.axis_allies.rules.bombing import check_rockets, fire_rockets, resolve_raid
from aa_ref.games.axis_allies.rules.scramble import fly_back
from aa_ref.games.axis_allies.rules.stranded import answer_landing, check_landing_answer, resolve_stranded

RULE_ORDER = "AA1941 Conduct Combat [L483-L487, L531]"
RULE_RETREAT = "AA1941 retreat [L519, L637]"
STAY = "stay"


# --- orders ---------------------------------------------------------------------
def check_battle_orders(board: Board, given: OrdersInput) -> list[Problem]:
    """Each entry names a battle of this turn once; known unit types; a retreat to a space the
    attack came from, next to the battle [L519, L637]; submerging only at sea."""
    problems: list[Problem] = check_rockets(board, given)
    battles: dict[str, Battle] = {}
    for b in board.game.turn.battles:
        if b.status != "done" and (b.space not in battles or battles[b.space].kind == "bombing"):
            battles[b.space] = b  # a battle and a raid in one space: the orders are the battle's
    seen: set[str] = set()
    for i, order in enumerate(given.model.battles or []):
        space = board.setup.space_names.get(order.at)
        if space is None:
            problems.append(given.problem(board.setup.space_names.unknown_message(order.at), ("battles", i, "at")))
            continue
        battle = battles.get(space)
        if battle is None:
            listed = ", ".join(battles) or "none"
            problems.append(given.problem(f"there is no battle in {space} to fight (battles: {listed})",
                                          ("battles", i, "at"), RULE_ORDER))
            continue
        if space in seen:
            problems.append(given.problem(f"{space} is listed twice", ("battles", i, "at")))
        seen.add(space)
        for j, unit in enumerate(order.casualties or []):
            if unit not in board.setup.unit_names:
                problems.append(given.problem(board.setup.unit_names.unknown_message(unit), ("battles", i, "casualties", j)))
        if order.retreat and order.retreat.to is not None:
            problems += _check_retreat_to(board, given, battle, order.retreat.to, i)
        if order.submerge is not None and battle.kind != "sea":
            problems.append(given.problem(f"{space} is a {battle.kind} battle: only submarines at sea submerge",
                                          ("battles", i, "submerge"), "AA1941 submerge [L559-L565]"))
        if order.bombard is not None:
            problems += _check_bombard(board, given, battle, order.bombard, i)
        if battle.kind == "bombing" and raids.installation_raids(board):  # Global 1940 [G40 L791-L829]
            problems += _check_installation_raid_orders(board, given, order, battle, i)
        else:
            if battle.kind == "bombing":
                problems += _check_raid_orders(given, order, i)
            if order.targets is not None:
                problems += _check_targets_elsewhere(board, given, order, space, i)
    return problems


def _check_bombard(board: Board, given: OrdersInput, battle: Battle, written: dict[str, int], i: int) -> list[Problem]:
    wanted: dict[str, int] = {}
    for text, n in written.items():
        unit = board.setup.unit_names.get(text)
        if unit is None:
            return [given.problem(board.setup.unit_names.unknown_message(text), ("battles", i, "bombard", text))]
        wanted[unit] = wanted.get(unit, 0) + n
    why = check_bombard_orders(board, battle, wanted)
    return [given.problem(why, ("battles", i, "bombard"), RULE_BOMBARD)] if why else []


def _check_raid_orders(given: OrdersInput, order: BattleOrders, i: int) -> list[Problem]:
    """A raid has no choices: its bombers are its only losses and it has no rounds to retreat from [@75039]."""
    rule = "Anniversary strategic bombing raid [@75039]"
    problems = []
    if order.casualties:
        problems.append(given.problem(f"{order.at} is a strategic bombing raid: AA fire destroys bombers, there is "
                                      "no order of loss to give", ("battles", i, "casualties"), rule))
    if order.retreat is not None and order.retreat.model_dump(exclude_none=True):
        problems.append(given.problem(f"{order.at} is a strategic bombing raid: it has no rounds to retreat from",
                                      ("battles", i, "retreat"), rule))
    return problems


def _check_installation_raid_orders(board: Board, given: OrdersInput, order: BattleOrders, battle: Battle,
                                    i: int) -> list[Problem]:
    """Global 1940: the attacker chooses its losses in a raid (an order of loss may be given) and
    its bombers' targets; a raid has no rounds to retreat from [G40 L809-L823]."""
    problems = []
    if order.retreat is not None and order.retreat.model_dump(exclude_none=True):
        problems.append(given.problem(f"{order.at} is a bombing raid: it has no rounds to retreat from",
                                      ("battles", i, "retreat"), raids.RULE_RAID))
    if order.targets is not None:
        problems += raids.check_targets(board, given, battle, order.targets, i)
    return problems


def _check_targets_elsewhere(board: Board, given: OrdersInput, order: BattleOrders, space: str,
                             i: int) -> list[Problem]:
    """`targets` on a battle's entry: for the raid on installations in the same space, if any."""
    raid = next((b for b in board.game.turn.battles if b.kind == "bombing" and b.space == space
                 and b.status != "done"), None)
    if raid is None or not raids.installation_raids(board):
        rule = raids.RULE_RAID if raids.installation_raids(board) else None
        return [given.problem(f"{space} has no bombing raid on installations: there are no targets to assign",
                              ("battles", i, "targets"), rule)]
    return raids.check_targets(board, given, raid, order.targets or {}, i)


def _check_retreat_to(board: Board, given: OrdersInput, battle: Battle, to: str, i: int) -> list[Problem]:
    place = board.setup.space_names.get(to)
    loc = ("battles", i, "retreat", "to")
    if place is None:
        return [given.problem(board.setup.space_names.unknown_message(to), loc)]
    if place not in battle.came_from or not board.adjacent(battle.space, place):
        came = ", ".join(p for p in battle.came_from if board.adjacent(battle.space, p)) or "none"
        return [given.problem(f"cannot retreat from {battle.space} to {place}: units retreat only to a space next "
                              f"to the battle from which the attack came ({came})", loc, RULE_RETREAT)]
    return []


def conduct_combat(ctx: Context, given: OrdersInput, naval: NavalRules = NAVAL_1941) -> None:
    """Attach the attacker's orders to their battles, put the battles in order and fight them
    (with the edition's `naval` rules)."""
    names = ctx.setup.space_names
    orders = {names.get(o.at): o for o in given.model.battles or []}
    battles = [_with_orders(ctx, b, orders.get(b.space)) for b in ctx.game.turn.battles]
    ordered = battle_order(battles, list(orders))
    if given.model.rockets:
        fire_rockets(ctx, given.model.power, given.model.rockets)
    ctx.emit(SetBattles(battles=ordered))
    if ordered:
        ctx.note("Battles, in order: " + ", ".join(
            f"{b.space} (bombing raid)" if b.kind == "bombing" else b.space for b in ordered))
    run_battles(ctx, naval)


def _with_orders(ctx: Context, battle: Battle, order: BattleOrders | None) -> Battle:
    """The battle carrying its orders (names made canonical), kept for every later resumption."""
    if order is None:
        return battle.model_copy(deep=True)
    retreat = order.retreat
    if retreat is not None and retreat.to is not None:
        retreat = retreat.model_copy(update={"to": ctx.setup.space_names.get(retreat.to)})
    loss = [ctx.setup.unit_names.get(u) for u in order.casualties] if order.casualties is not None else None
    ships = None
    if order.bombard is not None:
        ships = {}
        for text, n in order.bombard.items():
            unit = ctx.setup.unit_names.get(text)
            ships[unit] = ships.get(unit, 0) + n
    update = {"order_of_loss": loss, "retreat": retreat, "submerge": order.submerge, "bombard": ships}
    if battle.kind == "bombing" and order.targets is not None:  # Global 1940 raids [G40 L819]
        update["targets"] = {k: dict(v) for k, v in order.targets.items()}
    return battle.model_copy(deep=True, update=update)


def battle_order(battles: list[Battle], listed: list[str]) -> list[Battle]:
    """Strategic bombing raids first [@74378], then amphibious assaults, each sea battle before its
    landing, then the rest [L483-L487]; within each group the listed order, then the recorded order [L531]."""
    rank = {space: i for i, space in enumerate(listed)}
    pool = sorted(battles, key=lambda b: rank.get(b.space, len(rank)))
    by_space = {b.space: b for b in battles if b.kind != "bombing"}
    out: list[Battle] = [b for b in pool if b.kind == "bombing"]
    for battle in pool:
        if battle.kind == "land" and battle.amphibious_from:
            for zone in battle.amphibious_from:
                sea = by_space.get(zone)
                if sea is not None and sea.kind == "sea" and sea not in out:
                    out.append(sea)
            out.append(battle)
    return out + [b for b in pool if b not in out]


def run_battles(ctx: Context, naval: NavalRules = NAVAL_1941) -> None:
    """Fight the battles in order until one needs a decision, or clear them when all are done."""
    for i in range(len(ctx.game.turn.battles)):
        battle = ctx.game.turn.battles[i]
        if battle.status == "done":
            continue
        if battle.kind == "bombing":
            _store(ctx, i, resolve_raid(ctx, battle))
            continue
        fight = Fight(Board(ctx.setup, ctx.game), battle.model_copy(deep=True), ctx, naval)
        decision = fight.run()
        _store(ctx, i, fight.battle)
        if decision is not None:
            ctx.emit(SetPending(pending=[decision]))
            return
    fly_back(ctx)  # Global 1940: scrambled air units return to their bases first [G40 L708]
    decision = resolve_stranded(ctx)
    if decision is not None:
        ctx.emit(SetPending(pending=[decision]))
        return
    ctx.emit(SetBattles(battles=[]))


def _store(ctx: Context, index: int, battle: Battle) -> None:
    battles = [b.model_copy(deep=True) for b in ctx.game.turn.battles]
    battles[index] = battle
    ctx.emit(SetBattles(battles=battles))


# --- decisions --------------------------------------------------------------------
def _waiting(board: Board, answer: DecisionAnswer) -> tuple[Decision, int, Battle]:
    """The decision the answer is for, and the battle (and its index) that waits for it."""
    decision = next(d for d in board.game.pending if d.power == answer.power)
    for i, battle in enumerate(board.game.turn.battles):
        if battle.space == decision.space and battle.status == "fighting" and battle.kind != "bombing":
            return decision, i, battle
    raise AssertionError(f"a decision waits in {decision.space} but no battle is being fought there")


def check_decision(board: Board, given: OrdersInput, naval: NavalRules = NAVAL_1941) -> list[Problem]:
    """The answer is for the waiting decision and is a legal choice."""
    answer: DecisionAnswer = given.model
    decision = next(d for d in board.game.pending if d.power == answer.power)
    if decision.kind == "landing":
        return check_landing_answer(board, given, decision)
    _, _, battle = _waiting(board, answer)
    space = board.setup.space_names.get(answer.space)
    if space != decision.space:
        return [given.problem(f"the decision waiting from {answer.power} is about {decision.space}, not {answer.space}",
                              ("space",))]
    problems = [given.problem(f"'{name}' does not answer a {decision.kind} decision; give '{decision.kind}'", (name,))
                for name in ("casualties", "retreat", "submerge", "land_at")
                if name != decision.kind and getattr(answer, name) is not None]
    if getattr(answer, decision.kind) is None:
        problems.append(given.problem(f"a {decision.kind} decision needs '{decision.kind}'", ()))
    if problems:
        return problems
    fight = Fight(board, battle, naval=naval)
    if decision.kind == "casualties":
        return _check_casualties(board, given, fight)
    if decision.kind == "retreat":
        options = fight.retreat_options()
        choice = answer.retreat if answer.retreat.casefold() == STAY else board.setup.space_names.get(answer.retreat)
        if choice != STAY and choice not in options:
            return [given.problem(f"cannot retreat to {answer.retreat}: answer one of {', '.join(options)} or 'stay'",
                                  ("retreat",), RULE_RETREAT)]
    return []


def _check_casualties(board: Board, given: OrdersInput, fight: Fight) -> list[Problem]:
    selection = {}
    problems = []
    for unit, n in given.model.casualties.items():
        name = board.setup.unit_names.get(unit)
        if name is None:
            problems.append(given.problem(board.setup.unit_names.unknown_message(unit), ("casualties", unit)))
        elif n:
            selection[name] = selection.get(name, 0) + n
    if problems:
        return problems
    side = TAKES_HITS[fight.battle.step]
    why = fight.rules.problem(selection, fight.targets(side), fight.volley(side))
    return [given.problem(why, ("casualties",), "AA1941 casualties [L571-L603]")] if why else []


def answer_decision(ctx: Context, given: OrdersInput, naval: NavalRules = NAVAL_1941) -> None:
    """Apply a checked answer to the waiting battle, then fight on."""
    answer: DecisionAnswer = given.model
    board = Board(ctx.setup, ctx.game)
    waiting = next(d for d in board.game.pending if d.power == answer.power)
    if waiting.kind == "landing":
        ctx.emit(SetPending(pending=[d for d in ctx.game.pending if d is not waiting]))
        answer_landing(ctx, given, waiting)
        run_battles(ctx, naval)
        return
    decision, index, battle = _waiting(board, answer)
    ctx.emit(SetPending(pending=[d for d in ctx.game.pending if d is not decision]))
    fight = Fight(board, battle.model_copy(deep=True), ctx, naval)
    if decision.kind == "casualties":
        selection: dict[str, int] = {}
        for unit, n in answer.casualties.items():
            if n:
                name = ctx.setup.unit_names.get(unit)
                selection[name] = selection.get(name, 0) + n
        fight.take(selection, f"{answer.power}'s choice")
    elif decision.kind == "submerge":
        fight.declare(answer.power, answer.submerge)
    elif decision.kind == "retreat" and answer.retreat.casefold() == STAY:
        ctx.note(f"{battle.space}: {answer.power} stays" + (
            "" if fight.transports_only() else " and fights on"))
        fight.battle.step = "guard"
    else:
        fight.retreat(ctx.setup.space_names.get(answer.retreat))
    _store(ctx, index, fight.battle)
    run_battles(ctx, naval)
