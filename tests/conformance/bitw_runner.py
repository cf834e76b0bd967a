"""The Blocks in the West conformance-case runner: one data file, one rule case (DATC-style).

A case file `tests/conformance/blocks_in_the_west/NNN-short-name.yaml` holds:

- `case` (its number), `title`, `rule` (the rulebook citation, "BW Lnnn: ...");
- `scenario` (optional): a scenario file in the cases' folder, default `_test-scenario.yaml`;
- `options`: rule options other than the defaults (`aa_ref.games.blocks_in_the_west.ruleset.OPTIONS`), e.g. {rules: advanced};
- `state`: changes to the new game: `turn`, `power` (the active side), `phase` (default `movement`),
  `weather`, `winner`, `armistices`, `fortifications`, `volkssturm` (OR 28.0), the OR 36.0 / 36.1 turns
  (`italy_dismissed`, `italy_surrendered`, `mussolini_freed`, `mussolini_captured`, `rsi_declared`, `rsi_liguria`,
  `rsi_gift_turn`, `rsi_gift`), `partisans` and `conquered` (OR 29.0), `lend_lease_turn`, `lend_lease_pp`,
  `u_boat_target` (OR 34.0, 35.2), `reserves` (OR 31.0, block -> motorisation|reaction), `capitals`, `evacuate` (Paris
  open city), `mediterranean_weather` (OR 39.0), `recon_hexes`, `recon_targets` (OR 19.2), `morale` (the US morale),
  `radar_down` (the radar chain), `blocks` (block id -> {hex, strength, revealed, out_of_supply, moved, hits};
  when `blocks` is given, every block not listed is off the map, else the scenario's setup stands;
  `strength` defaults to the block's full printed value), `control` (hex -> side, or null for none,
  merged over the scenario's), `pp` (power -> n, merged), `coloured_pp` (power -> {colour: n}, AR 11.0,
  replacing that power's), `srm_used` (power -> n), `pending`
  (a list of Decisions), `factory_works` and `new_factories` (OR 15.0, lists of entries);
- `orders`: one or more documents `{power, actions, dice?, based_on?}` (kind and schema_version are
  added; `power` defaults to the side the game waits for: the first pending decision's, else the
  active side), applied in order, all or none;
- `dice`: the dice rolled at the table, used in order by every document that carries none;
- `expect`: the `verdict` (legal or illegal); for illegal orders the `errors` (substrings of the
  problems) and `rule_cited` (a substring of some Problem.rule); for legal ones, expected parts of
  the resulting game: `blocks` (id -> expected fields; `hex: null` = off the map), `control` (hex ->
  side, or null for uncontrolled), `pp` (power -> n), `coloured_pp` (power -> {colour: n}: exactly those
  colours; {} for none), `srm_used`, `phase`, `power`, `turn`,
  `weather`, `winner`, `armistices`, `fortifications`, `volkssturm`, `pending` (the sides waiting, in order), `notes` (substrings some note must
  contain), `rolls` (the dice values rolled, in order), `factory_works`, `new_factories` (OR 15.0, exactly these
  entries).

Each document is adjudicated as `aa_ref.core.session.adjudicate` does for a self-checking ruleset:
`Bitw.adjudicate` only, on a Context with the document's dice, else the table's, else
SeededDice(game seed "conformance"), and `apply=apply_event`. The runner asserts that folding the
emitted events over the starting game gives exactly the resulting game (events are the only
mutation) and that illegal orders leave the game unchanged (the full model dump before the refused
document and after the attempt); an illegal verdict's expectations are compared with that game.
A key the runner does not read (top level, `state`, `expect`, `options`) is an error naming the case
file and the key, with a "did you mean".
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from aa_ref.games.blocks_in_the_west.ruleset import OPTIONS, Bitw
from aa_ref.games.blocks_in_the_west.scenario import Scenario
from aa_ref.games.blocks_in_the_west.state import BlockState, Damage, Decision, FactoryWork, Game, NewFactory
from aa_ref.core.setups import load_setup
from aa_ref.core.yamlio import load_yaml
from tests.conformance.documents_runner import Outcome, check_document_case_keys, compare_fields, play
from tests.conformance.runner import verdict_failures

HERE = Path(__file__).parent / "blocks_in_the_west"
SCENARIO = "_test-scenario.yaml"
SEED = "conformance"
HEADER_KEYS = ("turn", "power", "phase", "weather", "winner", "armistices", "fortifications", "volkssturm",
               "destroyed_factories", "italy_dismissed", "italy_surrendered", "mussolini_freed", "mussolini_captured",
               "rsi_declared", "rsi_liguria", "rsi_gift_turn", "rsi_gift", "partisans", "conquered", "lend_lease_turn",
               "lend_lease_pp", "u_boat_target", "reserves", "production_lost", "srm_lost", "v2_target", "gotterdammerung",
               "capitals", "evacuate", "mediterranean_weather", "recon_hexes", "recon_targets", "morale", "radar_down",
               "neutrals_attacked", "mulberry_paid", "mulberries_ready", "mulberries", "pp_by_sea")
CASE_KEYS = ("case", "title", "rule", "scenario", "seed", "options", "state", "orders", "dice", "expect", "known_bug")
STATE_KEYS = HEADER_KEYS + ("blocks", "control", "pp", "coloured_pp", "srm_used", "pending", "factory_works",
                            "new_factories", "bomb_damage")
EXPECT_KEYS = ("verdict", "errors", "rule_cited") + HEADER_KEYS + (
    "blocks", "control", "pp", "coloured_pp", "srm_used", "pending", "notes", "rolls", "factory_works", "new_factories")
MODEL_LISTS = {"factory_works": FactoryWork, "new_factories": NewFactory}
"""OR 15.0 state given and checked as lists of entries (the works on the production track, the factories built)."""


def load_scenario(name: str = SCENARIO) -> Scenario:
    return load_setup(str(HERE / name))


def case_options(case: dict[str, Any]) -> dict[str, str]:
    opts = {key: choices[0] for key, choices in OPTIONS.items()}
    opts.update({k: str(v) for k, v in (case.get("options") or {}).items()})
    return opts


def build_state(case: dict[str, Any]) -> tuple[Scenario, Bitw, Game]:
    """The case's starting game: a new game of the case's scenario with the case's `state` changes."""
    scenario = load_scenario(case.get("scenario", SCENARIO))
    ruleset = Bitw()
    game = ruleset.new_game(scenario, None, case_options(case), str(case.get("seed", SEED)), "case.log.yaml")
    state = case.get("state") or {}
    game.phase = "movement"
    for key in HEADER_KEYS:
        if key in state:
            setattr(game, key, state[key])
    game.round = game.turn
    if "blocks" in state:
        listed = state["blocks"] or {}
        for block_id in listed:
            assert block_id in scenario.blocks, f"unknown block {block_id} in the case's state"
        blocks = {}
        for block_id, block in scenario.blocks.items():
            fields = dict(listed.get(block_id) or {"hex": None})
            fields.setdefault("hex", None)
            fields.setdefault("strength", block.steps[0].value)
            if game.options.get("fog_of_war") == "off":
                fields.setdefault("revealed", True)
            assert fields["hex"] is None or fields["hex"] in scenario.hexes, f"unknown hex {fields['hex']} ({block_id})"
            blocks[block_id] = BlockState.model_validate(fields)
        game.blocks = blocks
    for hex_id, side in (state.get("control") or {}).items():
        assert hex_id in scenario.hexes, f"unknown hex {hex_id} in the case's control"
        if side is None:
            game.control.pop(hex_id, None)
        else:
            game.control[hex_id] = side
    for power, amount in (state.get("pp") or {}).items():
        assert power in scenario.powers, f"unknown power {power}"
        game.pp[power] = amount
    game.srm_used.update(state.get("srm_used") or {})
    for power, colours in (state.get("coloured_pp") or {}).items():
        assert power in scenario.powers, f"unknown power {power}"
        game.coloured_pp[power] = {c: n for c, n in colours.items() if n}
    if "pending" in state:
        game.pending = [Decision.model_validate(d) for d in state["pending"] or []]
    for key, model in MODEL_LISTS.items():
        if key in state:
            setattr(game, key, [model.model_validate(x) for x in state[key] or []])
    if "bomb_damage" in state:  # OR 32.0: hex -> {by, production, port, rail}
        game.bomb_damage = {h: Damage.model_validate(d) for h, d in (state["bomb_damage"] or {}).items()}
    # run the validators again (canonical order of blocks and control)
    game = Game.model_validate(game.model_dump())
    return scenario, ruleset, game


