"""`aa-ref template`: the skeleton of the orders or decision the game waits for.

The legal choices are listed as comments. Where passing is legal the skeleton, applied
unchanged, is that pass (buy nothing, move nothing, fight with standing orders).
"""

from __future__ import annotations

import json

from aa_ref.games.axis_allies.model.setup import Setup, UnitCounts
from aa_ref.games.axis_allies.model.state import Decision, Game
from aa_ref.games.axis_allies.rules import china, steps
from aa_ref.games.axis_allies.rules.battle import TAKES_HITS, Fight
from aa_ref.games.axis_allies.rules.board import Board
from aa_ref.games.axis_allies.rules.economies import economy_of
from aa_ref.games.axis_allies.rules.income import income
from aa_ref.games.axis_allies.rules.mobilize import capacity, eligible_complexes
from aa_ref.games.axis_allies.rules.reach import Check, reach
from aa_ref.games.axis_allies.rules.stranded import find_stranded, landing_options


def _name(text: str) -> str:
    """A YAML scalar for a name (quoted only when it needs to be)."""
    plain = text.replace(" ", "").replace("-", "").replace(".", "").replace("/", "")
    return text if plain.isalnum() and not text[0].isdigit() else json.dumps(text)


def _counts(units: UnitCounts) -> str:
    return "{" + ", ".join(f"{u}: {n}" for u, n in units.items()) + "}"


def _header(kind: str, setup: Setup, game: Game, power: str) -> list[str]:
    lines = [f"kind: {kind}", "schema_version: 1", f"game: {setup.id}",
             f"round: {game.round}", f"power: {_name(power)}"]
    if kind == "orders":
        lines.append(f"phase: {game.phase}")
    lines.append(f"based_on: {game.log.head}  # the state these orders are written against")
    return lines


def template(setup: Setup, game: Game, check: Check | None = None) -> str:
    """The YAML text of the next document the game needs."""
    if game.winner:
        return f"# The game is over: the {game.winner} have won. Nothing more to order.\n"
    if game.pending:
        return decision_template(setup, game)
    board = Board(setup, game)
    lines = _header("orders", setup, game, game.power)
    if game.draft is not None:
        return "\n".join(lines + _draft(board, game)) + "\n"
    phase_lines = {
        "research": _research,
        "purchase": _purchase,
        "combat_move": _moves,
        "noncombat_move": _moves,
        "conduct_combat": _battles,
        "mobilize": _place,
    }[game.phase](board, game.power)
    if check is not None and game.phase in ("combat_move", "noncombat_move"):
        phase_lines = _with_destinations(board, game.power, phase_lines, check)
    else:  # no judge of moves given: no destinations
        phase_lines = [line for line in phase_lines if not line.startswith("#     (")]
    return "\n".join(lines + phase_lines) + "\n"


def _draft(board: Board, game: Game) -> list[str]:
    """A phase entered move by move: the moves entered so far, how to add more and how to end it (as it stands,
    the template ends the phase)."""
    phase = game.phase.replace("_", " ")
    entered = steps.planned(game)
    lines = [f"# The {phase} is being entered move by move (README \"A phase entered move by move\"); "
             f"{len(entered)} move(s) entered so far, made when the phase ends:"]
    lines += [f"#   {i}. {steps.move_text(m)}  (log entry {m['entry']})" for i, m in enumerate(entered, start=1)]
    lines += ["# To add moves, write 'step: true' in place of 'end: true' and list them under 'moves:' (or run",
              "# 'aa-ref move GAME --units \"3 infantry\" --from A --to B'); 'aa-ref undo' takes back the last step.",
              "# As it stands this document ends the phase ('aa-ref end-phase GAME' does the same): the phase's",
              "# checks run on every move entered (landings, where the Combat Move ends) and the moves are made.",
              "end: true"]
    lines += [line for line in _moves(board, game.power) if line.startswith("#")]
    lines.append("moves: []")
    return lines


