"""Property tests of Blocks in the West fog of war (hypothesis): over random game states of the conformance test
scenario, and over games played at random through the referee, a side's view (`aa_ref.games.blocks_in_the_west.views.view`) never
holds the other side's hidden facts: the identity (id, name, unit class) and strength of enemy blocks standing
upright, and the enemy's off-map blocks and PP [BW L508], [BW L732-L734]."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aa_ref.games.blocks_in_the_west import italy
from aa_ref.games.blocks_in_the_west.events import apply_event
from aa_ref.games.blocks_in_the_west.ruleset import Bitw
from aa_ref.games.blocks_in_the_west.scenario import Scenario
from aa_ref.games.blocks_in_the_west.state import BlockState, Game
from aa_ref.games.blocks_in_the_west.views import view
from aa_ref.core.dice import SeededDice
from aa_ref.core.documents import parse_model
from aa_ref.core.engine import Context, OrdersInput
from aa_ref.core.errors import AaRefError
from aa_ref.core.yamlio import Document
from tests.conformance.bitw_runner import load_scenario

SCENARIO: Scenario = load_scenario()
RULES = Bitw()
LAND = sorted(h for h, x in SCENARIO.hexes.items() if x.terrain != "sea" and not x.partial)
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


HQ_SCENARIO: Scenario = load_scenario("_hq-scenario.yaml")
"""The test map with HQs, for the advanced rules' hidden state (AR 13.0 activations, OR 19.0 attempts)."""


def side_of(block_id: str, scenario: Scenario = SCENARIO) -> str:
    return scenario.powers[scenario.blocks[block_id].power].side


def leaks(game: Game, side: str, scenario: Scenario = SCENARIO) -> list[str]:
    """Every hidden fact of the other side that `side`'s view shows."""
    SCENARIO = scenario  # noqa: N806 (the same checks over another scenario)

    def side_of(block_id: str) -> str:
        return scenario.powers[scenario.blocks[block_id].power].side

    seen = view(SCENARIO, game, side)  # type: ignore[arg-type]
    text = json.dumps(seen.model_dump(mode="json"))
    out = []
    for block_id, state in game.blocks.items():
        block = SCENARIO.blocks[block_id]
        face_up = state.revealed or italy.face_up(scenario, game, block_id)  # OR 36.0: a dismissed Mussolini
        if side_of(block_id) == side or (face_up and state.hex is not None):
            continue
        if f'"{block_id}"' in text:
            out.append(f"the id of hidden enemy block {block_id}")
        if block.name in text and not any(SCENARIO.blocks[b].name == block.name for b in seen.blocks if b in SCENARIO.blocks):
            out.append(f"the name of hidden enemy block {block_id} ({block.name})")
    for key, shown in seen.blocks.items():
        if key in SCENARIO.blocks:
            if side_of(key) != side and not game.blocks[key].revealed and not italy.face_up(scenario, game, key):
                out.append(f"{key} shown by its id")
            continue
        if shown.unit is not None or shown.strength is not None or shown.name is not None:
            out.append(f"{key}: an upright enemy block shows {shown}")
    if any(side_of(b) != side for b in seen.off_map):
        out.append(f"enemy off-map blocks listed: {seen.off_map}")
    if any(side_of(b) != side for b in seen.withheld):
        out.append(f"enemy withheld reinforcements listed (BR 7.3.3): {seen.withheld}")
    if any(SCENARIO.powers[p].side != side for p in seen.pp):
        out.append(f"enemy PP shown: {seen.pp}")
    if any(SCENARIO.powers[p].side != side for p in seen.coloured_pp):
        out.append(f"enemy coloured PP (AR 11.0) shown: {seen.coloured_pp}")
    if any(seen.coloured_pp.get(p) != game.coloured_pp.get(p) for p, x in SCENARIO.powers.items() if x.side == side
           and p in game.coloured_pp):
        out.append("the side's own coloured PP are not shown")
    if side != "axis" and seen.v2_target is not None:
        out.append(f"the Axis's V-2 standing order (OR 26.2) shown: {seen.v2_target}")
    if any(SCENARIO.powers[p].side != side for p in seen.production_lost):
        out.append(f"enemy production losses (OR 32.1) shown: {seen.production_lost}")
    if any(SCENARIO.powers[p].side != side for p in seen.srm_lost):
        out.append(f"enemy rail moves lost (OR 32.3) shown: {seen.srm_lost}")
    # what stays visible: every block on the map, by position and nation
    if sorted(b.hex for b in seen.blocks.values()) != sorted(s.hex for s in game.blocks.values() if s.hex is not None):
        out.append("the view does not show every block on the map by position")
    return out


