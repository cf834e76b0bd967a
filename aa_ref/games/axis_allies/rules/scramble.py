"""Global 1940 scramble: defending air units from an air base join the defence of a sea zone
beside it [G40 L692-L708], [G40 L872]-[G40 L876], [G40 L1230]-[G40 L1231].

Citations `[G40 Lnnn]` are lines of `shared/seeds/000_f34e5ec93fbfbe5a.txt`. At the end of the
attacker's Combat Move [G40 L694]-[G40 L696], for every sea zone where it attacks (a sea battle)
or from which it launches an amphibious assault [G40 L700], the powers at war with it whose
fighters and tactical bombers stand in a territory beside that zone with an operational air
base (an island or coastal territory, ruling: digest §9 #25) may scramble up to 3 of them per
base [G40 L698], [G40 L702]-[G40 L704]; strategic bombers never scramble [G40 L698], [G40 L876].
The owner decides: its standing orders (`scramble: true` scrambles as many as may, to the first
such zone; `false` never), else a `scramble` decision it answers. The attacker's moves stand
[G40 L696]; it is told in the narrative. Scrambled units defend in the zone (a sea battle is
opened there if there was none) and take part in no other battle [G40 L706]; after the last
battle the survivors fly back to their base, or, if it was captured, one space to a friendly
territory next to the zone (the first by name, ruling), else they are lost [G40 L708].
"""

from __future__ import annotations

from aa_ref.core.engine import Context, OrdersInput
from aa_ref.core.errors import Problem
from aa_ref.games.axis_allies.model.events import AddUnits, RemoveUnits, SetTurn
from aa_ref.games.axis_allies.model.state import Battle, Decision, Force, Scramble
from aa_ref.games.axis_allies.rules.board import Board, add_counts, total
from aa_ref.games.axis_allies.rules.installations import AIR_BASE, operational

SCRAMBLERS = ("fighter", "tactical_bomber")
"""Only fighters and tactical bombers scramble [G40 L698], [G40 L876]."""
PER_BASE = 3
RULE = "G40 scramble [L692]-[L708]"


def threatened_zones(board: Board, attacker: str) -> list[str]:
    """Sea zones the attacker attacks this turn, or launches an amphibious assault from [G40 L698], [G40 L700]."""
    zones: set[str] = set()
    for battle in board.game.turn.battles:
        if battle.attacker != attacker or battle.status == "done":
            continue
        if battle.kind == "sea":
            zones.add(battle.space)
        zones.update(battle.amphibious_from)
    return sorted(zones)


def bases(board: Board, attacker: str) -> dict[tuple[str, str], tuple[list[str], dict[str, int]]]:
    """(power, base) -> (the threatened zones beside it, its fighters and tactical bombers there)."""
    out: dict[tuple[str, str], tuple[list[str], dict[str, int]]] = {}
    zones = threatened_zones(board, attacker)
    territories = sorted({t for z in zones for t in board.adjacency[z] if board.is_land(t)})
    for base in territories:
        if not board.installation(base, AIR_BASE):
            continue
        near = [z for z in zones if board.adjacent(base, z)]
        for power in board.setup.turn_order:
            if not board.enemies(attacker, power) or not operational(board, base, AIR_BASE, power):
                continue
            units = {u: n for u, n in board.units(base, [power]).items() if u in SCRAMBLERS and n}
            if units:
                out[(power, base)] = (near, units)
    return out


def _used(board: Board, base: str) -> int:
    return sum(total(s.units) for s in board.game.turn.scrambled if s.base == base)


def decide(ctx: Context) -> list[Decision]:
    """After the attacker's Combat Move: apply the standing orders; the decisions still needed."""
    board = Board(ctx.setup, ctx.game)
    attacker = ctx.game.power
    options = bases(board, attacker)
    asked: dict[str, list[str]] = {}
    for (power, base), (zones, units) in options.items():
        standing = ctx.game.powers[power].standing.scramble
        if standing is False:
            continue
        if standing is None:
            asked.setdefault(power, []).append(f"{base} ({_fmt(units)}) to {' or '.join(zones)}")
            continue
        room = PER_BASE - _used(Board(ctx.setup, ctx.game), base)
        chosen: dict[str, int] = {}
        for unit in SCRAMBLERS:
            take = min(units.get(unit, 0), room)
            if take:
                chosen[unit] = take
                room -= take
        if chosen:
            _scramble(ctx, power, base, zones[0], chosen, "standing orders")
    return [Decision(power=power, kind="scramble", space=min(z for (p, _), (zs, _) in options.items() if p == power
                                                              for z in zs),
                     detail=f"{attacker} attacks beside your air bases: scramble up to {PER_BASE} fighters or "
                            f"tactical bombers from each: {'; '.join(lines)}. Answer 'scramble: [{{units, from, to}}]' "
                            "or 'scramble: []' [G40 L698]")
            for power, lines in asked.items()]


def _fmt(units: dict[str, int]) -> str:
    return ", ".join(f"{n} {u}" for u, n in units.items())


