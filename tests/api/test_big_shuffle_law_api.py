"""The Big Shuffle's expansion The Law over HTTP (docs/big-shuffle-contract.md, "The Law"): the
patrols in the state, a patrol played and moved, Not On My Watch!, The Vigilante's backing, the
catalog; and what the API answers when a move or a state does not fit the game.

Positions are built like tests/api/test_big_shuffle_api.py builds them: from a new game, by
moving cards between zones, never duplicating one.
"""

import copy

from test_big_shuffle_api import apply, at_main, give, illegal, new, take

BIG = "/v1/games/big-shuffle"
LAW = {"expansions": ["the-law"]}
LINES = ("who", "what", "where", "uptown", "midtown", "downtown")




def ok(response):
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def error(response, status, code):
    body = response.get_json()
    assert (response.status_code, body["code"]) == (status, code), body
    assert not body["message"][0].islower() and body["message"].endswith("."), body  # a sentence
    return body


def revealed(client, s, reaction):
    """Seat 1 holds `reaction`; seat 0 attempts The Title (who) to Uptown: seat 1 is asked at the
    revealed moment."""
    give(s, 1, reaction)
    after = ok(apply(client, s, {"player": 0, "kind": "attempt", "scene": "title/who", "to": "uptown"}))
    assert [(d["player"], d["kind"]) for d in after["pending"]] == [(1, "react")], after["pending"]
    assert after["state"]["attempt"]["step"] == "revealed"
    return after


# --- The state -----------------------------------------------------------------------------------
def test_a_law_game_has_patrols_and_protected_in_its_state_and_views(client):
    step = new(client, **LAW)
    s = step["state"]
    assert s["options"]["expansions"] == ["the-law"]
    assert s["patrols"] == dict.fromkeys(LINES) and s["protected"] == []
    for seat in (None, 0, 1):  # public: every seat and a spectator see them
        seen = ok(client.post(f"{BIG}/view", json={"state": s, "player": seat}))["view"]
        assert seen["patrols"] == s["patrols"] and seen["protected"] == []


def test_a_base_game_has_neither_field(client):
    s = new(client)["state"]
    assert "patrols" not in s and "protected" not in s


# --- Playing a patrol ----------------------------------------------------------------------------
def test_a_patrol_from_a_real_hand_is_offered_on_the_six_lines_and_played(client):
    # seed 1: The Governor's opening hand holds The Feds
    step = new(client, **LAW)
    s = step["state"]
    assert "noir/feds" in s["seats"][0]["hand"]
    lines = [o["line"] for o in step["pending"][0]["options"] if o.get("card") == "noir/feds"]
    assert lines == list(LINES)
    after = ok(apply(client, s, {"player": 0, "kind": "play", "card": "noir/feds", "line": "where"}))
    assert after["state"]["patrols"] == {**dict.fromkeys(LINES), "where": "noir/feds"}
    assert "noir/feds" not in after["state"]["seats"][0]["hand"]
    assert after["events"][0] == {"type": "patrol_played", "player": 0, "card": "noir/feds", "line": "where",
                                  "replaced": None}
    assert after["state"]["turn"]["player"] == 1  # it was the one card of the turn


def test_a_patrol_on_a_taken_line_replaces_the_one_there(client):
    s = at_main(client, **LAW)
    s["patrols"]["uptown"] = take(s, "noir/traffic-cops")
    give(s, 0, "noir/vice-squad")
    after = ok(apply(client, s, {"player": 0, "kind": "play", "card": "noir/vice-squad", "line": "uptown"}))
    assert after["state"]["patrols"]["uptown"] == "noir/vice-squad"
    assert after["state"]["noir"]["discard"][-1] == "noir/traffic-cops"
    assert after["events"][0]["replaced"] == "noir/traffic-cops"


