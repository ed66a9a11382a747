"""The bots, written once for every game: the Bot protocol a game fills in, sampling hidden cards,
the hard bot's search, the levels and hints, and the doubling-cube decisions."""
