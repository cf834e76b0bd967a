"""HQs, limited supply and the strategic HQs' actions (advanced rule AR 13.0, option `hq_command`)
[BW L1815-L2056].

Armour (tanks, mechanized, armour HQs not activated) and air units are fully supplied only when an HQ activated
this turn commands them [BW L1837-L1839]; otherwise armour is in "limited supply": it cannot attack and its MP
are halved, and air units fly no mission and no reaction (they still rebase) [BW L1861]. An `activate` order
reveals the HQ [BW L1837] and names whom it commands:

* a tactical HQ (armour, special armour, air) names up to its level in units (`command`) [BW L1855], each within
  5 hexes (3 in rain or snow) traced through hexes its side controls, never through enemy ZOC, sea or a strait
  [BW L1843-L1851]; armour HQs command armour (and motorized infantry acting as armour [BW L1009]), air HQs air
  units (digest A45: the "only 1 air unit" of the example [BW L1857] is not read as a power of armour HQs);
* a strategic air HQ names up to its level in air units of its nation, at any range [BW L1845], [BW L1996-L2006]
  (the RAF's Fighter Command only fighters, Bomber Command only bombers: `leaders.raf_problem`);
* a supreme leader (SL) names up to its level in special actions, each at most once [BW L1919-L1928]: a major
  power's SL only at the start of the SRM phase and for its own nation's units (the German SL also for Axis-allied
  units [BW L1917], [BW L1947-L1951]), a minor power's in any phase for its nation's units [BW L2056].

German HQs command only German units; other HQs command the units of any power of their side [BW L1833].
An HQ marked out of supply works at half efficiency: half its level in units or actions, at least 1 [BW L1863].
At the end of the Blitz phase every activated HQ loses a level and is deactivated; one activated at level 1 is
eliminated (rebuildable) [BW L1867-L1869]; an HQ activated in the Exploitation phase, after the Blitz phase, is
deactivated the same way at the end of the Exploitation phase (digest A46).
"""

from __future__ import annotations

from typing import Any

from aa_ref.core.names import natural_key
from aa_ref.games.blocks_in_the_west import casablanca, leaders, rules
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.board import Board
from aa_ref.games.blocks_in_the_west.events import BlockUpdate, HqState
from aa_ref.games.blocks_in_the_west.losses import eliminate, rotate
from aa_ref.games.blocks_in_the_west.scenario import AIR, GCU, Block
from aa_ref.games.blocks_in_the_west.state import Activation, Game

RANGE, BAD_WEATHER_RANGE = 5, 3
"""A tactical HQ's command range; 3 hexes in bad weather [BW L1843], [BW L1851]."""
ARMOUR_COMMANDED = ("tank", "mechanized", "motorized", "motorized_cavalry")
"""What an armour HQ commands: armour [BW L1827], and motorized infantry or cavalry acting as armour [BW L1009],
[BW L1013]."""
TACTICAL = ("armour_special", "armour", "air")
STRATEGIC_ACTIONS = ("tank", "aircraft", "unsupplied", "srm", "airborne", "naval", "reserve", "naval_supply")
ACTION_WORDS = {"tank": "move 1 tank as if supplied", "aircraft": "move 1 aircraft as if supplied",
                "unsupplied": "move 1 unsupplied unit as if supplied", "srm": "make 1 rail move (SRM)",
                "airborne": "make 1 airborne assault", "naval": "make 1 naval move", "reserve": "put 1 unit in reserve",
                "naval_supply": "fully supply 1 besieged coastal unit"}
PHASES = {
    "armour_special": ("movement",),
    "armour": ("movement", "exploitation"),
    "air": ("movement", "reaction"),
    "strategic_air": ("srm", "movement", "exploitation", "reaction"),
    "naval": ("movement",),
}
"""When each kind of HQ is activated [BW L1823], [BW L1851], [BW L1873], [BW L1998] (a major power's SL: SRM only,
a minor power's: any phase [BW L1917], [BW L2056])."""


def on(game: Game) -> bool:
    return rules.enabled(game, "hq_command")


def kind(board: Board, block_id: str) -> str | None:
    block = board.block(block_id)
    return block.hq if block.unit == "hq" else None


def is_armour(block: Block, game: Game, block_id: str) -> bool:
    """Armour for limited supply: tanks, mechanized, armour HQs not activated [BW L1837]."""
    if block.unit in ("tank", "mechanized"):
        return True
    return block.unit == "hq" and block.hq in ("armour", "armour_special") and block_id not in game.hq_active


