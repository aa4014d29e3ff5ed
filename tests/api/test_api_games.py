"""Every endpoint answers what the HTTP contract (DESIGN.md) says, for a request that is right."""

import core
from api import create_app
from api_helpers import SHUFFLERS, apply, first_option, new


def test_games_lists_every_registered_game(client):
    response = client.get("/v1/games")
    assert response.status_code == 200
    assert response.get_json() == {"games": [game.info() for game in core.all_games()]}


def test_game_info_gives_players_range_and_options_with_defaults(client):
    info = client.get(SHUFFLERS).get_json()
    assert (info["id"], info["min_players"], info["max_players"]) == ("shufflers", 1, 8)
    options = {o["name"]: o for o in info["options"]}
    assert set(options) == {"collaborative", "vehicle", "sacrificial_lamb"}
    assert all(o["type"] == "boolean" and o["default"] is False and o["description"] for o in options.values())


def test_cards_is_the_whole_deck_as_data(client):
    cards = client.get(f"{SHUFFLERS}/cards").get_json()["cards"]
    assert len(cards) == 54
    assert {c["id"] for c in cards} >= {"AC", "10D", "KH", "X1", "X2"}


def test_new_game_returns_a_step_with_the_first_decision(client):
    step = new(client, players=1, seed=7)
    assert set(step) == {"state", "pending", "events", "outcome"}
    assert step["state"]["version"] == 0 and step["outcome"] is None
    assert step["pending"] == [{"player": 0, "kind": "draw", "prompt": "Seat 0: take an encounter card.",
                                "options": [{"player": 0, "kind": "draw"}], "labels": ["Draw an encounter card"]}]


def test_new_game_with_the_same_seed_is_the_same_game(client):
    assert new(client, players=3, seed="same") == new(client, players=3, seed="same")


def test_new_game_without_a_seed_is_random(client):
    decks = {tuple(new(client, players=1)["state"]["encounters"][0]["deck"]) for _ in range(3)}
    assert len(decks) == 3


def test_new_game_takes_options(client):
    step = new(client, players=3, options={"collaborative": True, "vehicle": True})
    assert step["state"]["options"] == {"collaborative": True, "vehicle": True, "sacrificial_lamb": False}
    assert len(step["state"]["encounters"]) == 1  # the decks are combined


def test_apply_plays_a_listed_option(client):
    step = new(client, players=1, seed=7)
    response = apply(client, step["state"], first_option(step))
    assert response.status_code == 200
    after = response.get_json()
    assert after == core.apply(step["state"], first_option(step)).as_dict()
    assert after["state"]["version"] == 1
    assert after["events"][0] == {"type": "card_drawn", "player": 0, "card": step["state"]["encounters"][0]["deck"][0]}


def test_view_hides_the_deck_order_and_the_rng(client):
    step = new(client, players=2, seed=3)
    response = client.post(f"{SHUFFLERS}/view", json={"state": step["state"], "player": 1})
    assert response.status_code == 200
    seen = response.get_json()
    assert set(seen) == {"view", "pending", "waiting_for", "outcome"}
    assert "rng" not in seen["view"]
    deck = seen["view"]["encounters"][0]["deck"]
    assert deck == [{"hidden": True}] * len(step["state"]["encounters"][0]["deck"])
    turn = step["state"]["turn"]
    assert seen["waiting_for"] == [turn]
    assert seen["pending"] == ([] if turn != 1 else step["pending"])


def test_spectator_view_has_no_decisions(client):
    step = new(client, players=2, seed=3)
    seen = client.post(f"{SHUFFLERS}/view", json={"state": step["state"], "player": None}).get_json()
    assert seen["pending"] == [] and seen["waiting_for"] == [step["state"]["turn"]]


def test_health_probes(client):
    for path in ("/healthz", "/readyz"):
        response = client.get(path)
        assert (response.status_code, response.get_json()) == (200, {"status": "ok"})


def test_responses_are_json_from_the_orjson_provider(app, client):
    response = client.get("/healthz")
    assert response.mimetype == "application/json"
    assert type(app.json).__name__ == "OrjsonProvider"
    assert response.data == b'{"status":"ok"}'  # orjson's compact output


def test_openapi_json_is_served(client):
    spec = client.get("/openapi.json").get_json()
    assert spec["openapi"] == "3.1.0"
    assert "/v1/games/shufflers/apply" in spec["paths"]


def test_docs_page_works_offline(client):
    page = client.get("/docs")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "http://" not in html and "https://" not in html  # no CDN
    for asset in ("swagger-ui-bundle.js", "swagger-ui-standalone-preset.js", "swagger-ui.css"):
        assert f"/docs/assets/{asset}" in html
        response = client.get(f"/docs/assets/{asset}")
        assert response.status_code == 200 and len(response.data) > 1000
        response.close()


def test_echo_is_off_by_default_and_not_in_the_spec(client):
    assert client.post("/v1/_echo", json={"a": 1}).status_code == 404
    assert not any("_echo" in path for path in client.get("/openapi.json").get_json()["paths"])


def test_echo_returns_its_body_when_enabled():
    client = create_app({"SHUFFLE_BENCH_ECHO": True}).test_client()
    body = {"state": {"a": [1, 2.5, None, True, "é"]}, "move": {}}
    response = client.post("/v1/_echo", json=body)
    assert (response.status_code, response.get_json()) == (200, body)


def test_configuration_from_the_environment(monkeypatch):
    monkeypatch.setenv("SHUFFLE_BENCH_ECHO", "1")
    monkeypatch.setenv("MAX_CONTENT_LENGTH", "100")
    client = create_app().test_client()
    assert client.post("/v1/_echo", json={"a": 1}).status_code == 200
    assert client.post("/v1/_echo", json={"a": "x" * 200}).status_code == 413


def _first_position(game: str, players: int, wanted):
    """The first position of seeded games (first option each time) where `wanted(option)` holds."""
    for seed in range(50):
        step = core.new_game(game, players, seed=seed)
        for _ in range(400):
            if step.outcome is not None:
                break
            found = next((o for d in step.pending for o in d["options"] if wanted(o)), None)
            if found is not None:
                return step, found
            options = [o for d in step.pending for o in d["options"]]
            step = step.play(options[(seed + step.state["version"]) % len(options)])
    raise AssertionError("no such position")


def test_a_set_of_cards_is_accepted_over_http_in_any_order(client):
    # issue 12: a Shufflers payment of ["2D", "4D"] is the listed ["4D", "2D"]
    step, listed = _first_position("shufflers", 1, lambda o: o["kind"] == "pay" and len(o["cards"]) >= 2)
    clicked = {**listed, "cards": listed["cards"][::-1]}
    answer = client.post(f"{SHUFFLERS}/apply", json={"state": step.state, "move": clicked})
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json() == client.post(f"{SHUFFLERS}/apply", json={"state": step.state, "move": listed}).get_json()


def test_a_showbiz_biz_card_on_a_movie_may_leave_out_bod_over_http(client):
    step, listed = _first_position("showbiz-shuffle", 2, lambda o: o["kind"] == "play_biz" and o["bod"] is None)
    short = {k: v for k, v in listed.items() if k != "bod"}
    answer = client.post("/v1/games/showbiz-shuffle/apply", json={"state": step.state, "move": short})
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["events"][0] == {"type": "biz_played", "player": listed["player"],
                                              "card": listed["card"], "seat": listed["seat"],
                                              "movie": listed["movie"], "bod": None}
