"""The framework through a game of its own: Race to Ten (tests/toy_game), a few dozen lines
that no production code knows. `core.new_game`, `core.apply`, `core.view`, the bots, every
error path, the conformance suite's checks and the API's per-game machinery all work for it
once it is registered, and nothing of it is left once it is not.
"""

import copy

import orjson
import pytest

import core
from api import create_app
from core.framework.errors import InvalidOptions
from tests.conformance.test_engine_conformance import _play_one
from tests.core.test_vocabulary import assert_speaks_only
from tests.toy_game import race_to_ten, registered

TOY = race_to_ten.GAME.id


@pytest.fixture
def toy():
    with registered() as game:
        yield game


def dumps(x) -> bytes:
    return orjson.dumps(x, option=orjson.OPT_SORT_KEYS)


def first_move(step: core.Step) -> dict:
    return step.pending[0]["options"][0]


def other_card(state: dict, seat: int) -> str:
    """A card that seat does not hold."""
    return next(c for c in race_to_ten.CARDS if c not in state["hands"][seat])


# --- registration --------------------------------------------------------------------------------
def test_registered_only_inside_the_helper():
    assert TOY not in {g.id for g in core.all_games()}
    with registered() as game:
        assert core.get_game(TOY) is game and core.all_games()[-1] is game
        with pytest.raises(ValueError, match="registered twice"):
            core.framework.registry.register(game)
    with pytest.raises(core.UnknownGame):
        core.get_game(TOY)
    with pytest.raises(core.UnknownGame):
        core.new_game(TOY, 2)


def test_info_lists_its_options_and_bots(toy):
    info = toy.info()
    assert (info["id"], info["min_players"], info["max_players"]) == (TOY, 2, 2)
    assert info["options"] == [{"name": "target", "type": "integer", "default": 10, "description": "The total that wins.",
                                "allowed": [10, 15]}]
    assert info["bots"] == ["greedy", "random"]


# --- new_game ------------------------------------------------------------------------------------
def test_new_game_deals_from_the_seed(toy):
    step = core.new_game(TOY, 2, seed=5)
    state = step.state
    assert state["game"] == TOY and state["version"] == 0 and state["options"] == {"target": 10}
    assert [len(h) for h in state["hands"]] == [2, 2] and len(state["deck"]) == 8 and state["total"] == 0
    assert [e["type"] for e in step.events] == ["dealt", "dealt"] and step.outcome is None
    assert step.pending == [{"player": 0, "kind": "play", "prompt": "Seat 0: play a card (the total is 0).",
                             "options": [{"player": 0, "kind": "play", "card": c} for c in state["hands"][0]]}]
    assert dumps(core.new_game(TOY, 2, seed=5).as_dict()) == dumps(step.as_dict())
    assert dumps(core.new_game(TOY, 2, seed=6).state) != dumps(state)
    assert core.new_game(TOY, 2, {"target": 15}, seed=5).state["options"] == {"target": 15}


@pytest.mark.parametrize("players,options", [(1, {}), (3, {}), ("2", {}), (2, {"target": 12}), (2, {"target": "10"}),
                                             (2, {"goal": 10}), (2, [])])
def test_new_game_refuses_bad_players_and_options(toy, players, options):
    with pytest.raises(InvalidOptions):
        core.new_game(TOY, players, options)


# --- apply ---------------------------------------------------------------------------------------
def test_apply_plays_a_card_draws_and_passes_the_turn(toy):
    step = core.new_game(TOY, 2, seed=1)
    before = copy.deepcopy(step.state)
    move = first_move(step)
    after = core.apply(step.state, move)
    assert step.state == before, "apply changed its input"
    assert after.state["version"] == 1 and after.state["turn"] == 1
    assert after.state["total"] == race_to_ten.value(move["card"]) and after.state["played"] == [move["card"]]
    assert [e["type"] for e in after.events] == ["played", "drew"]
    assert after.events[1]["card"] == step.state["deck"][0] and after.events[1]["card"] in after.state["hands"][0]
    assert dumps(step.play(move).as_dict()) == dumps(after.as_dict())


def test_a_game_ends_when_the_total_reaches_the_target(toy):
    step = core.new_game(TOY, 2, seed=3)
    while step.outcome is None:
        step = core.apply(step.state, first_move(step))
    winner = step.state["turn"]
    assert step.state["total"] >= 10 and step.pending == []
    assert step.outcome == {"winners": [winner], "scores": {str(winner): 1, str(1 - winner): 0},
                            "reason": "target_reached"}
    assert step.events[-1] == {"type": "game_over", "outcome": step.outcome}
    with pytest.raises(core.GameOver):
        core.apply(step.state, {"player": winner, "kind": "play", "card": "1a"})


def test_refusals_come_with_their_codes(toy):
    step = core.new_game(TOY, 2, seed=2)
    state, move = step.state, first_move(step)
    with pytest.raises(core.IllegalMove) as refused:
        core.apply(state, {**move, "card": other_card(state, 0)})
    assert refused.value.code == "illegal_move" and refused.value.rule == "card_not_in_hand"
    with pytest.raises(core.IllegalMove) as refused:
        core.apply(state, {**move, "kind": "pass"})
    assert refused.value.rule is None  # the framework's generic answer
    with pytest.raises(core.NotYourTurn):
        core.apply(state, {**move, "player": 1})
    for bad in ([move], "play", {"kind": "play", "card": move["card"]}, {**move, "player": 2}, {**move, "player": True}):
        with pytest.raises(core.InvalidMove):
            core.apply(state, bad)


