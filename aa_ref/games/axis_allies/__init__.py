"""Axis & Allies: the documents (`model`), the rules every edition shares (`rules`, with 1941's
ruleset as the base), and one package per later edition holding what only it has."""
