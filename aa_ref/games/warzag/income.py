"""Phase I, resource collection [WZ L153-L165]: what a player's territories yield."""

from __future__ import annotations

from aa_ref.games.warzag.board import Board

DEVELOPED_YIELD = {"generic": (2, 2), "production": (4, 0), "extraction": (0, 4)}
"""A developed territory yields this (PP, PC) instead of the undeveloped yield [WZ L490-L494], A27."""
TACTICAL_YIELD = {"war_industry": (2, 0), "oil_field": (0, 2)}
"""Per army token on it, the Leader included [WZ L597-L598]."""
HISTORIC_YIELD = (1, 1)
"""A historic territory occupied with armies [WZ L585]."""


def income(board: Board, nation: str) -> list[tuple[str, int, int]]:
    """(source, PP, PC) of everything the nation collects in its Phase I."""
    pack, game = board.pack, board.game
    out: list[tuple[str, int, int]] = []
    for hex_id, state in game.hexes.items():
        if state.owner != nation or hex_id not in pack.neighbours:
            continue
        if board.kind(hex_id) == "base":
            out.append((f"base {hex_id}", pack.yields.base.pp, pack.yields.base.pc))
        elif state.development:
            pp, pc = DEVELOPED_YIELD[state.development]
            out.append((f"{hex_id} ({state.development})", pp, pc))
        else:
            out.append((hex_id, pack.yields.territory.pp, pack.yields.territory.pc))
    for hex_id in board.occupied_strategic(nation):
        kind = board.kind(hex_id)
        if kind == "historic":
            out.append((f"historic {hex_id}", *HISTORIC_YIELD))
        else:
            tokens = len(board.armies_at(hex_id)) + len(game.leaders_at(hex_id))
            pp, pc = TACTICAL_YIELD[kind]
            out.append((f"{hex_id} ({tokens} token{'s' if tokens != 1 else ''})", pp * tokens, pc * tokens))
    leader = pack.leaders[game.players[nation].leader_card]
    pp, pc = leader.abilities.get("income_pp", 0), leader.abilities.get("income_pc", 0)
    if pp or pc:
        out.append((f"Leader {leader.name}", pp, pc))
    return out
