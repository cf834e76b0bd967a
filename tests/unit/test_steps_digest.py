"""A game with no phase being entered move by move has the state digest it had before drafts existed (issue 20):
games and logs written by earlier versions still load and replay."""

from __future__ import annotations

from aa_ref.core import session
from aa_ref.core.auditlog import state_digest
from aa_ref.core.setups import load_setup


def test_no_draft_leaves_the_state_digest_as_it_was():
    setup = load_setup("aa1941")
    rules = session.ruleset_for(setup)
    game = rules.new_game(setup, None, {"victory": "two_capitals"}, "seed", "g.log.yaml")
    data = game.model_dump(mode="json")
    assert data["draft"] is None
    for key in ("log", "setup", "draft"):  # what the state was before `draft` existed
        data.pop(key)
    assert session.state_sha256(rules, game) == state_digest(data)
