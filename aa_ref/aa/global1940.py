"""The Axis & Allies Global 1940 (2nd Edition, Alpha 3+) ruleset, on the shared A&A engine.

Citations `[G40 Lnnn]` are lines of the rulebook `shared/seeds/000_f34e5ec93fbfbe5a.txt`, as
the digest `shared/rules/global1940.md` cites them. It extends the Anniversary Edition's
hooks (research, repairs, unplaced units that wait); what differs lives in the setup (nine
powers, the war matrix `wars_at_start`, neutrals with alignments and armies, installations,
the UK's two economies) and in the hooks and modules below.

The edition is being built in parts (README, "Rules coverage: Global 1940"): until every
part that acts on its own (income, convoys, objectives, victory) exists, `aa-ref new`
refuses a Global 1940 game, and orders for a part not yet written are refused by name.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from aa_ref.aa.anniversary import Anniversary
from aa_ref.aa.combat_g40 import check_carrier_attacks, check_two_hit_units
from aa_ref.aa.global1940_citations import cite, cite_note
from aa_ref.aa.ruleset import AA1941, COMBAT_MOVE, CONDUCT_COMBAT, PURCHASE
from aa_ref.engine import Context, OrdersInput
from aa_ref.errors import Problem
from aa_ref.events import Note, SetPending
from aa_ref.setup import Setup
from aa_ref.state import Game


class Global1940(Anniversary):
    """Axis & Allies Global 1940, 2nd Edition, Alpha 3+ setup [shared/seeds/000_f34e5ec93fbfbe5a.txt]."""

    id: ClassVar[str] = "global1940"

    def options(self) -> dict[str, list[str]]:
        """Research & Development is optional [G40 L1799]."""
        return {"research": ["off", "on"]}

    def new_game(self, setup: Setup, variant: str | None, options: dict[str, str], seed: str, log_file: str) -> Game:
        """The first power starts with research when that optional rule is on [G40 L1799], else
        with its purchase; the war matrix starts as the setup gives it [G40 L305]."""
        game = super().new_game(setup, variant, options, seed, log_file)
        if options.get("research") != "on":
            game.phase = PURCHASE
        return game

    # Global 1940 cites its own rulebook, not the Anniversary's: check and adjudicate wrap
    # the shared 1941 engine's directly and map its citations.
    def check(self, setup: Setup, game: Game, given: OrdersInput) -> list[Problem]:
        """The shared checks, each problem citing this edition's rulebook."""
        return [replace(p, rule=cite(p.rule)) for p in AA1941.check(self, setup, game, given)]

    def adjudicate(self, ctx: Context, given: OrdersInput) -> None:
        """The shared adjudication, its narrative citing this edition's rulebook."""
        AA1941.adjudicate(self, ctx, given)
        ctx.events[:] = [_cite_event(e) for e in ctx.events]
        for decision in ctx.game.pending:
            decision.detail = cite_note(decision.detail)

    # --- combat: raids, AA, pairing, bombardment ---
    def check_phase(self, board: Any, given: OrdersInput, phase: str) -> list[Problem]:
        """Carriers take two hits [G40 L1486]: a sea battle with one is refused until the shared
        casualty code damages carriers (combat_g40)."""
        problems = super().check_phase(board, given, phase)
        if phase == COMBAT_MOVE:
            problems += check_carrier_attacks(board, given)
        if phase == CONDUCT_COMBAT:
            problems += check_two_hit_units(board, given)
        return problems
    # --- end combat ---

    def game_status(self, board: Any) -> dict[str, Any]:
        """Who is at war with whom [G40 L305]."""
        return {"at_war": [" - ".join(pair) for pair in board.game.at_war]}


def _cite_event(event: Any) -> Any:
    """A narrative note or a decision's explanation citing the Global 1940 rulebook."""
    if isinstance(event, Note):
        return Note(text=cite_note(event.text))
    if isinstance(event, SetPending):
        return SetPending(pending=[d.model_copy(update={"detail": cite_note(d.detail)}) for d in event.pending])
    return event
