"""Every bad input gets a 4xx with a stable code and a sentence; never a 500.

Status codes from DESIGN.md: 400 unreadable JSON, 404 unknown game or path, 405 wrong method,
409 illegal move / not your turn / game over, 413 body too large, 415 not JSON, 422 the body
fails the schema or the state is not a consistent position.
"""

import logging

import pytest
from flask import Blueprint

from api import create_app
from api.errors import ERRORS
from api_helpers import SHUFFLERS, altered, apply, finished_state, first_option, new


def assert_error(response, status, code):
    body = response.get_json()
    assert (response.status_code, body["code"]) == (status, code), body
    assert set(body) <= {"code", "message", "errors"}
    assert not body["message"][0].islower() and body["message"].endswith("."), body["message"]  # a sentence
    assert ERRORS[code][0] == status
    return body


# --- 400 / 415: unreadable bodies ---------------------------------------------------------------
@pytest.mark.parametrize("data", [b'{"players": 1', b"", b"\xff\xfe", b"{'players': 1}", b'{"players": NaN}'])
def test_unreadable_json_is_400_bad_json(client, data):
    response = client.post(f"{SHUFFLERS}/new", data=data, content_type="application/json")
    assert_error(response, 400, "bad_json")


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", None])
def test_a_body_that_is_not_sent_as_json_is_415(client, content_type):
    response = client.post(f"{SHUFFLERS}/new", data=b'{"players": 1}', content_type=content_type)
    assert_error(response, 415, "unsupported_media_type")


# --- 422 invalid_request: the body does not match the schema --------------------------------------
@pytest.mark.parametrize("body, field", [
    ({"players": "two"}, "players"),
    ({"players": 1.5}, "players"),
    ({"players": True}, "players"),
    ({"players": 0}, "players"),
    ({"players": 9}, "players"),
    ({"players": 1, "options": []}, "options"),
    ({"players": 1, "seed": 1.5}, "seed"),
    ({"players": 1, "seed": 2**63}, "seed"),
    ({"players": 1, "seed": "x" * 257}, "seed"),
])
def test_new_game_with_wrong_types_is_422_invalid_request(client, body, field):
    body = assert_error(client.post(f"{SHUFFLERS}/new", json=body), 422, "invalid_request")
    assert list(body["errors"]) == [field]


def test_a_body_that_is_not_an_object_is_422(client):
    assert_error(client.post(f"{SHUFFLERS}/new", json=[1]), 422, "invalid_request")


def test_unknown_fields_are_refused(client):
    body = assert_error(client.post(f"{SHUFFLERS}/new", json={"players": 1, "colour": "red"}), 422, "invalid_request")
    assert body["errors"] == {"colour": ["Unknown field."]}


def test_missing_fields_are_named(client):
    body = assert_error(client.post(f"{SHUFFLERS}/apply", json={"state": {}}), 422, "invalid_request")
    assert body["errors"] == {"move": ["Missing data for required field."]}


@pytest.mark.parametrize("body, field", [
    ({"state": [], "move": {}}, "state"),
    ({"state": {}, "move": "draw"}, "move"),
    ({"state": None, "move": {}}, "state"),
])
def test_apply_with_wrong_types_is_422_invalid_request(client, body, field):
    body = assert_error(client.post(f"{SHUFFLERS}/apply", json=body), 422, "invalid_request")
    assert field in body["errors"]


@pytest.mark.parametrize("player", ["0", 1.5, -1, True])  # 1.0 is seat 1: JSON has one kind of number
def test_view_with_a_wrong_viewer_type_is_422_invalid_request(client, player):
    state = new(client)["state"]
    body = assert_error(client.post(f"{SHUFFLERS}/view", json={"state": state, "player": player}),
                        422, "invalid_request")
    assert list(body["errors"]) == ["player"]


# --- 404 ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("method, path", [
    ("get", "/v1/games/chess"), ("get", "/v1/games/chess/cards"), ("post", "/v1/games/chess/new"),
])
def test_unknown_game_is_404_unknown_game(client, method, path):
    response = getattr(client, method)(path, json={"players": 1} if method == "post" else None)
    body = assert_error(response, 404, "unknown_game")
    assert "chess" in body["message"]


def test_apply_on_an_unknown_game_is_404(client):
    step = new(client)
    body = {"state": step["state"], "move": first_option(step)}
    assert_error(client.post("/v1/games/chess/apply", json=body), 404, "unknown_game")


def test_unknown_path_is_404_not_found(client):
    assert_error(client.get("/v2/games"), 404, "not_found")


def test_wrong_method_is_405_with_the_allow_header(client):
    response = client.delete(f"{SHUFFLERS}/apply")
    assert_error(response, 405, "method_not_allowed")
    assert "POST" in response.headers["Allow"]
    response = client.post("/v1/games")
    assert_error(response, 405, "method_not_allowed")
    assert "GET" in response.headers["Allow"]


