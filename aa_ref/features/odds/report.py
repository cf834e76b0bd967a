"""Odds as a table, as JSON (`attacker_win`, `defender_win`, `draw`, `method`, ...) and as a
chart of the outcome distribution, in the terminal or as a PNG."""

from __future__ import annotations

from typing import Any

from tabulate import tabulate

from aa_ref.features.odds.battle import BattleSpec
from aa_ref.features.odds.outcome import Result

BAR = 40


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
    left (negative), or none on either side (0)."""
    bins: dict[int, float] = {}
    for e in result.endings:
        if e.how == "attacker":
            key = sum(e.attacker.values())
        elif e.how == "draw":
            key = 0
        else:
            key = -sum(e.defender.values())
        bins[key] = bins.get(key, 0.0) + e.probability
    return [{"survivors": k, "probability": p} for k, p in sorted(bins.items(), reverse=True)]


def chart(result: Result) -> str:
    rows = distribution(result)
    top = max((r["probability"] for r in rows), default=1.0) or 1.0
    lines = []
    for r in rows:
        k = r["survivors"]
        label = f"attacker {k:>3} left" if k > 0 else f"defender {-k:>3} left" if k < 0 else "nobody left    "
        lines.append(f"{label}  {'#' * max(1, round(BAR * r['probability'] / top)) if r['probability'] >= 0.0005 else ''}"
                     f" {100 * r['probability']:.1f}%")
    return "\n".join(lines)


def as_text(spec: BattleSpec, result: Result) -> str:
    data = as_json(spec, result)
    how = result.method + (f", {result.runs} battles" if result.runs else "") + (", low luck" if spec.low_luck else "")
    head = (f"{spec.setup.title}: {'sea' if spec.at_sea else 'land'} battle, "
            f"{_units(spec.attacker)} attack {_units(spec.defender)} ({how})")
    outcome = [
        ["attacker wins", f"{100 * result.attacker_win:.2f}%",
         "" if spec.at_sea else f"takes the territory {100 * data['attacker_takes_territory']:.2f}%"],
        ["defender holds", f"{100 * result.defender_win:.2f}%",
         f"attacker retreats {100 * data['attacker_retreats']:.2f}%" if data["attacker_retreats"] else ""],
        ["both destroyed", f"{100 * result.draw:.2f}%", ""],
        ["average rounds", f"{result.rounds:.2f}", ""],
    ]
    sides = [[side, f"{data['ipc_lost'][side]['mean']:.1f} ± {data['ipc_lost'][side]['sd']:.1f}",
              _units(data["expected_survivors"][side])] for side in ("attacker", "defender")]
    return "\n".join([
        head, "", tabulate(outcome, ["outcome", "probability", ""]), "",
        tabulate(sides, ["side", "IPCs lost (mean ± sd)", "expected survivors"]),
        f"TUV swing (defender's loss - attacker's): {data['tuv_swing']:+.1f} IPCs", "", chart(result), "",
    ])


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
    ax.bar([r["survivors"] for r in rows], [100 * r["probability"] for r in rows],
           color=["tab:red" if r["survivors"] > 0 else "tab:blue" if r["survivors"] < 0 else "grey" for r in rows])
    ax.set_xlabel("units left: attacker (right), defender (left)")
    ax.set_ylabel("probability (%)")
    ax.set_title(f"attacker {100 * result.attacker_win:.1f}% - defender {100 * result.defender_win:.1f}% "
                 f"- both {100 * result.draw:.1f}% ({result.method})")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
