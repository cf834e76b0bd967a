"""Mulberries, the artificial ports (BR 6.7, played with AR 24.0, option `amphibious`) [BW L1110-L1139].

"I Mulberries sono porti artificiali, disponibili quando è stato raggiunto il navale liv.Tech3" [BW L1112]: a power
with Mulberry plates (the scenario's `mulberries`: GB's and the USA's [BW L500]) at naval TECH 3 pays "30 PP
Gialli. Questo costo può essere dilazionato in differenti turni ... oppure acquistato in un unico turno"
[BW L1116]: `mulberry_pp: N` in the Production phase (the Mulberry track, `Game.mulberry_paid`); at 30 the Mulberry
is ready (`Game.mulberries_ready`).

6.7.1 [BW L1118-L1124]: it is placed "in un esagono costiero invaso con successo" by its own nation's units, "solamente
nel turno in cui l'invasione anfibia è stata lanciata", after the first round of ground combat if the hex is clear of
enemy units (air units included) — `second_wave` with `mulberry: POWER`, before the second wave lands, or
`mulberry: HEX` in the Combat phase once the hex is clear — or "all'inizio della fase Exploitation" (`mulberry: HEX`
before any move of the phase).

6.7.2 [BW L1114], [BW L1126-L1133]: "Il Mulberry funge da porto maggiore a tutti gli effetti": ships sail from and to
it, invasions leave from it (`is_port`), it counts as a major port for the control of its body of water; it supplies
5 units of its nation (`sources`, `CAPACITY`) with PLUTO's unlimited fuel (no fuel in BITW: no further effect); a
siege there holds 5 units [BW L1779]; 5 ground units stack there ("permettono l'overstack fino a 5 unità di terra").
It is bombed in the Strategic Warfare phase as a port (OR 32.0, target `mulberry`: 1 hit no moves, 3 no supply) and
destroyed by 10 hits, or by enemy ground units entering it with no friendly unit defending it (`overrun`).
6.7.3 [BW L1135-L1139]: the PP a power spends on its units on the continent is capped by the ports and Mulberries
supplying them (`continental_capacity`).
"""

from __future__ import annotations

from typing import Any

from aa_ref.games.blocks_in_the_west import rules
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.events import MulberryState
from aa_ref.games.blocks_in_the_west.scenario import AIR, Scenario
from aa_ref.games.blocks_in_the_west.state import Game

PRICE = 30
"""30 yellow PP [BW L1116]."""
CAPACITY = 5
"""A Mulberry supplies 5 units of its nation, holds 5 in a siege and 5 ground units stacked [BW L1114], [BW L1779]."""
DESTROYED_AT = 10
"""10 hits in a Strategic Warfare phase destroy it [BW L1133]."""


def on(game: Game) -> bool:
    return rules.enabled(game, "amphibious")


def is_port(game: Game, scenario: Scenario, hex_id: str) -> bool:
    """A port of the map or a Mulberry: "funge da porto maggiore a tutti gli effetti" [BW L1126]."""
    return scenario.hexes[hex_id].port is not None or hex_id in game.mulberries


def kind(game: Game, scenario: Scenario, hex_id: str) -> str | None:
    """The port kind of a hex: a Mulberry is a major port [BW L1114]."""
    return "major" if hex_id in game.mulberries else scenario.hexes[hex_id].port


def _side(scenario: Scenario, power: str) -> str:
    return scenario.powers[power].side


def plates_left(game: Game, scenario: Scenario, power: str) -> int:
    """The power's Mulberry plates neither paid for nor on the map."""
    placed = sum(1 for p in game.mulberries.values() if p == power)
    return scenario.powers[power].mulberries - placed - game.mulberries_ready.get(power, 0)


