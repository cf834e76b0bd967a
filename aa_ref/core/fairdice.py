"""Fair dice with no server: hash-chain commitments, signed orders and reveals.

Each player commits, before play, to an Ed25519 public key and to the anchor `H^N(s)` of a
hash chain over a secret `s` only it knows. In play, a document (orders or a decision) is
signed by the player of its power; once it is fixed, every other player reveals the next
value of its chain (the preimage of the value it revealed before), signed and bound to that
document and to the game's state. The dice of the document are derived from the state, the
document and the values revealed, so the author could not foresee them (it cannot invert the
hash) and the revealers could not choose them (their values were fixed by the commitment).
Anyone holding the files can check every link. See docs/fair-dice.md for the threat list.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Literal, Protocol

from pydantic import Field

from aa_ref.core.dice import seeded_die
from aa_ref.core.documents import document_kind, parse_model
from aa_ref.core.engine import OrdersInput
from aa_ref.core.errors import InvalidInput, Problem
from aa_ref.core.model import FairDicePlayer, LogRef, RevealRecord, Strict
from aa_ref.core.yamlio import Document, dump_styled, load_yaml

PROTOCOL = "aa-ref/fair-dice/1"
DEFAULT_CHAIN_LENGTH = 10_000
UNSIGNED_KEYS = ("signature", "signatures", "reveals")
"""Keys a document's signature and dice do not cover: they are added after it is fixed."""
COMMITMENT = "commitment"
"""The input kind of a log entry that records a player's commitment."""


class Game(Protocol):
    """Any game document played with fair dice (A&A, WARZAG, Blocks in the West)."""

    seed: str
    log: LogRef
    powers: Any
    fair_dice: dict[str, FairDicePlayer]


# --- hashing ------------------------------------------------------------------------
def _hash(*parts: Any) -> str:
    return hashlib.sha256("\x1f".join(map(str, parts)).encode()).hexdigest()


def chain_step(value: str) -> str:
    """One link of a chain: the value a revealed preimage must hash to."""
    return _hash(PROTOCOL, "chain", value)


def chain_value(secret: str, length: int, index: int) -> str:
    """The `index`-th value revealed from a chain of `length` over `secret` (0 = the anchor)."""
    value = secret
    for _ in range(length - index):
        value = chain_step(value)
    return value


def document_hash(data: dict[str, Any]) -> str:
    """The hash of an orders or decision document as its author fixed it."""
    body = {k: v for k, v in data.items() if k not in UNSIGNED_KEYS}
    return _hash(json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False))


# --- signatures (Ed25519, from the `cryptography` package, imported only when used) ---
def new_secret() -> str:
    import secrets

    return secrets.token_hex(32)


def public_key_of(signing_key: str) -> str:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

    key = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(signing_key))
    return key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw).hex()


def sign(signing_key: str, message: str) -> str:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    return Ed25519PrivateKey.from_private_bytes(bytes.fromhex(signing_key)).sign(message.encode()).hex()


def signature_ok(public_key: str, message: str, signature: str) -> bool:
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    try:
        Ed25519PublicKey.from_public_bytes(bytes.fromhex(public_key)).verify(bytes.fromhex(signature), message.encode())
    except (InvalidSignature, ValueError):
        return False
    return True


def fingerprint(public_key: str) -> str:
    """A short form of a public key for players to compare by e-mail or phone."""
    digest = hashlib.sha256(bytes.fromhex(public_key)).hexdigest()[:20].upper()
    return " ".join(digest[i:i + 4] for i in range(0, 20, 4))


def orders_message(seed: str, doc_hash: str) -> str:
    return f"{PROTOCOL}|orders|{seed}|{doc_hash}"


def reveal_message(seed: str, based_on: str, doc_hash: str, reveal: RevealRecord) -> str:
    return (f"{PROTOCOL}|reveal|{seed}|{based_on}|{doc_hash}|{reveal.player}|{reveal.chain}|{reveal.index}|"
            f"{reveal.value}|{reveal.next_anchor or ''}|{reveal.next_length or ''}")


def commitment_message(seed: str, based_on: str, record: dict[str, Any]) -> str:
    body = {k: v for k, v in record.items() if k != "signature"}
    return f"{PROTOCOL}|commitment|{seed}|{based_on}|{json.dumps(body, sort_keys=True)}"


def undo_message(seed: str, based_on: str, undoes: int) -> str:
    return f"{PROTOCOL}|undo|{seed}|{based_on}|{undoes}"


