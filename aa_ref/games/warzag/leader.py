"""Phase II: the Leader token's movement [WZ L177-L187], its ransom when encircled [WZ L608-L614],
the Supply draw of the pawn [WZ L624], and the R&D territory's activities [WZ L547-L570]."""

from __future__ import annotations

from aa_ref.core.dice import Volley
from aa_ref.games.warzag.act import Act, Illegal, wz
from aa_ref.games.warzag.events import ArmyUpdate, CardDrawn, LeaderMove, PawnSet, SetTurn
from aa_ref.games.warzag.state import Pawn
from aa_ref.games.warzag.track import move_pawn, pawn_may_move
from aa_ref.games.warzag.turns import check_eliminations

TRADE_RATE = 2
"""2 PP buy 1 PC, 2 PC buy 1 PP [WZ L551-L552]."""
EVACUATION_PC = 5
"""[WZ L560]"""
TRACK_ACCESS_PP = 5
"""[WZ L564]"""
ACCELERATOR_COST = (2, 2)
"""2 PP + 2 PC, once a turn [WZ L568-L570]."""
RANSOM_PP = 1
"""Per adjacent territory occupied with armies, to its owner [WZ L608]."""


def move_leader(act: Act, path: list[str]) -> None:
    """Through 1 to r adjacent territories, each one the Leader may enter [WZ L183], [WZ L187], A33."""
    game = act.game
    player = game.players[act.nation]
    act.require(not game.turn.leader_moved, "the Leader has already moved this turn", "L169-L183")
    limit = game.turn.roll + act.pack.leaders[player.leader_card].abilities.get("move_bonus", 0)
    act.require(len(path) <= limit, f"the Leader may move through 1 to {limit} territories (the die showed "
                                    f"{game.turn.roll}), not {len(path)}", "L183")
    board = act.board()
    here = player.leader
    for step in path:
        act.require(board.adjacent(here, step), f"{step} does not share a side with {here}", "L183", "leader")
        if not board.leader_may_enter(step, act.nation):
            message, rule = _why_not_leader(act, step)
            act.require(False, message, rule, "leader")
        here = step
    act.ctx.emit(LeaderMove(player=act.nation, path=path))
    act.ctx.emit(SetTurn(turn=game.turn.model_copy(update={"leader_moved": True})))
    act.note(f"{act.nation}'s Leader moves to {path[-1]}" + (f" through {', '.join(path[:-1])}" if len(path) > 1 else ""))
    check_eliminations(act)  # leaving the last strategic territory it occupied [WZ L447]


def _why_not_leader(act: Act, hex_id: str) -> tuple[str, str]:
    """Why the Leader may not enter a hex, and the rule [WZ L187]."""
    board = act.board()
    others = [n for n in act.game.leaders_at(hex_id) if n != act.nation]
    if others and board.kind(hex_id) != "rd":
        return f"{hex_id} holds {others[0]}'s Leader; only the R&D territory holds several Leaders", "L543"
    if board.strategic(hex_id):
        return f"{hex_id} is occupied by {board.occupant(hex_id)}; a strategic territory holds one nation", "L581"
    return (f"{hex_id} belongs to {board.owner(hex_id)}: a Leader enters own, neutral, R&D and strategic "
            "territories only, never enemy ones", "L187")


def ransom(act: Act, base: str) -> None:
    """An encircled Leader returns to an own base, paying 1 PP to the owner of every adjacent territory occupied
    with armies [WZ L608-L614], A12."""
    board = act.board()
    game = act.game
    act.require(not game.turn.leader_moved, "the Leader has already moved this turn", "L608")
    act.require(board.encircled(act.nation), "the Leader is not encircled: it can still reach an own territory or "
                                            "base or the R&D territory", "L608")
    act.require(board.kind(base) == "base" and board.own(base, act.nation), f"{base} is not a base of {act.nation}'s", "L608")
    act.require(not [n for n in game.leaders_at(base) if n != act.nation], f"{base} holds another Leader", "L543")
    here = game.players[act.nation].leader
    payees = []
    for n in act.pack.neighbours[here]:
        owner = board.owner(n)
        occupant = owner if owner else (board.occupant(n) if board.strategic(n) else None)
        if occupant and occupant != act.nation and (board.armies_at(n) or occupant in game.leaders_at(n)):
            payees.append(occupant)
    act.pay(f"the ransom of the encircled Leader ({len(payees)} territories)", pp=RANSOM_PP * len(payees), rule="L608")
    for payee in payees:
        act.gain(payee, f"ransom from {act.nation}'s Leader [WZ L608]", pp=RANSOM_PP)
    act.ctx.emit(LeaderMove(player=act.nation, path=[base], reason="ransom"))
    act.ctx.emit(SetTurn(turn=game.turn.model_copy(update={"leader_moved": True})))
    act.note(f"{act.nation} pays {len(payees)} PP of ransom ({', '.join(payees) or 'nobody'}); the Leader returns to {base}")


def draw_supply(act: Act, drawn: str | bool) -> None:
    """The pawn stopped on a Supply box: the player may draw one card from the shuffled deck [WZ L94], [WZ L624];
    the dice pick it, or the player names the card he drew from the physical deck."""
    act.require(act.game.turn.may_draw, "the pawn did not stop on a Supply box this turn, or the card was drawn", "L624")
    deck = act.game.supply_deck
    act.require(bool(deck), "the Supply deck is empty", "L624")
    if isinstance(drawn, str):
        act.require(drawn in deck, f"Supply card '{drawn}' is not in the deck" + (
            " (it is in a player's hand or played)" if drawn in act.pack.supply else f" (cards: {', '.join(deck)})"),
            "L624", "draw_supply")
        card = drawn
    else:
        card = deck[pick(act, len(deck))]
    act.ctx.emit(CardDrawn(player=act.nation, card=card))
    act.ctx.emit(SetTurn(turn=act.game.turn.model_copy(update={"may_draw": False})))
    act.note(f"{act.nation} draws a Supply card ({len(deck)} left)")


