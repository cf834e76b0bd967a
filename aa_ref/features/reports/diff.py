"""`aa-ref diff`: what changed between two game files, in game terms — for a player checking
what the other sent: the moment of the game, treasuries, territories that changed hands,
units that appeared or left each space, units waiting to be placed, research, damage."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aa_ref.core.edits import edits_in
from aa_ref.core.errors import AaRefError, UsageError
from aa_ref.core.session import load_game, read_game
from aa_ref.games.axis_allies.model.setup import UnitCounts
from aa_ref.games.axis_allies.model.state import Game


@dataclass
class GameDiff:
    moment: list[str] = field(default_factory=list)
    treasuries: dict[str, tuple[int, int]] = field(default_factory=dict)
    control: dict[str, tuple[str | None, str | None]] = field(default_factory=dict)
    units: dict[str, dict[str, dict[str, int]]] = field(default_factory=dict)
    """power -> space -> unit -> change in count (cargo included)."""
    other: list[str] = field(default_factory=list)
    edits: list[dict[str, Any]] = field(default_factory=list)
    """The edits outside the rules that the later game's log records since the earlier game (edits.edits_in)."""

    @property
    def empty(self) -> bool:
        return not (self.moment or self.treasuries or self.control or self.units or self.other or self.edits)

    def as_json(self) -> dict[str, Any]:
        return {"edits": self.edits, "moment": self.moment, "treasuries": {p: {"before": a, "after": b} for p, (a, b) in self.treasuries.items()},
                "control": {s: {"before": a, "after": b} for s, (a, b) in self.control.items()},
                "units": self.units, "other": self.other}


def _holdings(game: Game) -> dict[str, dict[str, UnitCounts]]:
    """power -> space -> units there, cargo aboard counted in its sea zone."""
    out: dict[str, dict[str, UnitCounts]] = {}
    for space, state in game.spaces.items():
        for force in state.forces:
            for power, units in [(force.power, force.units), *force.cargo.items()]:
                here = out.setdefault(power, {}).setdefault(space, {})
                for unit, n in units.items():
                    here[unit] = here.get(unit, 0) + n
    return out


def diff_games(a: Game, b: Game) -> GameDiff:
    out = GameDiff()
    for key in ("round", "power", "phase", "winner"):
        if getattr(a, key) != getattr(b, key):
            out.moment.append(f"{key}: {getattr(a, key)} -> {getattr(b, key)}")
    for power in sorted(set(a.powers) | set(b.powers)):
        pa, pb = a.powers.get(power), b.powers.get(power)
        if pa and pb:
            if pa.treasury != pb.treasury:
                out.treasuries[power] = (pa.treasury, pb.treasury)
            if pa.purchased != pb.purchased:
                out.other.append(f"{power} waiting to be placed: {pa.purchased or 'none'} -> {pb.purchased or 'none'}")
            new_techs = [t for t in pb.technologies if t not in pa.technologies]
            if new_techs:
                out.other.append(f"{power} develops {', '.join(new_techs)}")
            if pa.researchers != pb.researchers:
                out.other.append(f"{power} researchers: {pa.researchers} -> {pb.researchers}")
    for space in sorted(set(a.spaces) | set(b.spaces)):
        sa, sb = a.spaces.get(space), b.spaces.get(space)
        before, after = (sa.owner if sa else None), (sb.owner if sb else None)
        if before != after:
            out.control[space] = (before, after)
        damage = ((sa.damage if sa else 0), (sb.damage if sb else 0))
        if damage[0] != damage[1]:
            out.other.append(f"{space} industrial complex damage: {damage[0]} -> {damage[1]}")
        if (sa.industrial_complex if sa else False) != (sb.industrial_complex if sb else False):
            out.other.append(f"{space}: an industrial complex is built")
    ha, hb = _holdings(a), _holdings(b)
    for power in sorted(set(ha) | set(hb)):
        spaces = set(ha.get(power, {})) | set(hb.get(power, {}))
        for space in sorted(spaces):
            ua, ub = ha.get(power, {}).get(space, {}), hb.get(power, {}).get(space, {})
            change = {u: ub.get(u, 0) - ua.get(u, 0) for u in sorted(set(ua) | set(ub)) if ub.get(u, 0) != ua.get(u, 0)}
            if change:
                out.units.setdefault(power, {})[space] = change
    return out


def diff_text(d: GameDiff, a_name: str, b_name: str) -> str:
    if d.empty:
        return f"{a_name} and {b_name}: no difference in the game\n"
    lines = [f"From {a_name} to {b_name}:"]
    for edit in d.edits:
        lines.append(f"  EDIT outside the rules (log entry #{edit['entry']}): {edit['reason']}"
                     + (" (undone)" if edit["undone"] else ""))
    lines += [f"  {m}" for m in d.moment]
    if d.treasuries:
        lines.append("Treasuries:")
        lines += [f"  {p}: {x} -> {y} ({y - x:+d})" for p, (x, y) in d.treasuries.items()]
    if d.control:
        lines.append("Territories that changed hands:")
        lines += [f"  {s}: {x or 'nobody'} -> {y or 'nobody'}" for s, (x, y) in d.control.items()]
    if d.units:
        lines.append("Units (+ arrived, - left or lost):")
        for power, spaces in d.units.items():
            for space, change in spaces.items():
                lines.append(f"  {power} {space}: " + ", ".join(f"{n:+d} {u}" for u, n in change.items()))
    if d.other:
        lines.append("Other:")
        lines += [f"  {o}" for o in d.other]
    return "\n".join(lines) + "\n"


def diff_files(a: Path, b: Path) -> Any:
    """What changed from game file `a` to game file `b` (same scenario)."""
    game_a, game_b = read_game(a), read_game(b)
    if game_a.kind != "game" or game_b.kind != "game":
        raise UsageError("diff compares Axis & Allies games; for a WARZAG game compare 'aa-ref show --json' outputs")
    if game_a.setup != game_b.setup:
        raise UsageError(f"{a} is a game of {game_a.setup} and {b} of {game_b.setup}: nothing to compare")
    changes = diff_games(game_a, game_b)
    changes.edits = edits_since(b, game_a.log.entries)
    return changes


def edits_since(path: Path, entries: int) -> list[dict[str, Any]]:
    """The edits a game's log records after its first `entries` entries; none when its log cannot be read (the diff
    of the two files still stands)."""
    try:
        loaded = load_game(path, check_head=False)
    except AaRefError:
        return []
    return [e for e in edits_in(loaded.log) if e["entry"] > entries]
