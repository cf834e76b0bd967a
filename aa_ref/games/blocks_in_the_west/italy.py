"""Italy's surrender and the RSI (optional rules OR 36.0 and 36.1, option `italian_surrender`) [BW L2554-L2578].

"Non appena gli Alleati sbarcheranno in Italia (inclusa Sardegna e Sicilia), il Re Vittorio Emanuele III dimetterà
Mussolini: il giocatore Alleato lancerà 1 dado ... in ogni Fase Vittoria, se le precondizioni sussistono" [BW L2558].

- **The dismissal** (`victory_phase`): in each Victory phase while an Allied ground unit stands in Italy (its islands
  included), Mussolini is not yet dismissed and Italy is at war, the Allies roll 1 die; Mussolini is dismissed if it
  is lower than the number of Allied units (every kind) in Italy; with 7 or more no die is rolled [BW L2560]. He is
  moved face up to Campo Imperatore-Gran Sasso and, held there, takes no order and commands nothing.
- **The surrender**: from the next Victory phase on, Italy surrenders when every hex of Sicily, or every hex of
  Sardinia and Corsica, is Allied-controlled [BW L2562]: Italy is no power (its hexes stay the Axis's and their yellow
  PP go to Germany, `income_power`), its units leave the map but Mussolini, its PP are lost, and the Mediterranean
  ports are no Axis supply source (`sources_left`) [BW L2564-L2566].
- **36.1, the RSI**: after the surrender, Allied ground units reaching the Gran Sasso while Mussolini is there remove
  him (no RSI, ever); German ground units reaching it first take him to Salò (`watch`) [BW L2572-L2574]. The RSI is
  declared in the next Victory phase; the Liguria corps enters Milan at full strength in the next Axis Production
  phase; the RSI produces 1 yellow + 1 blue PP (Salò) for rebuilding and repairing Italian units eliminated before,
  and Germany may give it up to 3 PP a phase (`gift`), never the reverse [BW L2576-L2578].

docs/bitw-rulings.md, "OR 36.0 Italy's surrender and 36.1 the RSI", has the reading.
"""

from __future__ import annotations

from typing import Any

from aa_ref.core.dice import Volley
from aa_ref.games.blocks_in_the_west import rules
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.board import Board
from aa_ref.games.blocks_in_the_west.events import BlockMove, BlockUpdate, ColouredPoints, ItalyEvent, Points
from aa_ref.games.blocks_in_the_west.scenario import AIR, ItalianSurrender, Scenario
from aa_ref.games.blocks_in_the_west.state import Game

KEY = "italian_surrender"
AUTOMATIC = 7
"""With at least 7 Allied units in Italy the dismissal needs no die [BW L2560]."""
GIFT = 3
"""Germany gives the RSI at most 3 PP of any colour a phase [BW L2578]."""
COLOURS = ("yellow", "red", "blue", "white", "black")


def places(game: Game, scenario: Scenario) -> ItalianSurrender | None:
    """The scenario's OR 36.0 section, when the option is on (None: the rule is not in play)."""
    if scenario.italian_surrender is None or not rules.enabled(game, KEY):
        return None
    return scenario.italian_surrender


def italy_of(scenario: Scenario) -> str:
    """Italy: Mussolini's power."""
    return scenario.blocks[scenario.italian_surrender.mussolini].power  # type: ignore[union-attr]


def germany_of(scenario: Scenario, italy: str) -> str:
    """Germany: the first major power of Italy's side other than Italy (it takes Italy's hexes [BW L2564])."""
    side = scenario.powers[italy].side
    return next(p for p, x in scenario.powers.items() if x.side == side and x.major and p != italy)


def gone(game: Game, scenario: Scenario, power: str) -> bool:
    """Italy has surrendered by OR 36.0: it is no power any more and no longer surrenders by its capital [BW L2564]."""
    return bool(game.italy_surrendered) and places(game, scenario) is not None and power == italy_of(scenario)


