"""`aa-ref report` for Axis & Allies: a round's report for forums and e-mail, from the log — each power's turn
(what it bought, researched, moved, fought with the dice, captured and collected), phase by phase with its battles
grouped and the other powers' answers (a defender's decision) inside it, then the board at the end of the round
(treasuries, income, what changed, every power's units by space) and, in HTML, the income chart."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from aa_ref.core.errors import UsageError
from aa_ref.core.events import Note, Roll
from aa_ref.features.reports.document import Dice, Group, Item, Items, Para, Report, Section, Slot, Table
from aa_ref.features.reports.timeline import Answer, Step, Timeline
from aa_ref.games.axis_allies.model.events import Breakthrough, Control, Purchased, Treasury
from aa_ref.games.axis_allies.model.setup import Setup
from aa_ref.games.axis_allies.model.state import Game
from aa_ref.games.axis_allies.rules.board import Board, add_counts

_CITE = r"\[(?:@\d+|[A-Z][A-Z0-9]{1,4} L\d+(?:-L\d+)?)\]"
_CITATION = re.compile(rf"\s*{_CITE}(?:,?\s*{_CITE})*")
_PLAIN_KEYS = {"kind", "schema_version", "game", "round", "power", "based_on", "dice", "signature", "reveals", "turn",
               "phase"}


def plain(text: str) -> str:
    """A note without its rule citations (`[@53982]`, `[BW L1182]`): the log keeps them, a forum reader needs none."""
    return _CITATION.sub("", text).strip()


def answer_text(data: dict[str, Any]) -> str:
    """A decision document in a few words: `SZ 6: submerge no`, `Hupeh: casualties 1 infantry`."""
    def value(v: Any) -> str:
        if isinstance(v, bool):
            return "yes" if v else "no"
        if isinstance(v, dict):
            return ", ".join(f"{n} {k}" if isinstance(n, int) else f"{k} {value(n)}" for k, n in v.items()) or "none"
        if isinstance(v, list):
            return "; ".join(value(x) for x in v) or "none"
        return str(v)
    space = data.get("space")
    parts = [f"{k.replace('_', ' ')} {value(v)}" for k, v in data.items() if k not in _PLAIN_KEYS | {"space"}]
    return (f"{space}: " if space else "") + (", ".join(parts) or "answered")


def actions_text(actions: list[Any]) -> str:
    """A list of one-key actions in a few words: `react fr_f_1 d5; withdraw none, battle d5`."""
    return "; ".join(answer_text(a) for a in actions if isinstance(a, dict)) or "answered"


@dataclass
class TurnFacts:
    power: str
    bought: dict[str, int] = field(default_factory=dict)
    spent: int = 0
    collected: list[str] = field(default_factory=list)
    captured: list[str] = field(default_factory=list)
    developed: list[str] = field(default_factory=list)
    edits: list[str] = field(default_factory=list)

    def read(self, step: Step) -> None:
        match step.event:
            case Purchased(power=power, units=units) if step.phase == "purchase" and power == self.power:
                for unit, n in units.items():
                    self.bought[unit] = self.bought.get(unit, 0) + n
            case Treasury(power=power, delta=delta, reason=reason) if power == self.power:
                if delta < 0 and reason != "plunder":
                    self.spent -= delta
                elif delta > 0:
                    self.collected.append(f"{delta} ({reason})")
            case Control(space=space, owner=owner, previous=previous):
                self.captured.append(f"{space} ({previous or 'nobody'} -> {owner})")
            case Breakthrough(technology=tech):
                self.developed.append(tech)

    def lines(self) -> list[str]:
        facts = [f"EDIT outside the rules, {edit}" for edit in self.edits]
        if self.developed:
            facts.append("developed " + ", ".join(self.developed))
        if self.bought:
            facts.append("bought " + ", ".join(f"{n} {u}" for u, n in self.bought.items()))
        if self.spent:
            facts.append(f"spent {self.spent} IPCs (units, researchers, repairs)")
        if self.captured:
            facts.append("control changed: " + "; ".join(self.captured))
        if self.collected:
            facts.append("collected " + ", ".join(self.collected))
        return facts or ["nothing bought, captured or collected"]


class Narrative:
    """The events of one phase as blocks: plain events in lists, a battle's events (notes that begin with its space,
    its volleys, what it captured, the defender's answers) in one group; each volley shown with the event that
    reports it."""

    def __init__(self, spaces: set[str]) -> None:
        self.spaces = spaces
        self.blocks: list[Any] = []
        self.pending: list[Dice] = []

    def _group(self, space: str) -> Group:
        last = self.blocks[-1] if self.blocks else None
        if isinstance(last, Group) and last.title == space:
            return last
        found = next((b for b in self.blocks if isinstance(b, Group) and b.title == space), None)
        group = found or Group(space)
        if found is None:
            self.blocks.append(group)
        return group

    def _list(self) -> list[Item]:
        if not self.blocks or not isinstance(self.blocks[-1], Items):
            self.blocks.append(Items())
        return self.blocks[-1].items

    def roll(self, context: str, dice: list[int]) -> None:
        self.pending.append(Dice(context, list(dice)))

    def note(self, text: str) -> None:
        item = Item(plain(text), self.pending)
        self.pending = []
        head, sep, rest = item.text.partition(": ")
        if sep and head in self.spaces:
            item.text = rest
            self._group(head).items.append(item)
            return
        last = self.blocks[-1] if self.blocks else None
        if isinstance(last, Group) and last.title in item.text:  # a capture inside the battle
            last.items.append(item)
            return
        self._list().append(item)

    def answer(self, power: str, data: dict[str, Any]) -> None:
        if isinstance(data.get("actions"), list):  # WARZAG, Blocks in the West: a list of one-key actions
            self._list().append(Item(actions_text(data["actions"]), answer=power))
            return
        space = data.get("space")
        item = Item(answer_text({k: v for k, v in data.items() if k != "space"}), answer=power)
        if isinstance(space, str) and space in self.spaces:
            self._group(space).items.append(item)
        else:
            item.text = answer_text(data)
            self._list().append(item)

    def done(self) -> list[Any]:
        if self.pending:
            self._list().append(Item("dice", self.pending))
            self.pending = []
        return self.blocks


def turns_of_round(line: Timeline, round_: int, spaces: set[str]) -> list[tuple[str, TurnFacts, list[Section]]]:
    """The round's turns in play order: whose turn, its facts, a section per phase."""
    answers = {a.entry.n: a for a in line.answers if a.round == round_}
    order: list[str] = []
    facts: dict[str, TurnFacts] = {}
    phases: dict[str, dict[str, Narrative]] = {}
    seen_answers: set[int] = set()

    def narrative(power: str, phase: str) -> Narrative:
        if power not in facts:
            order.append(power)
            facts[power] = TurnFacts(power)
            phases[power] = {}
        return phases[power].setdefault(phase, Narrative(spaces))

    for edit in line.edits:
        if edit.round == round_:
            narrative(edit.turn, edit.phase)
            facts[edit.turn].edits.append(f"entry #{edit.entry.n}: {edit.entry.input.get('reason')}")
    for step in line.steps:
        if step.round != round_:
            continue
        story = narrative(step.power, step.phase)
        answer: Answer | None = answers.get(step.entry.n)
        if answer is not None and step.entry.n not in seen_answers:
            seen_answers.add(step.entry.n)
            story.answer(answer.power, step.entry.input)
        facts[step.power].read(step)
        match step.event:
            case Note(text=text):
                story.note(text)
            case Roll(context=context, dice=dice):
                story.roll(context, dice)
    for n, answer in answers.items():  # an answer that changed nothing yet
        if n not in seen_answers:
            narrative(answer.turn, answer.phase).answer(answer.power, answer.entry.input)
    return [(p, facts[p], [Section(phase.replace("_", " "), story.done(), css="phase")
                           for phase, story in phases[p].items() if story.blocks or story.pending]) for p in order]


