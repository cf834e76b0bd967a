"""Annexation and development: Phase III [WZ L215-L239], [WZ L478-L536] and Phase V [WZ L399-L414]."""

from __future__ import annotations

from aa_ref.games.warzag.act import Act
from aa_ref.games.warzag.events import Develop, HexOwner
from aa_ref.games.warzag.turns import check_eliminations

ANNEX_NEUTRAL_PP = 2
"""Phase III, a neutral territory or base [WZ L225]."""
ANNEX_PHASE5_PP = 2
"""Phase V, when only armies are present (the Leader not adjacent) [WZ L412]."""
DEVELOP_PP = 2
"""A development or a change of specialisation [WZ L237]."""


def annex(act: Act, target: str) -> None:
    """Annex a territory or base; Phase III by the Leader, Phase V by the Leader or armies."""
    board = act.board()
    game = act.game
    act.require(board.annexable_kind(target), f"{target} is a {board.kind(target).replace('_', ' ')} territory: "
                                             "strategic and R&D territories are never annexed", "L578")
    owner = board.owner(target)
    act.require(owner != act.nation, f"{target} is already {act.nation}'s", "L223")
    act.require(owner is None or not board.allied(owner, act.nation), f"{target} belongs to {owner}, an ally: allies "
                                                                       "do not annex each other's territories (A23)", "L431")
    others = [n for n in game.leaders_at(target) if n != act.nation] if owner is None else []
    act.require(not others, f"{others[0] if others else ''}'s Leader stands on {target}: a Leader is never on another "
                            "player's territory", "L187")
    if owner is not None:
        act.require(not board.with_armies(target), f"{target} is {owner}'s and annexed with armies (armies or the "
                                                   "Leader stand there): invade it first", "L229")
    leader = game.players[act.nation].leader
    if game.phase == "annexation":
        act.require(leader == target or (leader is not None and board.adjacent(leader, target)),
                    f"in Phase III the Leader annexes its own hex or an adjacent one; {target} is neither", "L231-L233")
        act.require(board.reachable_by_armies(target, act.nation), _unreachable(act, target), "L233")
        if owner is None:
            discount = act.pack.leaders[game.players[act.nation].leader_card].abilities.get("annex_discount", 0)
            act.pay(f"annexing neutral {target}", pp=max(ANNEX_NEUTRAL_PP - discount, 0), rule="L225")
        how = "by the Leader"
    else:
        act.require(owner is not None, f"in Phase V only enemy territories annexed without armies are annexed; "
                                       f"{target} is neutral (annex neutral territories in Phase III)", "L406-L408")
        act.require(board.reachable_by_armies(target, act.nation), _unreachable(act, target), "L414")
        adjacent = leader is not None and board.adjacent(leader, target)
        if not adjacent:
            act.pay(f"annexing {target} with armies only", pp=ANNEX_PHASE5_PP, rule="L412")
        how = "free, the Leader being adjacent" if adjacent else "by armies"
    act.ctx.emit(HexOwner(hex=target, owner=act.nation, previous=owner))
    state = game.hexes.get(target)
    developed = state.development if state is not None else None
    if owner is not None and developed and game.options.get("development_lost_on_capture", "yes") == "yes":
        act.ctx.emit(Develop(hex=target, development=None))
        act.note(f"{target} loses its {developed} development with its owner (A28)")
    act.note(f"{act.nation} annexes {target}" + (f" from {owner}" if owner else "") + f" ({how})")
    if owner is not None:
        check_eliminations(act)


def _unreachable(act: Act, target: str) -> str:
    armies = act.board().usable_armies(act.nation)
    where = "its armies" if armies else "the army assumed in its base (it has none)"
    return f"{target} is not reachable by {act.nation}'s armies: it must be next to a hex {where} can reach"


def develop(act: Act, target: str, kind: str) -> None:
    """Develop an own territory, or change its type: generic, production or extraction [WZ L237], [WZ L488-L496]."""
    board = act.board()
    act.require(board.own(target, act.nation), f"{target} is not {act.nation}'s territory", "L237")
    act.require(board.kind(target) == "standard", f"{target} is a {board.kind(target).replace('_', ' ')}: bases "
                                                  "cannot be developed, nor strategic or R&D territories", "L536")
    current = act.game.hexes[target].development
    act.require(current != kind, f"{target} is already developed for {kind}", "L237")
    act.pay(f"{'changing the development of' if current else 'developing'} {target}", pp=DEVELOP_PP, rule="L237")
    act.ctx.emit(Develop(hex=target, development=kind))  # type: ignore[arg-type]
    act.note(f"{act.nation} develops {target} for {kind}" + (f" (was {current})" if current else ""))
