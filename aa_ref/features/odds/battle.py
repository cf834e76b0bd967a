"""What is being computed: the two sides, the kind of battle, the policies, and the
openings the first round may have (AA fire) as a weighted set of starting sides."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from math import comb

from aa_ref.features.odds.sides import OddsError, Side, default_order
from aa_ref.games.axis_allies.model.setup import Setup, UnitCounts, UnitType

RADAR = "radar"
SUBMARINE = "submarine"


ABBREVIATIONS = {
    "infantry": ["inf", "infs"], "artillery": ["art", "arty", "arts"], "tank": ["arm", "armor", "armour", "tnk", "tanks"],
    "mech_infantry": ["mech", "mec", "mechs", "mi"], "aa_gun": ["aa", "aaa", "aag", "aa guns"],
    "fighter": ["ftr", "fig", "ftrs", "figs"], "tactical_bomber": ["tac", "tacs", "tb"],
    "bomber": ["bmb", "bom", "bmbs", "stb"], "battleship": ["bb", "bbs", "bat"], "carrier": ["cv", "cvs", "acc", "car"],
    "cruiser": ["cru", "ca", "crs"], "destroyer": ["dd", "dds", "des", "dst"], "submarine": ["sub", "subs", "ss"],
    "transport": ["tra", "trn", "tt", "tp", "trans"], "industrial_complex": ["ic"],
    "major_industrial_complex": ["major"], "minor_industrial_complex": ["minor"],
}
"""The abbreviations players write (forums, TripleA's battle calculator) -> unit id; one applies only where the
edition has that unit (`aa` is an AA gun in the Anniversary and Global 1940, nothing in 1941)."""
_ABBREVIATED = {short: unit for unit, shorts in ABBREVIATIONS.items() for short in shorts}


def unit_name(setup: Setup, name: str) -> str | None:
    """A unit id of `setup` named as players write it: the setup's names and aliases, an abbreviation, a plural."""
    name = name.strip()
    found = setup.unit_names.get(name)
    if found is None and name.lower() in _ABBREVIATED and _ABBREVIATED[name.lower()] in setup.unit_types:
        found = _ABBREVIATED[name.lower()]
    if found is None and name.lower().endswith("s") and len(name) > 3:  # "3 tanks", "2 destroyers"
        found = unit_name(setup, name[:-1])
    return found


def parse_units(setup: Setup, text: str, what: str, hint: Callable[[str], str | None] | None = None) -> UnitCounts:
    """`"10 infantry, 3 artillery, 2 tank"` -> counts, with the setup's names, aliases and the usual abbreviations
    (`"10 inf, 3 art, 2 arm"`); `hint(name)` may say where an unknown name is a unit (another edition)."""
    out: UnitCounts = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        match = re.fullmatch(r"(\d+)\s*[x×]?\s+(.+)|(\d+)\s*[x×]?\s*([^\d\s].*)|(\D.*)", part)
        if not match:
            raise OddsError(f"{what}: cannot read '{part}'; write e.g. '3 infantry, 1 tank'")
        if match.group(1):
            n, name = int(match.group(1)), match.group(2)
        elif match.group(3):
            n, name = int(match.group(3)), match.group(4)
        else:
            n, name = 1, match.group(5)
        unit = unit_name(setup, name)
        if unit is None:
            raise OddsError(f"{what}: {_unknown(setup, name.strip(), hint)}")
        out[unit] = out.get(unit, 0) + n
    if not out:
        raise OddsError(f"{what}: no units given")
    return out


def _unknown(setup: Setup, name: str, hint: Callable[[str], str | None] | None) -> str:
    elsewhere = hint(name) if hint else None
    if elsewhere:
        return f"no unit '{name}' in {setup.title}; {elsewhere}"
    return setup.unit_names.unknown_message(name)


def parse_order(setup: Setup, text: str | None, what: str, hint: Callable[[str], str | None] | None = None) -> list[str] | None:
    """An order of loss, `"infantry, artillery, tank"`, with the setup's names; None if not given."""
    if text is None:
        return None
    out = []
    for name in filter(None, (p.strip() for p in text.split(","))):
        unit = unit_name(setup, name)
        if unit is None:
            raise OddsError(f"{what}: {_unknown(setup, name, hint)}")
        out.append(unit)
    return out


def profiles_for(setup: Setup, techs: frozenset[str]) -> dict[str, UnitType]:
    """Unit profiles with the technologies' changes (as `Board.profile` does for a power)."""
    out = dict(setup.unit_types)
    for tech in sorted(techs):  # one order in every run (as the referee's engine: `odds.referee` sorts them)
        for unit, changes in setup.technologies[tech].units.items():
            out[unit] = out[unit].model_copy(update=changes)
    return out


@dataclass
class Opening:
    """A way the battle can start: its probability, the sides after AA fire, and the defenders
    hit by bombardment (they still fire in the first round, then are removed [@78253])."""

    weight: float
    attacker: Side
    defender: Side
    bombarded: int = 0


@dataclass
class BattleSpec:
    setup: Setup
    attacker: UnitCounts
    defender: UnitCounts
    at_sea: bool
    attacker_techs: frozenset[str] = frozenset()
    defender_techs: frozenset[str] = frozenset()
    attacker_order: list[str] | None = None
    defender_order: list[str] | None = None
    retreat_after: int | None = None
    retreat_below: int | None = None
    keep_land: bool = False
    low_luck: bool = False
    retreat_chance: float | None = None
    """The attacker retreats when its chance to win falls below this (0-1)."""
    bombard: UnitCounts = field(default_factory=dict)
    """Ships bombarding before an amphibious landing."""
    seaborne: UnitCounts = field(default_factory=dict)
    """Attacking land units landed from transports: they never retreat [L519], [@79940]."""
    submerge: bool = False
    """Both sides' submarines submerge whenever they may, instead of striking [@131126]."""
    pending: tuple | None = None
    """(game, battle) when the battle is one waiting in a game file and is fought by the referee."""
    fitted: BattleSpec | None = None
    """A pending battle written as the exact chain's spec (bombardment and seaborne units read from
    the game), when the chain holds it; else `unfitted` says why not."""
    unfitted: str = ""
    _no_aa: bool = False
    """A continuation after the first round: AA guns have already fired [@113180]."""

    def check(self) -> None:
        """Refuse what the rules or the calculator do not allow, with the reason."""
        for units, side in ((self.attacker, "attacker"), (self.defender, "defender")):
            for unit in units:
                domain = self.setup.unit_types[unit].domain
                if self.at_sea and domain == "land":
                    raise OddsError(f"{side}: {unit} cannot fight in a sea battle (land units are cargo at sea)")
                if not self.at_sea and domain == "sea":
                    raise OddsError(f"{side}: {unit} cannot fight in a land battle; use --sea for a sea battle")
        self._check_attackers()
        self._check_amphibious()
        for techs in (self.attacker_techs, self.defender_techs):
            unknown = sorted(techs - set(self.setup.technologies))
            if unknown:
                raise OddsError(f"unknown technology {', '.join(unknown)} for {self.setup.title}")

    def needs_referee(self) -> bool:
        """Submarines that submerge (they leave the battle at a moment that depends on the
        destroyers), or submarines facing aircraft: a hit's target depends on the unit that scored it (aircraft
        hit submarines only with a destroyer, submarines never hit aircraft [L571, L603],
        [@133774], [@130885]), which the one-number state per side cannot follow."""
        air = {side: any(self.setup.unit_types[u].domain == "air" for u in units)
               for side, units in (("attacker", self.attacker), ("defender", self.defender))}
        facing = (self.attacker.get(SUBMARINE) and air["defender"]) or (self.defender.get(SUBMARINE) and air["attacker"])
        submerging = self.submerge and (self.attacker.get(SUBMARINE) or self.defender.get(SUBMARINE))
        return bool(facing or submerging)

    def seaborne_left(self, alive: UnitCounts) -> UnitCounts:
        """The seaborne units among the attacker's survivors: of each type, seaborne units are
        lost before overland ones (1941 ruling 10)."""
        out = {}
        for unit, n in self.seaborne.items():
            left = min(n, max(0, alive.get(unit, 0) - (self.attacker.get(unit, 0) - n)))
            if left:
                out[unit] = left
        return out

    def fight_on(self, seaborne: UnitCounts, defender: UnitCounts) -> BattleSpec:
        """The battle the seaborne units fight alone after the others retreat: no retreat, no
        new AA fire or bombardment (both belong to the first round)."""
        return replace(self, attacker=seaborne, defender={**defender, **{u: n for u, n in self.defender.items()
                                                                           if not self.setup.unit_types[u].combatant}},
                       retreat_after=None, retreat_below=None, retreat_chance=None, bombard={}, seaborne={},
                       attacker_order=None, keep_land=False, _no_aa=True)

    def _check_attackers(self) -> None:
        """Units that never attack: an AA gun moves only in the Noncombat Move, an industrial complex (any
        installation) never moves; in a battle they are the defender's."""
        g40 = self.setup.ruleset == "global1940"
        for unit in self.attacker if self.pending is None else ():
            profile = self.setup.unit_types[unit]
            name = unit.replace("_", " ").replace("aa gun", "AA gun")
            if profile.installation:
                rule = "G40 installations never move [L1177]" if g40 else "Anniversary industrial complex [@115016]"
                raise OddsError(f"--attacker: an {name} cannot attack: it never moves ({rule}); give it to the defender")
            if profile.noncombat_only:
                rule = ("G40 AA artillery moves only in the Noncombat Move [L1334]" if g40
                        else "Anniversary AA gun [@112929]")
                raise OddsError(f"--attacker: an {name} cannot attack: it moves only in the Noncombat Move ({rule}); "
                                "give it to the defender")

    def _check_amphibious(self) -> None:
        """Bombarding ships and seaborne units: a land battle, real attackers, ships that may
        bombard, at most one per land unit landed from transports (ruling A16) [@77727]."""
        if not (self.bombard or self.seaborne):
            return
        if self.at_sea:
            raise OddsError("bombardment and seaborne units belong to the land battle of an amphibious assault")
        for unit, n in self.seaborne.items():
            if self.setup.unit_types[unit].domain != "land" or n > self.attacker.get(unit, 0):
                raise OddsError(f"--seaborne: {n} {unit} are not among the attacking land units")
        for unit in self.bombard:
            if not self.setup.unit_types[unit].bombard:
                raise OddsError(f"--bombard: {unit} cannot bombard in {self.setup.title}")
        if sum(self.bombard.values()) > sum(self.seaborne.values()):
            raise OddsError(f"--bombard: at most one ship per land unit landed from transports "
                            f"({sum(self.seaborne.values())} seaborne) [@77727]")

    def sides(self) -> tuple[Side, Side]:
        att = Side(self.attacker, profiles_for(self.setup, self.attacker_techs), True, self.attacker_techs,
                   self.attacker_order or default_order(self.setup, self.attacker, True), self.keep_land)
        dfn = Side(self.defender, profiles_for(self.setup, self.defender_techs), False, self.defender_techs,
                   self.defender_order or default_order(self.setup, self.defender, False))
        return att, dfn

    def bombardment(self) -> list[float]:
        """P(k hits) of the shore bombardment before the land battle: one die per ship at its
        bombard value [@77405]-[@78253]."""
        pmf = [1.0]
        for unit, n in self.bombard.items():
            p = self.setup.unit_types[unit].bombard / 6
            for _ in range(n):
                pmf = [(pmf[k] if k < len(pmf) else 0) * (1 - p) + (pmf[k - 1] * p if k else 0) for k in range(len(pmf) + 1)]
        return pmf

    def openings(self) -> list[Opening]:
        """The AA fire openings, each with every bombardment outcome."""
        out = []
        for weight, att, dfn in self._aa_openings():
            for hits, p in enumerate(self.bombardment()):
                if p:
                    out.append(Opening(weight * p, att, dfn, hits))
        return out

    def _aa_openings(self) -> list[tuple[float, Side, Side]]:
        """(probability, attacker, defender) after the first round's AA fire: in a land battle one
        defending AA gun fires one die per attacking aircraft, type by type, hitting on its AA value
        (2 with Radar) [@112707]-[@115016] (rulings A3, X3). Without AA fire, one opening."""
        att, dfn = self.sides()
        gun = max((dfn.profiles[u].anti_aircraft for u in self.defender if dfn.profiles[u].anti_aircraft), default=0)
        if RADAR in self.defender_techs and gun:
            gun = max(gun, 2)
        aircraft = {u: n for u, n in self.attacker.items() if att.profiles[u].domain == "air"}
        if self.at_sea or not gun or not aircraft or self._no_aa:
            return [(1.0, att, dfn)]
        limited = {u: n for u, n in self.defender.items() if dfn.profiles[u].anti_aircraft_shots}
        if limited and all(u in limited and not dfn.profiles[u].defense for u in self.defender):
            return [(1.0, att, dfn)]  # AA guns alone are destroyed with no combat and no AA fire [G40 L916]
        if limited:
            return self._limited_aa_openings(att, dfn, aircraft, limited, gun)
        out = []
        kinds = sorted(aircraft, key=list(self.setup.unit_types).index)
        for shot in itertools.product(*(range(aircraft[u] + 1) for u in kinds)):
            weight = 1.0
            for unit, k in zip(kinds, shot):
                weight *= _shot_chance(aircraft[unit], k, gun, self.low_luck)
            if not weight:
                continue
            left = dict(self.attacker)
            for unit, k in zip(kinds, shot):
                left[unit] -= k
            left = {u: n for u, n in left.items() if n}
            out.append((weight, replace(att, units=left), dfn))
        return out


    def _limited_aa_openings(self, att: Side, dfn: Side, aircraft: UnitCounts, guns: UnitCounts,
                             gun: int) -> list[tuple[float, Side, Side]]:
        """Global 1940 AA fire [G40 L1340-L1342] as the referee fires it (`aa_fire.limited_volley`):
        every gun rolls at most its `anti_aircraft_shots` dice, one per attacking aircraft, and the
        attacker loses the aircraft its order of loss names first, else the cheapest."""
        shots = sum(n * (dfn.profiles[u].anti_aircraft_shots or 1) for u, n in guns.items())
        dice = min(shots, sum(aircraft.values()))
        order = [u for u in att.order if u in aircraft]
        order += sorted((u for u in aircraft if u not in order), key=lambda u: (att.profiles[u].cost, u))
        out = []
        for k in range(dice + 1):
            weight = _shot_chance(dice, k, gun, self.low_luck)
            if not weight:
                continue
            left, lost = dict(self.attacker), k
            for unit in order:
                take = min(lost, left[unit])
                left[unit] -= take
                lost -= take
            out.append((weight, replace(att, units={u: n for u, n in left.items() if n}), dfn))
        return out


def _shot_chance(n: int, k: int, gun: int, low_luck: bool) -> float:
    """P(k of n aircraft shot down by dice hitting on `gun`): binomial, or with low luck the
    sure hits of n x gun / 6 and one die for the remainder."""
    if low_luck:
        sure, rest = divmod(n * gun, 6)
        return 1 - rest / 6 if k == sure else rest / 6 if k == sure + 1 else 0.0
    p = gun / 6
    return comb(n, k) * p ** k * (1 - p) ** (n - k)