def buy(act: Act, order: Any) -> None:
    """`mulberry_pp: N`, Production phase: N yellow PP towards the power's next Mulberry; at 30 it is ready
    [BW L1112-L1116]."""
    game, scenario = act.game, act.scenario
    act.require(on(game), "Mulberries are AR 24.0's (BR 6.7): amphibious is off", "L1110", "mulberry_pp")
    powers = [p for p, x in scenario.powers.items() if x.side == act.side and x.mulberries]
    able = [p for p in powers if scenario.powers[p].tech.get("naval", 1) >= 3] or powers
    power = order.power if order.power is not None else (able[0] if able else None)
    act.require(power in powers, f"{power or 'no power'} of the {act.side} has no Mulberry plate (the scenario's "
                "`mulberries`: the USA and GB)", "L1112", "power")
    assert power is not None
    naval = scenario.powers[power].tech.get("naval", 1)
    act.require(naval >= 3, f"{power} is at naval TECH {naval}: Mulberries from naval TECH 3", "L1112", "mulberry_pp")
    act.require(plates_left(game, scenario, power) > 0, f"{power}'s Mulberries are all paid for or on the map",
                "L1116", "mulberry_pp")
    paid = game.mulberry_paid.get(power, 0)
    act.require(paid + order.mulberry_pp <= PRICE, f"{power} has paid {paid} of {PRICE} PP towards its Mulberry: "
                f"{PRICE - paid} more at most", "L1116", "mulberry_pp")
    act.pay(power, order.mulberry_pp, "towards a Mulberry", "L1116")
    paid += order.mulberry_pp
    if paid == PRICE:
        act.ctx.emit(MulberryState(paid={p: n for p, n in game.mulberry_paid.items() if p != power},
                                   ready={**game.mulberries_ready, power: game.mulberries_ready.get(power, 0) + 1}))
        act.note(f"{power} has paid its Mulberry ({PRICE} yellow PP): it is ready to be placed [BW L1116]")
    else:
        act.ctx.emit(MulberryState(paid=dict(sorted({**game.mulberry_paid, power: paid}.items()))))
        act.note(f"{power} pays {order.mulberry_pp} yellow PP towards a Mulberry: {paid} of {PRICE} [BW L1116]")


def _invaders(act: Act, hex_id: str) -> list[str]:
    """The powers whose units landed this turn and stand on the hex."""
    found = {act.scenario.blocks[b].power for b in act.game.landed if act.game.blocks[b].hex == hex_id}
    return sorted(found)


def place(act: Act, hex_id: str, power: str | None, field: str) -> None:
    """BR 6.7.1: place a Mulberry paid for on a coastal hex invaded with success this turn by its nation, clear of
    enemy units, air units included [BW L1118-L1124]; the caller checks the moment."""
    game, scenario = act.game, act.scenario
    act.require(on(game), "Mulberries are AR 24.0's (BR 6.7): amphibious is off", "L1110", field)
    board = act.board()
    invaders = _invaders(act, hex_id)
    act.require(bool(invaders), f"no unit landed on {hex_id} this turn: a Mulberry is placed on a coastal hex invaded "
                "with success, in the turn of the invasion", "L1118-L1120", field)
    power = power if power is not None else invaders[0]
    act.require(power in scenario.powers and _side(scenario, power) == act.side, f"{power} is not a power of the "
                f"{act.side}", "L1118", field)
    act.require(power in invaders, f"no unit of {power} landed on {hex_id} this turn (only {', '.join(invaders)}): "
                "a nation places its Mulberry only where its own units invaded", "L1118", field)
    act.require(game.mulberries_ready.get(power, 0) > 0, f"{power} has no Mulberry paid for (30 yellow PP, "
                "`mulberry_pp`)", "L1116", field)
    act.require(hex_id not in game.mulberries, f"{hex_id} already has a Mulberry", "L1118", field)
    enemy = board.enemy(act.side)  # type: ignore[arg-type]
    act.require(not board.blocks_at(hex_id, enemy), f"{hex_id} still holds enemy units: a Mulberry is placed on a "
                "hex completely cleared of them (air units included)", "L1122", field)
    ready = {**game.mulberries_ready, power: game.mulberries_ready[power] - 1}
    act.ctx.emit(MulberryState(ready={p: n for p, n in ready.items() if n},
                               placed=dict(sorted({**game.mulberries, hex_id: power}.items()))))
    act.note(f"{power} places its Mulberry on {hex_id}: a major port of 5 units of its nation, 5 ground units may "
             "stack there [BW L1114], [BW L1118-L1126]")


