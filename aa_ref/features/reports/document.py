"""A report as a small document tree, and its renderers: Markdown, BBCode, plain text and one responsive HTML page.

Every game's report builds the same tree (`Report` > `Section`s > blocks), so the four formats agree and a game
adds no renderer of its own. Blocks: `Items` (a list of events, each with its dice), `Group` (a battle: a titled
list), `Table` (few columns, cells that wrap), `Para`, and `Slot` (a place the HTML page keeps for a picture of the
board: a `<figure>` filled by the `picture` function given to `html`, empty until a board renderer exists).

Lines are never hard-wrapped: one event is one line in Markdown, BBCode and text, so forums that re-flow paragraphs
keep each event whole.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html import escape
from typing import Any, Callable, Union

FORMATS = ("md", "html", "text", "bbcode")


@dataclass
class Dice:
    """One volley: its dice and its name in the log (`r1/Germany/Baltic States/cr1/attack`)."""

    context: str
    dice: list[int]


@dataclass
class Item:
    """One event, in words, with the volleys rolled for it; `answer` marks a decision by a power whose turn it is not."""

    text: str
    dice: list[Dice] = field(default_factory=list)
    answer: str | None = None


@dataclass
class Items:
    items: list[Item] = field(default_factory=list)


@dataclass
class Group:
    """Events that belong together (a battle), under a title."""

    title: str
    items: list[Item] = field(default_factory=list)


@dataclass
class Table:
    headers: list[str]
    rows: list[list[str]]
    caption: str | None = None
    folded: bool = False  # HTML: inside <details>, open on a click (a long table)


@dataclass
class Para:
    text: str
    strong: bool = False


@dataclass
class Slot:
    """Where the picture of the board at the end of `round_` goes (HTML only)."""

    round_: int


Block = Union[Items, Group, Table, Para, Slot, "Section"]


@dataclass
class Section:
    title: str
    blocks: list[Block] = field(default_factory=list)
    css: str = ""  # HTML class: turn, phase, board


@dataclass
class Report:
    title: str
    sections: list[Section] = field(default_factory=list)
    chart: str = ""  # HTML only: an inline SVG chart after the sections, under `chart_title`
    chart_title: str = ""


# --- dice in words -------------------------------------------------------------------------------------------------

_ROLL = re.compile(r"\[(\d(?:, \d)*)\]")


def dice_words(text: str) -> str:
    """`roll [5, 2]` as `roll 5 2`: a list of dice read as dice, in every format."""
    return _ROLL.sub(lambda m: m.group(1).replace(",", ""), text)


def _item_text(item: Item) -> str:
    """An item in one line of plain words: its text, and the dice not already in it."""
    text = dice_words(item.text)
    if item.answer:
        text = f"{item.answer} answers: {text}"
    if _dice_untold(item):
        text += " (rolls " + "; ".join(" ".join(map(str, d.dice)) for d in item.dice) + ")"
    return text


def _dice_untold(item: Item) -> bool:
    """The item has dice its text does not already give (`roll [5, 2]`, `rolls 6`)."""
    if not item.dice or _ROLL.search(item.text):
        return False
    told = " ".join(" ".join(map(str, d.dice)) for d in item.dice)
    return not re.search(rf"\brolls? {re.escape(told)}\b", item.text)


# --- Markdown, BBCode, text ----------------------------------------------------------------------------------------

def markdown(report: Report) -> str:
    out = [f"# {report.title}", ""]

    def section(s: Section, level: int) -> None:
        out.extend([f"{'#' * level} {s.title}", ""])
        for block in s.blocks:
            match block:
                case Section():
                    section(block, level + 1)
                case Items(items=items):
                    out.extend(f"- {_md_escape(_item_text(i))}" for i in items)
                    out.append("")
                case Group(title=title, items=items):
                    out.append(f"**{_md_escape(title)}**")
                    out.append("")
                    out.extend(f"- {_md_escape(_item_text(i))}" for i in items)
                    out.append("")
                case Table(headers=headers, rows=rows, caption=caption):
                    if caption:
                        out.extend([caption, ""])
                    out.append("| " + " | ".join(headers) + " |")
                    out.append("|" + "|".join("---" for _ in headers) + "|")
                    out.extend("| " + " | ".join(_md_escape(c).replace("|", "/") for c in row) + " |" for row in rows)
                    out.append("")
                case Para(text=text, strong=strong):
                    out.extend([f"**{text}**" if strong else text, ""])

    for s in report.sections:
        section(s, 2)
    return "\n".join(out).rstrip("\n") + "\n"


def _md_escape(text: str) -> str:
    """Text that Markdown prints as written: no accidental emphasis or links."""
    return re.sub(r"[*`<]|(?<!\w)_|_(?!\w)", lambda m: "\\" + m.group(0), text)


def bbcode(report: Report) -> str:
    """phpBB's BBCode: [b], [size], [list]; tables as lists of rows (phpBB has no [table] without an extension)."""
    out = [f"[size=150][b]{report.title}[/b][/size]", ""]

    def section(s: Section, level: int) -> None:
        out.append(f"[size={130 if level == 2 else 115 if level == 3 else 100}][b]{s.title}[/b][/size]")
        for block in s.blocks:
            match block:
                case Section():
                    section(block, level + 1)
                case Items(items=items):
                    out.append(_bb_list(_item_text(i) for i in items))
                case Group(title=title, items=items):
                    out.append(f"[b]{title}[/b]")
                    out.append(_bb_list(_item_text(i) for i in items))
                case Table(headers=headers, rows=rows, caption=caption):
                    if caption:
                        out.append(caption)
                    out.append(_bb_list(
                        f"[b]{row[0]}[/b]: " + ", ".join(f"{h} {c}" for h, c in zip(headers[1:], row[1:]) if c)
                        for row in rows))
                case Para(text=text, strong=strong):
                    out.append(f"[b]{text}[/b]" if strong else text)
        out.append("")

    for s in report.sections:
        section(s, 2)
    return "\n".join(out).rstrip("\n") + "\n"


