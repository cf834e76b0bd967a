"""The commands of a phase entered move by move (README "A phase entered move by move"): `aa-ref move` enters one
move of the Combat or Noncombat Move, checked at once; `aa-ref end-phase` ends the phase, adjudicating every move
entered. Thin, like `aa_ref.cli.app`: build the step document, call `session.apply_data`, print."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Callable, Optional

import typer

from aa_ref.core.errors import AaRefError, UsageError

GamePath = Annotated[Path, typer.Argument(help="The Axis & Allies game file.", show_default=False)]


def draft_line(game: object) -> str:
    """', entered move by move (2 moves so far; ...)' for a game whose phase is being entered move by move."""
    draft = getattr(game, "draft", None)
    if draft is None:
        return ""
    n = sum(len(s.moves) for s in draft.steps)
    return f", entered move by move ({n} move{'s' if n != 1 else ''} so far; 'aa-ref end-phase' ends it)"


def now_line(g: Any) -> str:
    """Where a game stands after a command changed it: 'Now: round 1, USSR, conduct combat; waiting for ...'."""
    state = f"round {g.round}, {g.power}, {g.phase.replace('_', ' ')}"
    if g.pending:
        state += "; waiting for " + ", ".join(f"{d.power} ({d.kind}{f' in {d.space}' if d.space else ''})"
                                              for d in g.pending)
    if g.winner:
        state = f"game over: the {g.winner} have won" if g.kind == "game" else f"game over: {g.winner} won"
    return f"Now: {state}{draft_line(g)}."


def register(app: typer.Typer, fail: Callable[[AaRefError], None]) -> None:
    """Add `move` and `end-phase` to `app`."""

    def _apply(game: Path, make: Callable, source: str, dice: Path | None = None, ask_dice: bool = False) -> None:
        from aa_ref.cli.table_dice import dice_typed_at_the_table
        from aa_ref.core.session import apply_data, load_dice, load_game
        from aa_ref.games.axis_allies.rules import steps

        try:
            if dice and ask_dice:
                raise UsageError("give the table's dice one way: --dice FILE or --ask-dice, not both")
            at_table = load_dice(dice) if dice else dice_typed_at_the_table() if ask_dice else None
            loaded = load_game(game)
            move = make(loaded.setup) if loaded.game.kind == "game" else None
            data = steps.command_document(loaded.setup, loaded.game, move, source == "aa-ref end-phase")
            result = apply_data(game, data, source, at_table)
        except AaRefError as exc:
            fail(exc)
        for note in [] if result.applied[0].narrated else result.applied[0].notes:
            typer.echo(f"  {note}")
        typer.echo(now_line(result.game))

    @app.command()
    def move(
        game: GamePath,
        units: Annotated[str, typer.Option("--units", help="The units moving together, e.g. '3 infantry, 1 tank'.")],
        from_: Annotated[str, typer.Option("--from", help="Where they start.")],
        to: Annotated[str, typer.Option("--to", help="Where they end.")],
        via: Annotated[Optional[list[str]], typer.Option("--via", help="A space passed through (repeat, in order).")] = None,
        load: Annotated[Optional[list[str]], typer.Option(
            "--load", help="Transports: units boarding on the way, '2 infantry from Karelia' (repeat).")] = None,
        unload: Annotated[Optional[str], typer.Option("--unload", help="Transports: the territory the cargo lands in.")] = None,
        unload_units: Annotated[Optional[str], typer.Option(
            "--unload-units", help="Transports: the units that land, the rest staying aboard.")] = None,
        land_at: Annotated[Optional[str], typer.Option("--land-at", help="Air units: where they plan to land.")] = None,
    ) -> None:
        """A&A: enter one move of the Combat or Noncombat Move, checked with the moves entered before it and
        applied at once (the game file and log are updated; 'aa-ref undo' takes it back, 'aa-ref end-phase' ends
        the phase)."""
        from aa_ref.games.axis_allies.rules import steps

        def make(setup):
            return steps.one_move(setup, units, from_, to, via or [], load or [], unload, unload_units, land_at)

        _apply(game, make, "aa-ref move")

    @app.command("end-phase")
    def end_phase(
        game: GamePath,
        dice: Annotated[Optional[Path], typer.Option(
            "--dice", help="Dice rolled at the table, should the moves roll any (Global 1940 submarines striking "
                           "passing transports): a list in order, or by volley name.")] = None,
        ask_dice: Annotated[bool, typer.Option(
            "--ask-dice", help="Dice rolled at the table, typed volley by volley as each is described.")] = False,
    ) -> None:
        """A&A: end a Combat or Noncombat Move entered move by move: the phase's checks (where the Combat Move
        ends, landing places) run on every move entered, and the moves are made."""
        _apply(game, lambda setup: None, "aa-ref end-phase", dice, ask_dice)
