"""POST /v1/games/{game}/bot-move: the move a bot would make, from what its seat sees only."""

import copy

import pytest

import core

BS = "/v1/games/big-shuffle"


def _post(client, game, body):
    return client.post(f"/v1/games/{game}/bot-move", json=body)


def _listed(step: dict, player: int) -> list:
    return [o for d in step["pending"] if d["player"] == player for o in d["options"]]


@pytest.mark.parametrize("game,players", [(game.id, players) for game in core.all_games()
                                          for players in sorted({max(game.min_players, 2), game.max_players})])
def test_every_bot_of_every_game_answers_a_listed_option_until_the_game_ends(client, game, players):
    step = client.post(f"/v1/games/{game}/new", json={"players": players, "seed": 3}).get_json()
    bots = client.get(f"/v1/games/{game}").get_json()["bots"]
    assert "random" in bots
    for k in range(60):
        if step["outcome"] is not None:
            break
        player = step["pending"][0]["player"]
        bot = bots[k % len(bots)]
        answer = _post(client, game, {"state": step["state"], "player": player, "bot": bot})
        assert answer.status_code == 200, answer.get_json()
        body = answer.get_json()
        assert body["bot"] == bot and body["player"] == player
        assert body["move"] in _listed(step, player)
        step = client.post(f"/v1/games/{game}/apply", json={"state": step["state"], "move": body["move"]}).get_json()


def test_big_shuffle_offers_the_heuristic_bot(client):
    assert client.get(BS).get_json()["bots"] == ["heuristic", "random"]


def test_plot_twist_offers_its_hero_and_gm_bots_and_each_answers_for_its_seat(client):
    """The GM's bot at seat 0, the Heroes' at the others: each move a listed option of that seat, the
    same as the engine's `bot_move`."""
    pt = "/v1/games/plot-twist"
    assert client.get(pt).get_json()["bots"] == ["gm", "hero", "random"]
    step = client.post(f"{pt}/new", json={"players": 3, "seed": 2, "options": {"setup": "quick"}}).get_json()
    for _ in range(40):
        if step["outcome"] is not None:
            break
        player = step["pending"][0]["player"]
        bot = "gm" if player == 0 else "hero"
        answer = _post(client, "plot-twist", {"state": step["state"], "player": player, "bot": bot})
        assert answer.status_code == 200, answer.get_json()
        body = answer.get_json()
        assert body["bot"] == bot and body["move"] in _listed(step, player)
        assert body["move"] == core.bot_move(step["state"], player, bot)
        step = client.post(f"{pt}/apply", json={"state": step["state"], "move": body["move"]}).get_json()


def test_the_same_request_gives_the_same_move_and_a_seed_changes_the_dice(client):
    step = client.post(f"{BS}/new", json={"players": 4, "seed": 11}).get_json()
    while len(_listed(step, step["pending"][0]["player"])) < 3:
        step = client.post(f"{BS}/apply", json={"state": step["state"],
                                                 "move": step["pending"][0]["options"][-1]}).get_json()
    body = {"state": step["state"], "player": step["pending"][0]["player"], "bot": "random"}
    first = _post(client, "big-shuffle", body).get_json()["move"]
    assert all(_post(client, "big-shuffle", body).get_json()["move"] == first for _ in range(3))
    seeded = {_dumps(_post(client, "big-shuffle", {**body, "seed": s}).get_json()["move"]) for s in range(12)}
    assert len(seeded) > 1


def _dumps(x) -> str:
    import json
    return json.dumps(x, sort_keys=True)


@pytest.mark.parametrize("options", [{}, {"expansions": ["the-law"]}])
def test_a_bots_move_does_not_depend_on_hidden_cards(options):
    """Property over seeded games: reorder every face-down deck (and the RNG) and the heuristic
    bot still makes the same move; it cannot have read what it cannot see."""
    for seed in range(4):
        step = core.new_game("big-shuffle", 3, options, seed)
        for _ in range(120):
            if step.outcome is not None:
                break
            player = step.pending[0]["player"]
            move = core.bot_move(step.state, player, "heuristic")
            other = copy.deepcopy(step.state)
            for pile in ("noir", "informants", "changes", "agendas"):
                other[pile]["deck"] = other[pile]["deck"][::-1]
            other["rng"] = "0123456789abcdef"
            assert core.bot_move(other, player, "heuristic") == move
            step = step.play(move)


def test_unknown_bot_is_422_unknown_bot(client):
    step = client.post(f"{BS}/new", json={"players": 2, "seed": 1}).get_json()
    answer = _post(client, "big-shuffle", {"state": step["state"], "player": 0, "bot": "deep-blue"})
    assert answer.status_code == 422 and answer.get_json()["code"] == "unknown_bot"
    assert "heuristic" in answer.get_json()["message"]


def test_a_seat_with_nothing_to_decide_is_409_not_your_turn(client):
    step = client.post(f"{BS}/new", json={"players": 3, "seed": 1}).get_json()
    idle = next(p for p in range(3) if p not in {d["player"] for d in step["pending"]})
    answer = _post(client, "big-shuffle", {"state": step["state"], "player": idle, "bot": "random"})
    assert answer.status_code == 409 and answer.get_json()["code"] == "not_your_turn"


def test_a_finished_game_is_409_game_over(client):
    step = core.new_game("big-shuffle", 2, {}, 5)
    while step.outcome is None:
        step = step.play(core.bot_move(step.state, step.pending[0]["player"], "heuristic"))
    answer = _post(client, "big-shuffle", {"state": step.state, "player": 0, "bot": "heuristic"})
    assert answer.status_code == 409 and answer.get_json()["code"] == "game_over"


def test_a_tampered_state_is_422_invalid_state_and_a_bad_seat_422(client):
    state = client.post(f"{BS}/new", json={"players": 2, "seed": 1}).get_json()["state"]
    bad = copy.deepcopy(state)
    bad["seats"][0]["hand"].append(bad["noir"]["deck"][0])  # a card twice (nothing is dealt before the choice)
    answer = _post(client, "big-shuffle", {"state": bad, "player": 0, "bot": "random"})
    assert answer.status_code == 422 and answer.get_json()["code"] == "invalid_state"
    answer = _post(client, "big-shuffle", {"state": state, "player": 7, "bot": "random"})
    assert answer.status_code == 422