def units_by_power(setup: Setup, game: Game) -> dict[str, dict[str, dict[str, int]]]:
    """power -> space -> units, spaces in the board's order."""
    out: dict[str, dict[str, dict[str, int]]] = {p: {} for p in setup.turn_order}
    for name, state in game.spaces.items():
        for force in state.forces:
            held = out.setdefault(force.power, {})
            held[name] = add_counts(held.get(name, {}), force.units)
    return out


def counts(units: dict[str, int], order: list[str]) -> str:
    keys = sorted(units, key=lambda u: order.index(u) if u in order else len(order))
    return ", ".join(f"{units[u]} {u.replace('_', ' ')}" for u in keys if units[u])


def space_units(game: Game, name: str, order: list[str]) -> str:
    by: dict[str, dict[str, int]] = {}
    for force in game.spaces[name].forces:
        by[force.power] = add_counts(by.get(force.power, {}), force.units)
    return "; ".join(f"{p}: {counts(u, order)}" for p, u in by.items()) or "empty"


def board_section(setup: Setup, ruleset: Any, line: Timeline, round_: int) -> Section:
    """The board at the end of the round: a place for its picture, the powers' economy and forces, the spaces that
    changed hands or units during the round, and every power's units by space."""
    end, start = line.ends[round_], line.start_of(round_)
    board = Board(setup, end)
    order = list(setup.unit_types)
    held = units_by_power(setup, end)
    territories = {p: 0 for p in setup.turn_order}
    for state in end.spaces.values():
        if state.owner in territories:
            territories[state.owner] += 1
    rows = [[p, str(end.powers[p].treasury), str(ruleset.power_status(board, p)["income"]), str(territories[p]),
             str(sum(n for units in held.get(p, {}).values() for n in units.values()))] for p in setup.turn_order]
    blocks: list[Any] = [Slot(round_), Table(["power", "treasury", "income", "territories", "units"], rows)]
    status = ruleset.game_status(board)
    cities = status.get("victory_cities")
    if cities and all(isinstance(c, list) for c in cities.values()):
        blocks.append(Para("Victory cities: " + "; ".join(f"{side} {len(c)}" for side, c in cities.items())))
    changed = []
    for name, state in end.spaces.items():
        before = start.spaces.get(name)
        was_units = space_units(start, name, order) if before is not None else ""
        now_units = space_units(end, name, order)
        if before is None or before.owner != state.owner or was_units != now_units:
            owner = state.owner or ""
            if before is not None and before.owner != state.owner:
                owner = f"{before.owner or 'nobody'} -> {owner or 'nobody'}"
            changed.append([name, owner, now_units])
    if changed:
        blocks.append(Table(["space", "owner", "units now"], changed, caption=f"Changed in round {round_}"))
    blocks.append(Table(["power", "units by space"],
                        [[p, "; ".join(f"{s} {counts(u, order)}" for s, u in spaces.items()) or "none"]
                         for p, spaces in held.items()],
                        caption=f"Every unit at the end of round {round_}", folded=True))
    if end.winner:
        blocks.append(Para(f"The {end.winner} have won.", strong=True))
    return Section(f"The board at the end of round {round_}", blocks, css="board")


