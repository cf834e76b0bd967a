"""Global 1940 convoy disruption, in the collecting power's Collect Income [G40 L1130-L1167].

A sea zone with a convoy symbol (setup `convoy_zone`) next to territories the power
controls, holding at least one warship of a power at war with it, costs it IPCs [G40 L1134-
L1138]: one die for each enemy battleship, cruiser and destroyer, two for each submarine and
each air unit aboard a carrier (carriers roll none) [G40 L1140], [G40 L1150-L1151]; results of
1-3 are added, 4-6 ignored [G40 L1152-L1153]. A zone's loss is capped by the worth of the
power's territories beside it, and a territory beside several zones loses at most its own
worth in all [G40 L1155], [G40 L1144], [G40 L1167]: the total is the largest amount the zones'
losses can be spread over those territories within their worth (a small max-flow).

Not for China [G40 L447], [G40 L1163]; nothing while the capital is the enemy's [G40 L1128]
(the caller checks); the UK counts each economy's territories apart [G40 L1685].
"""

from __future__ import annotations

from aa_ref.core.dice import Volley
from aa_ref.core.engine import Context
from aa_ref.games.axis_allies.rules.board import Board
from aa_ref.games.axis_allies.rules.damaged_carriers import grounded_planes

ONE_DIE = ("battleship", "cruiser", "destroyer")
TWO_DICE = ("submarine",)
CARRIER_AIR = ("fighter", "tactical_bomber")
WARSHIPS = ("battleship", "cruiser", "destroyer", "submarine", "carrier")
"""Units that make a zone a disrupted convoy (transports do not) [G40 L1138]; a carrier alone
counts as present but rolls nothing (ruling on digest §9 #48)."""


def raiders(board: Board, power: str, zone: str) -> dict[str, int]:
    """Enemy (at war) units in `zone` that count for convoy disruption against `power`."""
    out: dict[str, int] = {}
    for force in board.forces(zone):
        if not board.enemies(power, force.power):
            continue
        for unit, n in force.units.items():
            if unit in WARSHIPS or unit in CARRIER_AIR:
                out[unit] = out.get(unit, 0) + n
        for units in force.cargo.values():  # allied planes aboard an enemy carrier
            for unit, n in units.items():
                if unit in CARRIER_AIR:
                    out[unit] = out.get(unit, 0) + n
    for owner in {f.power for f in board.forces(zone) if board.enemies(power, f.power)}:
        for unit, n in grounded_planes(board.forces(zone, owner)).items():  # on a damaged carrier: no dice
            out[unit] -= n                                                    # (digest §9 #47, [G40 L1498])
    return {u: n for u, n in out.items() if n}


def dice_for(units: dict[str, int]) -> int:
    """Dice rolled: 1 per battleship, cruiser, destroyer; 2 per submarine and per air unit
    aboard a carrier [G40 L1140], [G40 L1150-L1151]; carriers none. Air units in a zone are on
    carriers (digest §9 #47)."""
    if not any(units.get(u, 0) for u in WARSHIPS):
        return 0  # planes alone (no carrier under them) never disrupt
    return (sum(units.get(u, 0) for u in ONE_DIE) + 2 * sum(units.get(u, 0) for u in TWO_DICE)
            + 2 * sum(units.get(u, 0) for u in CARRIER_AIR))


def disrupted_zones(board: Board, power: str, territories: set[str]) -> dict[str, tuple[dict[str, int], list[str]]]:
    """Convoy zone -> (raiding units, the power's territories beside it) for every zone where a
    warship at war with the power stands beside one of `territories` [G40 L1134-L1138]."""
    out = {}
    for name, space in board.setup.spaces.items():
        if not space.convoy_zone:
            continue
        beside = sorted(t for t in space.adjacent if t in territories)
        if not beside:
            continue
        units = raiders(board, power, name)
        if any(units.get(u, 0) for u in WARSHIPS):
            out[name] = (units, beside)
    return out


def capped_loss(losses: dict[str, int], beside: dict[str, list[str]], worth: dict[str, int]) -> int:
    """The largest total of the zones' losses that fits their territories' worth: each zone's
    loss is spread over its territories, each territory absorbing at most its worth in all
    [G40 L1155]. A max-flow (source -> zone -> territory -> sink) by shortest augmenting paths."""
    from collections import deque

    cap: dict[tuple[str, str], int] = {}
    for zone, loss in losses.items():
        cap[("^", "z:" + zone)] = loss
        for t in beside[zone]:
            cap[("z:" + zone, "t:" + t)] = loss
    for t, w in worth.items():
        cap[("t:" + t, "$")] = w
    nodes: dict[str, list[str]] = {}
    for a, b in list(cap):
        nodes.setdefault(a, []).append(b)
        nodes.setdefault(b, []).append(a)
        cap.setdefault((b, a), 0)
    total = 0
    while True:
        parent = {"^": None}
        queue = deque(["^"])
        while queue and "$" not in parent:
            here = queue.popleft()
            for there in sorted(nodes.get(here, [])):
                if there not in parent and cap[(here, there)] > 0:
                    parent[there] = here
                    queue.append(there)
        if "$" not in parent:
            return total
        path, node = [], "$"
        while parent[node] is not None:
            path.append((parent[node], node))
            node = parent[node]
        step = min(cap[e] for e in path)
        for a, b in path:
            cap[(a, b)] -= step
            cap[(b, a)] += step
        total += step


def convoy_losses(ctx: Context, power: str, territories: set[str], label: str) -> int:
    """Roll for every disrupted convoy zone beside `territories` and return the capped loss;
    the dice and the reckoning go to the narrative."""
    board = Board(ctx.setup, ctx.game)
    zones = disrupted_zones(board, power, territories)
    losses: dict[str, int] = {}
    beside: dict[str, list[str]] = {}
    for zone, (units, near) in zones.items():
        n = dice_for(units)
        dice = ctx.roll(f"r{ctx.game.round}/{power}/convoy {zone}", n, Volley(
            f"{zone}, convoy disruption of {power}'s income", ((f"{n} dice, each 1-3 costs that many IPCs", n),)))
        losses[zone] = sum(d for d in dice if d <= 3)
        beside[zone] = near
        listing = ", ".join(f"{k} {u}" for u, k in sorted(units.items()))
        ctx.note(f"convoy disruption in {zone} against {label}: {listing} roll {dice or 'no dice'}; "
                 f"{losses[zone]} IPCs before the caps [G40 L1140-L1153]")
    if not zones:
        return 0
    worth = {t: board.value(t) for near in beside.values() for t in near}
    loss = capped_loss(losses, beside, worth)
    raw = sum(losses.values())
    if loss != raw:
        ctx.note(f"{label} loses {loss} of {raw} IPCs: no more than the worth of its territories beside the "
                 f"convoy zones ({', '.join(f'{t} {v}' for t, v in sorted(worth.items()))}) [G40 L1155]")
    return loss