def edit_message(seed: str, based_on: str, doc_hash: str) -> str:
    return f"{PROTOCOL}|edit|{seed}|{based_on}|{doc_hash}"


# --- the private secret file and the public reveal file ----------------------------
class ChainSecret(Strict):
    secret: str
    length: int = Field(ge=1)


class Revealed(Strict):
    """A value this player has revealed, and for what: so that it is never revealed for two
    different documents (which would let their author choose between two sets of dice)."""

    chain: int
    index: int
    orders: str
    based_on: str


class DiceSecret(Strict):
    """A player's private fair-dice file: never sent to anyone (or only to an escrow)."""

    kind: Literal["dice-secret"]
    schema_version: Literal[1]
    player: str
    game_seed: str = Field(description="the game these secrets belong to; never reuse them in another")
    signing_key: str
    chains: list[ChainSecret]
    revealed: list[Revealed] = Field(default_factory=list)

    @property
    def public_key(self) -> str:
        return public_key_of(self.signing_key)


class RevealFor(RevealRecord):
    """One revealed value, with the document and state it was revealed for."""

    orders: str = Field(description="hash of the document revealed for")
    based_on: str = Field(description="the game's log head the document applies to")
    about: str = Field(default="", description="which document, in words")


class RevealFile(Strict):
    kind: Literal["reveal"]
    schema_version: Literal[1]
    player: str
    reveals: list[RevealFor]


# --- checks while adjudicating -------------------------------------------------------
def player_of(game: Game, power: str) -> str | None:
    return next((name for name, p in game.fair_dice.items() if power in p.powers), None)


def uncovered_powers(game: Game) -> list[str]:
    return [power for power in game.powers if player_of(game, power) is None]


def document_problems(game: Game, given: Any) -> list[Problem]:
    """A document of a fair-dice game: every power has a player, the document is signed by
    the player of its power, has no table dice, and its reveals are each the next link."""
    model = given.model
    missing = uncovered_powers(game)
    if missing:
        return [given.problem(
            f"this is a fair-dice game but {', '.join(missing)} belong to no player who has committed: "
            "every player runs 'aa-ref commit' before play goes on", ())]
    author = player_of(game, model.power)
    problems = []
    if model.dice is not None:
        problems.append(given.problem("a fair-dice game takes no table dice: the dice come from the reveals", ("dice",)))
    doc_hash = document_hash(given.doc.data)
    if model.based_on is None:
        problems.append(given.problem(
            "a fair-dice document names the state it is for (based_on), so that it cannot be applied at another", ()))
    if model.signature is None:
        problems.append(given.problem(
            f"{model.power}'s documents must be signed by {author}: run 'aa-ref sign GAME.yaml FILE --secret "
            f"{author}.secret.yaml'", ()))
    elif model.signature.player != author:
        problems.append(given.problem(f"signed by {model.signature.player}, but {model.power} is played by {author}", ("signature", "player")))
    elif not signature_ok(game.fair_dice[author].public_key, orders_message(game.seed, doc_hash), model.signature.value):
        problems.append(given.problem(
            f"the signature is not {author}'s signature of this document: it was changed after signing, "
            "or signed with another key", ("signature", "value")))
    for i, reveal in enumerate(model.reveals or []):
        problems += [given.problem(text, ("reveals", i)) for text in reveal_problems(game, author, doc_hash, reveal)]
    seen = [r.player for r in model.reveals or []]
    problems += [given.problem(f"{p} reveals twice for this document", ("reveals",)) for p in dict.fromkeys(seen) if seen.count(p) > 1]
    return problems


