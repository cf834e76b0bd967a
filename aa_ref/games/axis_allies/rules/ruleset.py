"""The Axis & Allies 1941 ruleset: phases, their order, and what each one accepts.

Each phase's rules live in their own module; this one checks that an orders document
fits the moment of the game (power, round, phase, freshness), dispatches it, and moves
the game on through the phases that need no orders. The rules of each phase, the orders and the events are
imported when first used: a command that only reads a game (`validate`, `show`, `log`) does not import the battles.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from aa_ref.core.copies import deep_copy
from aa_ref.core.engine import FIRST_RULES, Context, OrdersInput, WhereAnswer
from aa_ref.core.errors import Problem
from aa_ref.core.model import LogRef
from aa_ref.core.yamlio import Document
from aa_ref.games.axis_allies.model.setup import Setup
from aa_ref.games.axis_allies.model.state import Force, Game, PowerState, SpaceState, TurnState
from aa_ref.games.axis_allies.rules.board import Board, add_counts
from aa_ref.games.axis_allies.rules.checks import game_problems, setup_problems
from aa_ref.games.axis_allies.rules.naval import NAVAL_1941, NavalRules
from aa_ref.games.axis_allies.rules.victory import VICTORY_MODES, winner_after_turn

if TYPE_CHECKING:
    from aa_ref.games.axis_allies.model.orders import Orders

PURCHASE, COMBAT_MOVE, CONDUCT_COMBAT, NONCOMBAT_MOVE, MOBILIZE, COLLECT_INCOME = (
    "purchase", "combat_move", "conduct_combat", "noncombat_move", "mobilize", "collect_income",
)
RESEARCH = "research"
ORDER_SECTIONS = (
    "research", "purchase", "repair", "economies", "upgrade", "moves", "ignore", "battles", "rockets", "place",
    "objective_units", "declare_war",
)
"""Every orders section any edition reads."""


class AA1941:
    """Axis & Allies 1941 [shared/seeds/001_63934894773eca9e.txt]."""

    id: ClassVar[str] = "aa1941"
    rules_version: ClassVar[int] = 2
    """The version of 1941's adjudication: raised by one whenever it changes (docs/compatibility.md)."""
    rules_changes: ClassVar[dict[int, str]] = {
        1: FIRST_RULES,
        2: "lone enemy submarines and transports (issue 19): a Combat Move's `ignore` lists the zones an amphibious "
           "assault comes from whose lone enemy submarines and transports the attack ignores, with no sea battle "
           "there (rulebook L501); an attacking destroyer there makes the battle with submarines compulsory (L449)"
           "; an ally's fighters aboard a carrier are cargo only in the carrier owner's turn: before a sea battle in "
           "their zone they take off to attack in their owner's turn and to defend when the carrier's side is attacked "
           "(ruling 17 revised: 1941 L919 read over L915); a transport moving in the Noncombat Move may "
           "land part of its cargo, the units a move's unload_units names, the rest staying aboard, and a landing of its cargo in a "
           "second territory is refused by the one-territory rule"
           "; a sea battle where both sides are left with transports only cites the rule (L623): the retreat "
           "decision offers to retreat or to stay, 'stay' ending the battle, and the note ending it says the "
           "attacker's transports stay; in an amphibious assault any number of the units aboard since an earlier "
           "turn may land, the rest staying aboard (unload_units in the Combat Move, or part of a staying "
           "transport's cargo; the units loaded in the Combat Move still land) (L997)",
    }
    """What changed at each rules version, for a replay that diverges."""
    self_checking: ClassVar[bool] = False
    in_progress: ClassVar[tuple[str, ...]] = ("turn", "pending", "draft")
    phases: ClassVar[list[str]] = [PURCHASE, COMBAT_MOVE, CONDUCT_COMBAT, NONCOMBAT_MOVE, MOBILIZE, COLLECT_INCOME]
    """The six phases of a turn, in order [L313-L320]."""
    sections: ClassVar[dict[str, tuple[str, ...]]] = {
        PURCHASE: ("purchase",), COMBAT_MOVE: ("moves", "ignore"), NONCOMBAT_MOVE: ("moves",),
        CONDUCT_COMBAT: ("battles",), MOBILIZE: ("place",),
    }
    """The orders sections each phase reads; any other section in the file is an error."""
    naval: ClassVar[NavalRules] = NAVAL_1941
    """Transports and lone submarines: a transport never attacks alone [L971]; an attacking destroyer
    makes the battle with submarines in an offload zone compulsory [L449], [L503]."""

    def options(self) -> dict[str, list[str]]:
        return {"victory": list(VICTORY_MODES)}

    def option_problem(self, key: str, value: str) -> str | None:
        """Why `value` is no choice of option `key`, or None."""
        choices = self.options()[key]
        return None if value in choices else f"option {key} cannot be '{value}' (choices: {', '.join(choices)})"

    def game_problems(self, setup: Setup, game: Game, doc: Document) -> list[Problem]:
        problems = game_problems(setup, game, doc)
        waits = [p for p in self.phases if p != COLLECT_INCOME and (p != "research" or game.options.get("research") == "on")]
        if game.phase not in waits:  # income is collected by itself after the placement; research only when played
            problems.append(doc.problem(f"the game never waits in phase {game.phase}: a game stands in one of "
                                        f"{', '.join(waits)}", ("phase",)))
        if game.draft is not None and game.phase not in ("combat_move", "noncombat_move"):  # steps.STEP_PHASES
            problems.append(doc.problem(f"moves entered move by move belong to a Combat or Noncombat Move, not to "
                                        f"the {game.phase.replace('_', ' ')}", ("draft",)))
        return problems

    def setup_problems(self, setup: Setup, doc: Document) -> list[Problem]:
        return setup_problems(setup, doc)

    def deal_secrets(self, setup: Setup, options: dict[str, str], seed: str) -> tuple[dict[str, str], dict[str, Any]]:
        """Axis & Allies deals nothing in secret."""
        return {}, {}

    def referee_secrets(self) -> dict[str, str]:
        """Axis & Allies hides nothing from its players."""
        return {}

    def bound_state(self, data: dict[str, Any]) -> dict[str, Any]:
        """The log binds the whole state; no `draft` (no phase being entered move by move) is left out, so that the
        games written before drafts existed keep their digests."""
        if data.get("draft", 0) is None:
            data = {k: v for k, v in data.items() if k != "draft"}
        return data

    @staticmethod
    def apply_event(game: Game, event: Any) -> None:
        from aa_ref.games.axis_allies.model.events import apply_event

        apply_event(game, event)

    # --- a new game ---------------------------------------------------------
    def new_game(self, setup: Setup, variant: str | None, options: dict[str, str], seed: str, log_file: str) -> Game:
        spaces: dict[str, SpaceState] = {}
        for name, space in setup.spaces.items():
            if space.kind == "land" and not space.neutral:
                spaces[name] = SpaceState(owner=space.start_owner)
        placements = [(setup.units, 1)]
        if variant:  # a variant's removals come off the setup's units before its additions
            placements += [(setup.variants[variant].units_remove, -1), (setup.variants[variant].units_add, 1)]
        for placement, sign in placements:
            for space, by_power in placement.items():
                state = spaces.setdefault(space, SpaceState())
                for power, units in by_power.items():
                    existing = next((f for f in state.forces if f.power == power), None)
                    if existing is None:
                        state.forces.append(Force(power=power, units=dict(units)))
                    else:
                        existing.units = add_counts(existing.units, units, sign)
                state.forces = [f for f in state.forces if f.units]
        first = setup.turn_order[0]
        return Game(
            kind="game", schema_version=1, setup=setup.id, variant=variant, options=options, seed=seed,
            round=1, power=first, phase=self.phases[0],
            powers={name: PowerState(treasury=p.treasury) for name, p in setup.powers.items()},
            spaces=spaces, log=LogRef(file=log_file),
            at_war=sorted(sorted(pair) for pair in setup.wars_at_start or []),
        )

    # --- checking ----------------------------------------------------------
    def check(self, setup: Setup, game: Game, given: OrdersInput) -> list[Problem]:
        from aa_ref.games.axis_allies.model.orders import DecisionAnswer
        from aa_ref.games.axis_allies.rules import steps

        board = Board(setup, game)
        if not _canonical_power(setup, given):
            return [given.problem(setup.power_names.unknown_message(given.model.power), ("power",))]
        problems = self._check_moment(setup, game, given)
        problems = problems or steps.moment_problems(game, given)
        if problems:
            return problems
        model = given.model
        if isinstance(model, DecisionAnswer):
            return self.check_decision(board, given)
        problems = self._check_sections(game, given)
        if model.standing and model.standing.order_of_loss:
            for i, unit in enumerate(model.standing.order_of_loss):
                if unit not in setup.unit_names:
                    problems.append(given.problem(setup.unit_names.unknown_message(unit), ("standing", "order_of_loss", i)))
        if model.standing and model.standing.retreat and model.standing.retreat.to:
            if model.standing.retreat.to not in setup.space_names:
                problems.append(given.problem(setup.space_names.unknown_message(model.standing.retreat.to),
                                              ("standing", "retreat", "to")))
        if problems:
            return problems
        if steps.is_step(model):  # a step is checked with the moves entered before it; the end as the whole phase
            return self.check_phase(board, steps.cumulative(game, given, whole_phase=bool(model.end)), game.phase)
        return problems + self.check_phase(board, given, game.phase)

    def check_phase(self, board: Board, given: OrdersInput, phase: str) -> list[Problem]:
        """The rules of the phase the orders are for."""
        from aa_ref.games.axis_allies.rules import combat, mobilize, movement, purchase

        model = given.model
        if phase == PURCHASE and (model.purchase or model.repair):
            return purchase.check_purchase(board, given, model.purchase or {})
        if phase in (COMBAT_MOVE, NONCOMBAT_MOVE):
            return movement.check_moves(board, given, phase, self.naval)
        if phase == CONDUCT_COMBAT:
            return combat.check_battle_orders(board, given)
        if phase == MOBILIZE:
            return mobilize.check_placement(board, given, model.place or {})
        return []

    def check_decision(self, board: Board, given: OrdersInput) -> list[Problem]:
        """The rules of the decision the game waits for (an edition adds its own kinds)."""
        from aa_ref.games.axis_allies.rules import combat

        return combat.check_decision(board, given, self.naval)

    def answer_decision(self, ctx: Context, given: OrdersInput) -> None:
        from aa_ref.games.axis_allies.rules import combat

        combat.answer_decision(ctx, given, self.naval)

    def _check_moment(self, setup: Setup, game: Game, given: OrdersInput) -> list[Problem]:
        """Orders are for this game, this round, the power to move and the current phase."""
        from aa_ref.games.axis_allies.model.orders import DecisionAnswer

        model = given.model
        if game.winner:
            return [given.problem(f"the game is over: the {game.winner} have won", ())]
        problems = []
        if model.game and model.game != setup.id:
            problems.append(given.problem(f"these orders are for game '{model.game}', not '{setup.id}'", ("game",)))
        if model.based_on and model.based_on != game.log.head:
            problems.append(given.problem(
                "stale orders: written against an older state of the game "
                f"(based_on {model.based_on}, the game is now at {game.log.head}); "
                "run 'aa-ref template' again", ("based_on",)))
        if model.round != game.round:
            problems.append(given.problem(f"these orders are for round {model.round}; the game is in round {game.round}", ("round",)))
        if isinstance(model, DecisionAnswer):
            waiting = [d for d in game.pending if d.power == model.power]
            if not waiting:
                who = ", ".join(sorted({d.power for d in game.pending})) or "nobody"
                problems.append(given.problem(
                    f"no decision is waiting from {model.power}; the game waits for {who}", ("power",)))
            return problems
        if model.power != game.power:
            problems.append(given.problem(
                f"these orders are for {model.power}, but it is {game.power}'s turn", ("power",), "AA1941 turn order [L305-L312]"))
        if model.phase != game.phase:
            problems.append(given.problem(
                f"these orders are for the {model.phase} phase, but the game is in {game.phase}", ("phase",),
                "AA1941 turn phases [L313-L320]"))
        if game.pending:
            who = ", ".join(f"{d.power} ({d.kind} in {d.space})" for d in game.pending)
            problems.append(given.problem(f"the game is waiting for a decision from {who}; apply that first", ()))
        return problems

    def _check_sections(self, game: Game, given: OrdersInput) -> list[Problem]:
        wanted = self.sections.get(game.phase, ())
        known = {s for sections in self.sections.values() for s in sections}
        problems = []
        for section in ORDER_SECTIONS:
            if section not in wanted and getattr(given.model, section) is not None:
                if section not in known:
                    problems.append(given.problem(
                        f"'{section}' orders are not part of this game's rules (ruleset {self.id})", (section,)))
                    continue
                reads = " and ".join(f"'{w}'" for w in wanted)
                problems.append(given.problem(
                    f"'{section}' is not read in the {game.phase} phase" + (f"; this phase reads {reads}" if reads else ""),
                    (section,)))
        return problems

    # --- adjudicating ----------------------------------------------------------
    def adjudicate(self, ctx: Context, given: OrdersInput) -> None:
        from aa_ref.games.axis_allies.model.events import SetDraft
        from aa_ref.games.axis_allies.model.orders import DecisionAnswer, Orders
        from aa_ref.games.axis_allies.rules import steps

        _canonical_power(ctx.setup, given)
        model = given.model
        if isinstance(model, DecisionAnswer):
            self.answer_decision(ctx, given)
            self._advance(ctx)
            return
        assert isinstance(model, Orders)
        whole = None
        if steps.is_step(model):
            if not model.end:
                self._standing(ctx, model)
                self.enter_step(ctx, given)
                return
            whole = steps.cumulative(ctx.game, given, whole_phase=True)  # the phase as one document
            if ctx.game.draft is not None:
                ctx.emit(SetDraft(draft=None))
        self._standing(ctx, model)
        self.execute_phase(ctx, whole or given, ctx.game.phase)
        self._advance(ctx)

    def enter_step(self, ctx: Context, given: OrdersInput) -> None:
        """A step of a phase entered move by move (checked): its moves join the draft; the phase goes on."""
        from aa_ref.games.axis_allies.model.events import SetDraft
        from aa_ref.games.axis_allies.rules import steps

        game = ctx.game
        draft = steps.entered(game, given)
        ctx.emit(SetDraft(draft=draft))
        step = draft.steps[-1]
        first = sum(len(s.moves) for s in draft.steps[:-1])
        phase = game.phase.replace("_", " ")
        for i, move in enumerate(step.moves, start=first + 1):
            ctx.note(f"{game.power} enters move {i} of its {phase}: {steps.move_text(move)} (made when the phase "
                     "ends)")
        if step.ignore:
            ctx.note(f"{game.power} will ignore the lone submarines and transports in {', '.join(step.ignore)}")

    def _standing(self, ctx: Context, model: Orders) -> None:
        from aa_ref.games.axis_allies.model.events import SetStanding

        if model.standing:
            merged = ctx.game.powers[model.power].standing.model_copy(update=model.standing.model_dump(exclude_unset=True))
            if merged.order_of_loss:
                merged.order_of_loss = [ctx.setup.unit_names.get(u) for u in merged.order_of_loss]
            if merged.retreat and merged.retreat.to:
                merged.retreat = merged.retreat.model_copy(update={"to": ctx.setup.space_names.get(merged.retreat.to)})
            ctx.emit(SetStanding(power=model.power, standing=merged))

    def execute_phase(self, ctx: Context, given: OrdersInput, phase: str) -> None:
        """Adjudicate legal orders for the current phase."""
        from aa_ref.games.axis_allies.rules import combat, mobilize, movement, purchase

        model = given.model
        if phase == PURCHASE:
            purchase.execute_purchase(ctx, model.power, model.purchase or {}, model.repair)
        elif phase in (COMBAT_MOVE, NONCOMBAT_MOVE):
            movement.execute_moves(ctx, given, phase, self.naval)
        elif phase == CONDUCT_COMBAT:
            combat.conduct_combat(ctx, given, self.naval)
        elif phase == MOBILIZE:
            mobilize.execute_placement(ctx, model.power, model.place or {})

    def _advance(self, ctx: Context) -> None:
        """Move on to the next phase that needs orders, running the automatic ones."""
        from aa_ref.games.axis_allies.model.events import Phase

        game = ctx.game
        while not game.pending and not game.winner:
            board = Board(ctx.setup, game)
            nxt = self._next_phase(game.phase)
            if nxt is None:
                self._end_turn(ctx)
                nxt = self.phases[0]
            else:
                ctx.emit(Phase(round=game.round, power=game.power, phase=nxt))
            if game.winner:
                return
            if not self.run_automatic(ctx, board, nxt):
                return

    def run_automatic(self, ctx: Context, board: Board, phase: str) -> bool:
        """Run or skip `phase` if it needs no orders (True); False when the power must order it."""
        game = ctx.game
        power = game.power
        if phase in (PURCHASE, MOBILIZE) and not board.capital_held(power):
            # A power whose capital is held by the enemy buys and places nothing [L676-L680].
            ctx.note(f"{power} skips {phase.replace('_', ' ')}: its capital is held by the enemy [L676]")
            return True
        if phase == CONDUCT_COMBAT and not game.turn.battles:
            ctx.note(f"{power} has no battles to fight")
            return True
        if phase == MOBILIZE and not game.powers[power].purchased:
            from aa_ref.games.axis_allies.rules import mobilize

            mobilize.execute_placement(ctx, power, {})
            return True
        if phase == COLLECT_INCOME:
            self.collect_income(ctx, power)  # mandatory and automatic [L322, L760]
            return True
        return False

    def collect_income(self, ctx: Context, power: str) -> None:
        from aa_ref.games.axis_allies.rules import income

        income.collect_income(ctx, power)

    # --- what `show` reports ------------------------------------------------------
    def power_status(self, board: Board, power: str) -> dict[str, Any]:
        """A power's economy as `show` reports it: the income it would collect now."""
        from aa_ref.games.axis_allies.rules import income

        return {"income": income.income(board, power), "production": income.production(board, power)}

    def game_status(self, board: Board) -> dict[str, Any]:
        """Edition-specific facts about the whole game for `show` (none in 1941)."""
        return {}

    def winner_after_turn(self, board: Board, power: str) -> tuple[str, str] | None:
        """(side, reason) when a side has won at the end of `power`'s turn."""
        return winner_after_turn(board, power, board.game.options.get("victory", VICTORY_MODES[0]))

    def _next_phase(self, phase: str) -> str | None:
        i = self.phases.index(phase)
        return self.phases[i + 1] if i + 1 < len(self.phases) else None

    def _end_turn(self, ctx: Context) -> None:
        """Victory checks at the end of the turn [L74-L86], then the next power's turn."""
        from aa_ref.games.axis_allies.model.events import Phase, SetTurn, Victory

        game = ctx.game
        won = self.winner_after_turn(Board(ctx.setup, game), game.power)
        if won:
            ctx.emit(Victory(side=won[0], reason=won[1]))
            ctx.note(f"The {won[0]} win: {won[1]}")
            return
        if game.turn != TurnState():
            ctx.emit(SetTurn(turn=TurnState()))
        _clear_marks(ctx)
        order = ctx.setup.turn_order
        i = order.index(game.power)
        rnd = game.round + (1 if i + 1 == len(order) else 0)
        ctx.emit(Phase(round=rnd, power=order[(i + 1) % len(order)], phase=self.phases[0]))

    def template(self, setup: Setup, game: Game) -> str:
        from aa_ref.games.axis_allies.rules.template import template

        return template(setup, game, self.check)

    def where(self, setup: Setup, game: Game, space: str, units: list[str] | None, power: str | None,
              side: str | None) -> WhereAnswer:
        """`aa-ref where`: the space's neighbours, controller and units, or where the units can go (`reach`)."""
        from aa_ref.games.axis_allies.rules import reach

        return reach.answer(setup, game, self.check, space, units, power, side)


