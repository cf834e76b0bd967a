"""The few pieces of SVG every picture shares: escaping, the document around a drawing, colours.

Pictures are SVG text written here (no drawing library): a self-contained `<svg>` element with a viewBox, width
100%, no external resource (no font, image or stylesheet outside it), so that it can be written to a file or
embedded in an HTML page as it is.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

POWER_COLOURS = {
    # Axis & Allies (distinct hues: no two browns, the UK darker than a tan)
    "germany": "#5f6770", "ussr": "#b0302a", "japan": "#e08a1e", "uk": "#9a7a2e", "uk_pacific": "#9a7a2e",
    "italy": "#6b3fa0", "usa": "#3d7a35", "china": "#1f8a8a", "anzac": "#2f5fa8", "france": "#2a4fd0",
    # WARZAG nations and Blocks in the West powers
    "belgium": "#c9a21a", "netherlands": "#e0701a", "poland": "#c04070", "switzerland": "#a03030",
    "axis": "#5f6770", "allies": "#3d7a35",
}
FALLBACK = ("#8c564b", "#17becf", "#bcbd22", "#e377c2", "#7f7f7f", "#1f77b4", "#ff7f0e", "#2ca02c")

SEA = "#a9cbe8"
SEA_EDGE = "#5b8db8"
LAND = "#efe8d2"
NEUTRAL = "#d9d4c4"


def esc(text: object) -> str:
    """Text made safe inside an SVG element or a double-quoted attribute."""
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
            .replace("'", "&#39;"))


def colour(power: str | None) -> str:
    """A power's colour: a known one, else one of a fixed palette chosen by the name (the same every time)."""
    if power is None:
        return NEUTRAL
    known = POWER_COLOURS.get(power.casefold().replace(" ", "_").replace("-", "_"))
    if known:
        return known
    return FALLBACK[int(hashlib.sha256(power.encode()).hexdigest(), 16) % len(FALLBACK)]


def tint(hex_colour: str, amount: float = 0.7) -> str:
    """The colour mixed with white: amount 0 leaves it, 1 is white."""
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    mix = lambda c: round(c + (255 - c) * amount)  # noqa: E731
    return f"#{mix(r):02x}{mix(g):02x}{mix(b):02x}"


def num(value: float) -> str:
    """A coordinate as short text: one decimal at most."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def points(coordinates: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{num(x)},{num(y)}" for x, y in coordinates)


def document(width: float, height: float, body: list[str], label: str, defs: str = "") -> str:
    """The `<svg>` element around a drawing of `width` x `height` user units, scaled to its container's width."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {num(width)} {num(height)}" width="100%" '
            f'role="img" aria-label="{esc(label)}" font-family="{FONT}">\n'
            f'<title>{esc(label)}</title>\n'
            + (f"<defs>{defs}</defs>\n" if defs else "")
            + f'<rect x="0" y="0" width="{num(width)}" height="{num(height)}" fill="#fbfaf5"/>\n'
            + "\n".join(body) + "\n</svg>\n")


def legend(entries: list[tuple[str, str]], x: float, y: float, size: float = 12,
           width: float | None = None) -> list[str]:
    """A row of coloured squares with names, from (x, y), going on to a new row before `width`."""
    out = []
    left = x
    for name, fill in entries:
        need = size + 12 + 0.62 * size * len(name)
        if width is not None and x > left and x + need > width:
            x, y = left, y + size + 6
        out.append(f'<rect x="{num(x)}" y="{num(y - size + 2)}" width="{num(size)}" height="{num(size)}" '
                   f'fill="{fill}" stroke="#333" stroke-width="0.5"/>'
                   f'<text x="{num(x + size + 4)}" y="{num(y)}" font-size="{num(size)}" fill="#222">{esc(name)}</text>')
        x += size + 12 + 0.62 * size * len(name)
    return out
