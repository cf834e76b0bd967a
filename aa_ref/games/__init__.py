"""The games: Axis & Allies (one engine, three editions), WARZAG and Blocks in the West."""