def _canonical_power(setup: Setup, given: OrdersInput) -> bool:
    """Writes the power of orders given in another case (`germany`) as the setup spells it, so that events and
    logs name it one way; False when the power is no power of the setup."""
    name = setup.power_names.get(str(given.model.power))
    if name is None:
        return False
    given.model.power = name
    return True


def _clear_marks(ctx: Context) -> None:
    """Per-turn marks (moved, fought, done) end with the turn; cargo stays aboard."""
    from aa_ref.games.axis_allies.model.events import AddUnits, RemoveUnits

    for space, state in list(ctx.game.spaces.items()):
        for force in list(state.forces):
            if not (force.moved or force.combat or force.done or force.retreated or force.assault is not None
                    or force.stays_aboard):
                continue  # no mark (most forces): a fresh force's marks are its own
            # damage that lasts (Global 1940 [G40 L1463]) is no mark: it stays; elsewhere it is 0 here [L903]
            fresh = Force(power=force.power, units=dict(force.units), cargo=force.cargo,
                          damaged=force.damaged, damaged_units=dict(force.damaged_units))
            if fresh.marks() != force.marks():
                ctx.emit(RemoveUnits(space=space, force=deep_copy(force), reason="end of turn"))
                ctx.emit(AddUnits(space=space, force=fresh))