def build(setup: Setup, ruleset: Any, line: Timeline, round_: int, title: str) -> Report:
    """The report of one round as a document."""
    if round_ not in line.rounds() or round_ not in line.ends:
        raise UsageError(f"round {round_} has no applied orders yet "
                         f"(rounds played: {', '.join(map(str, line.rounds())) or 'none'})")
    spaces = set(setup.spaces)
    report = Report(f"{title}: round {round_}")
    for power, facts, phases in turns_of_round(line, round_, spaces):
        report.sections.append(Section(power, [Items([Item(f) for f in facts.lines()]), *phases], css="turn"))
    report.sections.append(board_section(setup, ruleset, line, round_))
    report.chart = income_chart(income_history(setup, ruleset, line))
    report.chart_title = "Income per power per round"
    return report


# --- the income chart ----------------------------------------------------------------------------------------------

COLOURS = ["#000000", "#D55E00", "#E69F00", "#56B4E9", "#009E73", "#0072B2", "#CC79A7", "#999999", "#F0E442"]
"""Okabe and Ito's palette, told apart by colour-blind readers; black first (Germany), yellow last (faint on white)."""
DASHES = ["", "8 4", "2 3", "10 3 2 3", "5 5", "1 2", "12 4 4 4", "6 2 2 2 2 2", "3 6"]
"""A dash pattern per line, so lines of close colours (or a grey printout) still differ."""


def income_history(setup: Setup, ruleset: Any, line: Timeline) -> dict[str, list[int]]:
    """Each power's income at the end of every round played so far."""
    out: dict[str, list[int]] = {p: [] for p in setup.turn_order}
    for round_ in sorted(line.ends):
        board = Board(setup, line.ends[round_])
        for power in setup.turn_order:
            out[power].append(ruleset.power_status(board, power)["income"])
    return out


