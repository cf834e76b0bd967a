"""Partisans (optional rule OR 29.0, option `partisans`) [BW L2420-L2460]: wooden discs, not blocks.

"Una Potenza, se conquistata dall'Asse, può generare dei Partigiani" [BW L2422]. The discs are the game's
`partisans` (hex -> 1 to 3), public: both sides see them (views).

- **Conquered powers**: an Allied power out of the war by armistice [BW L850], surrendered in a Victory phase while
  the rule is played (`Game.conquered`, [BW L802]), or whose capital the scenario gives to the Axis at the start.
- **Free deployment (29.1)** [BW L2443-L2451]: in each Allied Production phase, for each conquered nation subject to
  partisan activity (`Scenario.partisan_nations`; the rulebook's West Poland, Norway, Belgium, the Netherlands,
  France; never Luxembourg or Denmark), its allotment is (its ungarrisoned Minor Cities the Axis holds) / 3, rounded
  down (3.16, digest A55), + 1 a ungarrisoned Major City (a capital is one [BW L567]); the Allies place up to the
  allotment less the discs already in that nation, in hexes of that nation the Axis holds, outside the Axis ZOC and
  free of Axis units. A disc removed comes back so in a later Production phase [BW L2457].
- **Build-up** [BW L2430-L2437]: 1 yellow PP a disc, paid by the power named: the USSR (red) only in Yugoslavia,
  Albania and Italy; another Allied power (blue, GB named by the text) in a conquered nation of 29.1 (digest A69).
  With OR 27.0 no disc goes into a garrisoned hex.
- At most 3 discs a hex (the effects stop at 3) and 10 on the map (the "+20 Soviet" is BITE's) [BW L2451].
- **Effects** (`sabotage`; here the moves): 1 disc stops the Axis's rail moves into or through [BW L2455] and is
  removed as soon as an Axis unit enters its hex [BW L2457]; 2-3 discs are attacked by Axis ground units moving in
  (the move ends there; the fight is `partisan_battle`); no Axis retreat into a partisan hex [BW L2435].
- **Recruitment** [BW L2439-L2441]: a Soviet or French (or Free French [BW L955]) ground unit entering a partisan hex
  removes the discs; its power gains as many yellow PP.
"""

from __future__ import annotations

from typing import Any

from aa_ref.games.blocks_in_the_west import garrisons, rules, sabotage, supply
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.board import Board
from aa_ref.games.blocks_in_the_west.events import Conquered, PartisansSet, Points
from aa_ref.games.blocks_in_the_west.scenario import AIR, Scenario
from aa_ref.games.blocks_in_the_west.state import Game, Side

NATIONS = ("poland", "west_poland", "norway", "belgium", "netherlands", "france")
"""29.1: "La Polonia Occidentale, la Norvegia, il Belgio, l'Olanda e la Francia sono soggetti alle attività
partigiane. Lussemburgo e Danimarca no." [BW L2447], by nation name when the scenario lists none."""
SOVIET = "ussr"
SOVIET_NATIONS = ("yugoslavia", "albania", "italy")
""""I Sovietici possono pagare per costruire partigiani in Yugoslavia, Albania ed Italia (non in Unione Sovietica!)"
[BW L2437]."""
RECRUITERS = ("ussr", "france", "free_france")
"""Partisan Recruitment: "Se una GU Sovietica o Francese entra in un esagono occupato da Partigiani" [BW L2441]; Free
France's units too [BW L955]."""
MAX_ON_MAP = 10
MAX_A_HEX = 3
MINOR_CITIES_A_DISC = 3
MAJOR = ("capital", "major")


def on(game: Game) -> bool:
    return rules.enabled(game, "partisans")


def total(game: Game) -> int:
    return sum(game.partisans.values())


def conquered(scenario: Scenario, game: Game) -> set[str]:
    """The Allied powers conquered by the Axis: out of the war by armistice, surrendered in a Victory phase
    (`Game.conquered`), or with their capital in the Axis's hands in the scenario's setup."""
    out = {p for p in [*game.conquered, *game.armistices] if p in scenario.powers}
    for power, x in scenario.powers.items():
        holder = scenario.control.get(x.capital) if x.capital else None
        if holder in scenario.powers and scenario.powers[holder].side == "axis":
            out.add(power)
    return {p for p in out if scenario.powers[p].side == "allies"}


def partisan_nations(scenario: Scenario) -> tuple[str, ...]:
    return tuple(scenario.partisan_nations) if scenario.partisan_nations is not None else NATIONS


def allotment(board: Board, nation: str) -> int:
    """29.1: the nation's ungarrisoned Minor Cities (held by the Axis) / 3, rounded down, + 1 a ungarrisoned Major City
    [BW L2445]."""
    minor = major = 0
    for hex_id, h in board.scenario.hexes.items():
        if h.nation != nation or board.controller(hex_id) != "axis" or garrisons.garrisoned(board, hex_id):
            continue
        if h.city == "minor":
            minor += 1
        elif h.city in MAJOR:
            major += 1
    return minor // MINOR_CITIES_A_DISC + major


