"""The WARZAG conformance-case runner: one data file, one rule case (DATC-style).

Modelled on `tests/conformance/runner.py` (the A&A runner), for the WARZAG engine
(`aa_ref.games.warzag`). A case file `NNN-short-name.yaml` holds:

- `case` (its number), `title`, `rule` (the rulebook citation, e.g. "WZ L291");
- `options`: rule options other than the defaults (`aa_ref.games.warzag.options`), e.g. {mode: alliances};
  `seed` (optional, default "conformance"): the game's seed (it draws the bases);
- `state`: changes to the new game. By default the turn is begun: every player has `turns: 2`,
  `turn.roll` is 3 and the phase is `leader`; the case's state says otherwise where it needs to
  (`turn: {roll: null}` and `phase: income` for the start of a turn). Keys: `round`, `power`,
  `phase`, `winner`, `turn` (fields of Turn), `players` (nation -> fields of Player; `objective:
  {card, salt}` becomes the commitment of `aa_ref.games.warzag.objectives.commitment`), `hexes` (hex ->
  {owner, development}, or null for neutral), `armies` (id -> fields of Army; `range_left` defaults
  to the Dossier's range), `supply_deck`;
- `orders`: one or more documents `{power, actions, dice?, based_on?}` (kind and schema_version
  are added; `power` defaults to the player whose turn it is), applied in order, all or none;
- `dice`: the dice rolled at the table, used in order by every document that carries none;
- `expect`: the `verdict` (legal or illegal); for illegal orders the `errors` (substrings of the
  problems) and `rule_cited` (a substring of some Problem.rule); for legal ones, expected parts of
  the resulting game: `players` (nation -> fields), `hexes` (hex -> {owner, development}, or null
  for neutral), `armies_present` / `armies_absent` (ids), `armies` (id -> fields), `power`,
  `phase`, `round`, `winner`, `turn` (fields of Turn), `pending` (the powers waiting), `notes`
  (substrings some note must contain), `rolls` (the dice values rolled, in order). An illegal
  verdict's game is the one the refused document met, which the runner checks is unchanged.

A key the runner does not read (top level, `state`, `expect`, `options`) is an error naming the case file
and the key, with a "did you mean".

Each document is adjudicated as `aa_ref.core.session.adjudicate` does: `ruleset.check`, then
`ruleset.adjudicate` on a Context with the document's dice, else the table's, else seeded dice,
and `apply=ruleset.apply_event`. The runner asserts that folding the emitted events over the
starting game with `aa_ref.games.warzag.events.apply_event` gives exactly the resulting game (events are
the only mutation), and that illegal orders leave the game unchanged. A game the options refuse
(`Warzag.new_game` raising) is an illegal outcome whose rule is the [WZ ...] citation in its message.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from aa_ref.core.errors import AaRefError
from aa_ref.core.setups import load_setup
from aa_ref.games.warzag import options as wz_options
from aa_ref.games.warzag.objectives import commitment
from aa_ref.games.warzag.ruleset import Warzag
from aa_ref.games.warzag.state import Army, Game, HexState, Pawn, Standing, Turn
from aa_ref.core.yamlio import load_yaml
from tests.conformance.documents_runner import Outcome, check_document_case_keys, compare_fields, play
from tests.conformance.runner import verdict_failures

PACK = "warzag-demo"
SEED = "conformance"
HEADER_KEYS = ("round", "power", "phase", "winner")
CASE_KEYS = ("case", "title", "rule", "options", "seed", "state", "orders", "dice", "expect", "known_bug")
STATE_KEYS = HEADER_KEYS + ("turn", "players", "hexes", "armies", "supply_deck")
EXPECT_KEYS = ("verdict", "errors", "rule_cited") + HEADER_KEYS + (
    "players", "hexes", "armies_present", "armies_absent", "armies", "turn", "pending", "supply_deck", "notes", "rolls")


def case_options(case: dict[str, Any]) -> dict[str, str]:
    opts = wz_options.defaults()
    opts.update({k: str(v) for k, v in (case.get("options") or {}).items()})
    return opts


def build_state(case: dict[str, Any]) -> tuple[Any, Warzag, Game]:
    """The case's starting game: a new demo-pack game with the case's `state` changes (UsageError if the
    options refuse the game)."""
    pack = load_setup(PACK)
    ruleset = Warzag()
    game = ruleset.new_game(pack, None, case_options(case), str(case.get("seed", SEED)), "case.log.yaml")
    state = case.get("state") or {}
    # the turn begun by default: everybody has played a turn, the die showed 3, Phase II
    for player in game.players.values():
        player.turns = 2
    game.phase = "leader"
    turn = {"roll": 3, **(state.get("turn") or {})}
    game.turn = Turn.model_validate(turn)
    for key in HEADER_KEYS:
        if key in state:
            setattr(game, key, state[key])
    for nation, fields in (state.get("players") or {}).items():
        player = game.players[nation]
        for key, value in (fields or {}).items():
            if key == "objective":
                value = commitment(game.seed, nation, value["card"], value["salt"]) if value else None
            elif key == "pawn":
                value = Pawn.model_validate(value) if value is not None else None
            elif key == "standing":
                value = Standing.model_validate({**player.standing.model_dump(), **value})
            elif key == "supply":
                value = list(value)
            setattr(player, key, value)
    for hex_id, fields in (state.get("hexes") or {}).items():
        assert hex_id in pack.hexes, f"unknown hex {hex_id} in the case's state"
        if fields is None:
            game.hexes.pop(hex_id, None)
        else:
            game.hexes[hex_id] = HexState.model_validate(fields)
    armies = dict(game.armies)
    for army_id, fields in (state.get("armies") or {}).items():
        data = dict(fields)
        if "range_left" not in data:
            data["range_left"] = pack.dossiers[data["nation"]][data["category"]].range
        armies[army_id] = Army.model_validate(data)
    game.armies = armies
    numbers = [int(m.group(1)) for i in game.armies if (m := re.search(r"-(\d+)$", i))]
    game.next_army = max(numbers, default=0) + 1
    if "supply_deck" in state:
        game.supply_deck = list(state["supply_deck"])
    # run the validators again (canonical order of hexes and armies)
    game = Game.model_validate(game.model_dump())
    return pack, ruleset, game


def run_case(path: Path) -> tuple[dict[str, Any], Outcome]:
    """Apply a case's orders to its state; the problems or the resulting game."""
    case = load_yaml(path).data
    check_document_case_keys(path, case, CASE_KEYS, STATE_KEYS, EXPECT_KEYS, tuple(wz_options.OPTIONS))
    try:
        pack, ruleset, game = build_state(case)
    except AaRefError as exc:  # the options refuse the game (seating)
        return case, Outcome(None, [exc.message], re.findall(r"WZ L\d+(?:-L\d+)?", exc.message))
    return case, play(path, case, pack, ruleset, game, "warzag-orders")


