"""Files that travel: nothing aa-ref writes names a folder of the writer's machine, editors find the schemas by a
path relative to the file, and a game folder copied elsewhere plays on (issue 17)."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TINY = ROOT / "tests" / "data" / "tiny-triplea.xml"
WARZAG_DEMO = ROOT / "aa_ref" / "setups" / "warzag-demo.yaml"


def machine_names(folder: Path) -> list[str]:
    """Every written file's mentions of a folder of this machine: the working folder, the checkout, the
    installation, the home folder, or any file:// address."""
    marks = {str(folder.resolve()), str(folder), str(ROOT), sys.prefix, os.path.expanduser("~") + "/", "file://"}
    found = []
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            text = path.read_text(encoding="utf-8")
            found += [f"{path.relative_to(folder)}: {mark}" for mark in sorted(marks) if mark in text]
    return found


def play_every_writer(cli) -> None:
    """The commands that write files: new (with secret cards too), template, apply, undo, commit, export,
    import-triplea."""
    (cli.folder / "games").mkdir()
    assert cli("new", "aa1941", "-o", "games/g.yaml", "--seed", "s").exit_code == 0
    assert cli("template", "games/g.yaml", "-o", "games/purchase.yaml").exit_code == 0
    assert cli("apply", "games/g.yaml", "games/purchase.yaml", "-o", "games/g2.yaml").exit_code == 0
    assert cli("apply", "games/g.yaml", "games/purchase.yaml", "--in-place").exit_code == 0
    assert cli("undo", "games/g.yaml").exit_code == 0
    assert cli("commit", "games/g2.yaml", "--secret", "games/me.secret.yaml", "--player", "me", "--side", "Axis",
               "--length", "3").exit_code == 0
    assert cli("new", "bitw-demo", "-o", "b.yaml", "--seed", "s").exit_code == 0
    assert cli("export", "b.yaml", "--side", "allies", "-o", "allies.yaml").exit_code == 0
    assert cli("new", "warzag-demo", "-o", "w.yaml", "--seed", "s", "--option", "players=germany,uk,italy").exit_code == 0
    assert cli("import-triplea", TINY, "-o", "tiny.yaml").exit_code == 0


def test_no_written_file_names_a_folder_of_this_machine(cli):
    play_every_writer(cli)
    assert len(list(cli.folder.rglob("*.yaml"))) >= 12
    assert machine_names(cli.folder) == []


def test_with_the_editor_set_up_no_written_file_names_a_folder_of_this_machine_either(cli):
    assert cli("editor-setup").exit_code == 0
    play_every_writer(cli)
    assert machine_names(cli.folder) == []


def test_editor_lines_name_the_schema_of_the_files_kind_relative_to_the_file(cli):
    assert cli("new", "aa1941", "-o", "before.yaml", "--seed", "s").exit_code == 0
    assert (cli.folder / "before.yaml").read_text().startswith("kind: game\n")  # no schemas here yet: no line
    assert cli("editor-setup").exit_code == 0
    (cli.folder / "round-1").mkdir()
    assert cli("new", "aa1941", "-o", "round-1/g.yaml", "--seed", "s").exit_code == 0
    assert cli("template", "round-1/g.yaml", "-o", "round-1/orders.yaml").exit_code == 0
    for name, kind in (("g.yaml", "game"), ("g.log.yaml", "log"), ("orders.yaml", "orders")):
        first = (cli.folder / "round-1" / name).read_text().splitlines()[0]
        assert first == f"# yaml-language-server: $schema=../.aa-ref/schemas/{kind}.schema.json"
        assert (cli.folder / "round-1" / first.split("=", 1)[1]).is_file()


