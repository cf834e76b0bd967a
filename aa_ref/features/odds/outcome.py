"""The result of a battle computation: outcome probabilities and what each side keeps or loses."""

from __future__ import annotations

from dataclasses import dataclass, field

from aa_ref.games.axis_allies.model.setup import UnitCounts


@dataclass
class Ending:
    """One way the battle can end, with its probability."""

    probability: float
    attacker: UnitCounts
    defender: UnitCounts
    attacker_lost: int
    defender_lost: int
    how: str  # "attacker", "defender", "draw", "retreat", "stalemate"
    takes_territory: bool = False


@dataclass
class Result:
    method: str
    endings: list[Ending] = field(default_factory=list)
    rounds: float = 0.0
    runs: int | None = None
    method_reason: str = ""
    """Why this method: exact where the battle is a Markov chain the solvers hold, else the reason
    for Monte Carlo (asked for, or the states beyond the limit)."""

    def merge(self) -> None:
        """Endings with the same survivors, losses and outcome become one, most likely first."""
        merged: dict[tuple, Ending] = {}
        for e in self.endings:
            key = (e.how, tuple(sorted(e.attacker.items())), tuple(sorted(e.defender.items())),
                   e.attacker_lost, e.defender_lost)
            if key in merged:
                merged[key].probability += e.probability
            else:
                merged[key] = e
        self.endings = sorted(merged.values(), key=lambda e: -e.probability)

    def probability(self, how: str) -> float:
        return sum(e.probability for e in self.endings if e.how == how)

    @property
    def attacker_win(self) -> float:
        return self.probability("attacker")

    @property
    def draw(self) -> float:
        return self.probability("draw")

    @property
    def defender_win(self) -> float:
        """The defender holds: the attacker is destroyed, retreats, or cannot hurt the defence."""
        return self.probability("defender") + self.probability("retreat") + self.probability("stalemate")

    def expected(self, side: str) -> dict[str, float]:
        out: dict[str, float] = {}
        for ending in self.endings:
            for unit, n in getattr(ending, side).items():
                out[unit] = out.get(unit, 0.0) + ending.probability * n
        return out

    def lost(self, side: str) -> tuple[float, float]:
        """Mean and standard deviation of the IPC value a side loses."""
        values = [(e.probability, getattr(e, f"{side}_lost")) for e in self.endings]
        mean = sum(p * v for p, v in values)
        var = sum(p * (v - mean) ** 2 for p, v in values)
        return mean, var ** 0.5
