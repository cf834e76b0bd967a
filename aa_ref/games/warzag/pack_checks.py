"""What `aa-ref validate` checks in a component pack beyond its shape: that it is complete and
consistent, so a group transcribing the cards of their own copy can trust the result.

Every problem points at the offending value (file:line:column).
"""

from __future__ import annotations

from collections import Counter, deque

from aa_ref.core.errors import Problem
from aa_ref.core.names import NameIndex
from aa_ref.core.yamlio import Document
from aa_ref.games.warzag.pack import BASES, CATEGORIES, EXPANSION_BASES, HISTORIC, NATIONS, TRACK_BOX_COUNTS, Pack

LETTERS = NameIndex("base letter", BASES, {"bravo": ["beta"]})


def _not(value: str | None) -> str:
    """'not 'x'' for a wrong value, 'and names none' for a missing one."""
    return f"not {value!r}" if value is not None else "and names none"


def _hint(index: NameIndex, text: str | None) -> str:
    """'; did you mean ...?' for a misspelt name, or nothing."""
    close = index.suggest(text) if text else None
    return f"; did you mean '{close}'?" if close else ""


def pack_problems(pack: Pack, doc: Document) -> list[Problem]:
    """Every inconsistency of the pack, located in its file."""
    return [
        *_hex_problems(pack, doc), *_track_problems(pack, doc), *_dossier_problems(pack, doc),
        *_card_problems(pack, doc),
    ]


def _hex_problems(pack: Pack, doc: Document) -> list[Problem]:
    problems = []
    seen: dict[tuple[int, int], str] = {}
    for name, h in pack.hexes.items():
        where = ("hexes", name)
        if h.expansion:
            continue
        key = (h.at[0], h.at[1])
        if key in seen:
            problems.append(doc.problem(f"hex {name} is at {list(key)}, where {seen[key]} already is", (*where, "at")))
        seen[key] = name
        if h.kind == "base" and h.base not in BASES:
            problems.append(doc.problem(f"a base needs its letter ({', '.join(BASES)}), " + _not(h.base)
                                        + _hint(LETTERS, h.base), (*where, "base")))
        if h.kind == "base" and h.base in EXPANSION_BASES:
            problems.append(doc.problem(f"base {h.base} belongs to the expansion [WZ L120-L122]: mark it expansion: true "
                                        "(the base game uses alfa, charlie, delta and foxtrot)", (*where, "base")))
        if h.kind != "base" and h.base is not None:
            problems.append(doc.problem(f"hex {name} is {h.kind}, so it has no base letter", (*where, "base")))
        if h.kind == "historic" and h.historic not in HISTORIC:
            problems.append(doc.problem(
                f"a historic territory is one of {', '.join(HISTORIC)}, " + _not(h.historic), (*where, "historic")))
        if h.kind != "historic" and h.historic is not None:
            problems.append(doc.problem(f"hex {name} is {h.kind}, so it is no historic territory", (*where, "historic")))
    bases = Counter(h.base for h in pack.hexes.values() if h.kind == "base" and not h.expansion)
    for letter in BASES:
        if letter in EXPANSION_BASES:
            continue
        if bases[letter] != 1:
            problems.append(doc.problem(f"the board needs exactly one base {letter} [WZ L118-L122], it has {bases[letter]}", ("hexes",)))
    rd = [n for n, h in pack.hexes.items() if h.kind == "rd" and not h.expansion]
    if not rd:
        problems.append(doc.problem("the board needs one R&D territory (kind: rd) [WZ L197], it has none", ("hexes",)))
    problems += [doc.problem(f"{extra} is a second R&D territory (the first is {rd[0]}): the board needs exactly one "
                             f"R&D territory [WZ L197], it has {len(rd)}", ("hexes", extra, "kind")) for extra in rd[1:]]
    historic = Counter(h.historic for h in pack.hexes.values() if h.kind == "historic" and not h.expansion)
    problems += [doc.problem(f"historic territory {k} is on the board {n} times", ("hexes",)) for k, n in historic.items() if n > 1]
    if not problems:
        problems += _reachability_problems(pack, doc)
    return problems


def _reachability_problems(pack: Pack, doc: Document) -> list[Problem]:
    """Every hex must be reachable from every other by hexes sharing a side [WZ L233]."""
    board = list(pack.neighbours)
    if not board:
        return [doc.problem("the board has no hexes", ("hexes",))]
    start = board[0]
    seen = {start}
    queue = deque([start])
    while queue:
        for n in pack.neighbours[queue.popleft()]:
            if n not in seen:
                seen.add(n)
                queue.append(n)
    return [doc.problem(f"hex {name} cannot be reached from {start}: no chain of hexes sharing a side joins them",
                        ("hexes", name, "at")) for name in board if name not in seen]


