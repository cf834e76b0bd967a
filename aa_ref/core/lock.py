"""One writer at a time: a command that reads a game to write it again holds the game's lock from the reading
to the writing, so that two commands at once cannot both write and lose one's turn. The lock is the file
`.GAME.yaml.lock` beside the game (held by the operating system, so a crashed command holds nothing); a second
command waits a few seconds, then is refused. A command holding a game's lock may ask for it again (finishing an
interrupted write while it loads the game): it has it already."""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from aa_ref.core.errors import UsageError

WAIT_SECONDS = 10.0
F = TypeVar("F", bound=Callable[..., Any])
_held: set[str] = set()
"""The locks this process holds (their absolute paths)."""


def lock_path(game_path: Path) -> Path:
    return game_path.with_name(f".{game_path.name}.lock")


@contextmanager
def writing(game_path: Path, wait: float | None = None) -> Iterator[None]:
    """Hold the game's lock while the body reads and writes the game; refused after `wait` seconds (default
    `WAIT_SECONDS`). Asked for again while held, it is held already: the body runs at once."""
    key = os.path.realpath(lock_path(game_path))
    if key in _held:
        yield
        return
    from filelock import FileLock, Timeout  # only a command that writes pays for importing it

    lock = FileLock(str(lock_path(game_path)), timeout=WAIT_SECONDS if wait is None else wait)
    try:
        lock.acquire()
    except Timeout:
        raise UsageError(f"{game_path} is being written by another aa-ref command; try again when it has finished "
                         f"(if none is running, the lock {lock_path(game_path)} is stale: delete it)") from None
    except OSError as exc:
        raise UsageError(f"{game_path}: cannot take the game's lock ({exc.strerror})") from None
    _held.add(key)
    try:
        yield
    finally:
        _held.discard(key)
        lock.release()


def locks_game(function: F) -> F:
    """A library function whose first argument is a game it reads and writes again runs holding its lock."""
    @functools.wraps(function)
    def locked(game_path: Path, *args: Any, **kwargs: Any) -> Any:
        with writing(Path(game_path)):
            return function(game_path, *args, **kwargs)
    return locked  # type: ignore[return-value]
