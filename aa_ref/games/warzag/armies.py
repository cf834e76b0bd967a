"""Phase IV: training [WZ L245-L259] and army movement [WZ L263-L281]; Phase V's bonus movement
[WZ L416-L418]."""

from __future__ import annotations

from aa_ref.games.warzag.act import Act
from aa_ref.games.warzag.events import ArmyAdd, ArmyMove
from aa_ref.games.warzag.state import Army
from aa_ref.games.warzag.turns import check_eliminations

ABBREVIATIONS = {"italy": "ita", "germany": "ger", "uk": "uk", "ussr": "urs",
                 "infantry": "inf", "artillery": "art", "aviation": "avi", "armour": "arm"}


def train(act: Act, category: str, base: str, count: int, free: bool = False) -> None:
    """Armies are trained in an own base (alliance mode: an allied one) for the PP on the Dossier card
    [WZ L249-L259], [WZ L430]; tokens are limited by the box's count [WZ L47-L51], A3."""
    category = act.category(category)
    board = act.board()
    owner = board.owner(base)
    act.require(board.kind(base) == "base", f"{base} is not a base: armies are trained in bases", "L249")
    act.require(owner is not None and board.allied(owner, act.nation),
                f"{base} is not {act.nation}'s base" + (" or an ally's" if act.game.mode == "alliances" else ""), "L249")
    dossier = act.pack.dossiers[act.nation][category]
    on_board = sum(1 for a in act.game.armies.values() if a.nation == act.nation and a.category == category)
    cap = board.token_cap(act.nation, category)
    act.require(on_board + count <= cap, f"{act.nation} has {cap} {category} tokens and {on_board} are on the board", "L47-L51")
    if not free:
        act.pay(f"training {count} {category}", pp=dossier.train_cost * count, rule="L257-L259")
    for _ in range(count):
        army_id = f"{ABBREVIATIONS[act.nation]}-{ABBREVIATIONS[category]}-{act.game.next_army}"
        act.ctx.emit(ArmyAdd(id=army_id, army=Army(nation=act.nation, category=category, hex=base, range_left=dossier.range)))
        act.note(f"{act.nation} trains {category} {army_id} in {base}")


def move(act: Act, army_ids: list[str], path: list[str]) -> None:
    """Armies move through adjacent territories they may enter, within their range, paying their consumption for
    every territory entered [WZ L265-L281], A9, A29."""
    game = act.game
    board = act.board()
    armies = []
    for army_id in map(act.army_id, army_ids):
        army = game.armies.get(army_id)
        act.require(army is not None, f"there is no army {army_id}", "L263")
        act.require(game.controller(army) == act.nation, f"army {army_id} is {game.controller(army)}'s: only its owner "
                                                         "moves it", "L437")
        armies.append((army_id, army))
    start = armies[0][1].hex
    act.require(all(a.hex == start for _, a in armies), "armies moving together start from one hex", "L263")
    here = start
    for step in path:
        act.require(board.adjacent(here, step), f"{step} does not share a side with {here}", "L277")
        if not board.army_may_enter(step, act.nation):
            message, rule = _why_not(act, step)
            act.require(False, message, rule, "path")
        here = step
    for army_id, army in armies:
        act.require(len(path) <= army.range_left, f"army {army_id} may still cross {army.range_left} territories "
                                                  f"this phase, not {len(path)}", "L277")
    cost = sum(board.dossier(a).consumption for _, a in armies) * len(path)
    resource = game.options.get("movement_cost_resource", "pp")
    act.pay(f"the consumption of moving {len(armies)} armies {len(path)} territories", rule="L279",
            **{resource: cost})
    for army_id, army in armies:
        act.ctx.emit(ArmyMove(id=army_id, path=[start, *path], range_left=army.range_left - len(path)))
    act.note(f"{act.nation} moves {', '.join(army_ids)} from {start} to {path[-1]} ({cost} {resource.upper()})")
    check_eliminations(act)  # leaving the last strategic territory it occupied [WZ L447]


def _why_not(act: Act, hex_id: str) -> tuple[str, str]:
    """Why armies may not enter a hex, and the rule [WZ L265-L269]."""
    board = act.board()
    if board.kind(hex_id) == "rd":
        return "armies may neither cross nor stop on the R&D territory", "L542"
    if board.strategic(hex_id):
        return f"{hex_id} is occupied by {board.occupant(hex_id) or 'a Leader'}: a strategic territory holds one nation", "L581"
    owner = board.owner(hex_id)
    if owner is None:
        return f"{hex_id} is neutral: armies never enter neutral territories; annex it first", "L520"
    return f"{hex_id} is {owner}'s: armies enter enemy territory only by invading it", "L265-L269"
