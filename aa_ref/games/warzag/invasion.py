"""Phase V: invasion [WZ L283-L395]. The invader's attack points against the defence of the target's
armies; the defender's special die answers [WZ L326-L370]. There are no attacker dice, no rounds
and no retreats: one exchange per invasion."""

from __future__ import annotations

from aa_ref.core.dice import Volley
from aa_ref.games.warzag.act import Act
from aa_ref.games.warzag.board import HISTORIC_BONUS, Board
from aa_ref.games.warzag.events import ArmyRemove, ArmyUpdate, Develop, HexOwner, LeaderMove, SetInvasion, SetTurn
from aa_ref.games.warzag.orders import InvadeOrder
from aa_ref.games.warzag.state import Decision, Invasion
from aa_ref.games.warzag.turns import check_eliminations


def invade(act: Act, order: InvadeOrder) -> None:
    game = act.game
    board = act.board()
    target = order.invade
    defender = _defender(act, board, target)
    defenders = board.armies_at(target)
    leader_there = defender in game.leaders_at(target)
    act.require(bool(defenders) or leader_there, f"{target} holds no army and no Leader: an enemy territory annexed "
                                                 "without armies is annexed in Phase V, not invaded", "L406-L412")
    participants = _participants(act, board, order)
    attack = sum(board.value(a, "attack") for _, a in participants) + game.turn.attack_bonus
    bonus_def, bonus_res = HISTORIC_BONUS.get(act.pack.hexes[target].historic or "", (0, 0)) if board.kind(target) == "historic" else (0, 0)
    if leader_there:
        bonus_def += act.pack.leaders[game.players[defender].leader_card].abilities.get("defence_bonus", 0)
    defence_all = sum(board.value(a, "defence") for _, a in defenders) + bonus_def
    in_elimination = bonus_def if game.options.get("historic_bonus_in_elimination", "yes") == "yes" else 0
    conquered = attack > defence_all
    chosen = _invader_choice(act, board, order, defenders, attack - in_elimination, conquered)
    n = game.turn.invasions + 1
    act.ctx.emit(SetTurn(turn=game.turn.model_copy(update={"invasions": n, "attack_bonus": 0})))
    for army_id, army in participants:
        act.ctx.emit(ArmyUpdate(id=army_id, attacks=army.attacks + 1))
    act.note(f"{act.nation} invades {target} ({defender}) from {', '.join(order.from_)}: attack {attack} against "
             f"defence {defence_all}" + (f" (historic and Leader bonus {bonus_def})" if bonus_def else "")
             + (f"; {target} is conquered [WZ L322]" if conquered else
                f"; eliminating {', '.join(chosen) or 'none'} [WZ L291]"))
    die = act.ctx.roll(f"r{game.round}/{act.nation}/t{game.players[act.nation].turns}/invasion{n}/{target}", 1,
                       Volley(f"{act.nation} invades {target}: the special die", (("D, R or T face by number 1-6", 1),)))[0]
    face = act.pack.dice.special[die - 1]
    strength = 0
    if face != "D":
        strength = sum(board.value(a, "resistance") for _, a in defenders) + bonus_res
        if face == "T":
            strength += sum(board.value(a, "attack") for _, a in defenders)
    pool = _defender_targets(act, board, participants)
    invasion = Invasion(target=target, invader=act.nation, defender=defender, armies=[i for i, _ in pool], attack=attack,
                        face=face, strength=strength, conquered=conquered,
                        eliminated=[i for i, _ in defenders] if conquered else chosen)
    act.note(f"{defender} rolls the special die: {_face_text(face, strength)}")
    cheapest = min((board.value(a, "defence") for _, a in pool), default=0)
    asks = game.players[defender].standing.eliminate == "ask"
    may_raise = asks and any(act.pack.supply[c].effect == "resistance_bonus" for c in game.players[defender].supply)
    if face == "D" or (strength <= cheapest and not may_raise):  # a resistance card in hand may still raise S [WZ L626]
        resolve(act, invasion, [])
    elif asks:
        act.ctx.emit(SetInvasion(invasion=invasion, pending=[Decision(
            power=defender, kind="eliminate", space=target,
            detail=f"choose {act.nation}'s armies to eliminate, total defence below {strength}: {', '.join(invasion.armies)}")]))
        act.note(f"waiting for {defender} to choose which of {act.nation}'s armies to eliminate")
    else:
        resolve(act, invasion, best_set(board, pool, strength))


