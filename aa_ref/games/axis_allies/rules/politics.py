"""Global 1940 politics: declarations of war and what powers not at war may not do.

Citations `[G40 Lnnn]` are lines of the Global 1940 rulebook
(`shared/seeds/000_f34e5ec93fbfbe5a.txt`); rulings taken where it is unclear are in
docs/global1940-rulings.md, "Politics and neutrals" (P1, P2, ...).

- Who may declare war on whom and when [G40 L315-L373] (table `may_declare`), with the
  UK/ANZAC coupling [G40 L331, L355, L367]; a declaration is made at the start of the
  Combat Move, before any movement [G40 L595], or by the US at the start of Collect Income
  of its 3rd turn [G40 L343] (orders `declare_war`, README). Each is recorded in the game
  (`Game.declarations`: who, on whom, round, provoked or not [G40 L601]) and puts the pairs at
  war (`Game.at_war`); the new enemy's territories and zones are hostile at once [G40 L599].
- A power may not attack a territory controlled by, or holding units of, a power it is not
  at war with [G40 L722]; in a sea zone those units are ignored (the shared engine's
  `Board.enemies` already does that).
- Powers not at war [G40 L325, L331, L339, L355, L367, L579, L710-L731, L1069, L1086].
"""

from __future__ import annotations

from typing import Any

from aa_ref.core.engine import Context, OrdersInput
from aa_ref.core.errors import Problem
from aa_ref.games.axis_allies.model.events import DeclareWar, PoliticalMark, fold
from aa_ref.games.axis_allies.model.state import Declaration
from aa_ref.games.axis_allies.rules.air import guest_riders
from aa_ref.games.axis_allies.rules.board import SURFACE_WARSHIPS, Board
from aa_ref.games.axis_allies.rules.installations import free_us_upgrades
from aa_ref.games.axis_allies.rules.legs import COMBAT_MOVE, Leg, resolve_legs
from aa_ref.games.axis_allies.rules.theatres import at_war_on, not_at_war_why, space_map

NONCOMBAT_MOVE, MOBILIZE = "noncombat_move", "mobilize"

RULE_WHO = "G40 who may declare war [L315-L373]"
RULE_WHEN = "G40 declarations at the start of the Combat Move [L595]"
RULE_AT_PEACE = "G40 powers not at war may not attack each other [L722]"

US = "USA"
COUPLED = {"UK": "ANZAC", "ANZAC": "UK"}
"""War between Japan and the UK or ANZAC is war with both [G40 L331, L355, L367]."""

NORTH_AMERICA = (
    "Alaska", "Yukon Territory", "British Columbia", "Alberta Saskatchewan Manitoba", "Ontario", "Quebec",
    "New Brunswick Nova Scotia", "Newfoundland Labrador", "Western United States", "Central United States",
    "Eastern United States", "Mexico", "Southeast Mexico", "Central America",
)
"""The continent's territories for the US trigger "any territory in North America occupied"
[G40 L341] (ruling P4: the mainland, islands such as Greenland and the West Indies left out)."""

CONTINENTAL_US = ("Alaska", "Western United States")
"""Japan, not at war with the US, may not end naval moves within 2 zones of these [G40 L331]."""

LONG_RANGE_PATROL = "SZ 102"
"""US warships may patrol here while not at war with Germany or Italy [G40 L339]."""


# --- who is at war ----------------------------------------------------------------------
def axis_side(board: Board) -> str:
    return board.setup.side_of("Germany") if "Germany" in board.setup.powers else "Axis"


def at_war_with_anyone(board: Board, power: str) -> bool:
    """A power at war with some power. Where a space matters, the restrictions of a power not at
    war are judged by `theatres.at_war_on` (the USSR's two theatres [G40 L325], ruling P6)."""
    return any(power in pair for pair in board.game.at_war)


def declared(board: Board, by: str, on: str) -> bool:
    return any(d.by == by and d.on == on for d in board.game.declarations)