def pick(act: Act, count: int) -> int:
    """A uniform choice among `count` (at most 36) from two dice, rolled again above the largest multiple."""
    if count == 1:
        return 0
    limit = 36 - 36 % count
    for attempt in range(1, 100):
        first, second = act.ctx.roll(
            f"r{act.game.round}/{act.nation}/t{act.game.players[act.nation].turns}/supply-draw{attempt}", 2,
            Volley(f"{act.nation} draws a card at random", (("two dice, first and second in order", 2),)))
        value = (first - 1) * 6 + (second - 1)
        if value < limit:
            return value % count
    raise Illegal("two dice fell above the limit 99 times: no card could be picked", wz("L624"))


# --- the R&D territory's activities ------------------------------------------
def _on_rd(act: Act, what: str) -> None:
    act.require(act.game.players[act.nation].leader == act.pack.rd_hex,
                f"{what} is an activity of the R&D territory: {act.nation}'s Leader must stand there", "L547")


def trade(act: Act, direction: str, times: int) -> None:
    """2 PP for 1 PC, or 2 PC for 1 PP [WZ L551-L552]."""
    _on_rd(act, "trade")
    give, get = ("PP", "PC") if direction == "pp_to_pc" else ("PC", "PP")
    act.pay("trade", rule="L551-L552", **{give.lower(): TRADE_RATE * times})
    act.gain(act.nation, "trade [WZ L551-L552]", **{get.lower(): times})
    act.note(f"{act.nation} trades {TRADE_RATE * times} {give} for {times} {get}")


def promote(act: Act, army_id: str) -> None:
    """Field promotion: the army's attack, defence and resistance double [WZ L556]."""
    _on_rd(act, "field promotion")
    army_id = act.army_id(army_id)
    army = act.game.armies.get(army_id)
    act.require(army is not None and act.game.controller(army) == act.nation, f"{act.nation} has no army {army_id}", "L556")
    act.require(not army.promoted, f"army {army_id} is already promoted (its x2 face is up)", "L556")
    cost = act.board().dossier(army).promote_cost
    act.pay(f"the field promotion of {army_id}", pp=cost, rule="L556")
    act.ctx.emit(ArmyUpdate(id=army_id, promoted=True))
    act.note(f"{army_id} is promoted: its attack, defence and resistance are doubled")


def evacuate(act: Act, to: str) -> None:
    """5 PC: the Leader goes to any own territory or base [WZ L560]."""
    _on_rd(act, "evacuation")
    board = act.board()
    act.require(board.own(to, act.nation), f"{to} is not {act.nation}'s territory or base", "L560")
    act.require(not [n for n in act.game.leaders_at(to) if n != act.nation], f"{to} holds another Leader", "L543")
    act.pay("evacuation", pc=EVACUATION_PC, rule="L560")
    act.ctx.emit(LeaderMove(player=act.nation, path=[to], reason="evacuation"))
    act.note(f"{act.nation}'s Leader is evacuated to {to}")


def activate_track(act: Act) -> None:
    """5 PP put the pawn on START, once a game [WZ L195-L197], [WZ L564]."""
    _on_rd(act, "the weapons development track")
    player = act.game.players[act.nation]
    act.require(player.pawn is None, "the pawn is already on the track; it is activated once a game", "L195")
    act.pay("access to the weapons development track", pp=TRACK_ACCESS_PP, rule="L564")
    act.ctx.emit(PawnSet(player=act.nation, pawn=Pawn(box=0, activated_turn=player.turns)))
    act.note(f"{act.nation}'s pawn is placed on START; it moves from the next turn [WZ L211]")


def accelerate(act: Act) -> None:
    """2 PP + 2 PC roll the die again for the pawn, once a turn [WZ L568-L570]; by option A14 an additional move
    or a re-roll of this turn's move."""
    _on_rd(act, "the development accelerator")
    game = act.game
    act.require(pawn_may_move(act), "the pawn is not on the track, or was put on START this turn", "L568")
    act.require(not game.turn.accelerated, "the development accelerator is used once a turn", "L570")
    pp, pc = ACCELERATOR_COST
    act.pay("the development accelerator", pp=pp, pc=pc, rule="L568")
    act.ctx.emit(SetTurn(turn=game.turn.model_copy(update={"accelerated": True})))
    player = game.players[act.nation]
    if game.options.get("accelerator_mode", "extra_roll") == "reroll" and game.turn.pawn_from is not None:
        if game.turn.pawn_bonus:
            act.pay("the base-box bonus of the re-rolled move", pp=min(game.turn.pawn_bonus, player.pp), rule="L632")
        act.ctx.emit(PawnSet(player=act.nation, pawn=Pawn(box=game.turn.pawn_from, activated_turn=player.pawn.activated_turn)))
        act.ctx.emit(SetTurn(turn=game.turn.model_copy(update={"pawn_bonus": 0, "may_draw": False})))
        why = "the accelerator's re-roll [WZ L568], A14"
    else:
        why = "the accelerator's extra roll [WZ L568], A14"
    roll = act.roll_standard(f"{act.nation}/t{player.turns}/accelerator", "the standard die, for the accelerator")
    move_pawn(act, roll, why)
