"""Plot Twist's Time counters (rulebook: Counting Turns, Turns' End of Turn, Cards): one record for
every card in play that counts Turns, whatever its type (Twists! and Events now; Details and Allies
may call the same functions).

"Every End of Turn a card that uses Time counters is in play, it gains a Time counter. When the
number of Time Counters are equal to the number printed on the card, its effects either take place
("In X Turns"), or end ("For X Turns")." "'This Turn' ... is considered to have a printed number of 1."

`state["timers"]` lists them, oldest first:

    {"card": "twist/time-bomb", "effect": 0, "mode": "in" | "for", "counters": 1, "of": 3,
     "choice": {"target"?, "resistance"?}}

`effect` is the index, in the card's `effects`, of the effect that carries the count ("Any 'In X
Turns' statement halts the resolving": an "in" timer resumes the card's effects from there);
`choice` the choices made when the card was Revealed. No rule of any card lives here: `tick` says
which timers ran out, the caller makes them take place or end.

    >>> timing({"do": "cause", "in_turns": 3}), timing({"do": "gain", "for_turns": 2}), timing({"lasts": "turn"})
    (('in', 3), ('for', 2), ('for', 1))
    >>> state = {"timers": []}
    >>> start(state, "twist/time-bomb", 0, "in", 2, {})
    >>> tick(state, [])
    ([], [])
    >>> [t["card"] for t in tick(state, [])[0]], state["timers"]
    (['twist/time-bomb'], [])
"""

MODES = ("in", "for")
TIMER_FIELDS = frozenset(("card", "effect", "mode", "counters", "of", "choice"))


def timing(effect: dict) -> tuple[str, int] | None:
    """How an effect counts Turns: ("in", X), ("for", X), ("for", 1) for "this Turn", or None."""
    if "in_turns" in effect:
        return "in", effect["in_turns"]
    if "for_turns" in effect:
        return "for", effect["for_turns"]
    if effect.get("lasts") == "turn":
        return "for", 1
    return None


def start(state: dict, card: str, effect: int, mode: str, of: int, choice: dict) -> None:
    """The card's effect starts counting: no Time counter yet (the first comes at this End of Turn)."""
    state["timers"] = state["timers"] + [{"card": card, "effect": effect, "mode": mode, "counters": 0,
                                          "of": of, "choice": dict(choice)}]


def tick(state: dict, events: list) -> tuple[list[dict], list[dict]]:
    """End of Turn: every timer gains a Time counter; those that reach their number leave the list.
    Returns (the "In X Turns" that take place now, the "For X Turns" that end now), oldest first."""
    kept, fired, ended = [], [], []
    for t in state["timers"]:
        t = {**t, "counters": t["counters"] + 1}
        events.append({"type": "time_counter_added", "card": t["card"], "counters": t["counters"], "of": t["of"]})
        if t["counters"] < t["of"]:
            kept.append(t)
        else:
            (fired if t["mode"] == "in" else ended).append(t)
    state["timers"] = kept
    return fired, ended


def of_card(state: dict, card: str) -> list[dict]:
    return [t for t in state["timers"] if t["card"] == card]


def remove(state: dict, card: str) -> list[dict]:
    """Take the card's timers away (the card left play or was Nullified): the ones removed."""
    gone = of_card(state, card)
    state["timers"] = [t for t in state["timers"] if t["card"] != card]
    return gone


def lasting(state: dict) -> list[dict]:
    """The "For X Turns" (and "this Turn") timers still running: their effects hold."""
    return [t for t in state["timers"] if t["mode"] == "for"]
