"""A game folder may come from an opponent with a journal of an "interrupted write" in it (`.GAME.yaml.journal`).
Recovery must never make aa-ref write outside the game's folder, follow a link, rename a file that is not a staged
file with the journal's digest, or crash: a journal that no crash of aa-ref could leave is refused, located (exit 1),
and nothing is touched; one that a crash could leave (cut short, a staged file half-written) is undone."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from aa_ref.core.journal import HEADER, MAX_JOURNAL_BYTES, temp_name
from tests.adversarial.support import ORDERS, POSIX_ONLY

COMMANDS = {
    "show": ("show", "campaign/game.yaml"),
    "recover": ("recover", "campaign/game.yaml"),
    "apply": ("apply", "campaign/game.yaml", "o.yaml", "--in-place"),
    "replay": ("replay", "campaign/game.yaml"),
}
JOURNAL = "campaign/.game.yaml.journal"
PRECIOUS = "kind: log\n# precious, outside the game's folder\n"


@pytest.fixture
def folder(cli) -> Path:
    """A 1941 game in `campaign/`, orders for it beside the folder, and a file outside it that a cheat would like
    to overwrite."""
    (cli.folder / "campaign").mkdir()
    assert cli("new", "aa1941", "-o", "campaign/game.yaml", "--seed", "journal").exit_code == 0
    (cli.folder / "o.yaml").write_text(ORDERS)
    (cli.folder / "outside.yaml").write_text(PRECIOUS)
    return cli.folder


def everything(folder: Path) -> dict[str, str]:
    """Every file and link under `folder` (links as where they lead), but for the games' lock files."""
    found = {}
    for path in sorted(folder.rglob("*")):
        if path.is_symlink():
            found[str(path.relative_to(folder))] = "-> " + str(path.readlink())
        elif path.is_file() and not path.name.endswith(".lock"):
            found[str(path.relative_to(folder))] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def staged(folder: Path, name: str, content: bytes, token: str = "0badc0de") -> dict[str, str]:
    """A file staged as aa-ref stages one (in `folder`/campaign), and its journal line."""
    path = folder / "campaign" / Path(name).parent / temp_name(name, token)
    path.write_bytes(content)
    return {"file": name, "temp": temp_name(name, token), "sha256": hashlib.sha256(content).hexdigest()}


def write_journal(folder: Path, records: list[dict[str, str]], end: bool = True) -> Path:
    """A journal of `records`, complete with its checksum line (`end`) or cut short."""
    body = "".join(json.dumps(r) + "\n" for r in [HEADER, *records])
    if end:
        body += json.dumps({"end": hashlib.sha256(body.encode()).hexdigest()}) + "\n"
    path = folder / JOURNAL
    path.write_text(body)
    return path


def the_game(folder: Path) -> dict[str, str]:
    """A journal line for the game itself, staged with the game's own content (so that only the other line is
    under test)."""
    return staged(folder, "game.yaml", (folder / "campaign" / "game.yaml").read_bytes(), "00000000")


def refused_everywhere(cli, folder: Path, *expected: str) -> None:
    """Every command that loads the game refuses it, located at the journal, and touches nothing."""
    before = everything(folder)
    for command in COMMANDS.values():
        result = cli(*command)
        assert result.exit_code == 1, (command, result.output)
        assert "Traceback" not in result.output
        assert f"{JOURNAL}:" in result.output, result.output
        assert "Nothing it names was touched; delete .game.yaml.journal" in result.output, result.output
        for text in expected:
            assert text in result.output, (text, result.output)
        assert everything(folder) == before, command
    assert (folder / "outside.yaml").read_text() == PRECIOUS


def test_a_name_leading_out_of_the_folder_is_refused(cli, folder):
    (folder / "campaign" / ".outside.yaml.0badc0de.tmp").write_text("kind: log\n# the cheat's\n")  # staged inside
    evil = staged(folder, "../outside.yaml", b"kind: log\n# the cheat's\n")  # and where '..' leads
    write_journal(folder, [the_game(folder), evil])
    refused_everywhere(cli, folder, f"{JOURNAL}:3:1", "'../outside.yaml'", "leads out of the game's folder")


def test_an_absolute_path_is_refused(cli, folder):
    outside = str(folder / "outside.yaml")
    write_journal(folder, [the_game(folder), {"file": outside, "temp": ".outside.yaml.0badc0de.tmp",
                                              "sha256": "0" * 64}])
    refused_everywhere(cli, folder, f"{JOURNAL}:3:1", "is an absolute path")


@POSIX_ONLY
def test_a_staged_file_that_is_a_link_is_refused(cli, folder):
    """A link named as a staged file, leading to a file whose digest the journal gives: renamed over the game, the
    game would become that link."""
    link = folder / "campaign" / temp_name("game.yaml", "0badc0de")
    link.symlink_to(folder / "outside.yaml")
    write_journal(folder, [{"file": "game.yaml", "temp": link.name,
                            "sha256": hashlib.sha256(PRECIOUS.encode()).hexdigest()}])
    refused_everywhere(cli, folder, f"{JOURNAL}:2:1", f"the staged file '{link.name}' is a link")


@POSIX_ONLY
def test_a_folder_that_is_a_link_leading_out_is_refused(cli, folder):
    (folder / "campaign" / "sub").symlink_to(folder)
    evil = staged(folder, "sub/outside.yaml", b"kind: log\n# the cheat's\n")
    write_journal(folder, [the_game(folder), evil])
    refused_everywhere(cli, folder, f"{JOURNAL}:3:1", "leads out of the game's folder")