def test_a_patrol_on_a_line_that_does_not_exist_is_422(client):
    s = new(client, **LAW)["state"]
    body = error(apply(client, s, {"player": 0, "kind": "play", "card": "noir/feds", "line": "north"}),
                 422, "invalid_request")
    assert list(body["errors"]) == ["move.line"], body


def test_a_patrol_without_a_line_is_409_no_such_line(client):
    # well formed (`line` is optional on `play`: loot and actions have none), so the engine answers
    s = new(client, **LAW)["state"]
    illegal(apply(client, s, {"player": 0, "kind": "play", "card": "noir/feds"}), "no_such_line")


def test_a_patrol_in_a_base_game_is_409_needs_the_law(client):
    s = new(client)["state"]
    illegal(apply(client, s, {"player": 0, "kind": "play", "card": "noir/feds", "line": "who"}), "needs_the_law")
    illegal(apply(client, s, {"player": 0, "kind": "choose_drawer", "target": 1}), "needs_the_law")


# --- Reactions and The Vigilante -------------------------------------------------------------------
def test_an_anonymous_tip_moves_a_patrol(client):
    s = at_main(client, **LAW)
    s["patrols"]["who"] = take(s, "noir/riot-squad")
    s["patrols"]["what"] = take(s, "noir/beat-cop-1")
    after = revealed(client, s, "noir/anonymous-tip")
    options = after["pending"][0]["options"]
    tip = {"player": 1, "kind": "react", "card": "noir/anonymous-tip", "patrol": "noir/riot-squad", "line": "what"}
    assert tip in options
    state = after["state"]
    error(apply(client, state, {**tip, "line": "north"}), 422, "invalid_request")
    illegal(apply(client, state, {**tip, "line": "who"}), "patrol_already_there")
    illegal(apply(client, state, {**tip, "patrol": "noir/feds"}), "no_patrol_there")
    moved = ok(apply(client, state, tip))
    assert moved["state"]["patrols"] == {**dict.fromkeys(LINES), "what": "noir/riot-squad"}
    assert {"type": "patrol_moved", "player": 1, "card": "noir/riot-squad", "from": "who", "to": "what",
            "replaced": "noir/beat-cop-1"} in moved["events"]
    assert {"noir/beat-cop-1", "noir/anonymous-tip"} <= set(moved["state"]["noir"]["discard"])


def test_not_on_my_watch_lies_on_a_scene(client):
    s = at_main(client, **LAW)
    what = s["city"]["what"]
    top = what["midtown"].pop(0)
    what["downtown"].append(top)  # the only scene card on top of a pile (the titles top Midtown)
    scene = what["midtown"][-2]  # under The Title (what): not on top
    after = revealed(client, s, "noir/not-on-my-watch")
    assert [o.get("scene") for o in after["pending"][0]["options"]] == [top, None]  # or decline
    react = {"player": 1, "kind": "react", "card": "noir/not-on-my-watch"}
    error(apply(client, after["state"], {**react, "scene": "title/what"}), 422, "invalid_request")  # no scene card
    illegal(apply(client, after["state"], {**react, "scene": scene}), "top_scene_only")
    protected = ok(apply(client, after["state"], {**react, "scene": top}))
    assert protected["state"]["protected"] == [{"scene": top, "card": "noir/not-on-my-watch", "player": 1}]
    assert {"type": "scene_protected", "player": 1, "scene": top, "card": "noir/not-on-my-watch"} \
        in protected["events"]