def _face_text(face: str, strength: int) -> str:
    if face == "D":
        return "D, Rout: the invader loses nothing [WZ L332]"
    what = "Resistance: resistance points" if face == "R" else "Tenacity: resistance plus attack points"
    return f"{face}, {what} {strength}; the invader's armies whose defence totals less are eliminated [WZ L336-L370]"


def _defender(act: Act, board: Board, target: str) -> str:
    if board.strategic(target):
        act.require(act.game.options.get("strategic_invadable", "yes") == "yes",
                    "strategic territories are not invaded under this game's option strategic_invadable", "L285")
        occupant = board.occupant(target)
        act.require(occupant is not None, f"{target} is contested (nobody occupies it): enter it, there is nobody to invade", "L579")
        act.require(occupant != act.nation and not board.allied(occupant, act.nation),
                    f"{target} is occupied by {occupant}, not by an enemy", "L285")
        return occupant  # type: ignore[return-value]
    owner = board.owner(target)
    act.require(owner is not None, f"{target} is neutral: neutral territories are annexed, not invaded", "L285")
    act.require(owner != act.nation and not board.allied(owner, act.nation), f"{target} is not an enemy's territory", "L285")
    return owner  # type: ignore[return-value]


def _participants(act: Act, board: Board, order: InvadeOrder) -> list:
    """Every army of the invader on the source territories [WZ L289-L290], and allies' consenting support [WZ L432]."""
    game = act.game
    target = order.invade
    for source in order.from_:
        act.require(board.adjacent(source, target), f"{source} does not share a side with {target}", "L293")
        strategic_ok = (board.strategic(source) and board.occupant(source) == act.nation
                        and game.options.get("attack_from_strategic", "yes") == "yes")
        act.require(board.own(source, act.nation) or strategic_ok, f"{source} is not {act.nation}'s territory", "L285")
    limit_one = game.options.get("max_attacks_per_army_per_turn", "unlimited") == "1"
    armies = [(i, a) for i, a in board.usable_armies(act.nation) if a.hex in order.from_ and not (limit_one and a.attacks)]
    for army_id in map(act.army_id, order.support):
        army = game.armies.get(army_id)
        act.require(game.mode == "alliances", "support from allies exists in alliance mode only", "L432")
        act.require(army is not None, f"there is no army {army_id}", "L432")
        ally = game.controller(army)
        act.require(ally != act.nation and board.allied(ally, act.nation), f"army {army_id} is not an ally's", "L432")
        act.require(board.adjacent(army.hex, target), f"army {army_id} on {army.hex} is not adjacent to {target}", "L432")
        act.require(act.nation in game.players[ally].standing.support,
                    f"{ally} has not agreed to support {act.nation} (its standing orders' support list)", "L432")
        act.require(not (limit_one and army.attacks), f"army {army_id} has already taken part in an invasion this turn", "L420")
        if all(army_id != i for i, _ in armies):
            armies.append((army_id, army))
    act.require(bool(armies), "no army takes part: the source territories hold none of the invader's armies"
                + (" that has not attacked this turn" if limit_one else ""), "L290")
    return armies


def _invader_choice(act: Act, board: Board, order: InvadeOrder, defenders: list, limit: int, conquered: bool) -> list[str]:
    """The defender's armies the invader eliminates: any set whose defence totals less than A [WZ L291]."""
    if conquered:
        return [i for i, _ in defenders]
    if order.eliminate is None:
        return best_set(board, defenders, limit)
    by_id = dict(defenders)
    for army_id in order.eliminate:
        act.require(army_id in by_id, f"army {army_id} is not among the defenders of {order.invade}", "L291", "eliminate")
    total = sum(board.value(by_id[i], "defence") for i in order.eliminate)
    act.require(total < limit, f"the armies named to eliminate have {total} defence; it must be less than the attack's "
                               f"{limit}", "L291", "eliminate")
    return list(dict.fromkeys(order.eliminate))


def _defender_targets(act: Act, board: Board, participants: list) -> list:
    """Which invader armies the defender may eliminate (A20): those that took part, or all the invader's."""
    if act.game.options.get("defender_targets", "participants") == "any":
        return sorted(board.armies_of(act.nation))
    return sorted(participants)


