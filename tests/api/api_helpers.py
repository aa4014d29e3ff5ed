"""Small helpers for the API tests: play through the HTTP client, build finished or broken states."""

import copy

import core

SHUFFLERS = "/v1/games/shufflers"


def new(client, players=1, **body):
    response = client.post(f"{SHUFFLERS}/new", json={"players": players, **body})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def apply(client, state, move):
    return client.post(f"{SHUFFLERS}/apply", json={"state": state, "move": move})


def first_option(step):
    return step["pending"][0]["options"][0]


def finished_state(players=1, options=None, seed=1):
    """A state whose game is over, played by the engine, always with the first option."""
    step = core.new_game("shufflers", players, options, seed)
    while step.outcome is None:
        step = core.apply(step.state, step.pending[0]["options"][0])
    return step.state


def altered(state, change):
    """A deep copy of `state` with `change(copy)` applied."""
    state = copy.deepcopy(state)
    change(state)
    return state
