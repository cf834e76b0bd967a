"""The `aa-ref` command line. Thin: parse arguments, call `aa_ref.core.session`, print.

Exit codes: 0 ok, 1 invalid input or illegal orders (or a replay that diverges),
2 usage or I/O error. Errors are one line each, never a traceback.
"""

from __future__ import annotations

import json
import os
import sys
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Optional

import typer
import typer.main
import typer.models

from aa_ref import __version__
from aa_ref.core.errors import AaRefError, PrivacyWarning, RecoveryNotice, UsageError
from aa_ref.core.names import NameIndex


app = typer.Typer(
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
    help="aa-ref: referee and save-file toolkit for WWII board games (Axis & Allies 1941, ...).",
)



def _flags_take_no_value() -> None:
    """Typer's rich help shows a type after every option, `--force <bool>` too, as if a flag took a value (plain click
    help does not); a flag's type is not shown."""
    from typer.core import TyperOption

    shown = TyperOption.display_type_rich
    if getattr(shown, "aa_ref_flags", False):
        return

    def display_type_rich(self: TyperOption, ctx: typer.Context) -> str | None:  # type: ignore[name-defined]
        return None if self.is_flag else shown(self, ctx)

    display_type_rich.aa_ref_flags = True  # type: ignore[attr-defined]
    TyperOption.display_type_rich = display_type_rich  # type: ignore[method-assign]


_flags_take_no_value()

GamePath = Annotated[Path, typer.Argument(help="The game file (Axis & Allies, WARZAG or Blocks in the West).", show_default=False)]


def fail(error: AaRefError) -> None:
    for line in error.lines():
        typer.echo(line, err=True)
    if error.problems and error.message and len(error.problems) > 1:
        typer.echo(f"{len(error.problems)} problems; nothing was written.", err=True)
    raise typer.Exit(error.exit_code)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"aa-ref {__version__}")
        raise typer.Exit(0)


@contextmanager
def _privacy_warnings_shown() -> Iterator[None]:
    """While a command runs, each PrivacyWarning and RecoveryNotice of the library is one line on stderr, every
    time."""

    def show(message: Warning | str, category: type[Warning], *args: object, **kwargs: object) -> None:
        if issubclass(category, PrivacyWarning):
            typer.echo(f"warning: {message}", err=True)
        elif issubclass(category, RecoveryNotice):
            typer.echo(f"note: {message}", err=True)
        else:
            shown(message, category, *args, **kwargs)  # type: ignore[arg-type]

    with warnings.catch_warnings():
        shown = warnings.showwarning
        warnings.simplefilter("always", PrivacyWarning)
        warnings.simplefilter("always", RecoveryNotice)
        warnings.showwarning = show
        yield


@app.callback()
def main_options(
    ctx: typer.Context,
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version.")] = False,
) -> None:
    """aa-ref: referee and save-file toolkit for WWII board games."""
    ctx.with_resource(_privacy_warnings_shown())


FAMILIES = {"aa1941": "Axis & Allies 1941", "anniversary": "A&A Anniversary", "global1940": "A&A Global 1940",
            "warzag": "WARZAG", "bitw": "Blocks in the West"}
"""Ruleset id -> the family of games a user knows it by (`aa-ref games`)."""


def _echo(text: str, nl: bool = True) -> None:
    """Print text fitted to the terminal's width (`cli.fit`: tables reshaped, long lines wrapped)."""
    from aa_ref.cli.fit import fit

    typer.echo(fit(text), nl=nl)


def _print_json(data: object) -> None:
    typer.echo(json.dumps(data, indent=2))


def _problem(problem: object) -> dict[str, object]:
    """A located problem as JSON: message, file, line, column, rule (docs/json.md)."""
    return {key: getattr(problem, key, None) for key in ("message", "file", "line", "column", "rule")}


