"""A table's clock that runs out makes the game's default move (core/framework/timeouts.py):
always one of the seat's listed options, a pass or the end of the turn where one is offered."""

import pytest

import core
from core.framework.rng import Rng
from core.framework.timeouts import default_move, pass_or_first

GAMES = [game.id for game in core.all_games()]


def _seated_games(game_id: str, games: int = 3, cap: int = 400):
    """Positions of seeded games (moves chosen by a seeded die), every sample setup of the game."""
    game = core.get_game(game_id)
    for setup in game.sample_setups():
        for seed in range(games):
            step = core.new_game(game_id, setup.players, setup.options, seed)
            rng = Rng.from_seed(f"default:{seed}")
            for _ in range(cap):
                if step.outcome is not None:
                    break
                yield step
                decision = step.pending[rng.below(len(step.pending))]
                step = step.play(decision["options"][rng.below(len(decision["options"]))])


@pytest.mark.parametrize("game_id", GAMES)
def test_the_default_move_is_always_one_of_the_seats_listed_options(game_id):
    pass_kinds = core.get_game(game_id).pass_kinds
    checked = 0
    for step in _seated_games(game_id):
        for seat in sorted({d["player"] for d in step.pending}):
            mine = [o for d in step.pending if d["player"] == seat for o in d["options"]]
            move = default_move(step.state, seat)
            assert move in mine
            offered = [o for o in mine if o.get("kind") in pass_kinds]
            if offered:  # a pass where the rules offer one
                assert move.get("kind") in pass_kinds
            core.apply(step.state, move, trusted=True)  # and the engine takes it (its own state: not checked again)
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("game_id", GAMES)
def test_a_seat_that_only_ever_times_out_beside_bots_still_lets_the_game_end(game_id):
    """The last seat makes only default moves, the others are random bots: the game ends."""
    game = core.get_game(game_id)
    setup = game.sample_setups()[-1]
    rng = Rng.from_seed("bots")
    for seed in range(3):
        step = core.new_game(game_id, setup.players, setup.options, seed)
        idle = setup.players - 1
        for _ in range(20_000):
            if step.outcome is not None:
                break
            decision = step.pending[0]
            if decision["player"] == idle:
                step = step.play(default_move(step.state, idle))
            else:
                step = step.play(decision["options"][rng.below(len(decision["options"]))])
        assert step.outcome is not None


def test_pass_or_first_prefers_the_pass_kinds_in_their_order_else_the_first_option():
    pending = [{"player": 0, "options": [{"kind": "play"}, {"kind": "end_turn"}, {"kind": "pass"}]}]
    assert pass_or_first(pending, ("pass", "end_turn")) == {"kind": "pass"}
    assert pass_or_first(pending, ("end_turn",)) == {"kind": "end_turn"}
    assert pass_or_first(pending, ()) == {"kind": "play"}


def test_a_seat_with_no_decision_has_no_default_move():
    step = core.new_game("showbiz-shuffle", 2, None, 1)
    idle = 1 - step.pending[0]["player"]
    with pytest.raises(core.NotYourTurn):
        default_move(step.state, idle)


HEURISTIC = {"big-shuffle": ["heuristic"] * 2, "showbiz-shuffle": ["heuristic"] * 2, "shufflers": ["random"] * 2,
             "plot-twist": ["gm", "hero"]}


@pytest.mark.parametrize("game_id", GAMES)
def test_the_timeout_bot_is_the_games_heuristic_bot_where_it_has_one_else_random(game_id):
    """`on_timeout: bot` (and a seat given to a bot by /start or /leave): seats 0 and 1's bots."""
    from core.framework.bots import get_bot

    game = core.get_game(game_id)
    names = [game.timeout_bot(seat) for seat in (0, 1)]
    assert names == HEURISTIC.get(game_id, names)
    expected = "heuristic" if "heuristic" in getattr(game, "bots", dict)() else "random"
    if game_id != "plot-twist":  # Plot Twist's heuristic bots are one per side
        assert names == [expected] * 2
    assert all(get_bot(game, name) is not None for name in names)
