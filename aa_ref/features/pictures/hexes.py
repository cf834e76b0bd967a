"""Pictures of the games played on hexes, drawn from their own axial coordinates [q, r] (`core.hexgrid`).

WARZAG: each hex by kind (base, R&D, historic, war industry, oil field), its owner's colour, its development, the
Leader tokens and the armies by nation and category. Blocks in the West: terrain, home nation, control, cities,
ports, fortifications, rivers and straits on hexsides, and the blocks. A side's picture of Blocks in the West is
drawn from that side's view (`views.view`) and nothing else, so it shows what the view shows: the enemy's hidden
blocks as blocks of their nation, without name, type or strength. The referee's picture shows every block and says
so on the picture.
"""

from __future__ import annotations

import math
from typing import Any

from aa_ref.features.pictures.svg import SEA, SEA_EDGE, colour, document, esc, legend, num, points, tint

SIZE = 30.0
"""A hex's radius (centre to corner), in user units."""
MARGIN = 20.0
TOP = 46.0
"""Room above the board for the title line."""


def centre(q: int, r: int) -> tuple[float, float]:
    """A pointy-topped hex's centre (before the picture's offset)."""
    return SIZE * math.sqrt(3) * (q + r / 2), SIZE * 1.5 * r


def corners(x: float, y: float, size: float = SIZE) -> list[tuple[float, float]]:
    return [(x + size * math.cos(math.radians(60 * i - 30)), y + size * math.sin(math.radians(60 * i - 30)))
            for i in range(6)]


class Frame:
    """Places hexes in the picture: the board's bounding box shifted to the margins."""

    def __init__(self, coordinates: list[tuple[int, int]], legend_rows: int = 1) -> None:
        xs, ys = zip(*(centre(q, r) for q, r in coordinates)) if coordinates else ((0.0,), (0.0,))
        half = SIZE * math.sqrt(3) / 2
        self.dx = MARGIN + half - min(xs)
        self.dy = TOP + SIZE - min(ys)
        self.width = max(xs) - min(xs) + 2 * half + 2 * MARGIN
        self.board_bottom = max(ys) - min(ys) + 2 * SIZE + TOP
        self.height = self.board_bottom + MARGIN + 22 * legend_rows

    def at(self, q: int, r: int) -> tuple[float, float]:
        x, y = centre(q, r)
        return x + self.dx, y + self.dy


def _title(text: str, width: float, note: str | None = None) -> list[str]:
    """The title line (and a note under it), in a size that fits the picture's width."""
    room = width - 2 * MARGIN
    size = min(16.0, room / (0.6 * max(len(text), 1)))
    out = [f'<text x="{num(MARGIN)}" y="22" font-size="{num(size)}" font-weight="bold" fill="#222">{esc(text)}</text>']
    if note:
        small = min(11.0, room / (0.58 * len(note)))
        out.append(f'<text x="{num(MARGIN)}" y="38" font-size="{num(small)}" font-weight="bold" fill="#a00000">'
                   f'{esc(note)}</text>')
    return out


# ---- WARZAG ----

WARZAG_KINDS = {"standard": "#efe8d2", "base": "#f3cf8e", "rd": "#cfc6ee", "historic": "#efb8b0",
                "war_industry": "#c9c9c9", "oil_field": "#bfae8a"}
CATEGORY_SHORT = {"infantry": "inf", "artillery": "art", "aviation": "avi", "armour": "arm"}


