"""A schematic layout of an A&A board computed from its adjacency: where to draw each space when the setup gives
no coordinates (`layout:`), and how the shipped setups' coordinates were made (`tools/schematic_layout.py`).

It is ours, not a map's: a few territories are pinned at a rough longitude and latitude written down here by hand
(`ANCHORS`, general geography, no map file's data), every other space is first put at the mean of its placed
neighbours, breadth first, then a spring relaxation (edges pull to one length, spaces closer than it push apart, anchors are
pulled back towards their place) spreads the board. The world is a cylinder (A&A boards wrap east-west across the Pacific): x is taken modulo
the width. Deterministic: fixed start, fixed number of steps, no randomness; the result is rounded to integers.
"""

from __future__ import annotations

import math

import numpy as np

DEGREE = 6.0
"""User units per degree of longitude or latitude."""
SEAM = -130.0
"""The longitude of the board's left edge (the seam in the eastern Pacific)."""
NORTH, SOUTH = 80.0, -50.0
EUROPE_WEST, EUROPE_EAST, EUROPE_SOUTH, EUROPE_NORTH = -12.0, 50.0, 30.0, 70.0
"""Europe's crowded boards get more room: its longitudes STRETCH_X times wider, these latitudes STRETCH_Y taller."""
STRETCH_X, STRETCH_Y = 1.8, 1.4
WIDTH = round((360 + (STRETCH_X - 1) * (EUROPE_EAST - EUROPE_WEST)) * DEGREE)
HEIGHT = round((NORTH - SOUTH + (STRETCH_Y - 1) * (EUROPE_NORTH - EUROPE_SOUTH)) * DEGREE)