def new_enemies(board: Board, power: str) -> set[str]:
    """The powers `power` went to war with by its declarations this round, couplings included
    (during its Combat Move: those of the Combat Move) [G40 L599]."""
    out: set[str] = set()
    for d in board.game.declarations:
        if d.by == power and d.round == board.game.round:
            out |= {p for pair in pairs_for(d.by, d.on) for p in pair if p != power}
    return out


def hostile_only_by_new_war(board: Board, zone: str, power: str) -> bool:
    """The zone is hostile only through declarations of war the power made in this Combat Move,
    so its transports there still load [G40 L599]."""
    if board.setup.wars_at_start is None or board.game.power != power or board.game.phase != "combat_move":
        return False
    new = new_enemies(board, power)
    if not new:
        return False
    old = [p for p in board.enemy_powers(zone, power) if p not in new]
    return not any(board.units(zone, old).get(u, 0) for u in SURFACE_WARSHIPS)


def london_captured(board: Board) -> bool:
    """The UK's capital held by an Axis power now, or at some time (a mark) [G40 L323, L341]."""
    capital = board.setup.capital_of("UK") if "UK" in board.setup.powers else None
    owner = board.owner(capital) if capital else None
    held = owner is not None and board.setup.side_of(owner) == axis_side(board)
    return held or "London captured" in board.game.political_marks


# --- who may declare war on whom -------------------------------------------------------
def may_declare(board: Board, by: str, on: str, phase: str) -> str | None:
    """Why `by` may not declare war on `on` now (None: it may) [G40 L315-L373]."""
    game = board.game
    if by == on or board.allied(by, on):
        return f"{by} and {on} are on the same side: they never go to war"
    if game.is_at_war(by, on):
        return f"{by} is already at war with {on}"
    axis = board.setup.side_of(by) == axis_side(board)
    if by == "USA":
        return _us_may_declare(board, on, phase)
    if phase != COMBAT_MOVE:
        return f"{by} declares war only at the start of its Combat Move [G40 L595]"
    if by in ("Germany", "Italy"):
        if on not in ("USA", "USSR", "China"):
            return f"{by} may declare war only on the US, the USSR or China [G40 L315, L359]"
        return None
    if by == "Japan":
        return None  # UK, ANZAC, US, France, USSR [G40 L331]; China is at war from the start
    if by == "USSR":
        if on == "Japan":
            return None  # at the start of any Combat Move [G40 L323]
        if game.round >= 4 or declared(board, "Germany", "USSR") or declared(board, "Italy", "USSR"):
            return None
        if london_captured(board):
            return None
        return ("the USSR may not declare war on Germany or Italy before its turn 4 unless a European Axis power "
                "has declared war on it or London has been captured [G40 L323]")
    if by in ("UK", "ANZAC", "France"):
        if on != "Japan":
            return f"{by} may declare war only on Japan [G40 L355, L367, L373]"
        return None
    if by == "China":
        # Only the European Axis power can start that war, by declaring war on China (ruling P1).
        return (f"China may not declare war on {on}: only {on} can start that war, by declaring war on China "
                "[G40 L349]")
    return None if not axis else f"{by} may not declare war on {on} [G40 L315-L373]"


def us_triggers(board: Board) -> list[str]:
    """What lets the US declare war [G40 L341]."""
    out = []
    axis = axis_side(board)
    for d in board.game.declarations:
        if d.on == "USA" and board.setup.side_of(d.by) == axis:
            out.append(f"{d.by} declared war on the US")
        if d.by == "Japan" and d.on in COUPLED and not d.provoked:
            out.append(f"Japan declared an unprovoked war on {d.on}")
    if london_captured(board):
        out.append("London has been captured")
    for t in NORTH_AMERICA:
        owner = board.owner(t) if t in board.setup.spaces else None
        if owner is not None and board.setup.side_of(owner) == axis:
            out.append(f"{t} is occupied by {owner}")
    return out


