"""Issue 21: output fits the terminal's width (COLUMNS), and the help is current: -h, completion, flags, rulesets."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import click
import pytest
import typer
from typer.testing import CliRunner

from aa_ref.cli.app import app
from aa_ref.cli.fit import fit

ROOT = Path(__file__).resolve().parents[2]
ROUND_1 = sorted((ROOT / "examples" / "aa1941" / "round-1").glob("*.yaml"))[:8]
SCENARIOS = ["aa1941", "anniversary-1941", "global1940", "warzag-demo", "bitw-demo"]


def widest(text: str) -> int:
    return max((len(line) for line in text.splitlines()), default=0)


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new game of each family, and a 1941 game with a log of eight entries."""
    folder = tmp_path_factory.mktemp("fit")
    runner = CliRunner()
    for scenario in SCENARIOS:
        result = runner.invoke(app, ["new", scenario, "-o", str(folder / f"{scenario}.yaml"), "--seed", "fit"])
        assert result.exit_code == 0, result.output
    for orders in ROUND_1:
        shutil.copy(orders, folder / orders.name)
        result = runner.invoke(app, ["apply", str(folder / "aa1941.yaml"), str(folder / orders.name), "--in-place"])
        assert result.exit_code == 0, result.output
    return folder


@pytest.mark.parametrize("columns", [80, 120])
def test_every_line_fits_columns(games: Path, columns: int, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("COLUMNS", str(columns))
    runner = CliRunner()
    commands = [["games"], ["games", "aa1941"], ["games", "bitw-demo"]]
    commands += [[c, str(games / f"{s}.yaml")] for s in SCENARIOS for c in ("show", "log")]
    for args in commands:
        result = runner.invoke(app, args)
        assert result.exit_code == 0, (args, result.output)
        assert widest(result.output) <= columns, (args, [line for line in result.output.splitlines()
                                                         if len(line) > columns])
        if args[0] == "games" and len(args) == 1:
            assert all(s in result.output for s in SCENARIOS)


def test_output_to_a_script_is_left_whole(games: Path, monkeypatch: pytest.MonkeyPatch):
    """Without COLUMNS and not at a terminal, nothing is wrapped: one record per line for grep."""
    monkeypatch.delenv("COLUMNS", raising=False)
    text = CliRunner().invoke(app, ["show", str(games / "anniversary-1941.yaml")]).output
    assert widest(text) > 120


def test_a_table_keeps_its_words_and_columns():
    table = ("name   text\n-----  " + "-" * 50 + "\nalpha  " + "one two three four five six seven eight nine ten"
             + "\nbeta   short")
    out = fit(table, 30)
    assert widest(out) <= 30
    assert " ".join(out.split()).count("alpha") == 1 and "ten" in out and out.splitlines()[-1].startswith("beta")


# --- help, -h and completion ---------------------------------------------------------------------------------------
def commands() -> list[tuple[str, click.Command]]:
    group = typer.main.get_command(app)
    ctx = click.Context(group, info_name="aa-ref")
    return [(name, group.get_command(ctx, name)) for name in group.list_commands(ctx)]


STALE = ["later)", "global1940 later", "(aa1941, anniversary)", "(kind: game)", "<bool>"]
"""Phrases of help texts that were no longer true (issue 21)."""


def test_every_help_is_current_and_h_is_help(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("COLUMNS", "200")
    runner = CliRunner()
    top = runner.invoke(app, ["-h"])
    assert top.exit_code == 0 and "--install-completion" in top.output and "<bool>" not in top.output
    for name, _ in commands():
        result = runner.invoke(app, [name, "-h"])
        assert result.exit_code == 0 and "Usage" in result.output, name
        for phrase in STALE:
            assert phrase not in result.output, (name, phrase)


def test_every_ruleset_is_named_where_a_ruleset_is_chosen():
    from aa_ref.core.session import RULESETS

    aa_rulesets = [r for r in RULESETS if r not in ("warzag", "bitw")]
    chosen = {"import-triplea": "--ruleset", "odds": "--edition"}
    for name, command in commands():
        if name not in chosen:
            continue
        option = next(p for p in command.params if chosen[name] in p.opts)
        for ruleset in aa_rulesets:
            assert re.search(rf"\b{ruleset}\b", option.help), (name, ruleset)


def test_completion_is_shown_and_installs(tmp_path: Path):
    runner = CliRunner()
    env = {"SHELL": "/bin/bash", "HOME": str(tmp_path)}
    shown = runner.invoke(app, ["--show-completion", "bash"], env=env, prog_name="aa-ref")
    assert shown.exit_code == 0 and "complete -o default -F _aa_ref_completion aa-ref" in shown.output
    installed = runner.invoke(app, ["--install-completion", "bash"], env=env, prog_name="aa-ref")
    assert installed.exit_code == 0, installed.output
    assert "_aa_ref_completion" in (tmp_path / ".bash_completions" / "aa-ref.sh").read_text()
    assert ".bash_completions/aa-ref.sh" in (tmp_path / ".bashrc").read_text()
