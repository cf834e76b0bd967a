"""Named leaders' specials (advanced rules AR 13.8, with `hq_command`) and the US morale (basic rules 5.5 / 13.8.1.3).

Rommel and Kesselring [BW L1953-L1964]: "Questi 2 SHQ speciali hanno tutte le abilità speciali degli altri SL, come il
FHQ e/o Mussolini, ma: 1. Possono comandare solamente nella loro area specifica (Francia per Rommel ed Italia per
Kesselring); 2. Possono essere attivati in una Qualsiasi Fase ...; 3. hanno sempre il limite di non poter effettuare
più di un azione uguale nell'aria in cui operano". A supreme HQ the scenario gives an `area` (a nation) is such a
leader: activated in any phase of its side's turn (the SRM, Movement, Exploitation phases; the Reaction phase as
the passive side; the Strategic Warfare phase has no action yet), never bound to the start of the SRM phase; its
actions are those of a supreme leader, each at most once an activation, for units standing in a hex of its area.

Goering, the OKL [BW L1966-L1974]: "Può essere attivato in fase qualsiasi e muovere qualsiasi unità aerea tedesca senza
limiti, ed anche qualsiasi unità di terra della Luftwaffe (anche via SRM) senza limiti, senza limiti di raggio di
comando (ma non più di 1 AP può esser speso per la stessa azione)". A strategic air HQ the scenario marks `luftwaffe`
is Goering: activated in the phases of a strategic air HQ (SRM, Movement, Exploitation, Reaction), it commands any
number of German air units and of Luftwaffe ground units (blocks marked `luftwaffe`), at any range, and gives at
most one rail move and one airborne assault (digest A48: "senza limiti" is the number of units commanded; "1 AP per
la stessa azione" each special action once), both to Luftwaffe units.

The RAF's HQs [BW L1994-L2006]: "Invece di avere HQ aerei, hanno 2 HQ strategici aerei, che agiscono senza raggio. Il
Comando Caccia (FC) muove solo i caccia ed il Comando Bombardieri (BC) solo i bombardieri. Entrambi possono essere
attivati in qualsiasi fase". A strategic air HQ the scenario marks `raf: fighters` is Fighter Command (Dowding),
`raf: bombers` Bomber Command (Harris): at any range, in a strategic air HQ's phases (the Strategic Warfare phase too
with OR 32.0), each commands up to its level (AR 13.4: "qualsiasi caccia Inglese" is any one, not "senza limiti" as
Goering's) British fighters, respectively bombers and strategic bombers; FC's fighters intercept, BC's bombers bomb.

America First, the US morale (a basic rule: "se dovessero perdere 10 unità di terra" [BW L922]) [BW L2044-L2048]: "Ogni unità GU eliminata durante il gioco può essere ricostruita, ma
causerà l'avanzamento di 1 sulla traccia del Morale americano. Quando verrà raggiunta la casella n.10, l'USA uscirà
dalla guerra durante la prossima Victory Phase e tornerà allo status neutrale ... L'effetto è permanente". A power
the scenario gives `morale_limit` (the USA: 10) counts its ground units eliminated (in battle, by surrender out of
supply; not disbanded), `Game.morale`, public (the track is on the map); in the first Victory phase at or past the
limit it leaves the war for good: its units leave the map, none is placed again (as after an armistice).
"""

from __future__ import annotations

from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.events import ArmisticeEvent, BlockMove, BlockUpdate, Morale
from aa_ref.games.blocks_in_the_west.scenario import AIR


def area_leader(act: Act, hq_id: str) -> str | None:
    """The nation where a special supreme HQ (Rommel, Kesselring) commands, if it is one [BW L1959]."""
    block = act.scenario.blocks[hq_id]
    return block.area if block.hq == "supreme" else None


def area_problem(act: Act, hq_id: str, block_id: str) -> str | None:
    """Why an area leader's action may not go to the block: it stands outside the leader's area [BW L1959]."""
    area = area_leader(act, hq_id)
    if area is None:
        return None
    where = act.game.blocks[block_id].hex
    nation = act.scenario.hexes[where].nation if where else None
    if nation == area:
        return None
    return (f"{block_id} stands in {where} ({nation or 'no nation'}): {hq_id} commands only in its area, {area} "
            "(\"Possono comandare solamente nella loro area specifica\")")


