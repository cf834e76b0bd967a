"""Odds as a table, as JSON (`attacker_win`, `defender_win`, `draw`, `method`, ...) and as a
chart of the outcome distribution, in the terminal or as a PNG."""

from __future__ import annotations

from typing import Any

from aa_ref.features.odds.battle import BattleSpec
from aa_ref.features.odds.outcome import Result

BAR = 40


def table(rows: list[list[str]], headers: list[str]) -> str:
    """Text cells in left-aligned columns under their headers, as `tabulate(rows, headers)` prints them
    (its "simple" format: each column two wider than its header at least, lines stripped on the right), without
    importing it (a test keeps the two equal)."""
    widths = [max([len(h) + 2] + [len(row[i]) for row in rows]) for i, h in enumerate(headers)]
    lines = [headers, ["-" * w for w in widths], *rows]
    return "\n".join("  ".join(cell.ljust(w) for cell, w in zip(line, widths)).rstrip() for line in lines)


def _units(counts: dict[str, float], digits: int = 2) -> str:
    return ", ".join(f"{round(n, digits):g} {u}" for u, n in sorted(counts.items()) if n > 0.005) or "none"


def as_json(spec: BattleSpec, result: Result) -> dict[str, Any]:
    att_lost, att_sd = result.lost("attacker")
    def_lost, def_sd = result.lost("defender")
    return {
        "attacker_win": result.attacker_win,
        "defender_win": result.defender_win,
        "draw": result.draw,
        "method": result.method,
        "method_reason": result.method_reason,
        "runs": result.runs,
        "low_luck": spec.low_luck,
        "battle": {"edition": spec.setup.id, "kind": "sea" if spec.at_sea else "land",
                   "attacker": spec.attacker, "defender": spec.defender},
        "attacker_takes_territory": sum(e.probability for e in result.endings if e.takes_territory),
        "attacker_retreats": result.probability("retreat"),
        "stalemate": result.probability("stalemate"),
        "rounds": result.rounds,
        "expected_survivors": {"attacker": result.expected("attacker"), "defender": result.expected("defender")},
        "ipc_lost": {"attacker": {"mean": att_lost, "sd": att_sd}, "defender": {"mean": def_lost, "sd": def_sd}},
        "tuv_swing": def_lost - att_lost,
        "distribution": distribution(result),
    }


def distribution(result: Result) -> list[dict[str, Any]]:
    """Probability of each count of survivors: attacker units left (positive), defender units
    left (negative), or none on either side (0); a stalemate (both sides keep units that cannot hurt each other)
    is an entry of its own, with the attacker's units left as `survivors` and the defender's as `defender_survivors`.
    Each entry names its `outcome`: attacker, defender (the attacker destroyed or retreated), draw or stalemate."""
    bins: dict[tuple[str, int, int], float] = {}
    for e in result.endings:
        if e.how == "attacker":
            key = ("attacker", sum(e.attacker.values()), 0)
        elif e.how == "draw":
            key = ("draw", 0, 0)
        elif e.how == "stalemate":
            key = ("stalemate", sum(e.attacker.values()), sum(e.defender.values()))
        else:
            key = ("defender", -sum(e.defender.values()), 0)
        bins[key] = bins.get(key, 0.0) + e.probability
    out = []
    for (how, k, d), p in sorted(bins.items(), key=lambda kv: (kv[0][0] == "stalemate", kv[0][1], -kv[0][2]),
                                 reverse=True):
        entry: dict[str, Any] = {"outcome": how, "survivors": k, "probability": p}
        if how == "stalemate":
            entry["defender_survivors"] = d
        out.append(entry)
    return out


def _label(row: dict[str, Any]) -> str:
    k = row["survivors"]
    if row["outcome"] == "stalemate":
        return f"stalemate {k:>2} v {row['defender_survivors']:<2}"
    return f"attacker {k:>3} left" if k > 0 else f"defender {-k:>3} left" if k < 0 else "nobody left    "


