"""The order of play, shared by every game: what happens between two decisions.

A move answers a decision; then the game does every piece of bookkeeping its rules call for
until somebody must choose again. Every game declares that machinery once, as a `Flow`, and
the framework runs it:

    FLOW = Flow(
        moves={"draw": on_draw, "pass": on_pass, ...},   # move kind -> handler(state, move, rng, events)
        queue="queue",                    # the state's list of pending work (new work goes first)
        waits=needs_choice,               # (state, task) -> does this task wait for a decision?
        execute=execute,                  # (state, rng, task, events): resolve a task that does not
        advance=advance,                  # (state, rng, events): one step of the order of play
        watch=Watch(win_key, win_check),  # a check that runs when the position it reads changed
        automatic=frozenset({"thief"}),   # decision kinds answered at once when one answer is legal
    )
    events, pending = FLOW.play(state, move, rng, decisions=game.decisions)

`Flow.play` calls the move's handler, then loops: the watch first (if the position it depends on
changed), then the first pending work (run it, unless it waits for a decision), then `advance`
(which returns None when it did something, or `WAIT`, or a value of the game's, to stop). When it
stops, a decision of an `automatic` kind with a single legal answer is made at once. Every step
counts against the framework's budget (`budget.py`), so no state can make a move run forever.

The flow's records live in the game's own state, in the game's own words (they are part of its
wire format); the helpers below work on them:

- `push` / `pop`: a stack of pending work (effects resolve newest first).
- `Round`: a round of turns that goes on until every seat still in it has passed in a row
  (hiring goons, initiative, a movement step).
- `ask_in_turn` / `answered`: a window in which several seats are asked one after another.
- `at_once`: a window in which several seats decide at the same time, one decision each.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .budget import MAX_EVENTS, MAX_STEPS, check_events, over_budget
from .game import decision


class _Wait:
    def __repr__(self) -> str:
        return "WAIT"


WAIT = _Wait()  # what `advance` returns when somebody must choose now


class _Unchanged:
    def __repr__(self) -> str:
        return "UNCHANGED"


UNCHANGED = _Unchanged()  # `checked`: the move left what the watch reads as it was (see Flow.play)


@dataclass
class Watch:
    """A check that runs when the position it reads has changed: `key(state)` names what the check
    depends on (None: no check now), and `check(state, events)` runs each time that key differs from
    the last one checked. This is the signal "the position changed" (for a win, say), made from the
    position itself, so no event's name or order steers it. The key is compared only after
    something happened (an event was written), which is when the position can have changed."""

    key: Callable[[dict], Any]
    check: Callable[[dict, list], None]


@dataclass(frozen=True)
class Flow:
    """A game's order of play, for the framework to run. See the module's docstring."""

    moves: dict
    queue: str | None = None
    waits: Callable[[dict, dict], bool] | None = None
    execute: Callable | None = None
    advance: Callable | None = None
    watch: Watch | None = None
    automatic: frozenset = field(default_factory=frozenset)

    def __post_init__(self):
        # a flow with only moves runs no loop between them: the handler did all of it
        object.__setattr__(self, "_plain", self.queue is None and self.advance is None and self.watch is None)

    def play(self, state: dict, move: dict, rng, decisions: Callable | None = None, checked: Any = None):
        """Apply `move` and run until somebody must choose. Returns `(events, result)`: `result`
        is what `advance` stopped with (a value of the game's), or, for a game with `automatic`
        kinds, the pending decisions it worked out (`decisions(state)`), else None.

        `checked`: the watch's key as it was already checked before the move (no check needed
        for it again); None: check at the first chance; `UNCHANGED`: the move's handler leaves what
        the key reads as it was, so the key the flow computes first (before any work runs) is the
        key before the move, not computed twice (a game's promise for some kinds of move)."""
        events: list = []
        self.moves[move["kind"]](state, move, rng, events)
        if not self._plain:
            if decisions is None or not self.automatic:  # `run` without questions to answer, inlined
                return events, self._run(state, rng, events, checked)
            return events, self.run(state, rng, events, decisions, checked)
        if decisions is None:  # (the engine counts the events of the move itself)
            return events, (WAIT if state["outcome"] is None else None)
        automatic = self.automatic
        while True:  # `run`'s answering of single-answer questions, inlined: the hot path of small games
            pending = decisions(state)
            if len(pending) != 1 or pending[0]["kind"] not in automatic or len(pending[0]["options"]) != 1:
                return events, pending
            only = pending[0]["options"][0]
            self.moves[only["kind"]](state, only, rng, events)

    def run(self, state: dict, rng, events: list, decisions: Callable | None = None, checked: Any = None):
        """Run the bookkeeping after a move (or at setup) until somebody must choose or the game ends."""
        automatic = self.automatic if decisions is not None else None
        while True:
            if self._plain:  # (the engine counts the events of the move itself)
                result = WAIT if state["outcome"] is None else None
            else:
                result = self._run(state, rng, events, checked)
            if not automatic:
                return result
            pending = decisions(state)
            if len(pending) != 1:
                return pending
            only = pending[0]
            if only["kind"] not in automatic or len(only["options"]) != 1:
                return pending
            only = only["options"][0]
            self.moves[only["kind"]](state, only, rng, events)
            checked = None  # the watch checks again at its first chance

    def _run(self, state: dict, rng, events: list, checked: Any):
        watch, queue, advance = self.watch, self.queue, self.advance
        # The watch compares its key whenever the events grew since it last did (and at once when
        # nothing was checked before the move); a key of None means nothing to check now.
        seen = -1 if checked is None or checked is UNCHANGED else 0
        steps = 0
        while state["outcome"] is None:
            steps += 1
            if steps > MAX_STEPS:
                over_budget(steps)
            if len(events) > MAX_EVENTS:
                check_events(events)
            if watch is not None and len(events) != seen:
                seen = len(events)
                key = watch.key(state)
                if checked is UNCHANGED:  # the key before the move (Flow.play)
                    checked = key
                elif key is not None and key != checked:
                    checked = key
                    watch.check(state, events)
                    if state["outcome"] is not None:
                        break
            if queue is not None and state[queue]:
                task = state[queue][0]
                if self.waits(state, task):
                    return WAIT
                state[queue] = state[queue][1:]
                self.execute(state, rng, task, events)
                continue
            if advance is None:
                return WAIT
            result = advance(state, rng, events)
            if result is not None:
                return result
        return None


# --- Pending work -------------------------------------------------------------------------------
def push(record: dict, key: str, tasks: list) -> None:
    """New work resolves before the work already waiting in `record[key]` (a stack)."""
    if tasks:
        record[key] = tasks + record[key]


def pop(record: dict, key: str):
    """Take the first pending work from `record[key]`."""
    first, record[key] = record[key][0], record[key][1:]
    return first


# --- Rounds until everyone passes in a row --------------------------------------------------------
class Round:
    """A round of turns that goes on until every seat still in it has passed in a row.

    Its record is three fields of a dict of the game's (their names are the game's): the seat to
    act, the seats out of the round for good, and the seats that passed since the last action.
    Acting clears the passes; passing adds one (and may take the seat out for good); the turn goes
    to the next seat in `order` that is neither out nor passed, and the round ends (None) when
    there is none.

        >>> r = Round("at", "out", "since")
        >>> rec = {"at": 0, "out": [], "since": []}
        >>> r.passed(rec, 0, leaves=False); r.next(rec, [1, 2, 0])   # seat 0 passes: seat 1's turn
        1
        >>> r.acted(rec); r.next(rec, [2, 0, 1])                     # seat 1 acts: everyone may again
        2
        >>> r.passed(rec, 2, leaves=True); r.passed(rec, 0, leaves=False); r.next(rec, [1, 2, 0])
        1
        >>> r.passed(rec, 1, leaves=False); r.next(rec, [2, 0, 1]) is None   # all passed in a row
        True
    """

    def __init__(self, at: str, out: str, since: str):
        self.at, self.out, self.since = at, out, since

    def acted(self, record: dict) -> None:
        record[self.since] = []

    def passed(self, record: dict, seat: int, leaves: bool) -> None:
        record[self.since] = record[self.since] + [seat]
        if leaves:
            record[self.out] = record[self.out] + [seat]

    def next(self, record: dict, order) -> int | None:
        """Give the turn to the next seat of `order` still in the round; None: everyone passed."""
        out, since = record[self.out], record[self.since]
        for q in order:
            if q not in out and q not in since:
                record[self.at] = q
                return q
        record[self.at] = None
        return None


# --- Decision windows -------------------------------------------------------------------------------
def ask_in_turn(record: dict, key: str, seats: list) -> None:
    """Open a window in which `seats` are asked one after another (the first is asked now)."""
    record[key] = seats


def answered(record: dict, key: str) -> None:
    """The seat asked now has answered: the next one is asked."""
    record[key] = record[key][1:]


def at_once(options: list, kind: str, prompt: Callable[[int], str]) -> list:
    """A window in which several seats decide at the same time: one decision per seat that has
    options among `options` (each names its `player`), in the order they first appear."""
    by_seat: dict[int, list] = {}
    for o in options:
        by_seat.setdefault(o["player"], []).append(o)
    return [decision(p, kind, prompt(p), opts) for p, opts in by_seat.items()]
