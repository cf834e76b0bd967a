"""Blocks in the West: a hex-and-block wargame with fog of war, an engine of its own on the shared core.

The rulebook (`../shared/seeds/004_26b49c6dbf45f340.txt`, cited `BW Lnnn`) gives procedures but no map,
block roster, TECH chart or scenario booklet; those come from a scenario file (`scenario.py`).
"""
