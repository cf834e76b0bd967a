"""Axis & Allies Anniversary Edition: its ruleset hooks, citations and research."""