@app.command()
def games(
    scenario: Annotated[Optional[str], typer.Argument(help="A scenario's id: its powers, variants and options.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable JSON (docs/json.md).")] = False,
) -> None:
    """The scenarios shipped with aa-ref; with SCENARIO, that scenario's powers, variants and options."""
    from tabulate import tabulate

    from aa_ref.core.session import scenarios

    try:
        found = scenarios()
        if scenario is not None:
            ids = NameIndex("scenario", [s.id for s in found])
            if ids.get(scenario) is None:
                raise UsageError(ids.unknown_message(scenario))
            found = [s for s in found if s.id == ids.get(scenario)]
    except AaRefError as exc:
        fail(exc)
    if as_json:
        _print_json({"scenarios": [{"id": s.id, "title": s.title, "ruleset": s.ruleset, "family": FAMILIES.get(s.ruleset, s.ruleset),
                                    "powers": s.powers, "variants": s.variants, "options": s.options} for s in found]})
        return
    if scenario is None:
        rows = [[s.id, s.title, FAMILIES.get(s.ruleset, s.ruleset), f"{len(s.powers)}: {', '.join(s.powers)}",
                 f"{len(s.options)} option{'s' if len(s.options) != 1 else ''}" + (f", variants {', '.join(s.variants)}" if s.variants else "")] for s in found]
        _echo(tabulate(rows, ["scenario", "title", "family", "players (turn order)", "choices"], disable_numparse=True)
              + "\n\n'aa-ref games SCENARIO' shows a scenario's options and variants; "
                "'aa-ref new SCENARIO -o GAME.yaml --option KEY=VALUE' starts a game.")
        return
    s = found[0]
    lines = [f"{s.id}: {s.title}", f"family: {FAMILIES.get(s.ruleset, s.ruleset)} (ruleset {s.ruleset})",
             f"players (turn order): {', '.join(s.powers)}",
             "variants (--variant): " + (", ".join(s.variants) or "none"), ""]
    rows = [[key, values[0], ", ".join(values[1:]) or "-"] for key, values in s.options.items()]
    text = "\n".join(lines) + (tabulate(rows, ["option (--option KEY=VALUE)", "default", "other values"],
                                        disable_numparse=True) if rows else "options: none")
    _echo(text)


@app.command("copy-setup")
def copy_setup(
    scenario: Annotated[str, typer.Argument(help="A shipped scenario's id (see 'aa-ref games').")],
    output: Annotated[Path, typer.Option("-o", "--output", help="The file to write.")],
    force: Annotated[bool, typer.Option("--force", help="Replace an existing file.")] = False,
) -> None:
    """Write a shipped scenario's file, to edit into your own (a transcription of your copy, a house rule)."""
    from aa_ref.core.session import copy_setup as copy

    try:
        copy(scenario, output, force)
    except AaRefError as exc:
        fail(exc)
    typer.echo(f"{scenario} written to {output}; check your edits with 'aa-ref validate {output}', start a game with "
               f"'aa-ref new {output} -o GAME.yaml'")


@app.command()
def new(
    scenario: Annotated[str, typer.Argument(help="Scenario id, e.g. aa1941 (see 'aa-ref games'), or a setup or WARZAG pack file.")],
    output: Annotated[Path, typer.Option("-o", "--output", help="The game file to create.")],
    seed: Annotated[Optional[str], typer.Option("--seed", help="Dice seed (default: a random one, saved in the game).")] = None,
    variant: Annotated[Optional[str], typer.Option("--variant", help="A setup variant, e.g. triplea.")] = None,
    option: Annotated[Optional[list[str]], typer.Option("--option", help="A rule option KEY=VALUE, e.g. victory=one_capital.")] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace existing files.")] = False,
) -> None:
    """Start a new game from a shipped setup; writes GAME.yaml and GAME.log.yaml."""
    from aa_ref.core.session import log_path_for, new_game

    try:
        options = {}
        for item in option or []:
            if "=" not in item:
                raise UsageError(f"--option takes KEY=VALUE, not '{item}'")
            key, value = item.split("=", 1)
            options[key.strip()] = value.strip()
        private: list[str] = []
        copied: list[str] = []
        game = new_game(scenario, output, seed, variant, options, overwrite=force, secrets_written=private,
                        setup_copied=copied)
    except AaRefError as exc:
        fail(exc)
    typer.echo(f"New {scenario} game written to {output} (log {log_path_for(output)}); "
               f"round {game.round}, {game.power} to {game.phase.replace('_', ' ')}.")
    for path in copied:
        typer.echo(f"The setup file was copied into the game's folder as {path}: a game folder holds everything its "
                   "game needs, and that copy must stay as it is")
    for path in private:
        typer.echo(f"Secret, for its player's eyes only: {path}")


@app.command()
def validate(
    files: Annotated[list[Path], typer.Argument(help="Game, setup, pack, orders, decision, edit or log files.")],
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable JSON (docs/json.md).")] = False,
) -> None:
    """Check files by their kind; orders are checked against the rules when a game file is given too."""
    from aa_ref.core.session import validate_files

    reports = validate_files(files)
    if as_json:
        _print_json({"files": [{"path": r.path, "kind": r.kind, "valid": not r.problems,
                                "problems": [_problem(p) for p in r.problems]} for r in reports]})
        missing = any(r.error and ("no such file" in r.error or "cannot read" in r.error) for r in reports)
        raise typer.Exit(2 if missing else 1 if any(r.problems for r in reports) else 0)
    bad = 0
    usage = False
    for report in reports:
        if report.problems:
            bad += 1
            for problem in report.problems:
                text = str(problem)
                typer.echo(text if problem.file else f"{report.path}: {text}", err=True)
            usage = usage or bool(report.error and ("no such file" in report.error or "cannot read" in report.error))
        else:
            typer.echo(f"{report.path}: valid {report.kind}")
    if usage:
        raise typer.Exit(2)
    raise typer.Exit(1 if bad else 0)


