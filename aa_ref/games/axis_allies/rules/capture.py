"""Capture, liberation, capitals and plunder [L655-L686].

Called when land units take a territory: after a won land battle, an entry into an
empty or IC-only hostile territory, or a tank's blitz [L436, L533, L649].

Anniversary additions: AA guns in the territory change hands with it (to the liberated
original owner on a liberation [@90126]) and may not move in that turn's Noncombat Move
[@89553]; the liberation exception is tested at the capture rather than at the end of the
turn [@90271] (ruling A31: nothing in between can free the capital, which only the
liberating power could do in its own turn, and a capital liberation returns the territory
then [L682]); with the option `capital_loss_forfeits` on, a power whose capital falls also
loses its unplaced units and its researchers [@102031] (ruling A29).
"""

from __future__ import annotations

from aa_ref.core.engine import Context
from aa_ref.games.axis_allies.model.events import (
    AddUnits,
    Control,
    Purchased,
    RemoveUnits,
    Researchers,
    SetTurn,
    Treasury,
)
from aa_ref.games.axis_allies.model.state import Force
from aa_ref.games.axis_allies.rules import installations
from aa_ref.games.axis_allies.rules.board import Board
from aa_ref.games.axis_allies.rules.economies import economy_capital_held, economy_of, plunder, regional_capitals


def capture(ctx: Context, territory: str, power: str) -> None:
    """`power` takes `territory`: capture, liberation, plunder and capital reversions."""
    board = Board(ctx.setup, ctx.game)
    space = ctx.setup.spaces[territory]
    loser = board.owner(territory)
    original = space.original_owner
    new_owner = power
    # Liberation: an ally's original territory goes back to it while its capital is held by
    # its side, and a capital always goes back to its power [L664-L666, L682]; otherwise the
    # liberator holds it until that capital is freed [L668].
    is_own_capital = original is not None and ctx.setup.capital_of(original) == territory
    held = original is not None and board.capital_held(original)
    if original is not None and ctx.setup.powers[original].economies:
        # Global 1940 UK: the territory's own economy's regional capital decides [G40 L1689]
        held = economy_capital_held(board, original, economy_of(ctx.setup, original, territory))
        is_own_capital = is_own_capital or territory in regional_capitals(ctx.setup)
    if original and original != power and board.allied(power, original) and (held or is_own_capital):
        new_owner = original
    china = ctx.setup.china
    if china and power == china.power and original not in (None, power):
        # China may take Kwangtung but never controls it: it goes to its original owner (the UK),
        # whatever the state of that power's capital [@50279] (ruling A26).
        new_owner = original
    ctx.emit(Control(space=territory, owner=new_owner, previous=loser))
    _take_guns(ctx, territory, power, new_owner)
    installations.on_capture(ctx, territory, power, new_owner)  # Global 1940 [G40 L1027], [G40 L1031]
    turn = ctx.game.turn.model_copy(deep=True)
    if territory not in turn.captured:
        turn.captured.append(territory)
        ctx.emit(SetTurn(turn=turn))
    verb = "liberates" if new_owner != power else "captures"
    ctx.note(f"{power} {verb} {territory}" + (f" for {new_owner}" if new_owner != power else "")
             + (f" from {loser}" if loser else "") + (f" (value {space.value})" if space.value else ""))
    capital_of = {p.capital: name for name, p in ctx.setup.powers.items()}
    capital_of.update({e.capital: name for name, p in ctx.setup.powers.items() for e in p.economies.values()})
    victim = capital_of.get(territory)
    if victim is None:
        return
    if loser is not None and board.enemies(power, victim) and (
            ctx.setup.powers[victim].economies or ctx.setup.powers[power].economies):
        plunder(ctx, power, victim, territory)
    elif loser is not None and board.enemies(power, victim):
        # Plunder: all unspent IPCs of the capital's power go to the captor [L674].
        taken = ctx.game.powers[victim].treasury
        if taken:
            ctx.emit(Treasury(power=victim, delta=-taken, reason=f"capital {territory} captured by {power}"))
            ctx.emit(Treasury(power=power, delta=taken, reason=f"plunder of {territory}"))
        ctx.note(f"{power} takes {victim}'s capital {territory} and plunders {taken} IPCs")
        if ctx.game.options.get("capital_loss_forfeits") == "on":
            _forfeit(ctx, victim, territory)
    elif board.allied(power, victim):
        _liberate_capital(ctx, victim)


def _liberate_capital(ctx: Context, power: str) -> None:
    """A liberated capital's power gets back every original territory its allies hold;
    no IPCs change hands [L682-L686]."""
    board = Board(ctx.setup, ctx.game)
    for name, space in ctx.setup.spaces.items():
        owner = board.owner(name)
        if space.original_owner == power and owner not in (None, power) and board.allied(power, owner):
            ctx.emit(Control(space=name, owner=power, previous=owner))
            here = ", ".join(u.replace("_", " ") for u in board.installations(name))
            # Global 1940: installations belong to the territory's controller [G40 L1047]
            ctx.note(f"{name} returns to {power} with its liberated capital"
                     + (f", with its installations ({here}) [G40 L1047]" if here else ""))


def _take_guns(ctx: Context, territory: str, power: str, new_owner: str) -> None:
    """Units that never fight (AA guns) of the capturer's enemies are captured with the territory;
    they belong to its new controller and do not move again this turn [@89553], [@114620]."""
    board = Board(ctx.setup, ctx.game)
    for force in [f.model_copy(deep=True) for f in board.forces(territory) if board.enemies(power, f.power)]:
        guns = {u: n for u, n in force.units.items() if not board.unit(u).combatant}
        if not guns:
            continue
        ctx.emit(RemoveUnits(space=territory, force=force.model_copy(update={"units": guns, "damaged": 0, "damaged_units": {}}),
                             reason="captured"))
        ctx.emit(AddUnits(space=territory, force=Force(power=new_owner, units=guns, combat=True, done=True)))
        ctx.note(f"{new_owner} takes {force.power}'s {', '.join(f'{n} {u}' for u, n in guns.items())} "
                 f"in {territory}; captured AA guns do not move this turn [@89553]")


def _forfeit(ctx: Context, victim: str, capital: str) -> None:
    """The captured capital's power loses its unplaced units and its researcher tokens
    (translator's note [@102031], option capital_loss_forfeits, ruling A29)."""
    state = ctx.game.powers[victim]
    if state.purchased:
        lost = dict(state.purchased)
        ctx.emit(Purchased(power=victim, units={u: -n for u, n in lost.items()}))
        ctx.note(f"{victim} loses its unplaced units ({', '.join(f'{n} {u}' for u, n in lost.items())}) "
                 f"with {capital} [@102031]")
    if state.researchers:
        n = state.researchers
        ctx.emit(Researchers(power=victim, delta=-n))
        ctx.note(f"{victim} loses its {n} researcher(s) with {capital} [@102031]")
