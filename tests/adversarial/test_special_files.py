"""Only regular files are read: a device, a named pipe or a folder given as any input is refused before it is
read, with the file named, instead of a read that never ends (a pipe), eats all memory (/dev/zero) or fails
with a traceback."""

from __future__ import annotations

import os

import pytest

from tests.adversarial.support import POSIX_ONLY, deadline, refused, run_child

pytestmark = POSIX_ONLY

INPUTS = {
    "game": ("show", "{}"),
    "log": ("apply", "game.yaml", "o.yaml", "--in-place", "--log", "{}"),
    "setup": ("new", "{}", "-o", "new.yaml"),
    "orders": ("apply", "game.yaml", "{}", "--in-place"),
    "dice": ("apply", "game.yaml", "o.yaml", "--in-place", "--dice", "{}"),
    "reveal": ("apply", "game.yaml", "o.yaml", "--in-place", "--reveal", "{}"),
    "secret": ("sign", "game.yaml", "o.yaml", "--secret", "{}"),
    "validate": ("validate", "{}"),
}
"""Each kind of input file, as the command that reads it with the file under test in place of `{}`."""


def command(kind: str, name: str) -> list[str]:
    return [arg.format(name) for arg in INPUTS[kind]]


@pytest.mark.parametrize("kind", INPUTS)
def test_a_device_is_refused_unread(table, kind):
    """/dev/zero never ends: read whole, it exhausts memory (here the child's 2 GiB) with a traceback."""
    device = "/dev/urandom" if kind == "secret" else "/dev/zero"
    before = table.snapshot()
    output = refused(run_child(table.folder, *command(kind, device)), before, table.snapshot())
    assert f"{device}: not a regular file (a device)" in output


@pytest.mark.parametrize("kind", INPUTS)
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(table, kind):
    os.mkfifo(table.folder / "pipe.yaml")
    before = table.snapshot()
    with deadline():
        result = table(*command(kind, "pipe.yaml"))
    output = refused(result, before, table.snapshot())
    assert "pipe.yaml: not a regular file (a named pipe)" in output


@pytest.mark.parametrize("kind", INPUTS)
def test_a_folder_is_refused(table, kind):
    (table.folder / "folder.yaml").mkdir()
    before = table.snapshot()
    with deadline():
        result = table(*command(kind, "folder.yaml"))
    output = refused(result, before, table.snapshot())
    assert "folder.yaml: not a regular file (a folder)" in output
    assert "folder.yaml: folder.yaml" not in output
