"""Replay adjudicates each entry on the replayed state itself, keeping a copy only of the states an undo may
restore (`session._undoable`). A state kept wrong would let a log whose undo took nothing back replay; these
tests show that such a log, made to agree with its game file, is still reported, and that undos taking back
several entries, an edit and orders applied again replay and undo as before."""

from __future__ import annotations

import json
from pathlib import Path

from aa_ref.core import session
from aa_ref.core.auditlog import entry_hash

ROUND_1 = sorted((Path(__file__).resolve().parents[2] / "examples" / "aa1941" / "round-1").glob("*.yaml"))
EDIT = ('kind: edit\nschema_version: 1\nreason: "a house rule: the USSR finds 5 IPCs"\n'
        'set: {"powers.USSR.treasury": 29}\n')


def _state(path: Path) -> dict:
    data = session.load_game(path).game.model_dump(mode="json")
    data.pop("log")
    return data


def _new(tmp_path: Path) -> Path:
    path = tmp_path / "g.yaml"
    session.new_game("aa1941", path, seed="in-place")
    return path


def test_undos_of_several_entries_an_edit_and_orders_again_replay(tmp_path: Path) -> None:
    path = _new(tmp_path)
    states = [_state(path)]
    (tmp_path / "edit.yaml").write_text(EDIT)
    for orders in [*ROUND_1[:3], tmp_path / "edit.yaml", ROUND_1[3]]:
        session.apply_orders(path, [orders], in_place=True)
        states.append(_state(path))
    for back in (4, 3, 2):  # the noncombat move, the edit, the combat
        session.undo(path)
        assert _state(path) == states[back]
        assert session.replay(path).divergence is None
    session.apply_orders(path, [ROUND_1[2]], in_place=True)  # the combat again: the same seeded dice
    assert _state(path) == states[3]
    session.undo(path)
    session.undo(path)
    assert _state(path) == states[1]
    report = session.replay(path)
    assert report.divergence is None and report.entries == 11


def test_a_rechained_undo_that_took_nothing_back_is_reported(tmp_path: Path) -> None:
    path = _new(tmp_path)
    session.apply_orders(path, ROUND_1[:2], in_place=True)  # the USSR's purchase and combat move
    before_undo = session.load_game(path)
    session.undo(path)  # takes back the combat move
    log_path = tmp_path / "g.log.yaml"
    log = json.loads(log_path.read_text())
    undo = log["entries"][-1]
    assert undo["input"]["kind"] == "undo"
    # The forger's undo leaves the game as it was, and says so in a log re-chained to agree with the game file.
    undo["state_sha256"] = session.state_sha256(before_undo.ruleset, before_undo.game)
    del undo["hash"]
    undo["hash"] = entry_hash(undo)
    log_path.write_text(json.dumps(log))
    game = before_undo.game
    game.log.head, game.log.entries = undo["hash"], len(log["entries"])
    path.write_text(session.game_text(game))
    session.load_game(path)  # the pair agrees: only a replay can tell
    divergence = session.replay(path).divergence
    assert divergence is not None and "entry 3 says state_sha256" in divergence, divergence