ANCHORS: dict[str, tuple[float, float]] = {
    # name: (longitude, latitude), rough, by hand; names of the three shipped boards
    "United Kingdom": (-2, 53), "Eire": (-8, 53), "Scotland": (-4, 57), "Iceland": (-19, 65),
    "Greenland": (-42, 72), "Germany": (11, 51), "Western Germany": (7, 51), "Greater Southern Germany": (12, 48),
    "France": (2, 47), "Western Europe": (2, 47), "Normandy Bordeaux": (0, 47), "Southern France": (4, 44),
    "Northwestern Europe": (5, 52), "Holland Belgium": (5, 51), "Denmark": (9, 56), "Norway": (9, 62),
    "Norway Finland": (20, 65), "Sweden": (16, 62), "Finland": (26, 64), "Spain": (-4, 40),
    "Spain Portugal": (-5, 40), "Portugal": (-8, 40), "Gibraltar": (-5, 36), "Italy": (12, 43),
    "Southern Europe": (14, 42), "Northern Italy": (10, 45), "Southern Italy": (16, 40), "Switzerland": (8, 47),
    "Poland": (19, 52), "Pripet Marshes": (27, 52), "Eastern Europe": (22, 51), "Czechoslovakia Hungary": (18, 48), "Slovakia Hungary": (19, 48),
    "Balkans": (22, 43), "Yugoslavia": (19, 44), "Greece": (22, 39), "Bulgaria Romania": (26, 44),
    "Romania": (25, 46), "Bulgaria": (25, 42.7), "Baltic States": (24, 57), "Belorussia": (28, 53),
    "Belarus": (28, 53), "East Poland": (25, 52), "Eastern Poland": (25, 51), "Ukraine": (31, 49),
    "Western Ukraine": (28, 49), "Eastern Ukraine": (37, 48), "West Russia": (35, 55), "Karelia": (33, 63),
    "Karelia S.S.R.": (33, 63), "Archangel": (44, 64), "Russia": (40, 56), "Smolensk": (32, 55),
    "Novgorod": (31, 58), "Vologda": (40, 60), "Bryansk": (34, 53), "Rostov": (40, 47), "Volgograd": (44, 49),
    "Caucasus": (45, 43), "Urals": (60, 57), "Kazakh S.S.R.": (68, 48), "Kazakhstan": (68, 48),
    "Novosibirsk": (83, 55), "Siberia": (105, 62), "Evenki National Okrug": (100, 64), "Yakut S.S.R.": (125, 63),
    "Buryatia S.S.R.": (110, 53), "Soviet Far East": (140, 55), "Turkey": (35, 39), "Middle East": (40, 32),
    "Trans-Jordan": (36, 31), "Syria": (38, 35), "Iraq": (44, 33), "Persia": (53, 32), "Saudi Arabia": (45, 24),
    "Afghanistan": (66, 34), "India": (78, 22), "West India": (72, 22), "Himalaya": (85, 30),
    "Himalayas": (85, 30), "Burma": (96, 21), "Southeast Asia": (102, 16), "French Indo-China Thailand": (104, 15),
    "French Indo China": (106, 14), "Siam": (101, 15), "Malaya": (102, 4), "Mongolia": (105, 46),
    "Manchuria": (125, 45), "Korea": (127, 37), "Coastal China": (118, 28), "Kwangtung": (113, 23),
    "Szechwan": (104, 30), "Yunnan": (101, 25), "Formosa": (121, 24), "Japan": (138, 36), "Okinawa": (128, 26),
    "Iwo Jima": (141, 25), "Philippine Islands": (122, 12), "Philippines": (122, 12), "Borneo": (114, 1),
    "East Indies": (110, -5), "Sumatra": (100, 0), "Java": (110, -7), "Celebes": (121, -2),
    "New Guinea": (143, -6), "Solomon Islands": (160, -9), "Caroline Islands": (150, 7), "Wake Island": (166, 19),
    "Marianas": (145, 15), "Marshall Islands": (168, 9), "Midway": (-177, 28), "Hawaiian Islands": (-157, 21),
    "Australia": (134, -25), "Western Australia": (120, -26), "Northern Territory": (133, -19),
    "Queensland": (145, -22), "South Australia": (135, -31), "New South Wales": (147, -32), "Victoria": (144, -37),
    "New Zealand": (172, -41), "Fiji": (178, -18), "Alaska": (-150, 64), "Western Canada": (-115, 55),
    "British Columbia": (-125, 54), "Eastern Canada": (-75, 50), "Quebec": (-72, 50), "Ontario": (-85, 50),
    "Western United States": (-116, 40), "Central United States": (-98, 40), "Eastern United States": (-80, 38),
    "Mexico": (-102, 23), "Central America": (-87, 14), "Panama": (-80, 9), "West Indies": (-72, 19),
    "Brazil": (-50, -10), "Colombia Venezuela": (-70, 6), "Northern South America": (-65, 5),
    "Peruvian Central": (-75, -10), "Peru": (-75, -10), "Argentina Chile": (-66, -35),
    "Chile Argentina": (-66, -35), "Argentina": (-64, -35), "Chile": (-71, -30), "North Africa": (10, 30),
    "Morocco Algeria": (-1, 32), "Morocco": (-6, 32), "Algeria": (3, 29), "Libya": (17, 27), "Egypt": (30, 27),
    "Alexandria": (30, 31), "Sahara": (5, 22), "French West Africa": (-5, 14), "French Equatorial Africa": (18, 5),
    "Anglo-Egypt Sudan": (30, 14), "Anglo Egyptian Sudan": (30, 14), "Italian East Africa": (42, 8),
    "Italian Africa": (22, 24), "Ethiopia": (40, 9), "Belgian Congo": (23, -3), "Belgian Congo Kenya": (28, -2),
    "Kenya": (37, 0), "Angola": (17, -12), "Rhodesia": (29, -18), "Mozambique": (35, -18),
    "French Madagascar": (47, -19), "Union of South Africa": (25, -30),
}


def _xy(lon: float, lat: float) -> tuple[float, float]:
    east = (lon - SEAM) % 360
    west_edge = (EUROPE_WEST - SEAM) % 360
    east += (STRETCH_X - 1) * min(max(east - west_edge, 0.0), EUROPE_EAST - EUROPE_WEST)
    down = NORTH - lat
    down += (STRETCH_Y - 1) * min(max(down - (NORTH - EUROPE_NORTH), 0.0), EUROPE_NORTH - EUROPE_SOUTH)
    return east * DEGREE, down * DEGREE


