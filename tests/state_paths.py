"""Where a JSON state holds its integers, and a copy with one of them changed (the hostile-number tests)."""

import copy

import core
from core.framework.rng import Rng


def int_paths(x, path=()):
    """Every place in a JSON value that holds an integer (booleans are not integers here)."""
    if type(x) is int:
        yield path
    elif isinstance(x, dict):
        for k, v in x.items():
            yield from int_paths(v, (*path, k))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from int_paths(v, (*path, i))


def with_value(state, path, value):
    """A deep copy of `state` with the value at `path` replaced."""
    state = copy.deepcopy(state)
    target = state
    for k in path[:-1]:
        target = target[k]
    target[path[-1]] = value
    return state


def played_states(game: str, players: int, options, seed: int, every: int = 7, rng_name: str = "hostile") -> tuple[list, dict]:
    """(every `every`-th state of one seeded random game, its last state): at most 3,000 moves."""
    rng = Rng.from_seed(f"{rng_name}:{seed}")
    step = core.new_game(game, players, options, seed)
    out, n = [], 0
    while step.outcome is None and n < 3000:
        if n % every == 0:
            out.append(step.state)
        choices = [o for d in step.pending for o in d["options"]]
        step = step.play(choices[rng.below(len(choices))])
        n += 1
    return out, step.state
