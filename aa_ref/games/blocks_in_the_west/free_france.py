"""Free France (basic rules 5.7, France's armistice 5.8.2) [BW L854], [BW L946-L957].

"Viene istituita la Francia Libera (5.7)" is an effect of France's armistice [BW L854]. "La Francia Libera è
considerata come una Potenza Minore Americana, con 3 unità di terra (tropicalizzate); non produce PP ed ha propria
capitale in ALGERI. Le unità della FF possono essere costruite e riparate in 3 differenti modi: 1. Partendo dal
Gennaio 1942, gli Americani possono spendere fino a 3PP/turno per ricostruirle; 2. [a partisan hex entered: OR 29.0];
3. Dopo la liberazione di Parigi, essa diventa la nuova capitale della Francia Libera attribuendo al giocatore FF 3
PP/turno" [BW L950-L957].

The scenario gives the power `created_by_armistice_of` (France), `rebuilt_by` (the USA, from 1942-01, 3 PP a turn)
and `liberated_capital` (Paris). Played:

- before the founding power's armistice the Free French units do not exist: not placed, not repaired;
- a Free French unit's steps are paid from Free France's own PP when it holds them (after Paris's liberation), else
  by the sponsor (the USA) from its month on, at most `pp` yellow PP a turn (`Game.sponsored`);
- once its side holds Paris again after the armistice (the armistice gave it to the enemy [BW L851]), Paris is Free
  France's capital (new units enter there too) and gives it 3 yellow PP in each of its side's Production phases.
Way 2 is OR 29.0's (`partisans.entered`: a Free French unit, power `free_france`, recruits the discs it enters).
"""

from __future__ import annotations

from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.events import Points, Sponsored
from aa_ref.games.blocks_in_the_west.scenario import Scenario
from aa_ref.games.blocks_in_the_west.state import Game

LIBERATED_INCOME = 3
"""'attribuendo al giocatore FF 3 PP/turno' [BW L957]."""


def founded(scenario: Scenario, game: Game, power: str) -> bool:
    """A power created by another's armistice exists once that armistice is granted [BW L854]."""
    founder = scenario.powers[power].created_by_armistice_of
    return founder is None or founder in game.armistices


def liberated(scenario: Scenario, game: Game, power: str) -> str | None:
    """Paris, when Free France exists and its side holds it again: its new capital [BW L957]."""
    x = scenario.powers[power]
    if x.liberated_capital is None or x.created_by_armistice_of is None or not founded(scenario, game, power):
        return None
    return x.liberated_capital if game.control.get(x.liberated_capital) == x.side else None


def check_exists(act: Act, block_id: str, field: str) -> None:
    power = act.scenario.blocks[block_id].power
    founder = act.scenario.powers[power].created_by_armistice_of
    act.require(founded(act.scenario, act.game, power), f"{block_id} is a unit of {power}, which exists only from "
                f"{founder}'s armistice (\"Viene istituita la Francia Libera\")", "L854", field)


def payer(act: Act, block_id: str, yellow: int) -> str:
    """Who pays `yellow` PP for a step of the block: its own power, or (Free France without the PP) its sponsor within
    its monthly limit [BW L954]; the sponsor's spending is recorded."""
    block = act.scenario.blocks[block_id]
    x = act.scenario.powers[block.power]
    if x.rebuilt_by is None or act.game.pp.get(block.power, 0) >= yellow:
        return block.power
    sponsor = x.rebuilt_by
    month = act.scenario.turns[act.game.turn - 1].month
    act.require(month >= sponsor.from_month, f"{block.power} has no PP: its units are rebuilt by {sponsor.power} "
                f"from {sponsor.from_month} (\"Partendo dal Gennaio 1942, gli Americani possono spendere fino a "
                f"3PP/turno per ricostruirle\")", "L954")
    spent = act.game.sponsored.get(block.power, 0) if act.game.sponsored_turn == act.game.turn else 0
    act.require(spent + yellow <= sponsor.pp, f"{sponsor.power} spends at most {sponsor.pp} PP a turn on "
                f"{block.power}'s units: {spent} spent, {yellow} more asked", "L954")
    act.ctx.emit(Sponsored(power=block.power, amount=yellow, turn=act.game.turn))
    return sponsor.power


def income(act: Act) -> None:
    """The Production phase: Free France with Paris liberated receives 3 yellow PP [BW L957]."""
    for power, x in act.scenario.powers.items():
        if x.side == act.side and liberated(act.scenario, act.game, power):
            act.ctx.emit(Points(power=power, delta=LIBERATED_INCOME, reason="Paris liberated [BW L957]"))
            act.note(f"{power} receives {LIBERATED_INCOME} PP: Paris, liberated, is its capital [BW L957]")
