"""Axis & Allies Global 1940 (2nd Edition, Alpha 3+): its ruleset, hooks and the rules only it has."""
