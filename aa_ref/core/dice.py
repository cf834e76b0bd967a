"""Dice sources: seeded dice bound to their context, or dice rolled at a real table.

A seeded die is derived from the game's seed and the roll's context (round, power,
battle, combat round, who fires, index), so the same game always rolls the same dice
and a roll cannot be drawn again without the log showing a different context.

The context is the volley's name ("r1/Germany/West Russia/cr2/attack"): dice rolled at a table may be given by
name (`KeyedDice`), typed as each volley is described (`AskedDice`), or as one list in the engine's order
(`RecordedDice`, the first form, kept working).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from aa_ref.core.errors import InvalidInput

SIDES = 6

TableDiceField = list[int] | dict[str, list[int]]
"""How a document gives dice rolled at the table: a list used in the engine's order, or volley name -> dice."""
DICE_FIELD_HELP = ("dice rolled at the table: a list used in order, or a mapping of volley names (as 'apply "
                   "--ask-dice', 'check' and 'log' name them) to their dice")


@dataclass(frozen=True)
class Volley:
    """What one roll is for, in a player's words: a title (where, who fires) and the groups whose dice it holds,
    in the order the dice are read (each group: what it is and what hits, and its number of dice)."""

    title: str
    groups: tuple[tuple[str, int], ...] = ()

    def text(self, count: int) -> str:
        """The volley as a referee reads it out: 'West Russia, round 2, Germany attacks: 3 infantry hit on 1,
        2 tank hit on 3 - roll 5 dice'."""
        parts = ", ".join(label for label, _ in self.groups)
        return f"{self.title}{': ' + parts if parts else ''} - roll {count} {'die' if count == 1 else 'dice'}"


class DiceSource(Protocol):
    """Anything that can roll `count` six-sided dice for a named context (the volley's name), told what the
    volley is when the caller knows."""

    def roll(self, context: str, count: int, volley: Volley | None = None) -> list[int]: ...


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

    def roll(self, context: str, count: int, volley: Volley | None = None) -> list[int]:
        return [seeded_die(self.seed, context, i) for i in range(count)]


def volley_key(name: str) -> str:
    """A volley's name as matched: in any case, runs of spaces as one."""
    return " ".join(name.split()).casefold()


def check_die(value: object, origin: str) -> int:
    """A die as given: a whole number from 1 to 6."""
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= SIDES:
        raise InvalidInput(f"{origin}: a die must be a whole number from 1 to 6, not {value!r}")
    return value


class TableDice:
    """Dice rolled at a real table. Every roll taken is kept, in order, for the log (`record`)."""

    keyed = False
    """Whether the log keeps these dice by volley (a mapping) rather than as one list in the order used."""

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.rolled: list[tuple[str, list[int]]] = []

    def roll(self, context: str, count: int, volley: Volley | None = None) -> list[int]:
        dice = self._take(context, count, volley)
        self.rolled.append((context, dice))
        return dice

    def _take(self, context: str, count: int, volley: Volley | None) -> list[int]:
        raise NotImplementedError

    def record(self, since: int = 0) -> list[int] | dict[str, list[int]]:
        """The dice taken from roll number `since` on, as the log keeps them."""
        taken = self.rolled[since:]
        if self.keyed:
            return {context: dice for context, dice in taken}
        return [d for _, dice in taken for d in dice]

    def leftover(self) -> str | None:
        """What was given but not rolled, in words (None when everything was used)."""
        return None


class RecordedDice(TableDice):
    """Dice rolled at a real table, taken in order from a list."""

    def __init__(self, values: list[int], origin: str = "the dice list") -> None:
        super().__init__(origin)
        self.values = [check_die(value, origin) for value in values]
        self.used = 0

    def _take(self, context: str, count: int, volley: Volley | None) -> list[int]:
        if self.used + count > len(self.values):
            left = len(self.values) - self.used
            raise InvalidInput(
                f"{self.origin}: {context} needs {count} dice but only {left} are left "
                f"({len(self.values)} given); roll more and add them, or give the dice by volley "
                "(docs: 'Dice at the table')"
            )
        dice = self.values[self.used : self.used + count]
        self.used += count
        return dice

    @property
    def unused(self) -> int:
        return len(self.values) - self.used

    def leftover(self) -> str | None:
        return f"{self.unused} of the dice given were not needed" if self.unused else None