def _side(text: str | None) -> str | None:
    """A Blocks in the West side (`axis` or `allies`) named in any case; a usage error naming the sides otherwise."""
    from aa_ref.games.blocks_in_the_west.scenario import SIDES

    if text is None:
        return None
    sides = NameIndex("side", SIDES)
    found = sides.get(text)
    if found is None:
        fail(UsageError(sides.unknown_message(text) + "; --side is axis or allies"))
    return found


def _show_svg(game: Path, out: Path, side: Optional[str], power: Optional[str], force: bool) -> None:
    """`show --svg`: the picture of the board, written atomically; a Blocks in the West picture privately (0600)."""
    from aa_ref.core.session import load_game
    from aa_ref.core.yamlio import atomic_write, refuse_existing
    from aa_ref.features.pictures import board_svg, is_private
    from aa_ref.games.blocks_in_the_west.views import NoViewSecret

    try:
        if power is not None:
            raise UsageError("--power does not apply to --svg: the board's picture shows every power "
                             "(Blocks in the West: --side for a side's view)")
        loaded = load_game(game)
        chosen = _side(side) if loaded.game.kind == "bitw-game" and side is not None else side
        try:
            text = board_svg(loaded.setup, loaded.game, chosen)
        except NoViewSecret:
            raise NoViewSecret(str(game)) from None
        refuse_existing([out], force)
        private = is_private(loaded.game, chosen)
        atomic_write(out, text, private=private)
    except AaRefError as exc:
        fail(exc)
    if loaded.game.kind == "bitw-game":
        whose = f"the {chosen}' view" if chosen else "the referee's picture, every block shown: not for a player"
        typer.echo(f"Board picture written to {out} ({whose}; mode 0600)")
    else:
        typer.echo(f"Board picture written to {out}")


@app.command()
def show(
    game: GamePath,
    power: Annotated[Optional[str], typer.Option(
        "--power", help="Only this power's spaces; WARZAG: this player's view (others' cards hidden).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable JSON (docs/json.md).")] = False,
    side: Annotated[Optional[str], typer.Option(
        "--side", help="Blocks in the West: this side's view under fog of war (axis or allies); A&A: this side's powers (any case).")] = None,
    svg: Annotated[Optional[Path], typer.Option(
        "--svg", help="Write the board as a picture (SVG) to this file instead; Blocks in the West: with --side, "
                      "that side's view only, else the referee's picture (written 0600).")] = None,
    force: Annotated[bool, typer.Option("--force", help="With --svg: replace an existing file.")] = False,
) -> None:
    """The state of a game: round, power to move, phase, treasuries, units, battles, decisions; with --svg, the board
    as a picture."""
    from aa_ref.core.session import load_game

    if svg is not None:
        if as_json:
            fail(UsageError("--svg writes a picture and --json prints the state: choose one"))
        _show_svg(game, svg, side, power, force)
        return
    if force:
        fail(UsageError("--force replaces the file --svg writes; show prints otherwise"))
    try:
        loaded = load_game(game)
        if power is not None:
            name = loaded.setup.power_names.get(power)
            if name is None:
                raise UsageError(loaded.setup.power_names.unknown_message(power))
            power = name
    except AaRefError as exc:
        fail(exc)
    start = loaded.log.start
    from aa_ref.core.edits import edits_in, edits_line

    edited = edits_line(loaded.log)
    if loaded.game.kind == "bitw-game":
        from aa_ref.games.blocks_in_the_west import render as bitw
        from aa_ref.games.blocks_in_the_west.views import NoViewSecret

        chosen = _side(side or power)
        try:
            if as_json:
                shown = bitw.show_json(loaded.setup, loaded.game, chosen, start)
                if chosen is None:  # a side's view leaves out the referee's reasons, which may name hidden blocks
                    shown["edits"] = edits_in(loaded.log)
                text = json.dumps(shown, indent=2) + "\n"
            else:
                text = bitw.show_text(loaded.setup, loaded.game, chosen, start) + (f"{edited}\n" if edited else "")
        except NoViewSecret:
            fail(NoViewSecret(str(game)))
        _echo(text, nl=False) if not as_json else typer.echo(text, nl=False)
        return
    if loaded.game.kind == "warzag-game":
        from aa_ref.games.warzag import render as warzag

        if side is not None:  # never ignored: a player asking for a side's view must not get the whole game
            fail(UsageError("a WARZAG game has no sides to show: --power NATION shows that player's view"))
        if as_json:
            typer.echo(json.dumps({**warzag.status(loaded.setup, loaded.game, power, start),
                                   "edits": edits_in(loaded.log)}, indent=2))
        else:
            _echo(warzag.show_text(loaded.setup, loaded.game, power, loaded.path, start)
                  + (f"{edited}\n" if edited else ""), nl=False)
        return
    from aa_ref.features.reports.render import show_text, status

    if side is not None:  # A&A: the powers of one side, the side named in any case
        sides = NameIndex("side", loaded.setup.sides)
        if sides.get(side) is None:
            fail(UsageError(sides.unknown_message(side)))
        side = sides.get(side)

    if as_json:
        typer.echo(json.dumps({**status(loaded.setup, loaded.game, loaded.ruleset, start),
                               "edits": edits_in(loaded.log)}, indent=2))
    else:
        _echo(show_text(loaded.setup, loaded.game, loaded.ruleset, power, start, side)
              + (f"\n{edited}" if edited else ""))


