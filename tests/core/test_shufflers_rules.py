"""Shufflers, rule by rule: shared/rules/shufflers-rules.txt and docs/rulings-shufflers.md.

Every test builds its position from a real new game (tests/core/shufflers_helpers.py moves
cards between zones, so the deck stays whole) and plays it through `core.apply`. The numbers
are the rulebook's own where it gives them.
"""

from itertools import combinations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import core
from core.games.shufflers.cards import ROLE
from shufflers_helpers import (
    all_options,
    already_drawn,
    card,
    cards,
    contribute,
    draw,
    kill,
    kinds,
    new_state,
    of_type,
    paid_sets,
    pay,
    play,
    ready,
    set_discard,
    set_row,
    stack,
    value,
)

AMMO = cards(range(1, 11), "D")
HEALTH = cards(range(1, 11), "H")
ENCOUNTER_CARDS = sorted(
    cards(range(1, 11), "C") + cards(range(1, 11), "S") + [r + s for r in "JQK" for s in "CDHS"] + ["X1", "X2"]
)


def without(row: list[str], *gone: str) -> list[str]:
    return [c for c in row if c not in gone]


def draw_decision(step, seat: int = 0) -> None:
    """The game waits for `seat` to take its next encounter card, nothing else."""
    assert step.outcome is None
    assert [(d["player"], d["kind"]) for d in step.pending] == [(seat, "draw")]


# ======================================================================================
# Set Up
# ======================================================================================
def test_setup_ammo_is_diamonds_ace_to_ten():
    seat = core.new_game("shufflers", 1, seed=0).state["seats"][0]
    assert seat["ammo"] == ["AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D"]
    assert seat["ammo_discard"] == [] and seat["stolen"] == []


def test_setup_health_is_hearts_ace_to_ten():
    seat = core.new_game("shufflers", 1, seed=0).state["seats"][0]
    assert seat["health"] == ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H"]
    assert seat["health_discard"] == [] and seat["status"] == "alive"


@pytest.mark.parametrize("seed", range(60))
def test_setup_deck_is_34_cards_with_one_joker_in_each_half_of_17(seed):
    pile = core.new_game("shufflers", 1, seed=seed).state["encounters"][0]
    deck = pile["deck"]
    assert len(deck) == 34
    assert sorted(deck) == ENCOUNTER_CARDS  # Clubs, Spades, every J/Q/K, both Jokers
    assert sum(ROLE[c] == "joker" for c in deck[:17]) == 1
    assert sum(ROLE[c] == "joker" for c in deck[17:]) == 1
    assert pile["discard"] == [] and pile["lambs"] == 0


def test_setup_each_half_is_shuffled():
    firsts, seconds, tops = set(), set(), set()
    for seed in range(200):
        deck = core.new_game("shufflers", 1, seed=seed).state["encounters"][0]["deck"]
        jokers = [i for i, c in enumerate(deck) if ROLE[c] == "joker"]
        firsts.add(jokers[0])
        seconds.add(jokers[1])
        tops.add(deck[0])
    # the Jokers land anywhere in their half, and any card can be on top
    assert firsts == set(range(17)) and seconds == set(range(17, 34))
    assert len(tops) > 25


# ======================================================================================
# Order of play (and the rulings on what is automatic)
# ======================================================================================
def test_taking_the_encounter_card_is_the_turns_action():
    step = core.new_game("shufflers", 1, seed=3)
    assert step.pending == [{"player": 0, "kind": "draw", "prompt": step.pending[0]["prompt"],
                             "options": [{"player": 0, "kind": "draw"}]}]


def test_drawn_card_is_resolved_and_discarded():
    s = new_state()
    stack(s, ["4S", "9C"])
    step, _ = play(s, draw(0))
    assert of_type(step, "card_drawn") == [{"type": "card_drawn", "player": 0, "card": "4S"}]
    assert step.state["encounters"][0]["discard"] == ["4S"]
    assert step.state["encounters"][0]["deck"][0] == "9C"
    assert len(step.state["encounters"][0]["deck"]) == 33
    draw_decision(step)


def test_choice_with_one_legal_answer_is_made_by_the_engine():
    # 6 Shufflers with only a 4 and a 9 left: rounding up to the 9 is the only payment
    s = new_state()
    set_row(s, 0, "ammo", ["4D", "9D"])
    stack(s, ["6C"])
    step = core.apply(ready(s), draw(0))
    assert of_type(step, "paid") == [{"type": "paid", "player": 0, "source": "ammo", "cards": ["9D"], "amount": 9}]
    draw_decision(step)


# ======================================================================================
# Encounters: Shufflers and paying for them
# ======================================================================================
@pytest.mark.parametrize("n", range(1, 11))
def test_shuffler_card_is_that_many_shufflers(n):
    for suit in "CS":
        s = new_state()
        stack(s, [card(n, suit)])
        step = core.apply(s, draw(0))
        assert of_type(step, "shufflers_attack") == [{"type": "shufflers_attack", "player": 0, "count": n}]


@pytest.mark.parametrize("n", range(1, 11))
def test_exact_card_must_be_paid_when_held(n):
    s = new_state()
    stack(s, [card(n, "C")])
    step = core.apply(s, draw(0))
    # no choice: the card of that value goes, even though other sets add up too
    assert of_type(step, "paid") == [{"type": "paid", "player": 0, "source": "ammo",
                                      "cards": [card(n, "D")], "amount": n}]
    assert step.state["seats"][0]["ammo"] == without(AMMO, card(n, "D"))
    assert step.state["seats"][0]["ammo_discard"] == [card(n, "D")]
    assert step.state["seats"][0]["health"] == HEALTH
    draw_decision(step)


def test_aces_count_one():
    s = new_state()
    set_row(s, 0, "ammo", ["AD", "3D", "9D"])
    stack(s, ["4S", "AC"])
    step = core.apply(s, draw(0))  # 4 = 3 + 1
    assert of_type(step, "paid")[0]["cards"] == ["3D", "AD"]
    s = new_state()
    stack(s, ["AS"])
    step = core.apply(s, draw(0))
    assert of_type(step, "shufflers_attack")[0]["count"] == 1
    assert of_type(step, "paid")[0]["cards"] == ["AD"]


def test_six_of_clubs_without_six_of_diamonds_pays_four_and_two():
    # "Discard the six of Diamonds ... If you've already discarded that card, you'll have to
    # lose cards that add up to that value (e.g. a four and two)."
    s = new_state()
    already_drawn(s, ["6S"])
    set_row(s, 0, "ammo", without(AMMO, "6D"))
    stack(s, ["6C"])
    step = core.apply(ready(s), draw(0))
    assert [d["kind"] for d in step.pending] == ["pay"]
    assert paid_sets(step) == {frozenset({"5D", "AD"}), frozenset({"4D", "2D"}), frozenset({"3D", "2D", "AD"})}
    assert pay(0, "4D", "2D") in step.pending[0]["options"]
    step = core.apply(step.state, pay(0, "4D", "2D"))
    assert of_type(step, "paid") == [{"type": "paid", "player": 0, "source": "ammo", "cards": ["4D", "2D"], "amount": 6}]
    assert step.state["seats"][0]["ammo"] == ["AD", "3D", "5D", "7D", "8D", "9D", "10D"]
    assert step.state["seats"][0]["ammo_discard"] == ["6D", "4D", "2D"]
    draw_decision(step)


