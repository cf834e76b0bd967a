"""The Victory phase [BW L1580-L1586]: powers whose capital the enemy controls surrender, Germany's surrender ends
the game with an Allied Decisive Victory, and the scenario's condition decides the game at the end of its last
turn."""

from __future__ import annotations

from aa_ref.games.blocks_in_the_west import armistice, italy, leaders, open_city, partisans, wunderwaffen
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.events import BlockMove, BlockUpdate, Control, Points, SetPhase, Winner
from aa_ref.games.blocks_in_the_west.scenario import Scenario
from aa_ref.games.blocks_in_the_west.supply import receiving_power


def leader(scenario: Scenario) -> str:
    """Germany: the power named so, else the Axis's first major power."""
    if "germany" in scenario.powers:
        return "germany"
    return next(p for p, x in scenario.powers.items() if x.side == "axis" and x.major)


def surrendered(act: Act) -> list[str]:
    """Powers whose capital is controlled by the enemy now [BW L802], [BW L1584]; a power out of the war by armistice
    has nothing left to surrender [BW L813]."""
    out = []
    for power, x in act.scenario.powers.items():
        if power in act.game.armistices:
            continue
        if italy.gone(act.game, act.scenario, power):
            continue  # OR 36.0: Italy surrendered by the islands' loss is no power any more [BW L2564]
        capital = open_city.capital(act.scenario, act.game, power)  # Bordeaux after Paris open city [BW L838]
        held = act.game.control.get(capital) if capital else None
        if held is not None and held != x.side:
            out.append(power)
    return out


def surrender(act: Act, power: str) -> bool:
    """A surrendering power's blocks leave the game, those with a 0 level dropping to 0 and staying until engaged
    [BW L806]; each removed block gives 1 PP to the conqueror (the enemy side's first major power) [BW L807]; the
    hexes of its nation its side controls pass to the conqueror [BW L808-L811]. False when nothing was left to do."""
    side = act.scenario.powers[power].side
    enemy = "allies" if side == "axis" else "axis"
    removed = 0
    changed = False
    for block_id, state in act.game.blocks.items():
        block = act.scenario.blocks[block_id]
        if block.power != power or state.hex is None:
            continue
        if block.min_zero:
            if state.strength:
                changed = True
                act.ctx.emit(BlockUpdate(block=block_id, strength=0, reason=f"{power} surrendered [BW L806]"))
            continue
        act.ctx.emit(BlockMove(block=block_id, path=[state.hex, None]))
        act.ctx.emit(BlockUpdate(block=block_id, out_of_supply=False, revealed=False, moved=False,
                                 reason=f"{power} surrendered [BW L806]"))
        removed += 1
    if removed:
        conqueror = receiving_power(act.scenario, enemy)  # type: ignore[arg-type]
        act.ctx.emit(Points(power=conqueror, delta=removed, reason=f"{power}'s {removed} unit(s) surrendered [BW L807]"))
    for hex_id, h in act.scenario.hexes.items():
        if h.nation == power and act.game.control.get(hex_id) == side:
            changed = True
            act.ctx.emit(Control(hex=hex_id, side=enemy, previous=side))  # type: ignore[arg-type]
    return bool(removed) or changed


def victory_phase(act: Act) -> None:
    """The Victory phase [BW L1580-L1586]."""
    game, scenario = act.game, act.scenario
    act.ctx.emit(SetPhase(turn=game.turn, power=game.power, phase="victory"))
    if game.winner:
        return
    armistice.victory_phase_armistices(act)
    leaders.victory_phase(act)  # the US morale [BW L2046-L2048]
    italy.victory_phase(act)  # OR 36.0 / 36.1: Mussolini's dismissal, Italy's surrender, the RSI [BW L2558-L2576]
    for power in surrendered(act):
        if surrender(act, power):
            act.note(f"{power} surrenders: its capital {open_city.capital(scenario, game, power)} is held by the enemy "
                     "[BW L1584], [BW L802]")
        partisans.record_conquest(act, power)  # OR 29.0 [BW L2426]
        if power == leader(scenario):
            act.ctx.emit(Winner(winner="allies"))
            act.note("Germany surrenders: Allied Decisive Victory, the game ends at once [BW L1586]")
            return
    wunderwaffen.gotterdammerung(act)  # OR 26.3 [BW L2402-L2406]
    if game.winner:
        return
    if game.turn == len(scenario.turns):
        v = scenario.victory
        held = all(game.control.get(h) == v.side for h in v.control_all)
        winner = v.side if held else v.otherwise
        act.ctx.emit(Winner(winner=winner))
        act.note(f"the last turn is over: the {winner} win (" + ("the " + v.side + " control " if held else "the "
                 + v.side + " do not control all of ") + ", ".join(v.control_all) + ") [BW L1582]")