@app.command()
def where(
    game: GamePath,
    space: Annotated[str, typer.Argument(help="A space (A&A territory or sea zone, WARZAG or Blocks in the West hex), any case.")],
    units: Annotated[Optional[list[str]], typer.Option(
        "--units", help="Units moving together, e.g. '2 infantry, tank' (repeatable): where they can go now.")] = None,
    power: Annotated[Optional[str], typer.Option("--power", help="Whose units (default: the one to move).")] = None,
    side: Annotated[Optional[str], typer.Option(
        "--side", help="Blocks in the West: answer from this side's view only (axis or allies).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable JSON (docs/json.md).")] = False,
) -> None:
    """Where can these units go? A space's neighbours, controller and units; with --units, the spaces they can reach
    in the current (or next) movement phase, with the cost of each, as the move checker judges them."""
    from aa_ref.core.session import load_game

    try:
        loaded = load_game(game)
        found = loaded.ruleset.where(loaded.setup, loaded.game, space, units, power, side)
    except AaRefError as exc:
        fail(exc)
    typer.echo(json.dumps(found.data, indent=2) if as_json else found.text, nl=as_json)


@app.command()
def template(
    game: GamePath,
    output: Annotated[Optional[Path], typer.Option("-o", "--output", help="Write the skeleton here instead of printing it.")] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace an existing file.")] = False,
) -> None:
    """The skeleton of the orders (or decision) the game waits for, legal choices as comments."""
    from aa_ref.core.session import load_game, template_volleys
    from aa_ref.core.yamlio import atomic_write, refuse_existing

    try:
        loaded = load_game(game)
        text = loaded.ruleset.template(loaded.setup, loaded.game)
        text += template_volleys(loaded, text)
        if output:
            refuse_existing([output], force)
            atomic_write(output, text)
    except AaRefError as exc:
        fail(exc)
    if not output:
        typer.echo(text, nl=False)
    else:
        typer.echo(f"Template written to {output}")


@app.command()
def apply(
    game: GamePath,
    orders: Annotated[list[Path], typer.Argument(help="Orders or decision files, applied in order, all or none.")],
    output: Annotated[Optional[Path], typer.Option("-o", "--output", help="Write the new game here (its log beside it).")] = None,
    in_place: Annotated[bool, typer.Option("--in-place", help="Replace GAME.yaml and append to its log.")] = False,
    dice: Annotated[Optional[Path], typer.Option(
        "--dice", help="Dice rolled at the table: a YAML list used in order, or dice by volley name (dice: {NAME: [..]}).")] = None,
    log: Annotated[Optional[Path], typer.Option("--log", help="The game's log (default: the one the game names).")] = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Adjudicate and print, write nothing.")] = False,
    reveal: Annotated[Optional[list[Path]], typer.Option(
        "--reveal", help="Fair-dice games: a reveal file from another player (repeat for each).")] = None,
    force: Annotated[bool, typer.Option("--force", help="With -o: replace an existing game and log.")] = False,
    ask_dice: Annotated[bool, typer.Option(
        "--ask-dice", help="Dice rolled at the table, typed volley by volley as each is described (or piped in).")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="The summary as JSON (docs/json.md); not with --ask-dice.")] = False,
) -> None:
    """Validate orders as a whole, adjudicate them, write the new game and append to its log."""
    from aa_ref.cli.table_dice import dice_typed_at_the_table
    from aa_ref.core.session import apply_orders

    try:
        if as_json and ask_dice:
            raise UsageError("--json and --ask-dice do not mix: the volleys are asked on standard output")
        asked = dice_typed_at_the_table() if ask_dice else None
        result = apply_orders(game, orders, output, in_place, dice, log, dry_run, reveal, force, asked)
    except AaRefError as exc:
        fail(exc)
    if as_json:
        g = result.game
        _print_json({"applied": [{"source": str(a.source), "notes": list(a.notes)} for a in result.applied],
                     "round": g.round, "power": g.power, "phase": g.phase, "winner": g.winner,
                     "pending": [{"power": d.power, "kind": d.kind, "space": d.space} for d in g.pending],
                     "written": list(result.written), "dry_run": dry_run})
        return
    for applied in result.applied:
        if applied.narrated:
            continue
        typer.echo(f"== {applied.source}")
        for note in applied.notes:
            typer.echo(f"  {note}")
    from aa_ref.cli.steps import now_line

    typer.echo(now_line(result.game))
    if result.written:
        typer.echo("Written: " + ", ".join(result.written))
    elif dry_run:
        typer.echo("Dry run: nothing written.")