def test_the_vigilante_backs_another_characters_scene_change(client):
    s = at_main(client, characters=("governor", "vigilante"), **LAW)
    after = ok(apply(client, s, {"player": 0, "kind": "attempt", "scene": "title/who", "to": "uptown"}))
    assert [(d["player"], d["kind"]) for d in after["pending"]] == [(0, "hire")]
    after = ok(apply(client, after["state"], {"player": 0, "kind": "pass"}))
    back = {"player": 1, "kind": "hire", "card": "character/vigilante", "side": "for"}
    assert after["pending"][0]["options"] == [back, {"player": 1, "kind": "pass"}]
    error(apply(client, after["state"], {**back, "card": "character/governor"}), 422, "invalid_request")
    backed = ok(apply(client, after["state"], back))
    assert backed["events"][0] == {"type": "goon_hired", "player": 1, "card": "character/vigilante", "side": "for"}
    # seed 1: seat 1's informant is The Philanthropist, who draws when his character hires, backing too
    assert backed["state"]["seats"][1]["informant"] == "informant/philanthropist"
    assert backed["events"][1]["type"] == "card_drawn" and backed["events"][1]["player"] == 1
    a = backed["state"]["attempt"]
    assert a["goons"] == [{"seat": 1, "card": "character/vigilante", "side": "for"}]
    assert (a["step"], a["hirer"]) == ("hire", 1) and back not in backed["pending"][0]["options"]
    illegal(apply(client, backed["state"], back), "support_once")  # once per scene change


def test_the_vigilante_never_backs_his_own_scene_change(client):
    s = at_main(client, characters=("vigilante", "governor"), **LAW)  # no start of turn ability either
    after = ok(apply(client, s, {"player": 0, "kind": "attempt", "scene": "title/who", "to": "uptown"}))
    assert after["pending"][0]["options"] == [{"player": 0, "kind": "pass"}]
    illegal(apply(client, after["state"], {"player": 0, "kind": "hire", "card": "character/vigilante", "side": "for"}),
            "support_others_only")


# --- Options, the catalog, states that do not fit ------------------------------------------------
def test_the_vigilante_in_a_base_game_is_422_invalid_options(client):
    body = {"players": 2, "seed": 1, "options": {"characters": ["character/vigilante", "character/governor"]}}
    error(client.post(f"{BIG}/new", json=body), 422, "invalid_options")
    body["options"].update(LAW)
    assert client.post(f"{BIG}/new", json=body).status_code == 200


def test_the_catalog_serves_the_28_cards_of_the_law(client):
    response = client.get(f"{BIG}/cards")
    assert response.status_code == 200
    cards = response.get_json()["cards"]
    law = [c for c in cards if "expansion" in c]
    assert len(law) == 28 and {c["expansion"] for c in law} == {"the-law"}
    assert sum(c["type"] == "patrol" for c in law) == 9
    assert {"character/vigilante", "informant/philanthropist", "noir/feds", "noir/not-on-my-watch",
            "noir/anonymous-tip", "noir/cruiser", "noir/wheelman"} <= {c["id"] for c in law}


def test_a_base_game_state_with_patrols_is_422_invalid_state(client):
    s = new(client)["state"]
    for extra in ({"patrols": dict.fromkeys(LINES)}, {"protected": []},
                  {"patrols": dict.fromkeys(LINES), "protected": []}):
        error(apply(client, {**s, **extra}, {"player": 0, "kind": "end_turn"}), 422, "invalid_state")
        error(client.post(f"{BIG}/view", json={"state": {**s, **extra}, "player": 0}), 422, "invalid_state")


def test_a_law_state_without_its_fields_or_with_a_base_card_on_a_line_is_422_invalid_state(client):
    s = new(client, **LAW)["state"]
    missing = {k: v for k, v in s.items() if k != "patrols"}
    error(apply(client, missing, {"player": 0, "kind": "end_turn"}), 422, "invalid_state")
    wrong = copy.deepcopy(s)
    wrong["patrols"]["who"] = take(wrong, "noir/thug-1")  # a goon is no patrol
    body = error(apply(client, wrong, {"player": 0, "kind": "end_turn"}), 422, "invalid_state")
    assert list(body["errors"]) == ["patrols.who"], body


def test_a_law_card_in_a_base_game_state_is_422_invalid_state(client):
    s = copy.deepcopy(new(client)["state"])
    s["noir"]["deck"].append("noir/feds")
    error(apply(client, s, {"player": 0, "kind": "end_turn"}), 422, "invalid_state")
