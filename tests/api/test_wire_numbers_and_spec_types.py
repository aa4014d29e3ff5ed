"""What generated clients and JSON Schema tools read in the spec, and get back (issue 14, item 3):
whole floats are integers, request defaults do not make fields required, the error code is an
open set."""

import orjson
import pytest

from api import create_app
from api.errors import ERRORS


@pytest.fixture
def client():
    return create_app({"TESTING": True}).test_client()


def post(client, path, raw: bytes):
    return client.post(path, data=raw, content_type="application/json")


def test_a_whole_float_is_the_integer_json_schema_says_it_is(client):
    started = client.post("/v1/games/shufflers/new", json={"players": 2, "seed": 3}).get_json()
    state, move = started["state"], started["pending"][0]["options"][0]
    as_float = orjson.dumps({"state": state, "move": {**move, "player": float(move["player"])}})
    assert b'"player":%d.0' % move["player"] in as_float
    assert post(client, "/v1/games/shufflers/apply", as_float).get_json() == \
        client.post("/v1/games/shufflers/apply", json={"state": state, "move": move}).get_json()
    view = post(client, "/v1/games/shufflers/view", b'{"state":' + orjson.dumps(state) + b',"player":1.0}')
    assert view.status_code == 200
    assert post(client, "/v1/games/shufflers/new", b'{"players":2.0,"seed":3}').get_json() == started
    assert post(client, "/v1/games/shufflers/new", b'{"players":2e0,"seed":3}').get_json() == started


@pytest.mark.parametrize("number", [b"1.5", b"1e300", b"-0.5"])
def test_a_float_that_is_no_exact_integer_is_still_refused(client, number):
    state = client.post("/v1/games/shufflers/new", json={"players": 2, "seed": 3}).get_json()["state"]
    r = post(client, "/v1/games/shufflers/view", b'{"state":' + orjson.dumps(state) + b',"player":' + number + b"}")
    assert r.status_code == 422


def test_request_options_state_their_default_without_a_default_keyword(client):
    spec = client.get("/openapi.json").get_json()
    for name, schema in spec["components"]["schemas"].items():
        if name.endswith("Options") and "properties" in schema:
            for field, prop in schema["properties"].items():
                assert "default" not in prop, (name, field)
                assert "Default: `" in prop["description"], (name, field)
                if not name.endswith("StateOptions"):  # in a request, every option is optional
                    assert field not in schema.get("required", [])


def test_the_error_code_is_an_open_set_with_the_known_codes_listed(client):
    error = client.get("/openapi.json").get_json()["components"]["schemas"]["Error"]
    code = error["properties"]["code"]
    assert "enum" not in code and code["type"] == "string"
    assert all(f"`{known}`" in code["description"] for known in ERRORS)
    assert "rule" in error["properties"]
