"""`aa-ref report --format html` rendered in a real headless browser (Debian's Chromium).

The pages come from a real game: the shipped round-1 example orders, then a quiet second
round. Each page is copied to a temporary folder with a small measuring script appended by
this test only (the product's page has no script) and opened with
`chromium --headless --dump-dom`: the script records what the browser laid out (boxes,
line lengths, colours, table rows) as JSON inside the page, read back from the dumped DOM.
Screenshots are decoded with the standard library (zlib, struct).

Without Chromium these tests skip, unless AA_REF_REQUIRE_BROWSER=1 (which `.ci/run` sets
after installing it): then they fail, so CI cannot pass by skipping them.
"""

from __future__ import annotations

import html
import json
import math
import os
import re
import shutil
import signal
import struct
import subprocess
import tempfile
import zlib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.e2e.conftest import Cli
from tests.e2e.test_report_cli import played_round

WIDTH, HEIGHT = 1280, 2000  # a desktop window
NARROW = 500                 # a narrow window (Chromium's smallest), as on a small tablet or phone
TIMEOUT = 60
POWERS = ["Germany", "USSR", "Japan", "UK", "Italy", "USA", "China"]

# Appended to the copy of the page before </body>: runs once the page is parsed, forces
# layout, and writes what the browser made of the page into <pre id="aa-ref-measured">.
MEASURE = r"""<script>
(function () {
  var out = {};
  try {
    var box = function (el) {
      var r = el.getBoundingClientRect();
      return {left: r.left + scrollX, top: r.top + scrollY, right: r.right + scrollX,
              bottom: r.bottom + scrollY, width: r.width, height: r.height};
    };
    var power = function (el) {  // the power an SVG element belongs to: its own or its group's <title>
      var t = el.querySelector(':scope > title');
      var g = el.closest('g');
      t = t || (g && g.querySelector(':scope > title'));
      return t ? t.textContent : null;
    };
    out.title = document.title;
    out.viewport = document.documentElement.clientWidth;
    out.scroll_width = document.documentElement.scrollWidth;
    out.page_height = document.documentElement.scrollHeight;
    // the income chart's SVG; the board's picture (figure.board) is measured as a figure
    var charts = Array.from(document.querySelectorAll('svg')).filter(function (svg) {
      return !svg.closest('figure.board');
    });
    var inCharts = function (selector) {
      return charts.flatMap(function (svg) { return Array.from(svg.querySelectorAll(selector)); });
    };
    out.svgs = charts.map(function (svg) {
      return {label: svg.getAttribute('aria-label'), box: box(svg)};
    });
    out.lines = inCharts('polyline').map(function (p) {
      return {power: power(p), length: p.getTotalLength(), points: p.points.numberOfItems,
              stroke: getComputedStyle(p).stroke, box: box(p)};
    });
    out.marks = inCharts('circle').map(function (c) {
      return {power: power(c), fill: getComputedStyle(c).fill, box: box(c)};
    });
    out.texts = inCharts('text').map(function (t) {
      return {text: t.textContent, fill: getComputedStyle(t).fill, box: box(t)};
    });
    out.tables = Array.from(document.querySelectorAll('table')).map(function (t) {
      return {box: box(t), rows: Array.from(t.rows).map(function (r) {
        return Array.from(r.cells).map(function (c) { return c.textContent; });
      })};
    });
    out.inner_width = innerWidth;
    out.viewport_meta = !!document.querySelector('meta[name=viewport]');
    out.dice = Array.from(document.querySelectorAll('span.dice')).map(function (d) {
      return {title: d.getAttribute('title'), dice: d.querySelectorAll('.die').length, box: box(d)};
    });
    out.pre = document.querySelectorAll('pre').length;
    out.figures = Array.from(document.querySelectorAll('figure.board')).map(function (f) {
      var svg = f.querySelector('svg');
      return {round: f.getAttribute('data-round'), section: f.closest('section').querySelector('h2').textContent,
              picture: svg ? box(svg) : null};
    });
    // text cut off: an element whose content is wider than its own box (a word or a dice run that does not wrap)
    out.cut = Array.from(document.body.querySelectorAll('h1, h2, h3, h4, p, li, td, th, caption, summary, span'))
      .filter(function (el) { return el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1; })
      .map(function (el) { return {tag: el.tagName.toLowerCase(), text: (el.textContent || '').slice(0, 60),
                                   scroll: el.scrollWidth, client: el.clientWidth}; });
    out.headings = Array.from(document.querySelectorAll('h1, h2, h3, h4')).map(function (h) {
      return {tag: h.tagName.toLowerCase(), text: h.textContent, box: box(h)};
    });
    var vw = document.documentElement.clientWidth;
    out.overflowing = Array.from(document.body.querySelectorAll('*')).filter(function (el) {
      var r = el.getBoundingClientRect();
      return r.width > 0 && (r.right > vw + 1 || r.left < -1);
    }).map(function (el) {
      return {tag: el.tagName.toLowerCase(), text: (el.textContent || '').slice(0, 60), box: box(el)};
    });
  } catch (e) {
    out.error = String(e && e.stack || e);
  }
  var pre = document.createElement('pre');
  pre.id = 'aa-ref-measured';
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
</script>"""


