"""Global 1940: the two maps (theatres) and the USSR's war in only one of them.

Each space of a two-map setup names its map (`Space.map`: `europe`, `pacific`, or `both` for a
border territory on the seam; docs/global1940-board.md). Citations `[G40 Lnnn]` are lines of
the Global 1940 rulebook; rulings P6 and P11 are in docs/global1940-rulings.md.

- The USSR at war with an Axis power in only one theatre keeps, in the other, the restrictions
  of a power not at war [G40 L325]: war with Japan lifts them on the Pacific map only, war with
  Germany or Italy on the Europe map only. A space is judged by the map it lies on; a border
  territory lies on both, so war on either map frees it (ruling P6).
- Every other power (and a setup without maps) is at war everywhere once at war with anyone.
"""

from __future__ import annotations

from aa_ref.games.axis_allies.rules.board import Board

THEATRES: dict[str, dict[str, str]] = {"USSR": {"Japan": "pacific", "Germany": "europe", "Italy": "europe"}}
"""For a power fighting two separate wars: the map on which war with each enemy lifts its
restrictions of a power not at war [G40 L325]."""

MAP_NAMES = {"europe": "Europe", "pacific": "Pacific"}


def enemies_at_war(board: Board, power: str) -> list[str]:
    return [q for q in board.setup.turn_order if q != power and board.game.is_at_war(power, q)]


def space_map(board: Board, space: str | None) -> str | None:
    s = board.setup.spaces.get(space) if space else None
    return s.map if s is not None else None


def maps_at_war(board: Board, power: str) -> set[str]:
    """The maps on which `power` is at war ({'europe', 'pacific'} for a power at war with anyone
    but the USSR) [G40 L325]."""
    theatres = THEATRES.get(power, {})
    out: set[str] = set()
    for q in enemies_at_war(board, power):
        out |= {theatres[q]} if q in theatres else {"europe", "pacific"}
    return out


def at_war_on(board: Board, power: str, space: str | None = None) -> bool:
    """`power` is at war where `space` lies: at war with anyone, and for the USSR with an Axis
    power of that space's map [G40 L325] (ruling P6). No space, or no map: at war with anyone."""
    maps = maps_at_war(board, power)
    where = space_map(board, space)
    if not maps or where is None:
        return bool(maps)
    return bool(maps) if where == "both" else where in maps


def not_at_war_why(board: Board, power: str, space: str | None = None) -> str:
    """Why `power` counts as not at war at `space`, in words (`at_war_on` is False)."""
    wars = enemies_at_war(board, power)
    if not wars:
        return f"{power} is at war with nobody"
    where = MAP_NAMES.get(space_map(board, space) or "", "")
    return (f"{power} is at war only with {', '.join(wars)}, not with an Axis power of the {where} map where "
            f"{space} lies, so there it keeps the restrictions of a power not at war [G40 L325]")