def at_war(act: Act) -> bool:
    """Italy still fights: no armistice, no surrender by 36.0, its capital its side's [BW L2558]."""
    italy = italy_of(act.scenario)
    x = act.scenario.powers[italy]
    held = act.game.control.get(x.capital) if x.capital else x.side
    return italy not in act.game.armistices and not act.game.italy_surrendered and held == x.side


def allied_in_italy(act: Act) -> tuple[list[str], bool]:
    """The Allied units (every kind) standing in Italy's hexes, its islands included, and whether one is a ground
    unit (the landing that starts the roll) [BW L2558-L2560]."""
    italy = italy_of(act.scenario)
    enemy = "allies" if act.scenario.powers[italy].side == "axis" else "axis"
    found = sorted(b for b, s in act.game.blocks.items() if s.hex is not None
                   and act.scenario.hexes[s.hex].nation == italy
                   and act.scenario.powers[act.scenario.blocks[b].power].side == enemy)
    return found, any(act.scenario.blocks[b].unit not in AIR for b in found)


# --- the Victory phase ---------------------------------------------------------------------------------------------
def victory_phase(act: Act) -> None:
    """OR 36.0 / 36.1 in the Victory phase, before its surrender and victory tests: the RSI declared, Italy's
    surrender checked (from the phase after the dismissal), the dismissal rolled [BW L2558-L2576]."""
    it = places(act.game, act.scenario)
    if it is None:
        return
    _declare_rsi(act, it)
    if act.game.italy_dismissed and act.game.italy_dismissed < act.game.turn and at_war(act):
        _surrender_check(act, it)
    if not act.game.italy_dismissed and at_war(act):
        _dismissal(act, it)
    watch(act)


def _dismissal(act: Act, it: ItalianSurrender) -> None:
    """The King's roll: dismissed if the die is lower than the Allied units in Italy; 7 or more, no die [BW L2560]."""
    units, landed = allied_in_italy(act)
    if not landed:
        return  # no Allied ground unit in Italy: no roll [BW L2558]
    n = len(units)
    if n >= AUTOMATIC:
        act.note(f"{n} Allied units in Italy: Mussolini is dismissed without a die (7 or more) [BW L2560]")
    else:
        side = act.scenario.powers[italy_of(act.scenario)].side
        allies = Act(act.ctx, act.scenario, "allies" if side == "axis" else "axis")  # the Allied player rolls
        die = allies.roll("italian_surrender", 1, Volley(f"the King's dismissal of Mussolini, rolled by the Allied "
                                                         f"player: {n} Allied unit(s) in Italy",
                                                         ((f"dismissed on a die lower than {n}", 1),)))[0]
        if die >= n:
            act.note(f"the King keeps Mussolini: die {die}, not lower than the {n} Allied unit(s) in Italy [BW L2560]")
            return
        act.note(f"die {die}, lower than the {n} Allied unit(s) in Italy [BW L2560]")
    act.ctx.emit(ItalyEvent(stage="dismissed", turn=act.game.turn))
    state = act.game.blocks[it.mussolini]
    if state.hex is None:
        act.note("King Victor Emmanuel III dismisses Mussolini, who is no longer on the map [BW L2558-L2560]")
        return
    if state.hex != it.gran_sasso:
        act.ctx.emit(BlockMove(block=it.mussolini, path=[state.hex, it.gran_sasso]))
    act.ctx.emit(BlockUpdate(block=it.mussolini, revealed=True, out_of_supply=False,
                             reason="Mussolini dismissed, face up at Gran Sasso [BW L2560]"))
    act.note(f"King Victor Emmanuel III dismisses Mussolini: {it.mussolini} moved face up to Campo Imperatore-Gran "
             f"Sasso ({it.gran_sasso}) [BW L2558-L2560]")