def place_order(act: Act, order: Any) -> None:
    """`mulberry: HEX`: in the Combat phase once the invaded hex is clear (after the first round of its battle, or
    a landing on an empty beach), or at the start of the Exploitation phase (no unit of the side has moved in it)
    [BW L1120-L1124], [BW L2309]."""
    game = act.game
    hex_id = act.hex(order.mulberry, "mulberry")
    act.require(game.phase in ("combat", "exploitation"), "a Mulberry is placed after the first round of combat or at "
                "the start of the Exploitation phase", "L1120-L1124", "mulberry")
    if game.phase == "combat":
        act.require(not any(b.hex == hex_id for b in game.battles), f"the battle at {hex_id} is not over: a Mulberry "
                    "goes on a beach cleared after the first round (or with the second wave, `second_wave` with "
                    "`mulberry`)", "L1122", "mulberry")
    else:
        moved = [b for b, s in game.blocks.items() if s.moved and s.hex is not None
                 and act.scenario.powers[act.scenario.blocks[b].power].side == act.side]
        act.require(not moved, "the Exploitation phase has begun (units have moved): a Mulberry is placed at its start",
                    "L1124", "mulberry")
    place(act, hex_id, order.power, "mulberry")


def new_player_turn(act: Act) -> None:
    """A new player turn: no PP carried across the sea yet (6.7.3)."""
    if act.game.pp_by_sea:
        act.ctx.emit(MulberryState(pp_by_sea=0))


def stack_limit(game: Game, scenario: Scenario, hex_id: str, side: str | None) -> int | None:
    """5 ground units (any of them combat units) in a hex with a Mulberry of the side [BW L1114]; None elsewhere."""
    power = game.mulberries.get(hex_id)
    return CAPACITY if power is not None and side is not None and _side(scenario, power) == side else None


def sources(board: Any, power: str) -> set[str]:
    """The power's Mulberries that supply: its side holds them, no enemy ground unit stands there, not closed to
    supply by bombing (3 hits) [BW L1114], [BW L1128]."""
    from aa_ref.games.blocks_in_the_west import damage

    side = _side(board.scenario, power)
    return {h for h, p in board.game.mulberries.items() if p == power and board.controller(h) == side
            and not board.ground_at(h, board.enemy(side)) and not damage.port_closed(board.game, h, "supply")}


def of(game: Game, power: str) -> set[str]:
    return {h for h, p in game.mulberries.items() if p == power}


def destroy(act: Act, hex_id: str, why: str) -> None:
    power = act.game.mulberries[hex_id]
    act.ctx.emit(MulberryState(placed={h: p for h, p in act.game.mulberries.items() if h != hex_id}))
    act.note(f"{power}'s Mulberry on {hex_id} is destroyed: {why} [BW L1130-L1133]")


def overrun(act: Act, hex_id: str, side: str) -> None:
    """"Il Mulberry può essere distrutto dalle unità di terra del nemico, se non vi sono unità amiche a difesa
    nell'esagono" [BW L1131]: ground units of `side` hold the hex and none of the Mulberry's side is there."""
    power = act.game.mulberries.get(hex_id)
    if power is None or _side(act.scenario, power) == side:
        return
    board = act.board()
    mine = [b for b in board.blocks_at(hex_id, _side(act.scenario, power))]  # type: ignore[arg-type]
    theirs = [b for b in board.blocks_at(hex_id, side) if act.scenario.blocks[b].unit not in AIR]  # type: ignore[arg-type]
    if theirs and not mine:
        destroy(act, hex_id, "enemy ground units entered it with no friendly unit defending it")
