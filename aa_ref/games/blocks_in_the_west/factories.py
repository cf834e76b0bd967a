"""New factories (optional rule OR 15.0, option `new_factories`) [BW L2074-L2123].

"1 fabbrica rossa produrrà 1 Armor-PP/turno", a blue one 1 Air-PP, "1 fabbrica nera è equivalente ad un pozzo
petrolifero e produrrà 1 barile di petrolio/turno"; "Solo la Germania può costruirli" (read with AR 11.2 [BW L1748]
as: black factories Germany only); no new white factories in BITW [BW L2078-L2085].

15.1: "saranno necessari 10 PP gialli e 10 turni. In ogni turno di Produzione, il giocatore può spendere un massimo di
1 PP giallo per la costruzione della nuova fabbrica ... (non per forza consecutive)"; as many at once as the player
likes [BW L2089-L2091]. Once complete it is placed by a die on the faction production track (the scenario's
`factory_track`): the player picks one of the result's two locations; one at its limit for that kind forces the
other; both at their limit, roll again; every location at its limit: any Major City the player controls, beyond the
limit. "La produzione di una nuova fabbrica potrà iniziare nel turno seguente" [BW L2091-L2093].

"ACTIVE FACTORIES": the factories that appear on their own (the German ones of 1942-1944) are the scenario's
`factory_schedule` [BW L2097-L2123]. The track is on the map: both sides see the works and the new factories.
"""

from __future__ import annotations

from typing import Any

from aa_ref.core.dice import Volley
from aa_ref.games.blocks_in_the_west import rules
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.events import Factories
from aa_ref.games.blocks_in_the_west.scenario import Scenario
from aa_ref.games.blocks_in_the_west.state import FactoryWork, Game, NewFactory

INSTALMENTS = 10
"""10 yellow PP, one a Production phase [BW L2089-L2091]."""
MAJOR_CITIES = ("major", "capital")
"""The Major Cities a factory goes to when every location is full (a capital is a Major City [BW L567])."""
MAX_ROLLS = 60
"""A guard against a die that never gives a free location (it cannot happen while one is free)."""


def on(game: Game) -> bool:
    return rules.enabled(game, "new_factories")


def _month_number(month: str) -> int:
    year, m = month.split("-")
    return int(year) * 12 + int(m) - 1


def added(game: Game, scenario: Scenario, hex_id: str, colour: str, *, producing: bool = True) -> int:
    """The factories of `colour` OR 15.0 adds to the hex: the schedule's from their month, and the new ones built
    (producing: from the turn after their completion [BW L2093]; else every one placed, for the limits)."""
    if not on(game) or colour not in ("red", "blue", "black"):
        return 0
    now = _month_number(scenario.turns[game.turn - 1].month)
    scheduled = sum(1 for f in scenario.factory_schedule
                    if f.hex == hex_id and f.colour == colour and _month_number(f.month) <= now)
    built = sum(1 for f in game.new_factories if f.hex == hex_id and f.colour == colour
                and (not producing or f.turn < game.turn))
    return scheduled + built


def _held(act: Act, hex_id: str, colour: str) -> int:
    """The hex's factories of `colour`: printed, scheduled and built."""
    return getattr(act.scenario.hexes[hex_id].production, colour) + added(act.game, act.scenario, hex_id, colour,
                                                                          producing=False)


def _free(act: Act, hex_id: str, colour: str) -> bool:
    """A track location the side controls, below its limit for that kind [BW L2091]."""
    limits = act.scenario.hexes[hex_id].factory_limits
    limit = getattr(limits, colour) if limits else 0
    return act.game.control.get(hex_id) == act.side and _held(act, hex_id, colour) < limit