def _research(board: Board, power: str) -> list[str]:
    state = board.game.powers[power]
    lines = [f"# {power} has {state.treasury} IPCs and {state.researchers} researcher(s) kept from earlier turns.",
             "# Researchers cost 5 IPCs each; one die per researcher, any 6 is a breakthrough, rolled on the chart",
             "# you name (needed whenever you hold researchers). Technologies (x = held):"]
    for chart in (1, 2):
        techs = sorted((t.roll, tid, t) for tid, t in board.setup.technologies.items() if t.chart == chart)
        lines.append(f"#   chart {chart}: " + ", ".join(
            f"{roll} {t.name}{' (x)' if board.has_tech(power, tid) else ''}" for roll, tid, t in techs))
    economies = board.game.powers[power].economies
    if economies:  # Global 1940 UK: each die is paid by one economy [G40 L1669]
        lines.append("# Say which economy pays each die: paid_by: {"
                     + ", ".join(f"{e}: 0" for e in economies) + "} ("
                     + ", ".join(f"{e} {n} IPCs" for e, n in economies.items()) + ")")
    if not state.researchers:
        lines.append("research: {researchers: 0}")
        return lines
    # Kept researchers roll every turn, bought or not [@53543]: there is no pass without a chart,
    # so the skeleton names the first chart with a technology still to develop [@54822].
    open_charts = [c for c in (1, 2) if any(t.chart == c and not board.has_tech(power, tid)
                                            for tid, t in board.setup.technologies.items())]
    chart = open_charts[0] if open_charts else 1
    lines.append(f"# The {state.researchers} kept researcher(s) roll this turn whatever you buy [@53543]; on a 6 the "
                 f"chart named develops [@54822]. Unchanged, this buys none and rolls them on chart {chart}"
                 + (f" (or 'chart: {3 - chart}')." if len(open_charts) == 2 else "."))
    lines.append(f"research: {{researchers: 0, chart: {chart}}}")
    return lines


def _purchase(board: Board, power: str) -> list[str]:
    treasury = board.game.powers[power].treasury
    lines = [f"# {power} has {treasury} IPCs (income {income(board, power)}). Unit costs:"]
    for name in board.setup.unit_types:
        unit = board.profile(power, name)
        if unit.installation:
            lines.append(f"#   {name}: {unit.cost}")
        else:
            lines.append(f"#   {name}: {unit.cost}  (attack {unit.attack}, defense {unit.defense}, move {unit.movement})")
    lines.append("# Write the units to buy, e.g. {infantry: 2, tank: 1}; {} buys nothing.")
    damaged = {s: st.damage for s, st in board.game.spaces.items() if st.damage and st.owner == power}
    if damaged:
        lines.append("# Damaged industrial complexes (markers): " + _counts(damaged)
                     + "; 'repair: {territory: markers}' removes them at 1 IPC each.")
    installed = {f"{u.replace('_', ' ')} in {s}": d for s, st in board.game.spaces.items() if st.owner == power
                 for u, d in st.installations.items() if d}
    if installed:  # Global 1940 [G40 L550], [G40 L1207]
        lines.append("# Damaged installations (markers): " + _counts(installed)
                     + "; 'repair: {<installation> in <territory>: markers}' removes them at 1 IPC each.")
    if any(u.installation_kind for u in board.setup.unit_types.values()):
        lines.append("# 'upgrade: [territory]' upgrades a minor industrial complex to a major one for 20 IPCs.")
    economies = board.game.powers[power].economies
    if economies:  # Global 1940 UK: each economy buys and repairs apart [G40 L1673]
        lines.append("# Each economy buys from its own treasury: "
                     + ", ".join(f"{e} {n} IPCs" for e, n in economies.items()))
        lines.append("economies:")
        lines += [f"  {e}: {{purchase: {{}}}}" for e in economies]
        return lines
    lines.append("purchase: {}")
    return lines


