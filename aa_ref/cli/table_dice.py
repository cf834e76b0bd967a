"""Dice typed at a table, read from standard input: the terminal, or a pipe shared by several commands."""

from __future__ import annotations

import os
import sys

import typer

from aa_ref.core.dice import AskedDice


def dice_typed_at_the_table() -> AskedDice:
    """Dice read from standard input, a line per volley: typed at a terminal, or piped in (then each line read is
    echoed after its prompt, so a script's output reads like a session at the table)."""
    from aa_ref.core.dice import AskedDice

    interactive = sys.stdin.isatty()

    def ask(prompt: str) -> str | None:
        if interactive:
            try:
                return input(prompt)
            except EOFError:
                return None
        line = _piped_line()
        while line is not None and (not line.strip() or line.lstrip().startswith("#")):  # a file's notes
            line = _piped_line()
        if line is not None:
            typer.echo(prompt + line)
        return line

    return AskedDice(ask, typer.echo)


def _piped_line() -> str | None:
    """One line of piped standard input, None at its end. Read byte by byte from the shared descriptor, never
    ahead: successive commands of a script (`for ...; do aa-ref apply --ask-dice; done < dice.txt`) each take
    only the lines of their own volleys."""
    try:
        fd = sys.stdin.fileno()
    except (OSError, ValueError, AttributeError):  # a replaced stdin (tests): its own buffered lines
        line = sys.stdin.readline()
        return line.rstrip("\r\n") if line else None
    data = bytearray()
    while (byte := os.read(fd, 1)) and byte != b"\n":
        data += byte
    if not data and not byte:
        return None
    return data.decode("utf-8", "replace").rstrip("\r")
