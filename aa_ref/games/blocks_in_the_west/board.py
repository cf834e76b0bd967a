"""Read-only questions about a Blocks in the West game: hexes, sides, stacking, zones of control.

Every rule module asks here, so hex control [BW L540-L558], zones of control [BW L706-L718],
stacking [BW L648-L656] and terrain costs [BW L1279-L1317] are defined once.
"""

from __future__ import annotations

from functools import cached_property

from aa_ref.games.blocks_in_the_west import rules
from aa_ref.games.blocks_in_the_west import mediterranean as med
from aa_ref.games.blocks_in_the_west.scenario import AIR, GCU, GSU, Block, Scenario
from aa_ref.games.blocks_in_the_west.state import BlockState, Game, Side

TERRAIN_MP = {
    "good": {"clear": 1, "forest": 2, "hill": 2, "mountain": 3, "swamp": 3},
    "snow": {"clear": 2, "forest": 2, "hill": 3, "mountain": 3, "swamp": 2},
    "rain": {"clear": 3, "forest": 3, "hill": 3, "mountain": 3, "swamp": 3},
    "light_rain": {"clear": 2, "forest": 3, "hill": 3, "mountain": 3, "swamp": 3},
}
"""MP to enter a hex by terrain and weather [BW L1279-L1283], [BW L1620] (digest §2.8); light rain (OR 39.0): every
hex 3 MP, clear 2 [BW L2607]."""
STRAIT_MP = 3
"""Crossing a red line always costs 3 MP [BW L1309]."""
STACK_GU, STACK_GCU = 3, 2
MULBERRY_STACK = 5
"""BR 6.7: "permettono l'overstack fino a 5 unità di terra" [BW L1114] (any of them combat units)."""
"""At most 3 ground units a hex, of which at most 2 combat units [BW L648-L656]."""