block_states = st.fixed_dictionaries({
    block_id: st.one_of(
        st.just(None),
        st.tuples(st.sampled_from(LAND), st.sampled_from([s.value for s in block.steps]), st.booleans(), st.booleans()),
    )
    for block_id, block in SCENARIO.blocks.items()
})


def random_game(draw: dict, seed: str) -> Game:
    game = RULES.new_game(SCENARIO, None, {"rules": "basic", "fog_of_war": "on"}, seed, "game.log.yaml")
    for block_id, drawn in draw.items():
        if drawn is None:
            game.blocks[block_id] = BlockState(hex=None, strength=SCENARIO.blocks[block_id].steps[0].value)
        else:
            hex_id, strength, revealed, oos = drawn
            game.blocks[block_id] = BlockState(hex=hex_id, strength=strength, revealed=revealed, out_of_supply=oos)
    return Game.model_validate(game.model_dump())


coloured_stores = st.dictionaries(st.sampled_from(sorted(SCENARIO.powers)), st.dictionaries(
    st.sampled_from(["red", "blue", "white", "black"]), st.integers(min_value=1, max_value=9), min_size=1))


@FAST
@given(block_states, st.text(min_size=1, max_size=8), coloured_stores)
def test_random_states_hide_the_enemy(draw: dict, seed: str, coloured: dict) -> None:
    """Blocks and (AR 11.0 [BW L1756]) the coloured PP each power stores stay out of the enemy's view."""
    game = random_game(draw, seed)
    game.coloured_pp = coloured
    game.v2_target = LAND[0]  # OR 26.2: the Axis's standing order [BW L2398]
    game.production_lost = coloured  # OR 32.1, OR 26.0
    game.srm_lost = {p: 1 for p in coloured}  # OR 32.3
    for side in ("axis", "allies"):
        assert not leaks(game, side), leaks(game, side)


def _document(game: Game, actions: list[dict]) -> OrdersInput:
    side = game.pending[0].power if game.pending else game.power
    data = {"kind": "bitw-orders", "schema_version": 1, "power": side, "actions": actions}
    doc = Document("random.yaml", data, tree=data)
    return OrdersInput(doc, parse_model(doc, "bitw-orders"))


def _adjudicated(scenario: Scenario, game: Game, actions: list[dict]) -> Game | None:
    """The game after the referee accepts `actions` (None if he refuses them), checking that its events fold over the
    game before into the game after (events are the only change)."""
    ctx = Context(scenario, game.model_copy(deep=True), SeededDice(game.seed), apply=RULES.apply_event)
    try:
        RULES.adjudicate(ctx, _document(game, actions))
    except AaRefError:
        return None
    folded = game.model_copy(deep=True)
    for event in ctx.events:
        apply_event(folded, event)
    assert folded.model_dump() == ctx.game.model_dump()
    return ctx.game


