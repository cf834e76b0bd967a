"""Dice sources: seeded dice bound to their context, or dice rolled at a real table.

A seeded die is derived from the game's seed and the roll's context (round, power,
battle, combat round, who fires, index), so the same game always rolls the same dice
and a roll cannot be drawn again without the log showing a different context.
"""

from __future__ import annotations

import hashlib
from typing import Protocol

from aa_ref.core.errors import InvalidInput

SIDES = 6


class DiceSource(Protocol):
    """Anything that can roll `count` six-sided dice for a named context."""

    def roll(self, context: str, count: int) -> list[int]: ...


def seeded_die(seed: str, context: str, index: int) -> int:
    """One die (1-6) derived from seed, context and index by SHA-256, without bias."""
    attempt = 0
    while True:
        digest = hashlib.sha256(f"{seed}\x1f{context}\x1f{index}\x1f{attempt}".encode()).digest()
        for byte in digest:
            if byte < 252:  # 252 = 6 * 42: reject the top 4 values to stay uniform
                return byte % SIDES + 1
        attempt += 1


class SeededDice:
    """Dice derived from a seed and each roll's context."""

    def __init__(self, seed: str) -> None:
        self.seed = seed

    def roll(self, context: str, count: int) -> list[int]:
        return [seeded_die(self.seed, context, i) for i in range(count)]


class RecordedDice:
    """Dice rolled at a real table, taken in order from a list."""

    def __init__(self, values: list[int], origin: str = "the dice list") -> None:
        for value in values:
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= SIDES:
                raise InvalidInput(f"{origin}: a die must be a whole number from 1 to 6, not {value!r}")
        self.values = list(values)
        self.origin = origin
        self.used = 0

    def roll(self, context: str, count: int) -> list[int]:
        if self.used + count > len(self.values):
            left = len(self.values) - self.used
            raise InvalidInput(
                f"{self.origin}: {context} needs {count} dice but only {left} are left "
                f"({len(self.values)} given); roll more and add them"
            )
        dice = self.values[self.used : self.used + count]
        self.used += count
        return dice

    @property
    def unused(self) -> int:
        return len(self.values) - self.used
