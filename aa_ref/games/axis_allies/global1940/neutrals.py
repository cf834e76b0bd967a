"""Global 1940 neutral territories: strict, pro-Axis and pro-Allies [G40 L377-L425], the
Russian-Mongolian pact [G40 L1648-L1652].

A neutral is Global-style when the setup gives it an `alignment`; the Anniversary's and
1941's neutrals (no alignment) stay closed to every unit. `Board` answers the basic
questions from the setup and `Game.neutrals` (alignments changed in play):
`is_neutral` (unowned: never crossed or flown over [G40 L389, L401, L407]),
`neutral_alignment`, `is_hostile_territory` (a neutral that does not favour the power's
side is attacked in the Combat Move [G40 L389, L403, L419]). This module checks and makes
what is special:

- a friendly neutral may not be attacked [G40 L401]; land units of a power at war enter it
  in the Noncombat Move, not through it; the first such power takes control and its army
  joins that power, usable from its next turn [G40 L401, L1069]; air units never land in
  it [G40 L1075, L1086];
- an attacked neutral's army is placed at once and fights for the other side, and the
  territory joins that side [G40 L409-L413]; if it is not taken, the survivors stay and the
  other side may enter it as a friendly neutral [G40 L417] (ruling N3);
- an attack on a strict neutral turns every other strict neutral pro-Allies (attacker
  Axis) or pro-Axis (attacker Allied) [G40 L421-L423]; Mongolia never turns pro-Axis unless
  the USSR attacks it [G40 L1650];
- Japan attacking a Soviet territory beside Mongolia gives the USSR the Mongolian
  territories at the end of Japan's combat, unless the USSR attacked a territory beside
  Mongolia while it was strictly neutral [G40 L1650];
- the US while at war with nobody sends no land or air unit into a neutral [G40 L728].
"""

from __future__ import annotations

from aa_ref.core.engine import Context, OrdersInput
from aa_ref.core.errors import Problem
from aa_ref.games.axis_allies.model.events import AddUnits, Alignment, Control, PoliticalMark, RemoveUnits, apply_event
from aa_ref.games.axis_allies.model.state import Force
from aa_ref.games.axis_allies.rules.board import Board
from aa_ref.games.axis_allies.rules.legs import COMBAT_MOVE, Leg, describe, resolve_legs
from aa_ref.games.axis_allies.rules.politics import dutch_unheld
from aa_ref.games.axis_allies.rules.theatres import at_war_on, not_at_war_why

MONGOLIA = "Mongolia"
"""The setup group of the Mongolian territories [G40 L1650]."""

USSR_BESIDE_MONGOLIA = "USSR attacked beside Mongolia"
"""Mark: the USSR attacked a territory bordering Mongolia while Mongolia was strictly
neutral, so the pact never gives it Mongolia [G40 L1650]."""


def is_global_neutral(board: Board, space: str) -> bool:
    """A neutral territory no power controls yet, with an alignment (Global 1940)."""
    return board.is_land(space) and board.is_neutral(space) and board.neutral_alignment(space) is not None


def favours(board: Board, space: str, power: str) -> bool:
    """The neutral favours the power's side (pro-Axis or pro-Allies) [G40 L391-L395]."""
    return board.neutral_alignment(space) == f"pro_{board.setup.side_of(power).lower()}"


def other_alignment(board: Board, power: str) -> str:
    """The alignment favouring the side opposed to `power`."""
    other = next(s for s in board.setup.sides if s != board.setup.side_of(power))
    return f"pro_{other.lower()}"


def army_activated(board: Board, space: str) -> bool:
    return f"{space} army placed" in board.game.political_marks


def defender_for(board: Board, space: str, attacker: str) -> str | None:
    """The power of the other side that fields an attacked neutral's army: the first in turn
    order that is at war with the attacker [G40 L411] (ruling N2)."""
    for power in board.setup.turn_order:
        if not board.allied(power, attacker) and board.game.is_at_war(power, attacker):
            return power
    return None


def mongolian(board: Board, space: str) -> bool:
    return space in board.setup.groups.get(MONGOLIA, [])


