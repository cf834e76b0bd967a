"""`aa-ref show` for Blocks in the West: the referee's whole game, or one side's view (`--side`)."""

from __future__ import annotations

from tabulate import tabulate

from aa_ref.core.auditlog import LogStart, made_by_data, made_by_line
from aa_ref.games.blocks_in_the_west.scenario import Scenario
from aa_ref.games.blocks_in_the_west.state import Game
from aa_ref.games.blocks_in_the_west.views import View, view


def referee_view(scenario: Scenario, game: Game) -> dict:
    """Everything, as JSON data (the referee's own view); not the view secret, which no screen needs."""
    return {"game": "bitw", **game.model_dump(mode="json", exclude={"log", "fair_dice", "seed", "view_secret"})}


def show_json(scenario: Scenario, game: Game, side: str | None, start: LogStart | None = None) -> dict:
    """`show --json`: one side's view, or the referee's; with the log's start, `made_by` (what began the game)."""
    seen = view(scenario, game, side) if side else None  # type: ignore[arg-type]
    data = seen.model_dump(mode="json") if seen is not None else referee_view(scenario, game)
    if start is not None:
        data["made_by"] = made_by_data(start)
    return data


STAGES = {"fire": "the next round to fight", "defender_withdrawal": "waiting for the defender's withdrawals",
          "attacker_withdrawal": "waiting for the attacker's withdrawals"}


def battle_lines(game: Game) -> list[str]:
    """The battles under way and the decision the game waits for: public to both sides (the blocks share the hex)."""
    lines = [f"battle in {b.hex}: {b.attacker} attacking, round {b.round}, {STAGES[b.stage]}" for b in game.battles]
    lines += [f"waiting for the {d.power}: {d.detail}" for d in game.pending]
    return lines


def show_text(scenario: Scenario, game: Game, side: str | None, start: LogStart | None = None) -> str:
    """The referee's game or one side's view as text; with the log's start, a line saying what began the game."""
    out = [scenario.title + ("  (DEMO scenario: not a published one)" if scenario.demo and "DEMO" not in scenario.title else "")]
    month = scenario.turns[game.turn - 1].month
    out.append(("GAME OVER: " + game.winner + " won; " if game.winner else "")
               + f"turn {game.turn} ({month}), {game.power} player turn, {game.phase.replace('_', ' ')} phase, "
                 f"weather {game.weather}")
    if start is not None:
        out.append(made_by_line(start))
    if side is None:
        out.append("referee's view: every block, hidden or not")
        rows = [[b, scenario.blocks[b].power, scenario.blocks[b].unit, s.hex or game.naval.get(b, "-"), s.strength,
                 "yes" if s.revealed else "no", "OOS" if s.out_of_supply else ""] for b, s in game.blocks.items()]
        out.append(tabulate(rows, ["block", "power", "unit", "hex", "strength", "revealed", "supply"]))
    else:
        seen: View = view(scenario, game, side)  # type: ignore[arg-type]
        out.append(f"view of the {side}: the enemy's upright blocks show only their nation")
        rows = [[b, s.power, s.unit or "?", s.hex, "?" if s.strength is None else s.strength,
                 "OOS" if s.out_of_supply else ""] for b, s in seen.blocks.items()]
        out.append(tabulate(rows, ["block", "power", "unit", "hex", "strength", "supply"]))
        if seen.naval:  # naval units at sea or in port (OR 18.0): the enemy's by place and nation only
            out.append(tabulate([[b, n.power, n.unit or "?", n.at, "?" if n.strength is None else n.strength]
                                 for b, n in seen.naval.items()], ["naval unit", "power", "unit", "at", "strength"]))
        if seen.pp:
            out.append("PP: " + ", ".join(f"{p} {n}" for p, n in seen.pp.items()))
        if seen.coloured_pp:  # AR 11.0
            out.append("coloured PP: " + "; ".join(f"{p} " + ", ".join(f"{n} {c}" for c, n in held.items())
                                                   for p, held in seen.coloured_pp.items()))
        if seen.lend_lease:  # OR 34.0
            out.append("Lend-Lease in effect" + (": " + ", ".join(f"{n} {c}" for c, n in seen.lend_lease_pp.items())
                                                 + " Lend-Lease PP" if seen.lend_lease_pp else ""))
        if seen.u_boat_target:  # OR 35.2
            out.append("North Atlantic U-boat's standing target: " + seen.u_boat_target.replace("_", "-"))
    out.extend(battle_lines(game))
    out.append("options: " + ", ".join(f"{k}={v}" for k, v in game.options.items()))
    return "\n".join(out) + "\n"