def _track_problems(pack: Pack, doc: Document) -> list[Problem]:
    boxes = pack.track.boxes
    problems = []
    if len(boxes) != 24:
        problems.append(doc.problem(f"the R&D track has 24 boxes [WZ L620], this one has {len(boxes)}", ("track", "boxes")))
    counts = Counter(b.kind for b in boxes)
    for kind, wanted in TRACK_BOX_COUNTS.items():
        if counts[kind] != wanted:
            problems.append(doc.problem(
                f"the R&D track has {wanted} {kind} box(es) [WZ L620-L634], this one has {counts[kind]}", ("track", "boxes")))
    if boxes and boxes[0].kind != "start":
        problems.append(doc.problem("the first box must be START [WZ L622]", ("track", "boxes", 0, "kind")))
    letters = Counter(b.base for b in boxes if b.kind == "base")
    for i, box in enumerate(boxes):
        if box.kind == "base" and box.base not in BASES:
            problems.append(doc.problem(f"a base box names its base ({', '.join(BASES)}), " + _not(box.base)
                                        + _hint(LETTERS, box.base), ("track", "boxes", i, "base")))
        elif box.kind == "base" and letters[box.base] > 1:
            problems.append(doc.problem(f"base {box.base} has {letters[box.base]} boxes on the track; each base has one [WZ L630]", ("track", "boxes", i, "base")))
        if box.kind != "base" and box.base is not None:
            problems.append(doc.problem(f"a {box.kind} box has no base", ("track", "boxes", i, "base")))
    return problems


def _dossier_problems(pack: Pack, doc: Document) -> list[Problem]:
    problems = []
    nations = NameIndex("nation", NATIONS)
    categories = NameIndex("army category", CATEGORIES)
    for nation, cards in pack.dossiers.items():
        if nation not in NATIONS:
            problems.append(doc.problem(nations.unknown_message(nation), ("dossiers", nation)))
            continue
        for category in cards:
            if category not in CATEGORIES:
                problems.append(doc.problem(categories.unknown_message(category), ("dossiers", nation, category)))
        missing = [c for c in CATEGORIES if c not in cards]
        if missing:
            problems.append(doc.problem(f"{nation} lacks the Dossier card(s) of {', '.join(missing)}: every nation has "
                                        "one per category, 16 in all [WZ L19], [WZ L656]", ("dossiers", nation)))
    problems += [doc.problem(f"no Dossier cards for {n} (16 cards: 4 per nation [WZ L656])", ("dossiers",))
                 for n in NATIONS if n not in pack.dossiers]
    return problems


def _card_problems(pack: Pack, doc: Document) -> list[Problem]:
    problems = []
    nations = NameIndex("nation", NATIONS)
    led: dict[str, list[str]] = {}
    for card_id, leader in pack.leaders.items():
        if leader.nation not in NATIONS:
            problems.append(doc.problem(nations.unknown_message(leader.nation), ("leaders", card_id, "nation")))
        led.setdefault(leader.nation, []).append(card_id)
        if len(led[leader.nation]) == 2:
            problems.append(doc.problem(f"{leader.nation} has {len([1 for c in pack.leaders.values() if c.nation == leader.nation])} "
                                        f"Leader cards ({led[leader.nation][0]} and {card_id}); each nation has one "
                                        "[WZ L15], [WZ L604]", ("leaders", card_id, "nation")))
    problems += [doc.problem(f"{n} has 0 Leader cards; each nation has one [WZ L15], [WZ L604]", ("leaders",))
                 for n in NATIONS if n not in led]
    letters = Counter(o.base for o in pack.objectives.values())
    holder: dict[str, str] = {}
    for card_id, card in pack.objectives.items():
        where = ("objectives", card_id)
        if card.base not in BASES:
            problems.append(doc.problem(LETTERS.unknown_message(card.base), (*where, "base")))
        elif card.base in holder:
            missing = [b for b in BASES if not letters[b]]
            problems.append(doc.problem(f"card {card_id} has base letter {card.base}, like {holder[card.base]}: each letter is "
                                        f"on one Objective card [WZ L118-L120]" + (f"; no card has {', '.join(missing)}"
                                        if missing else ""), (*where, "base")))
        holder.setdefault(card.base, card_id)
        for i, hex_id in enumerate(card.requires.hold):
            if hex_id not in pack.hexes:
                problems.append(doc.problem(f"objective {card_id} names " + pack.hex_names.unknown_message(hex_id),
                                            (*where, "requires", "hold", i)))
    if len(pack.objectives) != 6:
        problems.append(doc.problem(f"there are 6 Objective cards, one per base letter {', '.join(BASES)} [WZ L23], "
                                    f"[WZ L118-L120]; this pack has {len(pack.objectives)}", ("objectives",)))
    if len(pack.supply) != 24:
        problems.append(doc.problem(f"there are 24 Supply cards [WZ L27]; this pack has {len(pack.supply)}", ("supply",)))
    for card_id, card in pack.supply.items():
        where = ("supply", card_id)
        if card.effect == "free_training" and card.category not in CATEGORIES:
            problems.append(doc.problem(f"a free_training card names its army category ({', '.join(CATEGORIES)}), "
                                        + _not(card.category) + _hint(NameIndex("category", CATEGORIES), card.category),
                                        (*where, "category") if card.category is not None else where))
        if card.effect == "gain" and not (card.pp or card.pc):
            problems.append(doc.problem("a gain card gives some PP or PC", where))
        if card.effect in ("attack_bonus", "resistance_bonus", "extra_range") and not card.value:
            problems.append(doc.problem(f"a {card.effect} card needs its value", (*where, "value")))
    if set(pack.dice.special) != {"D", "R", "T"}:
        problems.append(doc.problem("the special die shows the three symbols D, R and T [WZ L328]", ("dice", "special")))
    return problems
