"""Issue 22: a pending amphibious assault read from a game file is solved exactly when the chain holds it."""

from __future__ import annotations

import json
from pathlib import Path


def test_a_pending_amphibious_assault_is_solved_exactly_as_the_referee_would_fight_it(cli):
    """Japan's landing in Kwangtung in the shipped example: its landed units are seaborne and the
    ships in SZ 61 bombard, read from the game, and the exact chain solves it (the referee's own
    engine on 2,000 copies of the game agrees: attacker wins, 2.66 infantry left on average)."""
    from aa_ref.core.session import load_game
    from aa_ref.features.odds.from_game import spec_from_game
    from aa_ref.features.odds.run import Request, compute

    examples = sorted((Path(__file__).resolve().parents[2] / "examples" / "anniversary-1941" / "round-1").glob("*.yaml"))
    assert cli("new", "anniversary-1941", "-o", "game.yaml", "--seed", "anniversary-1941",
               "--option", "research=on", "--option", "national_objectives=on").exit_code == 0
    for path in examples[:15]:  # up to Japan's Combat Move
        assert cli("apply", "game.yaml", path, "--in-place").exit_code == 0, path.name
    spec = spec_from_game(load_game(Path("game.yaml")), "Kwangtung", Request())
    assert spec.fitted is not None and spec.fitted.seaborne == {"artillery": 1, "infantry": 3}
    assert spec.fitted.bombard == {"battleship": 1, "cruiser": 1}
    result = compute(spec, None, "s")
    assert result.method == "exact" and "amphibious" in result.method_reason
    assert result.attacker_win > 0.99 and abs(result.expected("attacker")["infantry"] - 2.66) < 0.05
    data = json.loads(cli("odds", "game.yaml", "--at", "Kwangtung", "--json").output)
    assert data["method"] == "exact"
