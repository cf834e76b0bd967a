"""The Axis & Allies rules every edition shares; 1941's ruleset (`ruleset.AA1941`) is the base the
editions extend. A rule that setup data switches on (installations, separate economies, the war
matrix) lives here, whichever edition's data uses it."""
