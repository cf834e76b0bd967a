"""Global 1940 Research & Development, an optional rule (option `research`) [G40 L1797-L1873].

Research dice cost 5 IPCs each, any number [G40 L1808]; all are rolled and a 6 is a
breakthrough [G40 L1810]: the player names a chart and rolls one die on it for the
development, effective at once [G40 L1812-L1816]. Unlike the Anniversary Edition, dice
that fail are not kept (the rulebook has no researchers that stay), one breakthrough a
turn, and a development already held is rolled again (digest §9 #65, ruling E10). China and
the Soviet Union may not research [G40 L1799]; the UK pays from either economy or both
(`paid_by`) [G40 L1669]. The charts are the setup's `technologies` [G40 L1819-L1873].
"""

from __future__ import annotations

import re

from aa_ref.core.dice import Volley
from aa_ref.core.engine import Context, OrdersInput
from aa_ref.core.errors import Problem
from aa_ref.games.axis_allies.anniversary.research import RESEARCHER_COST, chart_techs, develop
from aa_ref.games.axis_allies.model.events import Treasury
from aa_ref.games.axis_allies.model.orders import ResearchOrders
from aa_ref.games.axis_allies.rules.board import Board
from aa_ref.games.axis_allies.rules.economies import any_economy_active, economy_capital_held

NO_RESEARCH = ("China", "USSR")
"""Powers that may not research [G40 L1799]."""
RULE = "G40 L1808"


def effect_text(effect: str) -> str:
    """A development's effect as the setup words it, its `[Lnnn]` (lines of the Global rulebook,
    which the setup cites) written `[G40 Lnnn]`, so that the note's citations do not read them as 1941's."""
    return re.sub(r"\[L(?=\d)", "[G40 L", effect)


def may_research(board: Board, power: str) -> bool:
    held = any_economy_active(board, power) if board.setup.powers[power].economies else board.capital_held(power)
    return board.game.options.get("research") == "on" and power not in NO_RESEARCH and held


def check_research(board: Board, given: OrdersInput) -> list[Problem]:
    orders: ResearchOrders = given.model.research or ResearchOrders()
    power = given.model.power
    problems = []
    if power in NO_RESEARCH and orders.researchers:
        return [given.problem(f"{power} may not research", ("research",), "G40 L1799")]
    cost = RESEARCHER_COST * orders.researchers
    economies = board.game.powers[power].economies
    if economies:
        paid = orders.paid_by or {}
        if orders.researchers and sum(paid.values()) != orders.researchers:
            problems.append(given.problem(
                f"{power} pays for research from its economies: 'paid_by' must give the dice each economy buys "
                f"({sum(paid.values())} given for {orders.researchers} dice)", ("research", "paid_by"), "G40 L1669"))
        for name, n in paid.items():
            if name not in economies:
                problems.append(given.problem(f"{power} has no economy '{name}'", ("research", "paid_by", name)))
            elif n and not economy_capital_held(board, power, name):
                problems.append(given.problem(f"{power}'s {name} economy may not spend: its capital is the enemy's",
                                              ("research", "paid_by", name), "G40 L1689"))
            elif RESEARCHER_COST * n > economies[name]:
                problems.append(given.problem(
                    f"{power}'s {name} economy cannot pay {RESEARCHER_COST * n} IPCs for {n} research dice: it holds "
                    f"{economies[name]}", ("research", "paid_by", name), RULE))
    elif cost > board.game.powers[power].treasury:
        problems.append(given.problem(
            f"{power} cannot pay {cost} IPCs for {orders.researchers} research dice: the treasury holds "
            f"{board.game.powers[power].treasury}", ("research", "researchers"), RULE))
    if orders.researchers and orders.chart is None:
        problems.append(given.problem(
            f"{power} rolls {orders.researchers} research dice: name the chart to roll on if one shows a 6 "
            "('chart: 1' or 'chart: 2')", ("research",), "G40 L1813"))
    if orders.chart is not None and orders.researchers:
        if not [t for t in chart_techs(board, orders.chart).values() if not board.has_tech(power, t)]:
            problems.append(given.problem(f"{power} already has every development of chart {orders.chart}",
                                          ("research", "chart"), "G40 L1813"))
    return problems


def execute_research(ctx: Context, power: str, orders: ResearchOrders | None) -> None:
    orders = orders or ResearchOrders()
    if not orders.researchers:
        ctx.note(f"{power} does no research")
        return
    if ctx.game.powers[power].economies:
        for name, n in (orders.paid_by or {}).items():
            if n:
                ctx.emit(Treasury(power=power, delta=-RESEARCHER_COST * n, reason="research dice", economy=name))
    else:
        ctx.emit(Treasury(power=power, delta=-RESEARCHER_COST * orders.researchers, reason="research dice"))
    dice = ctx.roll(f"research {power} round {ctx.game.round}", orders.researchers, Volley(
        f"{power}'s research", ((f"{orders.researchers} research dice, a 6 is a breakthrough", orders.researchers),)))
    if 6 not in dice:
        ctx.note(f"{power} rolls {dice}: no 6, no breakthrough; the dice are spent [G40 L1810]")
        return
    tech, roll = develop(ctx, power, orders.chart)  # [G40 L1812-L1816]
    t = ctx.setup.technologies[tech]
    ctx.note(f"{power} breaks through ({dice}) and develops {t.name} (chart {orders.chart}, roll {roll}): "
             f"{effect_text(t.effect)} [G40 L1812-L1816]")
