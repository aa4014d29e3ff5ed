"""Decisions kept between moves: a listing is worked out once, and kept while what it read is unchanged.

A state is copy-on-write (draft.py): a move replaces the parts it changes and shares the others
with the state before it. So "has what this listing read changed?" is a question of identity: the
parts it read are the very same objects, or not. A game keeps a listing (a seat's options, a
Character's) with the parts it reads:

    options = kept(("window", seat), (state["characters"], state["turn"]), lambda: list_them(state, seat))

The first call lists them; a later call whose parts are the same objects (`is`) gets the same list
back, until one part is replaced. A listing may also name `values`: small facts it reads, derived from
parts that change more often than the facts do (the ids of the Characters that can act, say), which
are compared by equality (`==`). Whoever asks within a step (the flow's "does anyone still have a
choice", the Step's `pending`, the labels) and the next moves, for the parts they left alone, reuse it.

What a game must keep to for this (docs/engine.md, "Decisions kept between moves"):
- the parts named are all that the listing reads (of the state; the card catalog is constant);
- a part that was listed is never changed in place afterwards: a move replaces it, or copies it
  through the draft first (`own`, `own_item`), which makes a new object;
- a listing is a value to read: nobody changes a kept list or its options in place.

The keeping lives beside the states, never in them: nothing of it is in the wire state, its hash
or its views. An entry holds its parts, so their identities cannot be reused by other objects
while it is kept. One entry per key: a key names what is listed (a seat's window), not a state.

`kept_of(key, part, compute)` is `kept` for a value derived from one part alone (an index of the
Characters by seat, say), asked many times a move: the same rule in fewer steps, `compute(part)` making
it. A key is used with one of the two, never both.

Listings are kept only within the engine's calls. The engine's own states (`Step.play`, `new_game`,
`trusted=True`) share the entries (`shared()`); a state from outside (a client's, validated by the
engine) is listed in a scope of its own (`scope()`), so a caller that changed one of its parts in
place between two calls cannot be served a listing of the part as it was; a game's functions called
outside the engine (as unit tests do, on states they change in place) keep nothing. `fresh()` turns
the keeping off within the engine too: what the property test compares the kept listings with
(tests/core/test_kept_decisions.py).
"""

from collections.abc import Callable, Hashable
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

_SHARED: dict = {}  # the entries of the engine's own states
_FRESH = False  # the entries of `fresh()`: none are kept
_ENTRIES: ContextVar[dict | bool | None] = ContextVar("kept", default=None)  # None: outside the engine
_entries, _get = _ENTRIES.get, dict.get  # (found once: the hot path asks them some 50 times a move)


def kept(key: Hashable, parts: tuple, compute: Callable[..., Any], values: tuple = (), *args):
    """`compute(*args)`, or what it gave last time for `key` if every one of `parts` is the same object and
    `values` (small facts derived from the state, compared by `==`) are equal. (`args`: what `compute` is
    called with, so that the hot path makes no closure a call: `kept(key, parts, listing, (), state, seat)`.)"""
    entries = _entries()
    if type(entries) is not dict:  # outside the engine, or fresh()
        return compute(*args)
    entry = _get(entries, key)
    if entry is not None:
        old = entry[0]
        n = len(parts)
        if len(old) == n and entry[1] == values:
            for i in range(n):  # (a loop, not `all(map(is_, ...))`: compiled, it calls nothing per part)
                if old[i] is not parts[i]:
                    break
            else:
                return entry[2]
    value = compute(*args)
    entries[key] = (parts, values, value)
    return value


def kept_of(key: Hashable, part: Any, compute: Callable[[Any], Any]):
    """`kept(key, (part,), lambda: compute(part))` for a value derived from one part of the state alone (an
    index of the Characters by seat, say), which the hot path asks many times a move: the same answer, fewer
    steps (no closure to make: `compute` is given the part)."""
    entries = _entries()
    if type(entries) is not dict:  # outside the engine, or fresh()
        return compute(part)
    entry = _get(entries, key)
    if entry is not None and entry[0] is part:
        return entry[1]
    value = compute(part)
    entries[key] = (part, value)
    return value


class shared:
    """`with shared():` the engine's own states share the kept entries (unless a `scope()` or
    `fresh()` is on already: those stay)."""

    __slots__ = ("token",)

    def __enter__(self) -> None:
        self.token = _ENTRIES.set(_SHARED) if _ENTRIES.get() is None else None

    def __exit__(self, *exc) -> None:
        if self.token is not None:
            _ENTRIES.reset(self.token)


@contextmanager
def scope():
    """Keep listings only for the calls inside (a state from outside: see the module's docstring)."""
    token = _ENTRIES.set({})
    try:
        yield
    finally:
        _ENTRIES.reset(token)


@contextmanager
def fresh():
    """Keep nothing inside: every listing is worked out again (for tests that compare)."""
    token = _ENTRIES.set(_FRESH)
    try:
        yield
    finally:
        _ENTRIES.reset(token)
