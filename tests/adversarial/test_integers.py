"""Whole numbers are bounded: an absurdly long one is refused where it stands, in any document, instead of a
traceback from Python's limit on converting long integers (4,300 digits) or a number no game has."""

from __future__ import annotations

import pytest

from aa_ref.core.errors import InvalidInput
from aa_ref.core.yamlio import parse_yaml
from tests.adversarial.support import ORDERS, refused


@pytest.mark.parametrize("number", ["9" * 5_000, "0x" + "f" * 5_000])
def test_a_5000_digit_number_in_orders(cli, game, number):
    (cli.folder / "big.yaml").write_text(ORDERS.replace("round: 1", f"round: {number}"))
    before = cli.snapshot()
    output = refused(cli("apply", "game.yaml", "big.yaml", "--in-place"), before, cli.snapshot())
    assert "big.yaml:3:8: a whole number of 5000 digits; the limit is 18 digits" in output
    assert number not in output


def test_a_5000_digit_number_in_a_json_style_log(cli, game):
    log = cli.folder / "game.log.yaml"
    log.write_text('{"n": ' + "1" * 5_000 + ", " + log.read_text()[1:])
    before = cli.snapshot()
    output = refused(cli("show", "game.yaml"), before, cli.snapshot())
    assert "game.log.yaml:1:7: a whole number of 5000 digits; the limit is 18 digits" in output


def test_the_limit_is_18_digits():
    """18 digits are a number (and so is a long quoted string of digits); 19 are refused."""
    assert parse_yaml(f"a: {'9' * 18}\nb: '{'9' * 40}'\n").data == {"a": int("9" * 18), "b": "9" * 40}
    assert parse_yaml(f'{{"a": -{"9" * 18}}}').data == {"a": -int("9" * 18)}
    for text in (f"a: {'1' * 19}\n", f'{{"a": {"1" * 19}}}', "a: 1_000_000_000_000_000_000\n"):
        with pytest.raises(InvalidInput, match="19 digits; the limit is 18"):
            parse_yaml(text)
