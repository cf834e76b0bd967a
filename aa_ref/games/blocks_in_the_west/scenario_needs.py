"""The scenario data an optional rule cannot be played without: `aa-ref new` refuses the option `on` when the
scenario lacks it, with a message naming the section (docs/bitw-scenario.md), rather than a game where the rule
silently never acts."""

from __future__ import annotations

from aa_ref.games.blocks_in_the_west.scenario import Scenario

NEEDS: tuple[tuple[tuple[str, ...], str, str, str], ...] = (
    (("lend_lease", "convoy_war"), "atlantic", "`atlantic` data (GB, France, the U-boats' strengths: "
     "docs/bitw-scenario.md)", "L2510-L2552"),
    (("naval_movement", "amphibious"), "sea_zones", "`sea_zones` (docs/bitw-scenario.md)", "L2153-L2212"),
    (("italian_surrender",), "italian_surrender", "`italian_surrender` section (Mussolini, Sicily, Sardinia and "
     "Corsica, Gran Sasso, Salò: docs/bitw-scenario.md)", "L2554-L2578"),
    (("wunderwaffen",), "wunderwaffen", "`wunderwaffen` section (Peenemünde, the Atlantic coast, the 65th corps, GB: "
     "docs/bitw-scenario.md)", "L2372-L2406"),
    (("new_factories",), "factory_track", "`factory_track` (each faction's production track: docs/bitw-scenario.md)",
     "L2091-L2095"),
)
"""Options -> the scenario field they need, how to name it, the rulebook's lines."""


def missing_data(scenario: Scenario, options: dict[str, str]) -> str | None:
    """Why the options switched `on` cannot be played with this scenario, or None."""
    for keys, field, what, lines in NEEDS:
        wanted = [key for key in keys if options.get(key) == "on"]
        if wanted and not getattr(scenario, field):
            return f"option {' and '.join(wanted)} needs the scenario's {what} [BW {lines}]; this scenario has none"
    return None
