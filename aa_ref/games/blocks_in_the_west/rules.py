"""The advanced (AR) and optional (OR) rules of Blocks in the West, each a named game option [BW L27-L35].

The rulebook has three levels: basic rules, advanced rules and optional rules [BW L27-L35]. `rules=advanced`
turns on every advanced rule aa-ref plays (each option's default, `auto`, follows the level); any of them may
be turned on or off on its own with `--option KEY=on|off`. Optional rules are off unless named. A rule the
referee does not play yet is an option too, so that a game says what it leaves out: turning it on is refused
with "not implemented yet", and the README's coverage table lists it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from aa_ref.games.blocks_in_the_west.state import Game


@dataclass(frozen=True)
class Rule:
    """One advanced or optional rule: its option key, its section, its lines in the rulebook."""

    key: str
    level: Literal["advanced", "optional"]
    section: str
    title: str
    lines: str
    implemented: bool


RULES: tuple[Rule, ...] = (
    Rule("advanced_zoc", "advanced", "AR 8.0", "ZOC not across unfrozen rivers, enemy major cities, bunkers and "
         "fortresses; Axis forts and Festungs exert none", "L1590-L1592", True),
    Rule("advanced_weather", "advanced", "AR 9.0", "the snow exemption of Finnish, Norwegian, Swedish, Soviet and "
         "mountain units in their home nation; the Mediterranean hexes always in good weather", "L1594-L1644", True),
    Rule("elite_units", "advanced", "AR 10.0", "elite units' combat bonuses; Munich, the SS recruiting centre",
         "L1646-L1679", True),
    Rule("advanced_production", "advanced", "AR 11.0", "coloured PP: armour, air, naval and oil resources paired "
         "with yellow", "L1681-L1773", True),
    Rule("advanced_supply", "advanced", "AR 12.0", "sieges of ports and capitals, Festung supply, desperate attacks "
         "of Tech 2-3 units out of supply, surrender PP by unit type", "L1775-L1813", True),
    Rule("hq_command", "advanced", "AR 13.0", "HQs: armour and air in limited supply unless an HQ is activated; "
         "command range and count; strategic HQs' actions; deactivation; Rommel, Kesselring, Goering, the radar chain",
         "L1815-L2056", True),
    Rule("airborne", "advanced", "AR 23.0", "airborne assaults by paratroops", "L2268-L2288", True),
    Rule("amphibious", "advanced", "AR 24.0", "amphibious invasions, with BR 6.7's Mulberries", "L2290-L2370",
         True),
    Rule("terrain_modifiers", "optional", "OR 14.0", "beaches, cliffs, mountains, swamps and cavalry",
         "L2062-L2072", True),
    Rule("new_factories", "optional", "OR 15.0", "building new factories", "L2074-L2123", True),
    Rule("captured_resources", "optional", "OR 16.0", "capturing factories and centres", "L2125-L2137", True),
    Rule("naval_movement", "optional", "OR 18.0", "shipping units and resources by sea", "L2153-L2212", True),
    Rule("recon", "optional", "OR 19.0", "air reconnaissance reveals enemy blocks", "L2214-L2246", True),
    Rule("cavalry_charge", "optional", "OR 20.0", "Cavalry Charge!", "L2248-L2252", True),
    Rule("panzer_attack", "optional", "OR 21.0", "Panzer Attack!", "L2254-L2260", True),
    Rule("jericho_trumpets", "optional", "OR 22.0", "Jericho Trumpets: Stukas after a successful recon",
         "L2262-L2266", True),
    Rule("wunderwaffen", "optional", "OR 26.0", "V-1, V-2 and Götterdämmerung", "L2372-L2406", True),
    Rule("garrisons", "optional", "OR 27.0", "garrisons against partisans", "L2408-L2410", True),
    Rule("volkssturm", "optional", "OR 28.0", "the German Volkssturm", "L2412-L2418", True),
    Rule("partisans", "optional", "OR 29.0", "partisans", "L2420-L2460", True),
    Rule("reserves", "optional", "OR 31.0", "units in reserve", "L2462-L2473", True),
    Rule("strategic_bombing", "optional", "OR 32.0", "strategic bombing in the Strategic Warfare phase",
         "L2475-L2508", True),
    Rule("lend_lease", "optional", "OR 34.0", "neutrality, Cash & Carry and Lend-Lease", "L2510-L2542", True),
    Rule("convoy_war", "optional", "OR 35.0", "U-boat attacks on Atlantic convoys", "L2544-L2552", True),
    Rule("italian_surrender", "optional", "OR 36.0", "Italy's surrender and the RSI", "L2554-L2578", True),
    Rule("optional_weather", "optional", "OR 39.0", "optional weather: no repeat, light rain, the Mediterranean",
         "L2592-L2609", True),
    Rule("unit_upgrade", "optional", "OR 40.0", "unit upgrades", "L2611-L2622", True),
)
RULE = {rule.key: rule for rule in RULES}


def choices(rule: Rule) -> tuple[str, ...]:
    """An advanced rule follows the level (`auto`) unless set; an optional rule is off unless set; a rule not played
    yet is off (the first choice is the default)."""
    if not rule.implemented:
        return ("off", "on")
    return ("auto", "on", "off") if rule.level == "advanced" else ("off", "on")


def option_problem(key: str, value: str) -> str | None:
    """Why `key=value` cannot be played: a choice that does not exist, or a rule aa-ref does not play yet."""
    rule = RULE[key]
    allowed = choices(rule)
    if value not in allowed:
        return f"option {key} cannot be '{value}' (choices: {', '.join(allowed)})"
    if value == "on" and not rule.implemented:
        return (f"{rule.section} ({rule.title}) is not implemented yet [BW {rule.lines}]; the README's coverage table "
                "lists what Blocks in the West plays")
    return None


def enabled(game: Game, key: str) -> bool:
    """Whether the rule `key` is in play in this game: set on, or left to follow `rules=advanced`."""
    rule = RULE[key]
    value = game.options.get(key, choices(rule)[0])
    if value == "auto":
        return game.options.get("rules", "basic") == "advanced"
    return value == "on"