def check_answer(board: Board, given: OrdersInput, decision: Decision) -> list[Problem]:
    """Each scramble from an air base of the answering power's, to a threatened zone beside it,
    fighters and tactical bombers it has there, at most 3 a base [G40 L698], [G40 L702]-[G40 L704]."""
    answer = given.model
    if answer.scramble is None:
        return [given.problem("a scramble decision needs 'scramble' (a list of {units, from, to}; [] for none)", ())]
    options = bases(board, board.game.power)
    per_base: dict[str, int] = {}
    problems = []
    for i, move in enumerate(answer.scramble):
        base = board.setup.space_names.get(move.from_)
        zone = board.setup.space_names.get(move.to)
        if base is None or zone is None:
            problems.append(given.problem(board.setup.space_names.unknown_message(move.from_ if base is None else move.to),
                                          ("scramble", i)))
            continue
        option = options.get((answer.power, base))
        if option is None:
            problems.append(given.problem(
                f"{answer.power} has no fighters or tactical bombers to scramble at an operational air base in {base}",
                ("scramble", i, "from"), RULE))
            continue
        zones, have = option
        if zone not in zones:
            problems.append(given.problem(
                f"air units scramble from {base} only to a sea zone beside it that {board.game.power} attacks or "
                f"assaults from ({', '.join(zones)}), not {zone}", ("scramble", i, "to"), RULE))
        for text, n in move.units.items():
            unit = board.setup.unit_names.get(text)
            if unit not in SCRAMBLERS:
                problems.append(given.problem(
                    f"only fighters and tactical bombers scramble, not {text} [G40 L698], [G40 L876]",
                    ("scramble", i, "units"), RULE))
            elif n < 0 or n > have.get(unit, 0):
                problems.append(given.problem(f"{answer.power} has {have.get(unit, 0)} {unit} in {base}, not {n}",
                                              ("scramble", i, "units"), RULE))
            else:
                have = add_counts(have, {unit: n}, -1)
                per_base[base] = per_base.get(base, 0) + n
    for base, n in per_base.items():
        if n + _used(board, base) > PER_BASE:
            problems.append(given.problem(
                f"at most {PER_BASE} air units scramble from the air base in {base}, whatever the sea zones; "
                f"{n + _used(board, base)} would", ("scramble",), "G40 scramble [L698], [L704]"))
    return problems


def answer(ctx: Context, given: OrdersInput) -> None:
    for move in given.model.scramble or []:
        base = ctx.setup.space_names.get(move.from_)
        zone = ctx.setup.space_names.get(move.to)
        units = {ctx.setup.unit_names.get(u): n for u, n in move.units.items() if n}
        if units:
            _scramble(ctx, given.model.power, base, zone, units, "its choice")
    if not given.model.scramble:
        ctx.note(f"{given.model.power} scrambles nothing")


def _scramble(ctx: Context, power: str, base: str, zone: str, units: dict[str, int], why: str) -> None:
    """The units leave their base for the zone, defend there [G40 L706]; a sea battle is opened
    in a zone where the attacker only launches an amphibious assault [G40 L700]."""
    left = dict(units)
    for force in [f.model_copy(deep=True) for f in ctx.game.forces(base, power)]:
        part = {u: min(n, force.units.get(u, 0)) for u, n in left.items() if min(n, force.units.get(u, 0))}
        if not part:
            continue
        ctx.emit(RemoveUnits(space=base, force=force.model_copy(update={"units": part, "damaged": 0, "damaged_units": {}}), reason="scramble"))
        left = add_counts(left, part, -1)
    ctx.emit(AddUnits(space=zone, force=Force(power=power, units=units, combat=True, done=True)))
    turn = ctx.game.turn.model_copy(deep=True)
    turn.scrambled.append(Scramble(power=power, base=base, zone=zone, units=units))
    attacker = ctx.game.power
    if not any(b.space == zone and b.kind == "sea" and b.status != "done" for b in turn.battles):
        came = [b for b in turn.battles if zone in b.amphibious_from]
        turn.battles.insert(0, Battle(space=zone, attacker=attacker, kind="sea",
                                      came_from=sorted({s for b in came for s in b.came_from if board_sea(ctx, s)})))
    ctx.emit(SetTurn(turn=turn))
    ctx.note(f"{power} scrambles {_fmt(units)} from the air base in {base} to defend {zone} ({why}); "
             f"{attacker}'s moves stand [G40 L696], [G40 L698]")


def board_sea(ctx: Context, space: str) -> bool:
    return ctx.setup.spaces[space].kind == "sea"


def fly_back(ctx: Context) -> None:
    """After the last battle, surviving scrambled units return to their base; from a captured
    base they move one space to a friendly territory beside the zone, else they are lost [G40 L708]."""
    if not ctx.game.turn.scrambled:
        return
    board = Board(ctx.setup, ctx.game)
    for record in ctx.game.turn.scrambled:
        here = board.units(record.zone, [record.power])
        alive = {u: min(n, here.get(u, 0)) for u, n in record.units.items() if min(n, here.get(u, 0))}
        if not alive:
            continue
        for force in [f.model_copy(deep=True) for f in ctx.game.forces(record.zone, record.power)]:
            part = {u: min(n, force.units.get(u, 0)) for u, n in alive.items() if min(n, force.units.get(u, 0))}
            if part:
                ctx.emit(RemoveUnits(space=record.zone, force=force.model_copy(update={"units": part, "damaged": 0, "damaged_units": {}}),
                                     reason="scrambled units return"))
        owner = board.owner(record.base)
        home = record.base if owner is not None and board.allied(record.power, owner) else next(
            (t for t in sorted(board.adjacency[record.zone])
             if board.is_land(t) and board.is_friendly_territory(t, record.power) and t not in ctx.game.turn.captured),
            None)
        if home is None:
            ctx.note(f"{record.power}'s scrambled {_fmt(alive)} have no friendly territory to land in and are lost "
                     "[G40 L708]")
            continue
        ctx.emit(AddUnits(space=home, force=Force(power=record.power, units=alive, combat=True, done=True)))
        ctx.note(f"{record.power}'s scrambled {_fmt(alive)} return from {record.zone} to {home} [G40 L708]")
    ctx.emit(SetTurn(turn=ctx.game.turn.model_copy(update={"scrambled": []})))