def test_a_payment_may_name_its_cards_in_any_order():
    # issue 12: a payment is a set of cards; the listed option has them highest first, and the
    # same cards in any other order are that option (a frontend builds the move from clicks)
    s = new_state()
    already_drawn(s, ["6S"])
    set_row(s, 0, "ammo", without(AMMO, "6D"))
    stack(s, ["6C"])
    step = core.apply(ready(s), draw(0))
    assert pay(0, "4D", "2D") in step.pending[0]["options"] and pay(0, "2D", "4D") not in step.pending[0]["options"]
    listed = core.apply(step.state, pay(0, "4D", "2D"))
    clicked = core.apply(step.state, pay(0, "2D", "4D"))
    assert clicked.state == listed.state and clicked.events == listed.events
    both = core.apply(step.state, pay(0, "AD", "3D", "2D"))
    assert of_type(both, "paid")[0]["cards"] == ["3D", "2D", "AD"]
    # still a set of the listed cards: a duplicate or another set is refused
    for wrong in (pay(0, "2D", "2D", "4D"), pay(0, "2D", "3D"), pay(0, "4D", "2D", "AD")):
        with pytest.raises(core.IllegalMove):
            core.apply(step.state, wrong)


def test_player_chooses_among_exact_combinations():
    # 8 Shufflers, no 8 of Diamonds: the exact sets from A,2,3,5,6,7 are 7+1, 6+2, 5+3, 5+2+1
    s = new_state()
    set_row(s, 0, "ammo", ["AD", "2D", "3D", "5D", "6D", "7D"])
    stack(s, ["8C"])
    step = core.apply(ready(s), draw(0))
    options = step.pending[0]["options"]
    assert sorted(o["cards"] for o in options) == sorted([["7D", "AD"], ["6D", "2D"], ["5D", "3D"], ["5D", "2D", "AD"]])
    assert len(options) == 4
    for o in options:
        after = core.apply(step.state, o)
        assert after.state["seats"][0]["ammo"] == [c for c in ["AD", "2D", "3D", "5D", "6D", "7D"] if c not in o["cards"]]
        assert value(o["cards"]) == 8


def test_round_up_when_no_exact_sum():
    # 6 Shufflers with 2, 5 and 7 left: nothing adds up to 6, so 7 it is: the 7 or 5+2
    s = new_state()
    set_row(s, 0, "ammo", ["2D", "5D", "7D"])
    stack(s, ["6S"])
    step = core.apply(ready(s), draw(0))
    assert paid_sets(step) == {frozenset({"7D"}), frozenset({"5D", "2D"})}
    step = core.apply(step.state, pay(0, "5D", "2D"))
    assert of_type(step, "paid")[0]["amount"] == 7
    assert step.state["seats"][0]["ammo"] == ["7D"]


def test_round_up_pays_the_smallest_total_above():
    # 9 Shufflers with 3, 4 and 10: totals 3, 4, 7, 10, 13, 14, 17; the smallest above 9 is 10
    s = new_state()
    set_row(s, 0, "ammo", ["3D", "4D", "10D"])
    stack(s, ["9C"])
    step = core.apply(ready(s), draw(0))
    assert of_type(step, "paid") == [{"type": "paid", "player": 0, "source": "ammo", "cards": ["10D"], "amount": 10}]
    assert step.state["seats"][0]["ammo"] == ["3D", "4D"]


def test_seven_of_spades_with_ace_and_four_of_ammo_takes_two_of_hearts():
    # "You draw the seven of Spades ... You only have an ace and a four of Diamonds (i.e. five
    # rounds). You discard the remaining Diamonds and also the two of Hearts."
    s = new_state()
    set_row(s, 0, "ammo", ["AD", "4D"])
    stack(s, ["7S", "3C"])
    step = core.apply(ready(s), draw(0))
    assert of_type(step, "paid") == [
        {"type": "paid", "player": 0, "source": "ammo", "cards": ["4D", "AD"], "amount": 5},
        {"type": "paid", "player": 0, "source": "health", "cards": ["2H"], "amount": 2},
    ]
    seat = step.state["seats"][0]
    assert seat["ammo"] == []  # "You are now unarmed."
    assert seat["health"] == without(HEALTH, "2H")
    assert seat["health_discard"] == ["2H"]
    assert seat["status"] == "alive"
    draw_decision(step)
    # "Any further Shuffler encounters come out of your Health Points deck."
    step = core.apply(step.state, draw(0))
    assert of_type(step, "paid") == [{"type": "paid", "player": 0, "source": "health", "cards": ["3H"], "amount": 3}]


def test_ammo_and_health_discards_are_kept_separate():
    s = new_state()
    set_row(s, 0, "ammo", ["AD", "4D"])
    stack(s, ["7S"])
    step = core.apply(ready(s), draw(0))
    seat = step.state["seats"][0]
    assert all(ROLE[c] == "ammo" for c in seat["ammo_discard"]) and seat["ammo_discard"][-2:] == ["4D", "AD"]
    assert seat["health_discard"] == ["2H"]


def test_health_payment_rounds_up_too():
    # "As with Ammo, if you don't have the exact value in Health Points, you'll have to round up."
    s = new_state()
    set_row(s, 0, "ammo", [])
    set_row(s, 0, "health", ["AH", "5H", "9H"])
    stack(s, ["3C"])
    step = core.apply(ready(s), draw(0))  # totals 1, 5, 6, 9, 10, 14, 15: the 5
    assert of_type(step, "paid") == [{"type": "paid", "player": 0, "source": "health", "cards": ["5H"], "amount": 5}]
    assert step.state["seats"][0]["health"] == ["AH", "9H"]


def test_health_payment_offers_every_exact_set():
    s = new_state()
    set_row(s, 0, "ammo", [])
    set_row(s, 0, "health", ["AH", "2H", "3H", "4H", "9H"])
    stack(s, ["5S"])
    step = core.apply(ready(s), draw(0))
    assert [d["kind"] for d in step.pending] == ["pay"]
    assert paid_sets(step) == {frozenset({"4H", "AH"}), frozenset({"3H", "2H"})}


def test_out_of_health_is_dead():
    # "Once you're out of Health Points, you're dead."
    s = new_state()
    set_row(s, 0, "ammo", [])
    set_row(s, 0, "health", ["AH", "2H"])
    stack(s, ["5C"])
    step = core.apply(ready(s), draw(0))
    assert of_type(step, "paid") == [{"type": "paid", "player": 0, "source": "health", "cards": ["2H", "AH"], "amount": 3}]
    assert of_type(step, "player_died") == [{"type": "player_died", "player": 0}]
    assert step.state["seats"][0]["status"] == "dead"
    assert step.outcome == {"winners": [], "scores": {"0": 0}, "reason": "all_dead"}
    assert of_type(step, "game_over") == [{"type": "game_over", "outcome": step.outcome}]
    assert step.pending == []


def test_paying_exactly_the_last_health_is_death():
    s = new_state()
    set_row(s, 0, "ammo", ["3D"])
    set_row(s, 0, "health", ["2H", "4H"])
    stack(s, ["9S"])  # 3 from Ammo, the 6 left take both Hearts
    step = core.apply(ready(s), draw(0))
    assert [e["cards"] for e in of_type(step, "paid")] == [["3D"], ["4H", "2H"]]
    assert step.state["seats"][0]["status"] == "dead"
    assert step.outcome["reason"] == "all_dead"


