"""The work one move may cost, and the size of the numbers a state may hold.

A state comes from the client, so every number in it is the client's choice. The games'
state checks bound each one by what the rules allow (a draw cannot take more cards than
the game has); these limits are the framework's net under them: a move whose resolution
runs longer than MAX_STEPS driver steps or writes more than MAX_EVENTS events is refused
with `work_limit`, whatever the state said. No position the engine reaches by play comes
near them (the conformance suite checks the largest move it sees).
"""

from .errors import InvalidState, WorkLimit

# JavaScript's Number.MAX_SAFE_INTEGER: a larger integer changes its value in a JS client.
MAX_SAFE_INTEGER = 2**53 - 1
MAX_EVENTS = 2000  # events of one move (a random game's largest move writes well under 200)
MAX_STEPS = 20000  # turns of a game's driver loop within one move


def is_int(x, lo: int = -MAX_SAFE_INTEGER, hi: int = MAX_SAFE_INTEGER) -> bool:
    """The one test of an integer a state holds: an int, never a bool (`True == 1` and
    `isinstance(True, int)`), with lo <= x <= hi; by default within JavaScript's safe integers.

    >>> is_int(3, 0, 5), is_int(True), is_int(2**53), is_int(-(2**53) + 1), is_int(2.0)
    (True, False, False, True, False)
    """
    return type(x) is int and lo <= x <= hi


def check_integers(value, path: str = "") -> None:
    """InvalidState if any integer anywhere in `value` lies beyond JavaScript's safe integers:
    the framework's net under the games' own, tighter checks of each field. A first walk only
    asks whether there is one (every client state passes here, so it must be cheap); a second
    one, with the paths, runs only to name it."""
    if plain_json(value):  # (a value of another type, a float say, is walked again below: ints only)
        return
    stack = [(value, path)]
    while stack:
        x, where = stack.pop()
        if type(x) is int:
            if not is_int(x):
                raise InvalidState(f"The state holds {x} at '{where}', beyond the integers every client reads "
                                   f"exactly (at most {MAX_SAFE_INTEGER} either way).", {where: ["invalid"]})
        elif type(x) is dict:
            stack.extend((v, f"{where}.{k}" if where else str(k)) for k, v in x.items())
        elif type(x) is list:
            stack.extend((v, f"{where}.{i}" if where else str(i)) for i, v in enumerate(x))


def plain_json(value) -> bool:
    """Is `value` made only of JSON's types, exactly (dict, list, str, bool, None, and int within
    JavaScript's safe integers: no subclass, tuple or float)? One cheap walk, no paths; dict keys are not
    looked at (core/framework/checked.py leaves them to its serializer)."""
    stack = [value]
    pop, push = stack.pop, stack.extend
    while stack:
        x = pop()
        t = type(x)
        if t is str:
            continue
        if t is dict:
            push(x.values())
        elif t is list:
            push(x)
        elif t is int:
            if not -MAX_SAFE_INTEGER <= x <= MAX_SAFE_INTEGER:
                return False
        elif t is not bool and x is not None:
            return False
    return True


def check_outcome(outcome, players: int) -> None:
    """An outcome is null or {winners: distinct seats, scores: {seat: integer}, reason: text, ...}."""
    if outcome is None:
        return
    seats = range(players)
    if (type(outcome) is not dict or type(outcome.get("winners")) is not list
            or not all(is_int(w, 0, players - 1) for w in outcome["winners"])
            or len(set(outcome["winners"])) != len(outcome["winners"])
            or type(outcome.get("scores")) is not dict
            or not all(k in {str(s) for s in seats} and is_int(v) for k, v in outcome["scores"].items())
            or type(outcome.get("reason")) is not str):
        raise InvalidState("The state's outcome must be null or {winners: distinct seats, scores: {seat: integer}, "
                           "reason}.", {"outcome": ["invalid"]})


def small_int(x, lo: int, hi: int, message: str, field: str | None = None) -> int:
    """`x` if it is an integer (not a bool) with lo <= x <= hi; else InvalidState."""
    if not is_int(x, lo, hi):
        raise InvalidState(message, {field: [f"must be an integer from {lo} to {hi}"]} if field else None)
    return x


def check_events(events: list) -> None:
    if len(events) > MAX_EVENTS:
        raise WorkLimit(f"This move would write more than {MAX_EVENTS} events; the position cannot arise in play.")


def over_budget(steps: int) -> None:
    """Called by a game's driver loop with its step count, when it exceeds MAX_STEPS."""
    raise WorkLimit(f"This move would take more than {MAX_STEPS} steps to resolve; the position cannot arise in play.")