def _bb_list(lines: Any) -> str:
    """A BBCode list, one item a line (phpBB keeps the lines; a reader of the post's source can follow it)."""
    return "[list]\n" + "".join(f"[*]{line}\n" for line in lines) + "[/list]"


def text(report: Report) -> str:
    out = [report.title, "=" * min(len(report.title), 80), ""]

    def section(s: Section, depth: int) -> None:
        pad = "  " * depth
        out.append(pad + s.title)
        for block in s.blocks:
            match block:
                case Section():
                    section(block, depth + 1)
                case Items(items=items):
                    out.extend(f"{pad}  - {_item_text(i)}" for i in items)
                case Group(title=title, items=items):
                    out.append(f"{pad}  {title}")
                    out.extend(f"{pad}    - {_item_text(i)}" for i in items)
                case Table(headers=headers, rows=rows, caption=caption):
                    if caption:
                        out.append(f"{pad}  {caption}")
                    out.extend(f"{pad}  {row[0]}: " + ", ".join(f"{h} {c}" for h, c in zip(headers[1:], row[1:]) if c)
                               for row in rows)
                case Para(text=text_):
                    out.append(f"{pad}  {text_}")
        out.append("")

    for s in report.sections:
        section(s, 0)
    return "\n".join(out).rstrip("\n") + "\n"


# --- HTML ----------------------------------------------------------------------------------------------------------

STYLE = """
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.45;max-width:56em;margin:0 auto;
padding:0 1em 2em;color:#1a1a1a;overflow-wrap:break-word}
h1{font-size:1.6em;margin:.6em 0 .3em}
h2{font-size:1.35em;margin:1.4em 0 .3em;padding-bottom:.15em;border-bottom:2px solid #ccc}
h3{font-size:1.1em;margin:1em 0 .2em;color:#333}
h4{font-size:1em;margin:.6em 0 .2em}
ul{margin:.2em 0 .6em;padding-left:1.3em}
li{margin:.1em 0}
li.answer{list-style:"\\21B3  ";color:#333}
li.answer b{color:#000}
.battle{border-left:4px solid #bbb;padding:.1em 0 .1em .7em;margin:.5em 0 .8em;background:#fafafa}
.battle h4{margin-top:.2em}
.dice{white-space:nowrap}
.die{display:inline-block;min-width:1.35em;padding:0 .2em;margin:0 .08em;border:1px solid #777;border-radius:.25em;
text-align:center;font-variant-numeric:tabular-nums;font-size:.9em;line-height:1.3;background:#fff}
table{border-collapse:collapse;margin:.4em 0 1em;max-width:100%}
caption{text-align:left;font-weight:bold;padding:.2em 0}
th,td{border:1px solid #ccc;padding:.15em .5em;text-align:left;vertical-align:top}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
details{margin:.4em 0 1em}
summary{cursor:pointer}
figure.board{margin:.5em 0 1em}
figure.board:empty{display:none}
figure.board svg{max-width:100%;height:auto}
svg{max-width:100%;height:auto}
"""

