"""Bounded parsing: no body up to MAX_CONTENT_LENGTH costs more than a small request, whatever its shape.

Reproduced first (issue 28, item 2): one 1 MiB body of tiny containers with one float,
`{"state":{},"move":{},"x":[1.5,[[]],[[]],...]}`, took about 3 s of CPU on any JSON endpoint
before the schema refused it: orjson built ~260,000 lists, then the float pass rebuilt them all.
Now the body is measured by a byte scan first and refused (413 `too_complex`) before anything is
parsed. Time is not asserted here: the tests count the work done (parses, float passes);
`bench/hostile.py` prints the slowest shape's CPU time beside a small valid body's.
"""

import gc

import orjson
import pytest

import api.json as api_json
import core
from api.json import (
    MAX_CONTAINERS,
    MAX_DEPTH,
    TooComplex,
    check_shape,
    request_loads,
    shape,
)
from core.framework.rng import Rng

MIB = 1024 * 1024 - 256  # under MAX_CONTAINERS' 1 MiB body limit, with room for the wrapper


def _filled(prefix: str, unit: str, suffix: str) -> bytes:
    return (prefix + unit * ((MIB - len(prefix) - len(suffix)) // len(unit)) + suffix).encode()


def hostile_shapes() -> dict[str, bytes]:
    """1 MiB bodies of every cheap-to-send, costly-to-parse shape (bench/hostile.py times them)."""
    return {
        "tiny containers with one float": _filled('{"state":{},"move":{},"x":[1.5', ",[[]]", "]}"),
        "tiny containers": _filled('{"state":{},"move":{},"x":[0', ",[[]]", "]}"),
        "empty objects": _filled('{"state":{},"move":{},"x":[0', ",{}", "]}"),
        "nested a thousand deep": ('{"state":{},"move":' + "[" * 1000 + "]" * 1000 + "}").encode(),
        "unbalanced closers": _filled('{"state":{},"move":{},"x":[0', "]", "]}"),
    }


def bounded_shapes() -> dict[str, bytes]:
    """1 MiB bodies within the bounds: parsed, then refused by the schema (bench/hostile.py times them)."""
    return {
        "integers": _filled('{"state":{},"move":{},"x":[0', ",0", "]}"),
        "whole floats": _filled('{"state":{},"move":{},"x":[0', ",2.0", "]}"),
        "short strings": _filled('{"state":{},"move":{},"x":["a"', ',"a"', "]}"),
        "strings of brackets": _filled('{"state":{},"move":{},"x":["', "[{", '"]}'),
    }


ENDPOINTS = ["/v1/games/shufflers/apply", "/v1/games/shufflers/view", "/v1/games/shufflers/new",
             "/v1/games/plot-twist/sealed/apply", "/v1/tables"]


@pytest.fixture
def work(monkeypatch):
    """Counts of the expensive steps: full parses (orjson) and float passes."""
    counts = {"parse": 0, "whole": 0}
    parse, whole = api_json._parse, api_json._whole

    def counted_parse(raw):
        counts["parse"] += 1
        return parse(raw)

    def counted_whole(data):
        counts["whole"] += 1
        return whole(data)

    monkeypatch.setattr(api_json, "_parse", counted_parse)
    monkeypatch.setattr(api_json, "_whole", counted_whole)
    return counts


@pytest.mark.parametrize("name", list(hostile_shapes()))
@pytest.mark.parametrize("path", ENDPOINTS)
def test_a_megabyte_of_tiny_containers_is_refused_as_too_complex_before_it_is_parsed(client, work, name, path):
    r = client.post(path, data=hostile_shapes()[name], content_type="application/json")
    assert r.status_code == 413
    assert r.get_json()["code"] == "too_complex"
    assert str(MAX_CONTAINERS) in r.get_json()["message"] or str(MAX_DEPTH) in r.get_json()["message"]
    assert work == {"parse": 0, "whole": 0}


def test_a_table_move_of_tiny_containers_is_refused_as_too_complex(client, work):
    created = client.post("/v1/tables", json={"game": "shufflers", "players": 1, "seed": 1}).get_json()
    r = client.post(f"/v1/tables/{created['table_id']}/moves", data=hostile_shapes()["tiny containers"],
                    content_type="application/json",
                    headers={"Authorization": f"Bearer {created['seats'][0]['token']}", "If-Match": "*"})
    assert (r.status_code, r.get_json()["code"]) == (413, "too_complex")
    assert work["parse"] == 1  # the creation's body only


@pytest.mark.parametrize("name", list(bounded_shapes()))
def test_a_megabyte_within_the_bounds_is_parsed_and_refused_by_the_schema(client, work, name):
    r = client.post("/v1/games/shufflers/apply", data=bounded_shapes()[name], content_type="application/json")
    assert (r.status_code, r.get_json()["code"]) == (422, "invalid_request")
    assert work["parse"] == 1


def test_the_float_pass_runs_only_when_a_float_stands_outside_strings(client, work):
    state = core.new_game("shufflers", 1, None, 1).state
    step = client.post("/v1/games/shufflers/apply",
                       json={"state": {**state, "note": "v1.5e3"}, "move": {"player": 0, "kind": "draw"}})
    assert step.status_code == 422  # the extra field, not a float
    assert work == {"parse": 1, "whole": 0}
    r = client.post("/v1/games/shufflers/view", data=orjson.dumps({"state": state, "player": 0.0}),
                    content_type="application/json")
    assert r.status_code == 200  # 0.0 is seat 0
    assert work == {"parse": 2, "whole": 1}


# --- the scan counts what orjson would build, and nothing in strings --------------------------------
@pytest.mark.parametrize("text, containers, depth, has_float", [
    (b'{}', 1, 1, False),
    (b'[[], {}, [[{}]]]', 6, 4, False),
    (b'{"a": "[[[{{{", "b": [1]}', 2, 2, False),
    (b'["\\"[", "\\\\", [2]]', 2, 2, False),  # an escaped quote does not end the string; "\\" does
    (b'["1.5", "2e3", 7]', 1, 1, False),
    (b'[1.5]', 1, 1, True),
    (b'[1e5]', 1, 1, True),
    (b'{"k[": {"v]": [0.25]}}', 3, 3, True),
    (b'"just a string"', 0, 0, False),
    (b'12', 0, 0, False),
])
def test_the_scan_counts_containers_and_depth_outside_strings(text, containers, depth, has_float):
    assert shape(text) == (containers, depth, has_float)
    assert containers == _built(orjson.loads(text))


def _built(value) -> int:
    if isinstance(value, dict):
        return 1 + sum(map(_built, value.values()))
    if isinstance(value, list):
        return 1 + sum(map(_built, value))
    return 0


def test_the_bounds_are_exact():
    at_depth = b"[" * MAX_DEPTH + b"]" * MAX_DEPTH
    assert check_shape(at_depth) is False
    with pytest.raises(TooComplex):
        check_shape(b"[" + at_depth + b"]")
    many = b"[" + b",".join([b"[]"] * (MAX_CONTAINERS - 1)) + b"]"
    assert check_shape(many) is False
    with pytest.raises(TooComplex):
        check_shape(b"[[]," + many[1:])


def test_every_state_of_real_games_is_far_within_the_bounds():
    """The bounds leave room: the largest request of seeded games of every game and mode (a state
    and a move) is under a tenth of them."""
    largest = (0, 0)
    for game in core.all_games():
        for n, setup in enumerate(game.sample_setups()):
            rng, step = Rng.from_seed(f"bounds:{n}"), core.new_game(game.id, setup.players, setup.options, n)
            for _ in range(400):
                options = [o for d in step.pending for o in d["options"]]
                if step.outcome is not None or not options:
                    break
                move = options[rng.below(len(options))]
                containers, depth, _ = shape(orjson.dumps({"state": step.state, "move": move}))
                largest = max(largest[0], containers), max(largest[1], depth)
                step = step.play(move)
    assert largest[0] * 10 <= MAX_CONTAINERS and largest[1] * 3 <= MAX_DEPTH, largest


def test_whole_floats_become_integers_in_place_at_any_depth():
    data = request_loads(b'{"a": [1.0, {"b": 2.5, "c": [3.0, -0.0]}], "d": 1e3, "e": 9007199254740994.0}')
    assert data == {"a": [1, {"b": 2.5, "c": [3, 0]}], "d": 1000, "e": 9007199254740994.0}
    assert type(data["a"][0]) is int and type(data["e"]) is float


def test_the_gc_is_on_again_after_a_parse_and_stays_off_if_it_was_off():
    assert gc.isenabled()
    request_loads(b"[[1], [2.0]]")
    assert gc.isenabled()
    gc.disable()
    try:
        request_loads(b"[[1], [2.0]]")
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_the_examples_in_api_json_run():
    import doctest

    assert doctest.testmod(api_json).failed == 0
