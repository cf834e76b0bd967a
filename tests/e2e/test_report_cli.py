"""`aa-ref report`: a round's report from the log, in Markdown, BBCode, text or HTML, for every game."""

from __future__ import annotations

import re
import stat
from pathlib import Path

from aa_ref.core.yamlio import parse_yaml, to_plain

ROOT = Path(__file__).resolve().parents[2]


def played_round(cli) -> None:
    assert cli("new", "anniversary-1941", "-o", "game.yaml", "--seed", "anniversary-1941",
               "--option", "research=on", "--option", "national_objectives=on").exit_code == 0
    files = sorted((ROOT / "examples" / "anniversary-1941" / "round-1").glob("*.yaml"))
    assert cli("apply", "game.yaml", *files, "--in-place").exit_code == 0


def sections(md: str, level: str = "## ") -> dict[str, str]:
    """The Markdown's sections of one heading level, by title."""
    out, title = {}, None
    for line in md.splitlines():
        if line.startswith(level):
            title = line[len(level):]
            out[title] = ""
        elif title is not None and not (line.startswith("#") and len(line) - len(line.lstrip("#")) < len(level) - 1):
            out[title] += line + "\n"
    return out


def test_report_of_a_round_in_markdown_and_text(cli):
    played_round(cli)
    md = cli("report", "game.yaml", "--round", "1").output
    assert md.startswith("# Axis & Allies Anniversary Edition, 1941 scenario: round 1")
    assert "## Germany" in md and "## China" in md
    assert "control changed: Baltic States (USSR -> Germany)" in md
    assert "national objective G1" in md
    assert "### conduct combat" in md and "**Baltic States**" in md  # battles grouped under their space
    assert "round 1 attack: 2 infantry (1) roll 5 2: 0 hit(s)" in md  # dice as dice, not "[5, 2]"
    assert "dice r1/" not in md and "[@" not in md  # no raw volley names, no rule citations
    assert "| power | treasury | income | territories | units |" in md and "Victory cities: " in md
    text = cli("report", "game.yaml", "--format", "text").output
    assert "conduct combat" in text and "#" not in text.splitlines()[0]


def test_every_event_is_filed_under_the_power_whose_turn_it_is(cli):
    """Germany answers the UK's attack on SZ 6 (its submarine stays): the answer and the rest of the battle are in
    the UK's turn, not under a German heading after it; Germany has one section, before the USSR's."""
    played_round(cli)
    md = cli("report", "game.yaml", "--round", "1").output
    assert [t for t in sections(md) if not t.startswith("The board")] == [
        "Germany", "USSR", "Japan", "UK", "Italy", "USA", "China"]
    uk = sections(md)["UK"]
    battle = uk[uk.index("**SZ 6**"):]
    assert "Germany answers: submerge no" in battle
    assert battle.index("UK attacks with") < battle.index("Germany answers") < battle.index("surprise strike") \
        < battle.index("UK wins the battle")
    assert "SZ 13" in uk and "surprise strike" not in sections(md)["Germany"]
    # in the phase of the turn: the UK's noncombat move comes after the battle, in the same section
    assert uk.index("UK wins the battle") < uk.index("### noncombat move")


def test_the_board_at_the_end_of_the_round(cli):
    """Treasuries, income, territories and units per power, the spaces that changed in the round with their units,
    and every power's units by space."""
    played_round(cli)
    md = cli("report", "game.yaml", "--round", "1").output
    board = md[md.index("## The board at the end of round 1"):]
    assert re.search(r"^\| Germany \| 45 \| 39 \| \d+ \| \d+ \|$", board, re.M)
    assert "| East Poland | USSR -> Germany | Germany: 4 tank |" in board
    assert "| SZ 6 |  | UK: 1 battleship, 1 destroyer |" in board
    assert re.search(r"^\| China \| Fukien 2 infantry; Hupeh 2 infantry; Suiyuan 1 infantry; Yunnan 1 fighter \|$",
                     board, re.M)
    assert "aa_gun" not in board and "aa gun" in board


def test_markdown_lines_are_whole_and_tables_narrow(cli):
    """One event a line (forums re-flow hard-wrapped paragraphs): no line of prose is continued on the next; the
    tables have at most five columns."""
    played_round(cli)
    md = cli("report", "game.yaml").output
    lines = md.splitlines()
    for before, line in zip(lines, lines[1:]):
        if before and line:  # two text lines together: both list items, table rows, or a heading's neighbour
            assert line[0] in "-|#*" or before.startswith("**"), (before, line)
    assert max(line.count("|") - 1 for line in lines if line.startswith("|")) <= 5