def in_nation(game: Game, scenario: Scenario, nation: str) -> int:
    return sum(n for h, n in game.partisans.items() if scenario.hexes[h].nation == nation)


def place(act: Act, order: Any) -> None:
    """`partisans: HEX, count: N [, paid_by: POWER]`: the Allies place discs in their Production phase."""
    game = act.game
    act.require(on(game), "partisans are an optional rule not in play (--option partisans=on) (OR 29.0)",
                "L2420-L2460", "partisans")
    act.require(act.side == "allies", "only the Allies raise partisans: the Soviet and Allied discs (OR 29.0)",
                "L2430", "partisans")
    at = act.hex(order.partisans, "partisans")
    board = act.board()
    count = order.count
    act.require(board.land(at), f"{at} is sea or a partial map-edge hex", "L1301", "partisans")
    act.require(board.controller(at) == "axis", f"{at} is not held by the Axis: partisans rise behind the Axis's "
                "lines, in a power it conquered (OR 29.0)", "L2422", "partisans")
    act.require(not board.blocks_at(at, "axis"), f"{at} holds Axis units: partisans are placed where no Axis unit "
                "stands (OR 27.0, 29.1)", "L2410", "partisans")
    act.require(game.partisans.get(at, 0) + count <= MAX_A_HEX, f"{at} would hold {game.partisans.get(at, 0) + count} "
                f"partisans: at most {MAX_A_HEX} a hex (OR 29.0 gives the effects of 1, 2 and 3)", "L2453-L2460",
                "count")
    act.require(total(game) + count <= MAX_ON_MAP, f"the map would hold {total(game) + count} partisans: at most "
                f"{MAX_ON_MAP} Allied partisans at a time (OR 29.1)", "L2451", "count")
    if order.paid_by is None:
        _free(act, board, at, count)
    else:
        _bought(act, board, at, count, order.paid_by)
    act.ctx.emit(PartisansSet(hex=at, count=game.partisans.get(at, 0) + count, reason="placed [BW L2420-L2451]"))


def _free(act: Act, board: Board, at: str, count: int) -> None:
    """29.1's free deployment [BW L2443-L2451]."""
    scenario = act.scenario
    nation = scenario.hexes[at].nation
    act.require(nation in partisan_nations(scenario), f"{at} is in {nation or 'no nation'}: the partisans' free "
                f"deployment is only in {', '.join(partisan_nations(scenario))} (OR 29.1; not Luxembourg or Denmark)",
                "L2447", "partisans")
    act.require(nation in conquered(scenario, act.game), f"{nation} has not been conquered and eliminated by the Axis: "
                "its partisans are deployed only once it is (OR 29.0 A)", "L2426", "partisans")
    act.require(not board.in_zoc_of(at, "axis"), f"{at} is in the Axis's zone of control: free partisans are placed "
                "outside it (OR 29.1)", "L2449", "partisans")
    allowed = allotment(board, nation)
    present = in_nation(act.game, scenario, nation)
    act.require(present + count <= allowed, f"{nation}'s free partisans would be {present + count}: its ungarrisoned "
                f"cities give {allowed} (Minor Cities / 3 + 1 a Major City), {present} already on the map (OR 29.1)",
                "L2445", "count")
    act.note(f"{count} free partisan(s) placed in {at} ({nation}: {present + count} of {allowed}) [BW L2443-L2451]")


def _bought(act: Act, board: Board, at: str, count: int, payer: str) -> None:
    """The build-up: 1 yellow PP a disc [BW L2430-L2437]."""
    scenario = act.scenario
    nation = scenario.hexes[at].nation
    act.require(payer in scenario.powers and scenario.powers[payer].side == "allies", f"{payer} is not an Allied power "
                f"of the scenario (Allied powers: {', '.join(scenario.sides['allies'])})", "L2430", "paid_by")
    act.require(payer not in conquered(scenario, act.game), f"{payer} is out of the war: it buys no partisans",
                "L2426", "paid_by")
    if payer == SOVIET:
        act.require(nation in SOVIET_NATIONS, f"{at} is in {nation or 'no nation'}: the Soviets buy partisans only in "
                    "Yugoslavia, Albania and Italy (not in the Soviet Union) (OR 29.0)", "L2437", "partisans")
    else:
        act.require(nation in partisan_nations(scenario) and nation in conquered(scenario, act.game),
                    f"{at} is in {nation or 'no nation'}: the Allies' partisans go into a power the Axis conquered "
                    f"({', '.join(sorted(set(partisan_nations(scenario)) & conquered(scenario, act.game))) or 'none yet'})"
                    " (OR 29.0, digest A69)", "L2430", "partisans")
    act.require(not garrisons.garrisoned(board, at), f"{at} is garrisoned by the Axis (an Axis unit or its ZOC): no "
                "partisan is placed there (OR 27.0)", "L2410", "partisans")
    act.pay(payer, count, f"{count} partisan(s) in {at}", "L2430")
    act.note(f"{payer} buys {count} partisan(s) in {at} for {count} PP [BW L2430]")


