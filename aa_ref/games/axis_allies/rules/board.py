"""A read-only view of an A&A game: geography, control and who is where.

Every rule module asks its questions here (is this sea zone hostile to Germany? may a
ship pass this canal?) so that the answers are defined once, with their rule citations.
Rulebook lines are those of the 1941 rules, `shared/seeds/001_63934894773eca9e.txt`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from aa_ref.games.axis_allies.model.setup import Setup, UnitCounts, UnitType
from aa_ref.games.axis_allies.model.state import Force, Game

CARRIER_ROOM = 2  # fighters a carrier holds [L860, L915]
CARRIER_PLANES = ("fighter", "tactical_bomber")
"""Air units that land on carriers: fighters [L860], and in Global 1940 tactical bombers [G40 L1110], [G40 L1490]."""
SURFACE_WARSHIPS = frozenset({"battleship", "carrier", "destroyer", "cruiser"})
"""Surface warships make a sea zone hostile [L267-L270, L887]."""

CAPTURING_UNITS = frozenset({"infantry", "tank", "artillery", "mech_infantry"})
"""Only these land units capture territory [L786]."""


def add_counts(a: UnitCounts, b: UnitCounts, sign: int = 1) -> UnitCounts:
    """`a + b` (or `a - b`), dropping zeros."""
    out = dict(a)
    for unit, n in b.items():
        out[unit] = out.get(unit, 0) + sign * n
        if out[unit] == 0:
            del out[unit]
    return out


def total(counts: UnitCounts) -> int:
    return sum(counts.values())


class Board:
    """Questions about one game state on one setup's board."""

    def __init__(self, setup: Setup, game: Game) -> None:
        self.setup = setup
        self.game = game

    # --- geography -------------------------------------------------------
    @property
    def adjacency(self) -> dict[str, tuple[str, ...]]:
        """Each space's neighbours in the setup's order (`Setup.neighbours`, made once per setup)."""
        return self.setup.neighbours

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.adjacency.get(a, ())

    def is_sea(self, space: str) -> bool:
        return self.setup.spaces[space].kind == "sea"

    def is_land(self, space: str) -> bool:
        return self.setup.spaces[space].kind == "land"

    def is_neutral(self, space: str) -> bool:
        """Neutral territories cannot be entered, crossed or overflown [L272-L274]. In Global
        1940 a neutral stops being one once a power controls it [G40 L425]; until then those
        with an `alignment` may be entered at the end of a move (`aa.neutrals`)."""
        return self.setup.spaces[space].neutral and self.owner(space) is None

    def neutral_alignment(self, space: str) -> str | None:
        """A Global 1940 neutral's alignment now: the setup's, or as changed in play [G40 L381, L409-L423]."""
        return self.game.neutrals.get(space, self.setup.spaces[space].alignment)

    def value(self, space: str) -> int:
        return self.setup.spaces[space].value

    def coastal_zones(self, territory: str) -> list[str]:
        return [s for s in self.setup.spaces[territory].adjacent if self.is_sea(s)]

    def unit(self, unit_type: str) -> UnitType:
        return self.setup.unit_types[unit_type]

    def domain(self, unit_type: str) -> str:
        return self.setup.unit_types[unit_type].domain

    def profile(self, power: str, unit_type: str) -> UnitType:
        """A unit's profile for `power`: the printed one with the changes of the power's
        technologies (Jet Fighters, Super Submarines, Long-Range Aircraft, Improved Shipyards)."""
        base = self.setup.unit_types[unit_type]
        changes: dict[str, int] = {}
        for tech in self.technologies(power):
            changes.update(self.setup.technologies[tech].units.get(unit_type, {}))
        return base.model_copy(update=changes) if changes else base

    def technologies(self, power: str) -> list[str]:
        state = self.game.powers.get(power)
        return [t for t in state.technologies if t in self.setup.technologies] if state else []

    def has_tech(self, power: str, tech: str) -> bool:
        state = self.game.powers.get(power)
        return state is not None and tech in state.technologies

    # --- industrial complexes ---------------------------------------------
    def has_factory(self, space: str) -> bool:
        """A starting industrial complex (setup) or one built during the game; never destroyed.
        Global 1940: a minor or major complex among the territory's installations."""
        state = self.game.spaces.get(space)
        return (self.setup.spaces[space].industrial_complex or (state is not None and state.industrial_complex)
                or self.installation(space, "industrial_complex") is not None)

    def factory_damage(self, space: str) -> int:
        state = self.game.spaces.get(space)
        factory = self.installation(space, "industrial_complex")
        if factory is not None:
            return self.installations(space)[factory]
        return state.damage if state else 0

    # --- installations (Global 1940: complexes, air and naval bases as units of the territory) ---
    def installations(self, space: str) -> dict[str, int]:
        """Installation unit type -> damage markers, in the game state."""
        state = self.game.spaces.get(space)
        return state.installations if state else {}

    def installation(self, space: str, kind: str) -> str | None:
        """The installation of `kind` (industrial_complex, air_base, naval_base) in the space, if any."""
        for unit in self.installations(space):
            if self.setup.unit_types[unit].installation_kind == kind:
                return unit
        return None

    # --- powers ----------------------------------------------------------
    def allied(self, a: str, b: str) -> bool:
        return self.setup.allied(a, b)

    def enemies(self, a: str, b: str | None) -> bool:
        """Powers of opposite sides; where the setup has a war matrix (Global 1940), only
        while the two are at war [G40 L305, L710-L722]."""
        if b is None or self.setup.allied(a, b):
            return False
        return self.setup.wars_at_start is None or self.game.is_at_war(a, b)

    def owner(self, space: str) -> str | None:
        return self.game.owner(space)

    def is_friendly_territory(self, space: str, power: str) -> bool:
        """Controlled by the power or an ally [L246-L290]."""
        owner = self.owner(space)
        return self.is_land(space) and owner is not None and self.allied(power, owner)

    def is_hostile_territory(self, space: str, power: str) -> bool:
        """Controlled by an enemy power; in Global 1940 also a neutral that does not favour the
        power's side (strict, or friendly to the other side), which is attacked [G40 L403, L419]."""
        if not self.is_land(space):
            return False
        if self.is_neutral(space):
            alignment = self.neutral_alignment(space)
            return alignment is not None and alignment != f"pro_{self.setup.side_of(power).lower()}"
        if self.owner(space) is None and space in self.setup.groups.get("Dutch", ()):
            # Global 1940: the Dutch territories no power holds are taken by the Axis by attack
            # [G40 L331, L355] (`aa.politics` checks Japan's condition), by the UK and ANZAC by
            # walking in (`aa.neutrals`).
            return self.setup.side_of(power) == "Axis"
        return self.enemies(power, self.owner(space))

    def capital_held(self, power: str) -> bool:
        """True while a power's capital is held by its own side [L676, L762]; a power
        without a capital (China) never loses it."""
        capital = self.setup.capital_of(power)
        if capital is None:
            return True
        owner = self.owner(capital)
        return owner is not None and self.allied(power, owner)

    # --- units -----------------------------------------------------------
    def forces(self, space: str, power: str | None = None) -> list[Force]:
        return self.game.forces(space, power)

    def units(self, space: str, powers: Iterable[str] | None = None) -> UnitCounts:
        """Units (not cargo) in a space, of the given powers (default: all)."""
        wanted = set(powers) if powers is not None else None
        out: UnitCounts = {}
        for force in self.forces(space):
            if wanted is None or force.power in wanted:
                out = add_counts(out, force.units)
        return out

    def enemy_powers(self, space: str, power: str) -> list[str]:
        """Enemy powers with units in a space, in turn order."""
        present = {f.power for f in self.forces(space)}
        return [p for p in self.setup.turn_order if p in present and self.enemies(power, p)]

    def enemy_units(self, space: str, power: str) -> UnitCounts:
        return self.units(space, self.enemy_powers(space, power))

    def is_hostile_sea(self, space: str, power: str) -> bool:
        """A sea zone is hostile when it holds enemy surface warships; subs and transports
        do not count [L267-L270, L387]."""
        order = self.setup.turn_order  # as `enemy_units` counts them, without adding them up
        return any(force.units.get(u, 0) for force in self.forces(space)
                   if force.power in order and self.enemies(power, force.power) for u in SURFACE_WARSHIPS)

    def has_enemy_destroyer(self, space: str, power: str) -> bool:
        return self.enemy_units(space, power).get("destroyer", 0) > 0

    # --- passages ----------------------------------------------------------
    def canal_open(self, a: str, b: str, power: str) -> bool:
        """A ship passes a canal only if its side controls every territory that controls it
        [L282-L286]; control is read at the time of the move."""
        for canal in self.setup.canals:
            if {a, b} == set(canal.joins):
                return all(
                    (owner := self.owner(t)) is not None and self.allied(power, owner)
                    for t in canal.controlled_by
                )
        return True

    def strait_closed(self, a: str, b: str) -> bool:
        """Naval units may not enter or leave a closed zone such as the Black Sea [L276-L280]."""
        closed = {s.sea_zone for s in self.setup.straits}
        return (a in closed) != (b in closed)

    def distances(self, start: str, passable) -> dict[str, int]:
        """Breadth-first distances from `start` through spaces for which `passable(space)` holds."""
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in self.adjacency[here]:
                if there not in seen and passable(there):
                    seen[there] = seen[here] + 1
                    queue.append(there)
        return seen
