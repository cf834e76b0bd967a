"""Monte Carlo through the referee's own battle engine (`aa_ref.games.axis_allies.rules.battle.Fight`), for the
battles the fast state model cannot represent: submarines facing aircraft, where a hit's
target depends on what scored it, and submarines that submerge. Slower (hundreds of battles per second), but every rule is
the referee's, because it is the referee's code that fights each battle."""

from __future__ import annotations

from collections.abc import Callable

from aa_ref.core.dice import SeededDice
from aa_ref.core.session import ruleset_for
from aa_ref.features.odds.battle import BattleSpec
from aa_ref.features.odds.outcome import Ending, Result
from aa_ref.features.odds.sides import OddsError, default_order
from aa_ref.games.axis_allies.model.setup import UnitCounts
from aa_ref.games.axis_allies.model.state import Battle, Force, Game, RetreatPolicy, SpaceState, Standing
from aa_ref.games.axis_allies.rules.battle import Fight
from aa_ref.games.axis_allies.rules.battle_sites import NavalRules
from aa_ref.games.axis_allies.rules.board import Board
from aa_ref.games.axis_allies.rules.context import Context

DEFAULT_RUNS = 2_000


def unsupported(spec: BattleSpec) -> list[str]:
    """Options the referee-engine method does not take."""
    named = {"--retreat-chance": spec.retreat_chance is not None, "--low-luck": spec.low_luck,
             "--keep-land": spec.keep_land, "--bombard/--seaborne": bool(spec.bombard or spec.seaborne)}
    return [name for name, given in named.items() if given]


def simulate(spec: BattleSpec, runs: int, seed: str,
             progress: Callable[[int, int], None] | None = None) -> Result:
    """`runs` battles fought by the referee, each with its own seeded dice."""
    left = unsupported(spec)
    if left:
        raise OddsError(f"with submarines facing aircraft the battle is fought by the referee's engine, which does "
                        f"not take {', '.join(left)} yet")
    arena = _Arena(spec)
    result = Result(method="monte carlo (referee engine)", runs=runs)
    for i in range(runs):
        ending, rounds = arena.fight(SeededDice(f"{seed}/{i}"))
        ending.probability = 1.0  # counted, then divided once merged
        result.endings.append(ending)
        result.rounds += rounds / runs
        if progress is not None:
            progress(i + 1, runs)
    result.merge()
    for ending in result.endings:
        ending.probability /= runs
    return result