def _random_actions(game: Game, rng: random.Random) -> list[dict]:
    side = game.power
    own = [b for b, s in game.blocks.items() if s.hex is not None and side_of(b) == side]
    actions: list[dict] = []
    for _ in range(rng.randint(1, 4)):
        if not own:
            break
        block = rng.choice(own)
        here = game.blocks[block].hex
        path = [here]
        for _ in range(rng.randint(1, 3)):
            path.append(rng.choice(SCENARIO.neighbours[path[-1]]))
        if SCENARIO.blocks[block].unit in ("fighter", "bomber"):
            actions.append({"rebase": block, "to": rng.choice(LAND)})
        else:
            actions.append({"move": [block], "path": path[1:]})
    if rng.random() < 0.3:
        actions.insert(0, {"repair": rng.choice(own)} if own else {"next_phase": "movement"})
    return actions


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=10_000))
def test_random_play_hides_the_enemy_and_events_replay(seed: int) -> None:
    """Random documents (kept when the referee accepts them) from the scenario's start: after each, the views leak
    nothing and the events fold over the game before into the game after."""
    rng = random.Random(seed)
    game = RULES.new_game(SCENARIO, None, {"rules": "basic", "fog_of_war": "on"}, f"s{seed}", "game.log.yaml")
    for _ in range(12):
        if game.winner:
            break
        after = _adjudicated(SCENARIO, game, [{"end_turn": True}] if rng.random() < 0.2 else _random_actions(game, rng))
        if after is None:
            continue
        game = after
        for side in ("axis", "allies"):
            assert not leaks(game, side), leaks(game, side)


def _random_hq_actions(game: Game, rng: random.Random) -> list[dict]:
    """Advanced rules: activations naming random own units, reconnaissance of random hexes, moves, flights."""
    side = game.power
    own = [b for b, s in game.blocks.items() if s.hex is not None and side_of(b, HQ_SCENARIO) == side]
    hqs = [b for b in own if HQ_SCENARIO.blocks[b].unit == "hq"]
    enemy_hexes = sorted({s.hex for b, s in game.blocks.items() if s.hex and side_of(b, HQ_SCENARIO) != side})
    actions: list[dict] = []
    for _ in range(rng.randint(1, 4)):
        roll = rng.random()
        if hqs and roll < 0.4:
            chosen = rng.choice(hqs)
            if HQ_SCENARIO.blocks[chosen].hq == "supreme":
                actions.append({"activate": chosen, "actions": {"tank": rng.choice(own)}})
            else:
                fit = [b for b in own if HQ_SCENARIO.blocks[b].unit in ("tank", "mechanized", "fighter", "bomber")]
                actions.append({"activate": chosen, "command": rng.sample(fit, min(len(fit), rng.randint(0, 2)))})
        elif hqs and enemy_hexes and roll < 0.6:
            actions.append({"recon": rng.choice(enemy_hexes), "hq": rng.choice(hqs)})
        elif own:
            block = rng.choice(own)
            path = [game.blocks[block].hex]
            for _ in range(rng.randint(1, 3)):
                path.append(rng.choice(HQ_SCENARIO.neighbours[path[-1]]))
            if HQ_SCENARIO.blocks[block].unit in ("fighter", "bomber") and enemy_hexes:
                actions.append({"fly": [block], "to": rng.choice(enemy_hexes)})
            else:
                actions.append({"move": [block], "path": path[1:]})
    return actions


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=10_000))
def test_random_advanced_play_hides_activations_and_recon(seed: int) -> None:
    """Random play under hq_command, recon and the Jericho Trumpets: the events fold into the game, and the views
    never show whom an HQ commands, the attempts made, nor any hidden enemy block [BW L1837], [BW L2242]."""
    rng = random.Random(seed)
    options = {"rules": "basic", "hq_command": "on", "fog_of_war": "on", "recon": "on", "jericho_trumpets": "on"}
    game = RULES.new_game(HQ_SCENARIO, None, options, f"s{seed}", "game.log.yaml")
    for _ in range(12):
        if game.winner:
            break
        if game.pending:
            actions = [{"react": {}}] if game.pending[0].kind == "reaction" else [
                {"withdraw": {}, "battle": game.pending[0].space}]
        else:
            actions = [{"end_turn": True}] if rng.random() < 0.2 else _random_hq_actions(game, rng)
        after = _adjudicated(HQ_SCENARIO, game, actions)
        if after is None:
            continue
        game = after
        for side in ("axis", "allies"):
            assert not leaks(game, side, HQ_SCENARIO), leaks(game, side, HQ_SCENARIO)
            text = json.dumps(view(HQ_SCENARIO, game, side).model_dump(mode="json"))  # type: ignore[arg-type]
            assert "hq_active" not in text and "recon_tries" not in text and "commands" not in text