def _fields(obj: Any) -> dict[str, Any]:
    return obj.model_dump() if hasattr(obj, "model_dump") else obj


def check_expectations(case: dict[str, Any], outcome: Outcome) -> list[str]:
    """Every way the outcome differs from the case's `expect`, in words."""
    expect = case["expect"]
    failures = verdict_failures(expect, outcome.problems, outcome.rules)
    game = outcome.game
    if game is None:  # the options refused the game: there is no game to compare
        return failures
    for key in HEADER_KEYS:  # illegal orders: the game they left unchanged
        if key in expect and getattr(game, key) != expect[key]:
            failures.append(f"{key} is {getattr(game, key)!r}, expected {expect[key]!r}")
    for nation, fields in (expect.get("players") or {}).items():
        compare_fields(failures, nation, game.players[nation].model_dump(), fields or {})
    for hex_id, fields in (expect.get("hexes") or {}).items():
        got = game.hexes.get(hex_id)
        if fields is None:
            if got is not None and got.owner is not None:
                failures.append(f"{hex_id} is {got.owner}'s, expected neutral")
        else:
            compare_fields(failures, hex_id, (got or HexState()).model_dump(), fields)
    for army_id in expect.get("armies_present") or []:
        if army_id not in game.armies:
            failures.append(f"army {army_id} is not on the board; armies: {sorted(game.armies)}")
    for army_id in expect.get("armies_absent") or []:
        if army_id in game.armies:
            failures.append(f"army {army_id} is still on the board")
    for army_id, fields in (expect.get("armies") or {}).items():
        if army_id not in game.armies:
            failures.append(f"army {army_id} is not on the board; armies: {sorted(game.armies)}")
        else:
            compare_fields(failures, army_id, game.armies[army_id].model_dump(), fields or {})
    if "turn" in expect:
        compare_fields(failures, "turn", game.turn.model_dump(), expect["turn"])
    if "pending" in expect:
        got = [d.power for d in game.pending]
        if got != list(expect["pending"]):
            failures.append(f"pending decisions of {got}, expected {expect['pending']}")
    if "supply_deck" in expect and game.supply_deck[: len(expect["supply_deck"])] != expect["supply_deck"]:
        failures.append(f"the Supply deck is {game.supply_deck}, expected it to begin {expect['supply_deck']}")
    for text in expect.get("notes") or []:
        if not any(text.lower() in n.lower() for n in outcome.notes):
            failures.append(f"no note mentions {text!r}; notes: {outcome.notes}")
    if "rolls" in expect and outcome.rolls != list(expect["rolls"]):
        failures.append(f"the dice rolled were {outcome.rolls}, expected {expect['rolls']}")
    return failures
