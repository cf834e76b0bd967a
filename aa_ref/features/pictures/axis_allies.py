"""The picture of an Axis & Allies board: every space at the coordinates its setup's `layout:` gives (outlines when
it has them, e.g. imported from a TripleA map folder), else at a schematic layout computed from the adjacency
(`schematic.layout`). Land is filled with its controller's colour, sea is blue; lines join adjacent spaces; each
space's units are written as players speak them ("3 inf 1 tnk"), one line per power in its colour."""

from __future__ import annotations

import math
import statistics
from typing import Any

from aa_ref.features.pictures import schematic
from aa_ref.features.pictures.svg import (LAND, NEUTRAL, SEA, SEA_EDGE, colour, document, esc, legend, num, points,
                                          tint)

SHORT = {"infantry": "inf", "artillery": "art", "mech_infantry": "mech", "tank": "tnk", "armour": "tnk",
         "aa_gun": "aa", "antiaircraft_gun": "aa", "fighter": "ftr", "tactical_bomber": "tac", "bomber": "bmb",
         "battleship": "bb", "carrier": "cv", "cruiser": "ca", "destroyer": "dd", "submarine": "sub",
         "transport": "trn", "industrial_complex": "ic", "major_industrial_complex": "ic+",
         "minor_industrial_complex": "ic-", "air_base": "ab", "naval_base": "nb"}


def short(unit: str) -> str:
    return SHORT.get(unit, unit.replace("_", "")[:4])


def units_text(counts: dict[str, int], order: list[str]) -> str:
    """`3 inf 1 tnk`, in the setup's order of unit types."""
    keys = sorted(counts, key=lambda u: order.index(u) if u in order else len(order))
    return " ".join(f"{counts[u]} {short(u)}" for u in keys if counts[u])


def places(setup: Any) -> tuple[dict[str, tuple[float, float]], dict[str, list[list[tuple[float, float]]]], int | None]:
    """Each space's centre and outlines, and the width at which the board wraps (None: it does not)."""
    layout = setup.layout
    given = layout.spaces if layout is not None else {}
    centres = {n: (float(p.at[0]), float(p.at[1])) for n, p in given.items() if n in setup.spaces}
    shapes = {n: [[(float(x), float(y)) for x, y in poly] for poly in p.shapes] for n, p in given.items()
              if n in setup.spaces and p.shapes}
    wrap = layout.wrap if layout is not None else None
    missing = [n for n in setup.spaces if n not in centres]
    if missing and not centres:  # no coordinates: the schematic layout of the board's adjacency
        computed = schematic.layout({n: list(s.adjacent) for n, s in setup.spaces.items()})
        centres = {n: (float(x), float(y)) for n, (x, y) in computed.items()}
        wrap = int(schematic.WIDTH)
    elif missing:  # coordinates for some spaces only
        _beside(setup, centres, missing)
    return centres, shapes, wrap


def _beside(setup: Any, centres: dict[str, tuple[float, float]], missing: list[str]) -> None:
    """Spaces a partial layout leaves out: at the middle of their placed neighbours (breadth first), the rest in a
    row under the board."""
    left = list(missing)
    while left:
        progress = False
        for name in list(left):
            near = [centres[n] for n in setup.spaces[name].adjacent if n in centres]
            if near:
                centres[name] = (sum(x for x, _ in near) / len(near) + 12.0, sum(y for _, y in near) / len(near) + 12.0)
                left.remove(name)
                progress = True
        if not progress:
            bottom = max(y for _, y in centres.values()) + 60.0 if centres else 0.0
            x0 = min(x for x, _ in centres.values()) if centres else 0.0
            for i, name in enumerate(left):
                centres[name] = (x0 + 90.0 * i, bottom)
            left = []