# --- checks ----------------------------------------------------------------------------------
def entered(board: Board, legs: list[Leg]) -> dict[str, list[Leg]]:
    """Neutral territories a move ends in (or whose cargo lands in), with those moves."""
    out: dict[str, list[Leg]] = {}
    for leg in legs:
        target = leg.unload or leg.end
        if is_global_neutral(board, target):
            out.setdefault(target, []).append(leg)
    return out


def check_moves(board: Board, given: OrdersInput, phase: str) -> list[Problem]:
    """The neutral rules of a move [G40 L389-L425, L728, L1069, L1075, L1086]."""
    legs, problems = resolve_legs(board, given)
    if problems:
        return []
    power = given.model.power
    out: list[Problem] = []
    for leg in legs:
        if is_global_neutral(board, leg.start) and favours(board, leg.start, power) and not leg.in_place(board):
            # The survivors of an attack on a neutral never move [G40 L417].
            out.append(given.problem(
                f"units in {leg.start}, a neutral no power controls, may not move: the survivors of an attack on a "
                "neutral stay where they are [G40 L417]", leg.loc("from"), "G40 hostile neutrals [L417]"))
    for space, moves in entered(board, legs).items():
        for leg in moves:
            out += _check_entry(board, given, leg, space, phase, power)
    if phase != COMBAT_MOVE:
        for leg in legs:
            out += _check_dutch(board, given, leg, power)
    return out


DUTCH_GUARDS = ("UK", "ANZAC")
"""The powers that may walk into the Dutch territories [G40 L355, L367] (ruling P8)."""


def _check_dutch(board: Board, given: OrdersInput, leg: Leg, power: str) -> list[Problem]:
    """Until an Axis power captures them, the UK and ANZAC may move into the Dutch
    territories in the Noncombat Move and take control with land units [G40 L355, L367]
    (ruling P7)."""
    target = leg.unload or leg.end
    if not dutch_unheld(board, target):
        return []
    if power not in DUTCH_GUARDS:
        return [given.problem(
            f"{target} is Dutch and no power holds it: only the UK and ANZAC may move in (in the Noncombat Move) "
            "[G40 L355, L367]", leg.loc("to"), "G40 Dutch territories [L355]")]
    if not leg.of(board, "land") or leg.of(board, "air"):
        return [given.problem(
            f"{power} takes control of the Dutch {target} with land units; air units may land there once it holds it "
            "[G40 L355]", leg.loc("to"), "G40 Dutch territories [L355]")]
    return []


def dutch_targets(board: Board, given: OrdersInput) -> list[str]:
    """Dutch territories no power holds that the UK or ANZAC enters this Noncombat Move."""
    legs, problems = resolve_legs(board, given)
    if problems or given.model.power not in DUTCH_GUARDS:
        return []
    return sorted({leg.unload or leg.end for leg in legs if dutch_unheld(board, leg.unload or leg.end)})


def take_dutch(ctx: Context, space: str, power: str) -> None:
    ctx.emit(Control(space=space, owner=power, previous=None))
    ctx.note(f"{power} moves into the Dutch {space} and takes control of it [G40 L355, L367]")


def _check_entry(board: Board, given: OrdersInput, leg: Leg, space: str, phase: str, power: str) -> list[Problem]:
    loc = leg.loc("to")
    domains = {board.domain(u) for u in leg.units}
    if not at_war_on(board, power, space) and domains & {"land", "air"}:
        return [given.problem(
            f"{not_at_war_why(board, power, space)}: its land and air units may not move into the neutral {space} "
            "[G40 L728, L1069]", loc, "G40 powers not at war [L728, L1069]")]
    if phase == COMBAT_MOVE:
        if favours(board, space, power):
            return [given.problem(
                f"{space} is a neutral friendly to {power}'s side: it may not be attacked; land units of a power at war "
                "may enter it in the Noncombat Move [G40 L401]", loc, "G40 friendly neutrals [L401]")]
        army = board.setup.spaces[space].neutral_army
        if army and not army_activated(board, space) and defender_for(board, space, power) is None:
            return [given.problem(
                f"no power of the other side is at war with {power} to field the army of {space} "
                "(ruling N2) [G40 L411]", loc, "G40 hostile neutrals [L409-L413]")]
        return []
    if not favours(board, space, power):
        return [given.problem(
            f"{space} is a neutral not friendly to {power}'s side: it is entered only by attacking it in the Combat "
            "Move [G40 L389, L403]", loc, "G40 hostile neutrals [L403]")]
    if domains != {"land"} or leg.unload or board.is_sea(leg.start):
        return [given.problem(
            f"only land units walk into the friendly neutral {space} in the Noncombat Move; air units may not land "
            "there and no landing from the sea is allowed (ruling N1) [G40 L401, L1075, L1086]", loc,
            "G40 friendly neutrals [L401, L1086]")]
    return []


