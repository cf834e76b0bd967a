"""What every Blocks in the West rule module shares: the acting side, its view of the board, PP, dice."""

from __future__ import annotations

from dataclasses import dataclass

from aa_ref.core.dice import Volley
from aa_ref.core.engine import Context, Illegal
from aa_ref.core.names import NameIndex
from aa_ref.games.blocks_in_the_west.board import Board
from aa_ref.games.blocks_in_the_west.events import Points
from aa_ref.games.blocks_in_the_west.scenario import Scenario
from aa_ref.games.blocks_in_the_west.state import Game, Side


def bw(lines: str) -> str:
    """A citation of the Blocks in the West rulebook, e.g. bw('L1283') -> 'BW L1283'."""
    return f"BW {lines}"


@dataclass
class Act:
    """One action being carried out by `side` on the working game of `ctx`."""

    ctx: Context
    scenario: Scenario
    side: Side

    @property
    def game(self) -> Game:
        return self.ctx.game

    def board(self) -> Board:
        """A fresh view of the game as it is now."""
        return Board(self.scenario, self.ctx.game)

    def note(self, text: str) -> None:
        self.ctx.note(text)

    def require(self, condition: bool, message: str, rule: str, field: str | None = None) -> None:
        if not condition:
            raise Illegal(message, bw(rule), field)

    def hex(self, name: str, field: str) -> str:
        """The hex a player names, in any case or by its printed name."""
        canonical = self.scenario.hex_names.get(name)
        if canonical is None:
            raise Illegal(self.scenario.hex_names.unknown_message(name), bw("L415"), field)
        return canonical

    def block(self, name: str, field: str) -> str:
        """A block of the side's own, by id in any case; an unknown one is refused with a suggestion among the side's
        own blocks only."""
        canonical = self.scenario.block_names.get(name)
        if canonical is None:
            own = NameIndex("block", [b for b, unit in self.scenario.blocks.items()
                                      if self.scenario.powers[unit.power].side == self.side])
            raise Illegal(own.unknown_message(name), bw("L502"), field)
        name = canonical
        power = self.scenario.blocks[name].power
        if self.scenario.powers[power].side != self.side:
            raise Illegal(f"block {name} is not {self.side}'s: only the controlling player moves his units", bw("L538"), field)
        return name

    def pay(self, power: str, amount: int, reason: str, rule: str) -> None:
        have = self.game.pp.get(power, 0)
        self.require(have >= amount, f"{reason} costs {amount} PP, but {power} has {have}", rule)
        if amount:
            self.ctx.emit(Points(power=power, delta=-amount, reason=reason))

    def roll(self, context: str, count: int = 1, volley: Volley | None = None) -> list[int]:
        """The side's dice for the volley named `context` (described by `volley` for dice typed at the table)."""
        return self.ctx.roll(f"t{self.game.turn}/{self.side}/{context}", count, volley)
