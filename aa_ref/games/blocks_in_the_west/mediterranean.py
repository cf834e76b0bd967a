"""The Mediterranean's weather: AR 9.0.1 [BW L1602] and OR 39.0's Mediterranean hexes [BW L2600].

AR 9.0.1 (`advanced_weather`): "Tutti gli esagoni costieri del Mediterraneo e delle Isole hanno sempre un bel tempo"
[BW L1602]: the hexes the scenario marks `mediterranean` have good weather whatever the month's.
OR 39.0 (`optional_weather`): "Tutti e 6 gli esagoni costieri/isola del Mediterraneo avranno come condizioni
atmosferiche Pioggia Leggera con un risultato di 6, bel tempo con 1-5" [BW L2600]: in the months whose weather is
rolled (April and October, the rule's "3 modificatori" of that roll [BW L2594]) the German player, who rolls the
month's weather [BW L1600], rolls a die for them too: 6 light rain, 1-5 good; other months they keep AR 9.0.1's good
weather. The Mediterranean hexes' weather is `Game.mediterranean_weather`; every rule that reads the weather of a hex
asks `weather(x, hex)`.
"""

from __future__ import annotations

from typing import Any, Protocol

from aa_ref.core.dice import Volley
from aa_ref.games.blocks_in_the_west import rules
from aa_ref.games.blocks_in_the_west.events import MediterraneanWeather
from aa_ref.games.blocks_in_the_west.scenario import Scenario
from aa_ref.games.blocks_in_the_west.state import Game


class Sees(Protocol):
    """An Act or a Board: what the weather of a hex is read from."""

    scenario: Scenario

    @property
    def game(self) -> Game: ...


def played(game: Game) -> bool:
    return rules.enabled(game, "advanced_weather") or rules.enabled(game, "optional_weather")


def weather(x: Any, hex_id: str | None) -> str:
    """The weather in `hex_id`: the month's, or a Mediterranean hex's own [BW L1602], [BW L2600]."""
    game: Game = x.game
    if hex_id is None or not played(game):
        return game.weather
    h = x.scenario.hexes.get(hex_id)
    if h is None or not h.mediterranean:
        return game.weather
    return game.mediterranean_weather if rules.enabled(game, "optional_weather") else "good"


def new_month(act: Any, rolled: bool) -> None:
    """The weather phase: under OR 39.0, a month whose weather is rolled rolls the Mediterranean hexes' too (6: light
    rain, 1-5: good) [BW L2600]; any other month they are good [BW L1602]."""
    game: Game = act.game
    now = "good"
    if rolled and rules.enabled(game, "optional_weather") and any(h.mediterranean for h in act.scenario.hexes.values()):
        die = act.roll("weather-mediterranean", 1, Volley("the Mediterranean hexes' weather, rolled by the German "
                                                          "player", (("6 light rain, 1-5 good", 1),)))[0]
        now = "light_rain" if die == 6 else "good"
        act.note(f"the Mediterranean coastal and island hexes: die {die}, {now.replace('_', ' ')} [BW L2600]")
    if now != game.mediterranean_weather:
        act.ctx.emit(MediterraneanWeather(weather=now))  # type: ignore[arg-type]