@POSIX_ONLY
def test_a_journal_that_is_a_link_is_refused(cli, folder):
    write_journal(folder, [the_game(folder)]).rename(folder / "journal")
    (folder / JOURNAL).symlink_to(folder / "journal")
    refused_everywhere(cli, folder, "the journal is a link")


@pytest.mark.parametrize("garbage", [b"\x00\xffgarbage\nmore\n", b"hello, no line end", b"\x00" * 4096,
                                     b'{"aa-ref": "journal", "version": 2}\n', b"- a: yaml\n"])
def test_garbage_is_refused(cli, folder, garbage):
    (folder / JOURNAL).write_bytes(garbage)
    refused_everywhere(cli, folder, f"{JOURNAL}:1:1", "this is not an aa-ref journal")


@pytest.mark.parametrize("record, said", [
    ({"file": "game.yaml", "temp": ".game.yaml.0badc0de.tmp", "sha256": "0" * 64, "more": "x"}, "not a line of"),
    ({"file": ["game.yaml"], "temp": ".game.yaml.0badc0de.tmp", "sha256": "0" * 64}, "not a line of"),
    ({"file": "game.yaml", "temp": "../o.yaml", "sha256": "0" * 64}, "is not named as aa-ref names"),
    ({"file": "game.yaml", "temp": ".game.yaml.0BADC0DE.tmp", "sha256": "0" * 64}, "is not named as aa-ref names"),
    ({"file": "game.yaml", "temp": ".game.yaml.0badc0de.tmp", "sha256": "xyz"}, "is not a SHA-256 digest"),
    ({"file": "game.log.yaml", "temp": ".game.log.yaml.0badc0de.tmp", "sha256": "0" * 64}, "not with the game"),
    ({"file": "game.yaml\\..\\..\\x", "temp": ".x.0badc0de.tmp", "sha256": "0" * 64}, "backslash"),
])
def test_a_line_aa_ref_never_writes_is_refused(cli, folder, record, said):
    write_journal(folder, [record])
    refused_everywhere(cli, folder, f"{JOURNAL}:2:1", said)


def test_a_duplicate_key_is_refused(cli, folder):
    line = '{"file": "game.yaml", "file": "../outside.yaml", "temp": ".game.yaml.0badc0de.tmp", "sha256": "%s"}' % (
        "0" * 64)
    body = json.dumps(HEADER) + "\n" + line + "\n"
    (folder / JOURNAL).write_text(body + json.dumps({"end": hashlib.sha256(body.encode()).hexdigest()}) + "\n")
    refused_everywhere(cli, folder, f"{JOURNAL}:2:1", "not a line of an aa-ref journal")


def test_a_wrong_checksum_or_lines_after_the_end_are_refused(cli, folder):
    path = write_journal(folder, [the_game(folder)])
    text = path.read_text()
    path.write_text(text[:-67] + "0" * 64 + '"}\n')
    refused_everywhere(cli, folder, f"{JOURNAL}:3:1", "checksum does not match")
    path.write_text(text + text.splitlines()[1] + "\n")
    refused_everywhere(cli, folder, f"{JOURNAL}:4:1", "goes on after its end")


def test_a_journal_too_large_is_refused(cli, folder):
    (folder / JOURNAL).write_text(json.dumps(HEADER) + "\n" + " " * MAX_JOURNAL_BYTES)
    before = everything(folder)
    result = cli("show", "campaign/game.yaml")
    assert result.exit_code == 1 and "file too large" in result.output and JOURNAL in result.output, result.output
    assert everything(folder) == before


def test_a_staged_file_without_its_digest_is_deleted_and_the_game_kept(cli, folder):
    """What a crash while staging leaves (a half-written staged file): undone, never renamed over the game."""
    before = everything(folder)
    game = staged(folder, "game.yaml", b"kind: game\n# the cheat's\n")
    log = staged(folder, "game.log.yaml", b"{}")
    game["sha256"] = hashlib.sha256(b"something else").hexdigest()
    write_journal(folder, [game, log])
    result = cli("show", "campaign/game.yaml")
    assert result.exit_code == 0, result.output
    assert ("note: campaign/game.yaml: undid an interrupted write of game.yaml and game.log.yaml: they are as they "
            "were before it") in result.output
    assert everything(folder) == before


def test_a_journal_cut_short_is_undone(cli, folder):
    """What a crash while the journal is written leaves: it and what it names are deleted, the game is kept."""
    before = everything(folder)
    path = write_journal(folder, [the_game(folder)], end=False)
    path.write_text(path.read_text() + '{"file": "game.log.yaml", "te')
    result = cli("recover", "campaign/game.yaml")
    assert result.exit_code == 0, result.output
    assert result.output == ("campaign/game.yaml: undid an interrupted write of game.yaml: they are as they were "
                             "before it.\n")
    assert everything(folder) == before


def test_a_file_named_like_a_staged_one_but_not_in_the_journal_is_left(cli, folder):
    """Recovery deletes only what its journal names."""
    (folder / "campaign" / temp_name("notes.yaml", "12345678")).write_text("mine\n")
    write_journal(folder, [the_game(folder)], end=False)
    assert cli("show", "campaign/game.yaml").exit_code == 0
    assert (folder / "campaign" / temp_name("notes.yaml", "12345678")).read_text() == "mine\n"