def noncombat_targets(board: Board, given: OrdersInput) -> list[str]:
    """Friendly neutrals the power's land units walk into this Noncombat Move."""
    legs, problems = resolve_legs(board, given)
    if problems:
        return []
    power = given.model.power
    return [s for s in entered(board, legs) if favours(board, s, power)]


def attacked(board: Board, given: OrdersInput) -> list[str]:
    """Territories the Combat Move attacks (for the Mongolian pact's exception)."""
    legs, problems = resolve_legs(board, given)
    if problems:
        return []
    power = given.model.power
    return sorted({leg.unload or leg.end for leg in legs
                   if board.is_land(leg.unload or leg.end) and board.is_hostile_territory(leg.unload or leg.end, power)})


def combat_targets(board: Board, given: OrdersInput) -> list[str]:
    legs, problems = resolve_legs(board, given)
    if problems:
        return []
    power = given.model.power
    return [s for s in entered(board, legs) if not favours(board, s, power)]


class _Sketch:
    """Enough of a `Context` to play `attack` on a copy of the game while checking orders."""

    def __init__(self, board: Board) -> None:
        self.setup, self.game = board.setup, board.game.model_copy(deep=True)

    def emit(self, event: object) -> None:
        apply_event(self.game, event)

    def note(self, text: str) -> None:
        pass


def as_attacked(board: Board, targets: list[str], attacker: str) -> Board:
    """The board as the Combat Move's attacks on neutrals leave it (armies placed, alignments
    changed), on which the rest of the move is checked, as it will be made [G40 L409]."""
    sketch = _Sketch(board)
    for space in targets:
        attack(sketch, space, attacker)  # type: ignore[arg-type]
    return Board(board.setup, sketch.game)


# --- effects ---------------------------------------------------------------------------------
def take_friendly(ctx: Context, space: str, power: str, how: str = "enters the friendly neutral") -> None:
    """The first friendly power to enter takes control; the army becomes its units, usable
    from its next turn; survivors of an attack join it [G40 L401, L417]."""
    board = Board(ctx.setup, ctx.game)
    ctx.emit(Control(space=space, owner=power, previous=None))
    joined: dict[str, int] = {}
    for force in [f.model_copy(deep=True) for f in board.forces(space) if f.power != power]:
        ctx.emit(RemoveUnits(space=space, force=force, reason="neutral forces join"))
        for unit, n in force.units.items():
            joined[unit] = joined.get(unit, 0) + n
    army = dict(board.setup.spaces[space].neutral_army) if not army_activated(board, space) else {}
    for unit, n in joined.items():
        army[unit] = army.get(unit, 0) + n
    if army:
        ctx.emit(AddUnits(space=space, force=Force(power=power, units=army, done=True)))
        ctx.emit(PoliticalMark(mark=f"{space} army placed"))
    ctx.note(f"{power} {how} {space} and takes control of it"
             + (f"; its army ({describe(army)}) joins {power}, usable from its next turn" if army else "")
             + " [G40 L401, L417]")