def _us_may_declare(board: Board, on: str, phase: str) -> str | None:
    """The US declares war after a trigger, on its following turn [G40 L341] (ruling P3), or
    at the start of Collect Income of its 3rd turn if still at peace [G40 L343] (ruling P2)."""
    rnd = board.game.round
    if phase in (NONCOMBAT_MOVE, MOBILIZE):
        if rnd < 3:
            return (f"the US may declare war at the start of Collect Income only from its 3rd turn (this is round {rnd}) "
                    "[G40 L343]")
        if at_war_with_anyone(board, "USA"):
            return "the US declares war at the start of Collect Income only while it is at war with nobody [G40 L343]"
        return None
    if us_triggers(board) or rnd >= 4:
        return None
    return ("the US may not declare war yet: no Axis power has declared war on it, London has not been captured, no "
            "North American territory is occupied and Japan has made no unprovoked declaration of war on the UK or "
            "ANZAC [G40 L341]; without those it may declare only from the Collect Income phase of its 3rd turn "
            "[G40 L343]")


def provoked(board: Board, by: str, on: str) -> bool:
    """A declaration answering the other power's aggression or allowed by a political rule
    because of its actions [G40 L601] (ruling P5)."""
    if declared(board, on, by) or (on in COUPLED and declared(board, COUPLED[on], by)):
        return True
    if by == "Japan" and (f"{on} entered China" in board.game.political_marks
                          or (on in COUPLED and f"{COUPLED[on]} entered China" in board.game.political_marks)):
        return True  # Japan takes any Allied move into China as an act of war [G40 L331]
    if by == "USA":
        return True  # the US declares only after an Axis act or on its 3rd turn [G40 L341-L343]
    if by == "USSR" and on in ("Germany", "Italy") and board.game.round < 4:
        return True
    return False


def pairs_for(by: str, on: str) -> list[list[str]]:
    """The pairs a declaration puts at war: the UK and ANZAC go to war with Japan together
    [G40 L331, L355, L367]."""
    pairs = [sorted((by, on))]
    if by == "Japan" and on in COUPLED:
        pairs.append(sorted(("Japan", COUPLED[on])))
    if on == "Japan" and by in COUPLED:
        pairs.append(sorted(("Japan", COUPLED[by])))
    return pairs


def check_declarations(board: Board, given: OrdersInput, phase: str) -> list[Problem]:
    """Each declaration is one the power may make now [G40 L315-L373, L595]."""
    model = given.model
    out = []
    seen: set[str] = set()
    for i, text in enumerate(model.declare_war or []):
        on = board.setup.power_names.get(text)
        if on is None:
            out.append(given.problem(board.setup.power_names.unknown_message(text), ("declare_war", i), RULE_WHO))
            continue
        if on in seen:
            out.append(given.problem(f"war on {on} is declared twice", ("declare_war", i), RULE_WHO))
            continue
        seen.add(on)
        if phase not in (COMBAT_MOVE, NONCOMBAT_MOVE, MOBILIZE):
            out.append(given.problem("war is declared at the start of the Combat Move [G40 L595]",
                                     ("declare_war", i), RULE_WHEN))
            continue
        if phase != COMBAT_MOVE and model.power != "USA":
            out.append(given.problem(
                f"{model.power} declares war only at the start of its Combat Move; only the US may declare at the "
                "start of Collect Income (of its 3rd turn) [G40 L343, L595]", ("declare_war", i), RULE_WHEN))
            continue
        why = may_declare(board, model.power, on, phase)
        if why:
            out.append(given.problem(why, ("declare_war", i), RULE_WHO))
    return out


def declaration_events(board: Board, power: str, targets: list[str]) -> list[Any]:
    """The events of legal declarations, in order (a later one sees the earlier ones)."""
    events: list[Any] = []
    game = board.game
    for text in targets:
        on = board.setup.power_names.get(text)
        now = Board(board.setup, fold(game, events))
        if now.game.is_at_war(power, on):
            continue
        d = Declaration(by=power, on=on, round=game.round, provoked=provoked(now, power, on))
        events.append(DeclareWar(declaration=d, pairs=pairs_for(power, on)))
    return events


