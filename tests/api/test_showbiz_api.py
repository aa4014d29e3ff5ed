"""Showbiz Shuffle over HTTP: its metadata and catalog, refusals that name the rule (409 with
`rule`), whole games that conform to the spec, and a table of heuristic bots."""

import sys
from pathlib import Path

import jsonschema_rs
import pytest

import core
from core.framework.rng import Rng

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))  # the position builders
from showbiz_helpers import new_state, put_movie, set_biz, set_cattle_call, set_hand  # noqa: E402

BASE = "/v1/games/showbiz-shuffle"
REF = "#/components/schemas/"


@pytest.fixture(scope="module")
def spec():
    from api import create_app

    return create_app().test_client().get("/openapi.json").get_json()


def validator(spec, name):
    return jsonschema_rs.Draft202012Validator({"$ref": REF + name, "components": spec["components"]})


def test_game_info(client):
    info = client.get(BASE).get_json()
    assert (info["id"], info["name"], info["min_players"], info["max_players"]) == \
        ("showbiz-shuffle", "Showbiz Shuffle", 2, 4)
    # one option, a simulation guard that is off by default (issue 12)
    assert [(o["name"], o["type"], o["default"]) for o in info["options"]] == [("stall_rounds", "integer", 0)]


def test_cards_are_the_catalog_and_fit_the_spec(client, spec):
    body = client.get(f"{BASE}/cards").get_json()
    validator(spec, "ShowbizShuffleCardList").validate(body)
    decks = [c["deck"] for c in body["cards"]]
    assert (decks.count("bod"), decks.count("biz"), decks.count("genre")) == (100, 43, 5)
    assert all(c["source"] == "house" for c in body["cards"] if c["deck"] != "genre")


# --- refusals: 409 illegal_move with the rule ---------------------------------------------------
def _position() -> dict:
    """Seat 0 to play: an action movie (Humphrey Bogus, Steven Spielbird) and a drama movie
    (Bette Daviss) in production, an action hand, two Biz cards, a Cattle Call with no action Bod."""
    s = new_state(2, seed=1)
    put_movie(s, 0, 0, "action", ["S03", "D03"])
    put_movie(s, 0, 1, "drama", ["S06"])
    set_hand(s, 0, ["S10", "D07", "A10", "A21", "S13"])
    set_cattle_call(s, ["S14", "A16", "S08", "A11", "D11"])
    set_biz(s, 0, ["B17", "B18"])
    core.check_state(s)
    return s


def _apply(client, state, move):
    return client.post(f"{BASE}/apply", json={"state": state, "move": move})


def _after(state, *moves):
    for move in moves:
        state = core.apply(state, move).state
    return state


def _cast(bod, source, movie):
    return {"player": 0, "kind": "cast", "bod": bod, "from": source, "movie": movie}


def _start(bod, source, genre):
    return {"player": 0, "kind": "start_movie", "bod": bod, "from": source, "genre": genre}


def _biz(card, bod):
    return {"player": 0, "kind": "play_biz", "card": card, "seat": 0, "movie": 0, "bod": bod}


SHAKE_UP = {"player": 0, "kind": "shake_up"}

CASES = [
    ("cattle_call_must_match_genre", [], _cast("S14", "cattle_call", 0)),
    ("two_hand_bods_per_turn", [_cast("S10", "hand", 0), _cast("A10", "hand", 0)], _cast("A21", "hand", 0)),
    ("one_biz_card_per_turn", [_biz("B17", "S03")], _biz("B18", "S03")),
    ("movie_starts_with_star_or_director", [], _start("A16", "cattle_call", "family")),
    ("movie_has_enough_of_that_type", [], _cast("D07", "hand", 0)),
    ("shake_up_takes_whole_turn", [SHAKE_UP], None),  # the move: a card from the new hand
    ("shake_up_or_play_not_both", [_cast("S10", "hand", 0)], SHAKE_UP),
]


@pytest.mark.parametrize("rule,before,move", CASES, ids=[c[0] for c in CASES])
def test_illegal_moves_are_409_with_the_rule(client, rule, before, move):
    state = _after(_position(), *before)
    if move is None:
        move = _cast(state["seats"][0]["hand"][0], "hand", 0)
    response = _apply(client, state, move)
    body = response.get_json()
    assert response.status_code == 409, body
    assert (body["code"], body["rule"]) == ("illegal_move", rule)
    assert body["message"].endswith(".")


