"""Anniversary citations for the rules the shared modules cite from the 1941 rulebook.

The shared rule modules in `aa_ref/aa/` give each problem the 1941 rule it breaks, e.g.
"AA1941 L989" (a line of `shared/seeds/001_63934894773eca9e.txt`). When they referee an
Anniversary Edition game the same rule must be cited from the Anniversary rulebook,
`shared/seeds/002_0a0d978b4be288b8.txt`, by byte offset `[@N]` as the digest
`shared/rules/anniversary.md` does. `CITATIONS` maps every 1941 citation string used in
`aa_ref/aa/*.py` to that equivalent; `cite` applies it. Each offset is the start of the
sentence (or section) that states the rule.
"""

from __future__ import annotations

import re

CITATIONS: dict[str, str] = {
    # --- turn structure ---------------------------------------------------------------------
    "AA1941 turn order [L305-L312]": "Anniversary order of play [@51194]",
    "AA1941 turn phases [L313-L320]": "Anniversary turn sequence [@51769]",
    "AA1941 Purchase Units [L344-L360]": "Anniversary Purchase Units [@58970]-[@61293]",
    # --- the board ----------------------------------------------------------------------------
    "AA1941 L248": "Anniversary moving between adjacent spaces [@37736]",
    "AA1941 L274": "Anniversary neutral territories [@36016], [@63071]",
    # The Anniversary rulebook has no Turkish Straits rule: Turkey is only a neutral territory
    # [@35701], and the Anniversary setups declare no straits, so the check never fires there.
    "AA1941 L278": "Anniversary neutral territories such as Turkey (no straits rule) [@35701]",
    "AA1941 L284": "Anniversary canals [@39538]",
    # --- Combat Move --------------------------------------------------------------------------
    "AA1941 L366": "Anniversary no attacks on one's own side [@74852]",
    "AA1941 L368": "Anniversary moving up to the movement value [@63775]",
    "AA1941 L372": "Anniversary Combat Move ends only in hostile spaces, four exceptions [@61810]",
    "AA1941 L385": "Anniversary combat moves are simultaneous [@63481]",
    "AA1941 L408": "Anniversary air units keep movement to land [@66166]",
    "AA1941 L408, L826": "Anniversary air movement over a whole turn [@66405]",
    "AA1941 L418": "Anniversary air units in the naval or the land part of an amphibious assault [@80821]",
    "AA1941 L430": "Anniversary submarines stop at an enemy destroyer [@70687]",
    "AA1941 L436": "Anniversary tank blitz [@71733]",
    "AA1941 L442": "Anniversary transports in the Combat Move [@73163], [@73297]",
    "AA1941 L377": "Anniversary ships end a combat move beside lone submarines or transports only to attack them [@62355]",
    "AA1941 L461": "Anniversary multinational forces [@93255]",
    # --- Conduct Combat -----------------------------------------------------------------------
    "AA1941 Conduct Combat [L483-L487, L531]": "Anniversary Conduct Combat [@74378], [@81454]",
    "AA1941 retreat [L519, L637]": "Anniversary retreat [@87156], [@79940]",
    "AA1941 L501": "Anniversary warships in defence must be fought, lone submarines and transports may be ignored [@76788]",
    # Never raised in an Anniversary game (its `naval` hook leaves the choice to ignore submarines whatever
    # ships the attacker has there): the Anniversary's rule on the point is the choice itself.
    "AA1941 L449": "Anniversary the attacker may ignore lone submarines and transports in defence [@76867]",
    "AA1941 submerge [L559-L565]": "Anniversary submerge [@131126]",
    "AA1941 casualties [L571-L603]":
        "Anniversary casualties [@84602]-[@86219], [@130815], [@133774], [@136796]",
    "AA1941 L653": "Anniversary air units cannot capture territory [@88374]",
    # --- Noncombat Move -----------------------------------------------------------------------
    "AA1941 L690": "Anniversary Non-combat Move [@95701]",
    "AA1941 L702": "Anniversary land units in the Non-combat Move [@96338]",
    "AA1941 L706": "Anniversary air landing in territory friendly since the turn began [@96748], [@98083]",
    "AA1941 L712": "Anniversary only fighters land at sea, on carriers [@96873]",
    "AA1941 L715": "Anniversary no suicide missions [@119619], [@97474]",
    "AA1941 L720": "Anniversary fighters whose carrier is destroyed [@122122]",
    "AA1941 L724": "Anniversary naval units in the Non-combat Move [@98238]",
    "AA1941 L728": "Anniversary submarine movement [@70381], [@70687]",
    "AA1941 L732": "Anniversary transports in the Non-combat Move [@98426]",
    "AA1941 stranded fighters [L720, L862-L867]": "Anniversary fighters whose carrier is destroyed [@122122]",
    # --- Mobilize New Units -------------------------------------------------------------------
    "AA1941 [L738-L740]": "Anniversary Mobilize New Units [@99092]",
    "AA1941 Mobilize [L742, L748-L752]": "Anniversary Mobilize [@99092], [@100148]-[@101513]",
    "AA1941 production limit [L744]": "Anniversary production limit [@99495]",
    "AA1941 [L752, L860]": "Anniversary new fighters on carriers, 2 per carrier [@101102], [@121365]",
    # The Anniversary states as rules text what 1941 needed a proposed ruling for: every bought
    # unit that can be placed must be [@102300]; the rest wait, not refunded [@101885].
    "AA1941 [L756] (PROPOSED ruling, digest §9 #24)": "Anniversary all bought units placed if possible [@102300]",
    "AA1941 carrier builds [L716, L754, L848]": "Anniversary carriers for landing fighters [@97104], [@120791]",
    # --- air units ----------------------------------------------------------------------------
    "AA1941 L840": "Anniversary declared landings of air units [@119619]",
    # --- naval units and transports -----------------------------------------------------------
    "AA1941 L885": "Anniversary naval units stay at sea [@124042]",
    "AA1941 L889": "Anniversary naval units stop in hostile sea zones [@64144]",
    "AA1941 L891": "Anniversary transports carry land units [@137430]",
    # The Anniversary has no "transports never attack alone" sentence; its equivalents are the
    # zero combat value [@135829] and an assault zone that is friendly or cleared in combat [@73297].
    "AA1941 L971": "Anniversary transports have no combat value [@135829], [@73297]",
    "AA1941 L977": "Anniversary transport capacity [@137430]",
    "AA1941 transports [L977]": "Anniversary transport capacity [@137430]",
    "AA1941 L979": "Anniversary loading and unloading [@138791], [@67293]",
    "AA1941 L987": "Anniversary boarding is a land unit's whole move [@138395]",
    "AA1941 L989": "Anniversary land units on allied transports [@138081]",
    "AA1941 L991": "Anniversary transport unloading limits [@139323], [@139666]",
    "AA1941 partial unloading [L987]": "Anniversary some or all of the cargo lands in the Non-combat Move [@138643]",
    "AA1941 one territory a turn [L991]": "Anniversary a transport unloads into one territory a turn [@139504]",
    "AA1941 L995": "Anniversary amphibious assault unloading [@140412]-[@140985]",
    "AA1941 amphibious assault cargo [L997]": "Anniversary units aboard since the start of the turn may land in an amphibious assault [@140760], [@140985]",
}
"""Each 1941 citation string of the shared modules -> the same rule in the Anniversary rulebook."""


