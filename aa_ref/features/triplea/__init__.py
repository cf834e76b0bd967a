"""Importing a TripleA map as an aa-ref setup."""
