"""Transports and lone submarines: what the editions' rulebooks say differently, a ruleset hook (`AA1941.naval`).

Its own module, so that a ruleset names its naval rules without importing the Combat Move's checks and battles.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class NavalRules:
    """What the editions' rulebooks say differently about transports and lone submarines: a
    ruleset hook (`AA1941.naval`), read by the Combat Move's checks and battles."""

    transports_attack_alone: bool = False
    """A transport may attack alone, its zone's enemy warships giving battle: the Anniversary
    [@135865], [@83130]; never in 1941 [L971] nor in Global 1940 [G40 L1614]."""
    destroyer_forbids_ignoring: bool = True
    """1941 [L449], [L503]: the attacker's destroyer in an offload zone makes the sea battle with
    enemy submarines compulsory. The Anniversary [@76867] and Global 1940 [G40 L880] leave the choice."""
    ignored_subs_need_warship: bool = False
    """Global 1940 [G40 L680]: transports unload beside ignored enemy submarines only with a surface
    warship of the attacking power in the zone; 1941 [L449] and the Anniversary [@64508] allow it."""
    attacking_transports_defenceless: bool = True
    """Attacking transports that cannot retreat are undefended and destroyed as the defender's are:
    1941 [L629], Global 1940 [G40 L1011]. The Anniversary: «I trasporti in attacco non sono mai
    considerati indifesi poiché hanno la possibilità di ritirarsi» [@83130]: the battle goes on."""


NAVAL_1941 = NavalRules()
