"""Global 1940 citations for the rules the shared modules cite from other rulebooks.

The shared rule modules cite the 1941 rulebook (problems `AA1941 L989`, notes `[L649]`) and the
Anniversary modules the Anniversary rulebook by byte offset (problems `Anniversary Rockets
[@55281]`, notes `[@113180]`); Global1940 subclasses the Anniversary, so both kinds run in a
Global game. There the same rule is cited from `shared/seeds/000_f34e5ec93fbfbe5a.txt` by line:
problems `G40 <the rule in words> [Lnnn]`, notes `[G40 Lnnn]` (several lines `[G40 Lnnn, Lmmm]`),
read from the seed and the digest `shared/rules/global1940.md`. `cite` maps a problem's rule,
`cite_note` a note's or a decision's references. A reference with no Global counterpart keeps
its own rulebook's name (`AA1941 L...`, `Anniversary ... [@N]`, `[1941 L...]`, `[Anniversary @N]`),
so it is never mistaken for a Global line: the rules Global replaces by different ones are left
so on purpose, each listed with its reason in tests/unit/test_global1940_citations.py.
"""

from __future__ import annotations

import re

CITATIONS: dict[str, str] = {
    # === The shared modules' 1941 rules ========================================================
    # --- turn structure ---------------------------------------------------------------------
    # The body has no turn-order section [L69-L72]; the powers are listed in this order in the
    # index and in the political situation (digest §1.3).
    "AA1941 turn order [L305-L312]": "G40 order of play [L47-L56], [L311-L373]",
    "AA1941 turn phases [L313-L320]": "G40 turn phases [L76-L112]",
    "AA1941 Purchase Units [L344-L360]": "G40 Purchase & Repair: buy what one can pay for [L544], [L548]",
    # --- the board ----------------------------------------------------------------------------
    "AA1941 L248": "G40 moving between adjacent spaces [L471]",
    # Global neutrals may be attacked (and friendly ones entered in the Noncombat Move [L401]);
    # the shared check refuses them outright, which Global keeps only for impassable spaces [L479].
    "AA1941 L274":
        "G40 neutral territories: entered only by attacking in the Combat Move, never flown over [L389], [L479]",
    "AA1941 L278": "G40 Turkish Straits closed while Turkey is neutral [L524]",
    "AA1941 L284": "G40 canals and straits: one's side controls them since the start of the turn [L511], [L513]",
    # --- Combat Move --------------------------------------------------------------------------
    # Allies are never at war with each other, and only powers at war fight [L722].
    "AA1941 L366": "G40 attacks only on powers one is at war with [L722]",
    "AA1941 L368": "G40 moving up to the movement value [L583]",
    "AA1941 L372": "G40 Combat Move ends only in hostile spaces, four exceptions [L568]",
    "AA1941 L385": "G40 combat moves are simultaneous [L581]",
    "AA1941 L408": "G40 air units move at most their movement in a turn, keeping enough to land [L620], [L622]",
    "AA1941 L408, L826": "G40 air movement over a whole turn [L622], [L1059]",
    "AA1941 L418": "G40 air units in the naval or the land battle of an amphibious assault [L638], [L872]",
    "AA1941 L430": "G40 submarines stop at an enemy destroyer [L658], [L1545]",
    "AA1941 L436": "G40 units stop on entering a hostile territory unless they blitz an empty one [L583], [L668]",
    "AA1941 L442": "G40 transports in the Combat Move [L678]",
    "AA1941 L377": "G40 ships end a combat move beside lone submarines or transports only to attack them [L573]",
    "AA1941 L461": "G40 multinational forces: each power moves its own units in its own turn [L837]",
    # --- Conduct Combat -----------------------------------------------------------------------
    "AA1941 Conduct Combat [L483-L487, L531]":
        "G40 Conduct Combat: battles where both sides have units, in the attacker's order [L739], [L916]",
    "AA1941 retreat [L519, L637]": "G40 retreat [L904], [L999], [L1001]",
    "AA1941 L501": "G40 surface warships in defence must be fought, lone submarines and transports may be ignored [L880]",
    "AA1941 submerge [L559-L565]": "G40 submerge [L946], [L1574]",
    "AA1941 casualties [L571-L603]": "G40 casualties [L948-L970]; capital ships take two hits [L1463], [L1486]",
    "AA1941 L653": "G40 air units cannot capture territory [L1019]",
    # --- Noncombat Move -----------------------------------------------------------------------
    "AA1941 L690": "G40 Noncombat Move [L1059]",
    "AA1941 L702": "G40 land units in the Noncombat Move [L1069]",
    "AA1941 L706": "G40 air landing in territory friendly since the turn began [L1075], [L1086]",
    "AA1941 L712": "G40 only fighters and tactical bombers land at sea, on carriers [L1077], [L1445]",
    "AA1941 L715": "G40 no suicide missions [L1354], [L622]",
    "AA1941 L720": "G40 air units whose carrier is lost land one space away [L1063], [L1504]",
    "AA1941 L724": "G40 naval units in the Noncombat Move [L1090]",
    "AA1941 L728": "G40 submarines in the Noncombat Move [L1092]",
    "AA1941 L732": "G40 transports in the Noncombat Move [L1094]",
    "AA1941 stranded fighters [L720, L862-L867]":
        "G40 air units whose carrier is lost land one space away [L1063], [L1504]",
    # --- Mobilize New Units -------------------------------------------------------------------
    "AA1941 [L738-L740]": "G40 Mobilize New Units [L1100]",
    "AA1941 Mobilize [L742, L748-L752]": "G40 Mobilize [L1100], [L1106-L1110]",
    # Global's limit is the complex's (10 major, 3 minor, less damage), not the territory's value.
    "AA1941 production limit [L744]": "G40 production limit [L1102]",
    "AA1941 [L752, L860]": "G40 new fighters on carriers, 2 per carrier [L1110], [L1490]",
    # Units bought must be placed [L1100]; those that cannot be are refunded [L1114], as in 1941.
    "AA1941 [L756] (PROPOSED ruling, digest §9 #24)": "G40 bought units must be placed [L1100], [L1114]",
    "AA1941 carrier builds [L716, L754, L848]": "G40 carriers for landing air units [L1079], [L1354]",
    # --- air units ----------------------------------------------------------------------------
    "AA1941 L840": "G40 declared landings of air units [L1354]",
    # --- naval units and transports -----------------------------------------------------------
    "AA1941 L885": "G40 naval units stay at sea [L1439]",
    "AA1941 L889": "G40 naval units stop in hostile sea zones [L1443]",
    "AA1941 L891": "G40 transports carry land units, carriers air units [L1445]",
    "AA1941 L971": "G40 transports never attack alone [L1614]",
    "AA1941 L977": "G40 transport capacity [L1620]",
    "AA1941 transports [L977]": "G40 transport capacity [L1620]",
    "AA1941 L979": "G40 loading and unloading [L1624], [L678]",
    "AA1941 L987": "G40 boarding or landing is a land unit's whole move [L1624]",
    "AA1941 L989": "G40 land units on allied transports [L1626], [L853-L857]",
    "AA1941 L991": "G40 transport unloading limits [L1628], [L1630]",
    "AA1941 partial unloading [L987]": "G40 one or both units land in one friendly territory in the Noncombat Move [L1624]",
    "AA1941 one territory a turn [L991]": "G40 a transport unloads into one territory a turn [L1630]",
    "AA1941 L995": "G40 amphibious assault unloading [L1634]",
    "AA1941 amphibious assault cargo [L997]": "G40 units aboard since the start of the turn may land in an amphibious assault [L1634]",
    # === The Anniversary modules' rules (they run in Global games too) =========================
    # Not mapped (tests/unit/test_global1940_citations.py, RULE_EXCEPTIONS): AA gun [@89553],
    # China [@49594], China's new infantry [@49099], Mechanized Infantry [@57256], Paratroopers
    # [@55972], Rockets [@55281] - Anniversary rules Global replaces by different ones.
    "Anniversary AA gun [@112929]":
        "G40 AA artillery moves only in the Noncombat Move, or aboard a transport loaded the turn before [L1334]",
    "Anniversary AA gun [@112929] (ruling A46)":
        "G40 AA artillery in the Combat Move only as cargo [L1334] (Anniversary ruling A46)",
    "Anniversary China [@50171]": "G40 Chinese units never board transports [L451]",
    "Anniversary China's movement area [@49894], [@50258]": "G40 China's movement area [L451]",
    "Anniversary China's movement area [@49894], the Flying Tigers [@50598] (ruling A27)":
        "G40 China's movement area [L451], the Flying Tigers [L459]",
    "Anniversary Mobilize [@102300]": "G40 bought units must be placed [L1100]",
    "Anniversary Research & Development [@52628]-[@58952]": "G40 Research & Development [L1797-L1817]",
    "Anniversary development roll [@54822]": "G40 breakthrough: choose a chart and roll [L1812-L1814]",
    "Anniversary industrial complex [@115016]": "G40 installations never move [L1177]",
    "Anniversary new industrial complex [@101597]": "G40 new industrial complexes [L1112], [L1179]",
    "Anniversary placing Chinese infantry [@49299]-[@49746]": "G40 placing Chinese units [L437]",
    "Anniversary repairs [@60538]-[@61293]": "G40 repairs [L550], [L1189]",
    "Anniversary shore bombardment [@77405]": "G40 shore bombardment [L888-L892]",
    "Anniversary strategic bombing raid [@75039]": "G40 strategic bombing raid [L793], [L805]",
}
"""A shared or Anniversary module's rule citation -> the same rule in the Global 1940 rulebook."""