# --- 422 invalid_options --------------------------------------------------------------------------
@pytest.mark.parametrize("body", [
    {"players": 1, "options": {"collaborative": True}},  # the collaborative variation needs 2 or more
    {"players": 1, "options": {"turbo": True}},
    {"players": 1, "options": {"vehicle": "yes"}},
])
def test_invalid_players_or_options_are_422_invalid_options(client, body):
    assert_error(client.post(f"{SHUFFLERS}/new", json=body), 422, "invalid_options")


# --- 422 invalid_state: not a consistent position ---------------------------------------------------
def _card_twice(s):
    s["seats"][0]["ammo"].append(s["seats"][0]["ammo"][0])


def _card_missing(s):
    s["encounters"][0]["deck"].pop()


def _foreign_card(s):
    s["seats"][0]["ammo"][0] = "ZZ"


def _seat_missing(s):
    s["seats"].pop()


def _turn_out_of_range(s):
    s["turn"] = 5


def _negative_turn(s):
    s["turn"] = -1


def _bad_rng(s):
    s["rng"] = "not hex"


def _players_disagree_with_seats(s):
    s["players"] = 3


def _unknown_field(s):
    s["cheat"] = True


@pytest.mark.parametrize("change", [_card_twice, _card_missing, _foreign_card, _seat_missing, _turn_out_of_range,
                                    _negative_turn, _bad_rng, _players_disagree_with_seats, _unknown_field])
def test_an_inconsistent_state_is_422_invalid_state(client, change):
    step = new(client, players=2, seed=5)
    state = altered(step["state"], change)
    assert_error(apply(client, state, first_option(step)), 422, "invalid_state")
    assert_error(client.post(f"{SHUFFLERS}/view", json={"state": state, "player": 0}), 422, "invalid_state")


def test_a_state_of_another_game_than_the_path_is_422_invalid_state(client):
    step = new(client)
    state = altered(step["state"], lambda s: s.update(game="big-shuffle"))
    body = assert_error(apply(client, state, first_option(step)), 422, "invalid_state")
    assert body["errors"] == {"state.game": ["must be 'shufflers'"]}


# --- 422 invalid_move / 409: moves ------------------------------------------------------------------
@pytest.mark.parametrize("move, field", [
    ({"kind": "draw"}, "move.player"),
    ({"player": False, "kind": "draw"}, "move.player"),  # False == 0 in Python: the engine alone would take it
    ({"player": 0.5, "kind": "draw"}, "move.player"),  # 0.0 would be seat 0: JSON has one kind of number
    ({"player": 0, "kind": "fly"}, "move.kind"),
    ({"player": 0, "kind": {"draw": 1}}, "move.kind"),
    ({"player": 0, "kind": "draw", "speed": 3}, "move.speed"),
])
def test_a_move_that_does_not_match_its_schema_is_422_invalid_request(client, move, field):
    step = new(client)
    body = assert_error(apply(client, step["state"], move), 422, "invalid_request")
    assert list(body["errors"]) == [field]


def test_a_viewer_seat_out_of_range_is_422_invalid_move(client):
    state = new(client, players=2)["state"]
    assert_error(client.post(f"{SHUFFLERS}/view", json={"state": state, "player": 7}), 422, "invalid_move")


def test_a_move_that_is_not_listed_is_409_illegal_move(client):
    step = new(client)
    assert_error(apply(client, step["state"], {"player": 0, "kind": "sacrifice"}), 409, "illegal_move")


def test_a_move_for_the_wrong_seat_is_409_not_your_turn(client):
    step = new(client, players=2, seed=5)
    other = 1 - step["state"]["turn"]
    assert_error(apply(client, step["state"], {"player": other, "kind": "draw"}), 409, "not_your_turn")


def test_a_move_in_a_finished_game_is_409_game_over(client):
    state = finished_state(players=1, seed=2)
    assert_error(apply(client, state, {"player": 0, "kind": "draw"}), 409, "game_over")


# --- 413 ---------------------------------------------------------------------------------------
def test_a_body_over_the_limit_is_413(client):
    huge = b'{"players": 1, "seed": "' + b"x" * (1024 * 1024) + b'"}'
    assert_error(client.post(f"{SHUFFLERS}/new", data=huge, content_type="application/json"), 413, "body_too_large")


def test_the_body_limit_is_configurable():
    client = create_app({"MAX_CONTENT_LENGTH": 200}).test_client()
    body = {"players": 1, "seed": "x" * 250}
    assert_error(client.post(f"{SHUFFLERS}/new", json=body), 413, "body_too_large")


# --- 500: the last resort ------------------------------------------------------------------------
def test_an_unexpected_exception_is_a_500_error_body_and_is_logged(caplog):
    app = create_app()
    broken = Blueprint("broken", __name__)
    broken.add_url_rule("/broken", view_func=lambda: 1 / 0)
    app.register_blueprint(broken)
    with caplog.at_level(logging.ERROR):
        response = app.test_client().get("/broken")
    assert_error(response, 500, "internal_error")
    assert "ZeroDivisionError" in caplog.text


def test_every_engine_error_code_has_a_status():
    import core

    def subclasses(cls):
        return [cls] + [s for sub in cls.__subclasses__() for s in subclasses(sub)]

    codes = {cls.code for cls in subclasses(core.EngineError) if cls is not core.EngineError}
    assert codes <= set(ERRORS)
