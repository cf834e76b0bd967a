"""The fair-dice protocol's pieces (docs/fair-dice.md): hash chains, document hashes,
signatures and the derivation of dice from the revealed values."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from aa_ref.core import fairdice
from aa_ref.core.engine import OrdersInput
from aa_ref.games.axis_allies.model.orders import Orders
from aa_ref.core.model import RevealRecord
from aa_ref.core.model import FairDicePlayer, LogRef
from aa_ref.games.axis_allies.model.state import Game
from aa_ref.core.yamlio import Document


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=1, max_value=40), st.data())
def test_each_revealed_value_hashes_to_the_one_before_it(length, data):
    """The chain: value k is the preimage of value k-1, the anchor is value 0."""
    secret = "ab" * 32
    index = data.draw(st.integers(min_value=1, max_value=length))
    assert fairdice.chain_step(fairdice.chain_value(secret, length, index)) == fairdice.chain_value(secret, length, index - 1)


def test_the_document_hash_covers_everything_but_the_signature_and_reveals():
    orders = {"kind": "orders", "schema_version": 1, "round": 1, "power": "USSR", "phase": "purchase", "purchase": {"infantry": 2}}
    signed = {**orders, "signature": {"player": "bob", "value": "00"}, "reveals": []}
    assert fairdice.document_hash(orders) == fairdice.document_hash(signed)
    assert fairdice.document_hash(orders) != fairdice.document_hash({**orders, "purchase": {"infantry": 3}})


def test_a_signature_verifies_only_for_its_key_and_message():
    key = fairdice.new_secret()
    public = fairdice.public_key_of(key)
    signature = fairdice.sign(key, "hello")
    assert fairdice.signature_ok(public, "hello", signature)
    assert not fairdice.signature_ok(public, "hello!", signature)
    assert not fairdice.signature_ok(fairdice.public_key_of(fairdice.new_secret()), "hello", signature)
    assert not fairdice.signature_ok(public, "hello", "zz")


def _game(last: str) -> Game:
    return Game(kind="game", schema_version=1, setup="aa1941", seed="s", round=1, power="USSR", phase="conduct_combat",
                powers={}, spaces={}, log=LogRef(file="g.log.yaml", head="h"),
                fair_dice={"alice": FairDicePlayer(powers=["Germany"], public_key="00" * 32, length=5, last=last),
                           "bob": FairDicePlayer(powers=["USSR"], public_key="00" * 32, length=5, last=last)})


def _orders(value: str | None) -> OrdersInput:
    data = {"kind": "orders", "schema_version": 1, "round": 1, "power": "USSR", "phase": "conduct_combat"}
    reveals = [RevealRecord(player="alice", chain=1, index=1, value=value, signature="")] if value else None
    return OrdersInput(Document("o.yaml", data), Orders.model_validate({**data, "reveals": reveals}))


def test_the_dice_follow_from_the_revealed_value_and_need_it():
    """Foreknowledge: without the other player's value no die can be rolled; with another
    value the same orders at the same state roll other dice (a 20-die roll cannot repeat by chance
    except once in 6^20)."""
    no_reveal = fairdice.FairDice(_game("x"), _orders(None))
    try:
        no_reveal.roll("r1/USSR/West Russia/cr1/attack", 20)
        raise AssertionError("rolled without a reveal")
    except fairdice.RevealsNeeded:
        pass
    first = fairdice.FairDice(_game("x"), _orders("11" * 32)).roll("r1/USSR/West Russia/cr1/attack", 20)
    again = fairdice.FairDice(_game("x"), _orders("11" * 32)).roll("r1/USSR/West Russia/cr1/attack", 20)
    other = fairdice.FairDice(_game("x"), _orders("22" * 32)).roll("r1/USSR/West Russia/cr1/attack", 20)
    assert first == again and first != other
    assert all(1 <= d <= 6 for d in first)


def test_advancing_a_chain_keeps_the_last_value_and_renews_after_the_last():
    game = _game("anchor")
    fairdice.advance_chains(game, [RevealRecord(player="alice", chain=1, index=1, value="v1", signature="")])
    assert (game.fair_dice["alice"].revealed, game.fair_dice["alice"].last) == (1, "v1")
    game.fair_dice["alice"].revealed = 4
    fairdice.advance_chains(game, [RevealRecord(player="alice", chain=1, index=5, value="v5", signature="",
                                                next_anchor="new", next_length=7)])
    state = game.fair_dice["alice"]
    assert (state.chain, state.length, state.revealed, state.last) == (2, 7, 0, "new")
