"""Property: in a fair-dice game, no edit to a commitment, a signature, a revealed value or a
die survives replay, even when the cheat rebuilds the log's hash chain and the game's head
to match (docs/fair-dice.md, threats "doctored game or log" and "reusing a reveal")."""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from aa_ref.core.auditlog import entry_hash
from aa_ref.cli.app import app
from aa_ref.core.session import replay
from aa_ref.core.yamlio import dump_json_style, load_yaml

ROUND_1 = Path(__file__).resolve().parents[2] / "examples" / "aa1941" / "round-1"


@pytest.fixture(scope="module")
def fair_game(tmp_path_factory) -> Path:
    """Commitments by alice and bob, and the USSR's purchase, combat move and combat."""
    folder = tmp_path_factory.mktemp("fair")
    run = CliRunner()

    def cli(*args) -> None:
        result = run.invoke(app, [str(a) for a in args], catch_exceptions=False)
        assert result.exit_code == 0, result.output

    game = folder / "game.yaml"
    cli("new", "aa1941", "-o", game, "--seed", "prop")
    cli("commit", game, "--secret", folder / "a.yaml", "--player", "alice", "--side", "Axis")
    cli("commit", game, "--secret", folder / "b.yaml", "--player", "bob", "--side", "Allies")
    for name in ("01-ussr-purchase.yaml", "02-ussr-combat-move.yaml", "03-ussr-combat.yaml"):
        shutil.copy(ROUND_1 / name, folder / name)
        cli("sign", game, folder / name, "--secret", folder / "b.yaml")
        if name.startswith("03"):
            cli("reveal", game, folder / name, "--secret", folder / "a.yaml", "-o", folder / "r.yaml")
            cli("apply", game, folder / name, "--reveal", folder / "r.yaml", "--in-place")
        else:
            cli("apply", game, folder / name, "--in-place")
    assert replay(game).divergence is None
    return folder


def _targets(log: dict) -> list[tuple]:
    """Paths to every fair-dice artefact and every die in the log."""
    out = []
    for i, entry in enumerate(log["entries"]):
        data = entry["input"]
        if data.get("kind") == "commitment":
            out += [(i, "input", key) for key in ("anchor", "public_key", "signature")]
        if isinstance(data.get("signature"), dict):  # an orders document's (a commitment's is a string)
            out.append((i, "input", "signature", "value"))
        for j, _ in enumerate(data.get("reveals") or []):
            out += [(i, "input", "reveals", j, key) for key in ("value", "signature")]
        for j, event in enumerate(entry["events"]):
            if event.get("type") == "roll":
                out.append((i, "events", j, "dice"))
    return out


def _tamper(value, choice: int):
    if isinstance(value, list):  # dice: change one die to another face
        changed = list(value)
        changed[choice % len(changed)] = changed[choice % len(changed)] % 6 + 1
        return changed
    position = choice % len(value)
    return value[:position] + ("0" if value[position] != "0" else "1") + value[position + 1:]


def _logged(fair_game: Path) -> dict:
    return json.loads(json.dumps(load_yaml(fair_game / "game.log.yaml").data))


def test_every_kind_of_artefact_is_a_target(fair_game):
    """The property below tampers with commitments, signatures, reveals and dice alike."""
    kinds = {path[-1] if path[-1] != "value" or path[2] != "signature" else "orders signature"
             for path in _targets(_logged(fair_game))}
    assert {"anchor", "public_key", "signature", "orders signature", "value", "dice"} <= kinds


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_no_edit_to_a_fair_dice_artefact_survives_replay(fair_game, tmp_path_factory, data):
    targets = _targets(_logged(fair_game))
    path = data.draw(st.sampled_from(targets))
    assert _replay_after_tampering(fair_game, tmp_path_factory.mktemp("tampered"), path,
                                   data.draw(st.integers(min_value=0, max_value=10_000))) is not None, path


def test_each_artefact_tampered_once_is_caught(fair_game, tmp_path_factory):
    """Every target, deterministically (the property above varies the position)."""
    for path in _targets(_logged(fair_game)):
        assert _replay_after_tampering(fair_game, tmp_path_factory.mktemp("each"), path, 7) is not None, path


def _replay_after_tampering(fair_game: Path, folder: Path, path: tuple, choice: int) -> str | None:
    """The replay's divergence after one edit at `path`, the log re-chained to hide it."""
    for name in ("game.yaml", "game.log.yaml"):
        shutil.copy(fair_game / name, folder / name)
    log = _logged(folder)
    node = log["entries"][path[0]]
    for key in path[1:-1]:
        node = node[key]
    original = copy.deepcopy(node[path[-1]])
    node[path[-1]] = _tamper(original, choice)
    assert node[path[-1]] != original
    prev = None
    for entry in log["entries"]:  # the cheat re-chains the log so that it looks untouched
        if prev is not None:
            entry["prev"] = prev
        entry["hash"] = entry_hash({k: v for k, v in entry.items() if k != "hash"})
        prev = entry["hash"]
    (folder / "game.log.yaml").write_text(dump_json_style(log, "entries"))
    text = (folder / "game.yaml").read_text()
    old_head = load_yaml(folder / "game.yaml").data["log"]["head"]
    (folder / "game.yaml").write_text(text.replace(old_head, prev))
    return replay(folder / "game.yaml").divergence
