"""Units in reserve (optional rule OR 31.0, option `reserves`) [BW L2462-L2473].

"Ci sono 2 differenti momenti in cui mettere delle unità in riserva, ma entrambe richiedono il Tech2 per queste
unità" [BW L2466]:

* **Motorisation** ("Motorizzazione") [BW L2468]: in the Movement phase the active player puts ground units (infantry
  or armour) in reserve; they do not move in the Movement phase and move in the Exploitation phase instead.
* **Reaction** ("Reazione") [BW L2469]: in the Exploitation phase the active player puts armour in reserve; it does
  not move in the Exploitation phase, but may move after the opponent has moved, to reinforce a battle: in the
  opponent's Defender Reaction phase (`reinforce`, beside the air reaction), and in its Blitz phase [BW L1556]
  (`reserve_moves`).

Each costs 1 AP of an appropriate HQ and an oil barrel put on the unit [BW L2471]: strategic leaders (a supreme
leader's `reserve` action [BW L1928]) and armour HQs for Motorisation, armour HQs only for Reaction [BW L2473].
The barrel is one of the power's oil PP under AR 11.0 (advanced production); without it a marker only. The marker
is on the map: both sides see that a block is in reserve (`views`), not which block it is.

A unit in reserve counts as commanded (AR 13.0 limited supply): the AP spent on it is its HQ's command.
"""

from __future__ import annotations

from typing import Any

from aa_ref.core.names import natural_key
from aa_ref.games.blocks_in_the_west import hq, rules
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.events import ColouredPoints, HqState, Reserves
from aa_ref.games.blocks_in_the_west.scenario import ARMOUR, GCU
from aa_ref.games.blocks_in_the_west.state import Game

GROUND = tuple(u for u in GCU if u != "static")
"""The "GU (sia fanteria che carri)" a Motorisation puts in reserve [BW L2468]: ground combat units that move (static
infantry never moves but by rail [BW L983])."""
REACTION_UNITS = ARMOUR
"""The "unità corazzate" of a Reaction [BW L2469]: tanks and mechanized."""
MOTORISING_HQS = ("supreme", "armour", "armour_special")
"""Who puts units in reserve in the Movement phase: the strategic leaders [BW L2473] (a supreme leader's action
[BW L1928]) and the armour HQs; in the Exploitation phase armour HQs only (special armour HQs are not activated
then [BW L1873])."""


def on(game: Game) -> bool:
    return rules.enabled(game, "reserves")


def kind_of(game: Game, block_id: str) -> str | None:
    """'motorisation', 'reaction', or None: the block's reserve marker."""
    return game.reserves.get(block_id)


def clear(act: Act, blocks: list[str]) -> None:
    """The barrels come off these blocks."""
    if any(b in act.game.reserves for b in blocks):
        _set(act, {b: k for b, k in act.game.reserves.items() if b not in blocks})


def _set(act: Act, reserves: dict[str, str]) -> None:
    act.ctx.emit(Reserves(reserves=dict(sorted(reserves.items(), key=lambda kv: natural_key(kv[0])))))  # type: ignore[arg-type]


def _tech(act: Act, block_id: str) -> int:
    block = act.scenario.blocks[block_id]
    return act.scenario.powers[block.power].tech.get(block.unit, 1) or 0


