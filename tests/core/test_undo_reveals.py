"""Which moves may be taken back at a table (core/framework/undo.py): one that revealed nothing.

The truth table of each game, by move kind, over seeded games (the same games every run):
`undoable` (nothing revealed), `random` (the RNG moved), `event` (an event that draws or turns a
card up, `Game.revealing_events`), `face_up` (a viewer sees fewer face-down cards).
"""

import collections

import pytest

import core
from core.framework.rng import Rng
from core.framework.undo import _face_down, _fewer_face_down, reveals

U, R, E, F = "undoable", "random", "event", "face_up"
TRUTH = {
    "shufflers": {"draw": {E}, "ignore": {U}, "pay": {U}, "retrieve": {U}, "sacrificial_lamb": {U},
                  "vehicle": {F}},
    "big-shuffle": {
        "ability": {U, E, R}, "attempt": {E, R}, "choose_character": {U, E}, "decline": {U, E, F, R},
        "discard_goon": {F}, "draw": {E, R}, "end_turn": {U, E}, "hire": {U, E, F, R}, "lose_informant": {E},
        "pass": {U, E, F, R}, "play": {U, E, F, R}, "react": {U, E, F, R}, "resolve": {E},
        "skip_ability": {U, E, R}, "trash": {U, E, R}},
    "showbiz-shuffle": {"cast": {U, E, F}, "end_turn": {U, E}, "play_biz": {E, F}, "shake_up": {R},
                        "start_movie": {U, E, F}},
    "plot-twist": {
        "activate": {U}, "add_combat_card": {U}, "add_event": {U, R}, "add_plot": {U}, "add_quantity": {U},
        "add_twist": {U}, "answer": {R}, "attack": {R}, "belief_damage": {U}, "buy_coin": {U}, "buy_success": {U},
        "choose": {U}, "cure": {U}, "extra_attack": {U}, "flee": {E}, "fly": {U}, "gadgeteer": {U}, "gain_keyword": {U}, "heal": {R}, "hide": {U},
        "identity": {U}, "initiate": {U}, "interview": {U}, "kill": {R}, "land": {U}, "mulligan": {U, E},
        "no_equipment": {U}, "nullify_roll": {R}, "nullify_spend": {U}, "pass": {U, E, F}, "peek": {R},
        "perceive": {R}, "place_equipment": {U}, "place_hero": {U}, "place_location": {U}, "place_mook": {U},
        "place_objective": {U}, "place_villain": {U}, "play_card": {F, R}, "play_hero": {U}, "play_plot": {E, F},
        "pursue": {U, E}, "raise_heroic": {U}, "recover": {U}, "recruit": {R}, "redraw": {U, E}, "regenerate": {U},
        "reveal_event": {E}, "reveal_objective": {E}, "reversal": {U}, "sneak_attack": {R}},
}


def _category(reason):
    if reason is None:
        return U
    if reason.startswith("it used randomness"):
        return R
    if reason.startswith("it turned a card face up"):
        return F
    return E


def _moves(game_id, setups=3, seeds=3):
    """(move, the step before it, the step after it) of seeded random games (the same every run)."""
    game = core.get_game(game_id)
    for setup in game.sample_setups()[:setups]:
        for seed in range(seeds):
            step, rng = core.new_game(game_id, setup.players, setup.options, seed), Rng.from_seed(seed)
            for _ in range(300):
                if step.outcome is not None:
                    break
                decision = step.pending[rng.below(len(step.pending))]
                move = decision["options"][rng.below(len(decision["options"]))]
                after = step.play(move)
                yield move, step, after
                step = after


def _observed(game_id):
    table = collections.defaultdict(set)
    for move, step, after in _moves(game_id):
        table[move["kind"]].add(_category(reveals(step.state, after.state, after.events)))
    return table


@pytest.mark.parametrize("game_id", sorted(TRUTH))
def test_each_games_moves_may_be_taken_back_exactly_as_its_truth_table_says(game_id):
    observed = _observed(game_id)
    assert {kind: observed[kind] - TRUTH[game_id].get(kind, set()) for kind in observed} == \
           {kind: set() for kind in observed}
    assert any(U in categories for categories in observed.values())  # some moves can be taken back


def test_a_move_that_used_randomness_reveals_information():
    step = core.new_game("showbiz-shuffle", 2, None, 1)
    after = dict(step.state, rng="0" * 16 if step.state["rng"] != "0" * 16 else "1" * 16)
    assert reveals(step.state, after, []) == "it used randomness (a shuffle, a coin, a die)"


def test_a_draw_event_reveals_information_even_with_the_rng_unmoved():
    step = core.new_game("shufflers", 1, None, 1)
    assert reveals(step.state, step.state, [{"type": "card_drawn", "player": 0, "card": "7H"}]) == \
        "it drew a card (card_drawn)"


def test_nothing_changed_reveals_nothing():
    step = core.new_game("big-shuffle", 3, None, 2)
    assert reveals(step.state, step.state, []) is None


@pytest.mark.parametrize("game_id", sorted(TRUTH))
def test_face_down_cards_counted_only_where_the_views_differ_are_the_full_count(game_id):
    """reveals() counts placeholders only where the views before and after a move differ (what they
    share cancels out): the same difference as counting both views whole, for every viewer."""
    game, compared = core.get_game(game_id), 0
    for _, step, after in _moves(game_id, setups=2, seeds=2):
        for viewer in [None, *range(step.state["players"])]:
            now, was = game.view(after.state, viewer), game.view(step.state, viewer)
            assert _fewer_face_down(now, was) == _face_down(was) - _face_down(now)
            compared += 1
    assert compared > 100
