"""The rule options of a WARZAG game: every point the prototype text leaves open (digest
Appendix A and §8) is a named option whose first choice is the default. `docs/warzag-rulings.md`
quotes the rulebook's wording for each; `aa-ref show` lists a game's choices.
"""

from __future__ import annotations

from dataclasses import dataclass

from aa_ref.games.warzag.pack import ALLIANCES, NATIONS


@dataclass(frozen=True)
class RuleOption:
    choices: tuple[str, ...]
    point: str
    """The digest's open point and the rulebook lines it is about."""
    meaning: str


OPTIONS: dict[str, RuleOption] = {
    "mode": RuleOption(("free_for_all", "alliances"), "modes [WZ L84-L86]",
                       "free-for-all with secret objectives, or two alliances (Axis: Italy and Germany; Allies: UK and USSR)"),
    "players": RuleOption(("germany,uk,italy,ussr",), "seating [WZ L98-L105], [WZ L142], [WZ L146], A8, A26",
                          "the nations playing, in turn order (the youngest player first); any 2 to 4 of "
                          "italy, germany, uk, ussr; in alliance mode each player has an enemy on his left"),
    "skip_phase1_first_turn": RuleOption(("each_player", "first_player_only"), "A7 [WZ L155]",
                                         "each player skips Phase I on his own first turn, or only the game's first turn does"),
    "movement_cost_resource": RuleOption(("pp", "pc"), "A9 [WZ L279]",
                                         "consumption is paid in PP (the text's word) or in PC (fuel)"),
    "annex_reach_mode": RuleOption(("connectivity", "range"), "A10 [WZ L233], [WZ L414]",
                                   "a target is reachable when next to a hex some own army can reach through "
                                   "army-enterable hexes at any distance, or within the army's range"),
    "accelerator_mode": RuleOption(("extra_roll", "reroll"), "A14 [WZ L568]",
                                   "the R&D accelerator rolls again for an additional pawn move, or re-rolls this "
                                   "turn's pawn move"),
    "base_box_counts_landing": RuleOption(("yes", "no"), "A15 [WZ L632]",
                                          "the +10 PP of an own base box is paid when the pawn stops on it too, "
                                          "or only when it passes over it"),
    "unit_token_cap": RuleOption(("dossier", "doubled"), "A3 [WZ L47-L51]",
                                 "'6 X2': a nation has the Dossier's token count (6/6/5/5, each with an x2 face), "
                                 "or twice as many (6 pairs)"),
    "historic_bonus_in_elimination": RuleOption(("yes", "no"), "A16 [WZ L585-L593], [WZ L291]",
                                                "a historic territory's defence bonus also counts when the invader "
                                                "chooses armies to eliminate, or only in the conquest test"),
    "strategic_invadable": RuleOption(("yes", "no"), "A17 [WZ L285], [WZ L578]",
                                      "a strategic territory occupied by another nation can be invaded"),
    "attack_from_strategic": RuleOption(("yes", "no"), "A17 [WZ L285]",
                                        "armies on a strategic territory their nation occupies may invade from it"),
    "conquest_transfers_ownership": RuleOption(("no", "yes"), "A18 [WZ L322], [WZ L408-L412]",
                                               "a conquered territory stays the defender's (annexed without armies) "
                                               "until the invader annexes it, or passes to the invader at once"),
    "max_attacks_per_army_per_turn": RuleOption(("unlimited", "1"), "A21 [WZ L420]",
                                                "an army may take part in any number of invasions a turn, or in one"),
    "development_lost_on_capture": RuleOption(("yes", "no"), "A28 [WZ L69-L70], [WZ L496]",
                                              "a developed territory annexed by another player loses its development"),
    "leader_alone_occupies": RuleOption(("yes", "no"), "A32 [WZ L484], [WZ L597-L598]",
                                        "a Leader alone occupies a strategic territory (its bonuses, and it keeps "
                                        "others out)"),
    "defender_targets": RuleOption(("participants", "any"), "A20 [WZ L340], [WZ L370]",
                                   "after R or T the defender eliminates among the invading armies only, or "
                                   "among all the invader's armies"),
    "surrender_when": RuleOption(("after_elimination", "any_time"), "A25 [WZ L86], [WZ L445]",
                                 "a player may surrender only once his alliance has lost a player, or at any time"),
}


def defaults() -> dict[str, str]:
    return {key: option.choices[0] for key, option in OPTIONS.items()}


def seating_problem(value: str, mode: str | None = None) -> str | None:
    """Why a `players` value is no seating, or None [WZ L98-L105], [WZ L142]."""
    nations = [n.strip() for n in value.split(",") if n.strip()]
    unknown = [n for n in nations if n not in NATIONS]
    if unknown:
        return f"option players: unknown nation '{unknown[0]}' (nations: {', '.join(NATIONS)})"
    if len(set(nations)) != len(nations):
        return "option players: a nation is named twice"
    if not 2 <= len(nations) <= 4:
        return f"option players: the base game takes 2 to 4 players [WZ L664-L666], not {len(nations)}"
    if mode == "alliances":
        sides = [next(s for s, members in ALLIANCES.items() if n in members) for n in nations]
        if len(set(sides)) < 2:
            return "option players: alliance mode needs both alliances [WZ L86]"
        if len(nations) in (2, 4) and any(sides[i] == sides[(i + 1) % len(sides)] for i in range(len(sides))):
            return ("option players: in alliance mode every player has a player of the enemy alliance on his left "
                    "[WZ L142]; alternate the alliances, e.g. germany,uk,italy,ussr")
    return None


def option_problem(key: str, value: str) -> str | None:
    if key == "players":
        return seating_problem(value)
    choices = OPTIONS[key].choices
    return None if value in choices else f"option {key} cannot be '{value}' (choices: {', '.join(choices)})"
