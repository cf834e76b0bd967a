"""Supply cards [WZ L624-L626] and the alliance's resource transfers [WZ L433-L434]."""

from __future__ import annotations

from aa_ref.games.warzag.act import Act
from aa_ref.games.warzag.armies import train
from aa_ref.games.warzag.events import ArmyUpdate, CardPlayed, SetInvasion, SetTurn
from aa_ref.games.warzag.orders import PlayOrder

TRANSFER_FEE_PP = 1
"""Paid by the player who sends resources to an ally [WZ L434]."""


def play(act: Act, order: PlayOrder, own_turn: bool) -> None:
    """Play a Supply card: at any moment unless the card says otherwise [WZ L626]."""
    game = act.game
    player = game.players[act.nation]
    card_id = order.play
    act.require(card_id in player.supply, f"{act.nation} holds no Supply card '{card_id}'"
                + (f" (in hand: {', '.join(player.supply)})" if player.supply else ""), "L626", "play")
    card = act.pack.supply[card_id]
    defending = game.invasion is not None and game.invasion.defender == act.nation
    if card.timing in ("own_turn", "invasion"):
        act.require(own_turn, f"'{card.title}' is played in one's own turn", "L626")
    if card.timing == "defence":
        act.require(defending, f"'{card.title}' is played by a defender choosing the invader's losses", "L626")
    act.ctx.emit(CardPlayed(player=act.nation, card=card_id))
    act.note(f"{act.nation} plays '{card.title}': {card.text}")
    if card.effect == "gain":
        act.gain(act.nation, f"Supply card '{card.title}'", pp=card.pp, pc=card.pc)
    elif card.effect == "attack_bonus":
        act.ctx.emit(SetTurn(turn=game.turn.model_copy(update={"attack_bonus": game.turn.attack_bonus + card.value})))
    elif card.effect == "resistance_bonus":
        invasion = game.invasion.model_copy(update={"strength": game.invasion.strength + card.value})
        act.ctx.emit(SetInvasion(invasion=invasion, pending=game.pending))
    elif card.effect == "extra_range":
        army_id = act.army_id(order.army or "")
        army = game.armies.get(army_id)
        act.require(army is not None and game.controller(army) == act.nation,
                    f"'{card.title}' names one of {act.nation}'s armies (army: ...)", "L626", "army")
        act.ctx.emit(ArmyUpdate(id=army_id, range_left=army.range_left + card.value))
        bonus = {**game.turn.range_bonus, order.army: game.turn.range_bonus.get(order.army, 0) + card.value}
        act.ctx.emit(SetTurn(turn=game.turn.model_copy(update={"range_bonus": bonus})))
    elif card.effect == "free_training":
        act.require(order.at is not None, f"'{card.title}' names the base where the army is trained (at: ...)", "L626", "at")
        train(act, card.category or "", order.at, 1, free=True)


def transfer(act: Act, ally: str, pp: int, pc: int) -> None:
    """Alliance mode: resources to an ally at any time; the sender pays 1 PP [WZ L433-L434]."""
    game = act.game
    board = act.board()
    act.require(game.mode == "alliances", "resources are exchanged between allies in alliance mode only", "L433")
    act.require(ally in game.players and ally != act.nation and board.allied(ally, act.nation),
                f"{ally} is not {act.nation}'s ally in this game", "L433", "transfer")
    act.require(not game.players[ally].eliminated, f"{ally} is out of the game", "L433", "transfer")
    act.require(bool(pp or pc), "a transfer sends some PP or PC", "L433")
    act.pay(f"sending {pp} PP and {pc} PC to {ally} with the 1 PP fee", pp=pp + TRANSFER_FEE_PP, pc=pc, rule="L434")
    act.gain(ally, f"a transfer from {act.nation} [WZ L433]", pp=pp, pc=pc)
    act.note(f"{act.nation} sends {pp} PP and {pc} PC to {ally}, paying a fee of {TRANSFER_FEE_PP} PP")