def commanded(game: Game, block_id: str) -> bool:
    """An activated HQ commands the block this turn (or it is an activated HQ itself)."""
    if block_id in game.hq_active or block_id in game.reserves:  # OR 31.0: a reserve's AP is its command [BW L2471]
        return True
    for activation in game.hq_active.values():
        if block_id in activation.commands:
            return True
        if any(block_id in named(activation, a) for a in ("tank", "aircraft", "unsupplied")):
            return True
    return False


def named(activation: Activation, action: str) -> list[str]:
    """The blocks an activation's special action names: the first, then the identical actions Eisenhower and
    Churchill repeat after Casablanca (`more`) [BW L2052]."""
    first = [activation.actions[action]] if action in activation.actions else []
    return first + activation.more.get(action, [])


def spent(activation: Activation, action: str, block_id: str) -> Activation:
    """A copy of the activation without the action given to the block (its AP spent)."""
    out = activation.model_copy(deep=True)
    rest = [b for b in named(out, action) if b != block_id]
    out.actions.pop(action, None)
    out.more.pop(action, None)
    if rest:
        out.actions[action] = rest[0]
    if rest[1:]:
        out.more[action] = rest[1:]
    return out


def as_if_supplied(game: Game, block_id: str) -> bool:
    """A strategic HQ's action "move 1 unsupplied unit as if supplied" names it [BW L1924]."""
    return on(game) and any(block_id in named(a, "unsupplied") for a in game.hq_active.values())


def fires_as_artillery(act: Act, block_id: str) -> bool:
    """A normal armour HQ fires as artillery (its own TECH values, then it drops a level) [BW L1829]; so does a minor
    power's supreme leader [BW L1919]."""
    block = act.scenario.blocks[block_id]
    if not on(act.game) or block.unit != "hq":
        return False
    return block.hq == "armour" or (block.hq == "supreme" and not act.scenario.powers[block.power].major)


def limited(act: Act, block_id: str) -> bool:
    """Armour in limited supply: no activated HQ commands it [BW L1861]."""
    return on(act.game) and is_armour(act.scenario.blocks[block_id], act.game, block_id) \
        and not commanded(act.game, block_id)


def air_refusal(act: Act, block_id: str, what: str) -> str | None:
    """Why an air unit may not fly a mission or react: no activated air HQ commands it [BW L1861]."""
    if on(act.game) and not commanded(act.game, block_id):
        return (f"{block_id} is not commanded by an activated air HQ: air units need one to {what} (they may still "
                "rebase) [BW L1861]")
    return None


def may_react(act: Act, block_id: str, battle_hexes: list[str]) -> bool:
    """Whether an air unit of the passive side is, or could be, commanded in the Defender Reaction phase: an air HQ
    (tactical in range, strategic air, a minor power's SL) of its side not engaged in a battle [BW L1851]."""
    if commanded(act.game, block_id):
        return True
    board = act.board()
    state = act.game.blocks[block_id]
    side = board.side_of(block_id)
    for hq_id, hq_state in act.game.blocks.items():
        block = act.scenario.blocks[hq_id]
        if block.unit != "hq" or hq_state.hex is None or hq_id in act.game.hq_active or hq_state.strength <= 0:
            continue
        if board.side_of(hq_id) != side or hq_state.hex in battle_hexes:
            continue
        if _nation_problem(act, hq_id, block_id) is not None:
            continue
        if block.hq == "air" and within_range(board, hq_state.hex, state.hex, side,  # type: ignore[arg-type]
                                              command_range(act.game)):
            return True
        if block.hq == "strategic_air" and leaders.raf_problem(act, hq_id, block_id) is not None:
            continue  # the RAF: FC commands fighters, BC bombers [BW L1996]
        if block.hq == "strategic_air" or (block.hq == "supreme" and not act.scenario.powers[block.power].major):
            return True
    return False


# --- range ------------------------------------------------------------------------------------------------
def command_range(game: Game) -> int:
    return BAD_WEATHER_RANGE if game.weather in ("rain", "snow") else RANGE


