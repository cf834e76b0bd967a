"""The British radar chain (advanced rules AR 13.8.1.2, with `hq_command`) [BW L2008-L2038].

"Se la Catena di Radar è attiva ed a pieno servizio, qualsiasi unità aerea nemica viene rivelata non appena è mossa
negli esagoni della Gran Bretagna ed I caccia Inglesi beneficiano del liv.tech2" [BW L2010]. "CATENA RADAR IN PIENO
SERVIZIO: tutti i radar sono operativi ... CATENA RADAR ATTIVA: almeno 2 adiacenti stazioni radar sono operative. Le
unità aeree sulla GB NON vengono rivelate ed i caccia GB hanno liv.tech2. CATENA RADAR FUORI SERVIZIO: Non ci sono 2
adiacenti stazioni radar operative. Entrambi i bonus per la GB sono persi" [BW L2028-L2032]. "Qualsiasi unità nemica
sull'esagono con una stazione radar la distrugge. Tutte le stazioni radar possono essere riparate o ricostruite
durante la Fase di Produzione della GB al costo di 1 PP Giallo" [BW L2038].

The scenario marks the stations (`radar: true` on their hexes: Ventnor, Poling, Pevensey, Rye, Dover, Dunkirk) and
the power they serve (`radar: true` on Britain). A station is out of service while `Game.radar_down` lists it: an
enemy unit standing on it destroys it (checked after every orders document and as a Production phase begins); the
Strategic Warfare phase's bombing that damages it belongs to strategic bombing (OR 32.0). `repair_radar: HEX` in the
power's Production phase puts it back for 1 yellow PP, its side holding the hex with no enemy unit on it.
"Adiacenti" (digest A49) is read on the map: two operative stations in neighbouring hexes. Full service (every
station operative): enemy air units flying a mission into the power's nation are revealed at once, and its fighters
fight at TECH 2 at least; active (two neighbouring stations operative): the fighters only; else neither.
"""

from __future__ import annotations

from typing import Any

from aa_ref.core.names import natural_key
from aa_ref.games.blocks_in_the_west import rules
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.events import BlockUpdate, RadarStation
from aa_ref.games.blocks_in_the_west.scenario import Scenario
from aa_ref.games.blocks_in_the_west.state import Game

FIGHTER_TECH = 2
"""'i caccia Inglesi beneficiano del liv.tech2' [BW L2010]."""
REPAIR_PP = 1


def stations(scenario: Scenario) -> list[str]:
    return sorted((h for h, x in scenario.hexes.items() if x.radar), key=natural_key)


def served(scenario: Scenario) -> str | None:
    """The power the chain serves (Britain)."""
    return next((p for p, x in scenario.powers.items() if x.radar), None)


def status(scenario: Scenario, game: Game) -> str:
    """'full', 'active' or 'out' [BW L2028-L2032]; 'out' when the chain is not played."""
    every = stations(scenario)
    if not every or served(scenario) is None or not rules.enabled(game, "hq_command"):
        return "out"
    up = [h for h in every if h not in game.radar_down]
    if len(up) == len(every):
        return "full"
    if any(_adjacent(scenario, a, b) for i, a in enumerate(up) for b in up[i + 1:]):
        return "active"
    return "out"


def _adjacent(scenario: Scenario, a: str, b: str) -> bool:
    """Neighbouring hexes on the map (digest A49)."""
    (q1, r1), (q2, r2) = scenario.hexes[a].at, scenario.hexes[b].at
    return (q1 - q2, r1 - r2) in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


def fighter_level(scenario: Scenario, game: Game, power: str, unit: str, level: int) -> int:
    """The served power's fighters fight at TECH 2 at least while the chain is active or in full service [BW L2010]."""
    if unit != "fighter" or power != served(scenario) or level >= FIGHTER_TECH:
        return level
    return FIGHTER_TECH if status(scenario, game) in ("full", "active") else level


def watch(act: Act) -> None:
    """An enemy unit on a station destroys it [BW L2038]."""
    scenario, game = act.scenario, act.game
    power = served(scenario)
    if power is None or not rules.enabled(game, "hq_command"):
        return
    friends = scenario.powers[power].side
    board = act.board()
    for hex_id in stations(scenario):
        if hex_id in game.radar_down:
            continue
        enemy = board.blocks_at(hex_id, "axis" if friends == "allies" else "allies")
        if enemy:
            act.ctx.emit(RadarStation(hex=hex_id, operative=False))
            act.note(f"the radar station of {hex_id} is destroyed by enemy units on it [BW L2038]")


def spotted(act: Act, blocks: list[str], to: str) -> None:
    """In full service, enemy air units flying into the served nation are revealed at once [BW L2010]."""
    power = served(act.scenario)
    if power is None or act.scenario.hexes[to].nation != power or status(act.scenario, act.game) != "full":
        return
    if act.scenario.powers[power].side == act.side:
        return
    for b in blocks:
        if not act.game.blocks[b].revealed:
            act.ctx.emit(BlockUpdate(block=b, revealed=True, reason="seen by the radar chain [BW L2010]"))
    act.note(f"the radar chain in full service reveals {', '.join(blocks)} flying to {to} [BW L2010]")


def repair(act: Act, order: Any) -> None:
    """`repair_radar: HEX` in the served power's Production phase, 1 yellow PP [BW L2038]."""
    scenario, game = act.scenario, act.game
    power = served(scenario)
    act.require(rules.enabled(game, "hq_command") and power is not None, "the radar chain is played with the "
                "advanced rules' HQs (hq_command) and a scenario that marks its stations", "L2008-L2038", "repair_radar")
    assert power is not None
    act.require(scenario.powers[power].side == act.side, f"the radar chain is {power}'s", "L2038", "repair_radar")
    at = act.hex(order.repair_radar, "repair_radar")
    act.require(scenario.hexes[at].radar, f"{at} has no radar station", "L2014-L2026", "repair_radar")
    act.require(at in game.radar_down, f"the radar station of {at} is operative", "L2038", "repair_radar")
    board = act.board()
    act.require(board.controller(at) == act.side and not board.blocks_at(at, board.enemy(act.side)),
                f"{at} is not held by the {act.side}: its station is not rebuilt", "L2038", "repair_radar")
    act.pay(power, REPAIR_PP, f"repairing the radar station of {at}", "L2038")
    act.ctx.emit(RadarStation(hex=at, operative=True))
    act.note(f"the radar station of {at} is repaired for {REPAIR_PP} PP [BW L2038]")
