"""Helpers every game's rule tests share: moves in a row, events of a type, all options."""

import core


def play(state: dict, *moves: dict) -> tuple[core.Step, list]:
    """Apply the moves in order; the last Step and every event on the way."""
    step, events = None, []
    for move in moves:
        step = core.apply(state if step is None else step.state, move)
        events += step.events
    return step, events


def of_type(step_or_events, kind: str) -> list[dict]:
    events = step_or_events.events if isinstance(step_or_events, core.Step) else step_or_events
    return [e for e in events if e["type"] == kind]


def all_options(step: core.Step) -> list[dict]:
    return [o for d in step.pending for o in d["options"]]


def paths(x, path=()):
    """Every node below the root of a JSON value, as a path of keys and indices (for tampering)."""
    items = x.items() if isinstance(x, dict) else enumerate(x) if isinstance(x, list) else []
    for k, v in items:
        yield path + (k,)
        yield from paths(v, path + (k,))


def get_path(x, path):
    for k in path:
        x = x[k]
    return x
