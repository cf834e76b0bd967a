"""OR 34.0 Neutrality, Cash & Carry and the Lend-Lease Act (option `lend_lease`) [BW L2510-L2542].

Cash & Carry: "dal Novembre 1939, l'USA può vendere armi ed equipaggiamenti alla GB. La GB può comprare 1 PP
rosso/blue al costo di 3 PP gialli" [BW L2530-L2532]: the `cash_and_carry` order of GB's Production phase, as many as
its yellow PP pay for (the text sets no limit a turn), until Lend-Lease cancels it.

Lend-Lease: "Precondizioni: la GB è stata invasa O, da Marzo '41, se la Francia è caduta a non vi sono forze alleate
sul continente (I Sovietici non devono essere in Guerra con la Germania). Effetti: Cash and Carry Act Cancelled.
L'USA invia 3 PP Rossi e 2 PP Blue (soggetti alla SW) alla GB, usabili senza PP gialli" [BW L2540-L2542]. The
preconditions are looked at as each Allied Strategic Warfare phase begins; once begun, Lend-Lease runs to the end of
the game. Each Allied Strategic Warfare phase from then the shipment (3 red, 2 blue: digest A70, a turn) crosses the
North Atlantic, where the U-boat may sink some of it (OR 35.2, `convoys`), and the rest reaches GB. A Lend-Lease PP
pays its colour and the yellow PP paired with it (`share`), and is never discarded for want of yellow. Without AR
11.0 there are no red or blue PP [BW L600]: Cash & Carry has nothing to sell and the shipment is 5 yellow PP.
See docs/bitw-rulings.md "OR 34.0".
"""

from __future__ import annotations

from typing import Any

from aa_ref.games.blocks_in_the_west import open_city, rules
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.events import ColouredPoints, LendLease, LendLeasePoints, Points
from aa_ref.games.blocks_in_the_west.scenario import Scenario

CASH_AND_CARRY_FROM = "1939-11"
"""'dal Novembre 1939' [BW L2530]."""
CASH_AND_CARRY_PRICE = 3
"""Yellow PP for 1 red or blue PP [BW L2532]."""
LEND_LEASE_FROM = "1941-03"
"""'da Marzo '41': the France branch of the preconditions [BW L2540]."""
SHIPMENT = (("red", 3), ("blue", 2))
"""What the USA sends GB each turn [BW L2542] (digest A70: a turn)."""


def month(act: Act) -> str:
    return act.scenario.turns[act.game.turn - 1].month


def britain(scenario: Scenario) -> str | None:
    """The power Cash & Carry and Lend-Lease serve (the scenario's `atlantic.britain`)."""
    return scenario.atlantic.britain if scenario.atlantic else None


def cash_and_carry(act: Act, order: Any) -> None:
    """GB buys red or blue PP from the USA at 3 yellow PP each [BW L2530-L2532]."""
    act.require(rules.enabled(act.game, "lend_lease"), "Cash & Carry is optional rule OR 34.0, not in play in this "
                "game (option lend_lease)", "L2528-L2532", "cash_and_carry")
    gb = britain(act.scenario)
    act.require(gb is not None, "the scenario names no GB (its `atlantic` data): nobody buys under Cash & Carry",
                "L2532", "cash_and_carry")
    act.require(act.scenario.powers[gb].side == act.side, "only GB buys from the USA under Cash & Carry",  # type: ignore[index]
                "L2532", "cash_and_carry")
    act.require(month(act) >= CASH_AND_CARRY_FROM, f"Cash & Carry begins in November 1939 (\"dal Novembre 1939\"); "
                f"this is {month(act)}", "L2530", "cash_and_carry")
    act.require(not act.game.lend_lease_turn, "Lend-Lease has begun and cancelled Cash & Carry (\"Cash and Carry Act "
                "Cancelled\")", "L2542", "cash_and_carry")
    act.require(rules.enabled(act.game, "advanced_production"), "Cash & Carry sells red and blue PP, which exist only "
                "with AR 11.0 advanced production (option advanced_production); the basic rules have yellow PP only",
                "L2532", "cash_and_carry")
    bought = dict(order.cash_and_carry)
    words = " and ".join(f"{n} {c}" for c, n in bought.items())
    act.pay(gb, CASH_AND_CARRY_PRICE * sum(bought.values()), f"buying {words} PP from the USA under Cash & Carry "  # type: ignore[arg-type]
            f"(3 yellow PP each)", "L2532")
    for colour, n in bought.items():
        act.ctx.emit(ColouredPoints(power=gb, colour=colour, delta=n, reason="Cash & Carry [BW L2532]"))  # type: ignore[arg-type]
    act.note(f"{gb} buys {words} PP from the USA for {CASH_AND_CARRY_PRICE * sum(bought.values())} yellow PP "
             "(Cash & Carry) [BW L2532]")


def invaded(act: Act, gb: str) -> bool:
    """'la GB è stata invasa': an Axis ground unit stands in a hex of GB's nation, or the Axis controls one; not the
    scenario's `not_invasion` hexes (the Channel Islands, German from July 1940 [BW L624])."""
    board = act.board()
    ignored = act.scenario.atlantic.not_invasion if act.scenario.atlantic else []
    for hex_id, h in act.scenario.hexes.items():
        if h.nation != gb or h.terrain == "sea" or hex_id in ignored:
            continue
        if act.game.control.get(hex_id) == "axis":
            return True
        if board.ground_at(hex_id, "axis"):
            return True
    return False


