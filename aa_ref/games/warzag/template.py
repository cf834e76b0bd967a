"""The skeleton of the orders a WARZAG game waits for, with the legal choices of the moment as comments."""

from __future__ import annotations

from aa_ref.games.warzag.board import Board
from aa_ref.games.warzag.pack import Pack
from aa_ref.games.warzag.state import Game
from aa_ref.games.warzag.turns import phase_label


def template(pack: Pack, game: Game) -> str:
    board = Board(pack, game)
    if game.winner:
        return f"# The game is over: {game.winner} won. No orders are needed.\n"
    nation = game.pending[0].power if game.pending else game.power
    lines = [
        "kind: warzag-orders",
        "schema_version: 1",
        f"power: {nation}",
        f"based_on: {game.log.head}",
        "actions:",
    ]
    if game.pending:
        decision = game.pending[0]
        lines += [f"# {decision.detail}", "- eliminate: []"]
        return "\n".join(lines) + "\n"
    player = game.players[nation]
    lines.append(f"# round {game.round}, {nation}, {phase_label(game.phase)}; PP {player.pp}, PC {player.pc}")
    if game.turn.roll is None:
        lines.append("# the turn has not begun: these orders begin it (Phase I income, then the die of Phase II);")
        lines.append("# send them empty to see the die before choosing the Leader's path")
    else:
        lines.append(f"# die: {game.turn.roll}; Leader on {player.leader}")
        if game.phase == "leader" and not game.turn.leader_moved and player.leader:
            near = [h for h in pack.neighbours[player.leader] if board.leader_may_enter(h, nation)]
            lines.append(f"# - leader: [{near[0] if near else '...'}]      # Leader may enter next: {', '.join(near) or 'nothing'}")
            if board.encircled(nation):
                lines.append(f"# - ransom: {pack.base_hex.get(player.start_base, '...')}      # the Leader is encircled [WZ L608]")
        if game.turn.may_draw:
            lines.append("# - draw_supply: true")
    annexable = sorted(h for h in pack.neighbours if board.annexable_kind(h) and board.owner(h) is None
                       and player.leader and (h == player.leader or board.adjacent(player.leader, h))
                       and board.reachable_by_armies(h, nation))
    if annexable and game.phase in ("income", "leader", "annexation"):
        lines.append(f"# - annex: {annexable[0]}      # Phase III, 2 PP; annexable now: {', '.join(annexable)}")
    own = sorted(h for h in board.own_hexes(nation) if board.kind(h) == "standard")
    if own and game.phase in ("income", "leader", "annexation"):
        lines.append(f"# - develop: {own[0]}\n#   type: generic      # or production, extraction; 2 PP")
    bases = sorted(board.own_bases(nation))
    if bases and game.phase in ("income", "leader", "annexation", "armies"):
        costs = ", ".join(f"{c} {d.train_cost}" for c, d in pack.dossiers[nation].items())
        lines.append(f"# - train: infantry\n#   at: {bases[0]}      # PP: {costs}")
    mine = board.armies_of(nation)
    if mine:
        lines.append(f"# - move: [{mine[0][0]}]\n#   path: [...]      # armies: " + ", ".join(f"{i} on {a.hex}" for i, a in mine))
        lines.append("# - invade: HEX\n#   from: [HEX]      # Phase V; eliminate: [...] optional")
        lines.append("# - next_phase: invasion      # Phase V without an invasion: bonus movement, full range again")
    lines.append("- end_turn: true")
    return "\n".join(lines) + "\n"
