"""Rules of issue 23 the referee did not know (branch bitw-leaders): withheld reinforcements (BR 7.3.3), and the
rules added after it in this file. What the conformance cases (960-969, 980-999) do not reach: the views, old games.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from aa_ref.core.setups import load_setup
from aa_ref.games.blocks_in_the_west.ruleset import Bitw
from aa_ref.games.blocks_in_the_west.state import Game
from aa_ref.games.blocks_in_the_west.views import view
from tests.conformance.bitw_runner import run_case

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "conformance" / "blocks_in_the_west"
SCENARIO = load_setup(str(CASES / "_test-scenario.yaml"))


# --- BR 7.3.3 withheld reinforcements [BW L1218] -------------------------------------------------------------
def test_a_withheld_reinforcement_is_shown_to_its_side_only():
    case, outcome = run_case(CASES / "960-unplaced-reinforcement-is-withheld.yaml")
    assert not outcome.problems and outcome.game.withheld == ["it-inf2"]
    assert view(SCENARIO, outcome.game, "axis").withheld == ["it-inf2"]
    allies = view(SCENARIO, outcome.game, "allies")
    assert allies.withheld == [] and "it-inf2" not in allies.model_dump_json()


def test_a_game_saved_before_withheld_loads_with_none():
    game = Bitw().new_game(SCENARIO, None, {}, "s", "g.log.yaml")
    data = game.model_dump(mode="json")
    data.pop("withheld")
    assert Game.model_validate(data).withheld == []


def test_a_withheld_block_the_scenario_does_not_know_is_reported():
    game = Bitw().new_game(SCENARIO, None, {}, "s", "g.log.yaml")
    game.withheld = ["xx-nobody"]
    problems = Bitw._name_problems(SCENARIO, game, _Doc())  # type: ignore[arg-type]
    assert [p.loc for p in problems if "xx-nobody" in p.message] == [("withheld", 0)]


class _Doc:
    """A stand-in for the game file's Document: a problem is its message and location."""

    def problem(self, message: str, loc: tuple) -> SimpleNamespace:
        return SimpleNamespace(message=message, loc=loc)
