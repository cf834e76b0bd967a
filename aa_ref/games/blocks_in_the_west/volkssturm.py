"""The German Volkssturm (optional rule OR 28.0, option `volkssturm`) [BW L2412-L2418].

"Se una qualsiasi GU nemiche entra nel territorio Tedesco la direttiva si attiva immediatamente. Partendo dalla
successiva fase Produttiva, il giocatore dell'Asse può costruire (senza alcun costo) 1 corpo di fanteria a livello 1
in una qualsiasi Città Maggiore in nazione (se sono disponibili corpi e città)" [BW L2418].

- **The directive**: it is activated (event `volkssturm`, for good) as soon as a ground unit (GCU or GSU) of the side
  at war with Germany enters a hex of Germany's nation: a move, rail move, retreat, advance or drop whose path
  touches such a hex, or one standing there when an Axis Production phase begins (a scenario that starts so).
- **The corps**: from the next Axis Production phase on, one a phase (digest A54), the `volkssturm: BLOCK, at: HEX`
  order builds one German infantry block that is off the map (neither a reinforcement still to arrive nor out of
  the war) at its printed level 1, free, in a Major City (or the capital) of Germany the Axis controls and no enemy
  unit holds. docs/bitw-rulings.md has the reading.
"""

from __future__ import annotations

from typing import Any

from aa_ref.games.blocks_in_the_west import rules
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.events import BlockMove, BlockUpdate, Points, Spent, VolkssturmDirective
from aa_ref.games.blocks_in_the_west.production import DISBANDED
from aa_ref.games.blocks_in_the_west.scenario import GCU, GSU

GERMANY = "germany"
CITIES = ("capital", "major")
"""A Major City; a capital is one too [BW L567]."""


def _german_hexes(act: Act) -> set[str]:
    return {h for h, x in act.scenario.hexes.items() if x.nation == GERMANY}


def _enemy_ground(act: Act, block_id: str) -> bool:
    block = act.scenario.blocks[block_id]
    germany = act.scenario.powers[GERMANY]
    return block.unit in GCU + GSU and act.scenario.powers[block.power].side != germany.side


def watch(act: Act) -> None:
    """Activate the directive when an enemy ground unit has entered Germany in this document's events, or stands
    there now [BW L2418]."""
    game = act.game
    if game.volkssturm or GERMANY not in act.scenario.powers or not rules.enabled(game, "volkssturm"):
        return
    german = _german_hexes(act)
    entered = [e.block for e in act.ctx.events if isinstance(e, BlockMove) and _enemy_ground(act, e.block)
               and any(h in german for h in e.path[1:] if h is not None)]
    entered += [b for b, s in sorted(game.blocks.items()) if s.hex in german and _enemy_ground(act, b)]
    if entered:
        act.ctx.emit(VolkssturmDirective(turn=game.turn))
        act.note(f"{entered[0]} has entered Germany: the Volkssturm directive is active; from the next Axis "
                 "Production phase the Axis builds 1 free infantry corps a phase [BW L2418]")


def build(act: Act, order: Any) -> None:
    """`volkssturm: BLOCK, at: HEX`: the phase's free German infantry corps at level 1 in a German Major City."""
    game = act.game
    act.require(rules.enabled(game, "volkssturm"), "the Volkssturm is an optional rule: volkssturm is off (OR 28.0)",
                "L2412-L2418", "volkssturm")
    act.require(not any(isinstance(e, Points) and e.reason.startswith(DISBANDED) for e in act.ctx.events),
                "units are disbanded when production is over: no Volkssturm corps after a disband", "L1222", "volkssturm")
    block_id = act.block(order.volkssturm, "volkssturm")
    block, state = act.scenario.blocks[block_id], game.blocks[block_id]
    act.require(game.volkssturm, "no enemy ground unit has entered Germany yet: the Volkssturm directive is not "
                "active (OR 28.0)", "L2418", "volkssturm")
    act.require(game.volkssturm_turn != game.turn, "the Volkssturm gives 1 free infantry corps a Production phase, "
                "and this phase's is already built (OR 28.0)", "L2418", "volkssturm")
    act.require(block.power == GERMANY and block.unit == "infantry", f"{block_id} is not a German infantry corps "
                f"({block.power} {block.unit}): the Volkssturm raises only German infantry (OR 28.0)", "L2418",
                "volkssturm")
    act.require(block_id not in game.upgraded, f"{block_id} was upgraded to {game.upgraded.get(block_id)} and left "
                "the game for good (OR 40.0)", "L2620", "volkssturm")
    act.require(state.hex is None, f"{block_id} is already on the map in {state.hex}: the Volkssturm builds a corps "
                "that is available off the map (OR 28.0)", "L2418", "volkssturm")
    for number, turn in enumerate(act.scenario.turns, start=1):
        act.require(not (block_id in turn.reinforcements and number >= game.turn), f"{block_id} is a reinforcement "
                    f"due in turn {number} ({turn.month}): it is not available to the Volkssturm (OR 28.0)", "L2418",
                    "volkssturm")
    act.require(GERMANY not in game.armistices, "Germany is out of the war by armistice: its units never return",
                "L852", "volkssturm")
    levels = [s.value for s in block.steps]
    act.require(1 in levels, f"{block_id} has no printed level 1 (its levels are {levels}): the Volkssturm corps "
                "enters at level 1 (OR 28.0)", "L2418", "volkssturm")
    at = act.hex(order.at, "at")
    h = act.scenario.hexes[at]
    board = act.board()
    act.require(h.city in CITIES and h.nation == GERMANY, f"{at} is not a Major City of Germany: the Volkssturm corps "
                "is built in a German Major City (OR 28.0)", "L2418", "at")
    act.require(board.controller(at) == act.side, f"{at} is not controlled by the {act.side}: the Volkssturm corps is "
                "built only in a German Major City the Axis holds (OR 28.0)", "L2418", "at")
    act.require(not board.blocks_at(at, board.enemy(act.side)), f"{at} holds enemy units", "L2418", "at")
    act.ctx.emit(Spent(what="volkssturm", turn=game.turn))
    act.ctx.emit(BlockMove(block=block_id, path=[None, at]))
    act.ctx.emit(BlockUpdate(block=block_id, strength=1, out_of_supply=False, moved=False, hits=0,
                             revealed=game.options.get("fog_of_war") == "off", reason="Volkssturm corps [BW L2418]"))
    act.note(f"{block_id} raised by the Volkssturm in {at} at level 1, free [BW L2418]")