def _surrender_check(act: Act, it: ItalianSurrender) -> None:
    """Sicily, or Sardinia and Corsica, wholly Allied-controlled: Italy surrenders [BW L2562-L2566]."""
    italy = italy_of(act.scenario)
    enemy = "allies" if act.scenario.powers[italy].side == "axis" else "axis"
    lost = [name for name, hexes in (("Sicily", it.sicily), ("Sardinia and Corsica", it.sardinia_corsica))
            if all(act.game.control.get(h) == enemy for h in hexes)]
    if not lost:
        return
    act.ctx.emit(ItalyEvent(stage="surrendered", turn=act.game.turn))
    removed = []
    for block_id, state in act.game.blocks.items():
        if act.scenario.blocks[block_id].power == italy and state.hex is not None and block_id != it.mussolini:
            act.ctx.emit(BlockMove(block=block_id, path=[state.hex, None]))
            act.ctx.emit(BlockUpdate(block=block_id, out_of_supply=False, revealed=False, moved=False, hits=0,
                                     reason=f"{italy} surrendered (OR 36.0) [BW L2564]"))
            removed.append(block_id)
    if act.game.pp.get(italy):
        act.ctx.emit(Points(power=italy, delta=-act.game.pp[italy], reason=f"{italy} surrendered (OR 36.0) [BW L2564]"))
    for colour, n in sorted(act.game.coloured_pp.get(italy, {}).items()):
        act.ctx.emit(ColouredPoints(power=italy, colour=colour, delta=-n,  # type: ignore[arg-type]
                                    reason=f"{italy} surrendered (OR 36.0) [BW L2564]"))
    germany = germany_of(act.scenario, italy)
    act.note(f"{' and '.join(lost)} held by the {enemy}: {italy} surrenders (OR 36.0) [BW L2562-L2566]; "
             f"{len(removed)} Italian unit(s) leave the map (Mussolini stays); its hexes pass to {germany}, which "
             "collects only their yellow PP; the Mediterranean ports are no Axis supply source")


def _declare_rsi(act: Act, it: ItalianSurrender) -> None:
    """36.1: the Victory phase after Mussolini reached Salò declares the RSI, its capital Salò [BW L2576]."""
    game = act.game
    if not game.mussolini_freed or game.rsi_declared or game.mussolini_captured:
        return
    act.ctx.emit(ItalyEvent(stage="rsi", turn=game.turn))
    act.note(f"the Italian Social Republic (RSI) is declared, its capital Salò ({it.salo}) [BW L2576]"
             + (f"; the Liguria corps enters Milan ({it.milan}) in the next Axis Production phase" if it.liguria else ""))


# --- 36.1 the race for the Gran Sasso --------------------------------------------------------------------------------
def watch(act: Act) -> None:
    """36.1 A/B, after every action and in the Victory phase: once Italy has surrendered, Allied ground units in the
    Gran Sasso with Mussolini remove him from the game (no RSI, ever); else German ground units there move him to
    Salò at once, if the Axis holds it free of enemy units [BW L2572-L2574]."""
    game = act.game
    it = places(game, act.scenario)
    if it is None or not game.italy_surrendered or game.mussolini_freed or game.mussolini_captured:
        return
    state = game.blocks[it.mussolini]
    if state.hex != it.gran_sasso:
        return
    board = Board(act.scenario, game)
    italy = italy_of(act.scenario)
    side = act.scenario.powers[italy].side
    enemy = board.enemy(side)  # type: ignore[arg-type]
    germany = germany_of(act.scenario, italy)
    allied = board.ground_at(it.gran_sasso, enemy)
    german = [b for b in board.ground_at(it.gran_sasso, side) if act.scenario.blocks[b].power == germany]  # type: ignore[arg-type]
    if allied:
        act.ctx.emit(ItalyEvent(stage="captured", turn=game.turn))
        act.ctx.emit(BlockMove(block=it.mussolini, path=[it.gran_sasso, None]))
        act.ctx.emit(BlockUpdate(block=it.mussolini, out_of_supply=False, revealed=False, moved=False, hits=0,
                                 reason="Mussolini taken by the Allies at Gran Sasso (OR 36.1 A) [BW L2572]"))
        act.note(f"{allied[0]} reaches Gran Sasso: Mussolini is removed from the game; the RSI will never be "
                 "created (OR 36.1 A) [BW L2572]")
    elif german and board.controller(it.salo) == side and not board.blocks_at(it.salo, enemy):  # type: ignore[arg-type]
        act.ctx.emit(ItalyEvent(stage="freed", turn=game.turn))
        act.ctx.emit(BlockMove(block=it.mussolini, path=[it.gran_sasso, it.salo]))
        act.note(f"{german[0]} reaches Gran Sasso: Mussolini is moved to Salò ({it.salo}); the RSI is declared in the "
                 "next Victory phase (OR 36.1 B) [BW L2574-L2576]")


