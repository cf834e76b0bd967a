"""Renderers: games and logs as tables or JSON. Pure functions of the core's values."""

from __future__ import annotations

from typing import Any

from tabulate import tabulate

from aa_ref.core.auditlog import Log, LogStart, made_by_data, made_by_line
from aa_ref.core.edits import is_edit
from aa_ref.core.fairdice import fingerprint
from aa_ref.core.names import natural_key
from aa_ref.games.axis_allies.model.setup import Setup, UnitCounts
from aa_ref.games.axis_allies.model.state import Game
from aa_ref.games.axis_allies.rules import steps
from aa_ref.games.axis_allies.rules.board import Board, add_counts


def counts_text(units: UnitCounts, order: list[str] | None = None) -> str:
    """`3 infantry, 1 tank`, in the setup's unit order when given."""
    keys = sorted(units, key=lambda u: order.index(u) if order and u in order else len(order or []))
    return ", ".join(f"{units[u]} {u}" for u in keys)



def status(setup: Setup, game: Game, ruleset: Any, start: LogStart | None = None) -> dict[str, Any]:
    """The game as a JSON-ready mapping (the contract of `show --json`); with the log's start, `made_by`: what began
    the game (null for a game begun before versioned saves)."""
    board = Board(setup, game)
    powers = {}
    for name in setup.turn_order:
        state = game.powers[name]
        powers[name] = {
            "side": setup.side_of(name),
            "treasury": state.treasury,
            **ruleset.power_status(board, name),
            "capital": setup.capital_of(name),
            "capital_held": board.capital_held(name),
            "purchased": dict(state.purchased),
        }
    spaces = {}
    for name, state in game.spaces.items():
        units: dict[str, UnitCounts] = {}
        cargo: dict[str, UnitCounts] = {}
        damaged: dict[str, UnitCounts] = {}
        for force in state.forces:
            units[force.power] = add_counts(units.get(force.power, {}), force.units)
            if force.damage():  # capital ships that took a hit
                damaged[force.power] = add_counts(damaged.get(force.power, {}), force.damage())
            for owner, aboard in force.cargo.items():
                cargo[owner] = add_counts(cargo.get(owner, {}), aboard)
        entry: dict[str, Any] = {"owner": state.owner, "units": units}
        if cargo:
            entry["cargo"] = cargo
        if damaged:
            entry["damaged"] = damaged
        if state.industrial_complex:
            entry["industrial_complex"] = "built"
        if state.damage:
            entry["damage"] = state.damage
        if state.installations:  # Global 1940: type -> damage markers
            entry["installations"] = dict(state.installations)
        spaces[name] = entry
    return {
        "game": setup.id,
        "title": setup.title,
        "round": game.round,
        "power": game.power,
        "phase": game.phase,
        "winner": game.winner,
        "options": dict(game.options),
        **ruleset.game_status(board),
        "powers": powers,
        "spaces": spaces,
        "battles": [b.model_dump(mode="json", exclude_defaults=True) for b in game.turn.battles],
        "pending": [d.model_dump(mode="json") for d in game.pending],
        **({"draft": draft_status(setup, game)} if game.draft is not None else {}),
        "log": {"head": game.log.head, "entries": game.log.entries},
        **({"made_by": made_by_data(start)} if start is not None else {}),
    }


def _capital_text(entry: dict[str, Any]) -> str:
    if entry["capital"] is None:
        return "none"
    return entry["capital"] + ("" if entry["capital_held"] else " (lost)")


def _power_rows(data: dict[str, Any], power: str | None, side: str | None = None) -> tuple[list[list[Any]], list[str]]:
    """One row per power; the research and objective columns only when the game has them."""
    extra = [key for key in ("objectives", "researchers", "technologies")
             if any(key in v and (v[key] or key == "researchers") for v in data["powers"].values())]
    rows = []
    for name, v in data["powers"].items():
        if power not in (None, name) or side not in (None, v["side"]):
            continue
        row = [name, v["side"], v["treasury"], v["production"], v["income"], _capital_text(v), counts_text(v["purchased"])]
        for key in extra:
            value = v.get(key, "")
            row.append(", ".join(value) if isinstance(value, list) else value)
        rows.append(row)
    return rows, ["power", "side", "treasury", "production", "income", "capital", "bought", *extra]


