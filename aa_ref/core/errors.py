"""Errors and problems: what aa-ref reports about input it cannot accept.

Following python-chess, problems are split into input that is *not understood*
(malformed YAML, wrong shape, unknown names) and orders that are *not allowed*
(they break a rule). Both carry every problem found, not just the first.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One thing wrong with one input, located as precisely as we can."""

    message: str
    file: str | None = None
    line: int | None = None  # 1-based
    column: int | None = None  # 1-based
    rule: str | None = None  # the rulebook section broken, e.g. "AA1941 L370"

    def __str__(self) -> str:
        where = ""
        if self.file:
            where = self.file
            if self.line is not None:
                where += f":{self.line}:{self.column or 1}"
            where += ": "
        rule = f" [{self.rule}]" if self.rule else ""
        return f"{where}{self.message}{rule}"


class AaRefError(Exception):
    """Base of every error aa-ref reports to a user; never shown as a traceback."""

    exit_code = 2

    def __init__(self, message: str, problems: list[Problem] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.problems = problems or []

    def lines(self) -> list[str]:
        """The error as the lines the CLI prints."""
        if not self.problems:
            return [self.message]
        return [str(p) for p in self.problems]


class UsageError(AaRefError):
    """A bad command line or an unreadable or unwritable file (exit 2)."""

    exit_code = 2


class InvalidInput(AaRefError):
    """Input that is not understood: bad YAML, wrong shape, unknown names (exit 1)."""

    exit_code = 1


class IllegalOrders(AaRefError):
    """Orders that are understood but break a rule of the game (exit 1)."""

    exit_code = 1


class ReplayMismatch(AaRefError):
    """A log that does not reproduce the game it belongs to (exit 1)."""

    exit_code = 1


class PrivacyWarning(UserWarning):
    """A file of a player's secrets that other users of the computer may read: reported, and the command goes on."""


class RecoveryNotice(UserWarning):
    """A write of a game's files that a crash interrupted, finished or undone when the game was loaded: reported, and
    the command goes on."""
