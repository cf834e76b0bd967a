"""One battle, fought round by round as a sequence of steps that can stop for a decision.

The general combat sequence [L537-L653]: set up, submarine step (sea only), attacker
fires, defender fires, remove the defender's casualties, press on or retreat, conclude.
Where a step needs a choice that neither the battle's orders nor the power's standing
orders settle, the fight stops and returns a `Decision`; its progress (round, step, hits
waiting to be assigned, submerged submarines, seaborne units) is kept in the `Battle`
so that `Fight.run` goes on from there once the answer is applied.

Who fights. The attacker's units in the battle space fight: those that moved in, its
ships already in the zone and, PROPOSED, every other unit of the attacking power there
(a unit cannot be in a battle space without taking part). Units that retreated this turn
do not fight again. The attacker's allies never fight, are never casualties and do not
cancel submarines [L461, L557]. Every enemy unit in the space defends together
[L469]. Cargo never fights and dies with its ship [L451, L555, L977]. An ally's fighters
riding a carrier as cargo take off before a sea battle in their zone: to attack in their
owner's turn, to defend when the carrier's side is attacked [L915], [L919] (ruling 17,
`guests`).

Casualties are removed as soon as they are assigned; the defender's casualties of step 3
(and its submarines hit by a surprise strike) are kept in `still_fire` and still fire in
step 4 (step 2) [L571, L583, L599], which gives the same result as the casualty line.
Which units are present (destroyers for submarines and air units) is read at the start
of each round: changes take effect from the next round [L611].

PROPOSED rulings (the rulebook leaves the choice to a player; we fix it so nothing is
guessed silently, and write it in the battle's notes):
- Multinational defence [L469]: the *lead defender* chooses the casualties with its
  standing order of loss: the territory's controller if it has units in the battle,
  otherwise the first defending power in turn order. Among units of one type its own are
  lost first, then its allies' in turn order.
- Among identical units the one that has spent most movement is lost first; among
  transports the one with the least cargo (by cost) first; seaborne land units are lost
  before overland ones (they could not retreat anyway) [L519].
- Submarines declare strike or submerge per power, all of a power's submarines alike.
- Termination guard (digest §4.3): when no unit of either side can hit the other, the
  battle ends and every unit stays where it is. The rulebooks say it for one case, a sea
  battle where both sides are left with transports only: the attacker's transports stay or
  retreat under Condition B [L623] (Anniversary [@86943], Global 1940 [G40 L991]); the
  retreat is offered as after any round, and 'stay' ends the battle.

Editions differ on attacking transports that cannot retreat: undefended and destroyed in 1941
[L629] and Global 1940 [G40 L1011]; never undefended in the Anniversary [@83130], where the
defence fires at them round by round (the ruleset's `naval` hook, `NavalRules`).

Anniversary additions, all driven by the unit profiles and the powers' technologies
(`Board.profile`): before the first round, shore bombardment (`bombard`, [@77405]) and
AA fire (`aa_fire`, [@113180]); units with `combatant: false` (AA guns) never roll and are
never casualties, and a defence made only of them does not fight (ruling A2); attacking
units with `support` raise the units they support one for one, two with Advanced
Artillery [@110541], [@54971]; attacking bombers roll two dice with Heavy Bombers
[@57805]; bombers on a strategic bombing raid in the space stay out of its battle [@76187].
"""

from __future__ import annotations

from collections.abc import Iterable

from aa_ref.core.copies import deep_copy
from aa_ref.core.dice import Volley as TableVolley
from aa_ref.core.engine import Context
from aa_ref.games.axis_allies.model.events import AddUnits, RemoveUnits
from aa_ref.games.axis_allies.model.setup import UnitCounts, UnitType
from aa_ref.games.axis_allies.model.state import Battle, Decision, Force
from aa_ref.games.axis_allies.rules import bombard
from aa_ref.games.axis_allies.rules.aa_fire import aa_volley, aircraft, firing_gun, has_shots, limited_volley, only_guns
from aa_ref.games.axis_allies.rules.naval import NAVAL_1941, NavalRules
from aa_ref.games.axis_allies.rules.board import CAPTURING_UNITS, CARRIER_ROOM, Board, add_counts, total
from aa_ref.games.axis_allies.rules.capture import capture
from aa_ref.games.axis_allies.rules.casualties import HitRules, Targets, Volley, hit_kind
from aa_ref.games.axis_allies.rules.damaged_carriers import grounded_planes
from aa_ref.games.axis_allies.rules.firepower import FireGroup, fire_groups, fire_labels
from aa_ref.games.axis_allies.rules.guests import launch_guests

ATTACKER, DEFENDER = "attacker", "defender"

TAKES_HITS = {
    "bombard_assign": DEFENDER,
    "strike_attack_assign": DEFENDER,
    "strike_defense_assign": ATTACKER,
    "attack_assign": DEFENDER,
    "defense_assign": ATTACKER,
}
"""Which side takes the hits waiting at each assignment step."""

AFTER = {
    "bombard_assign": "anti_aircraft",
    "strike_attack_assign": "strike_defense",
    "strike_defense_assign": "attack",
    "attack_assign": "defense",
    "defense_assign": "press",
}


def fmt(units: UnitCounts) -> str:
    """'2 infantry, 1 tank' (or 'nothing')."""
    return ", ".join(f"{n} {u}" for u, n in units.items() if n) or "nothing"


def _minus(a: UnitCounts, b: UnitCounts) -> UnitCounts:
    """`a - b`, never below zero."""
    return {u: n - b.get(u, 0) for u, n in a.items() if n - b.get(u, 0) > 0}


def _copies(forces: list[Force]) -> list[Force]:
    """Forces to work from while events change the live ones."""
    return [deep_copy(f) for f in forces]


