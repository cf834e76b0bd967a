"""The advanced and optional rules as named options [BW L27-L35] (aa_ref.games.blocks_in_the_west.rules)."""

from __future__ import annotations

import pytest

from aa_ref.games.blocks_in_the_west import rules
from aa_ref.games.blocks_in_the_west.ruleset import OPTIONS, Bitw


def test_every_rule_is_an_option_with_its_default_first() -> None:
    for rule in rules.RULES:
        assert OPTIONS[rule.key][0] == ("auto" if rule.implemented and rule.level == "advanced" else "off")


@pytest.mark.parametrize("rule", [r for r in rules.RULES if not r.implemented], ids=lambda r: r.key)
def test_a_rule_not_played_yet_cannot_be_turned_on(rule: rules.Rule) -> None:
    problem = Bitw().option_problem(rule.key, "on")
    assert problem is not None and "not implemented yet" in problem and rule.section in problem


def test_a_misspelt_choice_names_the_choices() -> None:
    assert Bitw().option_problem("recon", "yes") == "option recon cannot be 'yes' (choices: off, on)"


class _Game:
    def __init__(self, options: dict[str, str]) -> None:
        self.options = options


@pytest.mark.parametrize(("options", "expected"), [
    ({}, False),
    ({"rules": "advanced"}, True),
    ({"rules": "advanced", "elite_units": "off"}, False),
    ({"rules": "basic", "elite_units": "on"}, True),
])
def test_an_advanced_rule_follows_the_level_unless_set(options: dict[str, str], expected: bool) -> None:
    assert rules.enabled(_Game(options), "elite_units") is expected  # type: ignore[arg-type]


def test_an_optional_rule_is_off_under_the_advanced_rules_unless_named() -> None:
    assert not rules.enabled(_Game({"rules": "advanced"}), "recon")  # type: ignore[arg-type]
    assert rules.enabled(_Game({"recon": "on"}), "recon")  # type: ignore[arg-type]
