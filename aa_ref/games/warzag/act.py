"""What every WARZAG rule module shares: the acting player, payments and gains, dice, and the
`Illegal` error that carries the broken rule to the player."""

from __future__ import annotations

from dataclasses import dataclass

from aa_ref.core.dice import Volley
from aa_ref.core.engine import Context, Illegal
from aa_ref.core.names import NameIndex
from aa_ref.games.warzag.board import Board
from aa_ref.games.warzag.events import Resources
from aa_ref.games.warzag.pack import CATEGORIES, Pack
from aa_ref.games.warzag.state import Game

CAP = 99
"""PP and PC never pass 99 [WZ L463]; a gain above it is lost."""


def wz(lines: str) -> str:
    """A citation of the WARZAG rulebook, e.g. wz('L233') -> 'WZ L233'."""
    return f"WZ {lines}"


CATEGORY_NAMES = NameIndex("army category", CATEGORIES)


@dataclass
class Act:
    """One action being carried out by `nation` on the working game of `ctx`."""

    ctx: Context
    pack: Pack
    nation: str

    @property
    def game(self) -> Game:
        return self.ctx.game

    def board(self) -> Board:
        """A fresh view of the game as it is now (the board caches per state)."""
        return Board(self.pack, self.ctx.game)

    def note(self, text: str) -> None:
        self.ctx.note(text)

    def hex(self, name: str, field: str) -> str:
        """The hex a player names, in any case or by its printed name; an unknown one is refused with a suggestion."""
        canonical = self.pack.hex_names.get(name)
        if canonical is None:
            raise Illegal(self.pack.hex_names.unknown_message(name), wz("L92"), field)
        if canonical not in self.pack.neighbours:
            raise Illegal(f"{canonical} is used only with the expansion", wz("L122"), field)
        return canonical

    def army_id(self, name: str) -> str:
        """The army a player names, its id in any case (as given when no army has it: the caller refuses it)."""
        folded = name.casefold()
        return next((army_id for army_id in self.game.armies if army_id.casefold() == folded), name)

    def category(self, name: str) -> str:
        """An army category named in any case or plural (`Infantry`, `tanks` is not one); refused with a suggestion."""
        canonical = CATEGORY_NAMES.get(name)
        if canonical is None:
            raise Illegal(CATEGORY_NAMES.unknown_message(name) + f" (categories: {', '.join(CATEGORIES)})", wz("L253"))
        return canonical

    def require(self, condition: bool, message: str, rule: str, field: str | None = None) -> None:
        if not condition:
            raise Illegal(message, wz(rule), field)

    def pay(self, reason: str, pp: int = 0, pc: int = 0, rule: str = "L463") -> None:
        """Pay a cost; no balance goes below zero (digest §3.0)."""
        player = self.game.players[self.nation]
        if player.pp < pp or player.pc < pc:
            raise Illegal(f"{reason} costs {_amount(pp, pc)}, but {self.nation} has {_amount(player.pp, player.pc)}", wz(rule))
        if pp or pc:
            self.ctx.emit(Resources(player=self.nation, pp=-pp, pc=-pc, reason=reason))

    def gain(self, nation: str, reason: str, pp: int = 0, pc: int = 0) -> None:
        """Receive PP and PC, clamped at 99 [WZ L463]."""
        player = self.game.players[nation]
        got_pp, got_pc = min(pp, CAP - player.pp), min(pc, CAP - player.pc)
        if got_pp or got_pc:
            self.ctx.emit(Resources(player=nation, pp=got_pp, pc=got_pc, reason=reason))
        if (got_pp, got_pc) != (pp, pc):
            self.note(f"{nation} is at the cap of 99: {_amount(pp - got_pp, pc - got_pc)} of {reason} is lost [WZ L463]")

    def roll_standard(self, context: str, what: str) -> int:
        """The standard die [WZ L171] (a d6), `what` it is for in words (said to a table typing its dice)."""
        return self.ctx.roll(f"r{self.game.round}/{context}", 1, Volley(f"{self.nation}: {what}"))[0]


def _amount(pp: int, pc: int) -> str:
    return f"{pp} PP and {pc} PC" if pp and pc else (f"{pc} PC" if pc and not pp else f"{pp} PP")