class _Arena:
    """A board with one battle space, the attacker's units in it and a space to retreat to."""

    def __init__(self, spec: BattleSpec) -> None:
        self.spec = spec
        setup = spec.setup
        self.attacker = setup.turn_order[0]
        self.defender = next(p for p in setup.turn_order if not setup.allied(self.attacker, p))
        kind = "sea" if spec.at_sea else "land"
        self.space, self.fallback = _spaces(spec, kind)
        self.naval = _naval(spec)

    def start(self) -> Game:
        setup, spec = self.spec.setup, self.spec
        game = Game(kind="game", schema_version=1, setup=setup.id, seed="odds", round=1, power=self.attacker,
                    phase="conduct_combat", powers={}, spaces={}, log={"file": "odds"},
                    at_war=[sorted([self.attacker, self.defender])])  # with a war matrix (Global 1940) [G40 L722]
        from aa_ref.games.axis_allies.model.state import PowerState

        for power, units, techs in ((self.attacker, spec.attacker, spec.attacker_techs),
                                    (self.defender, spec.defender, spec.defender_techs)):
            order = (spec.attacker_order if power == self.attacker else spec.defender_order) or \
                default_order(setup, units, power == self.attacker)
            # Two-hit units take their free damage first, as in the fast model: a type listed
            # twice in the referee's order of loss means damage, then sinking [L903].
            order = [u for u in units if setup.unit_types[u].hits > 1] + order
            game.powers[power] = PowerState(treasury=0, technologies=sorted(techs),
                                            standing=Standing(order_of_loss=order, submerge=spec.submerge))
        for power in setup.powers:
            game.powers.setdefault(power, PowerState(treasury=0))
        land = not spec.at_sea
        game.spaces[self.space] = SpaceState(owner=self.defender if land else None, forces=[
            Force(power=self.attacker, units=dict(spec.attacker), combat=True),
            Force(power=self.defender, units=dict(spec.defender))])
        game.spaces[self.fallback] = SpaceState(owner=self.attacker if land else None)
        return game

    def fight(self, dice: SeededDice) -> tuple[Ending, int]:
        spec = self.spec
        game = self.start()
        ctx = Context(spec.setup, game, dice)
        retreat = RetreatPolicy(to=self.fallback, after_round=spec.retreat_after, below=spec.retreat_below) \
            if spec.retreat_after or spec.retreat_below else RetreatPolicy()
        battle = Battle(space=self.space, attacker=self.attacker, kind="sea" if spec.at_sea else "land",
                        came_from=[self.fallback], retreat=retreat, submerge=spec.submerge)
        fight = Fight(Board(spec.setup, ctx.game), battle, ctx, self.naval)
        if fight.run() is not None:
            raise OddsError("the referee's engine stopped for a decision the odds policies do not answer")
        return self._ending(ctx.game, fight.battle), fight.battle.round

    def _ending(self, game: Game, battle: Battle) -> Ending:
        spec = self.spec
        att = {u: n for u, n in _units(game, self.attacker).items()
               if spec.setup.unit_types[u].combatant}  # a captured AA gun is not a survivor
        dfn = {u: n for u, n in _units(game, self.defender, self.space).items()
               if spec.setup.unit_types[u].combatant}
        retreated = any(f.retreated for s in game.spaces.values() for f in s.forces if f.power == self.attacker)
        deep = battle.submerged  # submerged submarines left the battle [L565]: who won is read without them
        how = _outcome(_without_subs(att, deep.get(self.attacker, 0)), _without_subs(dfn, deep.get(self.defender, 0)),
                       retreated, bool(att), bool(dfn))  # air units that retreat stay in the space [L643], marked
        takes = how == "attacker" and not spec.at_sea and game.owner(self.space) == self.attacker
        return Ending(0.0, att, dfn, _cost(spec, spec.attacker) - _cost(spec, att),
                      _cost(spec, {u: n for u, n in spec.defender.items() if spec.setup.unit_types[u].combatant})
                      - _cost(spec, dfn), how, takes)


def _naval(spec: BattleSpec) -> NavalRules:
    """The edition's naval rules (its ruleset's `naval` hook): the battle is fought as the referee fights it."""
    return ruleset_for(spec.setup).naval


def _spaces(spec: BattleSpec, kind: str) -> tuple[str, str]:
    """A space of the battle's kind and a neighbour of the same kind to retreat to."""
    for name, space in spec.setup.spaces.items():
        if space.kind != kind or space.neutral or space.island:
            continue
        for other in space.adjacent:
            near = spec.setup.spaces[other]
            if near.kind == kind and not near.neutral:
                return name, other
    raise OddsError(f"no {kind} space with a neighbour on this board")


def _units(game: Game, power: str, space: str | None = None) -> UnitCounts:
    out: UnitCounts = {}
    for name, state in game.spaces.items():
        if space is not None and name != space:
            continue
        for force in state.forces:
            if force.power == power:
                for unit, n in force.units.items():
                    out[unit] = out.get(unit, 0) + n
    return out


def _cost(spec: BattleSpec, units: UnitCounts) -> int:
    return sum(spec.setup.unit_types[u].cost * n for u, n in units.items())