def declare(ctx: Context, power: str, targets: list[str], when: str) -> None:
    """Make the declarations: record them, put the pairs at war [G40 L593-L601]. The first that
    puts the US at war makes its minor complexes major at no cost [G40 L1642]."""
    board = Board(ctx.setup, ctx.game)
    us_at_peace = US in ctx.setup.powers and not at_war_with_anyone(board, US)
    for event in declaration_events(board, power, targets):
        ctx.emit(event)
        d = event.declaration
        also = [p for pair in event.pairs for p in pair if p not in (d.by, d.on)]
        kind = "provoked" if d.provoked else "unprovoked"
        ctx.note(f"{d.by} declares war on {d.on} ({kind}) {when}"
                 + (f"; {also[0]} is at war with {d.by if d.on in COUPLED else d.on} too" if also else "")
                 + " [G40 L593-L601]")
    if us_at_peace and at_war_with_anyone(Board(ctx.setup, ctx.game), US):
        free_us_upgrades(ctx, US)


# --- moves: powers not at war ----------------------------------------------------------
def check_moves(board: Board, given: OrdersInput, phase: str) -> list[Problem]:
    """What powers not at war may not do in a move [G40 L325-L373, L579, L710-L731, L1069, L1086]."""
    legs, problems = resolve_legs(board, given)
    if problems:
        return []  # the shared checks report these
    power = given.model.power
    out: list[Problem] = []
    for leg in legs:
        out += _leg_at_peace(board, given, leg, phase, power)
    out += _shared_ships(board, given, legs, power)
    return out


def _barred(board: Board, a: str, b: str, space: str | None = None) -> bool:
    """Two allied powers may not share a territory, transport or carrier unless both are at
    war [G40 L579] (where `space` lies: the USSR's two theatres [G40 L325])."""
    return a != b and board.allied(a, b) and not (at_war_on(board, a, space) and at_war_on(board, b, space))


def _who_not_at_war(board: Board, power: str, other: str, space: str | None) -> str:
    """Which of two powers barred from sharing is not at war at `space`, and why, in words."""
    return not_at_war_why(board, power if not at_war_on(board, power, space) else other, space)


def _shared_ships(board: Board, given: OrdersInput, legs: list[Leg], power: str) -> list[Problem]:
    """Land units boarding, or fighters landing on, only the transports or carriers of an
    ally they may not share with [G40 L579, L729, L1086]."""
    out = []
    for leg in legs:
        zone = leg.end
        if not board.is_sea(zone):
            continue
        planes = leg.units.get("fighter") or leg.units.get("tactical_bomber")  # [G40 L1490]
        if leg.in_place(board) == "board":
            kind, what = "transport", "board"
        elif planes and not leg.units.get("carrier"):
            kind, what = "carrier", "land on"
        else:
            continue
        owners = _barred_ships(board, legs, power, zone, kind)
        if not owners:
            continue
        out.append(given.problem(
            f"{_who_not_at_war(board, power, owners[0], zone)}: {power}'s units may not {what} {owners[0]}'s {kind}s in {zone}; allies share "
            "transports and carriers only when both are at war [G40 L579, L729, L1086]", leg.loc("to"),
            "G40 sharing transports and carriers [L579]"))
    return out + _shared_carriers_promised(board, given, legs, power)


def _barred_ships(board: Board, legs: list[Leg], power: str, zone: str, kind: str) -> list[str]:
    """The allies whose transports or carriers (`kind`) in `zone` are the only ones there for the
    mover and none of which it may share [G40 L579]; empty when it has its own or may share."""
    mine = board.units(zone, [power]).get(kind, 0) or any(other.end == zone and other.units.get(kind) for other in legs)
    owners = sorted({f.power for f in board.forces(zone) if f.power != power and f.units.get(kind)
                     and board.allied(power, f.power)})
    if mine or not owners or not all(_barred(board, power, o, zone) for o in owners):
        return []
    return owners