def warzag_svg(pack: Any, game: Any, power: str | None = None) -> str:
    """The WARZAG board: hexes by kind, owners, developments, Leader tokens and armies (nothing there is hidden:
    a player's cards are not on the board)."""
    shown = {h: hx for h, hx in pack.hexes.items() if not (hx.expansion and h not in game.hexes
                                                           and not game.armies_at(h))}
    frame = Frame([tuple(hx.at) for hx in shown.values()])
    body = _title(f"WARZAG ({pack.id}), round {game.round}: {game.power} to play ({game.phase.replace('_', ' ')})",
                  frame.width)
    labels = []
    for hex_id, hx in shown.items():
        x, y = frame.at(*hx.at)
        owner = game.owner(hex_id)
        fill = tint(colour(owner), 0.55) if owner else WARZAG_KINDS.get(hx.kind, "#eee")
        stroke, width = (colour(owner), 2.5) if owner else ("#777", 0.8)
        title = [hx.name or hex_id, hx.kind.replace("_", " ")]
        if owner:
            title.append(f"owner {owner}")
        state = game.hexes.get(hex_id)
        if state is not None and state.development:
            title.append(f"developed: {state.development}")
        body.append(f'<g class="hex" data-hex="{esc(hex_id)}"><title>{esc(", ".join(title))}</title>'
                    f'<polygon points="{points(corners(x, y, SIZE - 1.2))}" fill="{fill}" stroke="{stroke}" '
                    f'stroke-width="{width}"/>'
                    + (f'<polygon points="{points(corners(x, y, SIZE - 7))}" fill="none" stroke="{WARZAG_KINDS[hx.kind]}"'
                       f' stroke-width="4"/>' if owner and hx.kind != "standard" else "")
                    + "</g>")
        name = hx.name if hx.kind != "standard" else None
        if name:
            short = name.replace("Base ", "").split(" ")[0][:10]
            labels.append(f'<text x="{num(x)}" y="{num(y - 14)}" font-size="8" text-anchor="middle" '
                          f'fill="#333">{esc(short)}</text>')
        if state is not None and state.development:
            labels.append(f'<text x="{num(x + 13)}" y="{num(y - 4)}" font-size="9" fill="#222">+</text>')
        leaders = game.leaders_at(hex_id)
        for i, nation in enumerate(leaders):
            labels.append(f'<circle cx="{num(x - 14 + 7 * i)}" cy="{num(y - 4)}" r="4" fill="{colour(nation)}" '
                          f'stroke="#fff" stroke-width="1"><title>{esc(nation)} Leader</title></circle>')
        armies: dict[str, dict[str, int]] = {}
        for _, army in game.armies_at(hex_id):
            counts = armies.setdefault(army.nation, {})
            counts[army.category] = counts.get(army.category, 0) + 1
        for i, (nation, counts) in enumerate(sorted(armies.items())):
            text = " ".join(f"{n} {CATEGORY_SHORT.get(c, c[:3])}" for c, n in sorted(counts.items()))
            labels.append(f'<text class="units" x="{num(x)}" y="{num(y + 6 + 10 * i)}" font-size="8.5" '
                          f'font-weight="bold" text-anchor="middle" fill="{colour(nation)}">{esc(text)}</text>')
    body += labels
    body += legend([(n, colour(n)) for n in game.seating], MARGIN, frame.height - 12, 12, frame.width - MARGIN)
    return document(frame.width, frame.height, body, f"WARZAG board, round {game.round}")


# ---- Blocks in the West ----

TERRAIN = {"clear": "#eee8cc", "forest": "#a9cf92", "hill": "#dcc48e", "mountain": "#b8a48c", "swamp": "#b9d6c4",
           "sea": SEA}
TERRAIN_PATTERN = {"forest": "forest", "mountain": "mountain", "swamp": "swamp", "hill": "hill"}
PATTERNS = (
    '<pattern id="forest" width="8" height="8" patternUnits="userSpaceOnUse">'
    '<rect width="8" height="8" fill="#a9cf92"/><circle cx="4" cy="4" r="1.6" fill="#5f9a4a"/></pattern>'
    '<pattern id="mountain" width="10" height="8" patternUnits="userSpaceOnUse">'
    '<rect width="10" height="8" fill="#b8a48c"/><path d="M1 7 L5 2 L9 7" fill="none" stroke="#7a6650" '
    'stroke-width="1"/></pattern>'
    '<pattern id="hill" width="10" height="8" patternUnits="userSpaceOnUse">'
    '<rect width="10" height="8" fill="#dcc48e"/><path d="M1 6 Q5 2 9 6" fill="none" stroke="#a68a50" '
    'stroke-width="0.8"/></pattern>'
    '<pattern id="swamp" width="8" height="6" patternUnits="userSpaceOnUse">'
    '<rect width="8" height="6" fill="#b9d6c4"/><path d="M1 4 H7" stroke="#5e8f7a" stroke-width="0.8"/></pattern>'
)
UNIT_SHORT = {"infantry": "INF", "static": "STA", "mountain": "MTN", "cavalry": "CAV", "motorized": "MOT",
              "motorized_cavalry": "MCV", "paratroops": "PAR", "marines": "MAR", "artillery": "ART",
              "mechanized": "MEC", "tank": "TNK", "fighter": "FTR", "bomber": "BMB", "strategic_bomber": "SBM",
              "hq": "HQ", "fort": "FRT"}
