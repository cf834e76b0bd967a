"""Fog of war: what one side may see of a Blocks in the West game [BW L508], [BW L732-L734].

Blocks stand upright, so the opponent sees where a block is and its nation's colour [BW L425-L441]
but not its identity or strength until combat or reconnaissance reveals it. A side's view keeps
everything of its own and, of the enemy's blocks on the map, only what a player across the table
sees: position and nation, under an opaque name that follows the block from hex to hex (as the eye
does) but says nothing of it. The referee's file holds everything; the view holds no hidden fact.

The opaque name is an HMAC keyed by the game's `view_secret`, which only the referee's game file holds
(never the log, whose start holds the public seed), of the block and its life: a block that leaves the
map and comes back (rebuilt, docs/bitw-rulings.md) is a new block to the eye, under a new name.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any, Literal

from pydantic import Field

from aa_ref.core.errors import UsageError
from aa_ref.core.model import Strict
from aa_ref.games.blocks_in_the_west import italy, withheld
from aa_ref.games.blocks_in_the_west.scenario import Scenario
from aa_ref.games.blocks_in_the_west.state import FactoryWork, Game, NewFactory, Phase, Side


class SeenBlock(Strict):
    power: str
    hex: str
    unit: str | None = Field(default=None, description="known for one's own blocks and revealed enemy blocks")
    name: str | None = None
    strength: int | None = None
    out_of_supply: bool = False
    reserve: str | None = Field(default=None, description="OR 31.0: the oil barrel of a unit in reserve (motorisation "
                                "or reaction), a marker on the map that both sides see [BW L2471]")


class SeenNaval(Strict):
    """A naval unit at sea or in port (OR 18.0): blocks stand upright, so the enemy sees where it is and its nation,
    not which it is nor its strength [BW L508]."""

    power: str
    at: str = Field(description="a sea zone, or the port hex it is in")
    unit: str | None = None
    name: str | None = None
    strength: int | None = None


class SeenBattle(Strict):
    """A battle under way: where, who attacks, which round, what it waits for [BW L1325-L1546]. The blocks in it are
    revealed by combat [BW L732-L734], so they appear in `blocks` under their own names."""

    hex: str
    attacker: Side
    round: int
    stage: str


class View(Strict):
    """One side's view of a game (kind: bitw-view): what `aa-ref export --side` writes for a player."""

    kind: Literal["bitw-view"]
    schema_version: Literal[1]
    scenario: str
    side: Side
    turn: int
    month: str
    power: Side
    phase: Phase
    weather: str
    winner: str | None = None
    volkssturm: bool = Field(default=False, description="OR 28.0: the Volkssturm directive is active (an enemy ground "
                             "unit entered Germany, seen by both sides) [BW L2418]")
    control: dict[str, str] = Field(default_factory=dict)
    radar_down: list[str] = Field(default_factory=list, description="radar stations out of service (AR 13.8.1.2): "
                                  "public, on the map [BW L2038]")
    morale: dict[str, int] = Field(default_factory=dict, description="power -> its morale track (the USA's): public, "
                                   "on the map [BW L2046]")
    capitals: dict[str, str] = Field(default_factory=dict, description="power -> its capital now, when it declared its "
                                     "own an open city (Paris open city: Bordeaux): declared openly [BW L838]")
    destroyed_factories: dict[str, list[str]] = Field(default_factory=dict, description="hex -> colours of its "
                                                      "factories destroyed by capture (OR 16.1): public, like control")
    pp: dict[str, int] = Field(default_factory=dict, description="the side's own powers' stored PP")
    coloured_pp: dict[str, dict[str, int]] = Field(default_factory=dict, description="the side's own powers' stored "
                                                                                   "coloured PP (AR 11.0)")
    blocks: dict[str, SeenBlock] = Field(default_factory=dict)
    off_map: list[str] = Field(default_factory=list, description="the side's own blocks not on the map")
    withheld: list[str] = Field(default_factory=list, description="the side's own withheld reinforcements, placed "
                                "free in a later Production phase (BR 7.3.3) [BW L1218]; the enemy's are not shown")
    hit_priority: list[str] = Field(default_factory=list, description="the side's own standing order for tied hits")
    pending: list[dict[str, Any]] = Field(default_factory=list)
    battles: list[SeenBattle] = Field(default_factory=list, description="the battles of this phase not yet over: "
                                                                         "both sides' blocks share the hex, so both see it")
    italian_surrender: dict[str, int] = Field(default_factory=dict, description="OR 36.0 / 36.1, seen by both sides: "
                                              "event -> its turn (dismissed, surrendered, freed, captured, rsi, "
                                              "liguria); the gifts to the RSI stay hidden like PP [BW L2554-L2578]")
    partisans: dict[str, int] = Field(default_factory=dict, description="OR 29.0: hex -> partisan discs, wooden discs "
                                      "on the map that both sides see [BW L2449]")
    conquered: list[str] = Field(default_factory=list, description="OR 29.0: Allied powers conquered and eliminated "
                                 "(public: a surrender is announced)")
    lend_lease: bool = Field(default=False, description="OR 34.0: Lend-Lease has begun (the US's policy, public) "
                             "[BW L2540-L2542]")
    lend_lease_pp: dict[str, int] = Field(default_factory=dict, description="OR 34.0: GB's Lend-Lease red and blue PP "
                                          "(the Allies' view only) [BW L2542]")
    u_boat_target: str | None = Field(default=None, description="OR 35.2: the North Atlantic U-boat's standing target "
                                      "(the Axis's view only) [BW L2552]")
    factory_works: list[FactoryWork] = Field(default_factory=list, description="OR 15.0: both sides' factories under "
                                             "construction: the production track is on the map [BW L2091]")
    new_factories: list[NewFactory] = Field(default_factory=list, description="OR 15.0: the new factories on the map")
    bomb_damage: dict[str, dict[str, Any]] = Field(default_factory=dict, description="OR 32.0: hex -> what bombers "
                                                   "did to it, for a turn (public: the dice are rolled openly)")
    production_lost: dict[str, dict[str, int]] = Field(default_factory=dict, description="OR 32.1, OR 26.0: the side's "
                                                       "own powers' PP lost from their next income")
    srm_lost: dict[str, int] = Field(default_factory=dict, description="OR 32.3: the side's own powers' rail moves "
                                     "lost from their next SRM phase")
    v2_target: str | None = Field(default=None, description="OR 26.2: the Axis's standing order for the V-2 (the Axis's "
                                  "view only; none: GB's production)")
    gotterdammerung: bool = Field(default=False, description="OR 26.3: Götterdämmerung under way (public)")
    naval: dict[str, SeenNaval] = Field(default_factory=dict, description="naval units at sea or in port: one's own "
                                        "by name, the enemy's under an opaque name (position and nation only)")
    neutrals_attacked: dict[str, int] = Field(default_factory=dict, description="AR 24.3: neutral power -> the turn it "
                                              "was first attacked (public: an invasion is seen) [BW L2342]")
    mulberries: dict[str, str] = Field(default_factory=dict, description="BR 6.7: hex -> the power whose Mulberry "
                                       "stands there (public: on the map) [BW L1110]")
    mulberry_paid: dict[str, int] = Field(default_factory=dict, description="BR 6.7: the Mulberry track (public: a "
                                          "marker on the map's track) [BW L1116]")
    mulberries_ready: dict[str, int] = Field(default_factory=dict, description="BR 6.7: Mulberries paid, not placed "
                                             "(public: the track's marker) [BW L1116]")
    pp_by_sea: int = Field(default=0, description="BR 6.7.3: PP the active side carried by sea this turn (its own "
                           "view only) [BW L1135]")