class Fight:
    """One battle on one game. Queries need only the board; steps need a context to emit events."""

    def __init__(self, board: Board, battle: Battle, ctx: Context | None = None,
                 naval: NavalRules = NAVAL_1941) -> None:
        self.board = board
        self.battle = battle
        self.ctx = ctx
        self.naval = naval  # the ruleset's `naval` hook: are attacking transports that cannot retreat undefended?
        self.rules = HitRules(board.setup.unit_types)

    # ======================================================================
    # Queries
    # ======================================================================
    @property
    def space(self) -> str:
        return self.battle.space

    @property
    def attacker(self) -> str:
        return self.battle.attacker

    @property
    def at_sea(self) -> bool:
        return self.battle.kind == "sea"

    def defending_powers(self) -> list[str]:
        """Enemy powers with units in the space, in turn order [L469]."""
        return self.board.enemy_powers(self.space, self.attacker)

    def forces(self, power: str) -> list[Force]:
        """Copies of a power's forces in the battle (the attacker's: not those that retreated this turn)."""
        return [deep_copy(f) for f in self.board.forces(self.space, power)
                if not (power == self.attacker and f.retreated)]

    def power_units(self, power: str) -> UnitCounts:
        """A power's units in the battle: its forces, less submerged submarines [L565], less units
        that never fight (AA guns, industrial complexes [@112707], [@115016]) and, for the
        attacker, less its bombers on a strategic bombing raid here [@76187]."""
        units: UnitCounts = {}
        for force in self.forces(power):
            units = add_counts(units, {u: n for u, n in force.units.items() if self.fights(u)})
        units = _minus(units, self.battle.grounded.get(power, {}))  # aboard a damaged carrier: cargo [G40 L1506]
        if power == self.attacker:
            units = _minus(units, self.raiders())
        return _minus(units, {"submarine": self.battle.submerged.get(power, 0)})

    def fights(self, unit: str) -> bool:
        """Units with `combatant: false` never roll in combat and are never casualties [@114710]."""
        profile = self.board.unit(unit)
        return profile.combatant and not profile.installation

    def raiders(self) -> UnitCounts:
        """The attacker's bombers in this space that made a strategic bombing raid: they take part
        in no other combat this turn [@76187]."""
        out: UnitCounts = {}
        for b in self.board.game.turn.battles:
            if b.kind == "bombing" and b.space == self.space and b.attacker == self.attacker:
                out = add_counts(out, b.raiders)
        return out

    def side_powers(self, side: str) -> list[str]:
        if side == ATTACKER:
            return [self.attacker]
        lead = self.lead_defender()
        return ([lead] if lead else []) + [p for p in self.defending_powers() if p != lead]

    def units(self, side: str) -> UnitCounts:
        out: UnitCounts = {}
        for power in self.side_powers(side):
            out = add_counts(out, self.power_units(power))
        return out

    def targets(self, side: str) -> Targets:
        damage: UnitCounts = {}
        for power in self.side_powers(side):
            for force in self.forces(power):
                damage = add_counts(damage, force.damage())
        return Targets(self.units(side), damage.get("battleship", 0),
                       {u: n for u, n in damage.items() if u != "battleship"})

    def lead_defender(self) -> str | None:
        """The defending power that assigns the defence's casualties (PROPOSED, see module doc)."""
        powers = [p for p in self.defending_powers() if self.power_units(p)]
        owner = self.board.owner(self.space)
        if owner in powers:
            return owner
        return powers[0] if powers else None

    def chooser(self, side: str) -> str | None:
        return self.attacker if side == ATTACKER else self.lead_defender()

    def value(self, side: str, unit: str) -> int:
        """Attack value for the attacker, defence value for the defender [L551]."""
        profile = self.profile(side, unit)
        return profile.attack if side == ATTACKER else profile.defense

    def profile(self, side: str, unit: str) -> UnitType:
        """A unit's profile with its power's technologies (Jet Fighters, Super Submarines
        [@57390]). A defence of several powers reads the profile of the first one with units of
        that type (no technology changes a defence)."""
        if side == ATTACKER:
            return self.board.profile(self.attacker, unit)
        powers = [p for p in self.side_powers(DEFENDER) if self.power_units(p).get(unit)] or self.side_powers(DEFENDER)
        return self.board.profile(powers[0], unit) if powers else self.board.unit(unit)

    def has_destroyer(self, side: str) -> bool:
        """A destroyer of the side in the battle: for the attacker only its own (allies do not take
        part [L935, L461]); for the defence any defending power's (digest §9 #9) [L469]."""
        return self.units(side).get("destroyer", 0) > 0

    def volley(self, side: str) -> Volley:
        """The hits waiting for `side` to take, scored by the other side."""
        firing_destroyer = self.battle.defender_destroyer if side == ATTACKER else self.battle.attacker_destroyer
        return Volley.of(self.battle.hits, self.board.setup.unit_types, firing_destroyer)

    def can_hit(self, firing: str, targets: UnitCounts) -> bool:
        """True if an armed unit of the firing side could hit one of `targets`, with the destroyers
        present now (they decide the next round [L611])."""
        armed = {u: n for u, n in self.units(firing).items() if self.value(firing, u) > 0}
        kinds = {hit_kind(u, self.board.setup.unit_types): 1 for u in armed}
        volley = Volley(kinds, self.has_destroyer(firing))
        return any(self.rules.can_take(t, volley) for t, n in targets.items() if n)

    def order_of_loss(self, side: str) -> list[str] | None:
        """The battle's orders, else the chooser's standing order of loss."""
        if side == ATTACKER and self.battle.order_of_loss is not None:
            return self.battle.order_of_loss
        chooser = self.chooser(side)
        return self.board.game.powers[chooser].standing.order_of_loss if chooser else None

    def retreaters(self) -> tuple[UnitCounts, UnitCounts]:
        """Attacking units that could retreat: land and sea units, air units. Seaborne land
        units never retreat [L519]."""
        units = _minus(self.units(ATTACKER), self.battle.seaborne)
        movers = {u: n for u, n in units.items() if self.board.domain(u) != "air"}
        air = {u: n for u, n in units.items() if self.board.domain(u) == "air"}
        return movers, air

    def destinations(self) -> list[str]:
        """Where retreating land and sea units may go: a friendly space next to the battle from
        which attacking units came [L519, L637]; for ships, one also friendly at the start of the
        turn [L637]. PROPOSED: it must be adjacent (digest §4.6)."""
        out = []
        for place in self.battle.came_from:
            if place in out or not self.board.adjacent(self.space, place):
                continue
            if self.at_sea:
                if self.board.is_sea(place) and not self.board.is_hostile_sea(place, self.attacker) \
                        and not self._was_hostile(place):
                    out.append(place)
            elif self.board.is_friendly_territory(place, self.attacker):
                out.append(place)
        return out

    def _was_hostile(self, zone: str) -> bool:
        """A zone whose enemy warships were sunk in a battle this turn was hostile at its start."""
        return any(b.space == zone and b.hostile_at_start for b in self.board.game.turn.battles)

    def retreat_options(self) -> list[str]:
        """Legal answers to a retreat: destinations for land and sea units, or the battle space
        itself when only air units retreat (they stay until the noncombat move [L643]).
        Empty: no retreat is possible."""
        movers, air = self.retreaters()
        if movers:
            return self.destinations()
        return [self.space] if air else []

    # ======================================================================
    # Running
    # ======================================================================
    def run(self) -> Decision | None:
        """Fight until the battle is over (None) or needs a decision (returned)."""
        if self.battle.status == "pending":
            self._begin()
        while self.battle.status != "done":
            decision = getattr(self, "_" + self.battle.step)()
            if decision is not None:
                return decision
        return None

    def _emit(self, event) -> None:
        assert self.ctx is not None, "a Fight without a context can only answer questions"
        self.ctx.emit(event)

    def _note(self, text: str) -> None:
        assert self.ctx is not None
        self.ctx.note(f"{self.space}: {text}")

    def _begin(self) -> None:
        """Set up the battle [L549-L557]: land seaborne units, then resolve it at once if a side is absent."""
        b = self.battle
        b.status = "fighting"
        if self.at_sea:
            # An ally's air units aboard a carrier are cargo only in the carrier owner's turn [L915], [L919]
            launch_guests(self.ctx, self.board, self.space, self.attacker)
            b.hostile_at_start = self.board.is_hostile_sea(self.space, self.attacker)
            for power in [self.attacker, *self.defending_powers()]:  # [G40 L1498], [G40 L1506]
                aboard = grounded_planes(self.board.forces(self.space, power))
                if aboard:
                    b.grounded[power] = aboard
                    self._note(f"{power}'s {fmt(aboard)} aboard damaged carriers are cargo: they do not "
                               f"{'attack' if power == self.attacker else 'defend'} and sink with their carrier [G40 L1506]")
        if b.amphibious_from:
            self._land_seaborne()
        att, dfn = self.units(ATTACKER), self.units(DEFENDER)
        enemies = ", ".join(self.defending_powers())
        against = f"{enemies} with {fmt(add_counts(dfn, self.bystanders()))}" if enemies else "no defenders"
        self._note(f"{b.kind} battle: {self.attacker} attacks with {fmt(att)} against {against}")
        b.step = "bombard"

    def bystanders(self) -> UnitCounts:
        """The defence's units that never fight (AA guns), shown but never rolled or hit."""
        out: UnitCounts = {}
        for power in self.defending_powers():
            units = self.board.units(self.space, [power])
            out = add_counts(out, {u: n for u, n in units.items() if not self.fights(u)})
        return out

    def _bombard(self) -> None:
        """Shore bombardment before the land battle of an amphibious assault [@77405]-[@78253]."""
        b = self.battle
        b.step = "anti_aircraft"
        if self.at_sea or not b.amphibious_from or not bombard.eligible(self.board, b):
            return
        cap = total(b.seaborne)
        ships = bombard.choose(self.board, b, cap)
        if not ships:
            self._note(f"no ship bombards: no land unit was unloaded from transports (ruling A16) [{bombard.RULE}]")
            return
        if not self.units(DEFENDER):
            self._note("no defending unit to bombard")
            return
        firing: UnitCounts = {}
        for zone, units in ships.items():
            self._mark_bombarded(zone, units)
            firing = add_counts(firing, units)
        order = list(self.board.setup.unit_types)
        groups = [FireGroup(self.board.profile(self.attacker, u).bombard, order.index(u), u, n, 1) for u, n in firing.items()]
        what = f"shore bombardment from {', '.join(ships)} (at most {cap} ship(s), ruling A16)"
        self._roll(sorted(groups), "bombard", "bombard_assign", "anti_aircraft", what,
                   f"{self.space}, {self.attacker}'s {what}")

    def _mark_bombarded(self, zone: str, units: UnitCounts) -> None:
        """Bombarding ships fire once per turn [@78124]: they are marked done."""
        left = dict(units)
        for force in _copies(self.board.forces(zone, self.attacker)):
            taken = {u: min(n, force.units.get(u, 0)) for u, n in left.items() if min(n, force.units.get(u, 0))}
            if not taken or force.done or force.retreated:
                continue
            left = _minus(left, taken)
            rest = _minus(force.units, taken)
            self._emit(RemoveUnits(space=zone, force=force.model_copy(deep=True), reason="bombards"))
            hurt = force.damage_within(taken)
            if rest:
                self._put(zone, force.model_copy(update={"units": rest}).with_damage(_minus(force.damage(), hurt)))
            self._put(zone, force.model_copy(update={"units": taken, "done": True, "combat": True}).with_damage(hurt))

    def _anti_aircraft(self) -> None:
        """AA fire before the first round of a land battle with attacking aircraft [@113180]: one AA gun
        of the defence, one die per aircraft; hit aircraft are removed at once and do not fire."""
        b = self.battle
        b.step = "opening"
        if self.at_sea:
            return
        lone = self.units(DEFENDER)
        if only_guns(self.board, lone) and not b.still_fire:  # Global 1940: no combat; the AA guns are removed [G40 L916], [G40 L1338]
            self._remove(DEFENDER, lone)
            self._note(f"only {fmt(lone)} defend: no combat, the AA gun(s) are destroyed [G40 L916], [G40 L1338]")
            return
        planes = aircraft(self.board, self.units(ATTACKER))
        gun = firing_gun(self.board, self.space, self.attacker) if planes else None
        if gun is None:
            return
        assert self.ctx is not None
        context = f"r{self.board.game.round}/{self.attacker}/{self.space}/aa"
        if has_shots(self.board, gun):  # Global 1940: every gun, up to its shots [G40 L1340]
            destroyed = limited_volley(self.ctx, self.board, gun, self.space, self.attacker, planes, context,
                                       self.order_of_loss(ATTACKER))
        else:
            destroyed = aa_volley(self.ctx, self.board, gun, planes, context, self.space)
        if destroyed:
            self._remove(ATTACKER, destroyed)
            self._note(f"AA fire destroys {fmt(destroyed)} before the battle [@113668]")

    def _opening(self) -> None:
        """Resolve the battle at once if a side is absent [L515, L533]; defenders hit by the
        bombardment still fire in the first round [@78253]. A defence of AA guns (and an
        industrial complex) alone does not fight: the attacker takes the territory (ruling A2)."""
        b = self.battle
        att, dfn = self.units(ATTACKER), self.units(DEFENDER)
        b.step = "start"
        if not att:
            self._note(f"{self.attacker} has no units left to attack: the assault ends [L515]")
            self._conclude()
        elif not dfn and not b.still_fire:
            others = self.bystanders()
            self._note(f"only {fmt(others)} defend, which never fight: no combat (ruling A2) [@114710]" if others
                       else "no defenders: no combat [L533]")
            self._conclude()
        elif dfn and (self._condition_a() or self._no_one_can_hit()):
            self._conclude()

    def _land_seaborne(self) -> None:
        """Amphibious assault, land phase [L507-L513]: cargo bound for this territory lands from each
        zone whose sea battle (if any) cleared it of all defenders but transports and submerged
        submarines [L509]; otherwise it stays aboard (a failed sea phase [L513])."""
        for zone in self.battle.amphibious_from:
            sea = next((x for x in self.board.game.turn.battles if x.space == zone and x.kind == "sea"), None)
            if sea is not None:
                left = {}
                for power in self.board.enemy_powers(zone, self.attacker):
                    units = _minus(self.board.units(zone, [power]), {"submarine": sea.submerged.get(power, 0)})
                    left = add_counts(left, {u: n for u, n in units.items() if u != "transport"})
                if left:
                    self._note(f"the sea battle in {zone} did not clear it ({fmt(left)} left): "
                               "the cargo stays aboard; the other attackers fight [L513]")
                    continue
            for force in _copies(self.board.forces(zone)):
                cargo = force.lands(self.attacker)
                if force.assault != self.space or not cargo:
                    continue
                # what stays aboard (aboard since an earlier turn [L997]) stays with the transport
                rest = {p: dict(u) for p, u in force.cargo.items() if p != self.attacker}
                if force.stays_aboard:
                    rest[self.attacker] = dict(force.stays_aboard)
                self._emit(RemoveUnits(space=zone, force=force.model_copy(deep=True), reason="unloads"))
                self._put(zone, force.model_copy(update={"cargo": rest, "assault": None, "stays_aboard": {},
                                                         "done": True}))
                self._put(self.space, Force(power=self.attacker, units=dict(cargo), combat=True, done=True))
                self.battle.seaborne = add_counts(self.battle.seaborne, cargo)
                self._note(f"{fmt(cargo)} land from {zone} [L509-L511]")

    # --- steps, in the order of a round -------------------------------------
    def _start(self) -> None:
        """A new round: read which destroyers are present [L611]."""
        b = self.battle
        b.round += 1
        b.striking = {}
        b.attacker_destroyer = self.has_destroyer(ATTACKER)
        b.defender_destroyer = self.has_destroyer(DEFENDER)
        b.step = "declare" if self.at_sea else "attack"

    def _sub_powers(self) -> list[str]:
        """Powers whose submarines may use the submarine step: only if the opposing side has no
        destroyer in the battle [L561, L935, L949-L951]."""
        b = self.battle
        powers = [] if b.defender_destroyer else [self.attacker]
        if not b.attacker_destroyer:
            powers += self.defending_powers()
        return [p for p in powers if self.power_units(p).get("submarine", 0)]

    def _declare(self) -> Decision | None:
        """Each power's submarines strike or submerge, attacker first, before any die [L567]."""
        b = self.battle
        for power in self._sub_powers():
            if power in b.striking:
                continue
            choice = b.submerge if power == self.attacker else None
            if choice is None:
                choice = self.board.game.powers[power].standing.submerge
            if choice is None:
                n = self.power_units(power)["submarine"]
                sub = self.board.profile(power, "submarine")
                hit = sub.attack if power == self.attacker else sub.defense
                value = f"{hit} or less" if hit > 1 else "1"
                return Decision(power=power, kind="submerge", space=self.space, detail=(
                    f"Round {b.round}: your {n} submarine(s) may submerge (leave this battle) or make a surprise "
                    f"strike (each hits on {value}) [L559-L577]."))
            self.declare(power, choice)
        b.step = "strike_attack"
        return None

    def declare(self, power: str, submerge: bool) -> None:
        """Record a power's declaration; submerging submarines leave the battle at once [L565]."""
        b = self.battle
        b.striking[power] = not submerge
        if submerge:
            n = self.power_units(power).get("submarine", 0)
            b.submerged[power] = b.submerged.get(power, 0) + n
            self._note(f"{power}'s {n} submarine(s) submerge [L565]")
        else:
            self._note(f"{power}'s submarines make a surprise strike [L571]")

    def _strike_attack(self) -> None:
        """Surprise strike of the attacking submarines, hitting on 2 or less [L571]."""
        subs = self.power_units(self.attacker).get("submarine", 0) if self.battle.striking.get(self.attacker) else 0
        self._fire(ATTACKER, {"submarine": subs} if subs else {}, "strike-attack", "strike_attack_assign",
                   "strike_defense")

    def _strike_defense(self) -> None:
        """Surprise strike of the defending submarines, those just hit included, hitting on 1 [L571-L573]."""
        b = self.battle
        subs = sum(self.power_units(p).get("submarine", 0) for p in self.defending_powers() if b.striking.get(p))
        subs += b.still_fire.get("submarine", 0)
        b.still_fire = {}
        self._fire(DEFENDER, {"submarine": subs} if subs else {}, "strike-defense", "strike_defense_assign", "attack")

    def _attack(self) -> None:
        """The attacker fires with every unit that did not strike or submerge [L579-L583, L603]."""
        units = self.power_units(self.attacker)
        if self.battle.striking.get(self.attacker):
            units = _minus(units, {"submarine": units.get("submarine", 0)})
        self._fire(ATTACKER, units, "attack", "attack_assign", "defense")

    def _defense(self) -> None:
        """The defender fires, units hit in step 3 included [L595-L599, L603]."""
        b = self.battle
        units: UnitCounts = dict(b.still_fire)
        for power in self.defending_powers():
            own = self.power_units(power)
            if b.striking.get(power):
                own = _minus(own, {"submarine": own.get("submarine", 0)})
            units = add_counts(units, own)
        b.still_fire = {}
        self._fire(DEFENDER, units, "defense", "defense_assign", "press")

    def _fire(self, side: str, units: UnitCounts, label: str, assign: str, skip: str) -> None:
        """Roll the dice of the armed units, grouped by value, in one roll for the volley; a die hits
        if it is at most the unit's value [L551, L583, L599]."""
        other = DEFENDER if side == ATTACKER else ATTACKER
        groups = self._groups(side, units)
        if not groups or not self.units(other):
            self.battle.step = skip
            return
        who = self.attacker if side == ATTACKER else " and ".join(self.defending_powers())
        does = {"attack": "attacks", "defense": "defends", "strike-attack": "strikes by surprise (attacking submarines)",
                "strike-defense": "strikes by surprise (defending submarines)"}[label]
        if not who:  # every defender was hit this round: they still fire [L603]
            owner = self.board.owner(self.space)
            who = f"{owner}'s units hit this round" if owner and owner != self.attacker else "the defence's units hit this round"
            does = "fire back"
        self._roll(groups, f"cr{self.battle.round}/{label}", assign, skip, f"round {self.battle.round} {label}",
                   f"{self.space}, round {self.battle.round}, {who} {does}")

    def _groups(self, side: str, units: UnitCounts) -> list[FireGroup]:
        """The volley of the side's armed units, lowest value first (`firepower.fire_groups`:
        artillery support and Heavy Bombers when attacking)."""
        techs = frozenset(self.board.technologies(self.attacker)) if side == ATTACKER else frozenset()
        profiles = {u: self.profile(side, u) for u in units}
        return fire_groups(units, profiles, side == ATTACKER, techs, list(self.board.setup.unit_types))

    def _roll(self, groups: list[FireGroup], label: str, assign: str, skip: str, title: str, heading: str) -> None:
        """One roll for a volley of groups, read group by group in their order; hits counted by the unit type
        that scored them."""
        b = self.battle
        assert self.ctx is not None
        context = f"r{self.board.game.round}/{self.attacker}/{self.space}/{label}"
        dice = self.ctx.roll(context, sum(g.total_dice for g in groups), TableVolley(heading, fire_labels(groups)))
        hits: UnitCounts = {}
        parts = []
        for g, value, unit, n, each in ((g, g.value, g.unit, g.count, g.dice) for g in groups):
            mine, dice = dice[:n * each], dice[n * each:]
            scored = g.hits(mine)  # Global 1940 Heavy Bombers: the better of two dice [G40 L1873]
            if scored:
                hits[unit] = hits.get(unit, 0) + scored
            how = f"{value}, {each} dice each" + (", the better counts" if g.best_of else "") if each > 1 else f"{value}"
            parts.append(f"{n} {unit} ({how}) roll {mine}: {scored} hit(s)")
        self._note(f"{title}: " + "; ".join(parts))
        b.hits = hits
        b.step = assign if hits else skip

    def _bombard_assign(self) -> Decision | None:
        return self._assign()

    def _strike_attack_assign(self) -> Decision | None:
        return self._assign()

    def _strike_defense_assign(self) -> Decision | None:
        return self._assign()

    def _attack_assign(self) -> Decision | None:
        return self._assign()

    def _defense_assign(self) -> Decision | None:
        return self._assign()

    def _assign(self) -> Decision | None:
        """The owner of the hit units assigns the hits [L571-L603]: forced when there is no
        choice, else by the order of loss, else by a decision."""
        side = TAKES_HITS[self.battle.step]
        targets, volley = self.targets(side), self.volley(side)
        most = self.rules.most_hits(targets, volley)
        selection = self.rules.forced(targets, volley) if most else {}
        how = "the only choice"
        if selection is None:
            order = self.order_of_loss(side)
            if order is None:
                return self.casualty_decision(side, most)
            selection = self.rules.choose(order, targets, volley)
            how = "order of loss"
        self.take(selection, how)
        return None

    def casualty_decision(self, side: str, most: int) -> Decision:
        targets = self.targets(side)
        hurt = {u: targets.hurt(u) for u in targets.units if targets.hurt(u)}
        two_hit = [u for u in sorted(self.board.setup.unit_types) if self.rules.two_hits(u)] or ["battleship"]
        sources = ", ".join(f"{n} by {u}" for u, n in self.battle.hits.items())
        when = "Shore bombardment" if self.battle.step == "bombard_assign" else f"Round {self.battle.round}"
        lines = [
            f"{when}: {self.attacker if side == DEFENDER else 'the defence'} scored "
            f"{total(self.battle.hits)} hit(s) ({sources}); {most} must be taken [L585].",
            f"Your units in the battle: {fmt(dict(targets.units))}"
            + (f" (already damaged: {fmt(hurt)})" if hurt else ""),
            "Submarine hits take sea units only; air hits take submarines only with a destroyer of",
            "their side in the battle; transports only when nothing else can [L571, L603, L975].",
            f"Name a {' or '.join(two_hit)} once per hit: an undamaged one's first hit only damages it [L903].",
        ]
        return Decision(power=self.chooser(side), kind="casualties", space=self.space, hits=most,
                        detail="\n".join(lines))

    def take(self, selection: UnitCounts, how: str) -> None:
        """Apply the casualties of the waiting hits and go on to the next step."""
        b = self.battle
        side = TAKES_HITS[b.step]
        if total(b.hits) > total(selection):
            self._note(f"{total(b.hits) - total(selection)} hit(s) find no unit that may take them [L585, L603]")
        lost = self._remove(side, selection)
        if selection:
            destroyed: UnitCounts = {}
            for _, unit, n in lost:
                destroyed = add_counts(destroyed, {unit: n})
            who = self.attacker if side == ATTACKER else "the defence"
            self._note(f"{who} assigns the hits to {fmt(selection)} ({how}); destroyed: {fmt(destroyed)}")
        if side == DEFENDER and b.step in ("strike_attack_assign", "attack_assign", "bombard_assign"):
            for power, unit, n in lost:
                struck = unit == "submarine" and b.striking.get(power)
                if (b.step in ("attack_assign", "bombard_assign") and not struck) or (
                        b.step == "strike_attack_assign" and struck):
                    b.still_fire = add_counts(b.still_fire, {unit: n})
        b.hits = {}
        b.step = AFTER[b.step]

    def _press(self) -> Decision | None:
        """Step 6: Condition A (a side is gone), then Condition B (the attacker may retreat) [L613-L643]."""
        b = self.battle
        if self._condition_a():
            self._conclude()
            return None
        b.step = "guard"
        options = self.retreat_options()
        if not options:
            return None
        policy = b.retreat or self.board.game.powers[self.attacker].standing.retreat
        if policy is None:
            b.step = "press"
            return self.retreat_decision(options, "")
        left = total(self.units(ATTACKER))
        due = (policy.after_round is not None and b.round >= policy.after_round) or (
            policy.below is not None and left < policy.below)
        if not due:
            return None
        target = options[0] if policy.to is None or options == [self.space] else policy.to
        if target not in options:
            b.step = "press"
            return self.retreat_decision(options, f"Your orders retreat to {policy.to}, which is not a legal retreat now.")
        self.retreat(target)
        return None

    def retreat_decision(self, options: list[str], why: str) -> Decision:
        movers, air = self.retreaters()
        lines = [why] if why else []
        if self.transports_only():
            lines.append(f"Round {self.battle.round} is over and only transports are left on both sides: retreat "
                         f"{fmt(movers)} (answer one of: {', '.join(options)}), or 'stay': the battle ends and they "
                         f"stay in {self.space} [L623], [L631-L643].")
        else:
            lines.append(f"Round {self.battle.round} is over. Retreat {fmt(movers) if movers else 'the air units'} "
                         f"(answer one of: {', '.join(options)}), or 'stay' to fight round {self.battle.round + 1} "
                         "[L631-L643].")
        if air:
            lines.append(f"Air units ({fmt(air)}) stay in {self.space} until the noncombat move [L643].")
        return Decision(power=self.attacker, kind="retreat", space=self.space, detail="\n".join(lines))

    def _guard(self) -> None:
        """PROPOSED termination guard (digest §4.3): if neither side can hit the other, the battle ends."""
        if self._no_one_can_hit():
            self._conclude()
        else:
            self.battle.step = "start"

    def _no_one_can_hit(self) -> bool:
        """Neither side can hit the other: the battle ends, every unit staying (ruling 12). When only
        transports are left on both sides at sea, the rule says so: the attacker's transports may stay
        (or retreat, offered at step 6 as any retreat) [L623]."""
        if self.can_hit(ATTACKER, self.units(DEFENDER)) or self.can_hit(DEFENDER, self.units(ATTACKER)):
            return False
        if self.transports_only():
            self._note("only transports are left on both sides: the battle ends, the attacker's transports stay "
                       "[L623]")
        else:
            self._note("neither side can hit the other: the battle ends, every unit stays (PROPOSED guard)")
        return True

    def transports_only(self) -> bool:
        """A sea battle where both sides are left with transports only: the attacker's transports may
        stay in the zone or retreat under Condition B [L623] (Anniversary [@86943], Global 1940 [G40 L991])."""
        att, dfn = self.units(ATTACKER), self.units(DEFENDER)
        return self.at_sea and {u for u, n in att.items() if n} == {u for u, n in dfn.items() if n} == {"transport"}

    def _condition_a(self) -> bool:
        """True when one side has no units left [L617-L621], after sinking undefended transports:
        the defender's when the armed units cannot hit each other and the attacker can fire
        [L625-L627, L973]; the attacker's too when they cannot retreat [L629], where the edition
        says so (`NavalRules.attacking_transports_defenceless`; never in the Anniversary [@83130],
        whose defence then fires at them round by round)."""
        att, dfn = self.units(ATTACKER), self.units(DEFENDER)
        if att and dfn and self.at_sea:
            armed_att = {u: n for u, n in att.items() if u != "transport"}
            armed_dfn = {u: n for u, n in dfn.items() if u != "transport"}
            if not self.can_hit(ATTACKER, armed_dfn) and not self.can_hit(DEFENDER, armed_att):
                if dfn.get("transport") and self.can_hit(ATTACKER, {"transport": 1}):
                    self._sink_transports(self.side_powers(DEFENDER), "undefended transports are destroyed [L627]")
                if self.naval.attacking_transports_defenceless and att.get("transport") \
                        and self.can_hit(DEFENDER, {"transport": 1}) and not self.destinations():
                    self._sink_transports([self.attacker], "the attacker's transports cannot retreat and are destroyed [L629]")
        return not self.units(ATTACKER) or not self.units(DEFENDER)

    def _sink_transports(self, powers: Iterable[str], why: str) -> None:
        for power in powers:
            for force in self.forces(power):
                n = force.units.get("transport", 0)
                if n:
                    self._emit(RemoveUnits(space=self.space, force=force.model_copy(update={"units": {"transport": n}, "damaged": 0, "damaged_units": {}}),
                                           reason="undefended transports"))
                    cargo = "; ".join(f"{p}: {fmt(u)}" for p, u in force.cargo.items())
                    self._note(f"{power} loses {n} transport(s)" + (f" with cargo {cargo}" if cargo else "") + f": {why}")

    # --- casualties -------------------------------------------------------------
    def _remove(self, side: str, selection: UnitCounts) -> list[tuple[str, str, int]]:
        """Remove the selected casualties; returns (power, unit, count) of units destroyed."""
        lost: list[tuple[str, str, int]] = []
        for unit, n in selection.items():
            if self.rules.two_hits(unit):
                lost += self._hit_two_hit(side, unit, n)
                continue
            for power in self.side_powers(side):
                for force in sorted(self.forces(power), key=self._loss_key):
                    k = min(n, force.units.get(unit, 0))
                    if not k:
                        continue
                    self._emit(RemoveUnits(space=self.space, force=force.model_copy(update={"units": {unit: k}, "damaged": 0, "damaged_units": {}}),
                                           reason="casualty"))
                    if force.cargo and unit in ("transport", "carrier"):
                        cargo = "; ".join(f"{p}: {fmt(u)}" for p, u in force.cargo.items())
                        self._note(f"cargo lost with its ship: {cargo} [L977]")
                    lost.append((power, unit, k))
                    n -= k
                    if not n:
                        break
                if not n:
                    break
            if side == ATTACKER and unit in self.battle.seaborne:
                self.battle.seaborne = _minus(self.battle.seaborne, {unit: selection[unit]})
        return lost

    def _loss_key(self, force: Force) -> tuple:
        """Identical units: the least cargo first, then the most movement spent (PROPOSED)."""
        cargo = sum(self.board.unit(u).cost * n for units in force.cargo.values() for u, n in units.items())
        return (cargo, -force.moved)

    def _hit_two_hit(self, side: str, unit: str, hits: int) -> list[tuple[str, str, int]]:
        """Hits on two-hit units (battleships; Global 1940 carriers too) damage undamaged ones first,
        then sink damaged ones [L903], [G40 L1463], [G40 L1486]."""
        plan: list[tuple[str, Force, int, int]] = []
        for power in self.side_powers(side):
            for force in self.forces(power):
                if force.units.get(unit):
                    plan.append((power, force, 0, 0))
        for i, (power, force, _, _) in enumerate(plan):
            damage = min(hits, force.units[unit] - force.damage().get(unit, 0))
            plan[i] = (power, force, damage, 0)
            hits -= damage
        for i, (power, force, damage, _) in enumerate(plan):
            sink = min(hits, force.damage().get(unit, 0) + damage)
            plan[i] = (power, force, damage, sink)
            hits -= sink
        plan = [step for step in plan if step[2] or step[3]]
        for _, force, _, _ in plan:  # every removal first: a damaged force put back may merge with another
            self._emit(RemoveUnits(space=self.space, force=force, reason=f"{unit} hit"))
        lost = []
        for power, force, damage, sink in plan:
            units = _minus(force.units, {unit: sink})
            hurt = {**force.damage(), unit: force.damage().get(unit, 0) + damage - sink}
            if units:
                # a carrier sunk with its cargo loses it [L977]; a force of one carrier holds the cargo
                cargo = force.cargo if units.get(unit) or unit not in ("carrier", "transport") else {}
                self._put(self.space, force.model_copy(update={"units": units, "cargo": cargo}).with_damage(hurt))
            aboard = self.battle.grounded.get(power, {}) if unit == "carrier" else {}
            if sink and aboard:  # they sink with their damaged carrier [G40 L1506]
                left = min(sink, force.damage().get(unit, 0)) * CARRIER_ROOM
                gone: UnitCounts = {}
                for u, n in aboard.items():
                    gone[u] = min(n, left)
                    left -= gone[u]
                gone = {u: n for u, n in gone.items() if n}
                if gone:
                    self.battle.grounded[power] = _minus(aboard, gone)
                    self._note(f"{power}'s {fmt(gone)} aboard the damaged carrier sink with it [G40 L1506]")
                rest = dict(gone)
                for holder in _copies(self.board.forces(self.space, power)):
                    take = {u: min(n, holder.units.get(u, 0)) for u, n in rest.items() if min(n, holder.units.get(u, 0))}
                    if take:
                        self._emit(RemoveUnits(space=self.space, force=holder.model_copy(update={
                            "units": take, "damaged": 0, "damaged_units": {}}), reason="lost with their carrier"))
                        rest = _minus(rest, take)
            if sink:
                if force.cargo and unit == "carrier":
                    cargo = "; ".join(f"{p}: {fmt(u)}" for p, u in force.cargo.items())
                    self._note(f"cargo lost with its ship: {cargo} [L977]")
                lost.append((power, unit, sink))
        return lost

    def _put(self, space: str, force: Force) -> None:
        """Add a force (it merges with one of the same marks, damage counts adding up)."""
        self._emit(AddUnits(space=space, force=force))

    # --- retreat and conclusion ----------------------------------------------------
    def retreat(self, to: str) -> None:
        """Condition B [L631-L643]: all attacking land and sea units go together to `to`; air units stay
        in the space until the noncombat move [L643]; seaborne units stay and fight on [L519]
        (PROPOSED, digest §9 #14). A retreating transport keeps its cargo [L983]."""
        movers, air = self.retreaters()
        self._note(f"{self.attacker} retreats" + (f" {fmt(movers)} to {to}" if movers else "")
                   + (f"; {fmt(air)} stay in {self.space} until the noncombat move" if air else ""))
        leaving = add_counts(movers, air)
        for force in sorted(self.forces(self.attacker), key=lambda f: f.done):
            taken = {u: min(n, leaving.get(u, 0)) for u, n in force.units.items() if leaving.get(u, 0)}
            if not taken:
                continue
            leaving = _minus(leaving, taken)
            self._emit(RemoveUnits(space=self.space, force=force.model_copy(deep=True), reason="retreat"))
            stay = _minus(force.units, taken)
            gone = {u: n for u, n in taken.items() if u in movers}
            up = {u: n for u, n in taken.items() if u in air}
            ship_leaves = bool(gone.get("transport") or gone.get("carrier"))
            marks = {"retreated": True, "combat": True}
            hurt = force.damage_within(stay)
            if stay:
                self._put(self.space, force.model_copy(update={
                    "units": stay, "cargo": {} if ship_leaves else force.cargo}).with_damage(hurt))
            if up:
                self._put(self.space, force.model_copy(update={"units": up, "cargo": {}, "damaged": 0, "damaged_units": {}, **marks}))
            if gone:  # damage that lasts goes with the ships [G40 L1463]; else it is repaired [L903]
                lasting = _minus(force.damage(), hurt) if self.board.setup.damage_lasts else {}
                self._put(to, force.model_copy(update={
                    "units": gone, "done": True, "assault": None, "stays_aboard": {},
                    "cargo": force.cargo if ship_leaves else {}, **marks}).with_damage(lasting))
        self._carry_grounded(to)
        if self.units(ATTACKER):
            self._note(f"the seaborne units ({fmt(self.battle.seaborne)}) cannot retreat and fight on [L519]")
            self.battle.step = "guard"
        else:
            self._conclude()

    def _carry_grounded(self, to: str) -> None:
        """Air units aboard the attacker's damaged carriers retreat with them, as cargo [G40 L1498]."""
        rest = dict(self.battle.grounded.get(self.attacker, {}))
        if not rest:
            return
        carried = dict(rest)
        for force in _copies(self.board.forces(self.space, self.attacker)):
            part = {u: min(n, force.units.get(u, 0)) for u, n in rest.items() if min(n, force.units.get(u, 0))}
            if part:
                self._emit(RemoveUnits(space=self.space, force=force.model_copy(update={
                    "units": part, "damaged": 0, "damaged_units": {}, "cargo": {}}), reason="retreat aboard a carrier"))
                rest = _minus(rest, part)
        carried = _minus(carried, rest)
        if carried:
            self._put(to, Force(power=self.attacker, units=carried))
            self._note(f"{fmt(carried)} aboard the damaged carrier retreat with it to {to} [G40 L1498]")
        self.battle.grounded[self.attacker] = {}

    def _conclude(self) -> None:
        """Step 7 [L645-L653]: capture with a surviving land unit, repair battleships [L903], mark every
        unit that fought, and point out defending fighters left without a carrier [L862-L867]."""
        b = self.battle
        att, dfn = self.units(ATTACKER), self.units(DEFENDER)
        if not dfn and att and not self.at_sea and any(u in CAPTURING_UNITS for u in att):
            if self.board.is_hostile_territory(self.space, self.attacker):  # an enemy's, or a neutral [G40 L415]
                assert self.ctx is not None
                capture(self.ctx, self.space, self.attacker)
            self._note(f"{self.attacker} wins the battle [L649]")
        elif not dfn and att:
            self._note(f"{self.attacker} wins the battle"
                       + ("" if self.at_sea else "; air units cannot capture, the territory stays with its owner [L653]"))
        elif not dfn and not att:
            self._note("both sides are destroyed; the defender keeps the space [L649]")
        elif not att:
            self._note("the defence holds [L649]")
        else:
            self._note("the battle ends with both sides in the space")
        self._settle()
        b.status = "done"
        b.hits, b.still_fire, b.striking = {}, {}, {}

    def _settle(self) -> None:
        """Repair battleships and mark every unit of the battle as having fought [L690, L903]. Where
        damage lasts (Global 1940), damaged ships stay damaged until a naval base repairs them
        [G40 L1463], [G40 L1486], [G40 L1247]."""
        lasts = self.board.setup.damage_lasts
        for power in [self.attacker, *self.defending_powers()]:
            for force in _copies(self.board.forces(self.space, power)):
                if (force.damage() and not lasts) or not force.combat:
                    self._emit(RemoveUnits(space=self.space, force=force.model_copy(deep=True), reason="after combat"))
                    kept = force.damage() if lasts else {}
                    self._put(self.space, force.model_copy(update={"combat": True}).with_damage(kept))
        defence = self.board.units(self.space, self.defending_powers())
        # a damaged carrier has no room, its own air units aside [G40 L1498], [G40 L1504]
        fighters = defence.get("fighter", 0) - sum(self.battle.grounded.get(p, {}).get("fighter", 0)
                                                   for p in self.defending_powers())
        carriers = defence.get("carrier", 0) - sum(f.damage().get("carrier", 0) for p in self.defending_powers()
                                                   for f in self.board.forces(self.space, p))
        if self.at_sea and fighters > CARRIER_ROOM * carriers:
            self._note(f"{fighters} defending fighter(s) here and room for "
                       f"{CARRIER_ROOM * carriers} on carriers: the others are stranded and "
                       "move first in the noncombat move [L862-L867]")
