"""Play by e-mail with fair dice: signing orders, revealing chain values and verifying a game.

The protocol itself is in `aa_ref.core.fairdice`; these are the commands around it, each of which
completes or writes nothing (docs/fair-dice.md walks through a round).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aa_ref.core import fairdice
from aa_ref.core.edits import edits_in
from aa_ref.core.engine import OrdersInput
from aa_ref.core.errors import IllegalOrders, InvalidInput, UsageError
from aa_ref.core.fairdice import (
    DiceSecret,
    RevealFor,
    RevealRecord,
    document_hash,
    player_of,
    record_fields,
    with_reveals,
)
from aa_ref.core.session import (
    LoadedGame,
    adjudicate,
    edited,
    load_game,
    load_orders,
    replay,
    rolls_dice,
)
from aa_ref.core.yamlio import (
    Document,
    atomic_write_many,
    dump_styled,
    dump_yaml,
    merge_into,
    styled,
)
from aa_ref.games.axis_allies.model.state import Game


# --- sign ---------------------------------------------------------------------------
def sign_edit(game_path: Path, edit_path: Path, secret_path: Path) -> list[str]:
    """Add a player's signature to an edit written for the game's present state (filling in `based_on`), once the
    edit is checked to apply; signatures of an earlier version of the edit are dropped. The players who have still
    to sign."""
    loaded = load_game(game_path)
    game = loaded.game
    if not game.fair_dice:
        raise UsageError(f"{game_path} is not a fair-dice game: an edit needs no signature there; apply it")
    secret = fairdice.load_secret(secret_path)
    fairdice.secret_problem(secret, game, str(secret_path))
    if secret.player not in game.fair_dice:
        raise UsageError(f"{secret.player} has not committed in this game, so cannot sign its edits")
    given = load_orders(edit_path, edits=True)
    data = {k: v for k, v in given.doc.data.items() if k != "signatures"}
    data["based_on"] = game.log.head
    checked = OrdersInput(Document(given.doc.path, data, given.doc.text, given.doc.tree), given.model)
    edited(loaded.setup, loaded.ruleset, game, loaded.log, checked, error=IllegalOrders, signed=False)
    mine = fairdice.edit_signature(game, data, secret_path)
    message = fairdice.edit_message(game.seed, game.log.head, document_hash(data))
    kept = [s for s in given.doc.data.get("signatures") or [] if isinstance(s, dict) and s.get("player") != mine["player"]
            and s.get("player") in game.fair_dice
            and fairdice.signature_ok(game.fair_dice[s["player"]].public_key, message, str(s.get("value", "")))]
    signatures = sorted([*kept, mine], key=lambda s: str(s["player"]))
    tree = merge_into(given.doc.tree, styled({**data, "signatures": signatures}))
    atomic_write_many({str(edit_path): dump_yaml(tree)})
    return [p for p in sorted(game.fair_dice) if p not in {s["player"] for s in signatures}]


def sign_orders(game_path: Path, orders_path: Path, secret_path: Path) -> str:
    """Sign a legal orders or decision file in place for the current state of the game
    (filling in `based_on`); the signature covers everything but itself and the reveals."""
    loaded = load_game(game_path)
    secret = fairdice.load_secret(secret_path)
    fairdice.secret_problem(secret, loaded.game, str(secret_path))
    given = load_orders(orders_path)
    power = given.model.power
    author = player_of(loaded.game, power)
    if author != secret.player:
        raise UsageError(f"{power} is played by {author or 'no committed player'}, so {secret.player} cannot sign its orders")
    if given.model.reveals:
        raise UsageError(f"{orders_path} already carries reveals: it was fixed before; write new orders to change it")
    data = {k: v for k, v in given.doc.data.items() if k != "signature"}
    data["based_on"] = loaded.game.log.head
    problems = loaded.ruleset.check(loaded.setup, loaded.game, _reparsed(given, data))
    if problems:
        raise IllegalOrders(f"{orders_path}: not signed, the orders are not legal", problems)
    signature = {"player": author, "value": fairdice.sign(secret.signing_key,
                                                         fairdice.orders_message(loaded.game.seed, document_hash(data)))}
    tree = merge_into(given.doc.tree, styled({**data, "signature": signature}))
    atomic_write_many({str(orders_path): dump_yaml(tree)})
    return document_hash(data)


def _reparsed(given: OrdersInput, data: dict[str, Any]) -> OrdersInput:
    from aa_ref.core.documents import parse_model

    doc = Document(given.doc.path, data, given.doc.text, given.doc.tree)
    return OrdersInput(doc, parse_model(doc, data["kind"]))


# --- reveal -------------------------------------------------------------------------
@dataclass
class RevealOutcome:
    revealed: list[RevealFor] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)


def reveal(game_path: Path, orders_paths: list[Path], secret_path: Path, out: Path) -> RevealOutcome:
    """The revealer's side of a document: check the game replays, each document is signed by
    its player and legal, then reveal this player's next chain value for each document that
    rolls dice (none for one that does not), noting each in the secret file so that no value
    is ever revealed for two different documents."""
    loaded = load_game(game_path)
    report = replay(game_path)
    if report.divergence:
        raise InvalidInput(f"{game_path}: the game does not replay, so nothing is revealed for it: {report.divergence}")
    secret = fairdice.load_secret(secret_path)
    fairdice.secret_problem(secret, loaded.game, str(secret_path))
    if secret.player not in loaded.game.fair_dice:
        raise UsageError(f"{secret.player} has not committed in this game: run 'aa-ref commit' first")
    game, log = loaded.game, loaded.log
    outcome = RevealOutcome(lines=verification(loaded).warnings)
    for path in orders_paths:
        given = load_orders(path)
        if player_of(game, given.model.power) == secret.player:
            raise UsageError(f"{path} is {secret.player}'s own document: its reveals come from the other players")
        problems = fairdice.document_problems(game, given) + loaded.ruleset.check(loaded.setup, game, given)
        if problems:
            raise IllegalOrders(f"{path}: nothing revealed, the document is not accepted", problems)
        if not rolls_dice(loaded.setup, loaded.ruleset, game, given):
            outcome.lines.append(f"{path}: rolls no dice, so it needs no reveal; apply it as it is")
            game, log, _ = adjudicate(loaded.setup, loaded.ruleset, game, log, given, None)
            continue
        mine = _next_reveal(secret, game, given, str(path))
        outcome.revealed.append(mine)
        outcome.lines.append(f"{path}: revealed {secret.player}'s value {mine.index} of chain {mine.chain}")
        given = with_reveals(given, [*(given.model.reveals or []), RevealRecord(**record_fields(mine))])
        waiting = fairdice.missing_revealers(game, player_of(game, given.model.power), given.model.reveals or [])
        if waiting:
            outcome.lines.append(f"{path}: its dice also need {', '.join(waiting)}'s reveal; later documents wait for it")
            break
        game, log, _ = adjudicate(loaded.setup, loaded.ruleset, game, log, given, None)
    reveal_file = fairdice.RevealFile(kind="reveal", schema_version=1, player=secret.player, reveals=outcome.revealed)
    atomic_write_many({
        str(out): dump_styled(reveal_file.model_dump(mode="json", exclude_none=True)),
        str(secret_path): fairdice.secret_text(secret),
    }, private=[str(secret_path)])
    return outcome


def _next_reveal(secret: DiceSecret, game: Game, given: OrdersInput, about: str) -> RevealFor:
    """This player's next value for the document, signed; refused if that value was already
    revealed for another document or state (that would let the author pick between dice)."""
    state = game.fair_dice[secret.player]
    chain, index = state.chain, state.revealed + 1
    doc_hash, head = document_hash(given.doc.data), game.log.head
    for done in secret.revealed:
        if (done.chain, done.index) == (chain, index) and (done.orders, done.based_on) != (doc_hash, head):
            raise UsageError(
                f"{secret.player} already revealed value {index} of chain {chain} for other orders or another state "
                f"of the game (orders {done.orders[:12]}..., state {done.based_on}): revealing it again would let "
                "their author choose between two sets of dice. Apply the orders it was revealed for first.")
    if len(secret.chains) < chain:
        raise UsageError(f"{secret.player}'s secret file has no chain {chain}: it is not the file that made this chain")
    values = secret.chains[chain - 1]
    fields: dict[str, Any] = {"player": secret.player, "chain": chain, "index": index,
                              "value": fairdice.chain_value(values.secret, values.length, index)}
    if index == values.length:
        if len(secret.chains) == chain:
            secret.chains.append(fairdice.ChainSecret(secret=fairdice.new_secret(), length=values.length))
        following = secret.chains[chain]
        fields["next_anchor"] = fairdice.chain_value(following.secret, following.length, 0)
        fields["next_length"] = following.length
    record = RevealRecord(signature="", **fields)
    record.signature = fairdice.sign(secret.signing_key, fairdice.reveal_message(game.seed, head, doc_hash, record))
    if not any((d.chain, d.index) == (chain, index) for d in secret.revealed):
        secret.revealed.append(fairdice.Revealed(chain=chain, index=index, orders=doc_hash, based_on=head))
    return RevealFor(**record.model_dump(), orders=doc_hash, based_on=head,
                     about=f"{given.model.power}, round {game.round}, {game.phase.replace('_', ' ')}: {Path(about).name}")


# --- verify ---------------------------------------------------------------------------
@dataclass
class Verification:
    entries: int
    problems: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    players: list[dict[str, Any]] = field(default_factory=list)
    fair_rolls: int = 0
    seeded_rolls: int = 0
    manual_rolls: int = 0


def verify(game_path: Path) -> Verification:
    """Replay the game and audit its dice: every fair roll followed from signed documents and
    reveals chained to the commitments (replay recomputes them), each chain value used once."""
    loaded = load_game(game_path, check_head=False)
    report = replay(game_path, loaded=loaded)
    result = verification(loaded)
    if report.divergence:
        result.problems.insert(0, report.divergence)
    return result


def verification(loaded: LoadedGame) -> Verification:
    """What the log says about the dice: who committed, which entries rolled from which
    source, and rolls that were discarded by an undo."""
    log = loaded.log
    result = Verification(len(log.entries))
    rolled: dict[int, str] = {}
    for entry in log.entries:
        sources = {e.get("source", "seeded") for e in entry.events if e.get("type") == "roll"}
        if sources:
            rolled[entry.n] = f"{entry.power}'s {entry.phase.replace('_', ' ')} of round {entry.round}"
        result.fair_rolls += "fair" in sources
        result.manual_rolls += "manual" in sources
        if "seeded" in sources:
            result.seeded_rolls += 1
            if any(e.input.get("kind") == fairdice.COMMITMENT for e in log.entries[:entry.n]):
                result.problems.append(f"entry {entry.n} rolled seeded dice after the players committed to fair dice")
        if entry.input.get("kind") == "undo" and entry.input.get("undoes") in rolled:
            undone = entry.input["undoes"]
            result.warnings.append(f"entry {entry.n} undid entry {undone} ({rolled[undone]}), whose dice were discarded: "
                                   "a re-roll, which the other players agreed to by revealing again")
    for edit in edits_in(log):
        signed = f", signed by {', '.join(map(str, edit['signed_by']))}" if edit["signed_by"] else ", signed by nobody"
        result.warnings.append(f"entry {edit['entry']} is an edit outside the rules (round {edit['round']}{signed}"
                               f"{'; undone' if edit['undone'] else ''}): {edit['reason']}")
    if result.seeded_rolls and loaded.game.fair_dice:
        result.warnings.append(f"{result.seeded_rolls} entries rolled dice from the public seed before the players committed: "
                               "anyone could foresee those dice")
    for name, state in loaded.game.fair_dice.items():
        result.players.append({"player": name, "powers": ", ".join(state.powers), "key": fairdice.fingerprint(state.public_key),
                               "chain": state.chain, "revealed": state.revealed, "left": state.length - state.revealed})
    return result


def powers_of(game_path: Path, powers: str | None, side: str | None) -> list[str]:
    """The powers a commitment names: a comma-separated list or a whole side."""
    if (powers is None) == (side is None):
        raise UsageError("name your powers: --powers Germany,Japan or --side Axis")
    loaded = load_game(game_path)
    if side is not None:
        if side not in loaded.setup.sides:
            raise UsageError(f"no side '{side}' (sides: {', '.join(loaded.setup.sides)})")
        return [p for p in loaded.setup.sides[side] if p in loaded.game.powers]  # WARZAG: the side's players
    return [p.strip() for p in (powers or "").split(",") if p.strip()]