class NoViewSecret(UsageError):
    """A game begun before aa-ref kept a view secret: its hidden blocks have no name a player could not compute."""

    def __init__(self, game_path: str = "GAME.yaml") -> None:
        super().__init__(
            f"{game_path} was begun before aa-ref kept a secret for the names of hidden blocks (they derived from the "
            f"public seed, so a player could tell which block is which): run 'aa-ref rekey {game_path}' once; the "
            "names the players saw so far all change")


def hidden_name(game: Game, block: str) -> str:
    """An enemy block's opaque name: HMAC-SHA256 keyed by the referee's view secret of the block and its life, so it
    follows the block from hex to hex but cannot be traced to it from anything a player holds, and a new life (a
    rebuild) is a new name. NoViewSecret in a game without a secret."""
    if game.view_secret is None:
        raise NoViewSecret()
    message = f"bitw-view|{block}|{game.blocks[block].life}".encode()
    return "hidden-" + hmac.new(bytes.fromhex(game.view_secret), message, hashlib.sha256).hexdigest()[:10]


def view(scenario: Scenario, game: Game, side: Side) -> View:
    """What `side` may see. A game under fog of war without a view secret (begun before aa-ref kept one) shows no
    side's view: NoViewSecret."""
    if game.view_secret is None and game.options.get("fog_of_war") != "off":
        raise NoViewSecret()
    seen: dict[str, SeenBlock] = {}
    off_map = []
    for block_id, state in game.blocks.items():
        block = scenario.blocks[block_id]
        own = scenario.powers[block.power].side == side
        if block_id in game.naval:  # at sea or in port, not on a land hex (OR 18.0)
            continue
        if state.hex is None:
            if own and block_id not in game.upgraded:  # OR 40.0: an upgraded block left the game for good
                off_map.append(block_id)
            continue
        if own or state.revealed or italy.face_up(scenario, game, block_id):  # OR 36.0: Mussolini dismissed
            seen[block_id] = SeenBlock(power=block.power, hex=state.hex, unit=block.unit, name=block.name,
                                       strength=state.strength, out_of_supply=state.out_of_supply,
                                       reserve=game.reserves.get(block_id))
        else:
            seen[hidden_name(game, block_id)] = SeenBlock(power=block.power, hex=state.hex,
                                                          out_of_supply=state.out_of_supply,
                                                          reserve=game.reserves.get(block_id))
    naval: dict[str, SeenNaval] = {}
    for block_id, at in game.naval.items():
        block, state = scenario.blocks[block_id], game.blocks[block_id]
        if scenario.powers[block.power].side == side or state.revealed:
            naval[block_id] = SeenNaval(power=block.power, at=at, unit=block.unit, name=block.name,
                                        strength=state.strength)
        else:
            naval[hidden_name(game, block_id)] = SeenNaval(power=block.power, at=at)
    return View(
        kind="bitw-view", schema_version=1, scenario=scenario.id, side=side, turn=game.turn,
        month=scenario.turns[game.turn - 1].month, power=game.power, phase=game.phase, weather=game.weather,
        winner=game.winner, volkssturm=game.volkssturm, control=dict(game.control),
        destroyed_factories={h: list(c) for h, c in game.destroyed_factories.items()},
        pp={p: n for p, n in game.pp.items() if scenario.powers[p].side == side},
        coloured_pp={p: dict(c) for p, c in game.coloured_pp.items() if scenario.powers[p].side == side},
        blocks=dict(sorted(seen.items())), off_map=off_map,
        capitals=dict(game.capitals), morale=dict(game.morale), radar_down=list(game.radar_down),
        withheld=withheld.own_withheld(scenario, game, side), hit_priority=list(game.hit_priority.get(side, [])),
        pending=[d.model_dump(mode="json") for d in game.pending if d.power == side],
        battles=[SeenBattle(hex=b.hex, attacker=b.attacker, round=b.round, stage=b.stage) for b in game.battles],
        italian_surrender=italy.public(game),
        partisans=dict(game.partisans), conquered=list(game.conquered),
        lend_lease=bool(game.lend_lease_turn),
        lend_lease_pp=dict(game.lend_lease_pp) if side == "allies" else {},
        u_boat_target=game.u_boat_target if side == "axis" and game.options.get("convoy_war") == "on" else None,
        factory_works=[w.model_copy() for w in game.factory_works],
        new_factories=[f.model_copy() for f in game.new_factories],
        bomb_damage={h: d.model_dump(mode="json") for h, d in game.bomb_damage.items()},
        production_lost={p: dict(c) for p, c in game.production_lost.items() if scenario.powers[p].side == side},
        srm_lost={p: n for p, n in game.srm_lost.items() if scenario.powers[p].side == side},
        v2_target=game.v2_target if side == "axis" else None, gotterdammerung=game.gotterdammerung,
        naval=dict(sorted(naval.items())),
        neutrals_attacked=dict(game.neutrals_attacked), mulberries=dict(game.mulberries),
        mulberry_paid=dict(game.mulberry_paid), mulberries_ready=dict(game.mulberries_ready),
        pp_by_sea=game.pp_by_sea if side == game.power else 0,
    )