def attack(ctx: Context, space: str, attacker: str) -> None:
    """An attacked neutral joins the other side and its army is placed [G40 L409-L413]; an
    attacked strict neutral turns every other strict neutral [G40 L421-L423, L1650-L1652]."""
    board = Board(ctx.setup, ctx.game)
    alignment = board.neutral_alignment(space)
    other = other_alignment(board, attacker)
    if alignment != other:
        ctx.emit(Alignment(space=space, alignment=other))
    army = board.setup.spaces[space].neutral_army
    if army and not army_activated(board, space):
        defender = defender_for(board, space, attacker)
        assert defender is not None  # checked
        ctx.emit(AddUnits(space=space, force=Force(power=defender, units=dict(army))))
        ctx.emit(PoliticalMark(mark=f"{space} army placed"))
        ctx.note(f"{attacker} attacks the neutral {space}: it joins the {other[4:].capitalize()} and its army "
                 f"({describe(army)}) is placed, fielded by {defender} [G40 L409-L413]")
    else:
        ctx.note(f"{attacker} attacks the neutral {space}, which joins the {other[4:].capitalize()} [G40 L411]")
    if alignment == "strict":
        turned = []
        for name in sorted(board.setup.spaces):
            if name == space or not is_global_neutral(board, name) or board.neutral_alignment(name) != "strict":
                continue
            if mongolian(board, name) and other == "pro_axis" and not (mongolian(board, space) and attacker == "USSR"):
                continue  # Mongolia never turns pro-Axis unless the USSR attacks it [G40 L1650]
            ctx.emit(Alignment(space=name, alignment=other))
            turned.append(name)
        if turned:
            ctx.note(f"an attack on the strict neutral {space}: every other strict neutral turns "
                     f"{other.replace('_', '-')} ({', '.join(turned)}) [G40 L421-L423]")


def mark_attacks(ctx: Context, targets: list[str], attacker: str) -> None:
    """Attacks beside Mongolia the pact depends on [G40 L1650]: Japan attacking a Soviet
    territory beside it (the pact acts at the end of that combat), the USSR attacking beside
    it while it is strictly neutral (the pact is lost)."""
    board = Board(ctx.setup, ctx.game)
    group = board.setup.groups.get(MONGOLIA, [])
    beside = [t for t in targets if t not in group and any(m in board.adjacency.get(t, ()) for m in group)]
    if not beside:
        return
    if attacker == "Japan":
        soviet = [t for t in beside if board.owner(t) == "USSR"]
        if soviet:
            ctx.emit(PoliticalMark(mark=f"round {board.game.round}: Japan attacked {soviet[0]}, beside Mongolia"))
        return
    if attacker != "USSR" or USSR_BESIDE_MONGOLIA in board.game.political_marks:
        return
    if any(board.neutral_alignment(m) == "strict" and is_global_neutral(board, m) for m in group):
        ctx.emit(PoliticalMark(mark=USSR_BESIDE_MONGOLIA))
        ctx.note(f"the USSR attacks {beside[0]}, beside strictly neutral Mongolia: the Mongolian pact will not give "
                 "it Mongolia [G40 L1650]")


def mongolian_pact(ctx: Context) -> None:
    """At the end of Japan's combat: if Japan attacked a Soviet territory beside Mongolia,
    the Mongolian territories still strict or pro-Allies go to the USSR with their armies,
    as if it had entered a friendly neutral [G40 L1650]."""
    board = Board(ctx.setup, ctx.game)
    group = board.setup.groups.get(MONGOLIA, [])
    prefix = f"round {board.game.round}: Japan attacked "
    attacked = [m[len(prefix):].split(",")[0] for m in board.game.political_marks if m.startswith(prefix)]
    if not group or "USSR" not in board.setup.powers or not attacked:
        return
    if USSR_BESIDE_MONGOLIA in board.game.political_marks:
        ctx.note(f"Japan attacked {attacked[0]} beside Mongolia, but the USSR had attacked beside it while it was "
                 "strictly neutral: Mongolia stays neutral [G40 L1650]")
        return
    joined = False
    for name in group:
        if is_global_neutral(board, name) and board.neutral_alignment(name) in ("strict", "pro_allies"):
            take_friendly(ctx, name, "USSR", "gets the Mongolian territory")
            joined = True
    if joined:
        ctx.note(f"Japan attacked {attacked[0]}, beside Mongolia: at the end of its combat the Mongolian territories "
                 "join the USSR [G40 L1650]")


def alignments(board: Board) -> dict[str, list[str]]:
    """Neutral territories no power controls, by alignment now (for `show`)."""
    out: dict[str, list[str]] = {}
    for name in board.setup.spaces:
        if is_global_neutral(board, name):
            out.setdefault(board.neutral_alignment(name) or "", []).append(name)
    return out