def test_a_third_movie_is_409_two_movies_at_most(client):
    body = _apply(client, _position(), _start("D07", "hand", "action")).get_json()  # both slots are busy
    assert (body["code"], body["rule"]) == ("illegal_move", "two_movies_at_most")


def test_a_card_that_is_not_there_is_409_too(client):
    body = _apply(client, _position(), _cast("S40", "hand", 0)).get_json()
    assert (body["code"], body["rule"]) == ("illegal_move", "bod_not_in_hand")


def test_a_move_for_another_seat_is_not_your_turn(client):
    body = _apply(client, _position(), {"player": 1, "kind": "end_turn"}).get_json()
    assert body["code"] == "not_your_turn"


# --- whole games conform to the spec --------------------------------------------------------------
def test_whole_games_over_http_conform_to_the_spec(client, spec):
    step_schema, view_schema = validator(spec, "ShowbizShuffleStep"), validator(spec, "ShowbizShuffleViewResponse")
    kinds, events = set(), set()
    bot = core.get_game("showbiz-shuffle").bots()["heuristic"]
    for seed, players in enumerate([2, 3, 4, 2, 3, 4]):
        pick = Rng.from_seed(f"spec:{seed}")
        step = client.post(f"{BASE}/new", json={"players": players, "seed": seed}).get_json()
        n = 0
        while True:
            step_schema.validate(step)
            events |= {e["type"] for e in step["events"]}
            if n % 5 == 0 or not step["pending"]:
                for seat in [None, *range(players)]:
                    seen = client.post(f"{BASE}/view", json={"state": step["state"], "player": seat}).get_json()
                    view_schema.validate(seen)
            if not step["pending"]:
                break
            p = step["pending"][0]["player"]
            if seed < 3:  # heuristic play reaches the end game; random play tries every kind of move
                move = bot.choose(core.view(step["state"], p), pick)
            else:
                listed = [o for d in step["pending"] for o in d["options"]]
                move = listed[pick.below(len(listed))]
            kinds.add(move["kind"])
            response = client.post(f"{BASE}/apply", json={"state": step["state"], "move": move})
            assert response.status_code == 200, response.get_json()
            step = response.get_json()
            n += 1
    schemas = spec["components"]["schemas"]
    assert kinds == set(schemas["ShowbizShuffleMove"]["discriminator"]["mapping"])
    # every event but the rare ones (the Biz discard reshuffled, a movie left unfinished)
    assert events >= set(schemas["ShowbizShuffleEvent"]["discriminator"]["mapping"]) - {"movie_unfinished", "biz_reshuffled"}


def test_a_table_of_heuristic_bots_plays_to_the_end(client):
    response = client.post("/v1/tables", json={"game": "showbiz-shuffle", "players": 3, "seed": 4,
                                                "options": {"stall_rounds": 2},  # bots may never stop otherwise
                                                "bots": {"0": "heuristic", "1": "heuristic", "2": "heuristic"}})
    created = response.get_json()
    assert response.status_code == 201, created
    table = created
    for _ in range(200):  # bots move BOT_MOVES_PER_REQUEST at a time: each read lets them go on
        if table["outcome"] is not None:
            break
        table = client.get(f"/v1/tables/{created['table_id']}").get_json()
    assert table["outcome"] is not None and table["outcome"]["reason"] in ("end_game", "stalled")
    assert table["waiting_for"] == []


def test_a_human_plays_against_a_heuristic_bot(client):
    created = client.post("/v1/tables", json={"game": "showbiz-shuffle", "players": 2, "seed": 9,
                                              "bots": {"1": "heuristic"}}).get_json()
    token, table = created["seats"][0]["token"], created["table_id"]
    view = created
    for _ in range(3):
        move = {"player": 0, "kind": "end_turn"}
        response = client.post(f"/v1/tables/{table}/moves", json={"move": move},
                               headers={"Authorization": f"Bearer {token}", "If-Match": f'"{view["version"]}"'})
        assert response.status_code == 200, response.get_json()
        view = response.get_json()
        assert view["waiting_for"] == [0]  # the bot has had its turn in the same request
        assert all(c == {"hidden": True} for c in view["view"]["seats"][1]["hand"])
    assert len(view["view"]["seats"][0]["hand"]) == 5 and view["version"] > 3