@app.command("log")
def log_command(
    game: GamePath,
    round_: Annotated[Optional[int], typer.Option("--round", help="Only this round.")] = None,
    power: Annotated[Optional[str], typer.Option("--power", help="Only the entries that concern this power (its orders, decisions, battles, dice, losses).")] = None,
    log: Annotated[Optional[Path], typer.Option("--log", help="The log file (default: the one the game names).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable JSON (docs/json.md).")] = False,
) -> None:
    """The audit log as readable text (or JSON)."""
    from aa_ref.core.session import load_game
    from aa_ref.features.reports.render import log_text

    try:
        loaded = load_game(game, log, check_head=False)
    except AaRefError as exc:
        fail(exc)
    if as_json:
        from aa_ref.features.reports.log_json import log_json

        _print_json(log_json(loaded.log, round_, power))
        return
    _echo(log_text(loaded.log, round_, power), nl=False)


@app.command()
def replay(
    game: GamePath,
    log: Annotated[Optional[Path], typer.Option("--log", help="The log file (default: the one the game names).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable JSON (docs/json.md).")] = False,
) -> None:
    """Recompute the game from its setup and log; exit 1 at the first divergence."""
    from aa_ref.core.session import replay as replay_game

    try:
        report = replay_game(game, log)
    except AaRefError as exc:
        fail(exc)
    if as_json:
        _print_json({"game": str(game), "entries": report.entries, "matches": not report.divergence,
                     "divergence": report.divergence})
        raise typer.Exit(1 if report.divergence else 0)
    if report.divergence:
        typer.echo(f"{game}: replay diverges: {report.divergence}", err=True)
        raise typer.Exit(1)
    typer.echo(f"{game}: replay of {report.entries} log entries matches the game.")


@app.command()
def report(
    game: GamePath,
    round_: Annotated[Optional[int], typer.Option("--round", help="The round (Blocks in the West: the turn; default: the last one played).")] = None,
    fmt: Annotated[str, typer.Option("--format", help="md (forums, e-mail), bbcode (phpBB forums), html (a page with the board and an income chart) or text.")] = "md",
    side: Annotated[Optional[str], typer.Option("--side", help="Blocks in the West: only what this side's view shows (axis or allies); without it the referee's report, which shows every hidden block.")] = None,
    out: Annotated[Optional[Path], typer.Option("-o", "--output", help="Write the report to this file (a referee's report under fog of war is written 0600).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace OUT if it exists.")] = False,
) -> None:
    """A turn report from the log, every event under the turn it happened in: purchases, research, moves, battles
    with dice, captures, income, and the board at the end of the round; WARZAG per nation, Blocks in the West per
    side under fog of war."""
    from aa_ref.core.session import load_game
    from aa_ref.core.yamlio import atomic_write, refuse_existing
    from aa_ref.features.pictures import board_svg
    from aa_ref.features.reports.document import FORMATS, render
    from aa_ref.features.reports.games import report_of

    try:
        if fmt not in FORMATS:
            raise UsageError(f"unknown format '{fmt}' (formats: {', '.join(FORMATS)})")
        if out is not None:
            refuse_existing([out], force)
        loaded = load_game(game)
        made = report_of(loaded, round_, side)
        private = made.private

        def picture(round_: int) -> str:  # the board at the round's end, as the report's reader may see it
            return board_svg(loaded.setup, made.board_at(round_), made.side)

        text = render(made.report, fmt, picture)
        if out is not None:
            atomic_write(out, text, private=private)
    except AaRefError as exc:
        fail(exc)
    if out is None:
        typer.echo(text, nl=False)
    else:
        typer.echo(f"Written: {out}" + (" (private: the referee's report shows hidden blocks)" if private else ""))