def put(act: Act, order: Any) -> None:
    """`reserve: [blocks]` with `hq: HQ`, in the Movement phase (Motorisation) or the Exploitation phase (Reaction)
    [BW L2468-L2473]."""
    game = act.game
    act.require(on(game), "units in reserve are an optional rule not in play (--option reserves=on)", "L2462",
                "reserve")
    act.require(hq.on(game), "a unit goes in reserve for 1 AP of an activated HQ: the HQ rules (AR 13.0, option "
                "hq_command) are not in play", "L2471", "reserve")
    phase = game.phase
    act.require(phase in ("movement", "exploitation"), f"units are put in reserve in the Movement phase (Motorisation) "
                f"or the Exploitation phase (Reaction), not in the {phase.replace('_', ' ')} phase", "L2466-L2469",
                "reserve")
    hq_id = act.block(order.hq, "hq")
    hq_block = act.scenario.blocks[hq_id]
    activation = game.hq_active.get(hq_id)
    act.require(activation is not None, f"{hq_id} is not activated: the AP spent on a reserve is an activated HQ's "
                "(activate it first)", "L2471", "hq")
    assert activation is not None
    motorisation = phase == "movement"
    kinds = MOTORISING_HQS if motorisation else ("armour",)
    act.require(hq_block.unit == "hq" and hq_block.hq in kinds, f"{hq_id} ({hq_block.hq or hq_block.unit}) cannot put "
                "units in reserve " + ("in the Movement phase: only the strategic leaders and the armour HQs do "
                                      if motorisation else "in the Exploitation phase: ONLY the armour HQs do"),
                "L2473", "hq")
    blocks = [act.block(b, "reserve") for b in order.reserve]
    act.require(len(set(blocks)) == len(blocks), "a unit is named twice", "L2471", "reserve")
    if hq_block.hq == "supreme":
        named = hq.named(activation, "reserve")  # several after Casablanca [BW L2052]
        act.require(bool(blocks) and set(blocks) <= set(named), f"{hq_id}'s reserve action names "
                    f"{', '.join(named) or 'no unit'}: a supreme leader puts in reserve the unit its action named at its "
                    "activation", "L1928", "reserve")
    else:
        level = activation.level
        allowance = max(1, level // 2) if activation.out_of_supply else level
        used = len(activation.commands) + len(activation.actions) + len(activation.reserves)
        act.require(used + len(blocks) <= allowance, f"{hq_id} has {allowance} AP this activation, {used} spent: it "
                    f"cannot put {len(blocks)} more unit(s) in reserve", "L2471", "reserve")
    board = act.board()
    for b in blocks:
        state, block = game.blocks[b], act.scenario.blocks[b]
        act.require(state.hex is not None, f"{b} is not on the map", "L2471", "reserve")
        units = GROUND if motorisation else REACTION_UNITS
        act.require(block.unit in units, f"{b} ({block.unit}) cannot go in reserve " + (
            "(Motorisation): only ground combat units, infantry or armour" if motorisation
            else "(Reaction): only armour, tanks and mechanized"), "L2468" if motorisation else "L2469", "reserve")
        act.require(_tech(act, b) >= 2, f"{b} is at TECH {_tech(act, b)}: a unit in reserve needs TECH 2", "L2466",
                    "reserve")
        act.require(not state.moved, f"{b} has already moved in this phase: a unit in reserve does not move in it",
                    "L2468-L2469", "reserve")
        act.require(kind_of(game, b) != ("motorisation" if motorisation else "reaction"),
                    f"{b} is already in reserve", "L2471", "reserve")
        act.require(state.hex not in [x.hex for x in game.battles], f"{b} is in a battle", "L2471", "reserve")
        problem = hq._nation_problem(act, hq_id, b)
        act.require(problem is None, problem or "", "L1833", "reserve")
        if hq_block.hq != "supreme":
            start = game.blocks[hq_id].hex
            reach = hq.command_range(game)
            act.require(start is not None and hq.within_range(board, start, state.hex, act.side, reach),  # type: ignore[arg-type]
                        f"{b} at {state.hex} is beyond the command range of {hq_id} at {start}: {reach} hexes "
                        f"({game.weather.replace('_', ' ')} weather)", "L1843-L1851", "reserve")
    _barrels(act, blocks)
    active = {k: v.model_copy(deep=True) for k, v in game.hq_active.items()}
    if hq_block.hq == "supreme":
        for b in blocks:
            active[hq_id] = hq.spent(active[hq_id], "reserve", b)
        active[hq_id].reserves.extend(blocks)
    else:
        active[hq_id].reserves.extend(blocks)
    act.ctx.emit(HqState(active=active))
    kind = "motorisation" if motorisation else "reaction"
    _set(act, {**game.reserves, **{b: kind for b in blocks}})
    act.note(f"{', '.join(blocks)} in reserve ({'Motorisation: they move in the Exploitation phase' if motorisation else 'Reaction: they may reinforce a battle after the opponent moves'}) for 1 AP of {hq_id} each "
             f"[BW L2468-L2473]")


def _barrels(act: Act, blocks: list[str]) -> None:
    """AR 11.0: each reserve marker is one of the power's oil barrels (black PP) [BW L2471], [BW L1685]."""
    if not rules.enabled(act.game, "advanced_production"):
        return
    need: dict[str, int] = {}
    for b in blocks:
        power = act.scenario.blocks[b].power
        need[power] = need.get(power, 0) + 1
    for power, n in need.items():
        held = act.game.coloured_pp.get(power, {}).get("black", 0)
        act.require(held >= n, f"{power} has {held} oil (black PP): a unit in reserve is marked with 1 oil barrel "
                    f"and {n} are needed", "L2471", "reserve")
        act.ctx.emit(ColouredPoints(power=power, colour="black", delta=-n, reason="oil barrels on units in reserve "
                                    "[BW L2471]"))


# --- the reserve's movement ------------------------------------------------------------------------------
def move_problem(game: Game, block_id: str, phase: str) -> str | None:
    """Why a block in reserve does not move in this phase (the Movement phase for Motorisation, the Exploitation
    phase for Reaction) [BW L2468-L2469]."""
    kind = kind_of(game, block_id)
    if kind == "motorisation" and phase == "movement":
        return f"{block_id} is in reserve (Motorisation): it moves in the Exploitation phase, not in the Movement phase"
    if kind == "reaction" and phase == "exploitation":
        return (f"{block_id} is in reserve (Reaction): it does not move in the Exploitation phase; it may reinforce a "
                "battle after the opponent moves")
    return None


def exploits(game: Game, block_id: str) -> bool:
    """A unit in Motorisation reserve moves in the Exploitation phase, infantry as well as armour [BW L2468]."""
    return kind_of(game, block_id) == "motorisation"


def exploited(act: Act, blocks: list[str]) -> None:
    """The Motorisation reserve has moved: its barrels come off."""
    done = [b for b in blocks if kind_of(act.game, b) == "motorisation"]
    if done:
        _set(act, {b: k for b, k in act.game.reserves.items() if b not in done})


def reinforcers(act: Act) -> list[str]:
    """The passive side's blocks in Reaction reserve that may reinforce a battle: on the map, with strength, not in a
    battle hex [BW L2469] (whether a battle is within their reach is checked by their `reinforce`)."""
    game = act.game
    passive = "allies" if game.power == "axis" else "axis"
    battle_hexes = [b.hex for b in game.battles]
    out = []
    for block_id, kind in game.reserves.items():
        state = game.blocks[block_id]
        if kind != "reaction" or state.hex is None or state.hex in battle_hexes or state.strength <= 0:
            continue
        if act.scenario.powers[act.scenario.blocks[block_id].power].side != passive:
            continue
        out.append(block_id)
    return sorted(out, key=natural_key)


# --- the end of a reserve --------------------------------------------------------------------------------
def end_exploitation(act: Act) -> None:
    """The end of the active player's Exploitation phase: its Motorisation reserve not moved loses its barrel (it
    moved in this phase or not at all) [BW L2468]."""
    side = act.game.power
    gone = [b for b, k in act.game.reserves.items() if k == "motorisation"
            and act.scenario.powers[act.scenario.blocks[b].power].side == side]
    if gone:
        _set(act, {b: k for b, k in act.game.reserves.items() if b not in gone})


def new_player_turn(act: Act) -> None:
    """A side's player turn begins: its Reaction reserve of its last turn, not used in the opponent's turn, loses its
    barrel (the reserve serves "dopo che l'opponente ha mosso", in that opponent's turn only) [BW L2469]; blocks off
    the map lose theirs too."""
    side = act.game.power
    gone = [b for b, k in act.game.reserves.items() if act.game.blocks[b].hex is None
            or act.scenario.powers[act.scenario.blocks[b].power].side == side]
    if gone:
        _set(act, {b: k for b, k in act.game.reserves.items() if b not in gone})
