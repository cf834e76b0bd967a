"""What `aa-ref validate` checks in a Blocks in the West scenario beyond its shape, every problem located."""

from __future__ import annotations

from aa_ref.bitw.scenario import Scenario
from aa_ref.errors import Problem
from aa_ref.yamlio import Document


def scenario_problems(scenario: Scenario, doc: Document) -> list[Problem]:
    """Every inconsistency of the scenario: names that point nowhere (the whole list is issue 8's, in progress)."""
    problems = []
    for block_id, placed in scenario.setup.items():
        if block_id not in scenario.blocks:
            problems.append(doc.problem(f"the setup places unknown block '{block_id}'", ("setup", block_id)))
        if placed.hex not in scenario.hexes:
            problems.append(doc.problem(scenario.hex_names.unknown_message(placed.hex), ("setup", block_id, "hex")))
    return problems