ITALY_SCENARIO: Scenario = load_scenario("_italy-scenario.yaml")
"""The Italian map of OR 36.0 / 36.1 (Mussolini, Gran Sasso, Salò, the Liguria corps)."""
ITALY_LAND = sorted(h for h, x in ITALY_SCENARIO.hexes.items() if x.terrain != "sea" and not x.partial)
turns = st.integers(min_value=0, max_value=3)


@FAST
@given(st.fixed_dictionaries({b: st.one_of(st.just(None), st.tuples(st.sampled_from(ITALY_LAND), st.booleans()))
                              for b in ITALY_SCENARIO.blocks}),
       st.fixed_dictionaries({k: turns for k in ("italy_dismissed", "italy_surrendered", "mussolini_freed",
                                                 "mussolini_captured", "rsi_declared", "rsi_liguria", "rsi_gift_turn")}),
       st.integers(min_value=0, max_value=3), st.integers(min_value=0, max_value=9))
def test_italian_surrender_views_show_mussolini_dismissed_and_hide_the_gift(draw: dict, stages: dict, gift: int,
                                                                            italy_pp: int) -> None:
    """OR 36.0 / 36.1: a dismissed Mussolini on the map is face up to both sides, even once the Final Supply Check
    has stood the revealed blocks upright again [BW L2560]; the stages are public; the gift to the RSI and the
    RSI's PP stay the Axis's [BW L2578]; nothing else of the enemy leaks."""
    game = RULES.new_game(ITALY_SCENARIO, None, {"fog_of_war": "on", "italian_surrender": "on"}, "it", "g.log.yaml")
    for block_id, drawn in draw.items():
        hex_id, revealed = drawn if drawn else (None, False)
        game.blocks[block_id] = BlockState(hex=hex_id, strength=ITALY_SCENARIO.blocks[block_id].steps[0].value,
                                           revealed=revealed and hex_id is not None)
    for key, value in stages.items():
        setattr(game, key, value)
    game.rsi_gift, game.pp["italy"] = gift, italy_pp
    game = Game.model_validate(game.model_dump())
    for side in ("axis", "allies"):
        assert not leaks(game, side, ITALY_SCENARIO), leaks(game, side, ITALY_SCENARIO)
    allied = view(ITALY_SCENARIO, game, "allies")
    mussolini = game.blocks["it-mussolini"]
    if game.italy_dismissed and mussolini.hex is not None:
        assert allied.blocks["it-mussolini"].name == "Mussolini"
    elif mussolini.hex is not None and not mussolini.revealed:
        assert "it-mussolini" not in allied.blocks
    assert allied.italian_surrender == {k: v for k, v in italy.public(game).items()}
    assert "gift" not in json.dumps(allied.model_dump(mode="json")) and "italy" not in allied.pp


@FAST
@given(block_states, st.text(min_size=1, max_size=8),
       st.dictionaries(st.sampled_from(["red", "blue"]), st.integers(min_value=1, max_value=9)),
       st.sampled_from(["convoys", "lend_lease"]))
def test_atlantic_secrets_stay_with_their_side(draw: dict, seed: str, lent: dict, target: str) -> None:
    """OR 34.0 / 35.2: GB's Lend-Lease PP stay out of the Axis's view (as PP [BW L2542]), the North Atlantic U-boat's
    standing target out of the Allies' until it attacks [BW L2552]; each side sees its own."""
    game = random_game(draw, seed)
    game.options = {**game.options, "lend_lease": "on", "convoy_war": "on"}
    game.lend_lease_turn, game.lend_lease_pp, game.u_boat_target = 18, lent, target  # type: ignore[assignment]
    axis, allies = view(SCENARIO, game, "axis"), view(SCENARIO, game, "allies")
    assert axis.lend_lease_pp == {} and allies.lend_lease_pp == lent
    assert allies.u_boat_target is None and axis.u_boat_target == target
    assert axis.lend_lease and allies.lend_lease  # the US's policy is public
    assert "lend_lease_pp" not in json.dumps({k: v for k, v in axis.model_dump(mode="json").items() if v})
    for side in ("axis", "allies"):
        assert not leaks(game, side), leaks(game, side)