def test_rounding_up_that_takes_every_heart_is_death():
    # 5 from 3 and 4: nothing adds up to 5, the smallest total above is 7: both cards
    s = new_state()
    set_row(s, 0, "ammo", [])
    set_row(s, 0, "health", ["3H", "4H"])
    stack(s, ["5C"])
    step = core.apply(ready(s), draw(0))
    assert of_type(step, "paid")[0]["cards"] == ["4H", "3H"]
    assert step.state["seats"][0]["status"] == "dead"
    assert step.outcome == {"winners": [], "scores": {"0": 0}, "reason": "all_dead"}


# ======================================================================================
# Special cards
# ======================================================================================
def test_queen_retrieves_last_heart_discarded():
    s = new_state()
    set_row(s, 0, "ammo", [])
    stack(s, ["5C", "6S", "QD"])
    step, events = play(ready(s), draw(0), draw(0))
    assert step.state["seats"][0]["health_discard"] == ["5H", "6H"]
    step = core.apply(step.state, draw(0))  # the doctor: one thing to retrieve, done at once
    assert of_type(step, "card_retrieved") == [{"type": "card_retrieved", "player": 0, "card": "6H"}]
    seat = step.state["seats"][0]
    assert seat["health"] == without(HEALTH, "5H")
    assert seat["health_discard"] == ["5H"]
    draw_decision(step)


def test_king_retrieves_last_ammo_discarded():
    s = new_state()
    stack(s, ["3C", "8S", "KH"])
    step, _ = play(s, draw(0), draw(0), draw(0))
    seat = step.state["seats"][0]
    assert of_type(step, "card_retrieved") == [{"type": "card_retrieved", "player": 0, "card": "8D"}]
    assert seat["ammo"] == without(AMMO, "3D")
    assert seat["ammo_discard"] == ["3D"]
    assert seat["health"] == HEALTH


def test_payment_is_discarded_highest_first_so_king_retrieves_its_lowest_card():
    s = new_state()
    already_drawn(s, ["6S"])
    set_row(s, 0, "ammo", without(AMMO, "6D"))
    stack(s, ["6C", "KC"])
    step, _ = play(ready(s), draw(0), pay(0, "4D", "2D"), draw(0))
    assert of_type(step, "card_retrieved") == [{"type": "card_retrieved", "player": 0, "card": "2D"}]
    assert step.state["seats"][0]["ammo_discard"] == ["6D", "4D"]


def test_rows_are_kept_in_value_order_and_a_retrieved_card_goes_back_in_place():
    s = new_state()
    set_row(s, 0, "health", without(HEALTH, "10H", "AH"))
    set_discard(s, 0, "health", ["AH", "10H"])
    stack(s, ["QS"])
    step = core.apply(ready(s), draw(0))
    assert step.state["seats"][0]["health"] == without(HEALTH, "AH")  # 10H after 9H, not after AH
    s = new_state()
    set_discard(s, 0, "ammo", ["10D", "AD"])
    stack(s, ["KS"])
    step = core.apply(ready(s), draw(0))
    assert step.state["seats"][0]["ammo"] == without(AMMO, "10D")


@pytest.mark.parametrize("special", ["QC", "KC"])
def test_queen_or_king_with_no_discards_is_ignored(special):
    s = new_state()
    if special == "QC":
        set_discard(s, 0, "ammo", ["5D"])  # only the other pile has a discard
    else:
        set_discard(s, 0, "health", ["5H"])
    stack(s, [special])
    before = [dict(x) for x in s["seats"]]
    step = core.apply(ready(s), draw(0))
    assert of_type(step, "card_retrieved") == []
    assert step.state["seats"] == before
    assert step.state["encounters"][0]["discard"] == [special]  # "simply ignore and discard"
    draw_decision(step)


def test_queen_with_no_discards_is_ignored():
    s = new_state()
    stack(s, ["QH"])
    step = core.apply(s, draw(0))
    assert [e["type"] for e in step.events] == ["card_drawn"]
    assert step.state["seats"][0]["health"] == HEALTH
    draw_decision(step)


def test_jack_steals_highest_ammo_never_to_return():
    s = new_state()
    stack(s, ["JC", "KD", "JS"])
    step = core.apply(s, draw(0))
    assert of_type(step, "card_stolen") == [{"type": "card_stolen", "player": 0, "card": "10D"}]
    seat = step.state["seats"][0]
    assert seat["ammo"] == without(AMMO, "10D")
    assert seat["stolen"] == ["10D"] and seat["ammo_discard"] == []  # "not in the usual Ammo discard pile"
    # "Stolen Ammo cannot be retrieved": the King finds nothing to take back
    step = core.apply(step.state, draw(0))
    assert of_type(step, "card_retrieved") == []
    assert step.state["seats"][0]["ammo"] == without(AMMO, "10D")
    step = core.apply(step.state, draw(0))  # the next thief takes the 9, now the highest
    assert step.state["seats"][0]["stolen"] == ["10D", "9D"]


def test_jack_takes_highest_health_when_no_ammo():
    s = new_state()
    set_row(s, 0, "ammo", [])
    stack(s, ["JH"])
    step = core.apply(ready(s), draw(0))
    assert of_type(step, "card_stolen") == [{"type": "card_stolen", "player": 0, "card": "10H"}]
    assert step.state["seats"][0]["health"] == without(HEALTH, "10H")
    assert step.state["seats"][0]["stolen"] == ["10H"]
    assert step.state["seats"][0]["health_discard"] == []


def test_jack_taking_the_last_health_card_kills():
    s = new_state()
    set_row(s, 0, "ammo", [])
    set_row(s, 0, "health", ["3H"])
    stack(s, ["JD"])
    step = core.apply(ready(s), draw(0))
    assert of_type(step, "card_stolen")[0]["card"] == "3H"
    assert of_type(step, "player_died") == [{"type": "player_died", "player": 0}]
    assert step.outcome == {"winners": [], "scores": {"0": 0}, "reason": "all_dead"}


def test_first_joker_is_the_coast_only():
    s = new_state()
    stack(s, ["X2", "5C"])  # whichever Joker comes first is the coast
    step = core.apply(s, draw(0))
    assert of_type(step, "joker_drawn") == [{"type": "joker_drawn", "player": 0, "jokers": 1}]
    assert step.outcome is None
    assert step.state["seats"][0]["ammo"] == AMMO and step.state["seats"][0]["health"] == HEALTH
    draw_decision(step)


def test_second_joker_wins():
    s = new_state()
    stack(s, ["X1", "4C", "X2", "9C"])
    step, events = play(s, draw(0), draw(0), draw(0))
    assert of_type(events, "joker_drawn") == [{"type": "joker_drawn", "player": 0, "jokers": 1},
                                               {"type": "joker_drawn", "player": 0, "jokers": 2}]
    assert step.outcome == {"winners": [0], "scores": {"0": 51 + 55}, "reason": "escaped"}
    assert of_type(step, "escaped") == [{"type": "escaped", "player": 0}]
    assert step.state["seats"][0]["status"] == "escaped"
    assert step.pending == []
    assert step.state["encounters"][0]["deck"][0] == "9C"  # the game ends at once


