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


def small_int(x, lo: int, hi: int, message: str, field: str | None = None) -> int:
    """`x` if it is an integer (not a bool) with lo <= x <= hi; else InvalidState."""
    if type(x) is not int or not lo <= x <= hi:
        raise InvalidState(message, {field: [f"must be an integer from {lo} to {hi}"]} if field else None)
    return x


def check_events(events: list) -> None:
    if len(events) > MAX_EVENTS:
        raise WorkLimit(f"This move would write more than {MAX_EVENTS} events; the position cannot arise in play.")


def over_budget(steps: int) -> None:
    """Called by a game's driver loop with its step count, when it exceeds MAX_STEPS."""
    raise WorkLimit(f"This move would take more than {MAX_STEPS} steps to resolve; the position cannot arise in play.")