def show_text(setup: Setup, game: Game, ruleset: Any, power: str | None = None, start: LogStart | None = None,
              side: str | None = None) -> str:
    """The game as readable tables, optionally limited to one power's spaces (or one side's powers); with the log's
    start, a line saying what began the game."""
    data = status(setup, game, ruleset)
    head = f"{setup.title} - round {game.round}, {game.power} to move, phase {game.phase.replace('_', ' ')}"
    if game.winner:
        head += f" - GAME OVER: the {game.winner} have won"
    rows, headers = _power_rows(data, power, side)
    parts = [head]
    if start is not None:
        parts.append(made_by_line(start))
    if data["options"]:
        parts.append("options: " + ", ".join(f"{k}={v}" for k, v in data["options"].items()))
    if game.fair_dice:
        parts.append("fair dice: " + "; ".join(
            f"{name} plays {', '.join(p.powers)} (key {fingerprint(p.public_key)}, {p.revealed} of {p.length} values revealed"
            + (f" in chain {p.chain}" if p.chain > 1 else "") + ")" for name, p in game.fair_dice.items()))
    if "victory_threshold" in data:
        parts.append("victory cities (" + str(data["victory_threshold"]) + " win): " + "; ".join(
            f"{side} {len(cities)} ({', '.join(cities)})" for side, cities in data["victory_cities"].items()))
    elif "victory_cities" in data:  # Global 1940: per side and map
        parts.append("victory cities held: " + "; ".join(
            f"{side} " + ", ".join(f"{n} {group}" for group, n in maps.items())
            for side, maps in data["victory_cities"].items()))
    parts += ["", tabulate(rows, headers), ""]
    if "wars" in data:  # Global 1940: the war matrix, declarations and neutrals' alignments
        parts += [tabulate([[p, ", ".join(enemies)] for p, enemies in data["wars"].items()], ["power", "at war with"]), ""]
        if data.get("declarations"):
            parts.append("declarations of war: " + "; ".join(data["declarations"]))
        if data.get("neutrals"):
            parts.append("neutrals: " + "; ".join(f"{a.replace('_', '-')} {len(n)} ({', '.join(n)})"
                                                   for a, n in sorted(data["neutrals"].items())))
        parts.append("")
    space_rows = []
    order = list(setup.unit_types)
    for name in sorted(data["spaces"], key=natural_key):
        entry = data["spaces"][name]
        if power and entry["owner"] != power and power not in entry["units"]:
            continue
        if not entry["units"] and not power:
            continue
        units = "; ".join(f"{p}: {counts_text(u, order)}" for p, u in entry["units"].items())
        if entry.get("cargo"):
            units += "  aboard: " + "; ".join(f"{p}: {counts_text(u, order)}" for p, u in entry["cargo"].items())
        if entry.get("damaged"):
            units += "  damaged: " + "; ".join(f"{p}: {counts_text(u, order)}" for p, u in entry["damaged"].items())
        if entry.get("damage"):
            units += f"  IC damage: {entry['damage']}"
        if entry.get("installations"):
            units += "  installations: " + ", ".join(
                u.replace("_", " ") + (f" ({d} damage)" if d else "") for u, d in entry["installations"].items())
        value = setup.spaces[name].value
        space_rows.append([name, entry["owner"] or "", value if setup.spaces[name].kind == "land" else "", units])
    parts += [tabulate(space_rows, ["space", "owner", "IPC", "units"]), ""]
    if game.turn.battles:
        parts.append(tabulate([[b.space, b.kind, b.attacker, b.status] for b in game.turn.battles],
                              ["battle", "kind", "attacker", "status"]))
        parts.append("")
    if game.pending:
        parts.append(tabulate([[d.power, d.kind, d.space, d.detail] for d in game.pending],
                              ["waiting for", "decision", "space", "detail"]))
        parts.append("")
    if game.draft is not None:
        parts += draft_text(setup, game, order)
    return "\n".join(parts)


def draft_status(setup: Setup, game: Game) -> dict[str, Any]:
    """A phase entered move by move: the moves entered so far (each with its log entry) and where the mover's
    units will stand when they are made (`show --json`'s `draft`)."""
    return {"moves": steps.planned(game),
            "ignore": [z for s in game.draft.steps for z in s.ignore] if game.draft else [],
            "after": {space: after for space, (_, after) in steps.standing_after(setup, game).items()}}