def board_svg(setup: Any, game: Any) -> str:
    centres, shapes, wrap = places(setup)
    xs = [x for x, _ in centres.values()] + [x for s in shapes.values() for poly in s for x, _ in poly]
    ys = [y for _, y in centres.values()] + [y for s in shapes.values() for poly in s for _, y in poly]
    gaps = []
    items = list(centres.values())
    for i, (x, y) in enumerate(items):  # a typical distance between spaces sets the size of marks and text
        best = min((math.hypot(x - a, y - b) for j, (a, b) in enumerate(items) if j != i), default=60.0)
        gaps.append(best)
    unit = max(min(statistics.median(gaps) if gaps else 60.0, 200.0), 8.0)
    r = unit * 0.32
    font = unit * 0.16
    margin = unit
    top = unit * 1.2
    left, upper = min(xs) - margin, min(ys) - top - margin * 0.3
    width = max(xs) - min(xs) + 2 * margin
    height = max(ys) - min(ys) + top + 2 * margin + font * 3
    shift = lambda x, y: (x - left, y - upper)  # noqa: E731
    body = [f'<text x="{num(margin * 0.3)}" y="{num(top * 0.6)}" font-size="{num(font * 2.2)}" font-weight="bold" '
            f'fill="#222">{esc(setup.title)}: round {game.round}, {esc(game.power)} to play '
            f'({esc(game.phase.replace("_", " "))})</text>']
    lines = []
    done = set()
    for name, space in setup.spaces.items():
        for other in space.adjacent:
            if other not in centres or (other, name) in done:
                continue
            done.add((name, other))
            (x1, y1), (x2, y2) = shift(*centres[name]), shift(*centres[other])
            if wrap and abs(x2 - x1) > wrap / 2:  # across the board's east-west edge: two stubs to the edges
                edge1, edge2 = (0.0, width) if x1 < x2 else (width, 0.0)
                lines.append(f'<line x1="{num(x1)}" y1="{num(y1)}" x2="{num(edge1)}" y2="{num((y1 + y2) / 2)}"/>')
                lines.append(f'<line x1="{num(x2)}" y1="{num(y2)}" x2="{num(edge2)}" y2="{num((y1 + y2) / 2)}"/>')
            else:
                lines.append(f'<line x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}"/>')
    if not shapes:
        body.append(f'<g class="adjacency" stroke="#9a9a9a" stroke-width="{num(unit * 0.02)}" opacity="0.7">'
                    + "".join(lines) + "</g>")
    order = list(setup.unit_types)
    labels = []
    for name, space in setup.spaces.items():
        state = game.spaces.get(name)
        owner = (state.owner if state is not None else None) or space.start_owner
        x, y = shift(*centres[name])
        sea = space.kind == "sea"
        fill = SEA if sea else (tint(colour(owner), 0.55) if owner else (NEUTRAL if space.neutral else LAND))
        stroke = SEA_EDGE if sea else (colour(owner) if owner else "#888")
        tip = f"{name}: " + ("sea zone" if sea else f"{owner or 'neutral'}" + (f", {space.value} IPC" if space.value else ""))
        own_shapes = shapes.get(name)
        if own_shapes:
            drawn = "".join(f'<polygon points="{points(shift(px, py) for px, py in poly)}"/>' for poly in own_shapes)
            body.append(f'<g class="space" data-space="{esc(name)}" fill="{fill}" stroke="{stroke}" '
                        f'stroke-width="{num(unit * 0.03)}"><title>{esc(tip)}</title>{drawn}</g>')
        elif sea:
            body.append(f'<g class="space" data-space="{esc(name)}"><title>{esc(tip)}</title><circle cx="{num(x)}" '
                        f'cy="{num(y)}" r="{num(r * 0.8)}" fill="{fill}" stroke="{stroke}" '
                        f'stroke-width="{num(unit * 0.025)}"/></g>')
        else:
            body.append(f'<g class="space" data-space="{esc(name)}"><title>{esc(tip)}</title><rect x="{num(x - r * 1.3)}" '
                        f'y="{num(y - r * 0.8)}" width="{num(r * 2.6)}" height="{num(r * 1.6)}" rx="{num(r * 0.35)}" '
                        f'fill="{fill}" stroke="{stroke}" stroke-width="{num(unit * 0.04)}"/></g>')
        label = name if len(name) <= 16 else name[:15] + "…"
        labels.append(f'<text x="{num(x)}" y="{num(y - r * 0.25)}" font-size="{num(font)}" text-anchor="middle" '
                      f'fill="{"#1b3f66" if sea else "#222"}">{esc(label)}</text>')
        marks = []
        if space.victory_city:
            marks.append("★")
        if space.industrial_complex or (state is not None and state.industrial_complex) or space.installations:
            marks.append("■")
        if space.value and not sea:
            marks.append(str(space.value))
        if marks:
            labels.append(f'<text x="{num(x)}" y="{num(y - r * 0.25 - font)}" font-size="{num(font * 0.9)}" '
                          f'text-anchor="middle" fill="#7a1010">{esc(" ".join(marks))}</text>')
        if state is None:
            continue
        by_power: dict[str, dict[str, int]] = {}
        aboard: dict[str, dict[str, int]] = {}
        for force in state.forces:
            counts = by_power.setdefault(force.power, {})
            for unit_type, count in force.units.items():
                counts[unit_type] = counts.get(unit_type, 0) + count
            for owner, cargo in force.cargo.items():  # units aboard transports, by their owner
                carried = aboard.setdefault(owner, {})
                by_power.setdefault(owner, {})
                for unit_type, count in cargo.items():
                    carried[unit_type] = carried.get(unit_type, 0) + count
        for i, (power, counts) in enumerate(sorted(by_power.items())):
            text = units_text(counts, order)
            if aboard.get(power):
                text = (text + " + " if text else "") + units_text(aboard[power], order) + " aboard"
            if text:
                labels.append(f'<text class="units" x="{num(x)}" y="{num(y + font * (0.9 + 1.05 * i))}" '
                              f'font-size="{num(font * 0.95)}" font-weight="bold" text-anchor="middle" '
                              f'fill="{colour(power)}" stroke="#fff" stroke-width="{num(font * 0.12)}" '
                              f'paint-order="stroke">{esc(text)}</text>')
    body += labels
    body += legend([(p, colour(p)) for p in setup.turn_order], margin * 0.3, height - font, font * 1.3)
    return document(width, height, body, f"{setup.title}, round {game.round}")
