"""Plot Twist served (issue 15): registered like the other games, and the engine bugs the
conformance suites found once it was, each with its regression test.

- Registered: `plot-twist` is listed, its words are declared in the package (the vocabulary test
  and the wire schemas read them), its options have labels of their own.
- "a set of cards in another order is the same move" (the conformance suite, `Game.canonical_move`):
  a Mulligan's or an End of Combat's discard named in any order is the sorted one, not refused.
"""

import core
from core.framework import engine
from core.framework.labels import generic_label
from core.games import plot_twist as PT


def first_turn(players: int = 2, seed: int = 1) -> engine.Step:
    return engine.new_game("plot-twist", players, {"setup": "quick"}, seed=seed)


def test_plot_twist_is_registered_and_listed():
    assert core.get_game("plot-twist") is PT.GAME
    assert "plot-twist" in [g.id for g in core.all_games()]
    assert not getattr(PT, "IN_PROGRESS", False)


def test_the_package_declares_the_words_it_speaks_on_the_wire():
    for words in (PT.MOVE_KINDS, PT.DECISION_KINDS, PT.EVENT_TYPES, PT.OUTCOME_REASONS, PT.RULE_CODES, PT.CARD_TYPES):
        assert words and len(set(words)) == len(words) and all(isinstance(w, str) for w in words)
    assert "play_card" in PT.MOVE_KINDS and "game_over" in PT.EVENT_TYPES and "hero" in PT.CARD_TYPES


def test_a_mulligan_names_its_discards_in_any_order():
    step = first_turn()
    hand = step.state["combat_hands"][0]
    two = sorted(set(hand))[:2]
    assert len(two) == 2, hand
    listed = {"player": 0, "kind": "mulligan", "cards": two}
    assert listed in step.pending[0]["options"] or any(listed in d["options"] for d in step.pending)
    reversed_ = engine.apply(step.state, {**listed, "cards": two[::-1]})
    assert reversed_.as_dict() == engine.apply(step.state, listed).as_dict()


def test_a_discard_of_a_card_not_in_hand_is_still_refused_whatever_the_order():
    step = first_turn()
    hand = sorted(step.state["combat_hands"][0])
    try:
        engine.apply(step.state, {"player": 0, "kind": "mulligan", "cards": ["combat/zzz-nothing", hand[0]]})
    except core.IllegalMove as refusal:
        assert refusal.rule == "not_in_hand"
    else:
        raise AssertionError("a card not in hand was discarded")


def test_every_option_of_the_first_turn_has_a_label_of_its_own():
    step = first_turn(4, seed=2)
    for d in step.as_dict()["pending"]:
        assert len(d["labels"]) == len(d["options"])
        for option, label in zip(d["options"], d["labels"]):
            assert label != generic_label(option), option