def reveal_problems(game: Game, author: str | None, doc_hash: str, reveal: RevealRecord) -> list[str]:
    """Why a reveal is not the next value of its player's chain for this document, if it is not."""
    state = game.fair_dice.get(reveal.player)
    if state is None:
        return [f"{reveal.player} has made no commitment in this game"]
    if reveal.player == author:
        return [f"{reveal.player} wrote this document, so its reveal cannot count: the dice must come from the other players"]
    expected = (state.chain, state.revealed + 1)
    if (reveal.chain, reveal.index) != expected:
        return [f"{reveal.player}'s next value is number {expected[1]} of chain {expected[0]}, "
                f"not number {reveal.index} of chain {reveal.chain}: each value is used once, in order"]
    if chain_step(reveal.value) != state.last:
        return [f"{reveal.player}'s value number {reveal.index} does not hash to the one revealed before it: "
                "it is not from the committed chain"]
    if not signature_ok(state.public_key, reveal_message(game.seed, game.log.head, doc_hash, reveal), reveal.signature):
        return [f"{reveal.player}'s reveal is not signed for this document at this state of the game "
                "(it was revealed for other orders, or another moment)"]
    last = reveal.index == state.length
    if last and (reveal.next_anchor is None or reveal.next_length is None):
        return [f"{reveal.player}'s chain ends here: its last value must commit the next chain (next_anchor, next_length)"]
    if not last and (reveal.next_anchor is not None or reveal.next_length is not None):
        return [f"{reveal.player}'s chain has {state.length - reveal.index} values left: a next chain is committed only with the last"]
    return []


def missing_revealers(game: Game, author: str | None, reveals: list[RevealRecord]) -> list[str]:
    given = {r.player for r in reveals}
    return [name for name in game.fair_dice if name != author and name not in given]


class RevealsNeeded(Exception):
    """The document rolls dice but not every other player has revealed for it."""


class FairDice:
    """Dice derived from the state, the document and the other players' revealed values."""

    source = "fair"

    def __init__(self, game: Game, given: Any) -> None:
        self.author = player_of(game, given.model.power)
        self.reveals = list(given.model.reveals or [])
        self.missing = missing_revealers(game, self.author, self.reveals)
        values = "|".join(f"{r.player}={r.value}" for r in sorted(self.reveals, key=lambda r: r.player))
        self.key = _hash(PROTOCOL, "dice", game.seed, game.log.head, document_hash(given.doc.data), values)
        self.rolled = False

    def roll(self, context: str, count: int, volley: object = None) -> list[int]:
        if self.missing:
            raise RevealsNeeded(context)
        self.rolled = True
        return [seeded_die(self.key, context, i) for i in range(count)]


def advance_chains(game: Game, reveals: list[RevealRecord]) -> None:
    """Each revealer's chain moves on by the value revealed (to a new chain after the last)."""
    for reveal in reveals:
        state = game.fair_dice[reveal.player]
        if reveal.index == state.length:
            state.chain, state.length, state.revealed = state.chain + 1, reveal.next_length or 1, 0
            state.last = reveal.next_anchor or ""
        else:
            state.revealed, state.last = reveal.index, reveal.value


# --- commitments ---------------------------------------------------------------------
def commitment_record(secret: DiceSecret, powers: list[str], seed: str, based_on: str) -> dict[str, Any]:
    """The signed log input of a player's commitment."""
    chain = secret.chains[0]
    record: dict[str, Any] = {
        "kind": COMMITMENT, "schema_version": 1, "player": secret.player, "powers": powers,
        "public_key": secret.public_key, "anchor": chain_value(chain.secret, chain.length, 0), "length": chain.length,
    }
    record["signature"] = sign(secret.signing_key, commitment_message(seed, based_on, record))
    return record


def commitment_problems(game: Game, record: dict[str, Any]) -> list[str]:
    """Why a commitment cannot join this game, if it cannot."""
    player, powers = record.get("player"), record.get("powers") or []
    if player in game.fair_dice:
        return [f"{player} has already committed in this game; a chain is renewed only with its last value"]
    unknown = [p for p in powers if p not in game.powers]
    if unknown:
        return [f"{', '.join(unknown)}: not a power of this game (powers: {', '.join(game.powers)})"]
    if not powers:
        return ["a commitment names the powers its player plays"]
    taken = [f"{p} (by {player_of(game, p)})" for p in powers if player_of(game, p)]
    if taken:
        return [f"already played by another player: {', '.join(taken)}"]
    try:
        valid = signature_ok(record["public_key"], commitment_message(game.seed, game.log.head, record), record["signature"])
    except (KeyError, TypeError):
        valid = False
    if not valid:
        return ["the commitment is not signed by the key it names"]
    return []


def apply_commitment(game: Game, record: dict[str, Any]) -> str:
    """Record a commitment in the game; the log note that says so."""
    game.fair_dice[record["player"]] = FairDicePlayer(
        powers=list(record["powers"]), public_key=record["public_key"], length=record["length"], last=record["anchor"])
    return (f"{record['player']} commits to fair dice for {', '.join(record['powers'])} "
            f"(key {fingerprint(record['public_key'])}, a chain of {record['length']} values)")