def _moves(board: Board, power: str) -> list[str]:
    phase = board.game.phase
    used = steps.taken(board, board.game)  # a phase entered move by move: the units its moves take
    lines = [f"# {power}'s units that can still move ({phase.replace('_', ' ')}):"]
    for space in sorted(board.game.spaces):
        for force in board.forces(space, power):
            if force.done:
                continue
            # After a battle only the air units of the force may still move (to land).
            air_only = phase == "noncombat_move" and force.combat
            gone = used.get((space, force.marks()), {})
            movable = {u: n - gone.get(u, 0) for u, n in force.units.items()
                       if _may_move(board, u, phase) and not (air_only and board.domain(u) != "air")
                       and n > gone.get(u, 0)}
            if not movable and (air_only or not force.cargo):
                continue
            left = ", ".join(f"{n} {u} (move {board.profile(power, u).movement - force.moved})"
                             for u, n in movable.items())
            cargo = f" carrying {force.cargo}" if force.cargo else ""
            lines.append(f"#   {space}: {left}{cargo}")
            lines += [f"#     ({space}) {unit}" for unit in movable]  # filled in by _with_destinations
    lines.append("# One entry per group moving together, e.g.")
    lines.append("#   - {units: {tank: 2}, from: Ukraine, to: Caucasus}")
    lines.append("#   - {units: {transport: 1}, from: SZ 5, to: SZ 7, load: [{units: {infantry: 2}, from: Germany}], unload: Western Europe}")
    if phase == "combat_move" and any(t.installation for t in board.setup.unit_types.values()):
        lines.append("#   - {units: {bomber: 1}, from: Germany, to: United Kingdom, bombing: true}  (strategic bombing raid)")
    if phase == "combat_move" and board.has_tech(power, "paratroopers"):
        lines.append("#   - {units: {bomber: 1}, from: Germany, to: Karelia S.S.R., paratroopers: 1}  "
                     "(Paratroopers: one infantry per bomber from its start)")
    if phase == "combat_move" and board.has_tech(power, "g40_paratroopers"):  # Global 1940 [G40 L1826]
        lines.append("#   - {units: {infantry: 2}, from: Western Germany, via: [Holland Belgium], to: Normandy Bordeaux, "
                     "airborne: true}  (Paratroopers: 2 infantry from an air base territory, with another land attack)")
    if phase == "combat_move":
        bombard = any(t.bombard for t in board.setup.unit_types.values())
        lines.append("# ignore: [SZ 5] lists zones your amphibious assaults come from whose enemy units are only submarines")
        lines.append("#   and/or transports: no sea battle there" + (", so your battleships and cruisers may bombard" if bombard
                                                                  else "") + " (default: you attack them).")
    lines.append("# [] moves nothing.")
    lines.append("moves: []")
    return lines


TEMPLATE_CHECKS, TEMPLATE_SHOWN = 6, 4
"""Per space and unit kind, the template checks at most this many destinations (the likeliest first) and shows at most
this many: `aa-ref where` lists them all."""


def _with_destinations(board: Board, power: str, lines: list[str], check: Check) -> list[str]:
    """The placeholder lines `#     (space) unit` of `_moves` replaced by where one such unit can go: the ruleset's
    own check accepts each destination shown (`reach`), nearest first with its cost, or dropped when none is found."""
    out = []
    for line in lines:
        if not line.startswith("#     ("):
            out.append(line)
            continue
        space, unit = line[len("#     ("):].split(") ", 1)
        found = reach(board, check, power, space, {unit: 1}, board.game.phase, TEMPLATE_CHECKS, TEMPLATE_SHOWN)
        if not found.destinations:
            continue
        shown = ", ".join(f"{d.space} {d.cost}" for d in found.destinations)
        out.append(f"#     {unit} can go to {shown}{'' if found.complete else ', ...'}")
    if any(line.endswith(", ...") for line in out):
        out.insert(out.index("# One entry per group moving together, e.g."),
                   "# (cost in spaces; '...': not all checked here, 'aa-ref where GAME SPACE --units UNIT' lists all)")
    return out