@pytest.mark.parametrize("tamper", [
    lambda s: s["deck"].append(s["deck"][0]),  # a card twice
    lambda s: s["hands"][0].pop(),  # a card missing
    lambda s: s.update(total=s["total"] + 1),
    lambda s: s.update(turn=2),
    lambda s: s.update(colour="red"),
    lambda s: s.update(game="no-such-game"),
    lambda s: s.update(rng="xyz"),
    lambda s: s.update(options={"target": 11}),
])
def test_an_inconsistent_state_is_refused(toy, tamper):
    step = core.new_game(TOY, 2, seed=4)
    state = copy.deepcopy(step.state)
    tamper(state)
    with pytest.raises(core.InvalidState):
        core.apply(state, first_move(step))
    with pytest.raises(core.InvalidState):
        core.view(state, 0)


# --- views ---------------------------------------------------------------------------------------
def test_a_view_shows_a_seat_its_own_hand_only(toy):
    step = core.new_game(TOY, 2, seed=7)
    state = step.state
    mine = core.view(state, 0)
    assert mine["view"]["hands"] == [state["hands"][0], [{"hidden": True}] * 2]
    assert mine["view"]["deck"] == [{"hidden": True}] * 8 and "rng" not in mine["view"]
    assert mine["pending"][0]["labels"] == [f"Play {c} (+{c[0]})" for c in state["hands"][0]]
    assert mine["waiting_for"] == [0] and mine["outcome"] is None
    theirs = core.view(state, 1)
    assert theirs["pending"] == [] and theirs["view"]["hands"][1] == state["hands"][1]
    spectator = core.view(state, None)
    assert spectator["view"]["hands"] == [[{"hidden": True}] * 2] * 2
    with pytest.raises(core.InvalidMove):
        core.view(state, 2)


def test_events_are_redacted_per_viewer(toy):
    step = core.new_game(TOY, 2, seed=8)
    after = core.apply(step.state, first_move(step))
    drew = after.events[-1]
    assert core.view_events(after.state, after.events, 0)[-1] == drew
    assert core.view_events(after.state, after.events, 1)[-1] == {**drew, "card": {"hidden": True}}
    assert core.view_events(step.state, step.events, None) == [
        {"type": "dealt", "player": p, "cards": [{"hidden": True}] * 2} for p in (0, 1)]


# --- bots ----------------------------------------------------------------------------------------
def test_bots_choose_a_listed_move_from_their_view(toy):
    step = core.new_game(TOY, 2, seed=9)
    listed = step.pending[0]["options"]
    assert core.bot_move(step.state, 0, "random", seed=1) in listed
    greedy = core.bot_move(step.state, 0, "greedy")
    assert greedy in listed and race_to_ten.value(greedy["card"]) == max(race_to_ten.value(o["card"]) for o in listed)
    with pytest.raises(core.UnknownBot):
        core.bot_move(step.state, 0, "deep-blue")
    with pytest.raises(core.NotYourTurn):
        core.bot_move(step.state, 1, "random")


def test_bots_play_a_whole_game(toy):
    step = core.new_game(TOY, 2, seed=10)
    while step.outcome is None:
        seat = step.pending[0]["player"]
        step = core.apply(step.state, core.bot_move(step.state, seat, "greedy" if seat else "random"))
    assert step.outcome["winners"] in ([0], [1])


# --- the suites every game goes through ----------------------------------------------------------
@pytest.mark.parametrize("setup", race_to_ten.GAME.sample_setups(), ids=lambda s: s.name)
def test_the_conformance_checks_hold(toy, setup):
    for seed in range(setup.games):
        _play_one(TOY, setup.players, setup.options, seed)


def test_it_speaks_only_its_vocabulary(toy):
    assert_speaks_only(TOY, race_to_ten)


# --- the API -------------------------------------------------------------------------------------
def test_the_api_serves_it_while_registered_and_forgets_it_after():
    with registered():
        client = create_app({"TESTING": True}).test_client()
        assert TOY in [g["id"] for g in client.get("/v1/games").get_json()["games"]]
        started = client.post(f"/v1/games/{TOY}/new", json={"players": 2, "seed": 1}).get_json()
        move = started["pending"][0]["options"][0]
        applied = client.post(f"/v1/games/{TOY}/apply", json={"state": started["state"], "move": move})
        assert applied.status_code == 200 and applied.get_json()["state"]["version"] == 1
        refused = client.post(f"/v1/games/{TOY}/apply", json={"state": started["state"], "move": {
            **move, "card": other_card(started["state"], 0)}})
        assert refused.status_code == 409 and refused.get_json()["rule"] == "card_not_in_hand"
        spec = client.get("/openapi.json").get_json()
        assert f"/v1/games/{TOY}/apply" in spec["paths"] and "RaceToTenState" in spec["components"]["schemas"]
    client = create_app({"TESTING": True}).test_client()
    assert TOY not in [g["id"] for g in client.get("/v1/games").get_json()["games"]]
    assert client.get(f"/v1/games/{TOY}").status_code == 404
    spec = client.get("/openapi.json").get_data(as_text=True)
    assert TOY not in spec and "RaceToTen" not in spec


# --- the CLI -------------------------------------------------------------------------------------
def test_the_balance_command_has_a_plain_preset_for_it(toy):
    from cli.balance import presets

    preset = presets()[TOY]
    assert (preset.game, preset.players, preset.bots) == (TOY, (2,), "random")
    preset.check()
