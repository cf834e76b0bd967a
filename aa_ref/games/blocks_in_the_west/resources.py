"""Captured factories (BR 3.3.2) and OR 16.0 captured resources (`captured_resources`) [BW L562], [BW L2125-L2137].

BR 3.3.2, a basic rule: "Comunque le fabbriche nemiche vengono distrutte quando catturate" [BW L562]: enemy factories
are destroyed when captured, with or without OR 16.0; OR 16.1 adds the PP they give the captor.

16.1: "Le fabbriche nemiche vengono immediatamente distrutte quando vengono conquistate da GU nemiche e forniscono
loro 1 PP dello stesso tipo" [BW L2129]: a hex's enemy factories (red, blue, white, and black when the hex is a
hydrogenation plant, AR 11.2 [BW L1730-L1750]) are destroyed when enemy ground units capture it, and each gives the
captor 1 PP of its colour (coloured PP exist only under AR 11.0; without it the factory is destroyed and gives
nothing). A destroyed factory produces nothing more, for anyone, and builds no unit.

16.2: captured population and mining centres (and oil wells, AR 11.1 [BW L1728]) give their former owner nothing
[BW L2133]; only Germany, Italy and the USSR exploit them, from the turn after capture [BW L2137]: the Axis's go to
Germany (AR 11.0 [BW L1760]), the Allies' to the USSR when it is a power of the scenario (`ussr`), else to nobody.
"""

from __future__ import annotations

from aa_ref.games.blocks_in_the_west import factories, rules, supply
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.events import ColouredPoints, FactoriesDestroyed
from aa_ref.games.blocks_in_the_west.scenario import Hex, Scenario
from aa_ref.games.blocks_in_the_west.state import Game, Side

SOVIET = "ussr"
"""The Allied power that exploits captured resources under OR 16.2 [BW L2137], when the scenario has it."""


def factory_colours(h: Hex) -> list[str]:
    """The colours of the hex's factories (AR 11.2): red, blue, white, and black only for a hydrogenation plant."""
    return [c for c in ("red", "blue", "white", "black") if getattr(h.production, c) and (c != "black" or h.hydrogenation)]


def output(game: Game, scenario: Scenario, hex_id: str, colour: str) -> int:
    """The PP of `colour` the hex produces a turn: its printed value, nothing once its factories of that colour are
    destroyed (OR 16.1 [BW L2129]); with OR 15.0 the new factories there (`factories.added`)."""
    if colour in game.destroyed_factories.get(hex_id, []):
        return 0
    return getattr(scenario.hexes[hex_id].production, colour) + factories.added(game, scenario, hex_id, colour)


def _standing(game: Game, scenario: Scenario, hex_id: str, colour: str) -> int:
    """The hex's factories of `colour` standing: printed, and with OR 15.0 the new ones placed (even those that
    produce only from the next turn)."""
    return getattr(scenario.hexes[hex_id].production, colour) + factories.added(game, scenario, hex_id, colour,
                                                                                producing=False)


def exploiter(scenario: Scenario, side: Side) -> str | None:
    """OR 16.2: the power that adds the centres its side captured to its income [BW L2137]: Germany for the Axis (the
    Axis's first major power, AR 11.0 [BW L1760]), the USSR for the Allies; none when the scenario lacks it."""
    if side == "allies":
        return SOVIET if SOVIET in scenario.powers and scenario.powers[SOVIET].side == "allies" else None
    return supply.receiving_power(scenario, "axis")


def captured(act: Act, hex_id: str, captor: str) -> None:
    """Ground units of `captor`'s side have just taken `hex_id`: its enemy factories are destroyed (BR 3.3.2
    [BW L562]); with OR 16.0 each gives `captor` 1 PP of its colour (AR 11.0) [BW L2129]."""
    h = act.scenario.hexes[hex_id]
    side = act.scenario.powers[captor].side
    if h.nation is None or act.scenario.powers[h.nation].side == side:
        return  # a side's own factory retaken is not an enemy factory
    standing = {c: _standing(act.game, act.scenario, hex_id, c) if c in factory_colours(h)
                else factories.added(act.game, act.scenario, hex_id, c, producing=False)  # OR 15.0's new ones
                for c in ("red", "blue", "white", "black")}
    colours = [c for c, n in standing.items() if n and c not in act.game.destroyed_factories.get(hex_id, [])]
    if not colours:
        return
    act.ctx.emit(FactoriesDestroyed(hex=hex_id, colours=colours))  # type: ignore[arg-type]
    what = ", ".join(f"{standing[c]} {c}" for c in colours)
    if not rules.enabled(act.game, "captured_resources"):
        act.note(f"the enemy factories of {hex_id} ({what}) are destroyed when captured [BW L562]")
    elif rules.enabled(act.game, "advanced_production"):
        for c in colours:
            act.ctx.emit(ColouredPoints(power=captor, colour=c, delta=standing[c],  # type: ignore[arg-type]
                                        reason=f"factories captured in {hex_id} [BW L2129]"))
        act.note(f"the factories of {hex_id} ({what}) are destroyed; {captor} gains {what} PP [BW L2129]")
    else:
        act.note(f"the factories of {hex_id} ({what}) are destroyed; no coloured PP without advanced production "
                 "[BW L2129]")
