"""May a move be taken back? Only one that revealed no information (`reveals` answers why not).

A move reveals information when it
- used randomness: the state's RNG moved (a shuffle, a coin, a die);
- drew a card or turned one face up for anyone: an event the game names in
  `Game.revealing_events` (a draw: the drawer now knows the card), or a viewer (any seat, or a
  spectator) sees fewer face-down cards than before (a card played face up from a hand).

The last test is conservative: a card that leaves the game face down also lowers the count, and
that move cannot be taken back either. Taking back a move that revealed nothing gives nobody an
advantage: every seat is back where it was and knows nothing it did not know.

    >>> import core
    >>> step = core.new_game("showbiz-shuffle", players=2, seed=1)
    >>> def after(kind):
    ...     return core.apply(step.state, next(o for o in step.pending[0]["options"] if o["kind"] == kind))
    >>> end = after("end_turn")
    >>> reveals(step.state, end.state, end.events) is None  # the next seat's turn began; nothing shown
    True
    >>> shake = after("shake_up")
    >>> reveals(step.state, shake.state, shake.events)
    'it used randomness (a shuffle, a coin, a die)'
"""

from .registry import get_game

HIDDEN = {"hidden": True}


def reveals(before: dict, after: dict, events: list) -> str | None:
    """Why the move from `before` to `after` (with its `events`) may not be taken back: what it
    revealed, as words for a message; None when it revealed nothing."""
    if before["rng"] != after["rng"]:
        return "it used randomness (a shuffle, a coin, a die)"
    game = get_game(before["game"])
    for event in events:
        reason = game.revealing_events.get(event.get("type"))
        if reason:
            return f"it {reason} ({event['type']})"
    for viewer in [None, *range(before["players"])]:
        if _face_down(game.view(after, viewer)) < _face_down(game.view(before, viewer)):
            return "it turned a card face up" + ("" if viewer is None else f" for seat {viewer}")
    return None


def _face_down(value) -> int:
    """How many `{"hidden": true}` placeholders a view holds."""
    if type(value) is dict:
        if value == HIDDEN:
            return 1
        return sum(_face_down(v) for v in value.values())
    if type(value) is list:
        return sum(_face_down(v) for v in value)
    return 0
