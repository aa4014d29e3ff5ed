"""The conditions printed on Plot Twist's cards: an Event's or a Twist's Nullify (🎯) and an
Objective's Threat (▼), one vocabulary (`CONDITIONS` in vocabulary.py), one reading.

- `recruit` / `kill` {count}: Bystanders Recruited / Killed (`state["tally"]`);
- `incapacitate` {who, count}: Heroes, Villains or Mook cards Incapacitated (the tally);
- `turns` {count}: Turns gone by: the End of Turn phases begun ("In X Turns": a Time counter every
  End of Turn);
- `revealed` {count}: Events Revealed (Nullified ones stay Revealed); `count = "heroes"`: as many as
  there are Heroes in play (not Incapacitated);
- `spend` {counter, amount}: Belief or Energy the Heroes spent on the card (`spent` in its figures);
- `roll` {attribute, with, difficulty}: a Fixed Roll a Hero wins (the move that makes it, not a count).

A card that counts "since" its Reveal keeps the figures of that moment (`figures`): `met` subtracts
them. An Objective counts from the first Turn (no figures: all zero).

    >>> state = {"tally": {"recruit": 0, "kill": 2, "incapacitate_hero": 0, "incapacitate_villain": 0,
    ...                    "incapacitate_mook": 1}, "events_cluster": [], "turn": None, "characters": []}
    >>> met(state, {"when": "kill", "count": 2}), met(state, {"when": "kill", "count": 2}, figures(state))
    (True, False)
    >>> met(state, {"when": "incapacitate", "who": "mook", "count": 1})
    True
"""

from ..characters import characters as CH

COUNTED = ("recruit", "kill", "incapacitate", "spend")  # conditions that count from a card's figures


def figures(state: dict) -> dict:
    """What a counting condition starts from: the tally now, and nothing spent yet."""
    return {**state["tally"], "spent": 0}


def _kind(condition: dict) -> str | None:
    when = condition["when"]
    if when in ("recruit", "kill"):
        return when
    if when == "incapacitate":
        return f"incapacitate_{condition['who']}"
    return None


def heroes_in_play(state: dict) -> int:
    return len(CH.heroes_in_play(state))


def revealed_events(state: dict) -> int:
    return sum(1 for e in state["events_cluster"] if e["revealed"])


def turns_gone(state: dict) -> int:
    """End of Turn phases begun so far (the Time counters of a card placed at the start of the game)."""
    turn = state["turn"]
    if turn is None:
        return 0
    return turn["number"] - (0 if turn["phase"] == "end" else 1)


def needed(state: dict, condition: dict) -> int:
    n = condition.get("count", condition.get("amount", 0))
    return heroes_in_play(state) if n == "heroes" else n


def progress(state: dict, condition: dict, since: dict | None = None) -> int:
    """How far the condition has come (since the figures, if any)."""
    since = since or {}
    when = condition["when"]
    kind = _kind(condition)
    if kind is not None:
        return state["tally"][kind] - since.get(kind, 0)
    if when == "spend":
        return since.get("spent", 0)
    if when == "turns":
        return turns_gone(state)
    if when == "revealed":
        return revealed_events(state)
    return 0


def met(state: dict, condition: dict, since: dict | None = None) -> bool:
    """Whether the condition is fulfilled now (a `roll` never is by itself: a Hero must win it)."""
    if condition["when"] == "roll":
        return False
    if condition["when"] == "revealed" and needed(state, condition) == 0:
        return False  # no Hero in play: the game is over on that count already
    return progress(state, condition, since) >= needed(state, condition)


def key(state: dict) -> tuple:
    """Every figure a condition reads, for the win Watch ("the position changed")."""
    return (tuple(state["tally"].values()), turns_gone(state), revealed_events(state))