class Board:
    def __init__(self, scenario: Scenario, game: Game) -> None:
        self.scenario = scenario
        self.game = game

    def block(self, block_id: str) -> Block:
        return self.scenario.blocks[block_id]

    def side_of(self, block_id: str) -> Side:
        return self.scenario.powers[self.scenario.blocks[block_id].power].side  # type: ignore[return-value]

    def enemy(self, side: Side) -> Side:
        return "allies" if side == "axis" else "axis"

    @cached_property
    def _by_hex(self) -> dict[str, list[tuple[str, BlockState]]]:
        out: dict[str, list[tuple[str, BlockState]]] = {}
        for block_id, state in self.game.blocks.items():
            if state.hex is not None:
                out.setdefault(state.hex, []).append((block_id, state))
        return out

    def blocks_at(self, hex_id: str, side: Side | None = None) -> list[str]:
        return [b for b, _ in self._by_hex.get(hex_id, []) if side is None or self.side_of(b) == side]

    def ground_at(self, hex_id: str, side: Side | None = None) -> list[str]:
        return [b for b in self.blocks_at(hex_id, side) if self.block(b).unit not in AIR]

    def controller(self, hex_id: str) -> Side | None:
        return self.game.control.get(hex_id)

    def neighbours(self, hex_id: str) -> tuple[str, ...]:
        return self.scenario.neighbours[hex_id]

    def hexside(self, a: str, b: str) -> str | None:
        return self.scenario.hexside.get(frozenset((a, b)))

    def land(self, hex_id: str) -> bool:
        h = self.scenario.hexes[hex_id]
        return h.terrain != "sea" and not h.partial

    def stacking_problem(self, hex_id: str, adding: list[str]) -> str | None:
        """Why `adding` cannot end in `hex_id` beside what its side has there [BW L648-L656], or None (the limits are
        each side's: in a battle hex both sides stack up to them)."""
        side = self.side_of(adding[0]) if adding else None
        present = [b for b in self.ground_at(hex_id, side) if b not in adding]
        ground = present + [b for b in adding if self.block(b).unit not in AIR]
        gcu = [b for b in ground if self.block(b).unit in GCU]
        power = self.game.mulberries.get(hex_id)  # BR 6.7: a Mulberry's overstacking to 5 ground units [BW L1114]
        if power is not None and side is not None and self.scenario.powers[power].side == side:
            if len(ground) > MULBERRY_STACK:
                return f"{hex_id} would hold {len(ground)} ground units: at most {MULBERRY_STACK} with its Mulberry"
            return None
        if len(ground) > STACK_GU or len(gcu) > STACK_GCU:
            return (f"{hex_id} would hold {len(ground)} ground units ({len(gcu)} combat units): at most {STACK_GU}, "
                    f"of which at most {STACK_GCU} combat units")
        return None

    def exerts_zoc(self, block_id: str) -> bool:
        """Every ground and air unit has a ZOC, but forts have none [BW L706], [BW L1094]; "le unità ingaggiate in
        combattimento, le unità aeree che compiono missioni di volo ... immediatamente perdono la loro zona di
        controllo" [BW L712]: a unit sharing its hex with enemy units (a battle hex, fought or about to be) and an
        air unit away from an airfield of its side (a city its side controls: on a mission) have none."""
        unit = self.block(block_id).unit
        if unit == "fort":
            return False
        state = self.game.blocks[block_id]
        if state.hex is None:
            return False
        side = self.side_of(block_id)
        if self.blocks_at(state.hex, self.enemy(side)):
            return False  # engaged in combat [BW L712]
        if unit in AIR:
            return self.scenario.hexes[state.hex].city is not None and self.controller(state.hex) == side
        return True

    @cached_property
    def _zoc(self) -> dict[Side, set[str]]:
        """Hexes in each side's ZOC: the 6 hexes round its units, except hexes the enemy occupies, sea, and across
        straits [BW L706-L718]; with AR 8.0 (`advanced_zoc`) also not across unfrozen rivers nor into enemy major
        cities, bunkers and fortresses, unless such a hex is empty and surrounded by the side's ZOC [BW L1592]
        (`zoc_blocked`)."""
        out: dict[Side, set[str]] = {"axis": set(), "allies": set()}
        advanced = rules.enabled(self.game, "advanced_zoc")
        shut: dict[Side, set[str]] = {"axis": set(), "allies": set()}
        for hex_id, present in self._by_hex.items():
            for block_id, _ in present:
                if not self.exerts_zoc(block_id):
                    continue
                side = self.side_of(block_id)
                for n in self.neighbours(hex_id):
                    if not self.land(n) or self.hexside(hex_id, n) == "strait":
                        continue
                    if self.blocks_at(n, self.enemy(side)):
                        continue
                    if advanced:
                        why = self.zoc_blocked(hex_id, n, side)
                        if why == "river":
                            continue
                        if why is not None:
                            shut[side].add(n)
                            continue
                    out[side].add(n)
        for side, hexes in shut.items():
            for n in hexes:
                if not self.blocks_at(n) and self._surrounded_by(n, side, out[side]):
                    out[side].add(n)  # the exception of [BW L1592]: an empty stronghold surrounded by ZOC
        return out

    def zoc_blocked(self, here: str, there: str, side: Side) -> str | None:
        """AR 8.0 [BW L1592]: why the ZOC of `side`'s unit in `here` does not reach `there`: "river" (an unfrozen river
        between them: rivers freeze in snow [BW L1640]), "city" (a major city or capital the enemy controls: every
        Major City rule applies to capitals [BW L567]), "fort"
        (a bunker or fortress hex, or a fortress city, the enemy controls, occupied or not); None if it does."""
        if self.hexside(here, there) == "river" and med.weather(self, there) != "snow":
            return "river"
        h = self.scenario.hexes[there]
        if self.controller(there) != self.enemy(side):
            return None
        if h.city in ("capital", "major"):
            return "city"
        if h.fortification in ("bunker", "fortress") or h.city == "fortress":
            return "fort"
        return None

    def zoc_reaches(self, here: str, there: str, side: Side) -> bool:
        """Whether the ZOC of `side`'s unit in `here` (one that exerts a ZOC) reaches the adjacent `there`: a land hex
        not across a strait [BW L716], not enemy-occupied [BW L708], and under AR 8.0 not closed by `zoc_blocked`
        unless it is the exception's empty, surrounded stronghold [BW L1592]."""
        if not self.land(there) or self.hexside(here, there) == "strait" or self.blocks_at(there, self.enemy(side)):
            return False
        if not rules.enabled(self.game, "advanced_zoc"):
            return True
        why = self.zoc_blocked(here, there, side)
        if why is None:
            return True
        return why != "river" and not self.blocks_at(there) and self._surrounded_by(there, side, self._zoc[side])

    def _surrounded_by(self, hex_id: str, side: Side, zoc: set[str]) -> bool:
        """Every land hex round `hex_id` (not across a strait) is in `side`'s ZOC or holds its ground units."""
        around = [n for n in self.neighbours(hex_id) if self.land(n) and self.hexside(hex_id, n) != "strait"]
        return bool(around) and all(n in zoc or self.ground_at(n, side) for n in around)

    def in_zoc_of(self, hex_id: str, side: Side) -> bool:
        return hex_id in self._zoc[side]

    def gsu(self, block_id: str) -> bool:
        return self.block(block_id).unit in GSU