def _wrap(dx: np.ndarray) -> np.ndarray:
    return (dx + WIDTH / 2) % WIDTH - WIDTH / 2


def layout(spaces: dict[str, list[str]], steps: int = 400) -> dict[str, tuple[int, int]]:
    """Space -> [x, y] (integers, 0 <= x < WIDTH, 0 <= y <= HEIGHT) for a board given as space -> adjacent spaces."""
    names = list(spaces)
    index = {n: i for i, n in enumerate(names)}
    n = len(names)
    if n == 0:
        return {}
    pos = np.zeros((n, 2))
    placed = np.zeros(n, dtype=bool)
    fixed = np.zeros(n, dtype=bool)
    for name, i in index.items():
        if name in ANCHORS:
            pos[i] = _xy(*ANCHORS[name])
            placed[i] = fixed[i] = True
    edges = sorted({(min(index[a], index[b]), max(index[a], index[b]))
                    for a, around in spaces.items() for b in around if b in index and b != a})
    neighbours: list[list[int]] = [[] for _ in range(n)]
    for a, b in edges:
        neighbours[a].append(b)
        neighbours[b].append(a)
    spare = 0
    while not placed.all():
        frontier = [i for i in range(n) if not placed[i] and any(placed[j] for j in neighbours[i])]
        if not frontier:  # a part of the board no anchor reaches: start it in the southern margin
            i = int(np.flatnonzero(~placed)[0])
            pos[i] = ((spare * 97.0) % WIDTH, HEIGHT - 20.0)
            placed[i] = True
            spare += 1
            continue
        for i in frontier:
            near = [j for j in neighbours[i] if placed[j]]
            ref = pos[near[0]]
            offsets = np.array([[_wrap(np.array(pos[j][0] - ref[0])), pos[j][1] - ref[1]] for j in near])
            angle = i * 2.39996
            pos[i] = ref + offsets.mean(axis=0) + (18 * math.cos(angle), 18 * math.sin(angle))
            pos[i][0] %= WIDTH
        placed[[i for i in frontier]] = True
    spacing = math.sqrt(WIDTH * HEIGHT / n) * 0.9
    a_idx = np.array([e[0] for e in edges], dtype=int)
    b_idx = np.array([e[1] for e in edges], dtype=int)
    home = pos.copy()
    for step in range(steps):
        move = np.zeros((n, 2))
        pulled = home[fixed] - pos[fixed]  # anchors are soft: pulled home, pushed aside by crowded neighbours
        pulled[:, 0] = _wrap(pulled[:, 0])
        move[fixed] += 0.015 * pulled
        if len(edges):
            d = pos[b_idx] - pos[a_idx]
            d[:, 0] = _wrap(d[:, 0])
            dist = np.maximum(np.hypot(d[:, 0], d[:, 1]), 1e-6)
            pull = (0.08 * (dist - spacing * 0.8) / dist)[:, None] * d
            np.add.at(move, a_idx, pull)
            np.add.at(move, b_idx, -pull)
        d = pos[None, :, :] - pos[:, None, :]
        d[:, :, 0] = _wrap(d[:, :, 0])
        dist = np.hypot(d[:, :, 0], d[:, :, 1])
        np.fill_diagonal(dist, 1e9)
        near = dist < spacing * 1.1
        push = np.where(near, 0.25 * (spacing * 1.1 - dist) / np.maximum(dist, 1e-6), 0.0)
        move -= (push[:, :, None] * d).sum(axis=1)
        limit = spacing * 0.5 * (1 - step / steps) + 1.0
        length = np.maximum(np.hypot(move[:, 0], move[:, 1]), 1e-9)
        move *= np.minimum(1.0, limit / length)[:, None]
        pos += move
        pos[:, 0] %= WIDTH
        pos[:, 1] = np.clip(pos[:, 1], 10.0, HEIGHT - 10.0)
    return {name: (int(round(pos[i][0])) % int(WIDTH), int(round(pos[i][1]))) for name, i in index.items()}
