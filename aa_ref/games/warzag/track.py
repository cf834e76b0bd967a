"""The Standing Leader pawn on the R&D track [WZ L189-L213], [WZ L616-L634]."""

from __future__ import annotations

from aa_ref.games.warzag.act import Act
from aa_ref.games.warzag.events import PawnSet, SetTurn
from aa_ref.games.warzag.state import Pawn

BASE_BOX_BONUS = 10
"""PP paid when the pawn crosses a base box of the player's own [WZ L632]."""
MAX_ACCELERATIONS = 24
"""Accelerator boxes chain (each stop rolls again [WZ L628]); a track cannot chain more often than it has boxes."""


def pawn_may_move(act: Act) -> bool:
    """Only from the turn after activation [WZ L211-L213]."""
    player = act.game.players[act.nation]
    return player.pawn is not None and player.pawn.activated_turn < player.turns


def move_pawn(act: Act, steps: int, why: str) -> None:
    """Move the pawn `steps` boxes and apply what the boxes do [WZ L620-L634]."""
    player = act.game.players[act.nation]
    pawn = player.pawn
    assert pawn is not None
    boxes = act.pack.track.boxes
    for chained in range(MAX_ACCELERATIONS):
        passed = []
        box = pawn.box
        for _ in range(steps):
            if box + 1 >= len(boxes) and not act.pack.track.loop:
                break
            box = (box + 1) % len(boxes)
            passed.append(box)
        pawn = Pawn(box=box, activated_turn=pawn.activated_turn)
        act.ctx.emit(PawnSet(player=act.nation, pawn=pawn, passed=passed))
        landed = boxes[box]
        act.note(f"{act.nation}'s pawn moves {len(passed)} box(es) ({why}) to box {box} ({_label(landed)})")
        paying = passed if act.game.options.get("base_box_counts_landing", "yes") == "yes" else passed[:-1]
        for i in paying:
            letter = boxes[i].base
            if boxes[i].kind == "base" and letter in act.pack.base_hex and act.board().own(act.pack.base_hex[letter], act.nation):
                act.gain(act.nation, f"the pawn crossing own base box {letter} [WZ L632]", pp=BASE_BOX_BONUS)
                _turn(act, pawn_bonus=act.game.turn.pawn_bonus + BASE_BOX_BONUS)
        if landed.kind == "supply":
            _turn(act, may_draw=True)
            act.note(f"{act.nation} may draw a Supply card (draw_supply) [WZ L624]")
            return
        if landed.kind != "accelerator":
            _turn(act, may_draw=False)
            return
        steps = act.roll_standard(f"{act.nation}/t{player.turns}/accelerator-box{chained + 1}",
                                  "the standard die again, for the development accelerator box")
        why = "a development accelerator box: roll again [WZ L628]"


def _label(box) -> str:  # type: ignore[no-untyped-def]
    return f"base {box.base}" if box.kind == "base" else (box.text or box.kind)


def _turn(act: Act, **changes: object) -> None:
    act.ctx.emit(SetTurn(turn=act.game.turn.model_copy(update=changes)))