NOTE_CITATIONS: dict[str, str] = {
    # === 1941 line references in the shared modules' notes and decisions =======================
    "[L282-L286]": "[G40 L511, L513]",
    "[L276-L280]": "[G40 L524]",
    "[L397]": "[G40 L609]",
    "[L408, L692]": "[G40 L622, L1059]",
    "[L412, L477]": "[G40 L628, L857]",
    "[L424]": "[G40 L650, L1490]",
    "[L436]": "[G40 L668]",
    "[L477, L987]": "[G40 L857, L1624]",
    "[L501]": "[G40 L880]",
    "[L509-L511]": "[G40 L896-L898]",
    "[L513]": "[G40 L630, L900]",
    "[L515]": "[G40 L902]",
    "[L519]": "[G40 L904]",
    "[L533]": "[G40 L916]",
    "[L559-L577]": "[G40 L942-L956]",
    "[L565]": "[G40 L946]",
    "[L571]": "[G40 L948]",
    "[L571, L603, L975]": "[G40 L948, L970, L1618]",
    "[L577, L975]": "[G40 L954, L1618]",
    "[L585]": "[G40 L960]",
    "[L585, L599]": "[G40 L960, L966]",
    "[L585, L603]": "[G40 L960, L970]",
    "[L623]": "[G40 L991]",
    "[L627]": "[G40 L1007]",
    "[L997]": "[G40 L1634]",
    "[L629]": "[G40 L1011]",
    "[L631-L643]": "[G40 L997-L1003]",
    "[L643]": "[G40 L1003]",
    "[L649]": "[G40 L1015]",
    "[L653]": "[G40 L1019]",
    "[L676]": "[G40 L1045]",
    "[L708]": "[G40 L1084]",
    "[L720]": "[G40 L1063, L1504]",
    "[L736]": "[G40 L1096]",
    "[L756]": "[G40 L1114]",
    "[L762]": "[G40 L1128]",
    "[L862-L867]": "[G40 L1504]",
    "[L871]": "[G40 L1496]",
    "[L903]": "[G40 L1463, L1486]",
    "[L915]": "[G40 L841, L1490]",
    "[L919]": "[G40 L1502]",
    "[L977]": "[G40 L1620]",
    "[L989]": "[G40 L1626]",
    # === Anniversary byte offsets in the Anniversary modules' notes ============================
    # Not mapped (RULE_EXCEPTIONS' companion NOTE_EXCEPTIONS in the test): [@102012], [@102031],
    # [@108876], [@48131], [@49099], [@53982], [@55281], [@55972], [@89553], and 1941's [L74-L86].
    "[@113180]": "[G40 L1340]",
    "[@113668]": "[G40 L1342]",
    "[@114710]": "[G40 L916]",
    "[@57098]": "[G40 L1836]",
    "[@75039]": "[G40 L793]",
    "[@75800]": "[G40 L827]",
    "[@77405]": "[G40 L888]",
}
"""A shared or Anniversary module's narrative reference -> the Global 1940 one."""

_REFERENCE = re.compile(r"\[(?:L\d+|@\d+)[^\]]*\]")


def cite(rule: str | None) -> str | None:
    """The Global 1940 citation for a shared module's 1941 `rule` or an Anniversary module's
    one; any other rule (a Global one, or one with no Global counterpart) unchanged."""
    if rule is None:
        return None
    return CITATIONS.get(rule, rule)


def cite_note(text: str) -> str:
    """A narrative line with its references replaced by Global 1940's; one with no
    counterpart is marked with its own rulebook (1941 or Anniversary)."""
    def replace(match: re.Match[str]) -> str:
        ref = match.group(0)
        if ref in NOTE_CITATIONS:
            return NOTE_CITATIONS[ref]
        return ("[1941 " if ref.startswith("[L") else "[Anniversary ") + ref[1:]
    return _REFERENCE.sub(replace, text)
