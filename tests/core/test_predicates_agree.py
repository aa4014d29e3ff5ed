"""A posted move and a listed option answer to one predicate (issue 29, item 1): every option a
game lists gets no reason from the predicate of its kind (`Game.why_not`).

The property, over seeded random games of every game that declares its predicates
(`Game.predicates`) and every table it samples: after every move, each option of each pending
decision is asked of `why_not`, which must name no rule against it. It is what lets a refusal be
explained by the same predicate that listed the options, and the first half of what a predicate
needs to stand in for the listing when a move is posted (the other half, "no reason: listed",
does not hold yet for Plot Twist, whose predicates do not ask who holds Initiative: the engine
still checks a posted move against the listing). The Big Shuffle and Showbiz Shuffle check both
halves against the refusals of before their predicates (test_refusals_agree_with_options.py).
"""

import random

import pytest

import core
from core.framework.registry import GAMES

DECLARED = [game_id for game_id, game in sorted(GAMES.items()) if game.predicates]
SETUPS = [(game_id, setup) for game_id in DECLARED for setup in GAMES[game_id].sample_setups()]
MAX_MOVES = 3000


def test_plot_twist_declares_its_predicates():
    assert "plot-twist" in DECLARED


@pytest.mark.parametrize(("game_id", "setup"), SETUPS, ids=[f"{g}-{s.name}" for g, s in SETUPS])
def test_every_listed_option_gets_no_reason_from_its_kinds_predicate(game_id, setup):
    game = GAMES[game_id]
    dice = random.Random(setup.name)
    step = core.new_game(game_id, setup.players, setup.options, seed=0)
    checked = moves = 0
    while step.pending:
        for d in step.pending:
            for option in d["options"]:
                assert game.why_not(step.state, option) is None, (setup.name, moves, d["kind"], option)
                checked += 1
        step = step.play(dice.choice([o for d in step.pending for o in d["options"]]))
        moves += 1
        assert moves < MAX_MOVES
    assert step.outcome is not None and checked > moves
