"""Battle odds: exact (a Markov chain over the hits each side has taken) and seeded Monte
Carlo, both built on the referee's own firepower rules (`aa_ref.games.axis_allies.rules.firepower`)."""
