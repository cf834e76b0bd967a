"""The Axis & Allies documents: setup, game state, orders and decisions, events."""