# --- orders and production ---------------------------------------------------------------------------------------
def _named(action: Any) -> list[str]:
    """The blocks an order moves or activates by the player's will, or a leader's action names (not a hit priority,
    not an answer's hex)."""
    data = action.model_dump(by_alias=True)
    out: list[str] = []
    for key in ("move", "srm", "exploit", "blitz", "fly", "rebase", "activate", "command", "drop", "withdraw", "react"):
        value = data.get(key)
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, list):
            out += [v for v in value if isinstance(v, str)]
        elif isinstance(value, dict):
            out += list(value)
    out += [v for v in (data.get("actions") or {}).values() if isinstance(v, str)]  # a leader's action on a block
    out += [b for v in (data.get("actions") or {}).values() if isinstance(v, list) for b in v]  # Casablanca [BW L2052]
    return out


def check_action(act: Act, action: Any) -> None:
    """A dismissed Mussolini is held at Gran Sasso: no order moves him and he commands nothing [BW L2560]; Italy
    surrendered by OR 36.0 asks for no armistice [BW L2564]."""
    it = places(act.game, act.scenario)
    if it is None:
        return
    asked = getattr(action, "armistice", None)
    if isinstance(asked, str) and asked.lower() == italy_of(act.scenario):
        act.require(not act.game.italy_surrendered, "Italy has already surrendered (OR 36.0): it is no power any more "
                    "and asks for no armistice", "L2564", "armistice")
    if not act.game.italy_dismissed:
        return
    names = {act.scenario.block_names.get(n) or n for n in _named(action)}
    act.require(it.mussolini not in names, f"{it.mussolini} is Mussolini, dismissed by the King: he is held (at Gran "
                "Sasso until German units free him) and takes no order, moves only as OR 36.1 moves him and commands "
                "nothing (OR 36.0)", "L2560", "actions")


def check_place(act: Act, block_id: str) -> None:
    """Placing an Italian block: after Italy's surrender only as the RSI's rebuild of a unit eliminated before (no
    reinforcement arrives, nothing before the RSI is declared); the Liguria corps enters only by the RSI; Mussolini
    removed by the Allies never returns [BW L2564], [BW L2572-L2578]."""
    it = places(act.game, act.scenario)
    if it is None:
        return
    game = act.game
    act.require(not (block_id == it.liguria and not game.rsi_liguria), f"{block_id} is the Liguria corps: it enters "
                "only in Milan, at full strength, in the Axis Production phase after the RSI is declared (OR 36.1)",
                "L2576", "place")
    act.require(not (block_id == it.mussolini and game.mussolini_captured), f"{block_id} is Mussolini, removed from "
                "the game by the Allies at Gran Sasso (OR 36.1 A)", "L2572", "place")
    if not game.italy_surrendered or act.scenario.blocks[block_id].power != italy_of(act.scenario):
        return
    act.require(bool(game.rsi_declared), f"Italy has surrendered (OR 36.0) and no RSI is declared: Italian units are "
                f"no longer built ({block_id})", "L2564", "place")
    due = next((n for n, turn in enumerate(act.scenario.turns, start=1) if block_id in turn.reinforcements), None)
    act.require(due is None or due < game.turn, f"{block_id} is an Italian reinforcement due in turn {due}: after "
                "Italy's surrender the RSI only rebuilds Italian units eliminated before (OR 36.1)", "L2578", "place")