def test_an_editor_line_received_in_a_file_is_replaced_when_aa_ref_writes_it(cli):
    assert cli("editor-setup").exit_code == 0
    assert cli("new", "aa1941", "-o", "g.yaml", "--seed", "s").exit_code == 0
    text = (cli.folder / "g.yaml").read_text().splitlines(keepends=True)
    received = "# yaml-language-server: $schema=file:///home/opponent/aa-ref/schemas/game.schema.json\n"
    (cli.folder / "g.yaml").write_text(received + "# our campaign\n" + "".join(text[1:]))
    assert cli("template", "g.yaml", "-o", "o.yaml").exit_code == 0
    assert cli("apply", "g.yaml", "o.yaml", "--in-place").exit_code == 0
    written = (cli.folder / "g.yaml").read_text()
    assert "opponent" not in written and "# our campaign" in written
    assert written.startswith("# yaml-language-server: $schema=.aa-ref/schemas/game.schema.json\n")


def own_pack_game(cli) -> None:
    """A WARZAG game on a pack of the players' own, kept in `packs/`, the game in `games/`."""
    (cli.folder / "packs").mkdir()
    (cli.folder / "games").mkdir()
    text = WARZAG_DEMO.read_text().replace("id: warzag-demo", "id: our-copy").replace("demo: true", "demo: false")
    (cli.folder / "packs" / "ours.yaml").write_text(text)
    result = cli("new", "packs/ours.yaml", "-o", "games/g.yaml", "--seed", "s", "--option", "players=germany,uk,italy")
    assert result.exit_code == 0, result.output


def test_a_game_on_its_own_pack_keeps_a_copy_in_its_folder_and_plays_on_in_a_copied_folder(cli, tmp_path_factory,
                                                                                           monkeypatch):
    own_pack_game(cli)
    assert "setup: ours.yaml\n" in (cli.folder / "games" / "g.yaml").read_text()
    original = (cli.folder / "packs" / "ours.yaml").read_text()
    assert original.startswith("# yaml-language-server:")  # the copy's editor line is the copy's own (none here)
    assert (cli.folder / "games" / "ours.yaml").read_text() == original.split("\n", 1)[1]
    elsewhere = tmp_path_factory.mktemp("elsewhere") / "campaign"
    shutil.copytree(cli.folder, elsewhere)
    monkeypatch.chdir(elsewhere)
    for command in (("replay", "games/g.yaml"), ("show", "games/g.yaml"), ("template", "games/g.yaml")):
        result = cli(*command)
        assert result.exit_code == 0, result.output


def test_a_game_moved_without_its_pack_names_the_missing_file(cli):
    own_pack_game(cli)
    (cli.folder / "games" / "ours.yaml").rename(cli.folder / "ours.yaml")
    result = cli("show", "games/g.yaml")
    assert result.exit_code == 1
    assert "g.yaml:" in result.output and "setup file 'ours.yaml'" in result.output
    assert "copy that file there, unchanged" in result.output
    log_start = (cli.folder / "games" / "g.log.yaml").read_text()
    fingerprint = log_start.split('"setup_sha256": "', 1)[1].split('"', 1)[0]
    assert f"sha256 {fingerprint}" in result.output


def test_copy_setup_writes_a_shipped_scenario_to_edit_and_play(cli):
    assert cli("copy-setup", "anniversary-1942", "-o", "ours.yaml").exit_code == 0
    assert "extends: anniversary-1941" in (cli.folder / "ours.yaml").read_text()
    assert cli("validate", "ours.yaml").exit_code == 0
    assert cli("new", "ours.yaml", "-o", "g.yaml", "--seed", "s").exit_code == 0
    assert cli("replay", "g.yaml").exit_code == 0
    refused = cli("copy-setup", "anniversary-1942", "-o", "ours.yaml")
    assert refused.exit_code == 2 and "exists" in refused.output
    assert "did you mean 'aa1941'" in cli("copy-setup", "aa1491", "-o", "x.yaml").output


def test_each_schema_is_identified_by_its_own_file_name(cli):
    """A schema's `$id` resolves where the schema is (beside the other schemas), not at an address that does not
    exist; `editor-setup` copies them unchanged."""
    assert cli("editor-setup").exit_code == 0
    for path in sorted((cli.folder / ".aa-ref" / "schemas").glob("*.schema.json")):
        text = path.read_text()
        assert f'"$id": "{path.name}"' in text
        assert text == (ROOT / "aa_ref" / "schemas" / path.name).read_text()
