"""`aa-ref show` for WARZAG games: the whole table, or one player's view (`--power`), which never
shows another player's Objective card or Supply cards."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tabulate import tabulate

from aa_ref.core.auditlog import LogStart, made_by_data, made_by_line
from aa_ref.games.warzag.board import Board
from aa_ref.games.warzag.income import income
from aa_ref.games.warzag.objectives import ObjectiveSecret, commitment, unmet
from aa_ref.games.warzag.options import OPTIONS
from aa_ref.games.warzag.pack import Pack
from aa_ref.games.warzag.state import Game
from aa_ref.games.warzag.turns import phase_label


def status(pack: Pack, game: Game, viewer: str | None = None, start: LogStart | None = None) -> dict[str, Any]:
    """The state as JSON data; with a viewer, other players' hands are counts only; with the log's start,
    `made_by` (what began the game; null before versioned saves)."""
    board = Board(pack, game)
    players = {}
    for nation, p in game.players.items():
        entry = {
            "pp": p.pp, "pc": p.pc, "leader": p.leader, "start_base": p.start_base,
            "pawn": p.pawn.box if p.pawn else None, "territories": sorted(board.own_hexes(nation)),
            "occupies": board.occupied_strategic(nation), "armies": len(board.armies_of(nation)),
            "eliminated": p.eliminated, "surrendered": p.surrendered,
            "objective": p.objective_revealed or ("secret" if p.objective else None),
            "supply_cards": len(p.supply),
        }
        if viewer is None or viewer == nation:
            entry["supply"] = list(p.supply)
        players[nation] = entry
    return {
        "game": "warzag", "pack": pack.id, "demo_pack": pack.demo, "mode": game.mode, "round": game.round,
        "power": game.power, "phase": game.phase, "roll": game.turn.roll, "winner": game.winner,
        "seating": game.seating, "players": players,
        "armies": {i: a.model_dump(mode="json", exclude_defaults=True) for i, a in game.armies.items()},
        "pending": [d.model_dump(mode="json") for d in game.pending], "options": game.options, "viewer": viewer,
        **({"made_by": made_by_data(start)} if start is not None else {}),
    }


def show_text(pack: Pack, game: Game, viewer: str | None = None, game_path: Path | None = None,
              start: LogStart | None = None) -> str:
    """The state as text; with the log's start, a line saying what began the game."""
    board = Board(pack, game)
    out = [pack.title if "WARZAG" in pack.title else f"WARZAG World War II: {pack.title}"]
    if pack.demo and "DEMO" not in pack.title:
        out.append("  (DEMO component pack: our values, not the printed cards)")
    head = f"{game.mode.replace('_', '-')}, round {game.round}, {game.power}, {phase_label(game.phase)}"
    if game.turn.roll is not None:
        head += f", die {game.turn.roll}"
    out.append(("GAME OVER: " + game.winner + " won; " if game.winner else "") + head)
    if start is not None:
        out.append(made_by_line(start))
    if viewer:
        out.append(f"view of {viewer}: other players' Objective and Supply cards are hidden")
    rows = []
    for nation in game.seating:
        p = game.players[nation]
        cards = ", ".join(pack.supply[c].title for c in p.supply) if viewer in (None, nation) else f"{len(p.supply)} card(s)"
        objective = p.objective_revealed or ("secret" if p.objective else "-")
        flag = " (eliminated)" if p.eliminated else (" (surrendered)" if p.surrendered else "")
        rows.append([nation + flag, p.pp, p.pc, p.leader or "-", p.start_base,
                     "-" if p.pawn is None else p.pawn.box, len(board.own_hexes(nation)),
                     ", ".join(board.occupied_strategic(nation)) or "-", objective, cards or "-"])
    out.append(tabulate(rows, ["player", "PP", "PC", "Leader", "base", "pawn", "territories", "occupies",
                               "objective", "Supply cards"]))
    if viewer and game_path is not None:
        out += _own_objective(pack, game, viewer, game_path, board)
    owned = [[h, s.owner or "-", s.development or "-", "yes" if board.with_armies(h) else "no"]
             for h, s in game.hexes.items() if viewer is None or s.owner == viewer]
    if owned:
        out.append("")
        out.append(tabulate(owned, ["territory", "owner", "development", "with armies"]))
    armies = [[i, game.controller(a), a.category, a.hex, "x2" if a.promoted else "", a.range_left]
              for i, a in game.armies.items() if viewer is None or game.controller(a) == viewer]
    if armies:
        out.append("")
        out.append(tabulate(armies, ["army", "player", "category", "hex", "promoted", "range left"]))
    if viewer:
        sources = income(board, viewer)
        out.append(f"\nnext income of {viewer}: {sum(s[1] for s in sources)} PP, {sum(s[2] for s in sources)} PC")
    for d in game.pending:
        out.append(f"\nwaiting for {d.power}: {d.detail}")
    out.append("\noptions: " + ", ".join(f"{k}={game.options.get(k, v.choices[0])}" for k, v in OPTIONS.items()))
    return "\n".join(out) + "\n"


def _own_objective(pack: Pack, game: Game, viewer: str, game_path: Path, board: Board) -> list[str]:
    """The viewer's own Objective card, from his private file beside the game, checked against the commitment."""
    from aa_ref.core.documents import parse_model
    from aa_ref.core.errors import AaRefError
    from aa_ref.core.yamlio import load_yaml

    stem = game_path.name[:-5] if game_path.name.endswith(".yaml") else game_path.name
    path = game_path.with_name(f"{stem}.objective-{viewer}.yaml")
    if not game.players[viewer].objective or not path.exists():
        return []
    try:
        secret: ObjectiveSecret = parse_model(load_yaml(path, private=True), "warzag-objective")  # type: ignore[assignment]
    except AaRefError as exc:
        return [f"your objective file {path.name}: {exc.message}"]
    if commitment(game.seed, viewer, secret.card, secret.salt) != game.players[viewer].objective:
        return [f"your objective file {path.name} does not match this game's commitment"]
    missing = unmet(board, viewer, pack.objectives[secret.card].requires)
    state = "complete: claim it (claim_objective)" if not missing else "still to " + "; ".join(missing)
    return [f"your objective ({secret.card}): {pack.objectives[secret.card].text} Now: {state}"]
