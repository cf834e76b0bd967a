"""Phase 1, Research & Development, an optional rule (Anniversary [@52628]-[@58952]).

Researcher tokens cost 5 IPCs. One die per token held; any 6 is a breakthrough: all tokens
are spent and one die on the chosen chart gives a technology, rolled again while it gives
one the power already holds. No 6: the tokens are kept for later turns [@53982].
"""

from __future__ import annotations

from aa_ref.core.dice import Volley
from aa_ref.core.engine import Context, OrdersInput
from aa_ref.core.errors import Problem
from aa_ref.games.axis_allies.model.events import Breakthrough, Researchers, Treasury
from aa_ref.games.axis_allies.model.orders import ResearchOrders
from aa_ref.games.axis_allies.rules.board import Board

RESEARCHER_COST = 5
"""IPCs per researcher token [@53292]."""
RULE = "Anniversary Research & Development [@52628]-[@58952]"


def may_research(board: Board, power: str) -> bool:
    """Research is played only with the optional rule on, by a power with IPCs and its capital [@91847]."""
    return (board.game.options.get("research") == "on" and board.setup.powers[power].collects_income
            and board.capital_held(power))


def chart_techs(board: Board, chart: int) -> dict[int, str]:
    """Die result -> technology id on one chart."""
    return {t.roll: tid for tid, t in board.setup.technologies.items() if t.chart == chart}


def check_research(board: Board, given: OrdersInput) -> list[Problem]:
    """Researchers within the treasury; a chart named whenever researchers will roll, not
    already complete [@54822]."""
    orders: ResearchOrders = given.model.research or ResearchOrders()
    power = given.model.power
    problems = []
    cost = RESEARCHER_COST * orders.researchers
    treasury = board.game.powers[power].treasury
    if cost > treasury:
        problems.append(given.problem(
            f"{power} cannot pay {cost} IPCs for {orders.researchers} researchers: the treasury holds {treasury}",
            ("research", "researchers"), RULE))
    holding = board.game.powers[power].researchers + orders.researchers
    if holding and orders.chart is None:
        problems.append(given.problem(
            f"{power}'s {holding} researchers roll this turn: name the development chart to roll on if a "
            "breakthrough comes: 'chart: 1' (land and production) or 'chart: 2' (air and naval)", ("research",), RULE))
    if orders.chart is not None and holding:
        left = [t for t in chart_techs(board, orders.chart).values() if not board.has_tech(power, t)]
        if not left:
            problems.append(given.problem(
                f"{power} already has every technology of chart {orders.chart}; choose the other chart",
                ("research", "chart"), "Anniversary development roll [@54822]"))
    return problems


def execute_research(ctx: Context, power: str, orders: ResearchOrders | None) -> None:
    """Buy researchers, roll one die for every researcher held, kept ones included [@53543],
    and roll the development on the chosen chart."""
    orders = orders or ResearchOrders()
    if orders.researchers == 0 and ctx.game.powers[power].researchers == 0:
        ctx.note(f"{power} does no research")
        return
    if orders.researchers:
        ctx.emit(Treasury(power=power, delta=-RESEARCHER_COST * orders.researchers, reason="researchers"))
        ctx.emit(Researchers(power=power, delta=orders.researchers))
    tokens = ctx.game.powers[power].researchers
    dice = ctx.roll(f"research {power} round {ctx.game.round}", tokens, Volley(
        f"{power}'s research", ((f"{tokens} researchers' dice, a 6 is a breakthrough", tokens),)))
    if 6 not in dice:
        ctx.note(f"{power} rolls {dice} with {tokens} researchers: no breakthrough; the researchers are kept [@53982]")
        return
    ctx.emit(Researchers(power=power, delta=-tokens))
    tech, roll = develop(ctx, power, orders.chart)
    ctx.note(f"{power} breaks through ({dice}) and develops {ctx.setup.technologies[tech].name} "
             f"(chart {orders.chart}, roll {roll}): {ctx.setup.technologies[tech].effect}")


def develop(ctx: Context, power: str, chart: int | None) -> tuple[str, int]:
    """The development roll after a breakthrough: a die on the chosen chart, rolled again while
    it names a technology the power already has [@54822]; the technology and the last roll."""
    board = Board(ctx.setup, ctx.game)
    techs = chart_techs(board, chart)
    attempt = 1
    while True:
        roll = ctx.roll(f"development {power} round {ctx.game.round} chart {chart} try {attempt}", 1, Volley(
            f"{power}'s development roll on chart {chart}", (("the die names the technology", 1),)))[0]
        tech = techs.get(roll)
        if tech is not None and not board.has_tech(power, tech):
            break
        attempt += 1
    ctx.emit(Breakthrough(power=power, technology=tech))
    return tech, roll