def france_fallen(act: Act, france: str | None) -> bool:
    """'la Francia è caduta': France is out of the war by armistice [BW L850], or its capital is held by the enemy
    (surrendered [BW L802])."""
    if france is None or france not in act.scenario.powers:
        return False
    x = act.scenario.powers[france]
    capital = open_city.capital(act.scenario, act.game, france)  # Bordeaux after Paris open city [BW L838]
    return france in act.game.armistices or bool(capital and act.game.control.get(capital) not in (None, x.side))


def on_the_continent(act: Act, gb: str) -> list[str]:
    """The Allied blocks on the continent: on a land hex of a nation other than GB's and the scenario's islands."""
    atlantic = act.scenario.atlantic
    islands = {gb, *(atlantic.islands if atlantic else [])}
    out = []
    for block_id, state in act.game.blocks.items():
        block = act.scenario.blocks[block_id]
        if state.hex is None or act.scenario.powers[block.power].side != "allies":
            continue
        h = act.scenario.hexes[state.hex]
        if h.terrain != "sea" and h.nation not in islands:
            out.append(block_id)
    return out


def preconditions(act: Act) -> str | None:
    """Why Lend-Lease begins now, or None: GB invaded, or from March 1941 France fallen and no Allied unit on the
    continent; and the USSR not at war with Germany [BW L2540]."""
    atlantic = act.scenario.atlantic
    if atlantic is None:
        return None
    now = month(act)
    if atlantic.soviets_at_war is not None and now >= atlantic.soviets_at_war:
        return None
    if invaded(act, atlantic.britain):
        return f"{atlantic.britain} has been invaded"
    if now >= LEND_LEASE_FROM and france_fallen(act, atlantic.france) and not on_the_continent(act, atlantic.britain):
        return f"it is {now}, {atlantic.france} has fallen and no Allied unit is on the continent"
    return None


def begin(act: Act) -> None:
    """As GB's Strategic Warfare phase begins: Lend-Lease starts if its preconditions hold [BW L2540-L2542]."""
    if not rules.enabled(act.game, "lend_lease") or act.game.lend_lease_turn:
        return
    why = preconditions(act)
    if why is None:
        return
    act.ctx.emit(LendLease(turn=act.game.turn))
    sent = "3 red and 2 blue PP" if rules.enabled(act.game, "advanced_production") else \
        "5 yellow PP (no coloured PP without AR 11.0)"
    act.note(f"Lend-Lease begins ({why}): Cash & Carry is cancelled; the USA sends GB {sent} a turn [BW L2540-L2542]")


def shipment(act: Act) -> list[str]:
    """This turn's Lend-Lease PP, one colour a piece (none before Lend-Lease): 3 red and 2 blue; 5 yellow without AR
    11.0."""
    if not rules.enabled(act.game, "lend_lease") or not act.game.lend_lease_turn:
        return []
    if not rules.enabled(act.game, "advanced_production"):
        return ["yellow"] * sum(n for _, n in SHIPMENT)
    return [colour for colour, n in SHIPMENT for _ in range(n)]


def deliver(act: Act, pieces: list[str]) -> None:
    """The shipment's PP that crossed the Atlantic reach GB [BW L2542]."""
    gb = britain(act.scenario)
    if gb is None or not pieces:
        return
    for colour in ("red", "blue"):
        n = pieces.count(colour)
        if n:
            act.ctx.emit(LendLeasePoints(colour=colour, delta=n, reason="Lend-Lease [BW L2542]"))  # type: ignore[arg-type]
    if pieces.count("yellow"):
        act.ctx.emit(Points(power=gb, delta=pieces.count("yellow"), reason="Lend-Lease, as yellow PP without AR 11.0 "
                            "[BW L2542]"))
    act.note(f"{gb} receives the Lend-Lease PP: " + ", ".join(f"{pieces.count(c)} {c}" for c in ("red", "blue", "yellow")
                                                              if pieces.count(c)) + " [BW L2542]")


def share(act: Act, power: str, price: dict[str, int]) -> dict[str, int]:
    """The Lend-Lease PP GB spends on `price` (colour -> n), taken off `price` in place: each pays one PP of its
    colour and the yellow PP paired with it ("usabili senza PP gialli" [BW L2542]); the yellow paired with another
    colour of the same price (a motorized Marine's white) is still paid. Lend-Lease PP are spent first."""
    if power != britain(act.scenario) or not act.game.lend_lease_pp:
        return {}
    used = {}
    for colour in ("red", "blue"):
        n = min(price.get(colour, 0), act.game.lend_lease_pp.get(colour, 0))  # type: ignore[call-overload]
        if n:
            used[colour] = n
            price[colour] -= n
    if used:
        others = max((n for c, n in price.items() if c != "yellow"), default=0)
        price["yellow"] = max(price["yellow"] - sum(used.values()), others, 0)
    return used


def spend(act: Act, used: dict[str, int], reason: str) -> None:
    for colour, n in used.items():
        act.ctx.emit(LendLeasePoints(colour=colour, delta=-n, reason=reason))  # type: ignore[arg-type]
    if used:
        act.note(f"{reason}: " + ", ".join(f"{n} {c}" for c, n in used.items()) + " Lend-Lease PP, with no yellow PP "
                 "paired [BW L2542]")