def production_phase(act: Act) -> None:
    """The Axis Production phase under the RSI: its 1 yellow + 1 blue PP made abstractly in Salò (blue only with AR
    11.0), while the Axis holds Salò; the Liguria corps placed at full strength in Milan, once, in the first such
    phase after the declaration in which the Axis holds Milan free of enemy units [BW L2576-L2578]."""
    it = places(act.game, act.scenario)
    game = act.game
    if it is None or not game.rsi_declared:
        return
    italy = italy_of(act.scenario)
    side = act.scenario.powers[italy].side
    if act.side != side:
        return
    board = act.board()
    enemy = board.enemy(side)  # type: ignore[arg-type]
    if board.controller(it.salo) == side:
        act.ctx.emit(Points(power=italy, delta=1, reason="the RSI's production in Salò (OR 36.1) [BW L2578]"))
        if rules.enabled(game, "advanced_production"):
            act.ctx.emit(ColouredPoints(power=italy, colour="blue", delta=1,
                                        reason="the RSI's production in Salò (OR 36.1) [BW L2578]"))
        act.note("the RSI produces " + ("1 yellow and 1 blue PP" if rules.enabled(game, "advanced_production")
                                        else "1 PP (no blue PP without advanced_production)") + " in Salò [BW L2578]")
    else:
        act.note(f"Salò ({it.salo}) is not the {side}': the RSI produces nothing [BW L2578]")
    if it.liguria is None or it.milan is None or game.rsi_liguria:
        return
    corps = game.blocks[it.liguria]
    if corps.hex is not None:
        return
    if board.controller(it.milan) != side or board.blocks_at(it.milan, enemy):
        act.note(f"Milan ({it.milan}) is not held by the {side}: the Liguria corps waits [BW L2576]")
        return
    act.ctx.emit(ItalyEvent(stage="liguria", turn=game.turn))
    act.ctx.emit(BlockMove(block=it.liguria, path=[None, it.milan]))
    act.ctx.emit(BlockUpdate(block=it.liguria, strength=act.scenario.blocks[it.liguria].steps[0].value,
                             out_of_supply=False, moved=False, hits=0,
                             revealed=game.options.get("fog_of_war") == "off", reason="the RSI's Liguria corps [BW L2576]"))
    act.note(f"the Liguria corps {it.liguria} enters Milan ({it.milan}) at full strength (OR 36.1) [BW L2576]")