def goering(act: Act, hq_id: str) -> bool:
    """The OKL: a strategic air HQ the scenario marks `luftwaffe` (Goering) [BW L1966-L1968]."""
    block = act.scenario.blocks[hq_id]
    return block.hq == "strategic_air" and block.luftwaffe


def luftwaffe(act: Act, hq_id: str, block_id: str) -> bool:
    """Goering commands Luftwaffe ground units too [BW L1968-L1974]."""
    return goering(act, hq_id) and act.scenario.blocks[block_id].luftwaffe


def air_actions(act: Act, hq_id: str) -> set[str]:
    """A strategic air HQ's actions: an airborne assault [BW L2276]; Goering also a rail move of a Luftwaffe ground
    unit ("anche via SRM") [BW L1968-L1972]."""
    return {"airborne", "srm"} if goering(act, hq_id) else {"airborne"}


def goering_action_problem(act: Act, hq_id: str, action: str, block_id: str) -> str | None:
    """Goering's rail move goes to a Luftwaffe ground unit, his airborne assault to a Luftwaffe paratroop division
    (the 7th Flieger, the 22nd Luftlande) [BW L1970-L1974]."""
    if not goering(act, hq_id) or act.scenario.blocks[block_id].luftwaffe:
        return None
    return (f"{block_id} is not a Luftwaffe ground unit: {hq_id} (Goering) gives its {action} action only to the "
            "Luftwaffe's units")


RAF = {"fighters": ("fighter",), "bombers": ("bomber", "strategic_bomber")}
"""What each RAF HQ commands: FC "solo i caccia", BC "solo i bombardieri" [BW L1996]."""


def raf_problem(act: Act, hq_id: str, block_id: str) -> str | None:
    """Why an RAF HQ may not command the air unit: Fighter Command commands only fighters, Bomber Command only
    bombers [BW L1996], [BW L2002], [BW L2006]."""
    raf = act.scenario.blocks[hq_id].raf
    unit = act.scenario.blocks[block_id].unit
    if raf is None or unit in RAF[raf]:
        return None
    name = "Fighter Command (FC)" if raf == "fighters" else "Bomber Command (BC)"
    return (f"{block_id} ({unit}) is not one of the {raf}: {hq_id}, the RAF's {name}, commands only {raf} "
            "(\"Il Comando Caccia (FC) muove solo i caccia ed il Comando Bombardieri (BC) solo i bombardieri\")")


def eliminated(act: Act, block_id: str) -> None:
    """A ground unit of a power with a morale track is eliminated: the track advances by 1 [BW L2046]."""
    block = act.scenario.blocks[block_id]
    limit = act.scenario.powers[block.power].morale_limit
    if limit is None or block.unit in AIR:
        return
    now = act.game.morale.get(block.power, 0) + 1
    act.ctx.emit(Morale(power=block.power, value=now))
    act.note(f"{block.power}'s morale track advances to {now} of {limit}: {block_id} eliminated [BW L2046]")


def victory_phase(act: Act) -> None:
    """A power whose morale track reached its limit leaves the war for good [BW L2046-L2048]."""
    game = act.game
    for power, x in act.scenario.powers.items():
        if x.morale_limit is None or power in game.armistices or game.morale.get(power, 0) < x.morale_limit:
            continue
        for block_id, state in game.blocks.items():
            if act.scenario.blocks[block_id].power == power and state.hex is not None:
                act.ctx.emit(BlockMove(block=block_id, path=[state.hex, None]))
                act.ctx.emit(BlockUpdate(block=block_id, out_of_supply=False, revealed=False, moved=False,
                                         reason=f"{power} leaves the war [BW L2046]"))
        act.ctx.emit(ArmisticeEvent(power=power, stage="granted"))
        act.note(f"{power}'s morale track reached {x.morale_limit}: it leaves the war and turns neutral for good "
                 "[BW L2046-L2048]")
