"""`aa-ref report`: a turn report for forums and e-mail, from the log alone — what each power
bought, researched, moved, fought (with the dice), captured and collected, then treasuries,
income and victory cities at the end of the round."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from aa_ref.core.auditlog import Log
from aa_ref.core.edits import apply_changes, is_edit
from aa_ref.core.events import Note, Roll
from aa_ref.core.fairdice import COMMITMENT
from aa_ref.games.axis_allies.model.events import Breakthrough, Control, Purchased, Treasury, fold, load_events
from aa_ref.games.axis_allies.model.setup import Setup
from aa_ref.games.axis_allies.model.state import Game
from aa_ref.games.axis_allies.rules.board import Board

FORMATS = ("md", "html", "text")


@dataclass
class PowerTurn:
    power: str
    bought: dict[str, int] = field(default_factory=dict)
    spent: int = 0
    collected: list[str] = field(default_factory=list)
    captured: list[str] = field(default_factory=list)
    developed: list[str] = field(default_factory=list)
    narrative: list[str] = field(default_factory=list)
    edits: list[str] = field(default_factory=list)


def states_by_round(setup: Setup, ruleset: Any, log: Log, log_file: str) -> tuple[list[tuple[Any, Game]], dict[int, Game]]:
    """Each effective log entry with the state after it, and the state at the end of each round
    (folding the logged events; an undo entry returns to the state before the entry it undoes)."""
    game = ruleset.new_game(setup, log.start.variant, dict(log.start.options), log.start.seed, log_file)
    stack: list[tuple[Any, Game]] = []
    for entry in log.entries:
        if entry.input.get("kind") == "undo":
            stack.pop()
            game = stack[-1][1] if stack else ruleset.new_game(setup, log.start.variant, dict(log.start.options),
                                                                log.start.seed, log_file)
            continue
        if entry.input.get("kind") == COMMITMENT:
            continue  # a fair-dice commitment changes no board state
        if is_edit(entry.input):  # set, not folded from events
            data = game.model_dump(mode="json")
            apply_changes(data, entry.input.get("set") or {})
            game = Game.model_validate(data)
        else:
            game = fold(game, load_events(entry.events))
        stack.append((entry, game))
    ends: dict[int, Game] = {}
    for entry, state in stack:
        ends[entry.round] = state
    return stack, ends


def round_report(setup: Setup, ruleset: Any, log: Log, round_: int, log_file: str) -> dict[str, Any]:
    """The report of one round as data."""
    entries, ends = states_by_round(setup, ruleset, log, log_file)
    if round_ not in ends:
        from aa_ref.core.errors import UsageError
        raise UsageError(f"round {round_} has no applied orders yet (rounds played: {', '.join(map(str, sorted(ends))) or 'none'})")
    turns: dict[str, PowerTurn] = {}
    for entry, _ in entries:
        if entry.round != round_:
            continue
        turn = turns.setdefault(entry.power, PowerTurn(entry.power))
        if is_edit(entry.input):
            turn.edits.append(f"entry #{entry.n}: {entry.input.get('reason')}")
        for event in load_events(entry.events):
            _read(event, turn, entry.phase)
    end = ends[round_]
    board = Board(setup, end)
    powers = {p: {"treasury": end.powers[p].treasury, **ruleset.power_status(board, p)} for p in setup.turn_order}
    return {"round": round_, "turns": [turns[p] for p in setup.turn_order if p in turns], "powers": powers,
            "status": ruleset.game_status(board), "winner": end.winner}


def _read(event: Any, turn: PowerTurn, phase: str) -> None:
    match event:
        case Purchased(power=power, units=units) if phase == "purchase" and power == turn.power:
            for unit, n in units.items():
                turn.bought[unit] = turn.bought.get(unit, 0) + n
        case Treasury(power=power, delta=delta, reason=reason) if power == turn.power:
            if delta < 0 and reason != "plunder":
                turn.spent -= delta
            elif delta > 0:
                turn.collected.append(f"{delta} ({reason})")
        case Control(space=space, owner=owner, previous=previous):
            turn.captured.append(f"{space} ({previous or 'nobody'} -> {owner})")
        case Breakthrough(technology=tech):
            turn.developed.append(tech)
        case Note(text=text):
            turn.narrative.append(text)
        case Roll(context=context, dice=dice):
            turn.narrative.append(f"  dice {context}: {' '.join(map(str, dice))}")


def _facts(turn: PowerTurn) -> list[str]:
    facts = [f"EDIT outside the rules, {edit}" for edit in turn.edits]
    if turn.developed:
        facts.append("developed " + ", ".join(turn.developed))
    if turn.bought:
        facts.append("bought " + ", ".join(f"{n} {u}" for u, n in turn.bought.items()))
    if turn.spent:
        facts.append(f"spent {turn.spent} IPCs (units, researchers, repairs)")
    if turn.captured:
        facts.append("control changed: " + "; ".join(turn.captured))
    if turn.collected:
        facts.append("collected " + ", ".join(turn.collected))
    return facts


def render(report: dict[str, Any], fmt: str, title: str) -> str:
    md = fmt == "md"
    h1, h2, bullet = ("# ", "## ", "- ") if md else ("", "", "  ")
    lines = [f"{h1}{title}: round {report['round']}", ""]
    for turn in report["turns"]:
        lines.append(f"{h2}{turn.power}")
        lines += [f"{bullet}{fact}" for fact in _facts(turn)] or [f"{bullet}nothing bought, captured or collected"]
        lines.append("")
        lines.append("```" if md else "  What happened:")
        lines += [f"{'' if md else '    '}{line}" for line in turn.narrative]
        lines += ["```", ""] if md else [""]
    lines.append(f"{h2}At the end of round {report['round']}")
    rows = [[p, v["treasury"], v["income"]] for p, v in report["powers"].items()]
    if md:
        lines += ["| power | treasury | income |", "|---|---|---|"] + [f"| {p} | {t} | {i} |" for p, t, i in rows]
    else:
        lines += [f"  {p:10} treasury {t:4}  income {i:4}" for p, t, i in rows]
    cities = report["status"].get("victory_cities")
    if cities:
        lines.append("")
        lines.append("Victory cities: " + "; ".join(f"{side} {len(c)}" for side, c in cities.items()))
    if report["winner"]:
        lines.append(f"\nThe {report['winner']} have won.")
    return "\n".join(lines) + "\n"


COLOURS = ["#555555", "#a0522d", "#e08020", "#c8b070", "#8b5a2b", "#2e8b57", "#7fbf7f", "#4060a0", "#a040a0"]


def income_history(setup: Setup, ruleset: Any, log: Log, log_file: str) -> dict[str, list[int]]:
    """Each power's income at the end of every round played so far."""
    _, ends = states_by_round(setup, ruleset, log, log_file)
    out: dict[str, list[int]] = {p: [] for p in setup.turn_order}
    for round_ in sorted(ends):
        board = Board(setup, ends[round_])
        for power in setup.turn_order:
            out[power].append(ruleset.power_status(board, power)["income"])
    return out


