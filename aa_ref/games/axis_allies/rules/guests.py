"""An ally's fighters aboard a carrier: cargo only in the turn of the carrier's owner.

A power's fighters (Global 1940: and tactical bombers [G40 L1490]) on an ally's carrier are
cargo while the carrier's owner plays: they ride it when it moves and take no part in its
battles [L424], [L463], [L915]; Anniversary [@69718], [@94173]; Global 1940 [G40 L841],
[G40 L1490]. In any other turn they are their owner's units:

- in their owner's turn they take off [L915], [@94173], [@122599], [G40 L841], so in a battle
  their owner fights in their zone they fight with its other units there (1941 ruling 8: every
  unit of the attacking power in the battle space fights);
- when the carrier's zone is attacked they are in the air and defend, and may be chosen as
  casualties: «i caccia imbarcati (anche quelli che appartengono ad una nazione alleata) sono
  considerati in volo, partecipano al combattimento» [@128571]; Global 1940 «anche quelli
  appartenenti a potenze alleate» [G40 L1502]. The 1941 text says both this [L919], [L869] and
  the opposite [L915]; aa-ref reads it as the later editions do (ruling 17, docs/rulings.md).

Global 1940: air units aboard a damaged carrier stay cargo: they neither attack nor defend and
sink with it [G40 L1498], [G40 L1506].

Air units that leave a carrier this way are a force of their owner in the zone, as an ally's
fighters that landed on a carrier that has not moved since; after the battle they are on it
again (`air.guest_riders` carries them off when the carrier moves), or stranded if it sank
(`stranded`).
"""

from __future__ import annotations

from aa_ref.core.engine import Context
from aa_ref.games.axis_allies.model.events import AddUnits, RemoveUnits
from aa_ref.games.axis_allies.model.setup import UnitCounts
from aa_ref.games.axis_allies.model.state import Force
from aa_ref.games.axis_allies.rules.board import CARRIER_PLANES, Board


def launch_guests(ctx: Context, board: Board, space: str, attacker: str) -> None:
    """Before a sea battle: the attacker's air units riding its allies' carriers in the zone
    take off to attack, and the defenders' riding carriers of their side take off to defend;
    those aboard a damaged carrier stay cargo [G40 L1506]. Events and a note for each."""
    for carrier in [f.model_copy(deep=True) for f in board.forces(space) if f.cargo and f.units.get("carrier")]:
        attacking = carrier.power != attacker and board.allied(carrier.power, attacker)
        defending = board.enemies(attacker, carrier.power)
        if not (attacking or defending):
            continue
        flying: dict[str, UnitCounts] = {}
        for power, units in carrier.cargo.items():
            planes = {u: n for u, n in units.items() if u in CARRIER_PLANES and n}
            if planes and (power == attacker if attacking else board.enemies(attacker, power)):
                flying[power] = planes
        if not flying:
            continue
        role = "attack" if attacking else "defend"
        if carrier.damage().get("carrier"):
            for power, planes in flying.items():
                ctx.note(f"{space}: {power}'s {_words(planes)} aboard {carrier.power}'s damaged carrier are cargo: "
                         f"they do not {role} and sink with the carrier [G40 L1506]")
            continue
        rest = {p: {u: n - flying.get(p, {}).get(u, 0) for u, n in units.items() if n - flying.get(p, {}).get(u, 0)}
                for p, units in carrier.cargo.items()}
        ctx.emit(RemoveUnits(space=space, force=carrier, reason="air units take off from the carrier"))
        ctx.emit(AddUnits(space=space, force=carrier.model_copy(update={"cargo": {p: u for p, u in rest.items() if u}})))
        for power, planes in flying.items():
            ctx.emit(AddUnits(space=space, force=Force(power=power, units=planes, combat=attacking)))
            if attacking:
                ctx.note(f"{space}: {power}'s {_words(planes)} aboard {carrier.power}'s carrier take off and attack: "
                         f"in {power}'s own turn they are not cargo [L915]")
            else:
                ctx.note(f"{space}: {power}'s {_words(planes)} aboard {carrier.power}'s carrier take off and defend "
                         "with the carrier's side [L919]")


def _words(units: UnitCounts) -> str:
    return ", ".join(f"{n} {u.replace('_', ' ')}" for u, n in units.items())
