"""The turn sequence [WZ L146-L149], [WZ L422-L424]: beginning a turn (Phase I and the die of
Phase II), entering phases, ending a turn, and the checks for elimination and victory that
follow every change [WZ L443-L447]."""

from __future__ import annotations

from aa_ref.games.warzag.act import Act
from aa_ref.games.warzag.events import ArmyUpdate, LeaderMove, PlayerStatus, SetInvasion, SetPhase, SetTurn, Winner
from aa_ref.games.warzag.income import income
from aa_ref.games.warzag.state import PHASE_NUMBERS, PHASES, Phase, Turn
from aa_ref.games.warzag.track import move_pawn, pawn_may_move


def begin_turn(act: Act) -> None:
    """Phase I (skipped on the first turn [WZ L155], A7) and Action 1 of Phase II: the mandatory die roll
    [WZ L171], which also moves an active pawn [WZ L211-L213]."""
    game = act.game
    nation = act.nation
    player = game.players[nation]
    act.ctx.emit(PlayerStatus(player=nation, turns=player.turns + 1))
    act.ctx.emit(SetTurn(turn=Turn()))
    act.ctx.emit(SetPhase(round=game.round, power=nation, phase="income"))
    first = player.turns == 1
    if act.game.options.get("skip_phase1_first_turn", "each_player") == "first_player_only":
        first = game.round == 1 and nation == game.seating[0]
    if first:
        act.note(f"{nation}'s first turn: no resources are collected [WZ L155]")
    else:
        sources = income(act.board(), nation)
        pp, pc = sum(s[1] for s in sources), sum(s[2] for s in sources)
        act.note(f"{nation} collects {pp} PP and {pc} PC: " + (", ".join(f"{s[0]} {s[1]}/{s[2]}" for s in sources) or "nothing"))
        act.gain(nation, "Phase I income [WZ L157]", pp=pp, pc=pc)
    act.ctx.emit(SetPhase(round=game.round, power=nation, phase="leader"))
    roll = act.roll_standard(f"{nation}/t{player.turns}/standard", "the standard die: how far the Leader may move")
    act.ctx.emit(SetTurn(turn=game.turn.model_copy(update={"roll": roll})))
    act.note(f"{nation} rolls {roll}: the Leader may move up to {roll + _move_bonus(act)} territories [WZ L183]")
    if pawn_may_move(act):
        act.ctx.emit(SetTurn(turn=game.turn.model_copy(update={"pawn_from": player.pawn.box})))
        move_pawn(act, roll, "the die of Phase II [WZ L213]")


def _move_bonus(act: Act) -> int:
    leader = act.pack.leaders[act.game.players[act.nation].leader_card]
    return leader.abilities.get("move_bonus", 0)


def enter_phase(act: Act, phase: Phase) -> None:
    """Go on to `phase` of the turn; armies get their full range at the start of Phases IV and V
    [WZ L277], [WZ L418], A29."""
    game = act.game
    if PHASES.index(phase) <= PHASES.index(game.phase):
        return
    for step in PHASES[PHASES.index(game.phase) + 1 : PHASES.index(phase) + 1]:
        act.ctx.emit(SetPhase(round=game.round, power=game.power, phase=step))
        if step in ("armies", "invasion"):
            board = act.board()
            for army_id, army in board.armies_of(act.nation):
                full = board.dossier(army).range + game.turn.range_bonus.get(army_id, 0)
                if army.range_left != full:
                    act.ctx.emit(ArmyUpdate(id=army_id, range_left=full))


def end_turn(act: Act) -> None:
    """Phase VI [WZ L422-L424]: the player on the left begins, skipping players out of the game."""
    game = act.game
    order = game.seating
    here = order.index(game.power)
    for step in range(1, len(order) + 1):
        nxt = order[(here + step) % len(order)]
        if not game.players[nxt].eliminated and not game.players[nxt].surrendered:
            break
    new_round = game.round + (1 if order.index(nxt) <= here else 0)
    act.ctx.emit(SetPhase(round=game.round, power=game.power, phase="end"))
    for army_id, army in game.armies.items():
        if army.attacks:
            act.ctx.emit(ArmyUpdate(id=army_id, attacks=0))
    act.ctx.emit(SetPhase(round=new_round, power=nxt, phase="income"))
    begin_turn(Act(act.ctx, act.pack, nxt))


def phase_label(phase: str) -> str:
    return f"Phase {PHASE_NUMBERS[phase]} ({phase})"


def check_eliminations(act: Act) -> None:
    """A player with no territory or base and no strategic territory occupied is eliminated; his armies on allied
    territories pass to the ally who hosts them [WZ L447]."""
    board = act.board()
    for nation, player in act.game.players.items():
        if player.eliminated:
            continue
        if board.own_hexes(nation) or board.occupied_strategic(nation):
            continue
        act.ctx.emit(PlayerStatus(player=nation, eliminated=True))
        act.note(f"{nation} owns no territory or base and occupies no strategic territory: eliminated [WZ L447]")
        if player.leader is not None:
            act.ctx.emit(LeaderMove(player=nation, path=[], reason="eliminated"))
        for army_id, army in board.armies_of(nation):
            host = board.owner(army.hex)
            if host is not None and host != nation and board.allied(host, nation):
                act.ctx.emit(ArmyUpdate(id=army_id, controller=host))
                act.note(f"army {army_id} on {army.hex} passes to {host}, who hosts it [WZ L447]")
        board = act.board()
    check_victory(act)


def check_victory(act: Act) -> None:
    """Free-for-all: the last player left wins [WZ L443]; alliances: the alliance whose enemies are all eliminated
    or have surrendered wins [WZ L445]."""
    game = act.game
    if game.winner:
        return
    left = game.active_players()
    if game.mode == "free_for_all":
        if len(left) == 1:
            _win(act, left[0], f"{left[0]} has eliminated every opponent [WZ L443]")
        return
    board = act.board()
    sides = {board.alliance(n) for n in left}
    if len(sides) == 1:
        side = sides.pop()
        _win(act, side, f"the {side} are the only alliance left in the war [WZ L445]")


def _win(act: Act, winner: str, why: str) -> None:
    act.ctx.emit(Winner(winner=winner))
    if act.game.invasion is not None:
        act.ctx.emit(SetInvasion(invasion=None))
    act.note(f"game over: {why}")


def surrender(act: Act) -> None:
    """Alliance mode: the player left in the game may surrender instead of fighting on [WZ L86], [WZ L445], A25."""
    game = act.game
    act.require(game.mode == "alliances", "surrender belongs to alliance mode", "L86")
    board = act.board()
    side = board.alliance(act.nation)
    if game.options.get("surrender_when", "after_elimination") == "after_elimination":
        act.require(any(p.eliminated for n, p in game.players.items() if board.alliance(n) == side),
                    f"the {side} have lost no player yet: one surrenders only when left alone (option surrender_when)",
                    "L445")
    act.ctx.emit(PlayerStatus(player=act.nation, surrendered=True))
    act.note(f"{act.nation} surrenders [WZ L445]")
    check_victory(act)
