"""The board's pictures in a real headless browser (Debian's Chromium), as the HTML report is checked: an A&A, a
WARZAG and a Blocks in the West picture, each put alone in a page and photographed, must show a drawing (many
distinct colours over much of the window), not a blank or broken page. Skips without Chromium, unless
AA_REF_REQUIRE_BROWSER=1 (see test_report_browser)."""

from __future__ import annotations

from collections import Counter

import pytest

from aa_ref.core.session import load_game, new_game
from aa_ref.features.pictures import board_svg
from tests.e2e.test_report_browser import chromium, decode_png, screenshot  # noqa: F401 (chromium: a fixture)

WIDTH, HEIGHT = 640, 360


@pytest.mark.parametrize(("scenario", "side"), [("aa1941", None), ("warzag-demo", None), ("bitw-demo", "allies")])
def test_a_picture_shows_a_board_in_the_browser(chromium, tmp_path, scenario, side):  # noqa: F811
    new_game(scenario, tmp_path / "game.yaml", "browser", None, {})
    loaded = load_game(tmp_path / "game.yaml")
    svg = board_svg(loaded.setup, loaded.game, side)
    page = f'<!doctype html><html><head><meta charset="utf-8"></head><body style="margin:0">{svg}</body></html>'
    width, height, rows = decode_png(screenshot(chromium, page, tmp_path, WIDTH, HEIGHT))
    assert (width, height) == (WIDTH, HEIGHT)
    pixels = Counter(bytes(row[i:i + 3]) for row in rows[::4] for i in range(0, len(row), 12))
    background, most = pixels.most_common(1)[0]
    assert len([c for c, n in pixels.items() if n >= 3]) >= 12, "too few colours: a blank or broken picture"
    assert most < 0.85 * sum(pixels.values()), "one colour fills the window: nothing drawn"
    assert background != b"\x00\x00\x00"
