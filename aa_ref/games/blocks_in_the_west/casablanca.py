"""The Casablanca conference (advanced rules AR 13.8.4, part of `hq_command`) [BW L2050-L2052].

"Se gli Alleati controllano TUTTI gli esagoni in Marocco, e Portogallo e Spagna sono neutrali o dalla parte degli
Alleati, Eisenhower and Churchill, quando attivati, possono comandare invasioni anfibie ed più azioni speciali uguali
contemporaneamente. Comunque 1 AP verrà speso per ogni azione" [BW L2052] (also [BW L1932], [BW L2042], [BW L2352]).

The scenario's `casablanca` names Morocco's hexes, the powers that must be neutral or Allied (Portugal, Spain) and the
two leaders (Eisenhower's and Churchill's blocks). aa-ref has no neutral status: a neutral nation is a power of the side
it would join, like Belgium and the Netherlands, so "neutral or Allied" is a power of the Allied side still in the war
(not out of it by armistice or surrender). The conditions are looked at when a leader is activated (the event card of
[BW L1932] is not in the rulebook: the conditions of 13.8.4 stand for it). In force, each of the two leaders may give
the same special action several times in one activation (`actions: {srm: [A, B]}`), each 1 AP of its level, instead
of "non può essere svolta più di una volta" [BW L1919]; `in_force` also tells AR 24.0 that they command amphibious
invasions (AR 24.5 [BW L2352]: "un numero di invasioni/unità pari al loro attuale livello").
"""

from __future__ import annotations

from aa_ref.games.blocks_in_the_west import rules
from aa_ref.games.blocks_in_the_west.scenario import Scenario
from aa_ref.games.blocks_in_the_west.state import Game

REPEATABLE = ("tank", "aircraft", "unsupplied", "srm", "airborne", "reserve", "naval")
"""The special actions a leader may give several times after Casablanca: "possono comandare invasioni anfibie ed più
azioni speciali uguali contemporaneamente" [BW L2052] (several `naval` actions: shipments or invasions, 1 AP each).
A sea supply (`naval_supply`, AR 24.4) stays one a leader."""


def morocco_held(scenario: Scenario, game: Game) -> bool:
    """The Allies control ALL the hexes of Morocco [BW L2052]."""
    conf = scenario.casablanca
    return conf is not None and all(game.control.get(h) == "allies" for h in conf.morocco)


def neutrals_friendly(scenario: Scenario, game: Game) -> bool:
    """Portugal and Spain are neutral or Allied: powers of the Allied side, still in the war [BW L2052]."""
    conf = scenario.casablanca
    return conf is not None and all(scenario.powers[p].side == "allies" and p not in game.armistices
                                    for p in conf.neutrals)


def in_force(scenario: Scenario, game: Game) -> bool:
    """Whether the Casablanca conference's specials are in force now (AR 13.0 played, the scenario names its data,
    Morocco all Allied, Portugal and Spain neutral or Allied) [BW L2050-L2052]."""
    return rules.enabled(game, "hq_command") and scenario.casablanca is not None and morocco_held(scenario, game) \
        and neutrals_friendly(scenario, game)


def leader(scenario: Scenario, game: Game, hq_id: str) -> bool:
    """Eisenhower or Churchill with the conference in force: he may repeat a special action and command amphibious
    invasions [BW L2052], [BW L2352]."""
    conf = scenario.casablanca
    return conf is not None and hq_id in conf.leaders and in_force(scenario, game)


def why_not(scenario: Scenario, game: Game, hq_id: str) -> str:
    """Why a leader may not repeat an action: a player's words for the refusal [BW L1919], [BW L2052]."""
    conf = scenario.casablanca
    if conf is None or hq_id not in conf.leaders:
        return (f"{hq_id} gives each special action at most once (\"non può essere svolta più di una volta\"); only "
                "Eisenhower and Churchill after the Casablanca conference repeat one")
    if not morocco_held(scenario, game):
        lost = [h for h in conf.morocco if game.control.get(h) != "allies"]
        return (f"the Casablanca conference is not in force: the Allies do not control all of Morocco (not: "
                f"{', '.join(lost)}), so {hq_id} gives each special action at most once")
    return ("the Casablanca conference is not in force: " + ", ".join(conf.neutrals) + " must be neutral or Allied, "
            f"so {hq_id} gives each special action at most once")