# ======================================================================================
# The Vehicle option
# ======================================================================================
def test_vehicle_is_offered_instead_of_retrieving():
    s = new_state(vehicle=True)
    set_discard(s, 0, "ammo", ["3D"])
    stack(s, ["KC"])
    step = core.apply(ready(s), draw(0))
    assert step.pending[0]["kind"] == "help"
    assert step.pending[0]["options"] == [{"player": 0, "kind": "retrieve", "target": 0},
                                          {"player": 0, "kind": "vehicle"}]
    # with nothing to retrieve: ignore, or take the vehicle
    s = new_state(vehicle=True)
    stack(s, ["QC"])
    step = core.apply(s, draw(0))
    assert step.pending[0]["options"] == [{"player": 0, "kind": "ignore"}, {"player": 0, "kind": "vehicle"}]


def test_vehicle_deals_and_discards_next_two_cards():
    s = new_state(vehicle=True)
    stack(s, ["3C", "KC", "9S", "8C", "5C"])
    step, _ = play(s, draw(0), draw(0), {"player": 0, "kind": "vehicle"})
    assert of_type(step, "vehicle_passed") == [{"type": "vehicle_passed", "player": 0, "card": "9S"},
                                                {"type": "vehicle_passed", "player": 0, "card": "8C"}]
    assert of_type(step, "paid") == [] and of_type(step, "card_retrieved") == []
    seat = step.state["seats"][0]
    assert seat["ammo"] == without(AMMO, "3D")  # no King's ammo, no payment for 9 or 8
    assert seat["ammo_discard"] == ["3D"]
    pile = step.state["encounters"][0]
    assert pile["discard"] == ["3C", "KC", "9S", "8C"] and pile["deck"][0] == "5C"
    draw_decision(step)


def test_vehicle_ignores_kings_queens_and_jacks():
    s = new_state(vehicle=True)
    stack(s, ["QC", "JD", "KS", "2C"])
    step, _ = play(s, draw(0), {"player": 0, "kind": "vehicle"})
    assert [e["card"] for e in of_type(step, "vehicle_passed")] == ["JD", "KS"]
    assert of_type(step, "card_stolen") == []
    assert step.state["seats"][0]["stolen"] == [] and step.state["seats"][0]["ammo"] == AMMO
    draw_decision(step)


def test_vehicle_joker_still_counts():
    # a Joker dealt away by the vehicle is the coast ...
    s = new_state(vehicle=True)
    stack(s, ["QH", "X1", "7C", "X2"])
    step, events = play(s, draw(0), {"player": 0, "kind": "vehicle"})
    assert of_type(events, "joker_drawn") == [{"type": "joker_drawn", "player": 0, "jokers": 1}]
    assert step.outcome is None and step.state["seats"][0]["ammo"] == AMMO
    step = core.apply(step.state, draw(0))
    assert step.outcome == {"winners": [0], "scores": {"0": 110}, "reason": "escaped"}
    # ... and a second Joker dealt away by the vehicle is the boat: the game is won at once
    s = new_state(vehicle=True)
    stack(s, ["X1", "KH", "X2", "3C"])
    step, events = play(s, draw(0), draw(0), {"player": 0, "kind": "vehicle"})
    assert [e["card"] for e in of_type(events, "vehicle_passed")] == ["X2"]
    assert of_type(events, "joker_drawn")[-1] == {"type": "joker_drawn", "player": 0, "jokers": 2}
    assert step.outcome == {"winners": [0], "scores": {"0": 110}, "reason": "escaped"}
    assert step.state["encounters"][0]["deck"][0] == "3C"


# ======================================================================================
# The Sacrificial Lamb option
# ======================================================================================
def test_sacrificial_lamb_is_offered_instead_of_retrieving():
    s = new_state(sacrificial_lamb=True, vehicle=True)
    set_discard(s, 0, "health", ["4H"])
    stack(s, ["QC"])
    step = core.apply(ready(s), draw(0))
    assert step.pending[0]["options"] == [{"player": 0, "kind": "retrieve", "target": 0},
                                          {"player": 0, "kind": "vehicle"},
                                          {"player": 0, "kind": "sacrificial_lamb"}]


def test_sacrificial_lamb_discards_next_shuffler():
    s = new_state(sacrificial_lamb=True)
    stack(s, ["QC", "8S", "4C"])
    step = core.apply(s, draw(0))
    assert step.pending[0]["options"] == [{"player": 0, "kind": "ignore"},
                                          {"player": 0, "kind": "sacrificial_lamb"}]
    step = core.apply(step.state, {"player": 0, "kind": "sacrificial_lamb"})
    assert of_type(step, "lamb_offered") == [{"type": "lamb_offered", "player": 0}]
    assert step.state["encounters"][0]["lambs"] == 1
    step = core.apply(step.state, draw(0))
    assert of_type(step, "shuffler_eaten") == [{"type": "shuffler_eaten", "player": 0, "card": "8S"}]
    assert of_type(step, "paid") == [] and step.state["seats"][0]["ammo"] == AMMO
    assert step.state["encounters"][0]["lambs"] == 0
    step = core.apply(step.state, draw(0))  # the lamb is gone: the next Shufflers are paid
    assert of_type(step, "paid")[0]["cards"] == ["4D"]


def test_sacrificial_lamb_waits_for_the_next_shuffler():
    s = new_state(sacrificial_lamb=True)
    stack(s, ["KC", "JD", "X1", "9C"])
    step, events = play(s, draw(0), {"player": 0, "kind": "sacrificial_lamb"}, draw(0), draw(0), draw(0))
    assert [e["card"] for e in of_type(events, "card_stolen")] == ["10D"]  # the thief still comes
    assert of_type(events, "shuffler_eaten") == [{"type": "shuffler_eaten", "player": 0, "card": "9C"}]
    assert step.state["seats"][0]["ammo"] == without(AMMO, "10D")


def test_sacrificial_lambs_add_up():
    s = new_state(sacrificial_lamb=True)
    stack(s, ["QC", "KC", "8S", "9S", "2C"])
    lamb = {"player": 0, "kind": "sacrificial_lamb"}
    step, events = play(s, draw(0), lamb, draw(0), lamb)
    assert step.state["encounters"][0]["lambs"] == 2
    step, events = play(step.state, draw(0), draw(0), draw(0))
    assert [e["card"] for e in of_type(events, "shuffler_eaten")] == ["8S", "9S"]
    assert [e["cards"] for e in of_type(events, "paid")] == [["2D"]]


def test_vehicle_cards_do_not_use_up_a_lamb():
    # the vehicle's cards are "discarded with no effect whatever they are": a Shuffler dealt
    # away is not the next Shuffler drawn, so the lamb still waits for that one
    s = new_state(vehicle=True, sacrificial_lamb=True)
    stack(s, ["QC", "KC", "9S", "8C", "7S"])
    step, events = play(s, draw(0), {"player": 0, "kind": "sacrificial_lamb"}, draw(0), {"player": 0, "kind": "vehicle"})
    assert [e["card"] for e in of_type(events, "vehicle_passed")] == ["9S", "8C"]
    assert step.state["encounters"][0]["lambs"] == 1
    step = core.apply(step.state, draw(0))
    assert of_type(step, "shuffler_eaten") == [{"type": "shuffler_eaten", "player": 0, "card": "7S"}]


# ======================================================================================
# Competitive variation
# ======================================================================================
def test_competitive_one_deck_per_player():
    state = core.new_game("shufflers", 3, seed=11).state
    assert len(state["seats"]) == 3 and len(state["encounters"]) == 3
    for seat, pile in zip(state["seats"], state["encounters"], strict=True):
        assert seat["ammo"] == AMMO and seat["health"] == HEALTH
        assert sorted(pile["deck"]) == ENCOUNTER_CARDS
        assert sum(ROLE[c] == "joker" for c in pile["deck"][:17]) == 1
    decks = [p["deck"] for p in state["encounters"]]
    assert decks[0] != decks[1] != decks[2] != decks[0]  # each shuffled on its own


