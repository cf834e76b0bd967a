"""Read-only questions about a WARZAG game: who owns, occupies and may enter what.

Every rule module asks here, so the definitions of own, enemy and allied territory
[WZ L474-L484], strategic occupation [WZ L576-L581] and who may enter a hex [WZ L187],
[WZ L265-L269], [WZ L520], [WZ L542] live in one place.
"""

from __future__ import annotations

from collections import deque
from functools import cached_property

from aa_ref.games.warzag.pack import ALLIANCES, Dossier, Pack
from aa_ref.games.warzag.state import Army, Game

STRATEGIC = ("historic", "war_industry", "oil_field")
HISTORIC_BONUS = {
    "normandy": (6, 4), "stalingrad": (2, 8), "okinawa": (5, 5), "gela": (7, 3), "pearl_harbor": (4, 6), "dunkirk": (4, 4),
}
"""Historic territory -> (defence, resistance) bonus when occupied with armies [WZ L585-L593]."""


class Board:
    def __init__(self, pack: Pack, game: Game) -> None:
        self.pack = pack
        self.game = game
        self.options = game.options

    # --- kinds and sides --------------------------------------------------------
    def kind(self, hex_id: str) -> str:
        return self.pack.hexes[hex_id].kind

    def strategic(self, hex_id: str) -> bool:
        """Historic and tactical territories [WZ L572-L598]: occupied, never annexed."""
        return self.kind(hex_id) in STRATEGIC

    def annexable_kind(self, hex_id: str) -> bool:
        """Standard territories and bases; strategic and R&D territories are never annexed [WZ L578], A19."""
        return self.kind(hex_id) in ("standard", "base")

    def alliance(self, nation: str) -> str:
        return next(side for side, members in ALLIANCES.items() if nation in members)

    def allied(self, a: str, b: str) -> bool:
        """Alliance mode: players of one alliance are allies, never enemies (A23); a nation is its own ally."""
        return a == b or (self.game.mode == "alliances" and self.alliance(a) == self.alliance(b))

    def in_game(self, nation: str) -> bool:
        state = self.game.players.get(nation)
        return state is not None and not state.eliminated

    # --- ownership and occupation -------------------------------------------
    def owner(self, hex_id: str) -> str | None:
        return self.game.owner(hex_id)

    def armies_of(self, nation: str) -> list[tuple[str, Army]]:
        """The armies a nation controls (its own, and an eliminated ally's it hosts [WZ L447])."""
        return [(i, a) for i, a in self.game.armies.items() if self.game.controller(a) == nation]

    @cached_property
    def _armies_by_hex(self) -> dict[str, list[tuple[str, Army]]]:
        out: dict[str, list[tuple[str, Army]]] = {}
        for army_id, army in self.game.armies.items():
            out.setdefault(army.hex, []).append((army_id, army))
        return out

    def armies_at(self, hex_id: str) -> list[tuple[str, Army]]:
        return self._armies_by_hex.get(hex_id, [])

    def occupant(self, hex_id: str) -> str | None:
        """The nation whose armies (or, by option A32, Leader) stand on a strategic territory [WZ L576-L581]."""
        armies = self.armies_at(hex_id)
        if armies:
            return self.game.controller(armies[0][1])
        if self.options.get("leader_alone_occupies", "yes") == "yes":
            leaders = self.game.leaders_at(hex_id)
            return leaders[0] if leaders else None
        return None

    def with_armies(self, hex_id: str) -> bool:
        """'Annexed with armies': armies or a Leader stand there [WZ L483-L484]: the owner's, or in alliance mode an
        ally's, which count as his own on his territories [WZ L435], A24."""
        owner = self.owner(hex_id)
        if owner is None:
            return False
        return (any(self.allied(self.game.controller(a), owner) for _, a in self.armies_at(hex_id))
                or any(self.allied(n, owner) for n in self.game.leaders_at(hex_id)))

    def own(self, hex_id: str, nation: str) -> bool:
        return self.owner(hex_id) == nation

    def enemy_hex(self, hex_id: str, nation: str) -> bool:
        """Annexed by another player who is not an ally [WZ L476], A23."""
        owner = self.owner(hex_id)
        return owner is not None and not self.allied(owner, nation)

    def own_bases(self, nation: str) -> list[str]:
        return [h for h in self.pack.base_hex.values() if self.own(h, nation)]

    def own_hexes(self, nation: str) -> list[str]:
        return [h for h, state in self.game.hexes.items() if state.owner == nation]

    def occupied_strategic(self, nation: str) -> list[str]:
        return [h for h in self.pack.neighbours if self.strategic(h) and self.occupant(h) == nation]

    # --- entering -------------------------------------------------------------
    def leader_may_enter(self, hex_id: str, nation: str) -> bool:
        """Own or allied territories and bases, neutral ones, the R&D territory and strategic territories no other
        nation occupies [WZ L187], [WZ L581]; one Leader per hex but on R&D [WZ L543]; never enemy territory."""
        kind = self.kind(hex_id)
        if kind != "rd" and any(n != nation for n in self.game.leaders_at(hex_id)):
            return False
        if kind == "rd":
            return True
        if kind in STRATEGIC:
            occupant = self.occupant(hex_id)
            return occupant is None or occupant == nation
        owner = self.owner(hex_id)
        return owner is None or self.allied(owner, nation)

    def army_may_enter(self, hex_id: str, nation: str) -> bool:
        """Own (alliance mode: allied) territories and strategic territories no other nation occupies
        [WZ L265-L269], [WZ L431], [WZ L581]; never neutral [WZ L520], R&D [WZ L542] or enemy territory."""
        kind = self.kind(hex_id)
        if kind == "rd":
            return False
        if kind in STRATEGIC:
            occupant = self.occupant(hex_id)
            if occupant is not None and occupant != nation:
                return False
            return not any(n != nation for n in self.game.leaders_at(hex_id))
        owner = self.owner(hex_id)
        return owner is not None and self.allied(owner, nation)

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.pack.neighbours.get(a, ())

    # --- armies' values ---------------------------------------------------------
    def dossier(self, army: Army) -> Dossier:
        return self.pack.dossiers[army.nation][army.category]

    def value(self, army: Army, stat: str) -> int:
        """Attack, defence or resistance, doubled by a field promotion [WZ L556]."""
        base = getattr(self.dossier(army), stat)
        return base * 2 if army.promoted else base

    def token_cap(self, nation: str, category: str) -> int:
        """Tokens of a category a nation has [WZ L47-L51], by option A3."""
        count = self.pack.dossiers[nation][category].tokens
        return count * 2 if self.options.get("unit_token_cap") == "doubled" else count

    # --- reachability -------------------------------------------------------------
    def usable_armies(self, nation: str) -> list[tuple[str, Army]]:
        """Armies that count as the nation's own for invading and annexing: its own, and in alliance mode an ally's
        standing on its territories [WZ L435], A24."""
        out = self.armies_of(nation)
        if self.game.mode == "alliances":
            out += [(i, a) for i, a in self.game.armies.items()
                    if self.game.controller(a) != nation and self.allied(self.game.controller(a), nation)
                    and self.own(a.hex, nation)]
        return out

    def army_reach(self, nation: str) -> set[str]:
        """Hexes some army of the nation could reach [WZ L233], [WZ L414]: with no army at all, one is assumed in
        each own base (A34); by option A10, at any distance or within each army's range."""
        armies = self.usable_armies(nation)
        starts: list[tuple[str, int | None]]
        by_range = self.options.get("annex_reach_mode") == "range"
        if armies:
            starts = [(a.hex, self.dossier(a).range if by_range else None) for _, a in armies]
        else:
            infantry = self.pack.dossiers[nation]["infantry"].range
            starts = [(b, infantry if by_range else None) for b in self.own_bases(nation)]
        reached: set[str] = set()
        for start, limit in starts:
            reached |= self._spread(start, nation, None if limit is None else max(limit - 1, 0))
        return reached

    def _spread(self, start: str, nation: str, limit: int | None) -> set[str]:
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if limit is not None and seen[here] >= limit:
                continue
            for n in self.pack.neighbours[here]:
                if n not in seen and self.army_may_enter(n, nation):
                    seen[n] = seen[here] + 1
                    queue.append(n)
        return set(seen)

    def reachable_by_armies(self, target: str, nation: str) -> bool:
        """The target is next to a hex some own army can reach [WZ L233], [WZ L414], [WZ L516-L528]."""
        reach = self.army_reach(nation)
        return target in reach or any(n in reach for n in self.pack.neighbours[target])

    def leader_reach(self, nation: str) -> set[str]:
        """Hexes the Leader could reach with no die limit (encirclement [WZ L608])."""
        start = self.game.players[nation].leader
        if start is None:
            return set()
        seen = {start}
        queue = deque([start])
        while queue:
            for n in self.pack.neighbours[queue.popleft()]:
                if n not in seen and self.leader_may_enter(n, nation):
                    seen.add(n)
                    queue.append(n)
        return seen

    def encircled(self, nation: str) -> bool:
        """The Leader cannot reach an own base or territory or the R&D territory [WZ L608]."""
        reach = self.leader_reach(nation)
        return bool(reach) and not any(self.own(h, nation) or self.kind(h) == "rd" for h in reach)
