"""Global 1940 citations for the rules the shared modules cite from other rulebooks.

The shared rule modules cite the 1941 rulebook ("AA1941 L989", "[L649]") and the Anniversary
modules the Anniversary rulebook ("[@87910]"). In a Global 1940 game the same rule is cited
from `shared/seeds/000_f34e5ec93fbfbe5a.txt` by line, written `G40 Lnnn` (problems) and
`[G40 Lnnn]` (narrative), as the digest `shared/rules/global1940.md` gives them. A reference
with no Global counterpart yet keeps its own rulebook's name, so it is never mistaken for a
Global line.
"""

from __future__ import annotations

import re

CITATIONS: dict[str, str] = {
    "AA1941 turn order [L305-L312]": "G40 order of play [L47-L56], [L311-L373]",
    "AA1941 turn phases [L313-L320]": "G40 turn phases [L76-L112]",
    # combat: raids, AA, bombardment
    "Anniversary strategic bombing raid [@75039]": "G40 bombing raids [L791-L829]",
    "Anniversary shore bombardment [@77405]": "G40 shore bombardment [L886-L892], [L1471], [L1528]",
    "AA1941 L715": "G40 air units land in a friendly space [L620-L622], [L1075-L1084], [L829]",
}
"""A shared module's rule citation -> the same rule in the Global 1940 rulebook."""

NOTE_CITATIONS: dict[str, str] = {
    "[L649]": "[G40 L1013]",
    # combat: raids, AA, bombardment
    "[@113668]": "[G40 L1342]",
}
"""A shared module's narrative reference -> the Global 1940 one."""

_REFERENCE = re.compile(r"\[(?:L\d+|@\d+)[^\]]*\]")


def cite(rule: str | None) -> str | None:
    """The Global 1940 citation for a shared module's `rule`; any other rule unchanged."""
    if rule is None:
        return None
    return CITATIONS.get(rule, rule)


def cite_note(text: str) -> str:
    """A narrative line with its references replaced by Global 1940's; one with no
    counterpart is marked with its own rulebook (1941 or Anniversary)."""
    def replace(match: re.Match[str]) -> str:
        ref = match.group(0)
        if ref in NOTE_CITATIONS:
            return NOTE_CITATIONS[ref]
        return ("[1941 " if ref.startswith("[L") else "[Anniversary ") + ref[1:]
    return _REFERENCE.sub(replace, text)
