"""`aa-ref log` prints a log even when its chain is broken (to see what was edited), so it reads each entry as
plain data: an event without a type or text, dice that are not a list, reveals that are not a list of records
are printed as they are, instead of a KeyError or TypeError traceback. `replay` still names the edit."""

from __future__ import annotations

import json

from tests.adversarial.support import refused


def test_odd_events_and_reveals_in_an_edited_log(table):
    assert table("apply", "game.yaml", "o.yaml", "--in-place").exit_code == 0
    path = table.folder / "game.log.yaml"
    log = json.loads(path.read_text())
    entry = log["entries"][0]
    entry["input"]["signature"] = {"player": "mallory"}
    entry["input"]["reveals"] = 5
    entry["events"] = [{"text": "no type"}, {"type": "note"}, {"type": "roll", "dice": 7, "context": "r1/x"},
                       {"type": "roll"}]
    path.write_text(json.dumps(log))
    before = table.snapshot()
    shown = table("log", "game.yaml")
    assert shown.exit_code == 0, shown.output
    assert "signed by mallory\n  None\n    dice r1/x: 7 (seeded)\n    dice None:  (seeded)\n" in shown.output
    assert table.snapshot() == before
    assert "entry 1 was edited after it was written" in refused(table("replay", "game.yaml"), before, table.snapshot())