def cite(rule: str | None) -> str | None:
    """The Anniversary citation for a shared module's 1941 `rule`; any other rule unchanged."""
    if rule is None:
        return None
    return CITATIONS.get(rule, rule)


NOTE_CITATIONS: dict[str, str] = {
    # --- the board (`aa-ref where`) --------------------------------------------------------------
    "[L282-L286]": "[@39538]",
    "[L276-L280]": "[@35701]",  # no straits rule: Turkey is only a neutral; the setups declare no straits
    # --- Combat Move and movement -------------------------------------------------------------
    "[L397]": "[@65590]",
    "[L408, L692]": "[@66405]",
    "[L412, L477]": "[@95186], [@138081]",
    "[L424]": "[@69718]",
    "[L436]": "[@71733]",
    "[L477, L987]": "[@138081], [@138395]",
    "[L501]": "[@76867]",
    # --- amphibious assaults --------------------------------------------------------------------
    "[L509-L511]": "[@78608]",
    "[L513]": "[@78608]",
    "[L515]": "[@79815]",
    "[L519]": "[@79940]",
    # --- Conduct Combat -----------------------------------------------------------------------
    "[L533]": "[@61488], [@87910]",
    "[L559-L577]": "[@131126], [@131580]",
    "[L565]": "[@131126]",
    "[L571]": "[@131580]",
    "[L571, L603, L975]": "[@133774], [@130815], [@136796]",
    "[L577, L975]": "[@136796]",
    "[L585]": "[@84602]-[@86219]",
    "[L585, L599]": "[@85305], [@86085]",
    "[L585, L603]": "[@133774], [@130815]",
    "[L623]": "[@86943]",
    "[L627]": "[@82568]",
    "[L997]": "[@140985]",
    "[L631-L643]": "[@87156]",
    "[L643]": "[@87660]",
    "[L649]": "[@87910]",
    "[L653]": "[@88374]",
    "[L676]": "[@90752]",
    "[L903]": "[@125561]",
    "[L977]": "[@84026], [@137430]",
    # --- Noncombat Move, Mobilize, income, victory ---------------------------------------------
    "[L708]": "[@97825]",
    "[L720]": "[@122122]",
    "[L736]": "[@98764]",
    "[L74-L86]": "[@108876]",
    "[L756]": "[@101885]",
    "[L762]": "[@102983]",
    "[L862-L867]": "[@122122]",
    "[L871]": "[@122842]",
    "[L989]": "[@138081]",
    "[L915]": "[@69718], [@94173]",
    "[L919]": "[@128571]",
}
"""The 1941 line references the shared modules write in their narrative notes, decisions, event
reasons and problem messages -> the same rule's place in the Anniversary rulebook, so an
Anniversary log cites its own rulebook. The references left out on purpose, because the
Anniversary states a different rule, are listed with the reason in
tests/unit/test_anniversary_citations.py (`NOTE_EXCEPTIONS`): they keep the 1941 name."""


_LINE_REF = re.compile(r"\[L\d+[^\]]*\]")


def cite_note(text: str) -> str:
    """A narrative line with its 1941 references replaced by the Anniversary's; a reference
    with no counterpart is marked as the 1941 rulebook's."""
    return _LINE_REF.sub(lambda m: NOTE_CITATIONS.get(m.group(0), "[1941 " + m.group(0)[1:]), text)
