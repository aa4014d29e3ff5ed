"""Bounded work: no number a client controls makes a request expensive or crash.

The property: take states of real games of every game and mode, set any one integer of the
state to a huge or negative value, and post it to /apply (with a listed option) and /view.
The answer is a 4xx, or a 200 whose body stays small and whose events stay within the
engine's work budget; never a 500. (Time is not asserted here: `bench/hostile.py` measures
the slowest answer of the same mutations.)

Reproduced first: a Big Shuffle state whose queued `draw` has `amount: 10**6` answered 47 MB
(10**12 ran the worker out of memory), and a `version` of 2**64 - 1 answered 500.
"""

import copy
import functools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from state_paths import int_paths, played_states, with_value

import core
from core.framework.budget import MAX_EVENTS
from core.framework.rng import Rng

MAX_BODY = 2 * 1024 * 1024
HUGE = [2**53, 2**53 + 1, 2**63 - 1, 2**64 - 1, 10**12, 10**6, 10**4, -1, -(2**53), -(2**63), -(10**12)]

# Every table each registered game asks to be played (`Game.sample_setups`): all its modes and option sets.
CONFIGS = [(game.id, setup.players, setup.options) for game in core.all_games() for setup in game.sample_setups()]


def _sample_states(game, players, options, seed, every=7):
    """States of one random game: every few moves (the last is the one before the end)."""
    return played_states(game, players, options, seed, every)[0]


@functools.cache
def states() -> list[dict]:
    """The sampled states, played when a test first asks (not at collection, in every pytest worker)."""
    return [s for i, (game, players, options) in enumerate(CONFIGS)
            for s in _sample_states(game, players, options, seed=100 + i)]


@st.composite
def mutated(draw):
    state = draw(st.sampled_from(states()))
    paths = list(int_paths(state))
    path = draw(st.sampled_from(paths))
    return state, path, draw(st.sampled_from(HUGE))


def _first_option(state):
    pending = core.decisions(state, trusted=True)
    return pending[0]["options"][0] if pending else {"player": 0, "kind": "pass"}


def test_the_samples_reach_every_game():
    assert {s["game"] for s in states()} == {game for game, _, _ in CONFIGS}
    assert sum(len(list(int_paths(s))) for s in states()) > 1000


@settings(max_examples=1500, deadline=None, suppress_health_check=list(HealthCheck))
@given(case=mutated())
def test_a_huge_or_negative_number_in_a_state_is_refused_or_bounded(client, case):
    state, path, value = case
    move = _first_option(state)
    bad = with_value(state, path, value)
    game = state["game"]
    for url, body in ((f"/v1/games/{game}/apply", {"state": bad, "move": move}),
                      (f"/v1/games/{game}/view", {"state": bad, "player": 0})):
        response = client.post(url, json=body)
        where = f"{url} with {'.'.join(map(str, path))} = {value}"
        assert response.status_code < 500, f"{where}: {response.status_code} {response.get_data()[:300]!r}"
        assert len(response.get_data()) <= MAX_BODY, f"{where}: a {len(response.get_data())}-byte answer"
        if response.status_code == 200 and "events" in response.get_json():
            assert len(response.get_json()["events"]) <= MAX_EVENTS, where


@st.composite
def unsafe_integer(draw):
    state = draw(st.sampled_from(states()))
    return state, draw(st.sampled_from(list(int_paths(state)))), draw(st.sampled_from([2**53 + 1, -(2**63), True]))


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(case=unsafe_integer())
def test_any_state_integer_beyond_2_53_or_a_boolean_is_invalid_state(client, case):
    """Was: Showbiz Shuffle took `seats[i].completed[j].points` of 2**53 + 1 and -2**63, Plot Twist
    took `choice.seat: true` (tests/core/test_state_integers.py walks every integer of each game)."""
    state, path, value = case
    response = client.post(f"/v1/games/{state['game']}/view", json={"state": with_value(state, path, value), "player": 0})
    assert (response.status_code, response.get_json()["code"]) == (422, "invalid_state"), \
        f"{'.'.join(map(str, path))} = {value!r}: {response.get_json()}"


@pytest.mark.parametrize("game,players,options", CONFIGS)
def test_a_state_number_beyond_javascript_integers_is_invalid_state(client, game, players, options):
    """Integers beyond 2**53 lose their value in JavaScript clients: no state may carry one."""
    state = core.new_game(game, players, options, seed=5).state
    bad = with_value(state, ("version",), 2**53)
    response = client.post(f"/v1/games/{game}/view", json={"state": bad, "player": 0})
    assert response.status_code == 422 and response.get_json()["code"] == "invalid_state"


def test_a_version_at_the_64_bit_limit_is_refused_not_a_500(client):
    state = core.new_game("shufflers", 1, {}, seed=3).state
    bad = with_value(state, ("version",), 2**64 - 1)
    response = client.post("/v1/games/shufflers/apply", json={"state": bad, "move": _first_option(state)})
    assert response.status_code == 422, response.get_json()
    assert response.get_json()["code"] == "invalid_state"


def _big_shuffle_with_queued_draw(amount):
    """A Big Shuffle main step where seat 0 must draw `amount` cards, with both noir piles empty."""
    rng = Rng.from_seed("draw")
    step = core.new_game("big-shuffle", 3, {}, 4)
    while not (step.state["turn"]["step"] == "main" and not step.state["queue"] and step.state["attempt"] is None):
        options = [o for d in step.pending for o in d["options"]]
        step = step.play(options[rng.below(len(options))])
    state = copy.deepcopy(step.state)
    state["seats"][0]["hand"] += state["noir"]["deck"] + state["noir"]["discard"]
    state["noir"]["deck"], state["noir"]["discard"] = [], []
    state["queue"] = [{"do": "draw", "player": 0, "amount": amount, "source": "turn"}, *state["queue"]]
    return state


def test_a_queued_draw_of_more_cards_than_the_game_has_is_invalid_state(client):
    """Was: amount 10**6 answered 47 MB of `deck_empty` events; 10**12 ran the worker out of memory."""
    state = _big_shuffle_with_queued_draw(10**6)
    response = client.post("/v1/games/big-shuffle/view", json={"state": state, "player": 0})
    assert response.status_code == 422 and response.get_json()["code"] == "invalid_state"
    assert "draws 1 to" in response.get_json()["message"]


def test_the_largest_queued_draw_a_state_may_hold_stays_small(client):
    from core.games.big_shuffle.integrity import NUMBER_LIMIT

    state = _big_shuffle_with_queued_draw(NUMBER_LIMIT)
    move = core.decisions(state)[0]["options"][0]
    response = client.post("/v1/games/big-shuffle/apply", json={"state": state, "move": move})
    assert response.status_code == 200
    assert len(response.get_json()["events"]) <= NUMBER_LIMIT + 50


def test_a_move_that_writes_more_events_than_the_budget_is_refused_as_work_limit(client, monkeypatch):
    from core.framework import budget

    step = core.new_game("shufflers", 2, {}, seed=1)
    move = step.pending[0]["options"][0]
    assert len(core.apply(step.state, move).events) > 1
    monkeypatch.setattr(budget, "MAX_EVENTS", 1)
    response = client.post("/v1/games/shufflers/apply", json={"state": step.state, "move": move})
    assert response.status_code == 422 and response.get_json()["code"] == "work_limit"