def run_case(path: Path) -> tuple[dict[str, Any], Outcome]:
    """Apply a case's orders to its state; the problems or the resulting game."""
    case = load_yaml(path).data
    check_document_case_keys(path, case, CASE_KEYS, STATE_KEYS, EXPECT_KEYS, tuple(OPTIONS))
    scenario, ruleset, game = build_state(case)
    return case, play(path, case, scenario, ruleset, game, "bitw-orders")


def run_inline(folder: Path, scenario: str, state: dict[str, Any], documents: list[dict[str, Any]],
               options: dict[str, str] | None = None) -> Outcome:
    """A case a unit test writes instead of a numbered file: `documents` applied to `state` on `scenario` (a fixture of
    the cases' folder), through the same runner; the problems or the resulting game."""
    case = {"case": 0, "title": "a unit test's case", "rule": "unit test", "scenario": scenario,
            "options": options or {}, "state": state, "orders": documents, "expect": {"verdict": "legal"}}
    path = folder / "case.yaml"
    path.write_text(json.dumps(case))
    return run_case(path)[1]


def check_expectations(case: dict[str, Any], outcome: Outcome) -> list[str]:
    """Every way the outcome differs from the case's `expect`, in words."""
    expect = case["expect"]
    failures = verdict_failures(expect, outcome.problems, outcome.rules)
    game = outcome.game
    for key in HEADER_KEYS:  # illegal orders: the game they left unchanged
        if key in expect and getattr(game, key) != expect[key]:
            failures.append(f"{key} is {getattr(game, key)!r}, expected {expect[key]!r}")
    for block_id, fields in (expect.get("blocks") or {}).items():
        if block_id not in game.blocks:
            failures.append(f"unknown block {block_id} in expect")
        else:
            compare_fields(failures, block_id, game.blocks[block_id].model_dump(), fields or {})
    for hex_id, side in (expect.get("control") or {}).items():
        if game.control.get(hex_id) != side:
            failures.append(f"{hex_id} is controlled by {game.control.get(hex_id)!r}, expected {side!r}")
    for power, amount in (expect.get("pp") or {}).items():
        if game.pp.get(power, 0) != amount:
            failures.append(f"{power} has {game.pp.get(power, 0)} PP, expected {amount}")
    for power, colours in (expect.get("coloured_pp") or {}).items():
        got = game.coloured_pp.get(power, {})
        if got != {c: n for c, n in (colours or {}).items() if n}:
            failures.append(f"{power} stores coloured PP {got}, expected {colours}")
    for power, amount in (expect.get("srm_used") or {}).items():
        if game.srm_used.get(power, 0) != amount:
            failures.append(f"{power} made {game.srm_used.get(power, 0)} rail moves, expected {amount}")
    if "pending" in expect:
        got = [d.power for d in game.pending]
        if got != list(expect["pending"]):
            failures.append(f"pending decisions of {got}, expected {expect['pending']}")
    for key in MODEL_LISTS:
        if key in expect:
            got = [x.model_dump() for x in getattr(game, key)]
            if got != list(expect[key] or []):
                failures.append(f"{key} is {got}, expected {expect[key]}")
    for text in expect.get("notes") or []:
        if not any(text.lower() in n.lower() for n in outcome.notes):
            failures.append(f"no note mentions {text!r}; notes: {outcome.notes}")
    if "rolls" in expect and outcome.rolls != list(expect["rolls"]):
        failures.append(f"the dice rolled were {outcome.rolls}, expected {expect['rolls']}")
    return failures
