"""Helpers for tests that edit a shipped file in one place and expect `aa-ref validate` to report the
problem at that file:line:column (the WARZAG pack and Blocks in the West scenario tests)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from typer.testing import CliRunner

from aa_ref.cli.app import app


@dataclass(frozen=True)
class EditedFile:
    """A shipped file to edit (`source`), validated under the name `name` in a test's folder."""

    source: Path
    name: str

    def text(self) -> str:
        return self.source.read_text(encoding="utf-8")

    def edited(self, old: str, new: str) -> str:
        """The file with `old` (which must occur exactly once) replaced by `new`."""
        text = self.text()
        assert text.count(old) == 1, f"{self.source.name} no longer holds exactly one {old!r}: update this test"
        return text.replace(old, new)

    def validate(self, folder: Path, text: str, name: str | None = None):
        """`aa-ref validate` of `text` written in `folder`; never a traceback."""
        (folder / (name or self.name)).write_text(text, encoding="utf-8")
        result = CliRunner().invoke(app, ["validate", name or self.name], catch_exceptions=False)
        assert "Traceback" not in result.output
        return result

    def reported(self, folder: Path, old: str, new: str, context: str, value: str, words: str) -> None:
        """The file with `old` replaced by `new` is refused by `validate` with `words` at the place of `value` (looked
        for from `context` on)."""
        text = self.edited(old, new)
        result = self.validate(folder, text)
        assert result.exit_code == 1, result.output
        line, column = position(text, context, value)
        assert any(words in m for m in self.located(result.output, line, column)), result.output

    def located(self, output: str, line: int, column: int, name: str | None = None) -> list[str]:
        """The output lines reporting a problem at `name:line:column`."""
        prefix = f"{name or self.name}:{line}:{column}: "
        return [row[len(prefix):] for row in output.splitlines() if row.startswith(prefix)]


def position(text: str, context: str, value: str) -> tuple[int, int]:
    """The 1-based line and column of `value`, looked for from the one occurrence of `context` on."""
    assert text.count(context) == 1, f"{context!r} must occur once"
    index = text.index(value, text.index(context))
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return line, column