@app.command("import-triplea")
def import_triplea_command(
    xml: Annotated[Path, typer.Argument(help="A TripleA game XML.")],
    out: Annotated[Path, typer.Option("-o", "--out", help="The setup file to write.")],
    ruleset: Annotated[Optional[str], typer.Option(
        "--ruleset", help="The rules the setup is played with: aa1941, anniversary or global1940 (default: detected "
                          "from the XML's game name and properties, and said).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace OUT if it exists.")] = False,
    map_dir: Annotated[Optional[Path], typer.Option(
        "--map-dir", help="A TripleA map folder (with centers.txt, polygons.txt): the board is drawn with its "
                          "shapes by 'show --svg'.")] = None,
) -> None:
    """Convert a TripleA game XML into an aa-ref setup, reporting what could not be mapped."""
    from aa_ref.features.triplea.importer import import_triplea

    try:
        imported, problems = import_triplea(xml, out, ruleset, force, map_dir)
    except AaRefError as exc:
        fail(exc)
    typer.echo(f"Setup written to {out}.")
    if imported.detected:
        typer.echo(f"Ruleset: {imported.ruleset}, detected: {imported.detected}.")
    if imported.not_mapped:
        typer.echo(f"Not mapped ({len(imported.not_mapped)}):")
        for line in imported.not_mapped:
            typer.echo(f"  {line}")
    if imported.to_add:
        typer.echo(f"To add by hand for a complete {imported.ruleset} game ({len(imported.to_add)}):")
        for line in imported.to_add:
            typer.echo(f"  {line}")
    if problems:
        typer.echo(f"{len(problems)} problem(s) to fix by hand before the setup can be played "
                   f"(`aa-ref new` refuses it until then):")
        for problem in problems:
            typer.echo(f"  {problem}")


@app.command()
def undo(
    game: GamePath,
    log: Annotated[Optional[Path], typer.Option("--log", help="The log file (default: the one the game names).")] = None,
    secret: Annotated[Optional[Path], typer.Option(
        "--secret", help="Fair-dice games: the secret file of the player whose orders are taken back (it signs the undo).")] = None,
) -> None:
    """Take back the last orders or decision still in effect, as a new log entry (the log keeps everything)."""
    from aa_ref.core.session import undo as undo_last

    try:
        restored, what = undo_last(game, log, secret)
    except AaRefError as exc:
        fail(exc)
    from aa_ref.cli.steps import draft_line

    typer.echo(f"{what}. Now: round {restored.round}, {restored.power}, {restored.phase.replace('_', ' ')}"
               f"{draft_line(restored)}.")


@app.command()
def recover(
    game: GamePath,
    from_log: Annotated[bool, typer.Option("--from-log", help="Put back in a game file edited by hand the state its "
                                                              "log gives.")] = False,
) -> None:
    """Finish or undo a write of GAME and its log that a crash, a kill or a full disk interrupted, then check the
    pair. Every command that loads GAME does this by itself; this one says what it did. With --from-log, a game file
    edited by hand gets back the state its log gives."""
    from aa_ref.core.session import recover as recover_game
    from aa_ref.core.session import restore_from_log

    try:
        done = [restore_from_log(game)] if from_log else recover_game(game)
    except AaRefError as exc:
        fail(exc)
    typer.echo(f"{game}: " + ("; ".join(done) if done else "nothing to recover") + ".")


@app.command()
def diff(
    before: Annotated[Path, typer.Argument(help="The earlier game file.")],
    after: Annotated[Path, typer.Argument(help="The later game file.")],
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable JSON (docs/json.md): spaces -> power -> units before and after.")] = False,
) -> None:
    """What changed between two game files, in game terms: treasuries, territories, units moved."""
    from aa_ref.features.reports.diff import diff_files, diff_text

    try:
        changes = diff_files(before, after)
    except AaRefError as exc:
        fail(exc)
    if as_json:
        _print_json(changes.as_json())
    else:
        _echo(diff_text(changes, str(before), str(after)), nl=False)


@app.command()
def check(
    game: GamePath,
    orders: Annotated[list[Path], typer.Argument(help="Orders or decision files, in the order they would be applied.")],
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable JSON (docs/json.md).")] = False,
) -> None:
    """Dry run of legality: are these orders legal now? No dice are rolled and nothing is written."""
    from aa_ref.core.session import check_orders

    try:
        reports = check_orders(game, orders)
    except AaRefError as exc:
        fail(exc)
    if as_json:
        _print_json({"documents": [{"path": r.path, "status": r.status, "detail": r.detail or None,
                                    "volleys": list(r.volleys), "problems": [_problem(p) for p in r.problems]}
                                   for r in reports]})
        raise typer.Exit(1 if any(r.status == "illegal" for r in reports) else 0)
    for report in reports:
        for problem in report.problems:
            typer.echo(str(problem), err=True)
        typer.echo(f"{report.path}: {report.status}" + (f" ({report.detail})" if report.detail else ""))
        for volley in report.volleys:
            typer.echo(f"  {volley}")
    raise typer.Exit(1 if any(r.status == "illegal" for r in reports) else 0)