def _battles(board: Board, power: str) -> list[str]:
    lines = ["# Battles to fight, in the order listed (amphibious assaults are always fought first).",
             "# Per battle: casualties (order of loss), retreat {to, after_round | below}, submerge.",
             "# Choices left out use the standing orders; a choice nobody made stops for a decision.",
             _retreat_default(board, power),
             "#   'retreat: {}' fights to the end without asking, e.g. - {at: Ukraine, retreat: {}};",
             "#   'retreat: {after_round: 2}' or 'retreat: {below: 3, to: Ukraine}' retreats by itself (rulings #16).",
             "battles:"]
    for battle in board.game.turn.battles:
        if battle.status == "done":
            continue
        enemy = board.enemy_units(battle.space, power)
        lines.append(f"  - at: {_name(battle.space)}  # {battle.kind} battle; defenders {_counts(enemy) if enemy else 'none'}")
    if lines[-1] == "battles:":
        lines[-1] = "battles: []"
    if board.has_tech(power, "rockets"):
        lines.append("# Rockets: each AA gun territory may fire at one enemy industrial complex within 3 spaces, e.g.")
        lines.append("# rockets: [{from: Germany, at: United Kingdom}]")
    if board.has_tech(power, "g40_rockets"):  # Global 1940 [G40 L1824]
        lines.append("# Rockets: each operational air base may fire at one enemy installation within 4 spaces, e.g.")
        lines.append("# rockets: [{from: Western Germany, at: United Kingdom, target: air base}]")
    return lines


def _retreat_default(board: Board, power: str) -> str:
    """What a battle without `retreat:` does: the standing retreat order, else a question after every round."""
    if board.game.powers[power].standing.retreat is not None:
        return "# Retreat: without 'retreat:' your standing retreat order applies."
    return "# Retreat: without 'retreat:' the game stops after every round you could retreat, to ask you."


def _may_move(board: Board, unit: str, phase: str) -> bool:
    """Installations never move; AA guns move only in the Noncombat Move (as cargo otherwise)."""
    profile = board.unit(unit)
    return not profile.installation and not (profile.noncombat_only and phase == "combat_move")


def _place(board: Board, power: str) -> list[str]:
    bought = dict(board.game.powers[power].purchased)
    lines = [f"# Units to place: {_counts(bought)}",
             "# Industrial complexes you may use (units each may place, counting its sea zones):"]
    if china.rules_for(board.setup, power):  # no industrial complexes: China's own sites [@49299]
        sites = china.placement_sites(board)
        lines[1] = f"# {power} places in territories it controls holding fewer than {board.setup.china.placement_limit} of its units: {', '.join(sites) or 'none'}"
        return [*lines, "place:", f"  {_name(sites[0])}: {_counts(bought)}"] if sites and bought else [*lines, "place: {}"]
    suggestion: dict[str, UnitCounts] = {}
    # a power with separate economies (Global 1940 UK) places each economy's units with that
    # economy's complexes [G40 L1681]: one pool of units per economy
    pools = {e: dict(u) for e, u in board.game.powers[power].purchased_by.items()}
    for ic in eligible_complexes(board, power):
        room = capacity(board, power, ic)
        zones = ", ".join(board.coastal_zones(ic)) or "no sea zone"
        lines.append(f"#   {ic}: {room}  (sea zones: {zones})")
        if pools:
            bought = pools.get(economy_of(board.setup, power, ic), {})
        for unit in list(bought):
            if board.unit(unit).installation:
                continue  # a new industrial complex goes to a territory without one: the player's choice
            domain = board.domain(unit)
            target = ic if domain != "sea" else (board.coastal_zones(ic) or [None])[0]
            if target is None:
                continue
            n = min(bought[unit], room)
            if n:
                suggestion.setdefault(target, {})[unit] = n
                bought[unit] -= n
                room -= n
                if not bought[unit]:
                    del bought[unit]
    if pools:
        bought = {u: n for pool in pools.values() for u, n in pool.items()}
    if any(board.unit(u).installation for u in bought):
        lines.append("# A new industrial complex goes to a territory held since the start of the turn, worth 1 or")
        lines.append("# more, that has none, e.g. 'India: {industrial_complex: 1}'.")
    lines.append("# A suggested placement follows; change it as you like.")
    if not suggestion:
        return [*lines, "place: {}"]
    lines.append("place:")
    lines += [f"  {_name(space)}: {_counts(units)}" for space, units in suggestion.items()]
    return lines


