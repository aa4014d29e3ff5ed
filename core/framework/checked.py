"""States known valid: a state from outside is checked once, not at every call that posts it again.

Checking a client's state (`engine._validated`: the framework's fields, the game's `check`, the
integers) is most of what a stateless call costs for a game with a deep check (Plot Twist's replays
Setup and bounds every counter). Its answer is a function of the state's content alone, so it may
be remembered by content: a state whose content is exactly that of a state known valid is valid.

"Exactly" is what makes this safe, and it is a question of the state as JSON: the key (`digest`) is
a SHA-256 hash of the state's serialization, taken only of a state made of JSON's own types (dict with str
keys, list, str, int within JavaScript's safe integers, bool, None: `_plain`, exact types, no
subclass, no tuple, no float); any other state gets no key and is checked in full. Two plain states
with the same serialization are equal with equal types all the way down (dict keys in the same
order, even), so the check would answer the same for both.

What is known valid (`remember`): a state the full check accepted, and only that. A state the
engine made is not remembered when it makes it: it is checked in full the first time it is posted
(the conformance suite posts every state it plays, and that full check is its guard against an
engine that makes an invalid state). What this saves is the checks of a state posted again: a
table's seats viewing the same state, a bot asked for its move, then the move applied.
Only passes are remembered: a state the check refuses is checked again, in full, every time it is
posted. The key is taken from the state as it was checked, so a caller that changes it in place
afterwards posts a state with another key. The memory is bounded (`SIZE` keys, the oldest forgotten
first), holds hashes and games only (never a state), and is never part of any state, view or event:
no wire byte depends on it.

A game opts in (`Game.check_once = True`) when its check is dear beside the key (Plot Twist's: ~400 us
a state against ~60 us for the key); for a game whose whole check costs about what the key does
(Shufflers, The Big Shuffle, Showbiz Shuffle: 80-150 us an untrusted apply), the key would only add
to the first post of every state.
"""

from hashlib import sha256

try:  # the fast serializer where it is installed (a dependency of the API); else Python's own `repr`
    from orjson import dumps as _dumps
except ImportError:  # pragma: no cover - the pure-Python path
    _dumps = None

from .budget import plain_json as _plain

SIZE = 4096
_KNOWN: dict = {}  # digest -> the Game whose check accepted it (a game registered again is checked again)


def _key(state: dict) -> bytes | None:
    try:
        text = _dumps(state) if _dumps is not None else repr(state).encode("utf-8", "surrogatepass")
    except (TypeError, ValueError):  # a lone surrogate, say: no key, the full check
        return None
    return sha256(text).digest()


def digest(state: dict) -> bytes | None:
    """The key of a plain state (`_plain`), None for any other."""
    return _key(state) if _plain(state) else None


def known(game, key: bytes | None) -> bool:
    """Was a state with this key remembered as a valid state of `game`?"""
    return key is not None and _KNOWN.get(key) is game


def remember(game, key: bytes | None) -> None:
    """Remember the state whose `digest` is `key` as a valid state of `game`: only after the full check
    accepted it (see the module's docstring)."""
    if key is None:
        return
    _KNOWN[key] = game
    if len(_KNOWN) > SIZE:
        try:
            del _KNOWN[next(iter(_KNOWN))]
        except (KeyError, RuntimeError, StopIteration):  # another thread forgot it first
            pass


def forget() -> None:
    """Forget every state (for tests that count the full checks)."""
    _KNOWN.clear()