def _high_card_rounds(players: int, draws: list[dict]) -> tuple[list, int]:
    """Replay the draw for first player: (rounds, winner) by 'highest card wins, aces low'."""
    order = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    contenders, i, rounds = list(range(players)), 0, []
    while len(contenders) > 1:
        rnd = draws[i:i + len(contenders)]
        assert [d["player"] for d in rnd] == contenders  # the tied players draw again, in seat order
        i += len(contenders)
        rounds.append(rnd)
        best = max(order.index(d["card"][:-1]) for d in rnd)
        contenders = [d["player"] for d in rnd if order.index(d["card"][:-1]) == best]
    assert i == len(draws)
    return rounds, contenders[0]


def test_competitive_first_player_by_high_card_aces_low():
    standard = set(AMMO + HEALTH + cards(range(1, 11), "C") + cards(range(1, 11), "S")
                   + [r + s for r in "JQK" for s in "CDHS"])
    ace_lost, ties = False, False
    for seed in range(300):
        players = 2 + seed % 3
        step = core.new_game("shufflers", players, seed=seed)
        [event] = of_type(step, "first_player")
        assert all(d["card"] in standard for d in event["draws"])  # a plain 52-card deck
        rounds, winner = _high_card_rounds(players, event["draws"])
        assert event["player"] == winner and step.state["turn"] == winner
        assert step.pending[0]["player"] == winner
        ties |= len(rounds) > 1
        ace_lost |= any(d["card"][0] == "A" and len({x["card"][:-1] for x in r}) > 1 for r in rounds for d in r)
    assert ace_lost and ties  # aces are low (an Ace never wins against another rank); ties redraw


def _competitive(players: int, seed: int = 0, **options) -> dict:
    s = new_state(players, seed, **options)
    s["turn"] = 0
    return s


def test_competitive_turns_in_order_skip_dead():
    s = _competitive(3)
    set_row(s, 1, "ammo", [])
    set_row(s, 1, "health", ["AH"])
    stack(s, ["2C", "3C"], pile=0)
    stack(s, ["5C"], pile=1)
    stack(s, ["2S", "3S"], pile=2)
    step = core.apply(ready(s), draw(0))
    assert step.state["turn"] == 1 and step.pending[0]["player"] == 1
    step = core.apply(step.state, draw(1))  # seat 1 dies
    assert step.state["seats"][1]["status"] == "dead" and step.outcome is None
    assert step.state["turn"] == 2
    step = core.apply(step.state, draw(2))
    assert step.state["turn"] == 0
    step = core.apply(step.state, draw(0))
    assert step.state["turn"] == 2  # seat 1 is skipped
    with pytest.raises(core.NotYourTurn):
        core.apply(step.state, draw(1))


def test_competitive_players_keep_their_own_rows_and_decks():
    s = _competitive(2)
    stack(s, ["6C"], pile=0)
    stack(s, ["JS"], pile=1)
    step, _ = play(ready(s), draw(0), draw(1))
    a, b = step.state["seats"]
    assert a["ammo"] == without(AMMO, "6D") and a["stolen"] == []
    assert b["ammo"] == without(AMMO, "10D") and b["stolen"] == ["10D"]
    assert step.state["encounters"][0]["discard"] == ["6C"] and step.state["encounters"][1]["discard"] == ["JS"]


def test_first_to_the_boat_wins():
    s = _competitive(2)
    stack(s, ["X1", "X2"], pile=0)
    stack(s, ["X1", "5C"], pile=1)
    step, _ = play(ready(s), draw(0), draw(1), draw(0))
    assert step.outcome == {"winners": [0], "scores": {"0": 110, "1": 110}, "reason": "escaped"}
    assert [x["status"] for x in step.state["seats"]] == ["escaped", "left_behind"]
    assert step.pending == []
    with pytest.raises(core.GameOver):
        core.apply(step.state, draw(1))


def test_competitive_losers_still_living_are_left_behind_when_the_game_ends():
    # issue 12: at the end nobody is still "alive": the winner escaped, the dead stay dead, and
    # whoever lives on without reaching the boat is "left_behind"
    s = _competitive(3)
    set_row(s, 1, "ammo", [])
    set_row(s, 1, "health", ["AH"])
    stack(s, ["X1", "X2"], pile=0)
    stack(s, ["5C"], pile=1)
    stack(s, ["2S"], pile=2)
    step, _ = play(ready(s), draw(0), draw(1), draw(2), draw(0))
    assert step.outcome["winners"] == [0]
    assert [x["status"] for x in step.state["seats"]] == ["escaped", "dead", "left_behind"]
    core.check_state(step.state)
    broken = json.loads(json.dumps(step.state))
    broken["seats"][2]["status"] = "alive"
    with pytest.raises(core.InvalidState):
        core.check_state(broken)


def test_competitive_everyone_dead_nobody_wins():
    s = _competitive(2)
    for p in (0, 1):
        set_row(s, p, "ammo", [])
        set_row(s, p, "health", ["AH"])
        stack(s, ["5C"], pile=p)
    step, _ = play(ready(s), draw(0), draw(1))
    assert step.outcome == {"winners": [], "scores": {"0": 0, "1": 0}, "reason": "all_dead"}


def test_competitive_lamb_protects_only_its_owner():
    s = _competitive(2, sacrificial_lamb=True)
    stack(s, ["QC", "6C"], pile=0)
    stack(s, ["5C"], pile=1)
    step, events = play(ready(s), draw(0), {"player": 0, "kind": "sacrificial_lamb"}, draw(1), draw(0))
    assert [(e["player"], e["cards"]) for e in of_type(events, "paid")] == [(1, ["5D"])]
    assert of_type(events, "shuffler_eaten") == [{"type": "shuffler_eaten", "player": 0, "card": "6C"}]


# ======================================================================================
# Collaborative variation
# ======================================================================================
def _collab(players: int, seed: int = 0, **options) -> dict:
    return new_state(players, seed, collaborative=True, **options)


def test_collaborative_one_deck_per_player_two_jokers():
    for players in (2, 3, 5):
        state = core.new_game("shufflers", players, {"collaborative": True}, seed=players).state
        assert len(state["encounters"]) == 1
        deck = state["encounters"][0]["deck"]
        assert len(deck) == 32 * players + 2
        assert sorted(c for c in deck if ROLE[c] == "joker") == ["X1#0", "X2#0"]
        half = len(deck) // 2  # 16 * players + 1
        assert sum(ROLE[c] == "joker" for c in deck[:half]) == 1
        assert sum(ROLE[c] == "joker" for c in deck[half:]) == 1
        for d in range(players):
            mine = sorted(c.split("#")[0] for c in deck if c.endswith(f"#{d}") and ROLE[c] != "joker")
            assert mine == [c for c in ENCOUNTER_CARDS if c not in ("X1", "X2")]
            assert state["seats"][d]["ammo"] == [f"{c}#{d}" for c in AMMO]
            assert state["seats"][d]["health"] == [f"{c}#{d}" for c in HEALTH]
        assert state["turn"] == 0 and of_type(core.new_game("shufflers", players, {"collaborative": True}), "first_player") == []