def income_chart(history: dict[str, list[int]]) -> str:
    """An inline SVG line chart of income per power per round (no script, no external file):
    per power a group titled with its name holding its line, a dot at each round (after the
    first round a line of one point draws nothing; the dots still show) and its name in a
    legend column as wide as the longest name; rounds are numbered under the axis. The
    viewBox lets the page's style scale the chart down to a narrow window."""
    from html import escape

    plot, height, pad = 560, 300, 40
    legend = 16 + 7 * max((len(p) for p in history), default=0)  # about 7px a character at 11px
    width = pad + plot + legend
    rounds = max((len(v) for v in history.values()), default=0)
    top = max((max(v) for v in history.values() if v), default=1) or 1
    x = lambda i: pad + (plot * i / (rounds - 1) if rounds > 1 else plot / 2)  # noqa: E731
    y = lambda v: height - pad - (height - 2 * pad) * v / top  # noqa: E731
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img" aria-label="income per power per round">',
             f'<line x1="{pad}" y1="{height - pad}" x2="{pad + plot}" y2="{height - pad}" stroke="black"/>',
             f'<line x1="{pad}" y1="{pad}" x2="{pad}" y2="{height - pad}" stroke="black"/>',
             f'<text x="{pad}" y="{pad - 10}" font-size="12">income (IPCs), max {top}</text>']
    step = -(-rounds // 15) or 1
    parts += [f'<text x="{x(k):.1f}" y="{height - pad + 16}" font-size="11" text-anchor="middle">{k + 1}</text>'
              for k in range(rounds) if k % step == 0 or k == rounds - 1]
    parts.append(f'<text x="{pad + plot / 2:.1f}" y="{height - 8}" font-size="11" text-anchor="middle">round</text>')
    for i, (power, values) in enumerate(history.items()):
        colour, name = COLOURS[i % len(COLOURS)], escape(power)
        points = [(x(k), y(v)) for k, v in enumerate(values)]
        parts.append(f'<g><title>{name}</title><polyline fill="none" stroke="{colour}" stroke-width="2" '
                     f'points="{" ".join(f"{px:.1f},{py:.1f}" for px, py in points)}"/>')
        parts += [f'<circle cx="{px:.1f}" cy="{py:.1f}" r="3" fill="{colour}"/>' for px, py in points]
        parts.append(f'<text x="{pad + plot + 10}" y="{pad + 14 * i}" font-size="11" fill="{colour}">{name}</text></g>')
    parts.append("</svg>")
    return "".join(parts)


def render_html(report: dict[str, Any], title: str, history: dict[str, list[int]]) -> str:
    """The report's content as one self-contained page (no script, no external file), with
    the income chart."""
    from html import escape

    heading = f"{title}: round {report['round']}"
    body = [f"<h1>{escape(heading)}</h1>"]
    for turn in report["turns"]:
        body.append(f"<h2>{escape(turn.power)}</h2><ul>")
        body += [f"<li>{escape(fact)}</li>" for fact in _facts(turn)] or ["<li>nothing bought, captured or collected</li>"]
        body.append("</ul><pre>" + escape("\n".join(turn.narrative)) + "</pre>")
    body.append(f"<h2>At the end of round {report['round']}</h2><table><tr><th>power</th><th>treasury</th><th>income</th></tr>")
    body += [f"<tr><td>{escape(p)}</td><td>{v['treasury']}</td><td>{v['income']}</td></tr>" for p, v in report["powers"].items()]
    body.append("</table>")
    cities = report["status"].get("victory_cities")
    if cities:
        body.append("<p>Victory cities: " + escape("; ".join(f"{side} {len(c)}" for side, c in cities.items())) + "</p>")
    if report["winner"]:
        body.append(f"<p><strong>The {escape(report['winner'])} have won.</strong></p>")
    body.append(f"<h2>Income per power per round</h2>{income_chart(history)}")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{escape(heading)}</title><style>body{{font-family:sans-serif;max-width:60em;margin:auto}}"
            "pre{background:#f4f4f4;padding:.5em;overflow-x:auto}td,th{padding:0 1em}svg{max-width:100%;height:auto}</style></head><body>\n"
            + "\n".join(body) + "\n</body></html>\n")