@app.command()
def odds(
    game: Annotated[Optional[Path], typer.Argument(help="A game file: odds of a battle in it (with --at).")] = None,
    attacker: Annotated[Optional[str], typer.Option("--attacker", help="e.g. '10 infantry, 3 artillery, 2 tank'.")] = None,
    defender: Annotated[Optional[str], typer.Option("--defender", help="The defending units, same form.")] = None,
    edition: Annotated[str, typer.Option("--edition", help="Whose unit profiles: aa1941, anniversary or global1940.")] = "aa1941",
    sea: Annotated[bool, typer.Option("--sea", help="A sea battle (default: land).")] = False,
    at: Annotated[Optional[str], typer.Option("--at", help="With a game file: the space of the battle.")] = None,
    attacker_tech: Annotated[list[str], typer.Option("--attacker-tech", help="A technology of the attacker (repeatable).")] = [],
    defender_tech: Annotated[list[str], typer.Option("--defender-tech", help="A technology of the defender (repeatable).")] = [],
    attacker_order: Annotated[Optional[str], typer.Option("--attacker-order", help="Order of loss, e.g. 'infantry, artillery, tank'.")] = None,
    defender_order: Annotated[Optional[str], typer.Option("--defender-order", help="The defender's order of loss.")] = None,
    retreat_after: Annotated[Optional[int], typer.Option("--retreat-after", min=1, help="The attacker retreats after this round.")] = None,
    retreat_below: Annotated[Optional[int], typer.Option("--retreat-below", min=1, help="The attacker retreats with fewer units left than this.")] = None,
    keep_land: Annotated[bool, typer.Option("--keep-land", help="The attacker loses its last land unit last (to take the territory).")] = False,
    retreat_chance: Annotated[Optional[float], typer.Option("--retreat-chance", min=0.0, max=1.0, help="The attacker retreats when its chance to win falls below this (0-1).")] = None,
    low_luck: Annotated[bool, typer.Option("--low-luck", help="Low luck: total value / 6 hits for sure, one die for the rest.")] = False,
    bombard: Annotated[Optional[str], typer.Option("--bombard", help="Ships bombarding before an amphibious landing, e.g. '1 battleship, 1 cruiser'.")] = None,
    seaborne: Annotated[Optional[str], typer.Option("--seaborne", help="Attacking land units landed from transports (they never retreat).")] = None,
    submerge: Annotated[bool, typer.Option("--submerge", help="Submarines submerge when they may, instead of striking.")] = False,
    runs: Annotated[Optional[int], typer.Option("--runs", help="Monte Carlo with this many battles (default: exact when tractable).")] = None,
    seed: Annotated[str, typer.Option("--seed", help="Monte Carlo seed (same seed, same figures).")] = "odds",
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable JSON (docs/json.md).")] = False,
    plot_file: Annotated[Optional[Path], typer.Option("--plot", help="Also draw the outcome distribution as a PNG (needs matplotlib).")] = None,
    exact: Annotated[bool, typer.Option("--exact", help="The exact method only: refused, saying why, when the battle is too large for it or needs the referee's engine.")] = False,
) -> None:
    """Battle odds: who wins, holds or is stalemated, survivors, IPCs lost, the distribution of outcomes; exact or
    Monte Carlo. Units as players write them: '3 inf, 2 art, arm', '2 sub, dd'."""
    import os

    # numpy (imported for large battles only) starts OpenBLAS's thread pool, half of its import time here; the
    # solvers' matrices are small, one thread is as fast: unless the user chose, one thread
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    from aa_ref.features.odds.report import as_json as odds_json
    from aa_ref.features.odds.report import as_text, check_plot_path, plot
    from aa_ref.features.odds.run import Request, compute, spec_from_request

    request = Request(attacker, defender, edition, sea, tuple(attacker_tech), tuple(defender_tech), attacker_order,
                      defender_order, retreat_after, retreat_below, keep_land, low_luck, retreat_chance, bombard, seaborne,
                      submerge, runs, seed)
    try:
        if game is not None:
            from aa_ref.core.session import load_game
            from aa_ref.features.odds.from_game import spec_from_game

            if at is None:
                raise UsageError("with a game file, name the battle's space with --at")
            spec = spec_from_game(load_game(game), at, request)
        else:
            spec = spec_from_request(request)
        if plot_file is not None:
            check_plot_path(str(plot_file))  # before the work, which may take minutes
        with _progress("battles") as progress:
            result = compute(spec, runs, seed, exact, progress)
    except AaRefError as exc:
        fail(exc)
    typer.echo(json.dumps(odds_json(spec, result), indent=2) if as_json else as_text(spec, result))
    if plot_file is not None:  # after the figures are printed: a plotting error never loses them
        try:
            plot(result, str(plot_file))
        except AaRefError as exc:
            fail(exc)
        except OSError as exc:
            fail(UsageError(f"--plot: cannot write {plot_file} ({exc.strerror}); the figures above are complete"))