def test_collaborative_every_living_player_draws_each_round_in_seat_order():
    s = _collab(4)
    kill(s, 2)
    stack(s, ["X1#0", "JC#1", "2C#3", "3C#0"])
    step = core.apply(ready(s), draw(0))
    assert step.state["turn"] == 1
    step = core.apply(step.state, draw(1))  # the thief is resolved when drawn
    assert step.pending[0]["kind"] == "thief"
    step = core.apply(step.state, {"player": 1, "kind": "rob", "target": 0})
    assert step.state["turn"] == 3  # seat 2 is dead: skipped
    step = core.apply(step.state, draw(3))  # the round's 2 Shufflers are paid: exact card 2D of 0, 1 or 3
    assert step.pending[0]["kind"] == "contribute"
    assert sorted(o["card"] for o in all_options(step)) == ["2D#0", "2D#1", "2D#3"]
    step = core.apply(step.state, contribute(3, "2D#3"))
    assert step.state["turn"] == 0 and kinds(step) == ["draw"] and step.pending[0]["player"] == 0


def test_collaborative_example_neil_rik_vivien():
    # Neil draws the three of Clubs, Rik the seven of Spades and Vivien the four of Clubs:
    # 14 Shufflers. Neil only has two rounds of Ammo. Rik and Vivien discard a nine and a
    # five respectively. Neil keeps what little Ammo he has.
    neil, rik, vivien = 0, 1, 2
    s = _collab(3)
    set_row(s, neil, "ammo", ["2D#0"])
    stack(s, ["3C#0", "7S#1", "4C#2"])
    step, events = play(ready(s), draw(neil), draw(rik), draw(vivien))
    assert [(e["player"], e["count"]) for e in of_type(events, "shufflers_attack")] == [(0, 3), (1, 7), (2, 4)]
    assert step.state["task"] == {"kind": "payment", "seat": None, "amount": 14, "source": "ammo", "paid": []}
    assert contribute(rik, "9D#1") in all_options(step) and contribute(vivien, "5D#2") in all_options(step)
    step = core.apply(step.state, contribute(rik, "9D#1"))
    assert step.state["task"]["paid"] == ["9D#1"]
    assert contribute(vivien, "5D#2") in all_options(step)
    assert contribute(vivien, "10D#2") not in all_options(step)  # 9 + 10 would overshoot
    step = core.apply(step.state, contribute(vivien, "5D#2"))
    assert [(e["player"], e["cards"]) for e in of_type(step, "paid")] == [(vivien, ["5D#2"])]
    seats = step.state["seats"]
    assert seats[neil]["ammo"] == ["2D#0"]  # Neil keeps what little Ammo he has
    assert seats[rik]["ammo"] == [f"{c}#1" for c in AMMO if c != "9D"]
    assert seats[vivien]["ammo"] == [f"{c}#2" for c in AMMO if c != "5D"]
    # they can now move on to the next round
    assert step.state["task"] is None and step.state["round_shufflers"] == 0
    assert step.pending[0]["player"] == neil and step.pending[0]["kind"] == "draw"


def test_collaborative_shufflers_of_a_round_are_summed():
    s = _collab(2)
    stack(s, ["6C#0", "9S#1"])
    step = core.apply(s, draw(0))
    assert step.state["round_shufflers"] == 6 and step.state["task"] is None
    assert of_type(step, "paid") == [] and step.state["seats"][0]["ammo"] == [f"{c}#0" for c in AMMO]
    assert step.pending[0]["player"] == 1 and step.pending[0]["kind"] == "draw"
    step = core.apply(step.state, draw(1))
    assert step.state["task"] == {"kind": "payment", "seat": None, "amount": 15, "source": "ammo", "paid": []}
    assert step.state["round_shufflers"] == 0


def test_collaborative_special_cards_resolve_when_drawn_shufflers_at_round_end():
    s = _collab(2)
    set_discard(s, 1, "health", ["7H#1"])
    stack(s, ["5C#0", "QD#0"])
    step = core.apply(ready(s), draw(0))
    assert step.state["round_shufflers"] == 5 and of_type(step, "paid") == []
    step = core.apply(step.state, draw(1))
    # the doctor helps at once (one beneficiary possible), then the round's 5 are due
    assert of_type(step, "card_retrieved") == [{"type": "card_retrieved", "player": 1, "card": "7H#1"}]
    assert step.state["task"] == {"kind": "payment", "seat": None, "amount": 5, "source": "ammo", "paid": []}
    assert sorted(o["card"] for o in all_options(step)) == ["5D#0", "5D#1"]  # the exact card, whoever holds it


def test_collaborative_every_player_may_pay():
    s = _collab(3)
    stack(s, ["8C#0", "6S#1", "AC#2"])  # 15 Shufflers: no single card, many sets
    step, _ = play(s, draw(0), draw(1), draw(2))
    assert sorted(d["player"] for d in step.pending) == [0, 1, 2]
    assert all(d["kind"] == "contribute" for d in step.pending)
    for d in step.pending:
        assert all(o["card"].endswith(f"#{d['player']}") for o in d["options"])
    seen = core.view(step.state, 1)
    assert seen["waiting_for"] == [0, 1, 2]
    assert [d["player"] for d in seen["pending"]] == [1]
    # any seat may spend first, in any order
    step2 = core.apply(step.state, contribute(2, "10D#2"))
    step2 = core.apply(step2.state, contribute(0, "5D#0"))
    assert step2.state["task"] is None
    assert step2.state["seats"][0]["ammo_discard"] == ["5D#0"] and step2.state["seats"][2]["ammo_discard"] == ["10D#2"]
    step3 = core.apply(step.state, contribute(0, "7D#0"))
    assert sorted(d["player"] for d in step3.pending) == [0, 1, 2]
    assert all(o["card"] in ("8D#0", "8D#1", "8D#2") or value([o["card"]]) < 8 for o in all_options(step3))


def test_collaborative_exact_card_must_be_spent_when_anyone_holds_it():
    s = _collab(3)
    set_row(s, 0, "ammo", [f"{c}#0" for c in AMMO if c != "7D"])
    stack(s, ["3C#0", "4C#1", "X1#0"])  # 3 + 4 + the coast = 7 Shufflers
    step, _ = play(ready(s), draw(0), draw(1), draw(2))
    assert sorted(map(str, all_options(step))) == sorted(map(str, [contribute(1, "7D#1"), contribute(2, "7D#2")]))
    step = core.apply(step.state, contribute(2, "7D#2"))
    assert step.state["task"] is None and step.state["seats"][2]["ammo_discard"] == ["7D#2"]


def test_collaborative_rounds_up_on_pooled_ammo():
    s = _collab(2)
    set_row(s, 0, "ammo", ["4D#0"])
    set_row(s, 1, "ammo", ["9D#1"])
    stack(s, ["3C#0", "3S#1"])  # 6 from 4 and 9: totals 4, 9, 13: the 9 alone
    step, events = play(ready(s), draw(0), draw(1))
    assert of_type(events, "paid") == [{"type": "paid", "player": 1, "source": "ammo", "cards": ["9D#1"], "amount": 9}]
    assert step.state["seats"][0]["ammo"] == ["4D#0"]


