"""Pieces games are built from: cards and dominoes, seats and teams, tricks, set-up checks, and the
match with its doubling cube."""
