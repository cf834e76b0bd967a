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

from aa_ref.core.engine import Context, OrdersInput, WhereAnswer
from aa_ref.core.errors import Problem
from aa_ref.games.axis_allies.anniversary.ruleset import Anniversary, cite_event
from aa_ref.games.axis_allies.global1940.citations import cite, cite_note
from aa_ref.games.axis_allies.global1940.economy_hooks import EconomyRules
from aa_ref.games.axis_allies.global1940.installation_hooks import InstallationRules
from aa_ref.games.axis_allies.model.setup import Setup
from aa_ref.games.axis_allies.model.state import Game, SpaceState
from aa_ref.games.axis_allies.rules.naval import NavalRules
from aa_ref.games.axis_allies.rules.board import Board
from aa_ref.games.axis_allies.rules.ruleset import AA1941, COMBAT_MOVE, MOBILIZE, NONCOMBAT_MOVE, PURCHASE


class Global1940(InstallationRules, EconomyRules, Anniversary):
    """Axis & Allies Global 1940, 2nd Edition, Alpha 3+ setup [shared/seeds/000_f34e5ec93fbfbe5a.txt]."""

    id: ClassVar[str] = "global1940"
    rules_version: ClassVar[int] = 2
    """The version of Global 1940's adjudication: raised by one whenever it changes (docs/compatibility.md)."""
    rules_changes: ClassVar[dict[int, str]] = {
        1: "the rules of aa-ref 0.1.0, when games began to record their rules version (a game that records none "
           "was begun with these rules or earlier ones)",
        2: "lone enemy submarines and transports (issue 19): a Combat Move's `ignore` lists the zones an amphibious "
           "assault comes from whose lone enemy submarines and transports the attack ignores, with no sea battle "
           "there, so its battleships and cruisers may bombard (rulebook L880, L888); transports unload beside "
           "ignored submarines only with a surface warship of their power in the zone (L680)"
           "; an ally's fighters aboard a carrier are cargo only in the carrier owner's turn: before a sea battle in "
           "their zone they take off to attack in their owner's turn and to defend when the carrier's side is attacked "
           "unless the carrier is damaged (L1502, L1506); air units riding an ally's damaged carrier may not take "
           "off (L1498); a transport moving in the Noncombat Move may land part of its cargo, the units a move's "
           "unload_units names, the rest staying aboard, and a landing of its cargo in a second territory is refused "
           "by the one-territory rule; submarines pass the Strait of Gibraltar whoever holds Gibraltar (L526)"
           "; an event's reason cites the Global rulebook as notes do: a fighter lost for want of a carrier "
           "[G40 L1496], where it cited 1941's line 871; a breakthrough's note cites the development's Global line "
           "[G40 L1836], where it printed it as 1941's [1941 L1836] (issue 19 item 9)"
           "; a sea battle where both sides are left with transports only cites the rule (L991): the retreat "
           "decision offers to retreat or to stay, 'stay' ending the battle, and the note ending it says the "
           "attacker's transports stay; in an amphibious assault any number of the units aboard since an earlier "
           "turn may land, the rest staying aboard (unload_units in the Combat Move, or part of a staying "
           "transport's cargo; the units loaded in the Combat Move still land) (L1634)",
    }
    """What changed at each rules version, for a replay that diverges."""
    sections: ClassVar[dict[str, tuple[str, ...]]] = {
        **Anniversary.sections,
        # installations: upgrades [G40 L1207]; economy: the UK's economies [G40 L1673]
        PURCHASE: ("purchase", "repair", "upgrade", "economies"),
        # --- politics: declarations of war [G40 L595, L343] ---
        COMBAT_MOVE: ("declare_war", "moves", "ignore"), NONCOMBAT_MOVE: ("moves", "declare_war"),
        # economy: France's objective F1 units [G40 L1795]
        MOBILIZE: ("place", "objective_units", "declare_war"),
    }
    unplaced_units_wait: ClassVar[bool] = False
    """Units that cannot be placed are refunded [G40 L1114], not kept as in the Anniversary."""
    naval: ClassVar[NavalRules] = NavalRules(destroyer_forbids_ignoring=False, ignored_subs_need_warship=True)
    """Transports never attack alone [G40 L1614]; the attacker may ignore lone submarines and transports
    [G40 L880], [G40 L1616], but transports unload beside ignored submarines only with a surface warship
    of their power in the zone [G40 L680]; attacking transports that cannot retreat are undefended and
    destroyed as in 1941 [G40 L1011]."""

    def options(self) -> dict[str, list[str]]:
        """Research & Development is optional [G40 L1799]."""
        return {"research": ["off", "on"]}

    def new_game(self, setup: Setup, variant: str | None, options: dict[str, str], seed: str, log_file: str) -> Game:
        """The first power starts with research when that optional rule is on [G40 L1799], else
        with its purchase; the war matrix starts as the setup gives it [G40 L305]."""
        game = super().new_game(setup, variant, options, seed, log_file)
        if options.get("research") != "on":
            game.phase = PURCHASE
        for name, power in setup.powers.items():  # the UK's two treasuries [G40 L1658]
            if power.economies:
                game.powers[name].economies = {e: eco.treasury for e, eco in power.economies.items()}
        return game

    # Global 1940 cites its own rulebook, not the Anniversary's: check and adjudicate wrap
    # the shared 1941 engine's directly and map its citations.
    def check(self, setup: Setup, game: Game, given: OrdersInput) -> list[Problem]:
        """The shared checks, each problem citing this edition's rulebook; the moves of a
        Combat Move are checked as its declarations of war leave the game [G40 L595, L599]."""
        problems, game = self._declarations_first(setup, game, given)
        if not problems:
            problems = AA1941.check(self, setup, game, given)
        return [replace(p, rule=cite(p.rule), message=cite_note(p.message)) for p in problems]

    def where(self, setup: Setup, game: Game, space: str, units: list[str] | None, power: str | None,
              side: str | None) -> WhereAnswer:
        """The shared answer (with this ruleset's check), citing this edition's rulebook."""
        found = AA1941.where(self, setup, game, space, units, power, side)
        return WhereAnswer(found.data, cite_note(found.text))

    # --- politics and neutrals (aa_ref/games/axis_allies/rules/politics.py, aa_ref/games/axis_allies/global1940/neutrals.py) ---------------
    def _declarations_first(self, setup: Setup, game: Game, given: OrdersInput) -> tuple[list[Problem], Game]:
        from aa_ref.games.axis_allies.model.events import fold
        from aa_ref.games.axis_allies.model.orders import Orders
        from aa_ref.games.axis_allies.rules import politics

        model = given.model
        if not (isinstance(model, Orders) and model.declare_war and model.power == game.power
                and model.phase == game.phase and model.round == game.round
                and "declare_war" in self.sections.get(game.phase, ())):
            return [], game  # the shared checks report orders for another moment or section
        board = Board(setup, game)
        problems = politics.check_declarations(board, given, game.phase)
        if problems or game.phase != COMBAT_MOVE:
            return problems, game
        return [], fold(game, politics.declaration_events(board, model.power, model.declare_war))

    def check_phase(self, board: Any, given: OrdersInput, phase: str) -> list[Problem]:
        """Neutrals and powers not at war [G40 L389-L425, L710-L731], then the shared rules on
        the board as the moves will leave it: an attacked neutral's army placed [G40 L409], a
        friendly neutral or Dutch territory entered in the Noncombat Move the mover's [G40 L401, L355]."""
        from aa_ref.games.axis_allies.global1940 import neutrals
        from aa_ref.games.axis_allies.rules import developments, politics
        from aa_ref.games.axis_allies.rules.damaged_carriers import check_damaged_carriers

        # --- remaining rules: Paratroopers [G40 L1826-L1828] (g40_tech) ---
        if phase in (COMBAT_MOVE, NONCOMBAT_MOVE) and (refused := developments.check_paratroopers(board, given, phase)):
            return refused
        if phase in (COMBAT_MOVE, NONCOMBAT_MOVE):
            problems = neutrals.check_moves(board, given, phase) + politics.check_moves(board, given, phase)
            if problems:
                return problems
            if phase == COMBAT_MOVE and (attacked := neutrals.combat_targets(board, given)):
                board = neutrals.as_attacked(board, attacked, given.model.power)
            targets = neutrals.noncombat_targets(board, given) + neutrals.dutch_targets(board, given)
            if phase == NONCOMBAT_MOVE and targets:
                game = board.game.model_copy(deep=True)
                for space in targets:
                    game.spaces[space] = game.spaces.get(space) or SpaceState()
                    game.spaces[space].owner = given.model.power
                board = Board(board.setup, game)
        problems = super().check_phase(board, given, phase)
        # --- capital ships: a damaged carrier launches and lands no air units [G40 L1498] ---
        if phase in (COMBAT_MOVE, NONCOMBAT_MOVE):
            problems += check_damaged_carriers(board, given, phase)
        return problems

    def execute_phase(self, ctx: Context, given: OrdersInput, phase: str) -> None:
        """Declarations before any movement [G40 L595]; neutrals attacked or entered
        [G40 L401-L423]; the US's declaration at the start of Collect Income [G40 L343]."""
        from aa_ref.games.axis_allies.global1940 import neutrals, subs
        from aa_ref.games.axis_allies.rules import politics

        model = given.model
        power = model.power
        if phase == COMBAT_MOVE:
            if model.declare_war:
                politics.declare(ctx, power, model.declare_war, "at the start of its Combat Move")
            board = Board(ctx.setup, ctx.game)
            neutrals.mark_attacks(ctx, neutrals.attacked(board, given), power)
            for space in neutrals.combat_targets(board, given):
                neutrals.attack(ctx, space, power)
        elif phase == NONCOMBAT_MOVE:
            board = Board(ctx.setup, ctx.game)
            for space in neutrals.dutch_targets(board, given):
                neutrals.take_dutch(ctx, space, power)
            for space in neutrals.noncombat_targets(board, given):
                neutrals.take_friendly(ctx, space, power)
        # --- remaining rules: submarines attack passing unescorted transports [G40 L1598] (g40_subs) ---
        strikes = []
        if phase in (COMBAT_MOVE, NONCOMBAT_MOVE):
            before = Board(ctx.setup, ctx.as_it_stands())
            strikes = subs.passages(before, given, phase)
        super().execute_phase(ctx, given, phase)
        if strikes:
            subs.strike(ctx, before, strikes, phase)
        if phase in (NONCOMBAT_MOVE, MOBILIZE) and model.declare_war:
            politics.declare(ctx, power, model.declare_war, "at the start of its Collect Income phase")

    def run_automatic(self, ctx: Context, board: Any, phase: str) -> bool:
        """The Mongolian pact acts at the end of Japan's combat [G40 L1650]."""
        from aa_ref.games.axis_allies.global1940 import neutrals

        if phase == NONCOMBAT_MOVE and ctx.game.power == "Japan":
            neutrals.mongolian_pact(ctx)
        return super().run_automatic(ctx, board, phase)
    # --- end politics and neutrals ---------------------------------------------------------

    def adjudicate(self, ctx: Context, given: OrdersInput) -> None:
        """The shared adjudication, its narrative citing this edition's rulebook."""
        from aa_ref.games.axis_allies.global1940 import china, objectives
        from aa_ref.games.axis_allies.rules import politics

        AA1941.adjudicate(self, ctx, given)
        politics.mark_after_moves(ctx, given.model.power)  # --- politics: London's fall, units in China ---
        objectives.after_adjudication(ctx, list(ctx.events))  # economy: objectives paid at a liberation
        china.remove_retaken_complexes(ctx, list(ctx.events))  # economy: Japanese complexes in China
        ctx.events[:] = [cite_event(e, cite_note) for e in ctx.events]
        for decision in ctx.game.pending:
            decision.detail = cite_note(decision.detail)

    def game_status(self, board: Any) -> dict[str, Any]:
        """Who is at war with whom [G40 L305], the declarations made [G40 L601] and the
        neutrals no power controls, by alignment [G40 L381]."""
        from aa_ref.games.axis_allies.global1940 import neutrals
        from aa_ref.games.axis_allies.rules import politics

        return {
            "at_war": [" - ".join(pair) for pair in board.game.at_war],
            "wars": politics.war_matrix(board),
            "declarations": [
                f"round {d.round}: {d.by} on {d.on} ({'provoked' if d.provoked else 'unprovoked'})"
                for d in board.game.declarations],
            "neutrals": neutrals.alignments(board),
            **self.economy_game_status(board),  # economy, victory
        }