_DIGITS = re.compile(r"^-?\d+$")


def _esc(text: str) -> str:
    """Escaped for HTML, `->` as an arrow that never breaks across lines."""
    return escape(text).replace(" -&gt; ", "\u00a0\u2192 ")


def _dice_html(dice: list[int], context: str) -> str:
    return (f'<span class="dice" title="{escape(context)}">'
            + "".join(f'<span class="die">{d}</span>' for d in dice) + "</span>")


def _item_html(item: Item) -> str:
    """An event: its text, each `[5, 2]` in it shown as dice boxes titled with the volley's name; dice not named in
    the text after it."""
    volleys = list(item.dice)
    parts, at = [], 0
    for found in _ROLL.finditer(item.text):
        parts.append(_esc(item.text[at:found.start()]))
        dice = [int(d) for d in found.group(1).split(", ")]
        context = next((v.context for v in volleys if v.dice[:len(dice)] == dice or dice == v.dice), None)
        if context is None and volleys:
            context = volleys[0].context
        parts.append(_dice_html(dice, context or "dice"))
        at = found.end()
    parts.append(_esc(item.text[at:]))
    body = "".join(parts)
    if at == 0 and _dice_untold(item):
        body += " rolls " + " ".join(_dice_html(v.dice, v.context) for v in volleys)
    if item.answer:
        return f'<li class="answer"><b>{escape(item.answer)} answers:</b> {body}</li>'
    return f"<li>{body}</li>"


def html(report: Report, picture: Callable[[int], str] | None = None) -> str:
    """One self-contained responsive page (no script, no external file). `picture(round)` gives the SVG of the
    board at the end of a round, put in that round's `<figure class="board">`; without it the figure is empty
    (hidden) and waits for the board renderer."""
    body = [f"<h1>{escape(report.title)}</h1>"]

    def section(s: Section, level: int) -> None:
        h = min(level, 6)
        body.append(f'<section class="{s.css}">' if s.css else "<section>")
        body.append(f"<h{h}>{escape(s.title)}</h{h}>")
        for block in s.blocks:
            match block:
                case Section():
                    section(block, level + 1)
                case Items(items=items):
                    body.append("<ul>" + "".join(_item_html(i) for i in items) + "</ul>")
                case Group(title=title, items=items):
                    body.append(f'<div class="battle"><h{min(h + 1, 6)}>{escape(title)}</h{min(h + 1, 6)}><ul>'
                                + "".join(_item_html(i) for i in items) + "</ul></div>")
                case Table():
                    body.append(_table_html(block))
                case Para(text=text_, strong=strong):
                    body.append(f"<p><strong>{escape(text_)}</strong></p>" if strong else f"<p>{escape(text_)}</p>")
                case Slot(round_=round_):
                    svg = picture(round_) if picture else ""
                    body.append(f'<figure class="board" id="board-round-{round_}" data-round="{round_}">'
                                + (f"{svg}<figcaption>The board at the end of round {round_}</figcaption>" if svg else "")
                                + "</figure>")
        body.append("</section>")

    for s in report.sections:
        section(s, 2)
    if report.chart:
        body.append(f'<section class="chart"><h2>{escape(report.chart_title)}</h2>{report.chart}</section>')
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{escape(report.title)}</title><style>{STYLE}</style></head><body>\n"
            + "\n".join(body) + "\n</body></html>\n")


def _table_html(table: Table) -> str:
    numeric = [all(_DIGITS.match(row[i] or "0") for row in table.rows) for i in range(len(table.headers))]
    cls = lambda i: ' class="n"' if numeric[i] else ""  # noqa: E731
    rows = "".join("<tr>" + "".join(f"<td{cls(i)}>{_esc(c)}</td>" for i, c in enumerate(row)) + "</tr>"
                   for row in table.rows)
    head = "<tr>" + "".join(f"<th{cls(i)}>{escape(h)}</th>" for i, h in enumerate(table.headers)) + "</tr>"
    if table.folded:
        return (f"<details><summary>{escape(table.caption or 'table')}</summary><table>{head}{rows}</table></details>")
    caption = f"<caption>{escape(table.caption)}</caption>" if table.caption else ""
    return f"<table>{caption}{head}{rows}</table>"


def render(report: Report, fmt: str, picture: Callable[[int], str] | None = None) -> str:
    if fmt == "md":
        return markdown(report)
    if fmt == "bbcode":
        return bbcode(report)
    if fmt == "html":
        return html(report, picture)
    return text(report)
