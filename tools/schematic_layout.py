"""Give the shipped A&A setups schematic coordinates of our own, for `aa-ref show --svg`.

    PYTHONPATH=. python tools/schematic_layout.py            # rewrite the `layout:` block of each setup file
    PYTHONPATH=. python tools/schematic_layout.py --check    # exit 1 if a stored layout differs from a new run

The coordinates come from `aa_ref.features.pictures.schematic.layout`: a few territories pinned at a rough
longitude and latitude written by hand, the rest placed from the board's adjacency (no map file's data). The
result is written as the last block of each setup file, after a marker comment, replacing the block a former run
wrote; setups that `extends` another (anniversary-1942) inherit it. The `layout:` block decides nothing in play and
is left out of the setup's fingerprint, so games begun before it play on.
"""

from __future__ import annotations

import sys

from aa_ref.core.setups import SETUPS_DIR, load_setup
from aa_ref.features.pictures import schematic

SETUPS = ("aa1941", "anniversary-1941", "global1940")
MARKER = "# ---- the board as a picture (aa-ref show --svg): schematic coordinates of our own"


def block(setup_id: str) -> str:
    setup = load_setup(setup_id)
    placed = schematic.layout({name: list(space.adjacent) for name, space in setup.spaces.items()})
    lines = [f"{MARKER}, made by tools/schematic_layout.py", "# from the adjacency above; run it again rather than edit "
             "by hand. No effect on play (not in the setup's fingerprint).", "layout:",
             '  source: "schematic, ours: tools/schematic_layout.py (adjacency and a few hand-placed anchors)"',
             f"  wrap: {int(schematic.WIDTH)}", "  spaces:"]
    for name in setup.spaces:
        x, y = placed[name]
        key = f'"{name}"' if any(c in name for c in ":#'\"{}[],&*!|>%@`") else name
        lines.append(f"    {key}: {{at: [{x}, {y}]}}")
    return "\n".join(lines) + "\n"


def main(check: bool) -> int:
    differ = []
    for setup_id in SETUPS:
        path = SETUPS_DIR / f"{setup_id}.yaml"
        text = path.read_text(encoding="utf-8")
        head = text.split(MARKER, 1)[0].rstrip("\n") + "\n\n"
        new = head + block(setup_id)
        if new != text:
            differ.append(setup_id)
            if not check:
                path.write_text(new, encoding="utf-8")
    if check and differ:
        print(f"layouts out of date: {', '.join(differ)} (run tools/schematic_layout.py)", file=sys.stderr)
        return 1
    print(("checked: " if check else "written: ") + (", ".join(differ) if not check else ", ".join(SETUPS)))
    return 0


if __name__ == "__main__":
    sys.exit(main("--check" in sys.argv[1:]))