def _shared_carriers_promised(board: Board, given: OrdersInput, legs: list[Leg], power: str) -> list[Problem]:
    """The carriers a Combat Move promises its air units (`land_at` a sea zone) and the allies'
    fighters its departing carriers carry off as cargo: not an ally's it may not share with
    [G40 L579, L729] (ruling P12)."""
    out = []
    for leg in legs:
        zone = leg.land_at
        if zone is None or zone == leg.end or not board.is_sea(zone):
            continue
        owners = _barred_ships(board, legs, power, zone, "carrier")
        if not owners:
            continue
        out.append(given.problem(
            f"{_who_not_at_war(board, power, owners[0], zone)}: {power}'s air units may not plan to land on {owners[0]}'s carriers in {zone}; "
            "allies share carriers only when both are at war [G40 L579, L729]", leg.loc("land_at"),
            "G40 sharing transports and carriers [L579]"))
    ends = {leg.index: leg.end for leg in legs}
    for index, guests in guest_riders(board, legs, power).items():
        for ally in sorted({ally for ally, _ in guests}):
            if _barred(board, power, ally, ends.get(index)):
                out.append(given.problem(
                    f"{_who_not_at_war(board, power, ally, ends.get(index))}: {power}'s carriers may not carry {ally}'s fighters off as cargo; "
                    "allies share carriers only when both are at war [G40 L579, L729]", ("moves", index, "units"),
                    "G40 sharing transports and carriers [L579]"))
    return out


def _leg_at_peace(board: Board, given: OrdersInput, leg: Leg, phase: str, power: str) -> list[Problem]:
    out = []
    end = leg.end
    domains = {board.domain(u) for u in leg.units}
    # [G40 L722] no attack on a power one is not at war with.
    target = leg.unload or end
    if phase == COMBAT_MOVE and board.is_land(target):
        owner = board.owner(target)
        peaceful = [p for p in ([owner] if owner else []) + [f.power for f in board.forces(target)]
                    if p != power and not board.allied(power, p) and not board.game.is_at_war(power, p)]
        if peaceful:
            who = peaceful[0]
            what = "controls" if who == owner else "has units in"
            out.append(given.problem(
                f"{power} is not at war with {who}, which {what} {target}: a power may not attack a territory or units of "
                f"a power it is not at war with; declare war first (declare_war) [G40 L722]", leg.loc("to"),
                RULE_AT_PEACE))
    if phase == COMBAT_MOVE and power == "Japan" and dutch_unheld(board, target) and not (
            board.game.is_at_war("Japan", "UK") and board.game.is_at_war("Japan", "ANZAC")):
        out.append(given.problem(
            f"{target} is Dutch: Japan may attack the Dutch territories only while at war with both the UK and ANZAC "
            "[G40 L331]", leg.loc("to"), "G40 Dutch territories [L331]"))
    if board.setup.side_of(power) != axis_side(board):
        out += _allied_restrictions(board, given, leg, power, domains)
    if power == "Japan" and "sea" in domains and not board.game.is_at_war("Japan", "USA"):
        near = _within_two_zones(board, CONTINENTAL_US)
        if end in near:
            out.append(given.problem(
                f"Japan is not at war with the US: its ships may not end a move in {end}, within 2 sea zones of "
                "Alaska or the Western United States [G40 L331]", leg.loc("to"), "G40 Japan not at war with the US [L331]"))
    out += _sharing(board, given, leg, power, domains)
    return out


def dutch_unheld(board: Board, space: str) -> bool:
    """A Dutch territory (setup group `Dutch`) no power controls yet [G40 L331, L355]."""
    return space in board.setup.groups.get("Dutch", ()) and board.owner(space) is None


