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
    moment: dict[str, tuple[Any, Any]] = field(default_factory=dict)
    """round, power, phase, winner -> (before, after), for those that changed."""
    treasuries: dict[str, tuple[int, int]] = field(default_factory=dict)
    control: dict[str, tuple[str | None, str | None]] = field(default_factory=dict)
    units: dict[str, dict[str, tuple[UnitCounts, UnitCounts]]] = field(default_factory=dict)
    """space -> power -> (units before, units after), cargo included, where they differ (docs/json.md)."""
    purchased: dict[str, tuple[UnitCounts, UnitCounts]] = field(default_factory=dict)
    """power -> (units waiting to be placed before, after)."""
    technologies: dict[str, list[str]] = field(default_factory=dict)
    """power -> technologies developed since."""
    researchers: dict[str, tuple[int, int]] = field(default_factory=dict)
    damage: dict[str, tuple[int, int]] = field(default_factory=dict)
    """space -> damage on its industrial complex (before, after)."""
    complexes_built: list[str] = field(default_factory=list)
    edits: list[dict[str, Any]] = field(default_factory=list)
    """The edits outside the rules that the later game's log records since the earlier game (edits.edits_in)."""

    @property
    def empty(self) -> bool:
        return not (self.moment or self.treasuries or self.control or self.units or self.purchased
                    or self.technologies or self.researchers or self.damage or self.complexes_built or self.edits)

    def as_json(self) -> dict[str, Any]:
        """The key scheme of docs/json.md: spaces -> power -> unit counts, before and after."""
        def pair(a: Any, b: Any) -> dict[str, Any]:
            return {"before": a, "after": b}

        return {
            "edits": self.edits,
            "moment": {k: pair(a, b) for k, (a, b) in self.moment.items()},
            "treasuries": {p: {**pair(a, b), "change": b - a} for p, (a, b) in self.treasuries.items()},
            "control": {s: pair(a, b) for s, (a, b) in self.control.items()},
            "spaces": {space: {power: {**pair(a, b), "change": _change(a, b)} for power, (a, b) in powers.items()}
                       for space, powers in self.units.items()},
            "purchased": {p: pair(a, b) for p, (a, b) in self.purchased.items()},
            "technologies": self.technologies,
            "researchers": {p: pair(a, b) for p, (a, b) in self.researchers.items()},
            "damage": {s: pair(a, b) for s, (a, b) in self.damage.items()},
            "industrial_complexes_built": self.complexes_built,
        }


def _change(a: UnitCounts, b: UnitCounts) -> dict[str, int]:
    return {u: b.get(u, 0) - a.get(u, 0) for u in sorted(set(a) | set(b)) if b.get(u, 0) != a.get(u, 0)}


def units_text(units: UnitCounts) -> str:
    """Unit counts as players say them: '3 infantry, 1 tank'; 'none'."""
    return ", ".join(f"{n} {u.replace('_', ' ')}" for u, n in units.items() if n) or "none"


def _holdings(game: Game) -> dict[str, dict[str, UnitCounts]]:
    """space -> power -> units there, cargo aboard counted in its sea zone."""
    out: dict[str, dict[str, UnitCounts]] = {}
    for space, state in game.spaces.items():
        for force in state.forces:
            for power, units in [(force.power, force.units), *force.cargo.items()]:
                here = out.setdefault(space, {}).setdefault(power, {})
                for unit, n in units.items():
                    here[unit] = here.get(unit, 0) + n
    return out


def diff_games(a: Game, b: Game) -> GameDiff:
    out = GameDiff()
    for key in ("round", "power", "phase", "winner"):
        if getattr(a, key) != getattr(b, key):
            out.moment[key] = (getattr(a, key), getattr(b, key))
    for power in sorted(set(a.powers) | set(b.powers)):
        pa, pb = a.powers.get(power), b.powers.get(power)
        if pa and pb:
            if pa.treasury != pb.treasury:
                out.treasuries[power] = (pa.treasury, pb.treasury)
            if pa.purchased != pb.purchased:
                out.purchased[power] = (dict(pa.purchased), dict(pb.purchased))
            new_techs = [t for t in pb.technologies if t not in pa.technologies]
            if new_techs:
                out.technologies[power] = new_techs
            if pa.researchers != pb.researchers:
                out.researchers[power] = (pa.researchers, pb.researchers)
    for space in sorted(set(a.spaces) | set(b.spaces)):
        sa, sb = a.spaces.get(space), b.spaces.get(space)
        before, after = (sa.owner if sa else None), (sb.owner if sb else None)
        if before != after:
            out.control[space] = (before, after)
        damage = ((sa.damage if sa else 0), (sb.damage if sb else 0))
        if damage[0] != damage[1]:
            out.damage[space] = damage
        if (sa.industrial_complex if sa else False) != (sb.industrial_complex if sb else False):
            out.complexes_built.append(space)
    ha, hb = _holdings(a), _holdings(b)
    for space in sorted(set(ha) | set(hb)):
        for power in sorted(set(ha.get(space, {})) | set(hb.get(space, {}))):
            ua, ub = ha.get(space, {}).get(power, {}), hb.get(space, {}).get(power, {})
            if _change(ua, ub):
                out.units.setdefault(space, {})[power] = (ua, ub)
    return out


def diff_text(d: GameDiff, a_name: str, b_name: str) -> str:
    if d.empty:
        return f"{a_name} and {b_name}: no difference in the game\n"
    lines = [f"From {a_name} to {b_name}:"]
    for edit in d.edits:
        lines.append(f"  EDIT outside the rules (log entry #{edit['entry']}): {edit['reason']}"
                     + (" (undone)" if edit["undone"] else ""))
    lines += [f"  {key}: {str(x).replace('_', ' ')} -> {str(y).replace('_', ' ')}" for key, (x, y) in d.moment.items()]
    if d.treasuries:
        lines.append("Treasuries:")
        lines += [f"  {p}: {x} -> {y} IPCs ({y - x:+d})" for p, (x, y) in d.treasuries.items()]
    if d.control:
        lines.append("Territories that changed hands:")
        lines += [f"  {s}: {x or 'nobody'} -> {y or 'nobody'}" for s, (x, y) in d.control.items()]
    if d.units:
        lines.append("Units (before -> after):")
        for space, powers in d.units.items():
            for power, (x, y) in powers.items():
                lines.append(f"  {space}: {power} {units_text(x)} -> {units_text(y)}")
    other = [f"{p} waiting to be placed: {units_text(x)} -> {units_text(y)}" for p, (x, y) in d.purchased.items()]
    other += [f"{p} develops {', '.join(t.replace('_', ' ') for t in techs)}" for p, techs in d.technologies.items()]
    other += [f"{p} researchers: {x} -> {y}" for p, (x, y) in d.researchers.items()]
    other += [f"{s} industrial complex damage: {x} -> {y}" for s, (x, y) in d.damage.items()]
    other += [f"{s}: an industrial complex is built" for s in d.complexes_built]
    if other:
        lines.append("Other:")
        lines += [f"  {o}" for o in other]
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
