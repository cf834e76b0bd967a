"""WARZAG World War II: an engine of its own on the shared core (same commands, files, log, replay).

The rulebook (`../shared/seeds/003_e524ad6dc0f1855a.txt`, cited `WZ Lnnn`) describes
procedures but not its components; those come from a component pack (`pack.py`).
"""
