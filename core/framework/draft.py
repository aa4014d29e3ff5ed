"""What a move is played on: a draft of the next state and the state's RNG, both the framework's.

A `Draft` is the next state while a move is played, `draft.state` (a plain dict: a shallow copy
of the caller's state, so every part is still shared with it), with the copy-on-write
bookkeeping beside it, outside the data: which parts the game has copied already. A game
replaces what it changes, or asks the draft for a private copy the first time it writes to a
part in place:

    draft.own("played", list.copy)               # a top-level part
    draft.own_item("seats", p, copy_seat)        # item p of a top-level list or dict

The engine makes the draft (`Game.thaw`), calls `play(draft.state, move, rng)` with the draft
current (`current_draft()`, for rule code deep in a game that holds only the state), and keeps
`draft.state` as the new state: a state never carries a bookkeeping key. `Draft.fresh(state)`
is a draft whose every part is its own already (a `setup` that runs rule code on the state it
builds: `with Draft.fresh(state): ...`).

`LazyRng` is the state's RNG, loaded from `state["rng"]` the first time the move draws,
shuffles or picks at random; the engine writes it back into the new state once, if it was used.

    >>> state = {"played": ["a"], "seats": [{"hand": ["x"]}]}
    >>> draft = Draft.of(state)
    >>> draft.own("played", list.copy).append("b")
    >>> draft.own_item("seats", 0, dict.copy)["hand"] = []
    >>> state, draft.state
    ({'played': ['a'], 'seats': [{'hand': ['x']}]}, {'played': ['a', 'b'], 'seats': [{'hand': []}]})
"""

from contextvars import ContextVar

from .rng import Rng


class Draft:
    """The state a move is building and which of its parts are its own (copied) already."""

    __slots__ = ("state", "owned", "_token")

    def __init__(self, state: dict, owned: set | None):
        self.state = state
        self.owned = owned  # the parts copied so far: keys, and (key, item) pairs; None: all its own

    @classmethod
    def of(cls, state: dict) -> "Draft":
        """The draft of the state after `state`: a shallow copy, nothing of it copied yet
        (`Draft(dict(state), set())`, as a game's `thaw` may write it to save a call)."""
        return cls(dict(state), set())

    @classmethod
    def fresh(cls, state: dict) -> "Draft":
        """A draft of a state built from scratch (`state` itself): every part is its own."""
        return cls(state, None)

    def __enter__(self) -> "Draft":
        self._token = CURRENT_DRAFT.set(self)
        return self

    def __exit__(self, *exc) -> None:
        CURRENT_DRAFT.reset(self._token)

    def own(self, key: str, copy):
        """state[key], copied with `copy` the first time: safe to change in place."""
        state, owned = self.state, self.owned
        if owned is not None and key not in owned:
            owned.add(key)
            state[key] = copy(state[key])
        return state[key]

    def own_item(self, key: str, item, copy):
        """state[key][item] (a list index or a dict key), copied with `copy` the first time; the
        container state[key] is copied (shallow) the first time one of its items is."""
        state, owned = self.state, self.owned
        if owned is not None and (key, item) not in owned:
            owned.add((key, item))
            if key not in owned:
                owned.add(key)
                state[key] = state[key].copy()
            container = state[key]
            container[item] = copy(container[item])
            return container[item]
        return state[key][item]


CURRENT_DRAFT: ContextVar[Draft] = ContextVar("draft")
# The draft of the move being played (or of the `with Draft.fresh(...)` block): `current_draft()`
current_draft = CURRENT_DRAFT.get


class LazyRng:
    """The state's RNG, loaded the first time a move draws, shuffles or picks at random."""

    __slots__ = ("text", "rng")

    def __init__(self, text: str):
        self.text, self.rng = text, None

    def _get(self) -> Rng:
        if self.rng is None:
            self.rng = Rng.load(self.text)
        return self.rng

    def below(self, n: int) -> int:
        return self._get().below(n)

    def shuffle(self, items: list) -> list:
        return self._get().shuffle(items)

    def choice(self, items):
        return self._get().choice(items)

    def next64(self) -> int:
        return self._get().next64()

    def store(self, state: dict) -> None:
        """Write the RNG back into `state`, if the move used it (else `state["rng"]` is already right)."""
        if self.rng is not None:
            state["rng"] = self.rng.dump()