def within_range(board: Board, start: str, target: str, side: str, reach: int) -> bool:
    """A command line of at most `reach` hexes from the HQ to the unit, through land hexes the side controls, free of
    enemy units and not in enemy ZOC, never across a strait [BW L1843], [BW L1847]; the unit's own hex ends the line."""
    if start == target:
        return True
    enemy = board.enemy(side)  # type: ignore[arg-type]
    seen = {start}
    frontier = [start]
    for _ in range(reach):
        nxt = []
        for here in frontier:
            for n in board.neighbours(here):
                if n in seen or not board.land(n) or board.hexside(here, n) == "strait":
                    continue
                if n == target:
                    return True
                seen.add(n)
                if board.controller(n) == side and not board.blocks_at(n, enemy) and not board.in_zoc_of(n, enemy):
                    nxt.append(n)
        frontier = nxt
    return False


# --- activation -----------------------------------------------------------------------------------------
def phase_for(act: Act, order: Any) -> str | None:
    """The phase an `activate` order belongs to: a major power's SL the SRM phase; any other HQ the current phase,
    or the Movement phase if the turn has not reached it (None: stay in the current phase)."""
    board = act.board()
    hq_id = order.activate
    if hq_id not in act.scenario.blocks or act.game.pending:
        return None
    block = board.block(hq_id)
    early = ("weather", "strategic_warfare", "supply", "production")
    if act.game.phase not in early + ("srm",):
        return None  # later phases: activate checks the phase itself
    if act.game.phase == "strategic_warfare" and bombs(act, hq_id):
        return None  # OR 32.0: activated for a bombing mission in this phase [BW L2481-L2486]
    if block.hq == "supreme" or block.hq == "strategic_air":
        return "srm" if act.game.phase in early else None
    return "movement"


def bombs(act: Act, hq_id: str) -> bool:
    """OR 32.0: an HQ that orders bombing missions in the Strategic Warfare phase: an air HQ (tactical or strategic),
    a minor power's supreme leader, K in Italy only and R in France only (`Block.bombing_area`: the leader stands in
    that nation) [BW L2481-L2486]."""
    block = act.scenario.blocks[hq_id]
    if not rules.enabled(act.game, "strategic_bombing") or block.unit != "hq":
        return False
    if block.hq in ("air", "strategic_air") or (block.hq == "supreme" and not act.scenario.powers[block.power].major):
        return True
    here = act.game.blocks[hq_id].hex
    area = block.bombing_area or block.area  # AR 13.8's area of Rommel and Kesselring is the same nation
    return area is not None and here is not None and act.scenario.hexes[here].nation == area


def level_of(act: Act, hq_id: str) -> int:
    return act.game.blocks[hq_id].strength