def secret_problem(secret: DiceSecret, game: Game, path: str) -> None:
    """A secret file must belong to this game and, once committed, to its player's key."""
    if secret.game_seed != game.seed:
        raise InvalidInput(f"{path}: this secret file belongs to another game (seed {secret.game_seed}); "
                           "a chain is never reused across games, since its revealed values are public")
    state = game.fair_dice.get(secret.player)
    if state is not None and state.public_key != secret.public_key:
        raise InvalidInput(f"{path}: {secret.player}'s key in the game is not this file's key")


# --- the adjudication of one document in a fair-dice game ----------------------------
def fair_dice_for(game: Game, given: Any, table_dice: Any) -> FairDice:
    """The dice source of a document in a fair-dice game, once the document checks out."""
    from aa_ref.core.errors import IllegalOrders

    if table_dice is not None:
        raise InvalidInput("a fair-dice game takes no table dice (--dice, --ask-dice): its dice come from the players' reveals")
    problems = document_problems(game, given)
    if problems:
        raise IllegalOrders(f"{given.doc.path}: not accepted in a fair-dice game", problems)
    return FairDice(game, given)


def reveals_needed_text(fair: FairDice | None, exc: RevealsNeeded) -> str:
    missing = ", ".join(fair.missing) if fair else "the other players"
    return (f"these orders roll dice ({exc}), and in a fair-dice game those dice need a reveal from {missing}: "
            f"send them this file; each runs 'aa-ref reveal GAME.yaml FILE --secret SECRET -o REVEAL.yaml', "
            "then apply the file with '--reveal REVEAL.yaml'")


def settle_reveals(game: Game, given: Any, fair: FairDice) -> None:
    """After adjudication: reveals count only for a document that rolled dice; their chains move on."""
    from aa_ref.core.errors import IllegalOrders

    if fair.reveals and not fair.rolled:
        raise IllegalOrders(f"{given.doc.path}: reveals not needed", [given.problem(
            "these orders roll no dice, so they take no reveals: apply them without --reveal", ("reveals",))])
    advance_chains(game, fair.reveals)


# --- secret files ---------------------------------------------------------------------
def load_secret(path: Path) -> DiceSecret:
    from aa_ref.core.documents import parse_model
    from aa_ref.core.yamlio import load_yaml

    doc = load_yaml(path, private=True)
    if not isinstance(doc.data, dict) or doc.data.get("kind") != "dice-secret":
        raise InvalidInput(f"{path}: not a fair-dice secret file (kind: dice-secret)")
    return parse_model(doc, "dice-secret")


def secret_text(secret: DiceSecret) -> str:

    warning = ("# PRIVATE: this player's fair-dice key and chain secrets. Never send it to another player\n"
               "# (an escrow you trust may keep a copy, see docs/fair-dice.md); keep it until the game ends.\n")
    return warning + dump_styled(secret.model_dump(mode="json"))


def open_or_create_secret(path: Path, player: str | None, seed: str, length: int) -> tuple[DiceSecret, bool]:
    """The player's secret file for this game, made (new key and chain) if it does not exist."""
    from aa_ref.core.errors import UsageError

    if path.exists():
        secret = load_secret(path)
        if player is not None and player != secret.player:
            raise UsageError(f"{path} is {secret.player}'s secret file, not {player}'s")
        if secret.game_seed != seed:
            raise UsageError(f"{path} belongs to another game; give a new file name to make this game's secrets")
        return secret, False
    if not player:
        raise UsageError("name the player (--player NAME) to make a new secret file")
    secret = DiceSecret(kind="dice-secret", schema_version=1, player=player, game_seed=seed,
                        signing_key=new_secret(), chains=[ChainSecret(secret=new_secret(), length=length)])
    return secret, True


def undo_signature(game: Game, power: str, undoes: int, secret_path: Path | None) -> dict[str, str]:
    """The signature an undo needs in a fair-dice game: by the player of the undone document."""
    from aa_ref.core.errors import UsageError

    author = player_of(game, power)
    if secret_path is None:
        raise UsageError(f"this is a fair-dice game: the undo is signed by {author}, who played {power} "
                         f"(--secret {author}.secret.yaml)")
    secret = load_secret(secret_path)
    secret_problem(secret, game, str(secret_path))
    if secret.player != author:
        raise UsageError(f"only {author}, who played {power}, may take back {power}'s orders")
    return {"player": author or "", "value": sign(secret.signing_key, undo_message(game.seed, game.log.head, undoes))}


