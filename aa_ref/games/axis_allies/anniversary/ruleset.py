"""The Axis & Allies Anniversary Edition ruleset: the 1941 engine plus the edition's hooks.

Citations `[@N]` are byte offsets in the rulebook `shared/seeds/002_0a0d978b4be288b8.txt`,
as the digest `shared/rules/anniversary.md` gives them. What differs from 1941 lives in
the setup (units with support, bombardment and AA values, victory cities, technologies,
national objectives, China) and in the hooks below; everything else is the shared code. The rules of each phase
are imported when first used, as in 1941's ruleset.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, ClassVar

from aa_ref.core.engine import Context, OrdersInput, WhereAnswer
from aa_ref.core.errors import Problem
from aa_ref.core.events import Note
from aa_ref.games.axis_allies.anniversary.citations import cite, cite_note
from aa_ref.games.axis_allies.model.setup import Setup
from aa_ref.games.axis_allies.model.state import Game
from aa_ref.games.axis_allies.rules.naval import NavalRules
from aa_ref.games.axis_allies.rules.board import Board
from aa_ref.games.axis_allies.rules.ruleset import (
    AA1941,
    COLLECT_INCOME,
    COMBAT_MOVE,
    CONDUCT_COMBAT,
    MOBILIZE,
    NONCOMBAT_MOVE,
    PURCHASE,
    RESEARCH,
)
from aa_ref.games.axis_allies.rules.victory import victory_cities_held, victory_city_winner

VICTORY_THRESHOLDS = ("15", "13", "18")
"""Honourable Surrender 15 (default), Projection of Power 13, Total War 18 [@32286], [@32478]."""


class Anniversary(AA1941):
    """Axis & Allies Anniversary Edition, 1941 and 1942 scenarios [shared/seeds/002_0a0d978b4be288b8.txt]."""

    id: ClassVar[str] = "anniversary"
    rules_version: ClassVar[int] = 2
    """The version of the Anniversary Edition's adjudication: raised by one whenever it changes
    (docs/compatibility.md)."""
    rules_changes: ClassVar[dict[int, str]] = {
        1: "the rules of aa-ref 0.1.0, when games began to record their rules version (a game that records none "
           "was begun with these rules or earlier ones)",
        2: "lone enemy submarines and transports (issue 19): a Combat Move's `ignore` lists the zones an amphibious "
           "assault comes from whose lone enemy submarines and transports the attack ignores, with no sea battle "
           "there, so its battleships and cruisers may bombard, even beside its destroyer (rulebook @76867, @77463); "
           "a transport may attack alone (@135865)"
           "; an ally's fighters aboard a carrier are cargo only in the carrier owner's turn: before a sea battle in "
           "their zone they take off to attack in their owner's turn and to defend when the carrier's side is attacked "
           "(@128571); a transport moving in the Noncombat Move may land part of its cargo, the units a move's "
           "unload_units names, the rest staying aboard, and a landing of its cargo in a second territory is refused "
           "by the one-territory rule"
           "; notes, decisions and event reasons cite the Anniversary rulebook's byte offsets where they cited 1941 "
           "lines (cargo lost with its ship: '[1941 L977]' became the offsets of the Anniversary's sentences); "
           "bombers carrying paratroopers fly over a territory a tank blitzes in the same Combat Move, and cannot "
           "drop there (ruling A17; issue 19 items 6, 9)"
           "; attacking transports that cannot retreat are no longer destroyed as undefended (1941's L629): they "
           "are never undefended (@83130), and the defence fires at them round by round"
           "; a sea battle where both sides are left with transports only cites the rule (@86943): the retreat "
           "decision offers to retreat or to stay, 'stay' ending the battle, and the note ending it says the "
           "attacker's transports stay; in an amphibious assault any number of the units aboard since an earlier "
           "turn may land, the rest staying aboard (unload_units in the Combat Move, or part of a staying "
           "transport's cargo; the units loaded in the Combat Move still land) (@140985); ruling A46's transport "
           "with an AA gun and an infantry may assault, landing the infantry",
    }
    """What changed at each rules version, for a replay that diverges."""
    phases: ClassVar[list[str]] = [
        RESEARCH, PURCHASE, COMBAT_MOVE, CONDUCT_COMBAT, NONCOMBAT_MOVE, MOBILIZE, COLLECT_INCOME,
    ]
    """The seven phases of a turn, research first [@51769], [@52053]."""
    sections: ClassVar[dict[str, tuple[str, ...]]] = {
        **AA1941.sections, RESEARCH: ("research",), PURCHASE: ("purchase", "repair"),
        CONDUCT_COMBAT: ("battles", "rockets"),
    }
    """Research orders, repairs with the purchase [@60715], rockets with the battles [@55281]."""
    unplaced_units_wait: ClassVar[bool] = True
    """Units that cannot be placed wait for a later turn [@102012] (an edition may refund them)."""
    naval: ClassVar[NavalRules] = NavalRules(transports_attack_alone=True, destroyer_forbids_ignoring=False,
                                             attacking_transports_defenceless=False)
    """A transport may attack alone [@135865]; attacking transports are never undefended, since they may
    retreat [@83130], and are not destroyed when they cannot (1941's [L629]); the attacker
    may ignore lone submarines and transports [@76867] whatever ships it has there, and subs never stop
    transports unloading [@64508] (the 1941 sentences [L971], [L449] are not in this rulebook)."""

    def options(self) -> dict[str, list[str]]:
        """Game options agreed at the start (first value the default): the victory threshold,
        the optional rules, and two readings of unclear text. `capital_loss_forfeits`: a power
        whose capital is captured also loses its unplaced units and researchers, as the
        translator's note says [@102031] (ruling A29). `china_limit`: no Chinese unit is placed
        where 3 already stand (`before`, the text [@49594]), or no territory holds more than 3
        after placing (`after`, ruling A24's strict option)."""
        return {
            "victory_cities": list(VICTORY_THRESHOLDS),
            "national_objectives": ["off", "on"],
            "research": ["off", "on"],
            "capital_loss_forfeits": ["on", "off"],
            "china_limit": ["before", "after"],
        }

    def new_game(self, setup: Setup, variant: str | None, options: dict[str, str], seed: str, log_file: str) -> Game:
        """The first power starts with research when that optional rule is on, else with its purchase."""
        game = super().new_game(setup, variant, options, seed, log_file)
        if options.get("research") != "on":
            game.phase = PURCHASE
        return game

    def check(self, setup: Setup, game: Game, given: OrdersInput) -> list[Problem]:
        """The shared checks, each problem (its rule and its message) citing this edition's rulebook
        rather than 1941's."""
        return [replace(p, rule=cite(p.rule), message=cite_note(p.message)) for p in super().check(setup, game, given)]

    def where(self, setup: Setup, game: Game, space: str, units: list[str] | None, power: str | None,
              side: str | None) -> WhereAnswer:
        """The shared answer, citing this edition's rulebook."""
        found = super().where(setup, game, space, units, power, side)
        return WhereAnswer(found.data, cite_note(found.text))

    def adjudicate(self, ctx: Context, given: OrdersInput) -> None:
        """The shared adjudication, its narrative citing this edition's rulebook."""
        super().adjudicate(ctx, given)
        ctx.events[:] = [cite_event(e, cite_note) for e in ctx.events]
        for decision in ctx.game.pending:
            decision.detail = cite_note(decision.detail)

    def check_phase(self, board: Board, given: OrdersInput, phase: str) -> list[Problem]:
        if phase == RESEARCH:
            from aa_ref.games.axis_allies.anniversary import research

            return research.check_research(board, given)
        return super().check_phase(board, given, phase)

    def execute_phase(self, ctx: Context, given: OrdersInput, phase: str) -> None:
        from aa_ref.games.axis_allies.anniversary import research
        from aa_ref.games.axis_allies.rules import china, mobilize

        if phase == RESEARCH:
            research.execute_research(ctx, given.model.power, given.model.research)
            return
        if phase == MOBILIZE:  # units that cannot be placed wait for a later turn [@102012]
            mobilize.execute_placement(ctx, given.model.power, given.model.place or {},
                                       unplaced_wait=self.unplaced_units_wait)
            return
        super().execute_phase(ctx, given, phase)
        if phase == PURCHASE:
            china.grant_infantry(ctx, given.model.power)  # in the US Purchase phase [@49099]

    def run_automatic(self, ctx: Context, board: Board, phase: str) -> bool:
        from aa_ref.games.axis_allies.anniversary import research
        from aa_ref.games.axis_allies.rules import bombing, china

        power = ctx.game.power
        if phase == RESEARCH and not research.may_research(board, power):
            return True
        if phase == PURCHASE and not ctx.setup.powers[power].collects_income:
            return True  # China buys nothing [@48131]
        if phase == PURCHASE and not board.capital_held(power):
            china.grant_infantry(ctx, power)  # China is not affected by the loss of the US capital (ruling A28)
        if phase == CONDUCT_COMBAT and bombing.rockets_ready(board, power):
            return False  # rockets may be fired even with no battle to fight [@55281]
        return super().run_automatic(ctx, board, phase)

    def collect_income(self, ctx: Context, power: str) -> None:
        """Income, then national objectives when that rule is on [@102656], [@103575]."""
        if not ctx.setup.powers[power].collects_income:
            ctx.note(f"{power} has no income [@48131]")
            return
        super().collect_income(ctx, power)
        if ctx.game.options.get("national_objectives") == "on":
            from aa_ref.games.axis_allies.rules import objectives

            objectives.pay_objectives(ctx, power)

    def winner_after_turn(self, board: Board, power: str) -> tuple[str, str] | None:
        """Victory cities are counted at the end of the round: after the US turn, of which
        China's turn is the last part [@52252], [@108876]."""
        if power != board.setup.turn_order[-1]:
            return None
        return victory_city_winner(board, int(board.game.options.get("victory_cities", VICTORY_THRESHOLDS[0])))

    def power_status(self, board: Board, power: str) -> dict[str, Any]:
        """Income with the national objectives met now (no War Bonds: that is a roll), the
        researchers held and the technologies achieved."""
        from aa_ref.games.axis_allies.rules import income

        out = super().power_status(board, power)
        base, bonuses = income.expected_income(board, power)
        out["income"] = base + sum(bonuses.values())
        state = board.game.powers[power]
        if board.game.options.get("national_objectives") == "on":
            out["objectives"] = list(bonuses)
        if board.game.options.get("research") == "on":
            out["researchers"] = state.researchers
        out["technologies"] = list(state.technologies)
        return out

    def game_status(self, board: Board) -> dict[str, Any]:
        """Victory cities held by each side and the threshold agreed at the start."""
        threshold = int(board.game.options.get("victory_cities", VICTORY_THRESHOLDS[0]))
        return {"victory_cities": victory_cities_held(board), "victory_threshold": threshold}


def cite_event(event: Any, cite_note: Callable[[str], str]) -> Any:
    """A narrative note, a decision's explanation or an event's reason with its references mapped
    by `cite_note` to an edition's own rulebook."""
    from aa_ref.games.axis_allies.model.events import SetPending

    if isinstance(event, Note):
        return Note(text=cite_note(event.text))
    if isinstance(event, SetPending):
        return SetPending(pending=[d.model_copy(update={"detail": cite_note(d.detail)}) for d in event.pending])
    reason = getattr(event, "reason", None)
    if isinstance(reason, str) and reason:
        cited = cite_note(reason)
        return event if cited == reason else event.model_copy(update={"reason": cited})
    return event
