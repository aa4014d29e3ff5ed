"""The queue of effects (rulebook: SIMULTANEOUS EFFECTS): the tasks waiting in `state["queue"]`.

A task is a small record (`{"do": "draw", "player": 1, "amount": 2}`). New tasks resolve before
the ones already waiting; one character's simultaneous effects resolve in the order that
character chooses (an `order` task), unless the order cannot matter. Resolving a task is in
effects.py.
"""

from core.framework import flow


def push(state: dict, tasks: list) -> None:
    """New effects resolve before the ones already waiting."""
    flow.push(state, "queue", tasks)


def simultaneous(state: dict, p: int, tasks: list) -> list:
    """One character's simultaneous effects: they choose the order unless it cannot matter."""
    if len(tasks) < 2 or all({**t, "source": None} == {**tasks[0], "source": None} for t in tasks):
        return tasks
    return [{"do": "order", "player": p, "tasks": tasks}]


def effect_task(p: int, effect: dict, source: str, **targets) -> dict:
    task = {"do": "effect", "player": p, "verb": effect["do"], "source": source, **targets}
    for k in ("amount", "type", "card_type"):
        if k in effect:
            task[k] = effect[k]
    return task