@contextmanager
def _progress(what: str) -> Iterator[Callable[[int, int], None] | None]:
    """A progress bar on stderr for long work, told (done, total); none when stderr is not a terminal (scripts,
    tests), so that outputs stay clean."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(what, total=None)
        yield lambda done, total: bar.update(task, completed=done, total=total)


@app.command()
def export(
    game: GamePath,
    side: Annotated[str, typer.Option("--side", help="The side whose view is written: axis or allies.")],
    output: Annotated[Path, typer.Option("-o", "--output", help="The view file to write (kind: bitw-view).")],
    force: Annotated[bool, typer.Option("--force", help="Replace an existing file.")] = False,
) -> None:
    """Blocks in the West: write one side's view of the game, with none of the other side's hidden facts."""
    from aa_ref.core.session import load_game
    from aa_ref.core.yamlio import atomic_write, dump_styled, refuse_existing
    from aa_ref.games.blocks_in_the_west.views import NoViewSecret, view

    try:
        loaded = load_game(game)
        if loaded.game.kind != "bitw-game":
            raise UsageError("export writes a side's view of a Blocks in the West game; other games have no hidden units")
        side = _side(side)
        try:
            seen = view(loaded.setup, loaded.game, side)  # type: ignore[arg-type]
        except NoViewSecret:
            raise NoViewSecret(str(game)) from None
        refuse_existing([output], force)
        atomic_write(output, dump_styled(seen.model_dump(mode="json")), private=True)  # for one side's eyes
    except AaRefError as exc:
        fail(exc)
    typer.echo(f"The {side}' view written to {output}")


@app.command()
def rekey(
    game: GamePath,
    force: Annotated[bool, typer.Option("--force", help="Replace the secret the game has (every hidden block is "
                                                        "renamed in both sides' views).")] = False,
) -> None:
    """Blocks in the West: give the referee's game file a new secret for the names of hidden blocks in a side's view
    (a game begun before aa-ref kept one needs it once; the log is not changed)."""
    from aa_ref.core.session import rekey as new_secret

    try:
        new_secret(game, force)
    except AaRefError as exc:
        fail(exc)
    typer.echo(f"{game}: a new view secret, in the game file only; every hidden block has a new name in the views "
               "from now on (send each side its view again)")


@app.command("editor-setup")
def editor_setup(
    folder: Annotated[Path, typer.Argument(help="The folder of your games (default: this one).")] = Path("."),
) -> None:
    """Let your editor check the files of a folder of games as you type: the JSON Schemas go into
    FOLDER/.aa-ref/schemas/, and every file aa-ref writes in FOLDER or below names its schema there."""
    from aa_ref.core.documents import install_editor_schemas

    if not folder.is_dir():
        fail(UsageError(f"{folder} is not a folder; create it first"))
    try:
        target = install_editor_schemas(folder)
    except AaRefError as exc:
        fail(exc)
    typer.echo(f"Schemas written to {target}/. Files aa-ref writes in {folder} or below now start with a line "
               "naming their schema there (for editors with YAML support, such as VS Code with Red Hat's YAML "
               "extension); send the folder whole and the line works on the other machine too.")


@app.command()
def schema(
    output: Annotated[Path, typer.Option("-o", "--output", help="Folder to write the JSON Schemas to.")] = Path("schemas"),
) -> None:
    """Write the JSON Schemas of every file kind (the copies in aa_ref/schemas/ must match)."""
    from aa_ref.core.documents import schema_texts
    from aa_ref.core.yamlio import atomic_write

    try:
        output.mkdir(parents=True, exist_ok=True)
        for name, text in schema_texts().items():
            atomic_write(output / name, text)
    except OSError as exc:
        fail(UsageError(f"{output}: cannot write ({exc.strerror})"))
    except AaRefError as exc:
        fail(exc)
    typer.echo(f"Schemas written to {output}/: " + ", ".join(schema_texts()))


from aa_ref.cli.pbem import register as _register_pbem  # noqa: E402  (the fair-dice commands)

_register_pbem(app, fail)

from aa_ref.cli.steps import register as _register_steps  # noqa: E402  (a phase entered move by move)

_register_steps(app, fail)


def _command_name(info: typer.models.CommandInfo) -> str:
    return info.name or typer.main.get_command_name(info.callback.__name__)  # type: ignore[union-attr]


def only_the_command_asked(argv: list[str]) -> None:
    """Keep only the command a command line names: typer builds every registered command's parameters from its
    signature at each start, which for thirty commands costs a short command a third of its time. A command line
    without a known command first (`--help`, a typo, shell completion) keeps them all, so help and suggestions list
    every command."""
    if not argv or argv[0].startswith("-") or "_AA_REF_COMPLETE" in os.environ:
        return
    asked = [info for info in app.registered_commands if _command_name(info) == argv[0]]
    if asked:
        app.registered_commands = asked


def main() -> None:
    """Entry point of the `aa-ref` script."""
    only_the_command_asked(sys.argv[1:])
    try:
        app()
    except KeyboardInterrupt:
        typer.echo("interrupted; nothing was written", err=True)
        sys.exit(2)