reserve_markers = st.dictionaries(st.sampled_from(sorted(SCENARIO.blocks)), st.sampled_from(["motorisation", "reaction"]))


@FAST
@given(block_states, st.text(min_size=1, max_size=8), reserve_markers)
def test_reserve_markers_are_public_and_hide_the_block(draw: dict, seed: str, reserves: dict) -> None:
    """OR 31.0: the oil barrel on a unit in reserve is a marker on the map [BW L2471]: both sides see it on its block
    (by hex and nation), and the view still names no hidden enemy block nor shows its unit or strength."""
    game = random_game(draw, seed)
    game.reserves = reserves
    for side in ("axis", "allies"):
        assert not leaks(game, side), leaks(game, side)
        seen = view(SCENARIO, game, side)  # type: ignore[arg-type]
        shown = sorted((b.hex, b.power, b.reserve) for b in seen.blocks.values() if b.reserve)
        marked = sorted((s.hex, SCENARIO.blocks[b].power, reserves[b]) for b, s in game.blocks.items()
                        if b in reserves and s.hex is not None)
        assert shown == marked


SEA_SCENARIO: Scenario = load_scenario("_sea-zones-scenario.yaml")
"""The test map with sea zones and U-boats (OR 18.0): naval units at sea or in port."""
NAVAL_BLOCKS = sorted(b for b, x in SEA_SCENARIO.blocks.items() if x.unit == "uboat")
NAVAL_PLACES = sorted([*SEA_SCENARIO.sea_zones, *(h for h, x in SEA_SCENARIO.hexes.items() if x.port)])


@FAST
@given(st.fixed_dictionaries({b: st.tuples(st.sampled_from(NAVAL_PLACES), st.sampled_from(
    [s.value for s in SEA_SCENARIO.blocks[b].steps]), st.booleans()) for b in NAVAL_BLOCKS}), st.text(min_size=1,
                                                                                                        max_size=8))
def test_random_naval_positions_show_where_not_which(draw: dict, seed: str) -> None:
    """A naval unit stands upright like every block: the enemy's view shows where it is (a sea zone or a port) and its
    nation, never its id, name, class or strength [BW L508]; its own side sees it whole."""
    game = RULES.new_game(SEA_SCENARIO, None, {"rules": "basic", "fog_of_war": "on"}, seed, "game.log.yaml")
    for block_id, (at, strength, revealed) in draw.items():
        game.naval[block_id] = at
        game.blocks[block_id] = BlockState(hex=None, strength=strength, revealed=revealed)
    game = Game.model_validate(game.model_dump())
    for side in ("axis", "allies"):
        seen = view(SEA_SCENARIO, game, side)  # type: ignore[arg-type]
        text = json.dumps(seen.model_dump(mode="json"))
        assert sorted(n.at for n in seen.naval.values()) == sorted(game.naval.values())
        assert not set(seen.off_map) & set(game.naval), "naval units at sea are not off the map"
        for block_id, at in game.naval.items():
            block, state = SEA_SCENARIO.blocks[block_id], game.blocks[block_id]
            if side_of(block_id, SEA_SCENARIO) == side:
                assert seen.naval[block_id].strength == state.strength and seen.naval[block_id].at == at
            elif not state.revealed:
                assert f'"{block_id}"' not in text and block.name not in text
        for key, shown in seen.naval.items():
            if key not in SEA_SCENARIO.blocks:
                assert shown.unit is None and shown.strength is None and shown.name is None, shown