def best_set(board: Board, armies: list, limit: int) -> list[str]:
    """The armies with the most defence in total that stays below `limit`, then the most armies, then the first ids:
    the standing choice when a player names none."""
    best: dict[int, tuple[int, tuple[str, ...]]] = {0: (0, ())}
    for army_id, army in sorted(armies):
        value = board.value(army, "defence")
        for total, (count, ids) in list(best.items()):
            new = total + value
            if new >= limit:
                continue
            candidate = (count + 1, (*ids, army_id))
            if new not in best or candidate[0] > best[new][0]:
                best[new] = candidate
    return list(best[max(best)][1])


def defender_answer(act: Act, chosen: list[str]) -> None:
    """The defender's choice after R or T: invader armies whose defence totals less than S [WZ L340], [WZ L370]."""
    invasion = act.game.invasion
    assert invasion is not None
    board = act.board()
    chosen = [act.army_id(army_id) for army_id in chosen]
    for army_id in chosen:
        act.require(army_id in invasion.armies, f"army {army_id} is not one the defender may eliminate "
                                                f"({', '.join(invasion.armies)})", "L340", "eliminate")
    total = sum(board.value(act.game.armies[i], "defence") for i in chosen)
    act.require(not chosen or total < invasion.strength, f"the armies chosen have {total} defence; it must be less than "
                                           f"{invasion.strength}", "L340", "eliminate")
    resolve(act, invasion, list(dict.fromkeys(chosen)))


def resolve(act: Act, invasion: Invasion, invader_losses: list[str]) -> None:
    """Both sides' losses leave the board together; a conquered territory is annexed without armies and a Leader
    there returns to base [WZ L322], [WZ L600]."""
    game = act.game
    if game.invasion is not None:
        act.ctx.emit(SetInvasion(invasion=None))
    for army_id in invasion.eliminated:
        act.ctx.emit(ArmyRemove(id=army_id, reason=f"eliminated by {invasion.invader}'s invasion of {invasion.target}"))
    for army_id in invader_losses:
        act.ctx.emit(ArmyRemove(id=army_id, reason=f"eliminated by {invasion.defender}'s {invasion.face} in {invasion.target}"))
    act.note(f"{invasion.target}: {invasion.defender} loses {', '.join(invasion.eliminated) or 'nothing'}; "
             f"{invasion.invader} loses {', '.join(invader_losses) or 'nothing'}")
    if invasion.conquered:
        _conquered(act, invasion)
    check_eliminations(act)


def _conquered(act: Act, invasion: Invasion) -> None:
    game = act.game
    board = act.board()
    target = invasion.target
    if invasion.defender in game.leaders_at(target):
        home = _home(board, invasion.defender, target)
        act.ctx.emit(LeaderMove(player=invasion.defender, path=[home] if home else [], reason="defeated"))
        act.note(f"{invasion.defender}'s Leader cannot be killed: " + (f"it returns to {home} [WZ L600]" if home else
                 "with no territory left to return to, it leaves the board [WZ L600]"))
    if board.strategic(target):
        act.note(f"{target} is contested again [WZ L579]")
    elif game.options.get("conquest_transfers_ownership", "no") == "yes":
        act.ctx.emit(HexOwner(hex=target, owner=invasion.invader, previous=invasion.defender))
        state = game.hexes.get(target)
        if state is not None and state.development and game.options.get("development_lost_on_capture", "yes") == "yes":
            act.ctx.emit(Develop(hex=target, development=None))
        act.note(f"{target} passes to {invasion.invader} (option conquest_transfers_ownership)")
    else:
        act.note(f"{target} stays {invasion.defender}'s, annexed without armies, until annexed [WZ L322], A18")


def _home(board: Board, nation: str, leaving: str) -> str | None:
    """An own base, else an own territory, free of other Leaders (A22)."""
    free = [h for h in (*sorted(board.own_bases(nation)), *sorted(board.own_hexes(nation)))
            if h != leaving and not [n for n in board.game.leaders_at(h) if n != nation]]
    start = board.pack.base_hex.get(board.game.players[nation].start_base)
    if start in free:
        return start
    return free[0] if free else None

