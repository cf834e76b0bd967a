"""Templates applied unchanged are legal: research with kept researchers, casualties (with
only the units in the battle discussed), and battle orders stating the retreat default."""

from __future__ import annotations

import random
from pathlib import Path

from aa_ref.core import session
from aa_ref.core.session import ruleset_for
from aa_ref.core.setups import load_setup
from aa_ref.core.yamlio import dump_yaml, parse_yaml
from aa_ref.games.axis_allies.autoplay import as_input, next_orders
from aa_ref.games.axis_allies.model.state import Game

ANNIVERSARY = load_setup("anniversary-1941")
RULES = ruleset_for(ANNIVERSARY)


def research_game(researchers: int, techs: list[str]) -> Game:
    """An Anniversary game (research on) at Germany's research phase, with kept researchers."""
    game = RULES.new_game(ANNIVERSARY, None, {"research": "on", "national_objectives": "on"}, "t", "t.log.yaml")
    game.phase, game.power = "research", "Germany"
    game.powers["Germany"].researchers = researchers
    game.powers["Germany"].technologies = techs
    return game


def template_problems(setup, rules, game: Game) -> list[str]:
    """The problems of the unchanged template of `game` (none: it is legal)."""
    data = parse_yaml(rules.template(setup, game)).data
    return [p.message for p in rules.check(setup, game, as_input(data))]


def test_research_with_kept_researchers_names_a_chart_and_applies():
    """Kept researchers roll whatever is bought [@53543]: the template names a chart and is legal."""
    game = research_game(2, [])
    text = RULES.template(ANNIVERSARY, game)
    assert "research: {researchers: 0, chart: 1}" in text
    assert template_problems(ANNIVERSARY, RULES, game) == []


def test_research_template_names_the_chart_with_technologies_left():
    """With chart 1 complete, the template's chart is 2 (a complete chart is refused [@54822])."""
    chart_1 = [tid for tid, t in ANNIVERSARY.technologies.items() if t.chart == 1]
    game = research_game(1, chart_1)
    assert "chart: 2}" in RULES.template(ANNIVERSARY, game)
    assert template_problems(ANNIVERSARY, RULES, game) == []


def test_research_without_researchers_is_a_pass_without_a_chart():
    game = research_game(0, [])
    assert "research: {researchers: 0}" in RULES.template(ANNIVERSARY, game)
    assert template_problems(ANNIVERSARY, RULES, game) == []


def play_until(path: Path, rng: random.Random, stop, steps: int = 60):
    """Apply the automatic player's documents until `stop(loaded)` is true; that game, loaded."""
    for _ in range(steps):
        loaded = session.load_game(path)
        if stop(loaded):
            return loaded
        orders = path.parent / "orders.yaml"
        orders.write_text(dump_yaml(next_orders(loaded.setup, loaded.ruleset, loaded.game, rng)))
        session.apply_orders(path, [orders], in_place=True)
    raise AssertionError("the game never reached the point looked for")


def test_a_land_battles_casualty_template_names_only_its_units_and_applies(tmp_path):
    """A land battle's casualty template says nothing of submarines, battleships or transports,
    and its filled-in choice is legal."""
    path = tmp_path / "game.yaml"
    session.new_game("aa1941", path, seed="0")
    loaded = play_until(path, random.Random(0), lambda lg: bool(lg.game.pending) and lg.game.pending[0].kind
                        == "casualties" and lg.setup.spaces[lg.game.pending[0].space].kind == "land")
    text = loaded.ruleset.template(loaded.setup, loaded.game)
    for word in ("ubmarine", "battleship", "ransport"):
        assert word not in text, text
    assert "casualties: {}" not in text
    assert template_problems(loaded.setup, loaded.ruleset, loaded.game) == []


def test_battle_orders_template_states_the_retreat_default_and_its_alternative(tmp_path):
    """The battles template says that without `retreat:` the game asks after every round, and
    `retreat: {}` (the alternative it shows) is legal and fights on without asking."""
    path = tmp_path / "game.yaml"
    session.new_game("aa1941", path, seed="0")
    loaded = play_until(path, random.Random(0), lambda lg: not lg.game.pending and lg.game.phase == "conduct_combat"
                        and any(b.status != "done" for b in lg.game.turn.battles))
    text = loaded.ruleset.template(loaded.setup, loaded.game)
    assert "without 'retreat:' the game stops after every round" in text
    assert "'retreat: {}' fights to the end" in text
    data = parse_yaml(text).data
    assert data["battles"] and all("retreat" not in b for b in data["battles"])
    never = {**data, "battles": [{**b, "retreat": {}} for b in data["battles"]]}
    assert loaded.ruleset.check(loaded.setup, loaded.game, as_input(never)) == []


def test_a_landing_template_fills_in_a_legal_place_l720():
    """Stranded fighters with a choice: the template names the first place they may land [L720]."""
    from tests.unit.test_combat import SETUP, force, new_game, place
    from aa_ref.games.axis_allies.model.state import Decision

    game = new_game("Germany")
    place(game, "SZ 8", force("UK", fighter=1))
    game.pending = [Decision(power="UK", kind="landing", space="SZ 8", hits=1)]
    rules = ruleset_for(SETUP)
    assert "land_at: SZ 14" in rules.template(SETUP, game)
    assert template_problems(SETUP, rules, game) == []
