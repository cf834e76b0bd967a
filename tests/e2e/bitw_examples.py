"""What the Blocks in the West examples of optional rules check alike: their own DEMO scenario and play.sh, their
commented orders files, and a refused document."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.test_bitw_example import orders_in_play_order, play_options


def assert_own_demo_scenario(cli, example: Path, scenario: Path, seed: str, options: list[str]) -> None:
    """play.sh starts the game of the scenario beside it, with these options and seed; the scenario says it is DEMO
    data and `aa-ref validate` accepts it."""
    script = (example / "play.sh").read_text()
    assert sorted(play_options(example)) == sorted(options)
    assert f'"$here/{scenario.name}"' in script and f"--seed {seed}" in script
    text = scenario.read_text()
    assert "demo: true" in text and "DEMO data, not a published scenario" in text
    result = cli("validate", scenario)
    assert result.exit_code == 0 and "valid bitw-scenario" in result.output, result.output


def assert_orders_listed_and_commented(example: Path, count: int) -> None:
    """Every orders file of the example is in play.sh's list, once, and starts with a comment saying what it does."""
    files = orders_in_play_order(example)
    assert sorted(files) == sorted(example.glob("t*.yaml"))
    assert len(files) == len(set(files)) == count
    for path in files:
        text = path.read_text()
        assert text.startswith("# "), f"{path.name} starts with a comment saying what it does"
        assert "kind: bitw-orders" in text


def refusal(cli, actions: str, power: str) -> str:
    """`aa-ref check` of an orders document of `power` with these actions (YAML lines): the output of a refusal."""
    (cli.folder / "try.yaml").write_text(f"kind: bitw-orders\nschema_version: 1\npower: {power}\nactions:\n{actions}")
    result = cli("check", "game.yaml", "try.yaml")
    assert result.exit_code == 1, result.output
    return result.output