def holds(act: Act, hex_id: str) -> bool:
    """2 discs or more fight an Axis ground unit that moves in: the move ends there, as an attack [BW L2459-L2460]."""
    return act.side == "axis" and sabotage.discs(act.game, hex_id) >= 2


def entered(act: Act, blocks: list[str], hexes: list[str]) -> None:
    """Blocks of the acting side have entered (or passed through) `hexes`: an Axis unit removes a lone disc at once
    [BW L2457] (an Axis air unit may not rebase among 2-3 discs: they are attacked by ground units only); a Soviet or
    French ground unit recruits the discs: removed, as many yellow PP to its power [BW L2441], [BW L955]."""
    game = act.game
    if not on(game) or not game.partisans:
        return
    for there in hexes:
        n = game.partisans.get(there, 0)
        if not n:
            continue
        if act.side == "axis":
            if n == 1:
                act.ctx.emit(PartisansSet(hex=there, count=0, reason="an Axis unit occupies the hex [BW L2457]"))
                act.note(f"an Axis unit enters {there}: its lone partisan is removed (it may come back in a later "
                         "Production phase) [BW L2457]")
            else:
                air = [b for b in blocks if act.scenario.blocks[b].unit in AIR]
                act.require(not air, f"{there} holds {n} partisans: air units do not go there, ground units attack them "
                            "(OR 29.0)", "L2459-L2460", "to")
            continue
        recruiter = next((act.scenario.blocks[b].power for b in blocks if act.scenario.blocks[b].power in RECRUITERS
                          and act.scenario.blocks[b].unit not in AIR), None)
        if recruiter is None:
            continue
        act.ctx.emit(PartisansSet(hex=there, count=0, reason=f"recruited by {recruiter} [BW L2441]"))
        act.ctx.emit(Points(power=recruiter, delta=n, reason=f"{n} partisan(s) recruited in {there} [BW L2441]"))
        act.note(f"{recruiter} recruits the {n} partisan(s) of {there}: {n} yellow PP [BW L2441]")


def check_srm(act: Act, hexes: list[str]) -> None:
    """No Axis rail move into or through a hex with partisans [BW L2455]."""
    if act.side != "axis":
        return
    for there in hexes:
        n = sabotage.discs(act.game, there)
        act.require(not n, f"{there} holds {n} partisan(s): they prevent rail moves into or through it (OR 29.0)",
                    "L2455", "path")


def retreat_problem(act: Act, side: Side, to: str) -> str | None:
    """Partisans inhibit the Axis's retreats into their hex [BW L2435]."""
    n = sabotage.discs(act.game, to) if side == "axis" else 0
    return f"{to} holds {n} partisan(s): no retreat into a partisan hex (OR 29.0) [BW L2435]" if n else None


def transports(act: Act, hex_id: str, power: str) -> bool:
    """The resources of a centre the Axis holds reach its main source by rail only if no partisan disc stands in the
    centre's hex or on the rail between [BW L2455], [BW L1762]."""
    if not on(act.game) or act.scenario.powers[power].side != "axis":
        return True
    if act.game.partisans.get(hex_id, 0):
        return False
    return supply.supplied_at(sabotage.ResourceBoard(act.scenario, act.game), hex_id, power)


def record_conquest(act: Act, power: str) -> None:
    """A power surrendered in the Victory phase: an Allied one is conquered and eliminated, its nation raises
    partisans [BW L2426]."""
    if on(act.game) and act.scenario.powers[power].side == "allies" and power not in act.game.conquered:
        act.ctx.emit(Conquered(power=power))
        act.note(f"{power} is conquered and eliminated: partisans may rise there (OR 29.0) [BW L2426]")


def arrived(act: Act, block_name: str, hex_name: str) -> None:
    """A block placed on the map (a reinforcement, a rebuilt block) among partisans: an Axis one removes a lone disc
    [BW L2457] and is not placed among 2-3 discs (they are attacked by units moving in); a Soviet or French ground one
    recruits them [BW L2441]."""
    if not on(act.game) or not act.game.partisans:
        return
    block_id, at = act.block(block_name, "place"), act.hex(hex_name, "at")
    n = act.game.partisans.get(at, 0)
    act.require(not (act.side == "axis" and n >= 2), f"{at} holds {n} partisans: an Axis unit is not placed among them, "
                "they are attacked by units moving in (OR 29.0)", "L2459-L2460", "at")
    entered(act, [block_id], [at])