def chart(result: Result) -> str:
    rows = distribution(result)
    top = max((r["probability"] for r in rows), default=1.0) or 1.0
    lines = []
    for r in rows:
        lines.append(f"{_label(r)}  {'#' * max(1, round(BAR * r['probability'] / top)) if r['probability'] >= 0.0005 else ''}"
                     f" {100 * r['probability']:.1f}%")
    if any(r["outcome"] == "stalemate" for r in rows):
        lines.append("(stalemate A v D: A attacking and D defending units left that cannot hurt each other)")
    return "\n".join(lines)


def as_text(spec: BattleSpec, result: Result) -> str:
    data = as_json(spec, result)
    how = result.method + (f", {result.runs} battles" if result.runs else "") + (", low luck" if spec.low_luck else "")
    head = (f"{spec.setup.title}: {'sea' if spec.at_sea else 'land'} battle, "
            f"{_units(spec.attacker)} attack {_units(spec.defender)} ({how})")
    if result.method_reason and result.method_reason != "exact":  # why this method, when it is not plain
        head += f"\nmethod: {result.method_reason}"
    outcome = [
        ["attacker wins", f"{100 * result.attacker_win:.2f}%",
         "" if spec.at_sea else f"takes the territory {100 * data['attacker_takes_territory']:.2f}%"],
        ["defender holds", f"{100 * (result.defender_win - data['stalemate']):.2f}%",
         f"attacker retreats {100 * data['attacker_retreats']:.2f}%" if data["attacker_retreats"] else ""],
        ["stalemate", f"{100 * data['stalemate']:.2f}%",
         "both sides keep units that cannot hurt each other" if data["stalemate"] else ""],
        ["both destroyed", f"{100 * result.draw:.2f}%", ""],
        ["average rounds", f"{result.rounds:.2f}", ""],
    ]
    sides = [[side, f"{data['ipc_lost'][side]['mean']:.1f} ± {data['ipc_lost'][side]['sd']:.1f}",
              _units(data["expected_survivors"][side])] for side in ("attacker", "defender")]
    return "\n".join([
        head, "", table(outcome, ["outcome", "probability", ""]), "",
        table(sides, ["side", "IPCs lost (mean ± sd)", "expected survivors"]),
        f"TUV swing (defender's loss - attacker's): {data['tuv_swing']:+.1f} IPCs", "", chart(result), "",
    ])


def check_plot_path(path: str) -> None:
    """Refuse a PNG that cannot be written (no matplotlib, a missing folder), before any work is done."""
    from pathlib import Path

    from aa_ref.core.errors import UsageError

    folder = Path(path).parent
    if not folder.is_dir():
        raise UsageError(f"--plot: {folder} is not a folder; create it first or write the picture elsewhere")
    if Path(path).is_dir():
        raise UsageError(f"--plot: {path} is a folder; name a PNG file")
    import importlib.util

    if importlib.util.find_spec("matplotlib") is None:
        raise UsageError("--plot needs matplotlib: pip install 'aa-ref[plot]'")


def plot(result: Result, path: str) -> None:
    """The outcome distribution as a PNG bar chart (needs the `plot` extra: matplotlib)."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        from aa_ref.core.errors import UsageError
        raise UsageError("--plot needs matplotlib: pip install 'aa-ref[plot]'") from None
    rows = distribution(result)
    fig, ax = plt.subplots(figsize=(8, 4))
    colours = {"attacker": "tab:red", "defender": "tab:blue", "draw": "grey", "stalemate": "tab:olive"}
    ax.bar([_label(r).strip() for r in rows], [100 * r["probability"] for r in rows],
           color=[colours[r["outcome"]] for r in rows])
    ax.tick_params(axis="x", labelrotation=60, labelsize=7)
    ax.set_xlabel("units left: attacker, defender, stalemate (attacker v defender)")
    ax.set_ylabel("probability (%)")
    stalemate = result.probability("stalemate")
    ax.set_title(f"attacker {100 * result.attacker_win:.1f}% - defender {100 * (result.defender_win - stalemate):.1f}% "
                 f"- stalemate {100 * stalemate:.1f}% - both {100 * result.draw:.1f}% ({result.method})")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