def simulate_pending(spec: BattleSpec, runs: int, seed: str,
                     progress: Callable[[int, int], None] | None = None) -> Result:
    """A battle waiting in a game file, fought `runs` times by the referee on copies of that game:
    every rule of the real battle applies (amphibious landing, bombardment, seaborne units that
    cannot retreat). Choices come from the powers' standing orders, else the calculator's policies."""
    left = unsupported(spec)
    if left:
        raise OddsError(f"a pending amphibious assault is fought by the referee's engine, which does not take "
                        f"{', '.join(left)} yet")
    setup, game, battle = spec.setup, spec.pending[0], spec.pending[1]
    game = _with_policies(spec, game)
    battle = battle.model_copy(update={"retreat": battle.retreat or _retreat_policy(spec)})
    powers = [battle.attacker, *Board(setup, game).enemy_powers(battle.space, battle.attacker)]
    before = {p: _everywhere(game, p) for p in powers}
    naval = _naval(spec)
    result = Result(method="monte carlo (referee engine, this game)", runs=runs)
    for i in range(runs):
        copy = game.model_copy(deep=True)
        ctx = Context(setup, copy, SeededDice(f"{seed}/{i}"))
        fight = Fight(Board(setup, copy), battle.model_copy(deep=True), ctx, naval)
        if fight.run() is not None:
            raise OddsError("the referee's engine stopped for a decision the odds policies do not answer")
        result.endings.append(_pending_ending(spec, copy, battle, before))
        result.rounds += fight.battle.round / runs
        if progress is not None:
            progress(i + 1, runs)
    result.merge()
    for ending in result.endings:
        ending.probability /= runs
    return result


def _with_policies(spec: BattleSpec, game: Game) -> Game:
    """The game with an order of loss and a submarine policy for every power that has none."""
    game = game.model_copy(deep=True)
    for name, power in game.powers.items():
        units = {u: 1 for u in spec.setup.unit_types}
        standing = power.standing
        power.standing = standing.model_copy(update={
            "order_of_loss": standing.order_of_loss or default_order(spec.setup, units, name == game.power),
            "submerge": standing.submerge if standing.submerge is not None else spec.submerge,
        })
    return game


def _retreat_policy(spec: BattleSpec) -> RetreatPolicy:
    return RetreatPolicy(after_round=spec.retreat_after, below=spec.retreat_below)


def _everywhere(game: Game, power: str) -> UnitCounts:
    """A power's units in every space, cargo included."""
    out: UnitCounts = {}
    for state in game.spaces.values():
        for force in state.forces:
            for owner, units in [(force.power, force.units), *force.cargo.items()]:
                if owner == power:
                    for unit, n in units.items():
                        out[unit] = out.get(unit, 0) + n
    return out


def _pending_ending(spec: BattleSpec, game: Game, battle: Battle, before: dict[str, UnitCounts]) -> Ending:
    lost: dict[str, UnitCounts] = {}
    for power, units in before.items():
        after = _everywhere(game, power)
        lost[power] = {u: n - after.get(u, 0) for u, n in units.items() if n > after.get(u, 0)}
    att_lost = lost.pop(battle.attacker)
    dfn_lost: UnitCounts = {}
    for units in lost.values():
        for unit, n in units.items():
            dfn_lost[unit] = dfn_lost.get(unit, 0) + n
    att = {u: n - att_lost.get(u, 0) for u, n in spec.attacker.items() if n > att_lost.get(u, 0)}
    dfn = {u: n - dfn_lost.get(u, 0) for u, n in spec.defender.items()
           if n > dfn_lost.get(u, 0) and spec.setup.unit_types[u].combatant}
    retreated = any(f.retreated for s in game.spaces.values() for f in s.forces if f.power == battle.attacker)
    how = _outcome(att, dfn, retreated)
    takes = how == "attacker" and not spec.at_sea and Board(spec.setup, game).allied(battle.attacker, game.owner(battle.space) or "")
    return Ending(1.0, att, dfn, _cost(spec, att_lost), _cost(spec, dfn_lost), how, takes)


def _without_subs(units: UnitCounts, n: int) -> UnitCounts:
    left = {**units, "submarine": units.get("submarine", 0) - n}
    return {u: k for u, k in left.items() if k > 0}


def _outcome(attacker: UnitCounts, defender: UnitCounts, retreated: bool,
             attacker_left: bool | None = None, defender_left: bool | None = None) -> str:
    """How a fought battle ended, from what is left of each side in the battle (as the referee concludes
    [L617-L621]); when neither side has a unit in it, from what survives (submerged submarines)."""
    if not defender:
        if not attacker:
            att, dfn = bool(attacker_left), bool(defender_left)
            return "stalemate" if att and dfn else "attacker" if att else "defender" if dfn else "draw"
        return "retreat" if retreated else "attacker"
    if not attacker:
        return "defender"
    return "retreat" if retreated else "stalemate"
