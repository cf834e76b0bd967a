"""`aa-ref report` for every game: Axis & Allies (report.py), WARZAG per round and nation, Blocks in the West per
turn and side — the referee's report with every block, or one side's (`--side`) built from that side's views only.

Under fog of war the log is the referee's: its notes, dice and orders name hidden blocks, their strengths and
moves. A side's report therefore reads nothing of the log but the states it folds to: at each moment a player
could be shown the game (the end of every entry and of every phase) it takes `views.view(scenario, state, side)`,
what `export --side` writes, and reports what changed between two such views, and the volleys of blocks that view
shows by name (one's own, and enemy blocks revealed in battle). No hidden fact can reach it that the views do not
hold.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from aa_ref.core.errors import UsageError
from aa_ref.core.events import Note, Roll
from aa_ref.features.reports.document import Dice, Item, Items, Para, Report, Section, Slot, Table
from aa_ref.features.reports.report import Narrative, plain
from aa_ref.features.reports.timeline import Timeline, timeline


@dataclass
class RoundReport:
    """A round's report, whether it is private (0600: a Blocks in the West report shows blocks one side must not
    see, the referee's every block, a side's its own), and the game as it stood at the end of each round (for the
    board's picture, drawn by the caller)."""

    report: Report
    private: bool
    board_at: Callable[[int], Any]
    side: str | None = None


def report_of(loaded: Any, round_: int | None, side: str | None) -> RoundReport:
    """The report of a loaded game's round (default: the last played), see `RoundReport`."""
    kind = loaded.game.kind
    if side is not None and kind != "bitw-game":
        raise UsageError("--side is for Blocks in the West, whose sides see different games; "
                         "an Axis & Allies or WARZAG report shows the whole table")
    line = timeline(loaded.setup, loaded.ruleset, loaded.log, loaded.game)
    rounds = line.rounds()
    round_ = round_ if round_ is not None else (max(rounds) if rounds else 1)
    if round_ not in rounds or round_ not in line.ends:
        word = "turn" if kind == "bitw-game" else "round"
        raise UsageError(f"{word} {round_} has no applied orders yet "
                         f"({word}s played: {', '.join(map(str, rounds)) or 'none'})")
    board_at = line.ends.__getitem__
    if kind == "warzag-game":
        return RoundReport(warzag_report(loaded.setup, line, round_), False, board_at)
    if kind == "bitw-game":
        if side is None:
            return RoundReport(bitw_referee_report(loaded.setup, line, round_), True, board_at)
        side = side.casefold()
        if side not in ("axis", "allies"):
            raise UsageError(f"unknown side '{side}'; --side is axis or allies")
        return RoundReport(bitw_side_report(loaded.setup, loaded.ruleset, line, round_, side), True, board_at, side)
    from aa_ref.features.reports.report import build

    return RoundReport(build(loaded.setup, loaded.ruleset, line, round_, loaded.setup.title), False, board_at)


def _turns(line: Timeline, round_: int, narrative: Any, phase_name: Any = None) -> list[Section]:
    """A section per turn (whose turn it is) and a sub-section per phase, the answers of others inside, in the
    order of the log (an answer before the events it caused)."""
    answers = {a.entry.n: a for a in line.answers if a.round == round_}
    steps: dict[int, list[Any]] = {}
    for step in line.steps:
        if step.round == round_:
            steps.setdefault(step.entry.n, []).append(step)
    stories: dict[str, dict[str, Any]] = {}

    def story(power: str, phase: str) -> Any:
        return stories.setdefault(power, {}).setdefault(phase, narrative())

    for n in sorted(set(steps) | set(answers)):
        if n in answers:
            answer = answers[n]
            story(answer.turn, answer.phase).answer(answer.power, answer.entry.input)
        for step in steps.get(n, []):
            match step.event:
                case Note(text=text):
                    story(step.power, step.phase).note(text)
                case Roll(context=context, dice=dice):
                    story(step.power, step.phase).roll(context, dice)
    name = phase_name or (lambda p: p.replace("_", " "))
    return [Section(power, [Section(name(phase), blocks, css="phase") for phase, story in phases.items()
                            if (blocks := story.done())], css="turn") for power, phases in stories.items()]


# --- WARZAG --------------------------------------------------------------------------------------------------------

def warzag_report(pack: Any, line: Timeline, round_: int) -> Report:
    from aa_ref.games.warzag.board import Board
    from aa_ref.games.warzag.turns import phase_label

    report = Report(f"{pack.title}: round {round_}")
    report.sections += _turns(line, round_, lambda: Narrative(set()), phase_label)
    end, start = line.ends[round_], line.start_of(round_)
    board = Board(pack, end)
    rows, land, armies = [], [], []
    for nation, player in end.players.items():
        own = sorted(board.own_hexes(nation))
        mine = board.armies_of(nation)
        out = " (eliminated)" if player.eliminated else " (surrendered)" if player.surrendered else ""
        rows.append([nation + out, str(player.pp), str(player.pc), str(len(own)), str(len(mine)), player.leader or "-"])
        land.append([nation, ", ".join(own) or "none"])
        by_hex: dict[str, list[str]] = {}
        for army_id, army in mine:
            by_hex.setdefault(army.hex, []).append(f"{army.category}{' x2' if army.promoted else ''} ({army_id})")
        armies.append([nation, "; ".join(f"{h}: {', '.join(a)}" for h, a in sorted(by_hex.items())) or "none"])
    changed = [[h, f"{(start.hexes[h].owner if h in start.hexes else None) or 'nobody'} -> "
                   f"{(end.hexes[h].owner if h in end.hexes else None) or 'nobody'}"]
               for h in sorted(set(start.hexes) | set(end.hexes))
               if (start.hexes[h].owner if h in start.hexes else None) != (end.hexes[h].owner if h in end.hexes else None)]
    blocks: list[Any] = [Slot(round_), Table(["nation", "PP", "PC", "land", "armies", "leader"], rows)]
    if changed:
        blocks.append(Table(["territory", "owner"], changed, caption=f"Changed hands in round {round_}"))
    blocks += [Table(["nation", "armies by territory"], armies, caption="Armies", folded=True),
               Table(["nation", "territories"], land, caption="Territories", folded=True)]
    if end.winner:
        blocks.append(Para(f"{end.winner} won.", strong=True))
    report.sections.append(Section(f"The table at the end of round {round_}", blocks, css="board"))
    return report


# --- Blocks in the West: the referee -------------------------------------------------------------------------------

class BattleNarrative(Narrative):
    """Blocks in the West's notes: `battle at d5, round 1: ...` opens a battle, `the battle at d5 is over` closes it;
    what happens between belongs to it."""

    OPEN = re.compile(r"^battle at ([\w-]+)")
    CLOSE = re.compile(r"^the battle at ([\w-]+) is over")
    NAMED = re.compile(r"\bbattle ([\w-]+)")

    def __init__(self) -> None:
        super().__init__(set())
        self.open: str | None = None

    def note(self, text: str) -> None:
        words = plain(text)
        opened, closed = self.OPEN.match(words), self.CLOSE.match(words)
        if opened:
            self.open = opened.group(1)
        if self.open is None:
            return super().note(text)
        item = Item(words, self.pending)
        self.pending = []
        self._group(f"battle at {self.open}").items.append(item)
        if closed:
            self.open = None

    def answer(self, power: str, data: dict[str, Any]) -> None:
        """A withdrawal answers inside its battle: the one under way, or the one its orders name."""
        super().answer(power, data)
        item = self._list().pop() if isinstance(self.blocks[-1], Items) else None
        if not self.blocks[-1].items:
            self.blocks.pop()
        named = self.NAMED.search(item.text) if item else None
        where = self.open or (named.group(1) if named else None)
        if item is not None and where is not None:
            self._group(f"battle at {where}").items.append(item)
        elif item is not None:
            self._list().append(item)


def bitw_referee_report(scenario: Any, line: Timeline, round_: int) -> Report:
    end, start = line.ends[round_], line.start_of(round_)
    month = scenario.turns[round_ - 1].month if round_ <= len(scenario.turns) else ""
    report = Report(f"{scenario.title}: turn {round_} ({month}), the referee's report (every block, hidden or not)")
    report.sections += _turns(line, round_, BattleNarrative, lambda p: p.replace("_", " ") + " phase")
    blocks: list[Any] = [Slot(round_)]
    control = {s: sum(1 for c in end.control.values() if c == s) for s in ("axis", "allies")}
    blocks.append(Table(["power", "side", "PP", "blocks on the map"],
                        [[p, scenario.powers[p].side, str(end.pp.get(p, 0)),
                          str(sum(1 for b, s in end.blocks.items() if s.hex and scenario.blocks[b].power == p))]
                         for p in scenario.powers]))
    blocks.append(Para("Hexes controlled: " + ", ".join(f"{s} {n}" for s, n in control.items())))
    changed = [[h, f"{start.control.get(h, 'nobody')} -> {end.control.get(h, 'nobody')}"]
               for h in sorted(set(start.control) | set(end.control)) if start.control.get(h) != end.control.get(h)]
    if changed:
        blocks.append(Table(["hex", "control"], changed, caption=f"Changed hands in turn {round_}"))
    by_power: dict[str, list[str]] = {}
    for block_id, state in sorted(end.blocks.items(), key=lambda b: (b[1].hex or "~", b[0])):
        if state.hex:
            by_power.setdefault(scenario.blocks[block_id].power, []).append(
                f"{state.hex} {block_id} {state.strength}" + (" (revealed)" if state.revealed else "")
                + (" OOS" if state.out_of_supply else ""))
    blocks.append(Table(["power", "blocks (hex, block, strength)"], [[p, "; ".join(b)] for p, b in by_power.items()],
                        caption="Every block", folded=True))
    if end.winner:
        blocks.append(Para(f"{end.winner} won.", strong=True))
    report.sections.append(Section(f"The map at the end of turn {round_}", blocks, css="board"))
    return report


# --- Blocks in the West: one side ----------------------------------------------------------------------------------

def _seen(block_id: str, seen: Any) -> str:
    if seen.unit is None:
        return f"a {seen.power} block ({block_id})"
    return f"{block_id} ({seen.power} {seen.unit}, strength {seen.strength})"


def view_changes(before: Any, after: Any, side: str) -> list[Item]:
    """What a side sees change between two of its views. Blocks turned face up (or down again) in a hex are said
    together, per hex and nation, without pairing a hidden name with a block: the view says no more."""
    items: list[Item] = []
    came = {b: now for b, now in after.blocks.items() if b not in before.blocks}
    went = {b: was for b, was in before.blocks.items() if b not in after.blocks}
    turned: set[str] = set()
    for hex_id, power in sorted({(s.hex, s.power) for s in came.values()}):
        named = [b for b, s in came.items() if (s.hex, s.power) == (hex_id, power) and s.unit is not None]
        hidden = [b for b, s in came.items() if (s.hex, s.power) == (hex_id, power) and s.unit is None]
        named_went = [b for b, s in went.items() if (s.hex, s.power) == (hex_id, power) and s.unit is not None]
        hidden_went = [b for b, s in went.items() if (s.hex, s.power) == (hex_id, power) and s.unit is None]
        if named and hidden_went:
            items.append(Item(f"{hex_id}: {len(hidden_went)} hidden {power} block(s) revealed: "
                              + ", ".join(_seen(b, came[b]) for b in named)))
            turned |= set(named) | set(hidden_went)
        if hidden and named_went:
            items.append(Item(f"{hex_id}: {', '.join(named_went)} turned face down again"))
            turned |= set(hidden) | set(named_went)
    for block_id, now in after.blocks.items():
        was = before.blocks.get(block_id)
        if block_id in turned:
            continue
        if was is None:
            items.append(Item(f"{_seen(block_id, now)} now seen in {now.hex}"))
        elif was.hex != now.hex:
            items.append(Item(f"{_seen(block_id, now)} moves {was.hex} -> {now.hex}"))
        elif was.strength != now.strength and now.strength is not None:
            items.append(Item(f"{block_id}: strength {was.strength} -> {now.strength}"))
        if was is not None and was.out_of_supply != now.out_of_supply:
            items.append(Item(f"{block_id} {'out of' if now.out_of_supply else 'back in'} supply"))
    for block_id, was in went.items():
        if block_id not in turned:
            gone = "off the map" if block_id in after.off_map else "no longer seen"
            items.append(Item(f"{_seen(block_id, was)} in {was.hex}: {gone}"))
    for hex_id in sorted(set(before.control) | set(after.control)):
        if before.control.get(hex_id) != after.control.get(hex_id):
            items.append(Item(f"{hex_id}: control {before.control.get(hex_id, 'nobody')} -> "
                              f"{after.control.get(hex_id, 'nobody')}"))
    for power in sorted(set(before.pp) | set(after.pp)):
        if before.pp.get(power, 0) != after.pp.get(power, 0):
            items.append(Item(f"{power} PP {before.pp.get(power, 0)} -> {after.pp.get(power, 0)}"))
    old = {b.hex: b for b in before.battles}
    for battle in after.battles:
        if battle.hex not in old:
            items.append(Item(f"battle in {battle.hex}: the {battle.attacker} attack"))
        elif old[battle.hex].round != battle.round:
            items.append(Item(f"battle in {battle.hex}: round {battle.round}"))
    for hex_id in old:
        if hex_id not in {b.hex for b in after.battles}:
            items.append(Item(f"the battle in {hex_id} is over"))
    if before.weather != after.weather:
        items.append(Item(f"weather: {after.weather}"))
    if after.winner and not before.winner:
        items.append(Item(f"{after.winner} won", answer=None))
    return items


def _visible_roll(context: str, dice: list[int], seen: Any) -> Item | None:
    """A volley whose block the side's view shows by name (its own, or an enemy block revealed in battle): the
    block, the dice and the kind of fire; any other volley is left out."""
    parts = context.split("/")
    block = parts[-1]
    if block not in seen.blocks or seen.blocks[block].unit is None:
        return None
    fire = parts[-2] if len(parts) >= 2 else ""
    where = parts[2] if len(parts) >= 3 else ""
    return Item(f"{block} fires in {where} ({fire}): rolls [{', '.join(map(str, dice))}]",
                [Dice(f"{where}/{fire}/{block}", list(dice))])


def bitw_side_report(scenario: Any, ruleset: Any, line: Timeline, round_: int, side: str) -> Report:
    from aa_ref.games.blocks_in_the_west.views import view

    game = line.first.model_copy(deep=True)
    sections: dict[tuple[str, str], list[Item]] = {}
    order: list[tuple[str, str]] = []

    def file(turn: tuple[int, str, str], items: list[Item]) -> None:
        if turn[0] != round_ or not items:
            return
        key = (turn[1], turn[2])
        if key not in sections:
            sections[key] = []
            order.append(key)
        sections[key].extend(items)

    # the effective entries only: the timeline's steps, entry by entry
    by_entry: list[list[Any]] = []
    for step in line.steps:
        if not by_entry or by_entry[-1][0].entry.n != step.entry.n:
            by_entry.append([])
        by_entry[-1].append(step)
    before = view(scenario, game, side)  # type: ignore[arg-type]
    for steps in by_entry:
        turn = (game.round, game.power, game.phase)
        for event in (step.event for step in steps):
            ruleset.apply_event(game, event)
            if isinstance(event, Roll):  # what the battle showed so far, then the volley, if its block is seen
                after = view(scenario, game, side)  # type: ignore[arg-type]
                item = _visible_roll(event.context, event.dice, after)
                if item is not None:
                    file(turn, view_changes(before, after, side) + [item])
                    before = after
            now = (game.round, game.power, game.phase)
            if now != turn:  # a moment a side could be shown the game: what changed is filed under the phase it ends
                after = view(scenario, game, side)  # type: ignore[arg-type]
                file(turn, view_changes(before, after, side))
                before, turn = after, now
        after = view(scenario, game, side)  # type: ignore[arg-type]
        file(turn, view_changes(before, after, side))
        before = after
    month = scenario.turns[round_ - 1].month if round_ <= len(scenario.turns) else ""
    report = Report(f"{scenario.title}: turn {round_} ({month}), the {side}' report")
    powers: dict[str, list[Section]] = {}
    for power, phase in order:
        powers.setdefault(power, []).append(Section(phase.replace("_", " ") + " phase", [Items(sections[(power, phase)])],
                                                    css="phase"))
    report.sections += [Section(f"{power} player turn", phases, css="turn") for power, phases in powers.items()]
    end = view(scenario, line.ends[round_], side)  # type: ignore[arg-type]
    blocks: list[Any] = [Slot(round_), Para(f"What the {side} see: their own blocks, and of the enemy's only the "
                                            "hex and nation (revealed blocks by name).")]
    blocks.append(Table(["power", "PP"], [[p, str(n)] for p, n in end.pp.items()]))
    control = {s: sum(1 for c in end.control.values() if c == s) for s in ("axis", "allies")}
    blocks.append(Para("Hexes controlled: " + ", ".join(f"{s} {n}" for s, n in control.items())))
    by_power: dict[str, list[str]] = {}
    for block_id, seen in sorted(end.blocks.items(), key=lambda b: (b[1].hex, b[0])):
        by_power.setdefault(seen.power, []).append(
            f"{seen.hex} {block_id}" + (f" {seen.strength}" if seen.strength is not None else "")
            + (" OOS" if seen.out_of_supply else ""))
    blocks.append(Table(["power", "blocks seen (hex, block, strength)"], [[p, "; ".join(b)] for p, b in by_power.items()],
                        caption="The blocks seen", folded=True))
    if end.off_map:
        blocks.append(Para("Off the map: " + ", ".join(end.off_map)))
    if end.winner:
        blocks.append(Para(f"{end.winner} won.", strong=True))
    report.sections.append(Section(f"The map at the end of turn {round_}, as the {side} see it", blocks, css="board"))
    return report
