"""Features on top of the games: battle odds, play by e-mail, reports, TripleA import."""
