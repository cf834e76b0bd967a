"""Capture, liberation, capitals and plunder [L655-L686].

Called when land units take a territory: after a won land battle, an entry into an
empty or IC-only hostile territory, or a tank's blitz [L436, L533, L649].
"""

from __future__ import annotations

from aa_ref.aa.board import Board
from aa_ref.engine import Context
from aa_ref.events import Control, SetTurn, Treasury


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
    if original and original != power and board.allied(power, original) and (
        board.capital_held(original) or is_own_capital
    ):
        new_owner = original
    ctx.emit(Control(space=territory, owner=new_owner, previous=loser))
    turn = ctx.game.turn.model_copy(deep=True)
    if territory not in turn.captured:
        turn.captured.append(territory)
        ctx.emit(SetTurn(turn=turn))
    verb = "liberates" if new_owner != power else "captures"
    ctx.note(f"{power} {verb} {territory}" + (f" for {new_owner}" if new_owner != power else "")
             + (f" from {loser}" if loser else "") + (f" (value {space.value})" if space.value else ""))
    capital_of = {p.capital: name for name, p in ctx.setup.powers.items()}
    victim = capital_of.get(territory)
    if victim is None:
        return
    if loser is not None and board.enemies(power, victim):
        # Plunder: all unspent IPCs of the capital's power go to the captor [L674].
        taken = ctx.game.powers[victim].treasury
        if taken:
            ctx.emit(Treasury(power=victim, delta=-taken, reason=f"capital {territory} captured by {power}"))
            ctx.emit(Treasury(power=power, delta=taken, reason=f"plunder of {territory}"))
        ctx.note(f"{power} takes {victim}'s capital {territory} and plunders {taken} IPCs")
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
            ctx.note(f"{name} returns to {power} with its liberated capital")
