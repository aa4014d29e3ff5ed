"""Flask's JSON provider backed by orjson: about five times faster than the stdlib on a game state.

JSON has one kind of number: `2.0` and `2` are the same value, and JSON Schema calls both an
integer. So a request's whole floats (up to 2^53) are read as integers: `{"player": 2.0}` is
seat 2, exactly as the spec promises. A float with a fraction stays a float (and is refused
where an integer is wanted).

Request bodies are measured before they are parsed (`request_loads`): a cheap byte scan counts
the brackets outside strings, and a body with more containers (objects and arrays) or a deeper
nesting than any request of any game needs is refused (413 `too_complex`) before orjson builds
a single object. The largest real request, a late Plot Twist state, holds about 200 containers
nested 9 deep; the bounds are 50 and 3 times that. Past them, a 1 MiB body of tiny containers
cost about 1 s of CPU to parse and convert; within them, any 1 MiB body parses in a few ms.
"""

from __future__ import annotations

import gc
import re
import threading
from itertools import accumulate

import orjson
from flask.json.provider import JSONProvider

MAX_CONTAINERS = 10_000  # objects + arrays in one request body
MAX_DEPTH = 32  # nesting of objects and arrays in one request body
_EXACT = 2**53
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')  # a JSON string (unrolled: no backtracking per char)
_FLOAT = re.compile(rb"[0-9][.eE]")  # a float token, once strings are blanked out
_BRACKET = re.compile(rb"[\[\]{}]")


class TooComplex(ValueError):
    """The body nests deeper or holds more containers than any request needs."""


def shape(raw: bytes) -> tuple[int, int, bool]:
    """(containers, depth, has_float) of a JSON text, counted outside strings, without parsing it.

    >>> shape(b'{"a": [1.5, "[{"], "b": {}}')
    (3, 2, True)
    >>> shape(b'["1.5", "\\\\"[", 2]')
    (1, 1, False)
    """
    bare = _STRING.sub(b'""', raw)
    opened = bare.count(b"[") + bare.count(b"{")
    closed = bare.count(b"]") + bare.count(b"}")
    if max(opened, closed) > MAX_CONTAINERS:
        return max(opened, closed), 0, False  # too many to walk: the depth is not needed any more
    steps = (1 if b in b"[{" else -1 for b in _BRACKET.findall(bare))
    depth = max(accumulate(steps, initial=0))
    return opened, depth, _FLOAT.search(bare) is not None


def check_shape(raw: bytes) -> bool:
    """Raise TooComplex past the bounds; else whether the body holds a float token."""
    containers, depth, has_float = shape(raw)
    if containers > MAX_CONTAINERS:
        raise TooComplex(f"The body holds {containers} objects and arrays (counting brackets); a request needs at most "
                         f"{MAX_CONTAINERS}.")
    if depth > MAX_DEPTH:
        raise TooComplex(f"The body nests {depth} objects and arrays deep; a request needs at most {MAX_DEPTH}.")
    return has_float


class _GcPause:
    """The cyclic GC off during a parse (orjson's fresh objects hold no cycles, yet every 700
    allocations would start a generation-0 pass over them), on again when the last of the
    parses that overlap in this process's threads ends."""

    def __init__(self):
        self._lock, self._holders, self._resume = threading.Lock(), 0, False

    def __enter__(self):
        with self._lock:
            if self._holders == 0:
                self._resume = gc.isenabled()
                gc.disable()
            self._holders += 1

    def __exit__(self, *exc):
        with self._lock:
            self._holders -= 1
            if self._holders == 0 and self._resume:
                gc.enable()


_no_gc = _GcPause()


def request_loads(raw: bytes):
    """A request body: bounded first (TooComplex), then parsed; whole floats read as integers."""
    has_float = check_shape(raw)
    data = _parse(raw)
    return _whole(data) if has_float else data


def _parse(raw: bytes):
    with _no_gc:
        return orjson.loads(raw)


def _whole_number(value: float):
    return int(value) if value.is_integer() and -_EXACT <= value <= _EXACT else value


def _whole(data):
    """Whole floats as integers, changed in place: only the containers that hold a float are written."""
    if type(data) is float:
        return _whole_number(data)
    stack = [data] if type(data) in (dict, list) else []
    while stack:
        node = stack.pop()
        for key, value in (node.items() if type(node) is dict else enumerate(node)):
            if type(value) is float:
                node[key] = _whole_number(value)
            elif type(value) is dict or type(value) is list:
                stack.append(value)
    return data


class OrjsonProvider(JSONProvider):
    """`app.json`: request bodies, responses and the OpenAPI document all go through it."""

    def dumps(self, obj, *, indent=None, sort_keys=False, **kwargs) -> str:
        return self._dump(obj, indent, sort_keys).decode()

    def loads(self, s, **kwargs):
        raw = s if isinstance(s, (bytes, bytearray)) else s.encode()
        data = orjson.loads(raw)
        return _whole(data) if _FLOAT.search(_STRING.sub(b'""', raw)) else data

    def response(self, *args, **kwargs):
        # Bytes straight into the response: no str round trip on the hot path.
        obj = self._prepare_response_obj(args, kwargs)
        return self._app.response_class(self._dump(obj), mimetype="application/json")

    @staticmethod
    def _dump(obj, indent=None, sort_keys=False) -> bytes:
        option = (orjson.OPT_INDENT_2 if indent else 0) | (orjson.OPT_SORT_KEYS if sort_keys else 0)
        return orjson.dumps(obj, option=option)
