"""Sealed games of every game and option set played to the end over HTTP (the app's test client):
a seat against bots, and pass-and-play. At every answer, what the holder sees is exactly the
engine's view for that seat of the state inside the seal, and the answer holds no RNG state."""

import orjson
import pytest

import core
from core.framework.rng import Rng

from test_engine_conformance import OPTION_SETS, _pick

KEY = "c:" + "Y29uZm9ybWFuY2UtY29uZm9ybWFuY2UtY29uZm9ybWE"  # 32 bytes, base64url


def _cases():
    for game in core.all_games():
        for case_id, players, options, _ in OPTION_SETS[game.id][:3]:
            yield pytest.param(game.id, players, options, "seat", id=f"{game.id}-{case_id}-seat-vs-bots")
        case_id, players, options, _ = OPTION_SETS[game.id][0]
        yield pytest.param(game.id, players, options, "pass-and-play", id=f"{game.id}-{case_id}-pass-and-play")


@pytest.fixture(scope="module")
def sealed_app():
    from api import create_app

    return create_app({"TESTING": True, "SEAL_KEYS": KEY})


def _post(client, path, body):
    r = client.post(path, data=orjson.dumps(body), content_type="application/json")
    assert r.status_code == 200, (path, r.get_json())
    return r.get_json()


@pytest.mark.parametrize("game_id,players,options,mode", list(_cases()))
def test_a_sealed_game_to_its_end(sealed_app, game_id, players, options, mode):
    client, keys = sealed_app.test_client(), sealed_app.extensions["seal_keys"]
    base = f"/v1/games/{game_id}/sealed"
    rng = Rng.from_seed(f"sealed:{game_id}:{players}:{mode}")
    if mode == "seat":  # seat 0 is the person, the others bots
        seal = {"seat": 0, "bots": {str(s): "random" for s in range(1, players)}}
    else:  # everyone at one device; one bot when there are three seats or more
        seal = {"seat": None, "bots": {str(players - 1): "random"} if players >= 3 else {}}
    body = _post(client, f"{base}/new", {"players": players, "options": options, **seal})
    # a sealed game's seed is the server's secret, so its length is not known in advance: Big Shuffle
    # games average ~1,600 moves, pass-and-play doubles the requests, and one ran past 5,000 (2026-11-25)
    for _ in range(20000):
        inside = keys.open(game_id, body["sealed"])
        seen = core.view(inside["state"], body["seat"], trusted=True)
        assert (body["view"], body["pending"]) == (seen["view"], seen["pending"])
        assert inside["state"]["rng"].encode() not in orjson.dumps({k: v for k, v in body.items() if k != "sealed"})
        if body["outcome"] is not None:
            break
        if mode == "pass-and-play" and not body["pending"]:
            due = next(s for s in body["waiting_for"] if str(s) not in seal["bots"])
            body = _post(client, f"{base}/view", {"sealed": body["sealed"], "player": due})
            continue
        if not body["pending"]:  # bots still owe moves past the budget
            body = _post(client, f"{base}/view", {"sealed": body["sealed"]})
            continue
        move = _pick(game_id, [o for d in body["pending"] for o in d["options"]], rng, patient=True)
        body = _post(client, f"{base}/apply", {"sealed": body["sealed"], "move": move})
    assert body["outcome"] is not None
