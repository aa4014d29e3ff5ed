"""May a move be taken back? Only one that revealed no information (`reveals` answers why not).

A move reveals information when it
- used randomness: the state's RNG moved (a shuffle, a coin, a die);
- drew a card or turned one face up for anyone: an event the game names in
  `Game.revealing_events` (a draw: the drawer now knows the card), or a viewer (any seat, or a
  spectator) sees fewer face-down cards than before (a card played face up from a hand).

The last test is conservative: a card that leaves the game face down also lowers the count, and
that move cannot be taken back either. It counts only where the two views differ: a part of the
state the move left alone is the same object in both (the engine copies only what it changes), so
its face-down cards cancel out unread. That makes the whole test cheap enough (tens of
microseconds, docs/api.md) for a table to run it at every move's commit and tell the mover whether
it may take the move back. Taking back a move that revealed nothing gives nobody an
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
_MISSING = object()  # a key the other dict lacks


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
        if _fewer_face_down(game.view(after, viewer), game.view(before, viewer)) > 0:
            return "it turned a card face up" + ("" if viewer is None else f" for seat {viewer}")
    return None


def _fewer_face_down(after, before) -> int:
    """`_face_down(before) - _face_down(after)`, read only where the two differ: the count adds up
    over a dict's values and a list's items, and what the two share (the same object, or equal)
    holds as many placeholders in both."""
    if after is before:
        return 0
    if type(after) is dict and type(before) is dict and after != HIDDEN and before != HIDDEN:
        fewer = 0
        for key, was in before.items():
            now = after.get(key, _MISSING)
            if now is _MISSING:
                fewer += _face_down(was)
            elif now is not was and now != was:
                fewer += _fewer_face_down(now, was)
        return fewer - sum(_face_down(now) for key, now in after.items() if key not in before)
    if type(after) is list and type(before) is list:
        common = min(len(after), len(before))
        fewer = sum(_fewer_face_down(now, was) for now, was in zip(after, before) if now is not was and now != was)
        return fewer + _face_down(before[common:]) - _face_down(after[common:])
    return _face_down(before) - _face_down(after)


def _face_down(value) -> int:
    """How many `{"hidden": true}` placeholders a view holds."""
    if type(value) is dict:
        if value == HIDDEN:
            return 1
        return sum(_face_down(v) for v in value.values())
    if type(value) is list:
        return sum(_face_down(v) for v in value)
    return 0