def _allied_restrictions(board: Board, given: OrdersInput, leg: Leg, power: str, domains: set[str]) -> list[Problem]:
    out = []
    end = leg.end
    chinese = [s for s in leg.path[1:] if board.is_land(s) and board.setup.spaces[s].original_owner == "China"
               and board.owner(s) == "China"]
    if power in ("UK", "ANZAC", "USA") and chinese and not board.game.is_at_war(power, "Japan"):
        rule = "L339" if power == "USA" else ("L355" if power == "UK" else "L367")
        out.append(given.problem(
            f"{power} is not at war with Japan: its units may not move into or through China ({chinese[0]}) "
            f"[G40 {rule}]", leg.loc("to"), f"G40 {power} not at war with Japan [{rule}]"))
    if power == "USA" and "sea" in domains and board.is_sea(end):
        if not board.game.is_at_war("USA", "Japan"):
            japanese = [t for t in board.adjacency[end] if board.is_land(t) and board.owner(t) == "Japan"]
            if japanese:
                out.append(given.problem(
                    f"the US is not at war with Japan: its ships may not end a move in {end}, next to Japanese "
                    f"{japanese[0]} [G40 L339]", leg.loc("to"), "G40 US not at war with Japan [L339]"))
        why = _us_naval_limit(board, end)
        if why:
            ours = any(board.is_land(t) and board.owner(t) == "USA" for t in board.adjacency[end])
            warships = all(u not in ("transport",) for u in leg.of(board, "sea"))
            if not ours and not (end == LONG_RANGE_PATROL and warships):
                out.append(given.problem(
                    f"{why}: its ships end moves only in sea zones next to US territory (warships may also patrol "
                    f"SZ 102), not in {end} [G40 L339]", leg.loc("to"), "G40 US not at war with Germany or Italy [L339]"))
    return out


def _us_naval_limit(board: Board, zone: str) -> str | None:
    """Why the US's ships may end a move in `zone` only next to US territory, or None (ruling
    P11) [G40 L339]: on the Europe map until the US is at war with Germany or Italy; elsewhere
    (the Pacific map; a setup without maps: everywhere) until it is at war with anyone."""
    if space_map(board, zone) == "europe":
        if board.game.is_at_war(US, "Germany") or board.game.is_at_war(US, "Italy"):
            return None
        return ("the US is not at war with Germany or Italy" if at_war_with_anyone(board, US)
                else "the US is at war with no power") + f" and {zone} is on the Europe map"
    return None if at_war_with_anyone(board, US) else "the US is at war with no power"


def _sharing(board: Board, given: OrdersInput, leg: Leg, power: str, domains: set[str]) -> list[Problem]:
    """Allies share territories only if both are at war [G40 L579]; a power not at war moves
    through no other power's territory and flies to none [G40 L728-L731, L1069, L1086]."""
    if not domains & {"land", "air"}:
        return []
    for k, space in enumerate(leg.path[1:], start=1):
        if not board.is_land(space):
            continue
        owner = board.owner(space)
        if owner is None or owner == power or not board.allied(power, owner):
            continue
        if not at_war_on(board, power, space):
            return [given.problem(
                f"{not_at_war_why(board, power, space)}: its units may not move into or through {space}, a territory of "
                f"{owner} [G40 L728-L729, L1069, L1086]", leg.step_loc(k), "G40 powers not at war [L728-L731]")]
        if not at_war_on(board, owner, space):
            return [given.problem(
                f"{not_at_war_why(board, owner, space)}: other powers' units may not move into or through its territory "
                f"{space} [G40 L579, L730]", leg.step_loc(k), "G40 sharing territories [L579]")]
    return []


def _within_two_zones(board: Board, territories: tuple[str, ...]) -> set[str]:
    first = {z for t in territories if t in board.setup.spaces for z in board.adjacency[t] if board.is_sea(z)}
    second = {z2 for z in first for z2 in board.adjacency[z] if board.is_sea(z2)}
    return first | second


# --- marks recorded after moves ------------------------------------------------------------
def mark_after_moves(ctx: Context, power: str) -> None:
    """Facts later declarations depend on, recorded after every adjudication: an Allied
    power's units in China [G40 L331], London captured [G40 L323, L341]."""
    board = Board(ctx.setup, ctx.game)
    marks = []
    if board.setup.side_of(power) != axis_side(board) and power != "China":
        if any(board.forces(t, power) for t, space in board.setup.spaces.items()
               if space.original_owner == "China" and space.kind == "land"):
            marks.append(f"{power} entered China")
    if london_captured(board):
        marks.append("London captured")
    for mark in marks:
        if mark not in ctx.game.political_marks:
            ctx.emit(PoliticalMark(mark=mark))


def war_matrix(board: Board) -> dict[str, list[str]]:
    """Each power and the powers it is at war with, in turn order (for `show`)."""
    order = board.setup.turn_order
    return {p: [q for q in order if board.game.is_at_war(p, q)] or ["nobody"] for p in order}