class KeyedDice(TableDice):
    """Dice rolled at a real table, given by volley: each roll takes the dice listed under its volley's name
    (matched in any case), so the file does not depend on the order in which the engine rolls."""

    keyed = True

    def __init__(self, volleys: dict[str, list[int]], origin: str = "the dice") -> None:
        super().__init__(origin)
        self.given: dict[str, tuple[str, list[int]]] = {}
        for name, dice in volleys.items():
            if not isinstance(dice, list):
                raise InvalidInput(f"{origin}: {name}: write the volley's dice as a list, e.g. [3, 6, 1]")
            key = volley_key(str(name))
            if key in self.given:
                raise InvalidInput(f"{origin}: the volley {name} is given twice")
            self.given[key] = (str(name), [check_die(d, f"{origin}: {name}") for d in dice])
        self.taken: set[str] = set()

    def _take(self, context: str, count: int, volley: Volley | None) -> list[int]:
        key = volley_key(context)
        what = volley.text(count) if volley else f"roll {count} dice"
        if key not in self.given:
            raise InvalidInput(f"{self.origin}: no dice for the volley {context} ({what}): add "
                               f"'{context}: [...]' with its {count} {'die' if count == 1 else 'dice'}")
        if key in self.taken:
            raise InvalidInput(f"{self.origin}: the volley {context} is rolled twice")
        name, dice = self.given[key]
        if len(dice) != count:
            raise InvalidInput(f"{self.origin}: {name} has {len(dice)} dice but the volley rolls {count} ({what})")
        self.taken.add(key)
        return list(dice)

    def leftover(self) -> str | None:
        unrolled = [name for key, (name, _) in self.given.items() if key not in self.taken]
        return f"these volleys were not rolled: {', '.join(unrolled)}" if unrolled else None


def table_dice(given: list[int] | dict[str, list[int]], origin: str) -> TableDice:
    """The table's dice as written: a list used in order, or a mapping of volley names to their dice."""
    return KeyedDice(given, origin) if isinstance(given, dict) else RecordedDice(given, origin)


STOP_WORDS = ("q", "quit", "stop")


def typed_dice(line: str, count: int, volley: Volley | None) -> list[int]:
    """The dice in a typed line: the digits 1-6, with or without spaces or commas between them; '|' or '/' may
    separate the volley's groups, whose sizes are then checked. ValueError says what is wrong."""
    dice: list[int] = []
    sizes: list[int] = [0]
    for position, char in enumerate(line.strip(), start=1):
        if char in " ,\t":
            continue
        if char in "|/":
            sizes.append(0)
            continue
        if char not in "123456":
            raise ValueError(f"'{char}' (character {position}) is not a die: type the digits 1 to 6")
        dice.append(int(char))
        sizes[-1] += 1
    if len(dice) != count:
        raise ValueError(f"{count} {'die is' if count == 1 else 'dice are'} needed, {len(dice)} typed")
    wanted = [n for _, n in volley.groups] if volley else []
    if len(sizes) > 1 and sizes != wanted:
        raise ValueError(f"the groups typed have {sizes} dice, the volley's groups {wanted}")
    return dice


class AskedDice(TableDice):
    """Dice typed as they are rolled: each volley is described (`say`) and its dice read as a line (`ask`, None
    at the end of the input); a line that is not the volley's dice is explained and asked again. Blank lines and
    lines beginning with '#' are passed over (a file of dice piped in may say which volley each line is for)."""

    keyed = True

    def __init__(self, ask: Callable[[str], str | None], say: Callable[[str], None],
                 origin: str = "standard input") -> None:
        super().__init__(origin)
        self.ask, self.say = ask, say

    def begin(self, source: str) -> None:
        """A document's adjudication begins: its name heads what follows."""
        self.say(f"== {source}")

    def hear(self, text: str) -> None:
        """What the referee announces as it happens (a volley's outcome before the next volley is asked)."""
        self.say(f"  {text}")

    def _take(self, context: str, count: int, volley: Volley | None) -> list[int]:
        self.say(volley.text(count) if volley else f"{context} - roll {count} {'die' if count == 1 else 'dice'}")
        while True:
            line = self.ask(f"  [{context}] {count} {'die' if count == 1 else 'dice'}: ")
            if line is None:
                raise InvalidInput(f"{self.origin} ended before the dice of {context} were typed; nothing was applied")
            if line.strip().casefold() in STOP_WORDS:
                raise InvalidInput(f"stopped at {context}; nothing was applied")
            if not line.strip() or line.strip().startswith("#"):  # a blank line, or a comment in a file of dice
                continue
            try:
                return typed_dice(line, count, volley)
            except ValueError as exc:
                self.say(f"  {exc}; type them again (or 'q' to stop, nothing applied)")
