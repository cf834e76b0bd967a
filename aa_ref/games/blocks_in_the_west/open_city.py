"""Paris open city (basic rules, France's nation rules 5.8.2) [BW L833-L840].

"In una qualsiasi fase SRM il giocatore Francese, se controlla Parigi, può dichiarare Parigi città aperta: la capitale
e Gamelin vengono spostati a Bordoux. Parigi deve essere completamente evacuata nella seguente fase movimenti. Nota:
se Gamelin non è in grado di spostarsi via ferrovia (SRM) perché adiacente ad unità nemiche o Parigi è stata
conquistata, questa opzione non può essere attuata" [BW L838-L840].

A power whose scenario entry names `open_city` (France: the hex of Bordeaux) may, in its SRM phase, give
`open_city: POWER`: its side must control its capital, with no enemy unit in it, and its supreme HQ standing there
(Gamelin) must not be adjacent to enemy units (it could not move by rail [BW L1228]). The capital moves for good to
the named hex (`Game.capitals`, public: the Victory phase's surrender [BW L802] and the armistice [BW L844] look
there) and the supreme HQ with it (a move of the declaration, not one of the power's rail moves); the old capital
must hold none of the side's units when this player turn's Movement phase ends (`Game.evacuate`), else the document
ending the phase is refused. Digest A41: the primary supply source stays where the scenario puts it.
"""

from __future__ import annotations

from typing import Any

from aa_ref.core.names import NameIndex
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.events import BlockMove, Evacuated, OpenCity
from aa_ref.games.blocks_in_the_west.scenario import Scenario
from aa_ref.games.blocks_in_the_west.state import Game


def capital(scenario: Scenario, game: Game, power: str) -> str | None:
    """The power's capital now: the scenario's, or the hex it moved to when the power declared it an open city."""
    return game.capitals.get(power, scenario.powers[power].capital)


def declare(act: Act, order: Any) -> None:
    """`open_city: POWER` in the SRM phase [BW L838-L840]."""
    scenario, game = act.scenario, act.game
    names = NameIndex("power", scenario.powers)
    power = names.get(order.open_city)
    act.require(power is not None, names.unknown_message(order.open_city), "L838", "open_city")
    assert power is not None
    x = scenario.powers[power]
    act.require(x.side == act.side, f"{power} is not a power of the {act.side}", "L838", "open_city")
    act.require(x.open_city is not None and x.capital is not None, f"{power} has no open city to declare: only "
                "France may declare Paris an open city and move its capital to Bordeaux (the scenario's open_city)",
                "L833-L838", "open_city")
    act.require(power not in game.capitals, f"{power} has already declared {x.capital} an open city: its capital is "
                f"{game.capitals.get(power)}", "L838", "open_city")
    act.require(power not in game.armistices, f"{power} is out of the war by armistice", "L852", "open_city")
    old, new = x.capital, x.open_city
    assert old is not None and new is not None
    board = act.board()
    enemy = board.enemy(act.side)
    act.require(board.controller(old) == act.side and not board.blocks_at(old, enemy), f"{old} is not held by the "
                f"{act.side}: a capital already conquered cannot be declared an open city", "L840", "open_city")
    act.require(board.controller(new) == act.side and not board.blocks_at(new, enemy), f"{new}, where the capital "
                f"would move, is not held by the {act.side}", "L838", "open_city")
    leaders = [b for b in board.blocks_at(old, act.side) if scenario.blocks[b].power == power
               and scenario.blocks[b].hq == "supreme"]
    near = sorted({n for n in board.neighbours(old) if board.blocks_at(n, enemy)})
    act.require(not (leaders and near), f"{', '.join(leaders)} cannot move by rail: enemy units stand next to {old} "
                f"(in {', '.join(near)}), so {old} cannot be declared an open city", "L840", "open_city")
    act.ctx.emit(OpenCity(power=power, city=old, capital=new))
    for leader in leaders:
        act.ctx.emit(BlockMove(block=leader, path=[old, new]))
    act.note(f"{power} declares {old} an open city: its capital moves to {new}"
             + (f" with {', '.join(leaders)}" if leaders else "")
             + f"; {old} must be completely evacuated in this Movement phase [BW L838]")


def check_evacuated(act: Act) -> None:
    """The Movement phase is over: an open city declared this player turn holds none of the side's units [BW L838]."""
    game = act.game
    if not game.evacuate:
        return
    board = act.board()
    for hex_id in game.evacuate:
        left = sorted(board.blocks_at(hex_id, act.side))
        act.require(not left, f"{hex_id} was declared an open city: it must be completely evacuated in this Movement "
                    f"phase, and {', '.join(left)} still stand there", "L838")
    act.ctx.emit(Evacuated(hexes=list(game.evacuate)))
