"""AR 24.3 in Blocks in the West: the surprise against neutral powers (`neutral`, `Game.neutrals_attacked`), its
data checks and its compatibility with the games begun before it."""

from __future__ import annotations

from pathlib import Path

import pytest

from aa_ref.games.blocks_in_the_west import neutrality, ruleset
from aa_ref.games.blocks_in_the_west.ruleset import Bitw, scenario_digest
from tests.conformance.bitw_runner import load_scenario
from tests.located import EditedFile

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "conformance" / "blocks_in_the_west"
EDITS = EditedFile(CASES / "_neutral-scenario.yaml", "scenario.yaml")


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_fixture_validates(folder):
    result = EDITS.validate(folder, EDITS.text())
    assert result.exit_code == 0, result.output


def test_a_neutral_without_territory_is_reported(folder):
    EDITS.reported(folder, "  belgium: {side: allies, major: false, neutral: true,",
                   "  luxembourg: {side: allies, major: false, neutral: true, supply_source: H14}\n"
                   "  belgium: {side: allies, major: false, neutral: false,",
                   "luxembourg:", "true", "no hex belongs to nation 'luxembourg'")


def test_neutral_left_out_of_the_digest_while_false():
    """Games begun before AR 24.3 keep their scenario digest: `neutral: false` is not in it."""
    assert "neutral" in ruleset.FIELDS_SINCE_DIGEST["powers"]
    scenario = load_scenario("_sea-zones-scenario.yaml")
    data = scenario.model_dump(mode="json")
    assert all(p["neutral"] is False for p in data["powers"].values())
    changed = scenario.model_copy(update={"powers": {**scenario.powers, "belgium": scenario.powers["belgium"]
                                                     .model_copy(update={"neutral": True})}})
    assert scenario_digest(changed) != scenario_digest(scenario)


def _act(side: str, turn: int = 1, attacked: dict[str, int] | None = None) -> tuple:
    """A new game of the neutral scenario at `turn`, with the neutrals attacked so far."""
    scenario = load_scenario("_neutral-scenario.yaml")
    game = Bitw().new_game(scenario, None, {"amphibious": "on", "hq_command": "on"}, "seed", "game.log.yaml")
    game.turn = game.round = turn
    game.neutrals_attacked = dict(attacked or {})
    return game, scenario, side


@pytest.mark.parametrize("side, turn, attacked, hex_id, expected", [
    ("axis", 1, {}, "H31", True),                 # not attacked yet: the first attack surprises
    ("axis", 2, {"belgium": 2}, "H31", True),     # attacked earlier this turn
    ("axis", 2, {"belgium": 1}, "H31", False),    # attacked last turn: no longer neutral
    ("allies", 1, {}, "H31", False),              # a neutral of one's own side
    ("axis", 1, {}, "H10", False),                # a power at war
])
def test_surprised(side, turn, attacked, hex_id, expected, monkeypatch):
    game, scenario, side = _act(side, turn, attacked)

    class Fake:
        pass

    act = Fake()
    act.game, act.scenario, act.side = game, scenario, side
    assert neutrality.surprised(act, hex_id) is expected  # type: ignore[arg-type]
    marines, level = neutrality.as_marines(act, "de-inf4" if side == "axis" else "gb-inf2", hex_id)  # type: ignore[arg-type]
    assert (marines, level) == ((True, 3) if expected else (False, 2))


def test_tech1_infantry_is_not_surprised():
    """Only TECH 2 infantry acts as TECH 3 Marines ("le fanterie Tech2") [BW L2342]."""
    game, scenario, _ = _act("axis")
    scenario = scenario.model_copy(deep=True)  # the loaded scenario is cached for the whole process: never edit it
    scenario.powers["germany"].tech["infantry"] = 1

    class Fake:
        pass

    act = Fake()
    act.game, act.scenario, act.side = game, scenario, "axis"
    assert neutrality.as_marines(act, "de-inf4", "H31") == (False, 1)  # type: ignore[arg-type]


def test_without_neutral_powers_nothing_is_recorded():
    """Every power `neutral: false`: the watch records nothing and no landing is a surprise."""
    scenario = load_scenario("_sea-zones-scenario.yaml")
    game = Bitw().new_game(scenario, None, {"amphibious": "on"}, "seed", "game.log.yaml")

    class Fake:
        pass

    act = Fake()
    act.game, act.scenario, act.side = game, scenario, "axis"
    assert not any(neutrality.surprised(act, h) for h in scenario.hexes)  # type: ignore[arg-type]
    assert game.neutrals_attacked == {}
