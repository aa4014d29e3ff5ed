"""Decisions kept between moves (core/framework/kept.py, issue 29) equal a fresh listing.

A game keeps a listing (a seat's options) while the parts of the state it read are the same
objects. The property, over seeded random games of every game and every table it samples (its
modes and options): the game played with the listings kept and the same game played with nothing
kept (`fresh()`) give equal Steps after every move, state, events and pending decisions alike,
and the kept pending decisions equal a fresh listing of the state. A listing that read a part
its key does not name, or a part changed in place after it was listed, makes them differ.
"""

import random

import orjson
import pytest

import core
from core.framework.kept import fresh, kept, scope
from core.framework.registry import GAMES

SETUPS = [(game_id, setup) for game_id, game in sorted(GAMES.items()) for setup in game.sample_setups()]
# Plot Twist lists the most: its longest tables are played once each; the others a few seeds.
GAMES_PER_SETUP = {"plot-twist": 1}
MAX_MOVES = 3000


def _same(a: core.Step, b: core.Step) -> bool:
    return orjson.dumps(a.as_dict()) == orjson.dumps(b.as_dict())


@pytest.mark.parametrize(("game_id", "setup"), SETUPS, ids=[f"{g}-{s.name}" for g, s in SETUPS])
def test_kept_decisions_equal_a_fresh_listing_after_every_move(game_id, setup):
    for seed in range(min(setup.games, GAMES_PER_SETUP.get(game_id, 3))):
        dice = random.Random(seed)
        step = core.new_game(game_id, setup.players, setup.options, seed)
        with fresh():
            alone = core.new_game(game_id, setup.players, setup.options, seed)
        assert _same(step, alone)
        moves = 0
        while step.pending:
            move = dice.choice([o for d in step.pending for o in d["options"]])
            step = step.play(move)
            with fresh():
                alone = alone.play(move)
                listed = core.decisions(step.state, trusted=True)
            assert _same(step, alone), (game_id, setup.name, seed, moves, move)
            assert step.pending == listed, (game_id, setup.name, seed, moves, move)
            moves += 1
            assert moves < MAX_MOVES
        assert step.outcome is not None


def test_a_listing_is_kept_while_its_parts_are_the_same_objects():
    part, other = ["a"], ["a"]
    calls = []

    def listing():
        calls.append(1)
        return ["option"]

    with scope():
        first = kept("key", (part,), listing)
        assert kept("key", (part,), listing) is first and len(calls) == 1
        kept("key", (other,), listing)  # equal but another object: listed again
        assert len(calls) == 2
    with fresh():
        kept("key", (other,), listing)
        kept("key", (other,), listing)
    assert len(calls) == 4
    kept("key", (other,), listing)  # outside the engine's calls (a unit test's): nothing kept
    kept("key", (other,), listing)
    assert len(calls) == 6


def test_a_clients_state_changed_in_place_between_two_calls_is_listed_again():
    """A state from outside is listed in a scope of its own: changing it in place between two calls
    (which the engine's own states never see) cannot serve the options of the state as it was."""
    step = core.new_game("plot-twist", 3, {"setup": "quick"}, 2)
    dice = random.Random(2)
    while not any(d["kind"] == "act" and d["player"] != 0 for d in step.pending):
        step = step.play(dice.choice([o for d in step.pending for o in d["options"]]))
    seat = next(d["player"] for d in step.pending if d["kind"] == "act" and d["player"] != 0)
    state = orjson.loads(orjson.dumps(step.state))
    before = core.decisions(state)
    hero = next(c for c in state["characters"] if c["seat"] == seat)
    hero["belief"] = 0  # in place: the same list of characters, another position
    after = core.decisions(state)
    with fresh():
        assert after == core.decisions(state, trusted=True)
    assert after != before


def test_the_kept_listings_are_no_part_of_the_state():
    step = core.new_game("plot-twist", 4, {"setup": "quick"}, 3)
    dice = random.Random(3)
    for _ in range(30):
        step = step.play(dice.choice([o for d in step.pending for o in d["options"]]))
    with fresh():
        alone = core.new_game("plot-twist", 4, {"setup": "quick"}, 3)
        dice = random.Random(3)
        for _ in range(30):
            alone = alone.play(dice.choice([o for d in alone.pending for o in d["options"]]))
    assert orjson.dumps(step.state) == orjson.dumps(alone.state)
    for seat in (None, 0, 1):
        assert core.view(step.state, seat) == core.view(alone.state, seat)
