"""`aa-ref new` refuses an optional rule switched on for a scenario without the data it plays on (the shipped demo
has none of the optional rules' sections), naming the section: never a game where the rule silently never acts."""

from __future__ import annotations

import pytest

from aa_ref.core.errors import UsageError
from aa_ref.core.setups import load_setup
from aa_ref.games.blocks_in_the_west.ruleset import Bitw
from aa_ref.games.blocks_in_the_west.scenario_needs import NEEDS

DEMO = load_setup("bitw-demo")


@pytest.mark.parametrize("option, field", [(key, field) for keys, field, _, _ in NEEDS for key in keys])
def test_an_option_without_its_data_is_refused(option: str, field: str):
    assert not getattr(DEMO, field)
    with pytest.raises(UsageError, match=f"option {option} needs the scenario's `{field}`"):
        Bitw().new_game(DEMO, None, {option: "on"}, "seed", "g.log.yaml")


@pytest.mark.parametrize("option", ["partisans", "garrisons", "strategic_bombing", "reserves", "volkssturm"])
def test_an_option_the_demo_can_play_is_accepted(option: str):
    assert Bitw().new_game(DEMO, None, {option: "on"}, "seed", "g.log.yaml").options[option] == "on"
