"""Every integer of every game's state is bounded, and no boolean passes for an integer.

The property: take states of seeded games of every game and mode, set any one integer of the
state to 2^53 + 1, -2^63 or `true`, and the state check refuses it with InvalidState (HTTP:
422 `invalid_state`). Reproduced first (issue 28, item 6): Showbiz Shuffle's
`seats[i].completed[j].points` took 2^53 + 1 and -2^63 though the docs promise no integer
beyond 2^53, and Plot Twist took `choice.seat: true` (a boolean is an int to `isinstance`, and
`True == 1`).
"""

from functools import cache

import pytest
from state_paths import int_paths, played_states, with_value

import core

BAD = [2**53 + 1, -(2**63), True]


@cache
def _states(game_id, every=9, per_setup=4):
    """A few states of one seeded random game per sample setup of `game`, and its last."""
    out = []
    for n, setup in enumerate(core.get_game(game_id).sample_setups()):
        states, last = played_states(game_id, setup.players, setup.options, n, every, rng_name="integers")
        out.extend(states[:: max(1, len(states) // per_setup)])
        out.append(last)  # the last: an outcome's winners and scores
    return out


def _accepted(state) -> bool:
    try:
        core.check_state(state)
    except core.InvalidState:
        return False
    return True


@pytest.mark.parametrize("game", [g.id for g in core.all_games()])
def test_every_integer_of_a_state_is_bounded_and_no_boolean_passes_for_one(game):
    accepted = set()
    for state in _states(game):
        assert _accepted(state)
        for path in int_paths(state):
            for value in BAD:
                if _accepted(with_value(state, path, value)):
                    accepted.add((".".join(str(p) if not isinstance(p, int) else "*" for p in path), repr(value)))
    assert not accepted, sorted(accepted)


def test_showbiz_completed_movie_points_beyond_javascript_integers_are_invalid_state():
    state = next(s for s in _states("showbiz-shuffle", every=3)
                 if any(seat["completed"] for seat in s["seats"]))
    i = next(i for i, seat in enumerate(state["seats"]) if seat["completed"])
    for value in (2**53 + 1, -(2**63)):
        with pytest.raises(core.InvalidState):
            core.check_state(with_value(state, ("seats", i, "completed", 0, "points"), value))


def test_plot_twist_choice_seat_true_is_invalid_state():
    state = next(s for s in _states("plot-twist", every=1, per_setup=10_000)
                 if s["choice"] is not None and type(s["choice"].get("seat")) is int)
    with pytest.raises(core.InvalidState):
        core.check_state(with_value(state, ("choice", "seat"), True))


def test_plot_twist_a_combat_redraw_of_true_is_invalid_state():
    """Found by a wider sweep of the property above: `true` passed for seat 1 in a set comparison."""
    state = next(s for s in _states("plot-twist", every=1, per_setup=10_000)
                 if s["combat"] and s["combat"].get("redraw") and 1 in s["combat"]["redraw"])
    i = state["combat"]["redraw"].index(1)
    with pytest.raises(core.InvalidState):
        core.check_state(with_value(state, ("combat", "redraw", i), True))
