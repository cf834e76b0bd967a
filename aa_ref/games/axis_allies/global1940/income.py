"""Global 1940 Phase 6, Collect Income [G40 L1116-L1167].

Income = the worth of the territories controlled + the national objectives met - convoy
losses, never below 0 (digest §9 #66), added to the treasury [G40 L1118-L1126]; nothing at
all while the capital is the enemy's, no convoy loss either [G40 L1128]. A power with
separate economies (the UK) does this for each economy apart, with its regional capital,
its territories, its objectives and its convoys [G40 L1685], [G40 L1689]. China has no capital
and no convoy losses [G40 L435], [G40 L447]. War Bonds add a die [G40 L1836].
"""

from __future__ import annotations

from aa_ref.core.dice import Volley
from aa_ref.core.engine import Context
from aa_ref.games.axis_allies.global1940 import convoy, objectives
from aa_ref.games.axis_allies.model.events import Treasury
from aa_ref.games.axis_allies.rules.board import Board
from aa_ref.games.axis_allies.rules.economies import economy_capital_held, economy_of
from aa_ref.games.axis_allies.rules.income import WAR_BONDS


def territories(board: Board, power: str, economy: str | None = None) -> set[str]:
    """The land the power controls (of one economy, if given)."""
    return {name for name, space in board.setup.spaces.items()
            if space.kind == "land" and board.owner(name) == power
            and (economy is None or economy_of(board.setup, power, name) == economy)}


def production(board: Board, power: str, economy: str | None = None) -> int:
    return sum(board.value(t) for t in territories(board, power, economy))


def subject_to_convoys(setup, power: str) -> bool:
    """China suffers no convoy disruption [G40 L447], [G40 L1163]: a power without a capital."""
    return setup.powers[power].capital is not None


def expected(board: Board, power: str) -> dict[str | None, tuple[int, dict[str, int]]]:
    """Economy (None for a power with one) -> (production, objectives met now) it would collect,
    convoy losses (dice) not counted."""
    economies = list(board.setup.powers[power].economies) or [None]
    out = {}
    for eco in economies:
        held = economy_capital_held(board, power, eco) if eco else board.capital_held(power)
        if not held:
            out[eco] = (0, {})
            continue
        out[eco] = (production(board, power, eco), objectives.met_bonuses(board, power, eco))
    return out


def collect_income(ctx: Context, power: str) -> None:
    economies = list(ctx.setup.powers[power].economies) or [None]
    for eco in economies:
        _collect(ctx, power, eco)
    board = Board(ctx.setup, ctx.game)
    if board.has_tech(power, WAR_BONDS) and board.capital_held(power):
        die = ctx.roll(f"r{ctx.game.round}/{power}/war bonds", 1,
                       Volley(f"{power}'s War Bonds", (("IPCs = the die", 1),)))[0]
        ctx.emit(Treasury(power=power, delta=die, reason="war bonds", economy=economies[0]))
        ctx.note(f"{power} collects {die} IPCs from War Bonds [G40 L1836]")


def _collect(ctx: Context, power: str, economy: str | None) -> None:
    board = Board(ctx.setup, ctx.game)
    label = f"{power} ({economy})" if economy else power
    if economy:
        capital = ctx.setup.powers[power].economies[economy].capital
        held = economy_capital_held(board, power, economy)
    else:
        capital = ctx.setup.capital_of(power)
        held = board.capital_held(power)
    if not held:
        rule = "[G40 L1689]" if economy else "[G40 L1128], [G40 L1045]"
        ctx.note(f"{label} collects no income and suffers no convoy loss: its capital {capital} is held by "
                 f"{board.owner(capital)} {rule}")
        return
    base = production(board, power, economy)
    bonus = objectives.pay_objectives(ctx, power, economy)
    loss = 0
    if subject_to_convoys(ctx.setup, power):
        loss = convoy.convoy_losses(ctx, power, territories(board, power, economy), label)
    amount = max(0, base + bonus - loss)
    if amount:
        ctx.emit(Treasury(power=power, delta=amount, reason="income", economy=economy))
    parts = f"{base} from territories" + (f" + {bonus} from objectives" if bonus else "") + (
        f" - {loss} convoy losses" if loss else "")
    ctx.note(f"{label} collects {amount} IPCs ({parts}) [G40 L1118-L1126]")