def gift(act: Act, order: Any) -> None:
    """`rsi_gift: {COLOUR: n}`: Germany gives the RSI up to 3 PP of any colour in a Production phase, never the
    reverse [BW L2578]."""
    game = act.game
    it = places(game, act.scenario)
    act.require(it is not None, "the RSI is an optional rule: italian_surrender is off, or the scenario names no "
                "italian_surrender section (OR 36.1)", "L2570-L2578", "rsi_gift")
    act.require(bool(game.rsi_declared), "no RSI is declared: Germany gives PP only to the Italian Social Republic "
                "(OR 36.1)", "L2576-L2578", "rsi_gift")
    italy = italy_of(act.scenario)
    germany = germany_of(act.scenario, italy)
    act.require(act.scenario.powers[germany].side == act.side, "only Germany gives PP to the RSI, never the reverse "
                "(OR 36.1)", "L2578", "rsi_gift")
    act.require(all(n >= 0 for n in order.rsi_gift.values()), "a gift is of PP given: Germany gives the RSI, "
                "never the reverse (OR 36.1)", "L2578", "rsi_gift")
    amounts = {c: n for c, n in order.rsi_gift.items() if n}
    act.require(bool(amounts), "the gift names no PP", "L2578", "rsi_gift")
    coloured = [c for c in amounts if c != "yellow"]
    act.require(not coloured or rules.enabled(game, "advanced_production"), f"{', '.join(coloured)} PP exist only "
                "with advanced_production (AR 11.0): without it every PP is yellow", "L600", "rsi_gift")
    given = game.rsi_gift if game.rsi_gift_turn == game.turn else 0
    total = sum(amounts.values())
    act.require(given + total <= GIFT, f"Germany may give the RSI at most {GIFT} PP a phase: {total} more after "
                f"{given} already given this phase is {given + total} (OR 36.1)", "L2578", "rsi_gift")
    for colour, n in amounts.items():
        if colour == "yellow":
            act.pay(germany, n, "the gift to the RSI", "L2578")
            act.ctx.emit(Points(power=italy, delta=n, reason=f"{germany}'s gift to the RSI [BW L2578]"))
        else:
            held = game.coloured_pp.get(germany, {}).get(colour, 0)
            act.require(held >= n, f"the gift of {n} {colour} PP, but {germany} has {held}", "L2578", "rsi_gift")
            act.ctx.emit(ColouredPoints(power=germany, colour=colour, delta=-n, reason="the gift to the RSI [BW L2578]"))  # type: ignore[arg-type]
            act.ctx.emit(ColouredPoints(power=italy, colour=colour, delta=n,  # type: ignore[arg-type]
                                        reason=f"{germany}'s gift to the RSI [BW L2578]"))
    act.ctx.emit(ItalyEvent(stage="gift", turn=game.turn, amount=total))
    act.note(f"{germany} gives the RSI " + ", ".join(f"{n} {c}" for c, n in amounts.items()) + " PP [BW L2578]")


def income_power(game: Game, scenario: Scenario, nation: str | None, power: str | None, colour: str) -> str | None:
    """Who collects a centre's PP: after Italy's surrender, Germany takes the yellow PP of Italy's hexes its side holds,
    not their red, blue, white or black ones [BW L2564]; otherwise `power` unchanged."""
    if power is None or not gone(game, scenario, power) or nation != power:
        return power
    return germany_of(scenario, power) if colour == "yellow" else None


def supplier(game: Game, scenario: Scenario, power: str) -> str:
    """Whose sources a block of `power` traces to: after Italy's surrender (it is no power) Italian blocks, Mussolini
    and the RSI's, trace to Germany's (docs/bitw-rulings.md)."""
    return germany_of(scenario, power) if gone(game, scenario, power) else power


def sources_left(board: Board, power: str, found: set[str]) -> set[str]:
    """After Italy's surrender no Mediterranean port is an Axis supply source, on the rail network or by a sea line
    [BW L2566]; a railway still runs through it."""
    game, scenario = board.game, board.scenario
    if not game.italy_surrendered or places(game, scenario) is None:
        return found
    if scenario.powers[power].side != scenario.powers[italy_of(scenario)].side:
        return found
    return {h for h in found if not (scenario.hexes[h].mediterranean and scenario.hexes[h].port is not None)}


# --- fog of war -------------------------------------------------------------------------------------------------
def face_up(scenario: Scenario, game: Game, block_id: str) -> bool:
    """A dismissed Mussolini stays face up: both sides see him ("mosso faccia in su") [BW L2560]."""
    it = scenario.italian_surrender
    return bool(game.italy_dismissed) and it is not None and block_id == it.mussolini


def public(game: Game) -> dict[str, int]:
    """What both sides see of OR 36.0 / 36.1: each event that happened, with its turn (not the gifts: PP are
    hidden) [BW L2554-L2578]."""
    seen = {"dismissed": game.italy_dismissed, "surrendered": game.italy_surrendered, "freed": game.mussolini_freed,
            "captured": game.mussolini_captured, "rsi": game.rsi_declared, "liguria": game.rsi_liguria}
    return {k: v for k, v in seen.items() if v}
