"""Objective cards: base assignment [WZ L118-L122], the secret deal of free-for-all [WZ L126-L128]
and the claim of a completed objective [WZ L443].

The deal is hidden information: `aa-ref new` deals with the operating system's randomness, gives
each player a private file with his card and a random salt, and the game file keeps only the
SHA-256 commitment of each. A claim reveals card and salt, so every other player can check that
the card is the one dealt at the start, and the log keeps the proof for replay.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Literal

from pydantic import Field

from aa_ref.core.model import Strict
from aa_ref.games.warzag.act import Act
from aa_ref.games.warzag.board import Board
from aa_ref.games.warzag.events import PlayerStatus, Winner
from aa_ref.games.warzag.pack import Condition, Pack


class ObjectiveSecret(Strict):
    """A player's private Objective card (kind: warzag-objective); show it to nobody until claiming."""

    kind: Literal["warzag-objective"]
    schema_version: Literal[1]
    game_seed: str = Field(description="the seed of the game it was dealt in")
    nation: str
    card: str
    salt: str
    text: str = Field(default="", description="the card's wording, for reading")


def commitment(seed: str, nation: str, card: str, salt: str) -> str:
    """The public commitment to a dealt card: SHA-256 of the game, the player, the card and a salt."""
    return hashlib.sha256(f"warzag-objective|{seed}|{nation}|{card}|{salt}".encode()).hexdigest()


def seeded_order(seed: str, what: str, items: list[str]) -> list[str]:
    """A shuffle derived from the game's seed (the log's start holds it, so replay deals the same)."""
    return sorted(items, key=lambda item: hashlib.sha256(f"{seed}|{what}|{item}".encode()).hexdigest())


def assign_bases(pack: Pack, seed: str, nations: list[str]) -> dict[str, str]:
    """Each player draws an Objective card and takes the base of its letter; Bravo and Echo (the expansion's) are
    drawn again [WZ L118-L122]."""
    cards = [c for c in seeded_order(seed, "bases", list(pack.objectives)) if pack.objectives[c].base in pack.base_hex]
    return {nation: pack.objectives[card].base for nation, card in zip(nations, cards)}


def deal_objectives(pack: Pack, seed: str, nations: list[str]) -> dict[str, ObjectiveSecret]:
    """Free-for-all: all six cards are reshuffled and each player draws one in secret [WZ L126-L128]."""
    cards = list(pack.objectives)
    secrets.SystemRandom().shuffle(cards)
    return {
        nation: ObjectiveSecret(kind="warzag-objective", schema_version=1, game_seed=seed, nation=nation, card=card,
                                salt=secrets.token_hex(16), text=pack.objectives[card].text)
        for nation, card in zip(nations, cards)
    }


def unmet(board: Board, nation: str, need: Condition) -> list[str]:
    """What of an objective's requirements does not hold now."""
    game = board.game
    out = []
    if need.bases and len(board.own_bases(nation)) < need.bases:
        out.append(f"own {need.bases} bases (has {len(board.own_bases(nation))})")
    if need.territories and len(board.own_hexes(nation)) < need.territories:
        out.append(f"own {need.territories} territories and bases (has {len(board.own_hexes(nation))})")
    for hex_id in need.hold:
        if not (board.own(hex_id, nation) or board.occupant(hex_id) == nation):
            out.append(f"hold {hex_id}")
    historic = [h for h in board.occupied_strategic(nation) if board.kind(h) == "historic"]
    if need.historic and len(historic) < need.historic:
        out.append(f"occupy {need.historic} historic territories (occupies {len(historic)})")
    developed = [h for h in board.own_hexes(nation) if game.hexes[h].development]
    if need.developed and len(developed) < need.developed:
        out.append(f"own {need.developed} developed territories (has {len(developed)})")
    gone = [n for n, p in game.players.items() if n != nation and p.eliminated]
    if need.eliminated and len(gone) < need.eliminated:
        out.append(f"see {need.eliminated} opponent{'s' if need.eliminated > 1 else ''} eliminated ({len(gone)} so far)")
    armies = board.armies_of(nation)
    if need.armies and len(armies) < need.armies:
        out.append(f"have {need.armies} armies on the board (has {len(armies)})")
    return out


def claim(act: Act, card: str, salt: str) -> None:
    """Declare the objective complete and show the card: the first to do so wins [WZ L443]."""
    game = act.game
    player = game.players[act.nation]
    act.require(game.mode == "free_for_all", "objectives are dealt in free-for-all only", "L126-L128")
    act.require(card in act.pack.objectives, f"unknown Objective card '{card}' (cards: {', '.join(act.pack.objectives)})",
                "L443", "claim_objective")
    act.require(player.objective == commitment(game.seed, act.nation, card, salt),
                f"card {card} with that salt is not the card dealt to {act.nation}: it does not match the commitment "
                "in the game file", "L128", "salt")
    missing = unmet(act.board(), act.nation, act.pack.objectives[card].requires)
    act.require(not missing, f"objective '{act.pack.objectives[card].text}' is not complete: still to "
                             + "; ".join(missing), "L443", "claim_objective")
    act.ctx.emit(PlayerStatus(player=act.nation, objective_revealed=card))
    act.ctx.emit(Winner(winner=act.nation))
    act.note(f"{act.nation} shows Objective card {card} ('{act.pack.objectives[card].text}'), complete: "
             f"{act.nation} wins [WZ L443]")