def build(act: Act, order: Any) -> None:
    """`factory: red|blue|black` in the Production phase: 1 yellow PP towards a factory of that kind; it advances the
    power's first construction of the kind not paid this turn, else begins a new one [BW L2089-L2091]."""
    game, scenario = act.game, act.scenario
    act.require(on(game), "new factories are an optional rule not in play (--option new_factories=on)", "L2074",
                "factory")
    colour = order.factory
    majors = [p for p, x in scenario.powers.items() if x.side == act.side and x.major and p not in game.armistices]
    power = order.power if order.power is not None else (majors[0] if majors else None)
    act.require(power in majors, f"{power or 'no power'} is not a major power of the {act.side} in the war: the major "
                f"powers build factories ({', '.join(majors) or 'none'})", "L2076", "power")
    assert power is not None
    act.require(colour != "black" or power == "germany", "only Germany builds black (oil) factories ("
                "\"Solo la Germania può costruirli\")", "L2083", "factory")
    works = [w.model_copy() for w in game.factory_works]
    work = next((w for w in works if w.power == power and w.colour == colour and w.turn != game.turn), None)
    if work is None:
        work = FactoryWork(power=power, colour=colour, paid=1, turn=game.turn)
        works.append(work)
        paid = 1
    else:
        paid = work.paid + 1
    if paid >= INSTALMENTS:
        act.require(game.pp.get(power, 0) >= 1, f"the last instalment of a new {colour} factory costs 1 PP, but "
                    f"{power} has {game.pp.get(power, 0)}", "L2091", "factory")  # before the die is rolled
        hex_id = _location(act, colour, order.choose)  # refused before anything is paid when no hex can take it
        act.pay(power, 1, f"the last instalment of a new {colour} factory", "L2091")
        works.remove(work)
        built = [*game.new_factories, NewFactory(hex=hex_id, colour=colour, power=power, turn=game.turn)]
        act.ctx.emit(Factories(works=works, built=built))
        act.note(f"{power}'s new {colour} factory is complete and placed at {hex_id}; it produces from the next "
                 "turn [BW L2091-L2093]")
        return
    act.pay(power, 1, f"an instalment of a new {colour} factory", "L2091")
    work.paid, work.turn = paid, game.turn
    act.ctx.emit(Factories(works=works))
    act.note(f"{power} pays 1 yellow PP towards a new {colour} factory: {paid} of {INSTALMENTS} [BW L2091]")


def _location(act: Act, colour: str, choose: list[str]) -> str:
    """Where the completed factory goes: the die's pair on the faction track, the player's first choice among the free
    ones (else the first free); both full, roll again; every location full, the first Major City the player
    controls among `choose`, beyond its limit [BW L2091-L2093]."""
    track = act.scenario.factory_track.get(act.side)
    act.require(bool(track), f"the scenario gives no production track for the {act.side}: a new factory is placed "
                "by a die on it (factory_track)", "L2091", "factory")
    assert track is not None
    chosen = [act.hex(h, "choose") for h in choose]
    if not any(_free(act, h, colour) for pair in track.values() for h in pair):
        cities = [h for h in chosen if act.scenario.hexes[h].city in MAJOR_CITIES and act.game.control.get(h) == act.side]
        act.require(bool(cities), f"every location of the {act.side}' production track is full for {colour} factories: "
                    "name in `choose` one of your controlled Major Cities", "L2093", "choose")
        act.note(f"every location of the track is full for {colour} factories: the player picks {cities[0]} "
                 "[BW L2093]")
        return cities[0]
    for attempt in range(1, MAX_ROLLS + 1):
        die = act.roll(f"factory/{len(act.game.new_factories) + 1}/{colour}/{attempt}", 1, Volley(
            f"a new {colour} factory: the {act.side}' production track", (("the pair of locations", 1),)))[0]
        pair = track.get(die, [])
        free = [h for h in pair if _free(act, h, colour)]
        if not free:
            act.note(f"die {die}: {' and '.join(pair) or 'no location'} full for {colour} factories, roll again "
                     "[BW L2093]")
            continue
        pick = next((h for h in chosen if h in free), free[0])
        act.note(f"die {die}: {' or '.join(pair)}; {pick} [BW L2091]")
        return pick
    act.require(False, "no free location after many rolls", "L2093", "factory")
    raise AssertionError  # unreachable