HEXSIDE = {"river": ("#2a6fc0", 3.0, ""), "strait": ("#d02020", 3.0, ""), "maginot": ("#444", 4.0, "4 2")}


def _edge(a: tuple[float, float], b: tuple[float, float]) -> tuple[tuple[float, float], tuple[float, float]]:
    """The side two adjacent hexes share: the segment through the midpoint, perpendicular to the centres' line."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    half = SIZE / 2
    nx, ny = -dy / length * half, dx / length * half
    return (mx + nx, my + ny), (mx - nx, my - ny)


def bitw_svg(scenario: Any, game: Any, side: str | None, seen: Any | None = None) -> str:
    """The Blocks in the West board. With `side`, `seen` is that side's view (`views.view`) and the blocks drawn
    are its blocks only; without, every block of the referee's game file, and the picture says it is the
    referee's."""
    frame = Frame([tuple(h.at) for h in scenario.hexes.values()], legend_rows=4)
    month = scenario.turns[game.turn - 1].month
    if side is None:
        title = f"Blocks in the West ({scenario.id}), turn {game.turn} ({month}): the referee's picture"
        note = "REFEREE'S PICTURE: every block shown, with its strength. Not for a player's eyes."
        blocks = {b: (scenario.blocks[b].power, scenario.blocks[b].unit, s.strength, s.hex)
                  for b, s in game.blocks.items() if s.hex is not None}
        control = dict(game.control)
    else:
        title = f"Blocks in the West ({scenario.id}), turn {seen.turn} ({seen.month}): the {side}' view"
        note = None
        blocks = {b: (s.power, s.unit, s.strength, s.hex) for b, s in seen.blocks.items()}
        control = dict(seen.control)
    body = _title(title, frame.width, note)
    at = {h: frame.at(*hx.at) for h, hx in scenario.hexes.items()}
    marks = []
    for hex_id, hx in scenario.hexes.items():
        x, y = at[hex_id]
        fill = f"url(#{TERRAIN_PATTERN[hx.terrain]})" if hx.terrain in TERRAIN_PATTERN else TERRAIN[hx.terrain]
        holder = control.get(hex_id)
        stroke, width = ((colour(holder), 2.2) if holder else ("#8a8a8a", 0.6))
        tip = [hx.name or hex_id, hx.terrain] + ([f"{hx.nation}"] if hx.nation else []) \
            + ([f"controlled by {holder}"] if holder else []) + ([f"{hx.city} city"] if hx.city else [])
        body.append(f'<g class="hex" data-hex="{esc(hex_id)}"><title>{esc(", ".join(tip))}</title>'
                    f'<polygon points="{points(corners(x, y, SIZE - 1.1))}" fill="{fill}" stroke="{stroke}" '
                    f'stroke-width="{width}"' + (' stroke-dasharray="3 2" opacity="0.6"' if hx.partial else "")
                    + "/></g>")
        if hx.city:
            size = 5 if hx.city in ("capital", "major") else 3.5
            shape = (f'<rect x="{num(x - size)}" y="{num(y - 20 - size)}" width="{num(2 * size)}" '
                     f'height="{num(2 * size)}"' if hx.city != "capital"
                     else f'<circle cx="{num(x)}" cy="{num(y - 20)}" r="{num(size)}"')
            marks.append(shape + f' fill="{"#c00" if hx.victory_city else "#222"}" stroke="#fff" stroke-width="0.8"/>')
        if hx.port:
            marks.append(f'<text x="{num(x + 12)}" y="{num(y - 15)}" font-size="9" fill="#1b4f8a">⚓</text>')
        if hx.fortification:
            marks.append(f'<text x="{num(x - 21)}" y="{num(y - 14)}" font-size="9" fill="#222">'
                         f'{"▲" if hx.fortification == "fortress" else "△"}</text>')
        if hx.name:
            marks.append(f'<text x="{num(x)}" y="{num(y - 8)}" font-size="7.5" text-anchor="middle" fill="#222">'
                         f'{esc(hx.name[:12])}</text>')
    for side_line in scenario.hexsides:
        a, b = side_line.between
        if a in at and b in at:
            (x1, y1), (x2, y2) = _edge(at[a], at[b])
            stroke, width, dash = HEXSIDE[side_line.kind]
            marks.append(f'<line x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}" stroke="{stroke}" '
                         f'stroke-width="{width}" stroke-linecap="round"'
                         + (f' stroke-dasharray="{dash}"' if dash else "") + f"><title>{side_line.kind}</title></line>")
    for line in scenario.sea_lines:
        a, b = line.between
        if a in at and b in at:
            marks.append(f'<line x1="{num(at[a][0])}" y1="{num(at[a][1])}" x2="{num(at[b][0])}" y2="{num(at[b][1])}" '
                         f'stroke="{SEA_EDGE}" stroke-width="1.2" stroke-dasharray="5 3" opacity="0.8"/>')
    body += marks
    by_hex: dict[str, list[tuple[str, tuple]]] = {}
    for block_id, block in sorted(blocks.items()):
        by_hex.setdefault(block[3], []).append((block_id, block))
    for hex_id, here in by_hex.items():
        if hex_id not in at:
            continue
        x, y = at[hex_id]
        per_row = 3
        size = 13.0
        for i, (block_id, (power, unit, strength, _)) in enumerate(here[:9]):
            bx = x - (min(len(here), per_row) * (size + 1)) / 2 + (i % per_row) * (size + 1)
            by = y - 4 + (i // per_row) * (size + 1)
            hidden = unit is None
            tip = f"{power} block (hidden)" if hidden else f"{block_id}: {power} {unit}, strength {strength}"
            body.append(f'<g class="block" data-power="{esc(power)}"><title>{esc(tip)}</title>'
                        f'<rect x="{num(bx)}" y="{num(by)}" width="{num(size)}" height="{num(size)}" rx="1.5" '
                        f'fill="{colour(power)}" stroke="#111" stroke-width="0.6"/>'
                        + ("" if hidden else
                           f'<text x="{num(bx + size / 2)}" y="{num(by + 6)}" font-size="5" text-anchor="middle" '
                           f'fill="#fff">{esc(UNIT_SHORT.get(unit, unit[:3].upper()))}</text>'
                           f'<text x="{num(bx + size / 2)}" y="{num(by + 12)}" font-size="6.5" font-weight="bold" '
                           f'text-anchor="middle" fill="#fff">{esc(strength)}</text>')
                        + "</g>")
        if len(here) > 9:
            body.append(f'<text x="{num(x + 16)}" y="{num(y + 22)}" font-size="7" fill="#000">+{len(here) - 9}</text>')
    powers = sorted(scenario.powers)
    entries = [(p, colour(p)) for p in powers] + [(f"{side} control (border)", colour(side)) for side in
                                                   ("axis", "allies")]
    entries += [("river", "#2a6fc0"), ("strait", "#d02020"), ("city", "#222"), ("victory city", "#c00")]
    entries += [(t, f"url(#{TERRAIN_PATTERN[t]})" if t in TERRAIN_PATTERN else TERRAIN[t])
                for t in ("clear", "forest", "hill", "mountain", "swamp", "sea")]
    body += legend(entries, MARGIN, frame.board_bottom + 18, 11, frame.width - MARGIN)
    label = f"Blocks in the West board, turn {game.turn}" + (f", the {side}' view" if side else ", referee's picture")
    return document(frame.width, frame.height, body, label, PATTERNS)