def activate(act: Act, order: Any) -> None:
    """Activate an HQ: check when, whom and how many; reveal it [BW L1837]; record whom it commands."""
    game = act.game
    act.require(on(game), "HQs are activated only under the advanced rules: hq_command is off (AR 13.0)", "L1815",
                "activate")
    hq_id = act.block(order.activate, "activate")
    block, state = act.scenario.blocks[hq_id], game.blocks[hq_id]
    act.require(block.unit == "hq", f"{hq_id} ({block.unit}) is not an HQ", "L1819", "activate")
    act.require(block.hq is not None, f"the scenario gives no HQ kind for {hq_id}: add `hq:` to its block "
                "(armour_special, armour, air, strategic_air, supreme, naval)", "L1825-L1831", "activate")
    act.require(state.hex is not None, f"{hq_id} is not on the map", "L1819", "activate")
    act.require(hq_id not in game.hq_active, f"{hq_id} is already activated this turn (it is deactivated at the end "
                "of the Blitz phase)", "L1867", "activate")
    hq_kind = block.hq
    major_sl = hq_kind == "supreme" and act.scenario.powers[block.power].major and leaders.area_leader(act, hq_id) is None
    reaction = bool(game.pending) and game.pending[0].kind in ("reaction", "interception")  # OR 32.0 [BW L2479]
    phase = "reaction" if reaction else game.phase
    allowed = ("srm",) if major_sl else ("srm", "movement", "exploitation", "reaction") if hq_kind == "supreme" \
        else PHASES[hq_kind]
    words = {"armour_special": "a special armour HQ", "armour": "an armour HQ", "air": "an air HQ",
             "strategic_air": "a strategic air HQ", "naval": "a naval HQ",
             "supreme": "a major power's supreme leader" if major_sl
             else "a minor power's supreme leader"}[hq_kind]
    if phase == "strategic_warfare" and bombs(act, hq_id):
        allowed = (*allowed, "strategic_warfare")  # OR 32.0 [BW L2477], [BW L2481-L2486]
    act.require(phase in allowed, f"{hq_id} is {words}: it is activated in the {' or '.join(allowed)} phase, not in "
                f"the {phase.replace('_', ' ')} phase", "L1917" if major_sl else "L1823" if hq_kind in TACTICAL
                else "L1998", "activate")
    if reaction:
        act.require(state.hex not in [b.hex for b in game.battles], f"{hq_id} is engaged in a battle: the passive "
                    "player activates only air HQs not engaged", "L1851", "activate")
    else:
        act.require(act.side == game.power, "the passive player activates HQs only in the Defender Reaction phase",
                    "L1851", "activate")
    if major_sl and phase != "strategic_warfare":
        railed = [b for b, s in game.blocks.items() if s.moved and s.hex is not None
                  and act.scenario.powers[act.scenario.blocks[b].power].side == act.side]
        act.require(not railed, f"{hq_id} is activated at the start of the SRM phase, before any rail move (moved: "
                    f"{', '.join(railed)})", "L1877", "activate")
    oos = state.out_of_supply
    level = level_of(act, hq_id)
    act.require(level > 0, f"{hq_id} is at level 0: it has no action to give", "L1855", "activate")
    allowance = max(1, level // 2) if oos else level
    if leaders.goering(act, hq_id):  # "senza limiti" [BW L1968]
        allowance = len(order.command) + len(order.actions)
    half = " (half efficiency: it is out of supply [BW L1863])" if oos else ""
    naval_units: list[str] = []
    more: dict[str, list[str]] = {}
    if hq_kind == "naval":
        naval_units = _naval_command(act, hq_id, order, allowance, half)
        commands, actions = [], {}
    elif hq_kind == "supreme":
        act.require(not order.command, f"{hq_id} is a supreme leader: it gives special actions (`actions`), not a "
                    "tactical command (`command`)", "L1877", "command")
        act.require(bool(order.actions), f"{hq_id}: name its special actions (`actions`: action -> block)", "L1877",
                    "actions")
        given = _given_actions(act, hq_id, order)
        act.require(len(given) <= allowance, f"{hq_id} at level {level} gives at most {allowance} action(s)"
                    f"{half}, not {len(given)} (1 AP each)", "L1877" if len(given) == len(order.actions) else "L2052",
                    "actions")
        actions = {}
        for action, name in given:
            _check_action(act, hq_id, action, name)
            if action in actions:
                more.setdefault(action, []).append(name)
            else:
                actions[action] = name
        commands: list[str] = []
    else:
        act.require(not order.actions or (hq_kind == "strategic_air" and set(order.actions) <= leaders.air_actions(act, hq_id)),
                    f"{hq_id} is a tactical or air HQ: special actions (`actions`) belong to supreme leaders (a "
                    "strategic air HQ gives only `airborne` [BW L2276])", "L1877", "actions")
        act.require(len(set(order.command)) == len(order.command), "a unit is named twice", "L1855", "command")
        act.require(len(order.command) <= allowance, f"{hq_id} at level {level} commands at most {allowance} "
                    f"unit(s){half}, not {len(order.command)}", "L1855", "command")
        reach = None if hq_kind == "strategic_air" else command_range(game)
        for name in order.command:
            _check_command(act, hq_id, hq_kind, name, reach)
        commands, actions = list(order.command), {}
        for action, name in _given_actions(act, hq_id, order):  # a strategic air HQ's airborne assault [BW L2276]
            _check_action(act, hq_id, action, name)
            actions[action] = name
        act.require(len(commands) + len(actions) <= allowance, f"{hq_id} at level {level} commands at most "
                    f"{allowance} unit(s) and actions{half}", "L1855", "command")
    active = {k: v.model_copy(deep=True) for k, v in game.hq_active.items()}
    active[hq_id] = Activation(phase=phase, level=level, commands=commands, actions=actions,  # type: ignore[arg-type]
                               out_of_supply=oos, naval=naval_units, more=more)
    act.ctx.emit(HqState(active=dict(sorted(active.items(), key=lambda kv: natural_key(kv[0])))))
    if not state.revealed:
        act.ctx.emit(BlockUpdate(block=hq_id, revealed=True, reason="an activated HQ is revealed [BW L1837]"))
    what = ", ".join(commands or naval_units) if commands or naval_units else \
        ", ".join(f"{a}: {', '.join([b, *more.get(a, [])])}" for a, b in actions.items())
    act.note(f"{hq_id} is activated at level {level}{half}: {what or 'no unit'} [BW L1837], [BW L1855]")


def _given_actions(act: Act, hq_id: str, order: Any) -> list[tuple[str, str]]:
    """The special actions an `activate` order gives, one (action, block) pair an AP: a list of blocks repeats the
    action, which only Eisenhower and Churchill do, after the Casablanca conference ("più azioni speciali uguali
    contemporaneamente. Comunque 1 AP verrà speso per ogni azione" [BW L2052]); anyone else's each at most once
    ("non può essere svolta più di una volta" [BW L1919])."""
    out: list[tuple[str, str]] = []
    for action, given in order.actions.items():
        names = [given] if isinstance(given, str) else list(given)
        act.require(bool(names), f"{hq_id}'s action {action} names no block", "L1919", "actions")
        act.require(len(set(names)) == len(names), f"{hq_id}'s action {action} names a block twice", "L1919",
                    "actions")
        if len(names) > 1:
            act.require(casablanca.leader(act.scenario, act.game, hq_id),
                        casablanca.why_not(act.scenario, act.game, hq_id), "L1919" if act.scenario.casablanca is None
                        or hq_id not in act.scenario.casablanca.leaders else "L2052", "actions")
            act.require(action in casablanca.REPEATABLE, f"{hq_id} repeats the {action} action: aa-ref repeats only "
                        f"{', '.join(casablanca.REPEATABLE)} (a supply by sea, naval_supply, stays one)", "L2052",
                        "actions")
        out += [(action, name) for name in names]
    return out


def _naval_command(act: Act, hq_id: str, order: Any, allowance: int, half: str) -> list[str]:
    """A naval HQ (the OKM: Raeder, Doenitz) names the units it ships or lands this turn: "Solo il SL ed il Comando
    Navale possono comandare movimenti tramite azioni speciali" [BW L2159]. Raeder's Z Plan "spendere AP senza limiti
    per lanciare invasioni anfibie e movimenti navali" [BW L1982]; Doenitz "non può lanciare più di 1 invasione
    anfibia a turno ed effettuare più di 1 movimento navale" [BW L1990] (checked by `naval`); an HQ without a plan up
    to its level."""
    act.require(rules.enabled(act.game, "naval_movement") or rules.enabled(act.game, "amphibious"), f"{hq_id} is a "
                "naval HQ: naval movement (OR 18.0) and amphibious invasions (AR 24.0) are not in play", "L2159",
                "activate")
    act.require(not order.actions, f"{hq_id} is a naval HQ: it names the units it ships or lands (`command`), not "
                "special actions", "L2159", "actions")
    act.require(bool(order.command), f"{hq_id}: name the units it ships or lands (`command`)", "L2159", "command")
    act.require(len(set(order.command)) == len(order.command), "a unit is named twice", "L1855", "command")
    plan = act.scenario.blocks[hq_id].naval_plan
    power = act.scenario.blocks[hq_id].power
    naval_tech = act.scenario.powers[power].tech.get("naval", 1)
    limit = None if plan == "z_plan" else min(2, allowance) if plan == "doenitz" else allowance if naval_tech >= 2 \
        else 1
    act.require(limit is None or len(order.command) <= limit, f"{hq_id} commands at most {limit} unit(s)"
                + (" (the Doenitz Plan: 1 naval move and 1 invasion a turn [BW L1990])" if plan == "doenitz" else
                   f" ({power}'s naval TECH 1: a TECH 1 naval command sends 1 unit [BW L2300])" if naval_tech < 2 else
                   f"{half}"), "L1990" if plan == "doenitz" else "L2300" if naval_tech < 2 else "L1855", "command")
    units = []
    for name in order.command:
        block_id = act.block(name, "command")
        block, state = act.scenario.blocks[block_id], act.game.blocks[block_id]
        act.require(state.hex is not None, f"{block_id} is not on the map", "L1843", "command")
        act.require(block.unit not in ("fort", "uboat"), f"{block_id} ({block.unit}) is not shipped: ground and air "
                    "units are", "L2155", "command")
        problem = _nation_problem(act, hq_id, block_id)
        act.require(problem is None, problem or "", "L1833", "command")
        act.require(not any(block_id in a.naval for a in act.game.hq_active.values()), f"{block_id} is already named "
                    "by an activated naval HQ", "L1855", "command")
        units.append(block_id)
    return units


def _nation_problem(act: Act, hq_id: str, block_id: str) -> str | None:
    """German HQs command only German units [BW L1833] (the German SL also Axis-allied ones [BW L1949]); SLs their
    own nation's [BW L1917], [BW L2056]; other HQs any power of their side [BW L1833]."""
    hq, unit = act.scenario.blocks[hq_id], act.scenario.blocks[block_id]
    if unit.power == hq.power:
        return None
    if hq.hq == "supreme":
        if hq.power == "germany" and act.scenario.powers[unit.power].side == "axis":
            return None  # the FHQ commands Axis-allied units [BW L1947-L1951]
        return f"{block_id} is {unit.power}'s: supreme leader {hq_id} commands only {hq.power}'s units [BW L1917]"
    if hq.power == "germany" or hq.hq == "strategic_air":
        return f"{block_id} is {unit.power}'s: {hq_id} commands only {hq.power}'s units [BW L1833]"
    return None


def _check_command(act: Act, hq_id: str, hq_kind: str, name: str, reach: int | None) -> None:
    block_id = act.block(name, "command")
    block, state = act.scenario.blocks[block_id], act.game.blocks[block_id]
    act.require(state.hex is not None, f"{block_id} is not on the map", "L1843", "command")
    if hq_kind in ("armour", "armour_special"):
        act.require(block.unit in ARMOUR_COMMANDED, f"{block_id} ({block.unit}) is not armour: armour HQs command "
                    "only armour (digest A45)", "L1827", "command")
    else:
        act.require(block.unit in AIR or leaders.luftwaffe(act, hq_id, block_id), f"{block_id} ({block.unit}) is not an air unit: air HQs command only air "
                    "units", "L1831", "command")
    problem = leaders.raf_problem(act, hq_id, block_id)  # FC fighters, BC bombers [BW L1996]
    act.require(problem is None, problem or "", "L1996", "command")
    problem = _nation_problem(act, hq_id, block_id)
    act.require(problem is None, problem or "", "L1833", "command")
    act.require(not commanded(act.game, block_id), f"{block_id} is already commanded by an activated HQ", "L1855",
                "command")
    if reach is not None:
        board = act.board()
        start = act.game.blocks[hq_id].hex
        act.require(within_range(board, start, state.hex, act.side, reach),  # type: ignore[arg-type]
                    f"{block_id} at {state.hex} is beyond the command range of {hq_id} at {start}: {reach} hexes "
                    f"({act.game.weather} weather), traced through friendly hexes, not through enemy ZOC or sea",
                    "L1843-L1851", "command")


def _check_action(act: Act, hq_id: str, action: str, name: str) -> None:
    if action == "naval_supply":
        act.require(rules.enabled(act.game, "amphibious"), f"{hq_id} cannot {ACTION_WORDS[action]}: AR 24.4 belongs "
                    "to amphibious invasions (option amphibious)", "L2346", "actions")
    if (action == "reserve" and not rules.enabled(act.game, "reserves")) or (
            action == "naval" and not (rules.enabled(act.game, "naval_movement") or rules.enabled(act.game, "amphibious"))):
        rule = "OR 18.0 naval movement" if action == "naval" else "OR 31.0 reserves"
        act.require(False, f"{hq_id} cannot {ACTION_WORDS[action]}: {rule} is not played by aa-ref unless the option "
                    "is on (--option naval_movement=on)" if action == "naval" else f"{hq_id} cannot "
                    f"{ACTION_WORDS[action]}: {rule} is not played by aa-ref unless the option is on "
                    "(--option reserves=on)", "L1926" if action == "naval" else "L1928",
                    "actions")
    if action == "airborne":
        act.require(rules.enabled(act.game, "airborne"), f"{hq_id} cannot {ACTION_WORDS[action]}: airborne assaults "
                    "(AR 23.0) are not in play (option airborne)", "L1927", "actions")
    block_id = act.block(name, "actions")
    block, state = act.scenario.blocks[block_id], act.game.blocks[block_id]
    act.require(state.hex is not None, f"{block_id} is not on the map", "L1919", "actions")
    problem = _nation_problem(act, hq_id, block_id)
    act.require(problem is None, problem or "", "L1917", "actions")
    problem = leaders.area_problem(act, hq_id, block_id)  # Rommel, Kesselring [BW L1959]
    act.require(problem is None, problem or "", "L1959", "actions")
    problem = leaders.goering_action_problem(act, hq_id, action, block_id)  # Goering's rail move [BW L1970-L1974]
    act.require(problem is None, problem or "", "L1970-L1974", "actions")
    if action == "tank":
        act.require(block.unit == "tank", f"{block_id} ({block.unit}) is not a tank (action '{action}')", "L1921",
                    "actions")
    elif action == "aircraft":
        act.require(block.unit in AIR, f"{block_id} ({block.unit}) is not an air unit (action '{action}')", "L1869",
                    "actions")
    elif action == "unsupplied":
        act.require(state.out_of_supply, f"{block_id} is not out of supply (action '{action}')", "L1924", "actions")
    elif action == "airborne":
        act.require(block.unit == "paratroops", f"{block_id} ({block.unit}) is not a paratroops unit (action "
                    f"'{action}')", "L2270-L2272", "actions")
    elif action == "reserve":  # OR 31.0 Motorisation: a ground combat unit [BW L1928], [BW L2468]
        act.require(block.unit in GCU and block.unit != "static", f"{block_id} ({block.unit}) is not a ground combat "
                    f"unit that moves (action '{action}')", "L2468", "actions")
    elif action == "naval_supply":  # AR 24.4: the checks of the rule are `amphibious.naval_supply`'s [BW L2346]
        act.require(block.unit not in AIR and block.unit not in ("fort", "uboat"), f"{block_id} ({block.unit}) is "
                    f"not a ground unit (action '{action}')", "L2346", "actions")
    elif action == "naval":  # OR 18.0: ground and air units go by sea; forts never move [BW L2155]
        act.require(block.unit not in ("fort", "uboat"), f"{block_id} ({block.unit}) is not shipped: ground and air "
                    "units are", "L2155", "actions")
    elif action == "srm":
        act.require(block.unit not in AIR and block.unit != "fort", f"{block_id} ({block.unit}) does not move by "
                    "rail", "L1925", "actions")
    act.require(not commanded(act.game, block_id) or action in ("srm", "reserve"), f"{block_id} is already commanded by an "
                "activated HQ", "L1919", "actions")


def srm_action(game: Game, block_id: str) -> str | None:
    """The activated SL whose "1 SRM" action names the block and is not spent yet (paid with the action, not PP
    [BW L1232-L1234])."""
    if not on(game):
        return None
    for hq_id, activation in game.hq_active.items():
        if block_id in named(activation, "srm"):
            return hq_id
    return None


def spend_srm(act: Act, hq_id: str, block_id: str | None = None) -> None:
    active = {k: v.model_copy(deep=True) for k, v in act.game.hq_active.items()}
    activation = active[hq_id]
    active[hq_id] = spent(activation, "srm", block_id if block_id is not None else activation.actions["srm"])
    act.ctx.emit(HqState(active=active))


# --- deactivation ---------------------------------------------------------------------------------------
def deactivate(act: Act, phases: tuple[str, ...]) -> None:
    """Every HQ activated in `phases` loses a level and is deactivated; one activated at level 1 is eliminated
    (rebuildable) [BW L1867-L1869] (digest A46: one level a deactivation, however many actions it gave)."""
    if not act.game.hq_active:
        return
    keep = {}
    for hq_id, activation in sorted(act.game.hq_active.items(), key=lambda kv: natural_key(kv[0])):
        if activation.phase not in phases:
            keep[hq_id] = activation.model_copy(deep=True)
            continue
        state = act.game.blocks[hq_id]
        if state.hex is None:
            continue
        after = rotate(act, hq_id, state.strength)
        if activation.level <= 1 or after is None or after == 0:
            eliminate(act, hq_id, "an HQ activated at level 1 is destroyed when deactivated (rebuildable) "
                                  "[BW L1869]")
        else:
            act.ctx.emit(BlockUpdate(block=hq_id, strength=after, reason="deactivated: an HQ loses a level [BW L1867]"))
            act.note(f"{hq_id} is deactivated and drops to level {after} [BW L1867]")
    act.ctx.emit(HqState(active=keep))


def new_player_turn(act: Act) -> None:
    """A new player turn: no reconnaissance attempt made, no hex reconnoitred yet (OR 19.0), no paratroops dropped
    (AR 23.0)."""
    if act.game.recon_tries or act.game.recon_hexes or act.game.dropped:
        act.ctx.emit(HqState(recon_tries={}, recon_hexes=[], dropped=[]))
