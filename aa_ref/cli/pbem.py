"""The fair-dice commands of the `aa-ref` command line: commit, sign, reveal, verify
(docs/fair-dice.md). Thin, like `aa_ref.cli.app`: parse, call `aa_ref.features.pbem.commands`, print."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Callable, Optional

import typer

from aa_ref.core.errors import AaRefError

GamePath = Annotated[Path, typer.Argument(help="The game file.", show_default=False)]
SecretPath = Annotated[Path, typer.Option("--secret", help="This player's private secret file.", show_default=False)]


def register(app: typer.Typer, fail: Callable[[AaRefError], None]) -> None:
    """Add the fair-dice commands to `app`."""

    @app.command()
    def commit(
        game: GamePath,
        secret: SecretPath,
        player: Annotated[Optional[str], typer.Option("--player", help="Your name as the other players know it.")] = None,
        powers: Annotated[Optional[str], typer.Option("--powers", help="The powers you play, comma-separated.")] = None,
        side: Annotated[Optional[str], typer.Option("--side", help="Or: every power of a side (Axis, Allies).")] = None,
        length: Annotated[int, typer.Option("--length", min=1, help="Values in your hash chain (one per document that rolls dice).")] = 10_000,
    ) -> None:
        """Fair dice: commit to a signing key and a hash chain for the powers you play (creates SECRET if missing)."""
        from aa_ref.core.session import commit as commit_player
        from aa_ref.features.pbem.commands import powers_of

        try:
            chosen = powers_of(game, powers, side)
            state, note, created = commit_player(game, secret, player, chosen, length)
        except AaRefError as exc:
            fail(exc)
        if created:
            typer.echo(f"Made {secret}: your private key and chain. Keep it; never send it to another player.")
        typer.echo(note + ".")
        waiting = [p for p in state.powers if not any(p in c.powers for c in state.fair_dice.values())]
        typer.echo("Waiting for commitments for: " + ", ".join(waiting) if waiting
                   else "Every power has a committed player: play can start.")

    @app.command("sign")
    def sign_command(
        game: GamePath,
        orders: Annotated[Path, typer.Argument(help="Your orders, decision or edit file; signed in place.")],
        secret: SecretPath,
    ) -> None:
        """Fair dice: check and sign your orders (or an edit every player signs) for the current state of the game
        (fills in based_on)."""
        from aa_ref.core.yamlio import load_yaml
        from aa_ref.features.pbem.commands import sign_edit, sign_orders

        try:
            data = load_yaml(orders).data
            if isinstance(data, dict) and data.get("kind") == "edit":
                waiting = sign_edit(game, orders, secret)
                typer.echo(f"{orders}: signed. " + (f"Still to sign: {', '.join(waiting)}." if waiting else
                                                    "Every player has signed: apply it with 'aa-ref apply'."))
                return
            digest = sign_orders(game, orders, secret)
        except AaRefError as exc:
            fail(exc)
        typer.echo(f"{orders}: signed (document {digest[:16]}). Send it to the other players for their reveals.")

    @app.command("reveal")
    def reveal_command(
        game: GamePath,
        orders: Annotated[list[Path], typer.Argument(help="Another player's signed orders or decisions, in order.")],
        secret: SecretPath,
        output: Annotated[Path, typer.Option("-o", "--output", help="Write the reveal file here.", show_default=False)],
        force: Annotated[bool, typer.Option("--force", help="Replace an existing file.")] = False,
    ) -> None:
        """Fair dice: reveal your next chain value for another player's signed orders (after checking them)."""
        from aa_ref.core.yamlio import refuse_existing
        from aa_ref.features.pbem.commands import reveal

        try:
            refuse_existing([output], force)
            outcome = reveal(game, orders, secret, output)
        except AaRefError as exc:
            fail(exc)
        for line in outcome.lines:
            typer.echo(line)
        if outcome.revealed:
            typer.echo(f"Written: {output}. Send it back; either player can now apply the orders with --reveal {output}.")
        else:
            typer.echo(f"Written: {output} (empty: nothing needed a reveal).")

    @app.command()
    def verify(
        game: GamePath,
        as_json: Annotated[bool, typer.Option("--json", help="Machine-readable JSON (docs/json.md).")] = False,
    ) -> None:
        """Replay the game and audit its dice: commitments, signatures, every chain value used once, re-rolls."""
        from tabulate import tabulate

        from aa_ref.features.pbem.commands import verify as verify_game

        try:
            result = verify_game(game)
        except AaRefError as exc:
            fail(exc)
        if as_json:
            typer.echo(json.dumps({"ok": not result.problems, "entries": result.entries, "problems": result.problems,
                                   "warnings": result.warnings, "players": result.players,
                                   "entries_with_fair_dice": result.fair_rolls, "entries_with_seeded_dice": result.seeded_rolls,
                                   "entries_with_table_dice": result.manual_rolls}, indent=2))
        else:
            if result.players:
                typer.echo(tabulate(result.players, headers="keys"))
            typer.echo(f"{result.entries} log entries; dice: {result.fair_rolls} fair, {result.seeded_rolls} seeded, "
                       f"{result.manual_rolls} from the table.")
            for warning in result.warnings:
                typer.echo(f"warning: {warning}")
            for problem in result.problems:
                typer.echo(f"FAILED: {problem}", err=True)
            if not result.problems:
                typer.echo("Verified: the log replays and every roll follows from the commitments.")
        raise typer.Exit(1 if result.problems else 0)
