"""The engine every game runs on: the Rules protocol, the Game object and its saves, seeded randomness,
the error classes and the limits on untrusted input. It imports no game, kit or ai module."""