def _ticks(top: int) -> list[int]:
    """Round numbers from 0 to at least `top`, four to eight of them."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if top / step <= 7:
            return list(range(0, top + step, step)) if top % step else list(range(0, top + 1, step))
    step = 10 ** len(str(top))
    return [0, step]


def income_chart(history: dict[str, list[int]]) -> str:
    """An inline SVG line chart of income per power per round (no script, no external file): a y axis with ticks,
    labels and light grid lines, rounds numbered under the x axis; per power a group titled with its name holding
    its line (Okabe-Ito colour and its own dash pattern), a dot at each round (a line of one point draws nothing;
    the dots still show) and its legend entry under the plot: a sample of the line, same colour and dashes, and the
    name. The chart is narrow enough, and its text large enough, to read when the page's style scales it down to a
    500 px window."""
    from html import escape

    left, plot, top_pad, axis = 46, 500, 34, 250
    column = 44 + 8 * max((len(p) for p in history), default=0) + 16  # a legend entry: sample, name, gap
    per_row = max(1, (left + plot) // column)
    legend_rows = -(-len(history) // per_row)
    width = left + plot + 16
    height = axis + 44 + 22 * legend_rows
    rounds = max((len(v) for v in history.values()), default=0)
    ticks = _ticks(max((max(v) for v in history.values() if v), default=1) or 1)
    top = ticks[-1]
    x = lambda i: left + (plot * i / (rounds - 1) if rounds > 1 else plot / 2)  # noqa: E731
    y = lambda v: axis - (axis - top_pad) * v / top  # noqa: E731
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img" aria-label="income per power per round">']
    for tick in ticks:
        parts.append(f'<line x1="{left}" y1="{y(tick):.1f}" x2="{left + plot}" y2="{y(tick):.1f}" stroke="#e4e4e4"/>'
                     f'<line x1="{left - 4}" y1="{y(tick):.1f}" x2="{left}" y2="{y(tick):.1f}" stroke="black"/>'
                     f'<text x="{left - 7}" y="{y(tick) + 4:.1f}" font-size="13" text-anchor="end">{tick}</text>')
    parts += [f'<line x1="{left}" y1="{axis}" x2="{left + plot}" y2="{axis}" stroke="black"/>',
              f'<line x1="{left}" y1="{top_pad}" x2="{left}" y2="{axis}" stroke="black"/>',
              f'<text x="4" y="{top_pad - 14}" font-size="13">income (IPCs)</text>']
    step = -(-rounds // 12) or 1
    parts += [f'<line x1="{x(k):.1f}" y1="{axis}" x2="{x(k):.1f}" y2="{axis + 4}" stroke="black"/>'
              f'<text x="{x(k):.1f}" y="{axis + 18}" font-size="13" text-anchor="middle">{k + 1}</text>'
              for k in range(rounds) if k % step == 0 or k == rounds - 1]
    parts.append(f'<text x="{left + plot:.1f}" y="{axis + 34}" font-size="13" text-anchor="end">round</text>')
    for i, (power, values) in enumerate(history.items()):
        colour, dash, name = COLOURS[i % len(COLOURS)], DASHES[i % len(DASHES)], escape(power)
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        points = [(x(k), y(v)) for k, v in enumerate(values)]
        lx, ly = 8 + column * (i % per_row), axis + 58 + 22 * (i // per_row)
        parts.append(f'<g><title>{name}</title><polyline fill="none" stroke="{colour}" stroke-width="2.5"{dashes} '
                     f'points="{" ".join(f"{px:.1f},{py:.1f}" for px, py in points)}"/>')
        parts += [f'<circle cx="{px:.1f}" cy="{py:.1f}" r="3.5" fill="{colour}"/>' for px, py in points]
        parts.append(f'<line x1="{lx}" y1="{ly - 5}" x2="{lx + 36}" y2="{ly - 5}" stroke="{colour}" stroke-width="2.5"'
                     f'{dashes}/><text x="{lx + 42}" y="{ly}" font-size="13" fill="{colour}">{name}</text></g>')
    parts.append("</svg>")
    return "".join(parts)
