"""The rooms hold (docs/architecture.md): the core imports no game and no feature, games do not import
each other, an A&A edition imports only the shared rules and the editions it extends, the CLI is imported by
nothing, and no modules import each other in a circle. The contracts are in pyproject.toml."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

from importlinter.cli import lint_imports

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def test_every_import_contract_is_kept():
    report = io.StringIO()
    with contextlib.redirect_stdout(report):
        exit_code = lint_imports(config_filename=str(PYPROJECT), no_cache=True)
    assert exit_code == 0, report.getvalue()