def edit_problems(game: Game, record: dict[str, Any]) -> list[tuple[str, tuple[Any, ...]]]:
    """In a fair-dice game an edit is written for the game's state (`based_on`) and signed by every player who
    committed, so that no one edits alone: (problem, where in the edit)."""
    if not game.fair_dice:
        return []
    if record.get("based_on") != game.log.head:
        return [("in a fair-dice game an edit names the state it is for (based_on: the game's log head "
                 f"{game.log.head}); 'aa-ref sign' fills it in", ("based_on",))]
    message = edit_message(game.seed, game.log.head, document_hash(record))
    signed = {str(s.get("player")): str(s.get("value", "")) for s in record.get("signatures") or []
              if isinstance(s, dict)}
    problems = []
    for player, keys in sorted(game.fair_dice.items()):
        if player not in signed:
            problems.append((f"in a fair-dice game every player signs an edit; {player} has not: 'aa-ref sign GAME.yaml "
                             f"EDIT.yaml --secret {player}.secret.yaml'", ("signatures",)))
        elif not signature_ok(keys.public_key, message, signed[player]):
            problems.append((f"{player}'s signature is not of this edit: it was changed after signing, or signed with "
                             "another key", ("signatures",)))
    problems += [(f"{p} signed the edit but does not play in this game", ("signatures",)) for p in signed
                 if p not in game.fair_dice]
    return problems


def edit_signature(game: Game, record: dict[str, Any], secret_path: Path) -> dict[str, str]:
    """A player's signature of an edit written for the game's present state."""
    secret = load_secret(secret_path)
    secret_problem(secret, game, str(secret_path))
    message = edit_message(game.seed, game.log.head, document_hash(record))
    return {"player": secret.player, "value": sign(secret.signing_key, message)}


def undo_problem(game: Game, power: str, record: dict[str, Any]) -> str | None:
    """In a fair-dice game an undo must be signed by the player of the undone document."""
    if not game.fair_dice:
        return None
    author = player_of(game, power)
    signature = record.get("signature") or {}
    if author is None or signature.get("player") != author:
        return f"in a fair-dice game an undo is signed by the player of the undone orders ({author})"
    message = undo_message(game.seed, game.log.head, record.get("undoes"))
    if not signature_ok(game.fair_dice[author].public_key, message, str(signature.get("value", ""))):
        return f"the undo's signature is not {author}'s"
    return None


# --- reveals attached to documents -----------------------------------------------------
def with_reveals(given: OrdersInput, reveals: list[RevealRecord]) -> OrdersInput:
    """The document with reveals attached (they are outside what its author signed)."""
    data = dict(given.doc.data)
    data["reveals"] = [r.model_dump(mode="json", exclude_none=True) for r in reveals]
    model = given.model.model_copy(update={"reveals": list(reveals)})
    return OrdersInput(Document(given.doc.path, data, given.doc.text, given.doc.tree), model)


def record_fields(reveal: RevealFor) -> dict[str, Any]:
    """A reveal file's entry as the record a document carries."""
    return {k: v for k, v in reveal.model_dump().items() if k in RevealRecord.model_fields}


class RevealPool:
    """Reveals from reveal files, matched to each document by its hash and the game's state."""

    def __init__(self, paths: list[Path]) -> None:
        self.items: list[tuple[str, RevealFor]] = []
        for path in paths:
            doc = load_yaml(path)
            if document_kind(doc) != "reveal":
                raise InvalidInput(f"{path}: not a reveal file (kind: reveal)")
            self.items += [(str(path), r) for r in parse_model(doc, "reveal").reveals]
        self.used: set[int] = set()

    def attach(self, game: Game, given: OrdersInput) -> OrdersInput:
        doc_hash = document_hash(given.doc.data)
        found = [(i, r) for i, (_, r) in enumerate(self.items)
                 if i not in self.used and r.orders == doc_hash and r.based_on == game.log.head]
        if not found:
            return given
        self.used.update(i for i, _ in found)
        return with_reveals(given, [*(given.model.reveals or []), *(RevealRecord(**record_fields(r)) for _, r in found)])

    def unused(self) -> list[str]:
        return [f"{path}: the reveal of {r.player}'s value {r.index} ({r.about or r.orders[:12]}) matches no orders "
                "applied here at the state it was revealed for" for i, (path, r) in enumerate(self.items) if i not in self.used]