@pytest.fixture(scope="module")
def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found:
        return found
    if os.environ.get("AA_REF_REQUIRE_BROWSER") == "1":
        pytest.fail("AA_REF_REQUIRE_BROWSER=1 but neither chromium nor chromium-browser is on PATH "
                    "(.ci/run installs Debian's chromium)")
    pytest.skip("headless-browser check of the HTML report: chromium (or chromium-browser) is not "
                "installed; `apt-get install chromium`, or set AA_REF_REQUIRE_BROWSER=1 to fail instead")


def run_chromium(chromium: str, page: Path, width: int, height: int, *args: str) -> str:
    """Headless Chromium on a local page with a fresh profile and no network chatter; its stdout.
    Killed, with everything it started, after TIMEOUT seconds."""
    with tempfile.TemporaryDirectory(prefix="aa-ref-chromium-") as profile:
        command = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                   "--disable-quic", "--no-first-run", "--disable-background-networking",
                   "--disable-component-update", "--disable-sync", "--hide-scrollbars",
                   f"--user-data-dir={profile}", f"--window-size={width},{height}", *args, page.as_uri()]
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                   start_new_session=True)
        try:
            out, err = process.communicate(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            pytest.fail(f"chromium did not finish within {TIMEOUT} s on {page}")
        assert process.returncode == 0, f"chromium exited {process.returncode}:\n{err[-3000:]}"
        return out


def measure(chromium: str, page: str, folder: Path, width: int) -> dict:
    """The page with the measuring script appended, dumped by the browser: the measurements."""
    copy = folder / "measured.html"
    assert page.count("</body>") == 1
    copy.write_text(page.replace("</body>", MEASURE + "</body>"))
    dom = run_chromium(chromium, copy, width, HEIGHT, "--dump-dom")
    found = re.search(r'<pre id="aa-ref-measured">(.*?)</pre>', dom, re.S)
    assert found, f"the measuring script wrote nothing; the dumped DOM ends with:\n{dom[-2000:]}"
    data = json.loads(html.unescape(found.group(1)))
    assert "error" not in data, data["error"]
    return data


def screenshot(chromium: str, page: str, folder: Path, width: int, height: int) -> bytes:
    """The product's page as it is (no script added), photographed in a window this size."""
    copy, png = folder / "page.html", folder / "page.png"
    copy.write_text(page)
    run_chromium(chromium, copy, width, height, f"--screenshot={png}")
    assert png.is_file(), "chromium wrote no screenshot"
    return png.read_bytes()


def decode_png(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and RGB rows of an 8-bit truecolour PNG, with the standard library only:
    signature, chunk CRCs and sizes checked, IDAT inflated, each row's filter undone."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG signature"
    pos, chunks = 8, []
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        assert zlib.crc32(kind + body) == crc, f"bad CRC in {kind!r}"
        chunks.append((kind, body))
        pos += 12 + length
    assert chunks[0][0] == b"IHDR" and chunks[-1][0] == b"IEND", [k for k, _ in chunks]
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
    assert depth == 8 and colour in (2, 6) and interlace == 0, (depth, colour, interlace)
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(body for kind, body in chunks if kind == b"IDAT"))
    stride = width * bpp
    assert len(raw) == height * (stride + 1), "image data of the wrong size"
    rows, previous = [], bytes(stride)
    low, high = int.from_bytes(b"\x7f" * stride, "big"), int.from_bytes(b"\x80" * stride, "big")
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if kind == 2:  # Up: every byte plus the one above, all at once (bytewise sum without carries)
            a, b = int.from_bytes(line, "big"), int.from_bytes(previous, "big")
            line = bytearray((((a & low) + (b & low)) ^ ((a ^ b) & high)).to_bytes(stride, "big"))
        elif kind == 1:  # Sub
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif kind == 3:  # Average
            for i in range(stride):
                line[i] = (line[i] + ((line[i - bpp] if i >= bpp else 0) + previous[i]) // 2) & 255
        elif kind == 4:  # Paeth
            for i in range(stride):
                a, b, c = (line[i - bpp], previous[i], previous[i - bpp]) if i >= bpp else (0, previous[i], 0)
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        else:
            assert kind == 0, f"unknown PNG filter {kind}"
        previous = bytes(line)
        rows.append(previous if bpp == 3 else bytes(b for i, b in enumerate(previous) if i % 4 != 3))
    return width, height, rows


def rgb(css: str) -> tuple[int, int, int]:
    found = re.fullmatch(r"rgb\((\d+), (\d+), (\d+)\)", css)
    assert found, f"not an opaque colour: {css}"
    return tuple(int(n) for n in found.groups())


def colours_in(rows: list[bytes], box: dict) -> set[tuple[int, int, int]]:
    """The distinct colours of the screenshot's pixels inside a measured box."""
    left, right = max(0, math.floor(box["left"])), math.ceil(box["right"])
    top, bottom = max(0, math.floor(box["top"])), min(len(rows), math.ceil(box["bottom"]))
    return {tuple(row[i:i + 3]) for row in rows[top:bottom] for i in range(3 * left, 3 * min(right, len(row) // 3), 3)}


def inside(inner: dict, outer: dict, slack: float = 0.5) -> bool:
    return (inner["left"] >= outer["left"] - slack and inner["right"] <= outer["right"] + slack
            and inner["top"] >= outer["top"] - slack and inner["bottom"] <= outer["bottom"] + slack)


def quiet_round(cli: Cli) -> None:
    """Round 2: every power's orders as `aa-ref template` writes them (buy nothing, move
    nothing; the researchers kept from round 1 roll on the chart the template names), until round 3 begins."""
    for _ in range(100):
        template = cli("template", "game.yaml")
        assert template.exit_code == 0, template.output
        if re.search(r"^round: 3$", template.output, re.M):
            return
        text = template.output
        (cli.folder / "next.yaml").write_text(text)
        applied = cli("apply", "game.yaml", "next.yaml", "--in-place")
        assert applied.exit_code == 0, text + applied.output
    raise AssertionError("round 2 did not end")


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[int, str]:
    """The HTML report after one round (a chart of one point per power) and of round 2
    after two rounds (a line per power), keyed by the number of rounds played."""
    folder = tmp_path_factory.mktemp("report-browser")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(folder)
        cli = Cli(folder)
        played_round(cli)
        one = cli("report", "game.yaml", "--format", "html")
        quiet_round(cli)
        two = cli("report", "game.yaml", "--format", "html", "--round", "2")
    assert one.exit_code == 0 and two.exit_code == 0, one.output + two.output
    return {1: one.output, 2: two.output}


@pytest.fixture(scope="module")
def browser(chromium, pages, tmp_path_factory) -> dict:
    """Everything the browser is asked, at once (a few Chromiums side by side, to keep the
    tests quick): both pages measured in a desktop (1280 px) and a narrow (500 px) window, the
    two-round page photographed in both windows and, once its height is known, whole at 1280 px.
    With AA_REF_SCREENSHOTS=FOLDER the photographs are also written there, to look at."""
    folder = lambda name: tmp_path_factory.mktemp(name)  # noqa: E731
    with ThreadPoolExecutor(max_workers=4) as pool:
        desktop = {rounds: pool.submit(measure, chromium, page, folder("measured"), WIDTH)
                   for rounds, page in pages.items()}
        narrow = {rounds: pool.submit(measure, chromium, page, folder("narrow"), NARROW)
                  for rounds, page in pages.items()}
        window = pool.submit(screenshot, chromium, pages[2], folder("window"), WIDTH, HEIGHT)
        small = pool.submit(screenshot, chromium, pages[2], folder("small"), NARROW, HEIGHT)
        height = math.ceil(desktop[2].result()["page_height"])
        assert height <= 16000, "the two-round page grew too long for one screenshot"
        whole = pool.submit(screenshot, chromium, pages[2], folder("whole"), WIDTH, height)
        shots = {"window": window.result(), "small": small.result(), "whole": whole.result()}
    keep = os.environ.get("AA_REF_SCREENSHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        for name, png in shots.items():
            (Path(keep) / f"report-{name}.png").write_bytes(png)
    return {"measured": {rounds: future.result() for rounds, future in desktop.items()},
            "narrow": {rounds: future.result() for rounds, future in narrow.items()}, **shots}


@pytest.fixture(scope="module")
def measured(browser) -> dict[int, dict]:
    return browser["measured"]


@pytest.mark.parametrize("rounds", [1, 2])
def test_the_page_renders_its_title_headings_and_end_of_round_table(measured, rounds):
    """The browser shows the document title, one heading per power with a turn and one per phase in it, the
    board at the end of the round with a row of five non-empty cells per power, and its figure waiting for the
    board's picture: the page is not just well-formed text but a laid-out document a reader sees."""
    page = measured[rounds]
    heading = f"Axis & Allies Anniversary Edition, 1941 scenario: round {rounds}"
    assert page["title"] == heading and page["viewport_meta"] and page["pre"] == 0
    h1 = [h for h in page["headings"] if h["tag"] == "h1"]
    assert [h["text"] for h in h1] == [heading] and h1[0]["box"]["height"] > 0
    h2 = [h["text"] for h in page["headings"] if h["tag"] == "h2"]
    assert h2 == POWERS + [f"The board at the end of round {rounds}", "Income per power per round"]
    h3 = [h["text"] for h in page["headings"] if h["tag"] == "h3"]
    assert "research" in h3 and ("conduct combat" in h3 or rounds == 2) and "mobilize" in h3
    table = page["tables"][0]
    assert table["box"]["width"] > 0 and table["box"]["height"] > 0
    assert table["rows"][0] == ["power", "treasury", "income", "territories", "units"]
    assert [row[0] for row in table["rows"][1:]] == POWERS
    assert all(len(row) == 5 and all(cell.strip() for cell in row) for row in table["rows"])
    [figure] = page["figures"]
    assert (figure["round"], figure["section"]) == (str(rounds), f"The board at the end of round {rounds}")
    picture = figure["picture"]  # the board's picture, as wide as the page's column at most
    assert picture and 300 <= picture["width"] <= page["inner_width"] and picture["height"] > 100, picture


def test_dice_are_small_boxes_named_by_their_volley(measured):
    """Round 1's battles show their dice as boxes, each run titled with the volley's name from the log, inside
    the window."""
    dice = measured[1]["dice"]
    assert len(dice) > 50
    assert all(d["title"] and d["dice"] >= 1 and 0 < d["box"]["width"] < 300 for d in dice), dice[:3]
    assert any(d["title"] == "r1/Germany/Baltic States/cr1/attack" for d in dice)


@pytest.mark.parametrize("rounds", [1, 2])
def test_the_income_chart_draws_every_power_visibly(measured, rounds):
    """The SVG chart has a real size and, for every power, a line through one point per
    round played, drawn in its own colour inside the chart, with a visible mark at each
    point: a one-point polyline has no length and draws nothing, so after the first round
    (the report most often posted) only the marks show the powers' incomes."""
    page = measured[rounds]
    [svg] = page["svgs"]
    assert svg["box"]["width"] >= 300 and svg["box"]["height"] >= 150, svg
    assert [line["power"] for line in page["lines"]] == POWERS
    for line in page["lines"]:
        assert line["points"] == rounds, line
        assert inside(line["box"], svg["box"]), line
        if rounds > 1:
            assert line["length"] > 100, line
    assert len({line["stroke"] for line in page["lines"]}) == len(POWERS), "two powers share a colour"
    stroke = {line["power"]: line["stroke"] for line in page["lines"]}
    for power in POWERS:
        marks = [mark for mark in page["marks"] if mark["power"] == power]
        assert len(marks) == rounds, (power, page["marks"])
        for mark in marks:
            assert mark["box"]["width"] >= 4 and mark["box"]["height"] >= 4, mark
            assert mark["fill"] == stroke[power] and inside(mark["box"], svg["box"]), mark


@pytest.mark.parametrize("rounds", [1, 2])
def test_the_legend_names_every_power_inside_the_chart(measured, rounds):
    """Each power's name is in the chart in its line's colour and fits inside the SVG: text
    past the SVG's edge is cut off by the browser, which no check of the markup sees. The y axis
    has labelled ticks from 0 up to at least the highest income."""
    page = measured[rounds]
    [svg] = page["svgs"]
    stroke = {line["power"]: line["stroke"] for line in page["lines"]}
    for power in POWERS:
        [label] = [text for text in page["texts"] if text["text"] == power]
        assert label["fill"] == stroke[power], label
        assert label["box"]["width"] > 0 and inside(label["box"], svg["box"]), (label, svg)
    for text in page["texts"]:
        assert inside(text["box"], svg["box"]), (text, svg)
    ticks = [int(t["text"]) for t in page["texts"] if t["text"].isdigit() and t["box"]["right"] < svg["box"]["left"] + 42]
    assert ticks[0] == 0 and len(ticks) >= 4 and ticks[-1] >= 55, ticks  # the USA's 55 IPCs under the top tick


def test_nothing_overflows_or_is_cut_in_a_desktop_or_a_narrow_window(browser):
    """At 1280 and 500 px no element sticks out of the window, so there is no sideways scrolling
    (scrollWidth <= innerWidth), and no text is wider than its own box (cut off or spilling); in the
    narrow window the chart is scaled down to fit rather than cut off."""
    for width, pages in ((WIDTH, browser["measured"]), (NARROW, browser["narrow"])):
        for rounds, page in pages.items():
            assert page["viewport"] == width and page["inner_width"] == width
            assert page["overflowing"] == [] and page["scroll_width"] <= page["inner_width"], (width, rounds, page["overflowing"])
            assert page["cut"] == [], (width, rounds, page["cut"])
    narrow = browser["narrow"][2]
    [svg] = narrow["svgs"]
    assert 200 <= svg["box"]["width"] <= NARROW and svg["box"]["height"] >= 100, svg
    assert [line["points"] for line in narrow["lines"]] == [2] * len(POWERS)
    assert all(line["length"] > 50 for line in narrow["lines"])
    legend = [t for t in narrow["texts"] if t["text"] in POWERS]
    assert all(t["box"]["height"] >= 9 for t in legend), legend  # legible after scaling down


def test_the_screenshots_show_the_page_and_the_chart_in_colour(browser):
    """Screenshots at 1280x2000 and 500x2000 are valid PNGs of those sizes with more than one colour (the page
    was painted, not a blank window); a screenshot of the whole page shows, where the
    browser laid out the chart, pixels of every power's own colour (the lines and marks are
    really painted, not only present in the DOM)."""
    for shot, size in (("window", WIDTH), ("small", NARROW)):
        width, height, rows = decode_png(browser[shot])
        assert (width, height) == (size, HEIGHT)
        assert len({row[i:i + 3] for row in rows[::10] for i in range(0, 3 * width, 30)}) > 1

    page = browser["measured"][2]
    width, height, rows = decode_png(browser["whole"])
    assert (width, height) == (WIDTH, math.ceil(page["page_height"]))
    painted = colours_in(rows, page["svgs"][0]["box"])
    missing = [line["power"] for line in page["lines"] if rgb(line["stroke"]) not in painted]
    assert missing == [], f"no pixel of these powers' colours in the chart: {missing}"


@pytest.fixture(scope="module")
def hex_pages(chromium, tmp_path_factory) -> dict[str, dict[int, dict]]:
    """The WARZAG report (the free-for-all example's last round) and the Blocks in the West reports of turn 1
    (the referee's and the allies'), measured at 1280 and 500 px."""
    from tests.e2e.test_report_cli import played_bitw, played_warzag

    pages, folder = {}, tmp_path_factory.mktemp("hex-games")
    for name, play, args in (("warzag", played_warzag, ()), ("bitw-referee", played_bitw, ("--round", "1")),
                             ("bitw-allies", None, ("--round", "1", "--side", "allies"))):
        folder = tmp_path_factory.mktemp(name) if play else folder  # the allies read the referee's game
        with pytest.MonkeyPatch.context() as patch:
            patch.chdir(folder)
            cli = Cli(folder)
            if play:
                play(cli)
            result = cli("report", "game.yaml", "--format", "html", *args)
        assert result.exit_code == 0, result.output
        pages[name] = result.output
    with ThreadPoolExecutor(max_workers=4) as pool:
        futures = {(name, width): pool.submit(measure, chromium, page, tmp_path_factory.mktemp("hex"), width)
                   for name, page in pages.items() for width in (WIDTH, NARROW)}
        return {name: {width: futures[(name, width)].result() for width in (WIDTH, NARROW)} for name in pages}


@pytest.mark.parametrize("name", ["warzag", "bitw-referee", "bitw-allies"])
def test_the_hex_games_reports_fit_a_desktop_and_a_narrow_window(hex_pages, name):
    """WARZAG's and Blocks in the West's pages: turn headings, a board section with its figure, and nothing wider
    than the window or cut at 1280 or 500 px."""
    for width, page in hex_pages[name].items():
        assert page["viewport"] == width and page["viewport_meta"] and page["pre"] == 0
        assert page["overflowing"] == [] and page["scroll_width"] <= page["inner_width"], (width, page["overflowing"])
        assert page["cut"] == [], (width, page["cut"])
        h2 = [h["text"] for h in page["headings"] if h["tag"] == "h2"]
        assert len(h2) >= 2 and h2[-1].startswith("The "), h2
        assert len(page["figures"]) == 1 and page["figures"][0]["picture"], page["figures"]
