"""Nesting depth is capped before parsing, in JSON, flow and block style: a deep document gets a located
"nested N deep" instead of a RecursionError traceback, a crash of the YAML parser, or a false "alias bomb"."""

from __future__ import annotations

import pytest

from aa_ref.core.errors import InvalidInput
from aa_ref.core.yamlio import parse_yaml
from tests.adversarial.support import ORDERS, POSIX_ONLY, refused, run_child

LIMIT = 100


def json_style(depth: int) -> str:
    """A JSON-style document of `depth` nested mappings."""
    return '{"a": ' * (depth - 1) + '{"a": 1' + "}" * depth + "\n"


def flow_style(depth: int) -> str:
    """A flow-style document of `depth` nested sequences."""
    return "[" * depth + "]" * depth + "\n"


def block_style(depth: int) -> str:
    """A block-style document of `depth` nested mappings, one more space of indentation each."""
    return "".join(" " * i + f"k{i}:\n" for i in range(depth - 1)) + " " * (depth - 1) + "v: 1\n"


def depth_of(node: object) -> int:
    if isinstance(node, dict):
        node = list(node.values())
    return 1 + max(map(depth_of, node), default=0) if isinstance(node, list) else 0


@pytest.mark.parametrize("style", [json_style, flow_style, block_style])
def test_the_limit_is_exact_in_every_style(style):
    """At the limit a document parses (to its full depth); one level more is refused where it passes the limit."""
    assert depth_of(parse_yaml(style(LIMIT), "deep.yaml").data) == LIMIT
    with pytest.raises(InvalidInput) as refusal:
        parse_yaml(style(LIMIT + 1), "deep.yaml")
    [problem] = refusal.value.problems
    assert problem.message == f"nested {LIMIT + 1} deep; the limit is {LIMIT}"
    where = {json_style: (1, 6 * LIMIT + 1), flow_style: (1, LIMIT + 1), block_style: (LIMIT + 1, LIMIT + 1)}[style]
    assert (problem.file, problem.line, problem.column) == ("deep.yaml", *where)


def test_a_log_nested_1000_deep_in_json_style(cli, game):
    """The log takes the JSON fast path, whose decoder raised RecursionError at about 1,000 levels."""
    log = cli.folder / "game.log.yaml"
    text = log.read_text()
    assert text.startswith('{"kind": "log"')
    log.write_text('{"deep": ' + "[" * 999 + "]" * 999 + ", " + text[1:])
    before = cli.snapshot()
    output = refused(cli("show", "game.yaml"), before, cli.snapshot())
    assert f"game.log.yaml:1:{9 + LIMIT}: nested 1000 deep; the limit is {LIMIT}" in output


@POSIX_ONLY
def test_flow_nesting_30000_deep_does_not_crash_the_parser(cli, game):
    """ruamel's parsers recursed once a level and died of a segmentation fault: run in a child process."""
    (cli.folder / "deep.yaml").write_text(ORDERS.replace("purchase: {}", "purchase: " + flow_style(30_000)))
    before = cli.snapshot()
    output = refused(run_child(cli.folder, "apply", "game.yaml", "deep.yaml", "--in-place"), before, cli.snapshot())
    assert f"deep.yaml:6:{10 + LIMIT}: nested more than 10000 deep; the limit is {LIMIT}" in output


def test_deep_block_nesting_is_not_called_an_alias_bomb(cli, game):
    body = "".join(" " * (i + 1) + f"k{i}:\n" for i in range(2_999)) + " " * 3_000 + "v: 1\n"
    (cli.folder / "deep.yaml").write_text(ORDERS.replace("purchase: {}", "purchase:\n" + body))
    before = cli.snapshot()
    output = refused(cli("apply", "game.yaml", "deep.yaml", "--in-place"), before, cli.snapshot())
    assert f"deep.yaml:{6 + LIMIT}:{LIMIT + 1}: nested 3001 deep; the limit is {LIMIT}" in output
    assert "alias" not in output