def test_bbcode_for_phpbb(cli):
    played_round(cli)
    result = cli("report", "game.yaml", "--format", "bbcode")
    assert result.exit_code == 0
    bb = result.output
    assert bb.startswith("[size=150][b]Axis & Allies Anniversary Edition, 1941 scenario: round 1[/b][/size]")
    assert "[size=130][b]UK[/b][/size]" in bb and "[b]SZ 6[/b]" in bb
    assert "[*]Germany answers: submerge no" in bb
    assert bb.count("[list]") == bb.count("[/list]") and "[*][b]Germany[/b]: treasury 45, income 39" in bb
    assert not re.search(r"^#", bb, re.M)  # no Markdown headings
    assert "**" not in bb and "| --- |" not in bb


def test_report_refuses_what_it_cannot_do(cli):
    played_round(cli)
    assert cli("report", "game.yaml", "--round", "7").exit_code == 2
    assert cli("report", "game.yaml", "--format", "pdf").exit_code == 2
    assert cli("report", "game.yaml", "--side", "axis").exit_code == 2  # sides see the same A&A board


def test_the_html_report_is_one_well_formed_responsive_page(cli):
    """Self-contained (no script, no external file), tags balanced, a viewport tag, headings per power and phase,
    events as list items, dice as boxes titled with the volley's name, no <pre>, one line per power in the chart,
    a figure waiting for the board's picture."""
    from html.parser import HTMLParser

    played_round(cli)
    page = cli("report", "game.yaml", "--format", "html").output

    class Balance(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.open: list[str] = []
            self.wrong: list[str] = []

        def handle_starttag(self, tag, attrs):
            if tag != "meta":
                self.open.append(tag)

        def handle_endtag(self, tag):
            if self.open and self.open[-1] == tag:
                self.open.pop()
            else:
                self.wrong.append(tag)

    checker = Balance()
    checker.feed(page)
    assert checker.open == [] and checker.wrong == []
    assert page.startswith("<!DOCTYPE html>") and "<script" not in page and "http://" not in page.replace(
        'xmlns="http://www.w3.org/2000/svg"', "")
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    assert "<pre" not in page and "<h2>UK</h2>" in page and "<h3>conduct combat</h3>" in page
    assert '<span class="dice" title="r1/Germany/Baltic States/cr1/attack"><span class="die">5</span>' in page
    assert page.count("<polyline") == 7 and "<title>China</title>" in page and "stroke-dasharray" in page
    assert "Baltic States (USSR\u00a0\u2192 Germany)" in page
    assert '<figure class="board" id="board-round-1" data-round="1"><svg' in page  # the board's picture


# --- WARZAG --------------------------------------------------------------------------------------------------------

def played_warzag(cli) -> None:
    from tests.e2e.test_warzag_example import orders_in_turn_order, start

    start(cli, "free-for-all")
    for orders in orders_in_turn_order("free-for-all"):
        assert cli("apply", "game.yaml", orders, "--in-place").exit_code == 0, orders


def test_a_warzag_report_per_round_and_nation(cli):
    """Each nation's turn with its phases (a nation's first automatic phases, logged with the previous nation's
    orders, in its own turn), then resources, territories and armies."""
    played_warzag(cli)
    result = cli("report", "game.yaml", "--round", "2")
    assert result.exit_code == 0, result.output
    md = result.output
    assert md.startswith("# WARZAG") and ": round 2" in md.splitlines()[0]
    turns = sections(md)
    assert [t for t in turns if not t.startswith("The table")] == ["germany", "uk", "italy"]
    assert "uk collects" in turns["uk"] and "uk collects" not in turns["germany"]
    assert "### Phase I (income)" in turns["uk"]
    table = turns["The table at the end of round 2"]
    assert "| nation | PP | PC | land | armies | leader |" in table
    assert re.search(r"^\| italy \| \d+ \| \d+ \| \d+ \| \d+ \| ", table, re.M)
    assert "p2-08" in table  # it changed hands in round 2
    assert cli("report", "game.yaml", "--side", "uk").exit_code == 2
    assert cli("report", "game.yaml", "--format", "html").exit_code == 0


# --- Blocks in the West --------------------------------------------------------------------------------------------

def played_bitw(cli) -> None:
    from tests.e2e.test_bitw_example import orders_in_play_order

    assert cli("new", "bitw-demo", "-o", "game.yaml", "--seed", "fall-gelb").exit_code == 0
    for orders in orders_in_play_order():
        assert cli("apply", "game.yaml", orders, "--in-place").exit_code == 0, orders


def test_the_referees_bitw_report_is_private_and_shows_every_block(cli):
    played_bitw(cli)
    result = cli("report", "game.yaml", "--round", "1", "-o", "referee.md")
    assert result.exit_code == 0, result.output
    path = cli.folder / "referee.md"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    md = path.read_text()
    assert "the referee's report" in md.splitlines()[0]
    turns = sections(md)
    assert list(turns)[:2] == ["axis", "allies"]
    axis = turns["axis"]
    assert "allies answers: react fr_f_1 d5" in axis  # the reaction, inside the axis turn
    assert "**battle at d5**" in axis and "ge_inf_3 repaired" in axis
    assert cli("report", "game.yaml", "-o", "referee.md").exit_code == 2  # never replaced silently
    assert cli("report", "game.yaml", "-o", "referee.md", "--force").exit_code == 0


def test_a_sides_bitw_report_leaks_no_hidden_block(cli):
    """A side's report shows what its view shows: the blocks of `export --side` (the enemy's hidden ones under the
    same opaque names), and no id of an enemy block the side has not seen by name, nor its strength."""
    played_bitw(cli)
    for side, enemy_prefixes in (("axis", ("fr_", "be_", "uk_", "nl_", "bef_")), ("allies", ("ge_",))):
        assert cli("export", "game.yaml", "--side", side, "-o", f"{side}-view.yaml").exit_code == 0
        seen = to_plain(parse_yaml((cli.folder / f"{side}-view.yaml").read_text()).data)
        referee = to_plain(parse_yaml((cli.folder / "game.yaml").read_text()).data)
        result = cli("report", "game.yaml", "--side", side, "-o", f"{side}.md")
        assert result.exit_code == 0, result.output
        path = cli.folder / f"{side}.md"
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        md = path.read_text()
        html = cli("report", "game.yaml", "--side", side, "--format", "html").output
        assert f"the {side}' report" in md.splitlines()[0]
        board = md[md.index("## The map at the end of turn"):]
        for name, block in seen["blocks"].items():
            assert f"{block['hex']} {name}" in board, name  # the export's blocks, under the export's names
        hidden = [name for name in seen["blocks"] if name.startswith("hidden-")]
        assert hidden and all(name in html for name in hidden)
        enemy = [b for b in referee["blocks"] if b.startswith(enemy_prefixes)]
        assert enemy
        all_reports = md + html + "".join(cli("report", "game.yaml", "--side", side, "--round", str(r)).output
                                          for r in (1, 2))
        named = {b for b in enemy if re.search(rf"\b{b}\b", all_reports)}
        # an enemy block may be named only if it was revealed (in battle) at some moment of the game
        revealed = revealed_at_some_moment(cli.folder / "game.yaml")
        assert named <= revealed, named - revealed
        never_seen = [b for b in enemy if b not in revealed]
        assert never_seen and not any(re.search(rf"\b{b}\b", all_reports) for b in never_seen)
        # nothing of the referee's own words (the orders, the notes) about unseen blocks
        assert "repaired to" not in all_reports and "answers:" not in all_reports


def revealed_at_some_moment(game: Path) -> set[str]:
    """The blocks face up at some moment of the game: the log folded event by event from the start."""
    from aa_ref.core.session import load_game
    from aa_ref.features.reports.timeline import timeline

    loaded = load_game(game)
    line = timeline(loaded.setup, loaded.ruleset, loaded.log, loaded.game)
    state = line.first.model_copy(deep=True)
    found: set[str] = set()
    for step in line.steps:
        loaded.ruleset.apply_event(state, step.event)
        found |= {b for b, s in state.blocks.items() if s.revealed}
    return found


def test_the_html_report_shows_the_board_as_a_picture(cli):
    played_round(cli)
    html = cli("report", "game.yaml", "--format", "html").output
    figure = html[html.index('<figure class="board"'):html.index("</figure>")]
    assert "<svg" in figure and "Karelia" in figure
    assert "<svg" not in cli("report", "game.yaml").output  # Markdown has no picture


def test_a_sides_html_report_draws_the_board_as_its_view_shows_it(cli):
    played_bitw(cli)
    allies = cli("report", "game.yaml", "--side", "allies", "--format", "html").output
    figure = allies[allies.index('<figure class="board"'):allies.index("</figure>")]
    assert "<svg" in figure and "REFEREE" not in figure and not re.search(r"\bge_\w+", figure)