def test_collaborative_out_of_ammo_pays_from_pooled_health():
    s = _collab(2)
    set_row(s, 0, "ammo", ["AD#0"])
    set_row(s, 1, "ammo", ["2D#1"])
    stack(s, ["5C#0", "AC#1"])  # 6 Shufflers, 3 rounds between them: all Ammo, then 3 Health
    step, events = play(ready(s), draw(0), draw(1))
    assert sorted((e["player"], e["source"], tuple(e["cards"])) for e in of_type(events, "paid")) == [
        (0, "ammo", ("AD#0",)), (1, "ammo", ("2D#1",))]
    assert step.state["task"] == {"kind": "payment", "seat": None, "amount": 3, "source": "health", "paid": []}
    assert sorted(o["card"] for o in all_options(step)) == ["3H#0", "3H#1"]


def test_collaborative_payment_goes_on_after_a_player_spends_their_last_health():
    # Pooled Health pays 7: seat 0 spends its only Heart (a 3) first, seat 1 then pays the 4
    # left. Seat 0 is dead once the payment is done; in between the position is a legal one.
    s = _collab(2)
    set_row(s, 0, "ammo", [])
    set_row(s, 1, "ammo", [])
    set_row(s, 0, "health", ["3H#0"])
    set_row(s, 1, "health", ["AH#1", "2H#1", "3H#1", "4H#1"])
    stack(s, ["4C#0", "3C#1"])
    step, _ = play(ready(s), draw(0), draw(1))
    assert contribute(0, "3H#0") in all_options(step)
    step, events = play(step.state, contribute(0, "3H#0"))
    assert step.state["seats"][0]["health"] == []
    assert {o["card"] for o in all_options(step)} == {"AH#1", "3H#1", "4H#1"}
    core.check_state(step.state)  # the engine's own position must be accepted
    step, more = play(step.state, contribute(1, "4H#1"))
    assert step.state["seats"][0]["status"] == "dead" and step.state["seats"][1]["status"] == "alive"
    assert of_type(events + more, "player_died") == [{"type": "player_died", "player": 0}]
    assert step.state["task"] is None and step.pending[0]["player"] == 1  # the next round: seat 1 alone


def test_collaborative_queen_beneficiary_choice():
    s = _collab(3)
    set_discard(s, 0, "health", ["6H#0"])
    set_discard(s, 2, "health", ["8H#2", "3H#2"])
    stack(s, ["QS#1"])
    step = core.apply(ready(s), draw(0))
    assert step.pending[0]["kind"] == "help" and step.pending[0]["player"] == 0
    assert step.pending[0]["options"] == [{"player": 0, "kind": "retrieve", "target": 0},
                                          {"player": 0, "kind": "retrieve", "target": 2}]
    step = core.apply(step.state, {"player": 0, "kind": "retrieve", "target": 2})
    assert of_type(step, "card_retrieved") == [{"type": "card_retrieved", "player": 2, "card": "3H#2"}]
    assert step.state["seats"][2]["health_discard"] == ["8H#2"]
    assert step.state["seats"][0]["health_discard"] == ["6H#0"]
    assert step.state["turn"] == 1


def test_collaborative_king_beneficiary_choice():
    s = _collab(2)
    set_discard(s, 0, "ammo", ["9D#0"])
    set_discard(s, 1, "ammo", ["4D#1"])
    stack(s, ["KH#0"])
    step = core.apply(ready(s), draw(0))
    assert sorted(o["target"] for o in step.pending[0]["options"]) == [0, 1]
    step = core.apply(step.state, {"player": 0, "kind": "retrieve", "target": 1})
    assert step.state["seats"][1]["ammo"] == [f"{c}#1" for c in AMMO]
    assert step.state["seats"][0]["ammo_discard"] == ["9D#0"]


def test_collaborative_jack_victim_choice():
    s = _collab(3)
    set_row(s, 2, "ammo", [])
    stack(s, ["X1#0", "JD#0"])
    step = core.apply(ready(s), draw(0))
    step = core.apply(step.state, draw(1))
    assert step.pending[0]["kind"] == "thief" and step.pending[0]["player"] == 1
    assert step.pending[0]["options"] == [{"player": 1, "kind": "rob", "target": t} for t in (0, 1, 2)]
    robbed = core.apply(step.state, {"player": 1, "kind": "rob", "target": 0})
    assert of_type(robbed, "card_stolen") == [{"type": "card_stolen", "player": 0, "card": "10D#0"}]
    assert robbed.state["seats"][0]["stolen"] == ["10D#0"]
    robbed = core.apply(step.state, {"player": 1, "kind": "rob", "target": 2})  # no Ammo: the highest Heart
    assert of_type(robbed, "card_stolen") == [{"type": "card_stolen", "player": 2, "card": "10H#2"}]


def test_collaborative_jack_with_one_possible_victim_robs_at_once():
    s = _collab(2)
    kill(s, 1)
    stack(s, ["JS#1"])
    step = core.apply(ready(s), draw(0))
    assert of_type(step, "card_stolen") == [{"type": "card_stolen", "player": 0, "card": "10D#0"}]
    assert kinds(step) == ["draw"]


def test_collaborative_vehicle_second_joker_every_living_player_escapes():
    s = _collab(2, vehicle=True)
    stack(s, ["X1#0", "KC#1", "5C#0", "X2#0"])
    step, events = play(s, draw(0), draw(1), {"player": 1, "kind": "vehicle"})
    assert [e["card"] for e in of_type(events, "vehicle_passed")] == ["5C#0", "X2#0"]
    assert step.outcome == {"winners": [0, 1], "scores": {"0": 110, "1": 110}, "reason": "escaped"}


def test_collaborative_lamb_eats_next_shuffler_drawn_by_anyone():
    s = _collab(2, sacrificial_lamb=True)
    stack(s, ["QC#1", "9S#0", "4C#1"])
    step, events = play(s, draw(0), {"player": 0, "kind": "sacrificial_lamb"}, draw(1))
    assert of_type(events, "shuffler_eaten") == [{"type": "shuffler_eaten", "player": 1, "card": "9S#0"}]
    assert step.state["round_shufflers"] == 0 and step.state["task"] is None
    assert step.pending[0]["player"] == 0  # nothing to pay: the next round


def test_ultimate_sacrifice_discards_next_shuffler_and_donates_health():
    s = _collab(3)
    set_row(s, 1, "health", ["AH#1", "3H#1", "5H#1", "6H#1"])
    stack(s, ["2C#0", "8S#2", "4C#0", "4S#2"])
    step = core.apply(ready(s), draw(0))
    assert step.pending[0]["options"] == [draw(1), {"player": 1, "kind": "sacrifice"}]
    step = core.apply(step.state, {"player": 1, "kind": "sacrifice"})
    # 15 points for two players: the most even split is 8 and 7 (6+1 and 5+3); handed out
    # highest first, and where both seats would do, to the next seat clockwise (seat 2)
    assert of_type(step, "sacrificed") == [{"type": "sacrificed", "player": 1, "donations": [
        {"player": 2, "card": "6H#1"}, {"player": 0, "card": "5H#1"},
        {"player": 0, "card": "3H#1"}, {"player": 2, "card": "AH#1"}]}]
    seats = step.state["seats"]
    assert seats[1]["status"] == "sacrificed" and seats[1]["health"] == []
    assert value(seats[0]["health"]) == 55 + 8 and value(seats[2]["health"]) == 55 + 7
    assert seats[0]["health"][:4] == ["AH#0", "2H#0", "3H#0", "3H#1"]  # in value order
    assert step.state["encounters"][0]["lambs"] == 1
    step = core.apply(step.state, draw(2))  # the next Shuffler card is discarded without effect
    assert of_type(step, "shuffler_eaten") == [{"type": "shuffler_eaten", "player": 2, "card": "8S#2"}]
    # the round's 2 Shufflers: the sacrificed player's Ammo left with them
    assert sorted(o["card"] for o in all_options(step)) == ["2D#0", "2D#2"]
    step = core.apply(step.state, contribute(0, "2D#0"))
    assert step.pending[0]["player"] == 0
    step, _ = play(step.state, draw(0))
    assert step.pending[0]["player"] == 2  # seat 1 no longer draws