def draft_text(setup: Setup, game: Game, order: list[str]) -> list[str]:
    phase = game.phase.replace("_", " ")
    moves = steps.planned(game)
    parts = [f"The {phase} is being entered move by move: {len(moves)} move(s) entered, made when the phase ends "
             "('aa-ref end-phase'; 'aa-ref undo' takes back the last step).",
             tabulate([[i, m["entry"], steps.move_text(m)] for i, m in enumerate(moves, start=1)],
                      ["move", "log entry", "units and path"]), ""]
    standing = steps.standing_after(setup, game)
    if standing:
        parts += [tabulate([[space, counts_text(now, order), counts_text(after, order)]
                            for space, (now, after) in standing.items()],
                           ["space", f"{game.power} now", "when the moves are made"]), ""]
    return parts


def log_text(log: Log, round_: int | None = None, power: str | None = None) -> str:
    """The audit log as readable text: one block per entry, its narrative and dice."""
    out = [f"Game {log.start.setup}" + (f" ({log.start.variant})" if log.start.variant else "")
           + f", seed {log.start.seed}, options "
           + (", ".join(f"{k}={v}" for k, v in log.start.options.items()) or "none"), made_by_line(log.start)]
    for entry in log.entries:
        if round_ is not None and entry.round != round_:
            continue
        if power is not None and power.casefold() not in _powers_concerned(entry):
            continue
        kind = entry.input.get("kind", "orders")
        if entry.input.get("end") is True:  # a phase entered move by move
            kind += ", end of the phase entered move by move"
        elif entry.input.get("step") is True:
            kind += ", a step: moves entered"
        if is_edit(entry.input):
            kind = "EDIT outside the rules"
            signers = [s.get("player") for s in entry.input.get("signatures") or [] if isinstance(s, dict)]
            if signers:
                kind += ", signed by " + ", ".join(map(str, signers))
        out.append(f"\n#{entry.n} round {entry.round}, {entry.power}, {entry.phase.replace('_', ' ')} ({kind})  [{entry.hash}]")
        # The log is printed as it is, even with its chain broken (to see what was edited): read it as plain data.
        signature = entry.input.get("signature")
        if isinstance(signature, dict):
            reveals = [r for r in _as_list(entry.input.get("reveals")) if isinstance(r, dict)]
            out.append(f"  signed by {signature.get('player')}" + ("; dice from " + ", ".join(
                f"{r.get('player')}'s value {r.get('index')} of chain {r.get('chain')}" for r in reveals) if reveals else ""))
        for event in entry.events:  # every game's log shares the note and roll events
            if event.get("type") == "note":
                out.append(f"  {event.get('text')}")
            elif event.get("type") == "roll":
                dice = " ".join(map(str, _as_list(event.get("dice"))))
                source = event.get("source", "seeded")
                out.append(f"    dice {event.get('context')}: {dice} ({DICE_SOURCES.get(source, source)})")
    return "\n".join(out) + "\n"


DICE_SOURCES = {"manual": "table dice", "seeded": "seeded", "fair": "fair dice"}
"""A roll's source as the log says it: 'manual' dice were rolled at the table and typed or listed."""

_NOT_POWERS = frozenset({"space", "spaces", "context", "text", "detail", "reason", "came_from", "from", "to", "via",
                         "phase", "type", "kind", "units", "hex", "hexes"})
"""Event fields that hold spaces, phases, units or prose, never a power (a space may be named like one: Germany)."""


def _powers_concerned(entry: Any) -> set[str]:
    """The powers (casefolded) an entry concerns: its own, the one that wrote its input (a decision's answerer), and
    every power its events name — a roll's or a casualty's owner, a battle's attacker, a captured space's owners, a
    decision's power, the powers keying a battle's sides."""
    found = {str(entry.power).casefold()}
    if isinstance(entry.input, dict) and isinstance(entry.input.get("power"), str):
        found.add(entry.input["power"].casefold())

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                if key in _NOT_POWERS:
                    continue
                found.add(str(key).casefold())
                if isinstance(item, str):
                    found.add(item.casefold())
                else:
                    walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(list(entry.events))
    return found


def _as_list(value: Any) -> list[Any]:
    """A list as it is; anything else (in a log edited by hand) as a list of itself, or empty."""
    return value if isinstance(value, list) else [] if value is None else [value]
