"""What a command imports (issue 22, docs/architecture.md "What a command imports"): a command is a fresh process, so
reading a game must not import the rules that only adjudicating needs, nor a library only a writer needs. Each case
runs in a fresh interpreter and lists the modules it imported."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from aa_ref.core import session

BATTLES = "aa_ref.games.axis_allies.rules.combat"
MOVEMENT = "aa_ref.games.axis_allies.rules.movement"
ORDERS = "aa_ref.games.axis_allies.model.orders"


def imported_by(code: str) -> set[str]:
    """The modules a fresh Python imports running `code`."""
    script = f"import sys\n{code}\nimport json\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", script], check=True, capture_output=True, text=True)
    return set(json.loads(out.stdout.splitlines()[-1]))


@pytest.mark.parametrize("scenario", ["aa1941", "anniversary-1941", "global1940"])
def test_reading_a_game_imports_no_battle_rules(tmp_path: Path, scenario: str) -> None:
    game = tmp_path / "game.yaml"
    session.new_game(scenario, game, seed="imports")
    modules = imported_by(f"from pathlib import Path\nfrom aa_ref.core.session import validate_files, load_game\n"
                          f"assert not validate_files([Path({str(game)!r})])[0].problems\n"
                          f"loaded = load_game(Path({str(game)!r}))")
    assert {BATTLES, MOVEMENT, ORDERS} & modules == set()
    assert "filelock" not in modules  # only a command that writes takes the game's lock


def test_adjudicating_still_imports_the_rules(tmp_path: Path) -> None:
    """The other side: a check of orders imports the phase's rules (the test above is not vacuous)."""
    game = tmp_path / "game.yaml"
    session.new_game("aa1941", game, seed="imports")
    orders = Path(__file__).parents[2] / "examples" / "aa1941" / "round-1" / "02-ussr-combat-move.yaml"
    modules = imported_by(f"from pathlib import Path\nfrom aa_ref.core import session\n"
                          f"session.apply_orders(Path({str(game)!r}), [Path({str(orders.parent / '01-ussr-purchase.yaml')!r}), "
                          f"Path({str(orders)!r})], dry_run=True)")
    assert {BATTLES, MOVEMENT, ORDERS} <= modules


@pytest.mark.parametrize("argv, kept", [(["validate", "x.yaml"], ["validate"]), (["log"], ["log"]),
                                         (["--help"], None), (["valdate"], None), ([], None)])
def test_the_cli_builds_only_the_command_named(argv: list[str], kept: list[str] | None) -> None:
    """`main()` keeps the one command a command line names; help, a typo and no command keep them all (for the list
    and typer's suggestion)."""
    from aa_ref.cli import app

    everything = list(app.app.registered_commands)
    try:
        app.only_the_command_asked(argv)
        names = [app._command_name(info) for info in app.app.registered_commands]
    finally:
        app.app.registered_commands = everything
    assert names == (kept or [app._command_name(info) for info in everything])
    assert len(everything) > 20
