"""The shared engine framework: state, decisions, moves, events, views, RNG, errors, bots."""