def _received(step, seats) -> list[int]:
    got = dict.fromkeys(seats, 0)
    for d in of_type(step, "sacrificed")[0]["donations"]:
        got[d["player"]] += value([d["card"]])
    return [got[p] for p in seats]


def test_ultimate_sacrifice_donates_health_as_equally_as_possible():
    # "any remaining Health Points are donated to the remaining players, as equally as possible":
    # 8, 7, 6, 5 and 4 (30 points) between two players can be split 15 and 15 (8+7, 6+5+4),
    # which handing each card to whoever has least so far (17 and 13) misses.
    s = _collab(3)
    set_row(s, 0, "health", ["4H#0", "5H#0", "6H#0", "7H#0", "8H#0"])
    step = core.apply(ready(s), {"player": 0, "kind": "sacrifice"})
    assert _received(step, [1, 2]) == [15, 15]
    assert sorted(len(step.state["seats"][p]["health"]) - 10 for p in (1, 2)) == [2, 3]
    # 45 points among three: 15 each (10+5, 8+7, 6+4+3+2)
    s = _collab(4)
    set_row(s, 0, "health", cards([2, 3, 4, 5, 6, 7, 8, 10], "H", 0))
    step = core.apply(ready(s), {"player": 0, "kind": "sacrifice"})
    assert _received(step, [1, 2, 3]) == [15, 15, 15]


@settings(max_examples=80, deadline=None)
@given(health=st.lists(st.integers(1, 10), min_size=1, max_size=8, unique=True), seat=st.integers(0, 2))
def test_ultimate_sacrifice_split_between_two_is_the_most_even(health, seat):
    s = _collab(3)
    set_row(s, seat, "health", cards(health, "H", seat))
    others = [(seat + 1) % 3, (seat + 2) % 3]
    step = core.apply(ready({**s, "turn": seat}), {"player": seat, "kind": "sacrifice"})
    a, b = _received(step, others)
    best = min(abs(sum(health) - 2 * sum(c)) for k in range(len(health) + 1) for c in combinations(health, k))
    assert a + b == sum(health) and abs(a - b) == best
    assert step.state["seats"][seat]["health"] == [] and step.state["seats"][seat]["status"] == "sacrificed"


def test_ultimate_sacrifice_needs_another_living_player():
    s = _collab(2)
    kill(s, 1)
    step = core.apply(ready(s), draw(0))
    assert all_options(step) == [draw(0)]
    for players in (1, 2):  # and only the collaborative variation has it
        step = core.new_game("shufflers", players, seed=1)
        assert all(o["kind"] == "draw" for o in all_options(step))


def test_collaborative_second_joker_every_living_player_escapes():
    s = _collab(3)
    kill(s, 2)
    already_drawn(s, ["X1#0"])
    stack(s, ["7C#0", "X2#0"])
    step, _ = play(ready(s), draw(0), draw(1))
    assert step.outcome == {"winners": [0, 1], "scores": {"0": 110, "1": 110, "2": 0}, "reason": "escaped"}
    assert [x["status"] for x in step.state["seats"]] == ["escaped", "escaped", "dead"]


def test_collaborative_everyone_dead_group_loses():
    s = _collab(2)
    for p in (0, 1):
        set_row(s, p, "ammo", [])
        set_row(s, p, "health", [f"AH#{p}"])
    stack(s, ["3C#0", "2C#1"])
    step, events = play(ready(s), draw(0), draw(1))
    assert sorted(e["player"] for e in of_type(events, "player_died")) == [0, 1]
    assert step.outcome == {"winners": [], "scores": {"0": 0, "1": 0}, "reason": "all_dead"}


# ======================================================================================
# Scoring
# ======================================================================================
def test_score_is_remaining_ammo_plus_health():
    s = new_state()
    stack(s, ["6C", "JC", "7S", "X1", "X2"])  # pays 6D, loses 10D, pays 7D
    step, _ = play(s, draw(0), draw(0), draw(0), draw(0), draw(0))
    assert step.outcome == {"winners": [0], "scores": {"0": (55 - 6 - 10 - 7) + 55}, "reason": "escaped"}


def test_score_is_reported_for_every_seat_won_or_lost():
    s = _competitive(2)
    set_row(s, 1, "ammo", ["3D"])
    set_row(s, 1, "health", ["AH", "9H"])
    stack(s, ["X1", "X2"], pile=0)
    stack(s, ["JC"], pile=1)
    step, _ = play(ready(s), draw(0), draw(1), draw(0))
    assert step.outcome == {"winners": [0], "scores": {"0": 110, "1": 10}, "reason": "escaped"}


# ======================================================================================
# The wire format (docs/shufflers-contract.md)
# ======================================================================================
EVENT_FIELDS = {
    "first_player": {"draws", "player"}, "card_drawn": {"player", "card"}, "joker_drawn": {"player", "jokers"},
    "shufflers_attack": {"player", "count"}, "shuffler_eaten": {"player", "card"},
    "paid": {"player", "source", "cards", "amount"}, "card_retrieved": {"player", "card"},
    "card_stolen": {"player", "card"}, "vehicle_passed": {"player", "card"}, "lamb_offered": {"player"},
    "player_died": {"player"}, "sacrificed": {"player", "donations"}, "escaped": {"player"},
    "game_over": {"outcome"},
}
MOVE_FIELDS = {"draw": set(), "sacrifice": set(), "pay": {"cards"}, "contribute": {"card"}, "retrieve": {"target"},
               "ignore": set(), "vehicle": set(), "sacrificial_lamb": set(), "rob": {"target"}}
DECISION_KINDS = {"draw", "pay", "contribute", "help", "thief"}


@pytest.mark.parametrize("players,options", [
    (1, {"vehicle": True, "sacrificial_lamb": True}), (3, {"sacrificial_lamb": True}),
    (3, {"collaborative": True, "vehicle": True, "sacrificial_lamb": True})])
def test_events_moves_and_decisions_are_the_documented_ones(players, options):
    from core.framework.rng import Rng

    seen = set()
    for seed in range(12):
        rng = Rng.from_seed(seed)
        step = core.new_game("shufflers", players, options, seed=seed)
        while True:
            for e in step.events:
                assert set(e) == {"type"} | EVENT_FIELDS[e["type"]], e
                assert "player" not in e or type(e["player"]) is int and 0 <= e["player"] < players
                seen.add(e["type"])
            for d in step.pending:
                assert d["kind"] in DECISION_KINDS
                for o in d["options"]:
                    assert set(o) == {"player", "kind"} | MOVE_FIELDS[o["kind"]], o
            if step.outcome is not None:
                assert set(step.outcome) == {"winners", "scores", "reason"}
                assert set(step.outcome["scores"]) == {str(p) for p in range(players)}
                break
            listed = all_options(step)
            step = core.apply(step.state, listed[rng.below(len(listed))])
    assert {"card_drawn", "shufflers_attack", "paid", "joker_drawn", "game_over"} <= seen