def decision_template(setup: Setup, game: Game) -> str:
    """One decision document per waiting decision (the first one; apply it, then ask again)."""
    decision = game.pending[0]
    lines = _header("decision", setup, game, decision.power)
    lines.append(f"space: {_name(decision.space)}")
    if decision.kind == "casualties":
        lines += _casualties(setup, game, decision)
    elif decision.detail:
        lines += [f"# {line}" for line in decision.detail.splitlines()]
    if decision.kind == "retreat":
        lines.append("# Retreat to a space named above, or 'stay' to fight another round.")
        lines.append("retreat: stay")
    elif decision.kind == "submerge":
        lines.append("# true: your submarines submerge; false: they make their surprise strike.")
        lines.append("submerge: false")
    elif decision.kind == "landing":
        board = Board(setup, game)
        options = [o for s in find_stranded(board) if s.zone == decision.space and s.power == decision.power
                   for o in landing_options(board, s)]
        lines.append("# Where the stranded fighters land (a space named above); filled in: the first, change it as you like.")
        lines.append(f"land_at: {_name(options[0]) if options else 'null'}")
    elif decision.kind == "scramble":  # Global 1940 [G40 L698]
        lines.append("# Air units scrambled: a list of {units: {fighter: 1}, from: <air base territory>, to: <sea zone>}.")
        lines.append("scramble: []")
    elif decision.kind == "kamikaze":  # Global 1940 [G40 L785]
        lines.append("# Kamikaze attacks: {<sea zone>: {<unit type>: <attacks>}}; {} makes none.")
        lines.append("kamikaze: {}")
    if len(game.pending) > 1:
        others = ", ".join(f"{d.power} ({d.kind} in {d.space})" for d in game.pending[1:])
        lines.append(f"# Also waiting: {others}")
    return "\n".join(lines) + "\n"


GENERIC_CASUALTY_NOTES = ("Submarine hits take", "their side in the battle;", "Name a ")
"""The decision's notes on every kind of unit; the template says only those about the units in the battle."""


def _casualties(setup: Setup, game: Game, decision: Decision) -> list[str]:
    """The casualty decision: the battle's own notes, the rules for the unit types present only,
    and a legal choice filled in (the chooser's order of loss, else the cheapest units first)."""
    lines = [f"# {line}" for line in decision.detail.splitlines() if not line.startswith(GENERIC_CASUALTY_NOTES)]
    battle = next((b for b in game.turn.battles if b.space == decision.space and b.status == "fighting"), None)
    if battle is None:  # no battle to read (not expected): the decision's notes as they are
        return [f"# {line}" for line in decision.detail.splitlines()] + [
            f"# {decision.power} must take {decision.hits} hit(s): name the units that take them.", "casualties: {}"]
    fight = Fight(Board(setup, game), battle)
    side = TAKES_HITS[battle.step]
    targets, volley = fight.targets(side), fight.volley(side)
    present = {u for u, n in targets.units.items() if n}
    if volley.hits.get("sub"):
        lines.append("# Submarine hits take sea units only [L571, L603, L975].")
    if volley.hits.get("air") and "submarine" in present:
        lines.append("# Air hits take submarines only with a destroyer of their side in the battle [L571, L603, L975].")
    if "transport" in present:
        lines.append("# Transports take hits only when nothing else can [L571, L603, L975].")
    two_hit = sorted(u for u in present if fight.rules.two_hits(u))
    if two_hit:
        lines.append(f"# Name a {' or '.join(two_hit)} once per hit: an undamaged one's first hit only damages it [L903].")
    standing = game.powers[decision.power].standing.order_of_loss
    order = standing or sorted(setup.unit_types, key=lambda u: (u == "transport", setup.unit_types[u].cost, u))
    chosen = fight.rules.choose(order, targets, volley)
    lines.append(f"# {decision.power} must take {decision.hits} hit(s): name the units that take them. Filled in: "
                 + ("your standing order of loss." if standing else "the cheapest units first.") + " Change it as you like.")
    lines.append(f"casualties: {_counts(chosen)}")
    return lines
