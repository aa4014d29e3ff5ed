"""Showbiz Shuffle, rule by rule: shared/rules/showbiz-shuffle-rules.txt (every paragraph and
each clarification bullet) and docs/rulings-showbiz-shuffle.md.

Every test builds its position from a real new game (tests/core/showbiz_helpers.py moves cards
between zones, so every card stays exactly once) and plays it through `core.apply`. The cards
are the house catalog's (core/games/showbiz_shuffle/cards/*.toml); the comments say what they are.
"""

import collections

import pytest

import core
from core.games.showbiz_shuffle.cards import BIZ, BOD, GENRE_CARDS, TYPE, VALUE, bod_deck
from showbiz_helpers import (
    biz, cast, end_turn, leave_in_deck, of_type, options, play, put_movie, ready, refused, set_biz,
    set_cattle_call, set_hand, shake_up, short_hand, stack, stack_biz, start, step_of,
)
from showbiz_helpers import GAME
from showbiz_helpers import new_state as fresh

# Action: Errol Flinn (Star 6), Kathryn Bigelot (Director 6), Ward Bondo (Support 4), Gabby
# Hayseed (Support 3, +2 beside Errol Flinn), Steve McQueasy (Star 7, joins only a movie with a Director).
ACTION_HAND = ["S10", "D07", "A10", "A21", "S13"]
# Shirley Tempo (family Star 6), Jackie Coogler (family Support 4), Cary Grunt (romance Star 6),
# Agnes Moorefield (drama Support 4), Ingmar Bergamot (drama Director 6).
CALL = ["S14", "A16", "S08", "A11", "D11"]
# An action movie one Support short of done: Errol Flinn, Kathryn Bigelot, Steve McQueasy, Ward Bondo.
ALMOST = ["S10", "D07", "S13", "A10"]
ALMOST_HAND = ["A21", "S16", "D05", "A12", "S17"]  # Gabby Hayseed finishes it: 6 + 6 + 7 + 4 + 3 + 2 = 28


def movie(p, slot, genre, cast_, biz_=(), on=None) -> dict:
    return {"p": p, "slot": slot, "genre": genre, "cast": list(cast_), "biz": tuple(biz_), "on": on}


def position(players: int = 2, hand=ACTION_HAND, call=CALL, held=(), movies=()) -> dict:
    """Seat 0 to play, nothing played yet: these movies in production, then this hand, Cattle
    Call and Biz cards for seat 0 (every other hand stays five Bods)."""
    s = fresh(players)
    for m in movies:
        put_movie(s, m["p"], m["slot"], m["genre"], m["cast"], m["biz"], m["on"])
    set_hand(s, 0, list(hand))
    set_cattle_call(s, list(call))
    set_biz(s, 0, list(held))
    return ready(s)


def finish(movies=(), held=(), players: int = 2) -> dict:
    """Seat 0 holds Gabby Hayseed, and the ALMOST movie in its slot 0, plus `movies`."""
    return position(players, hand=ALMOST_HAND, held=held, movies=[movie(0, 0, "action", ALMOST), *movies])


def end_game(players: int = 2, **kwargs) -> dict:
    """The position, with the Bod deck empty and seat 0 playing its final turn (the last)."""
    s = position(players, **kwargs)
    leave_in_deck(s, 0)
    s["final_turns"] = 1
    return ready(s)


def movie_of(step, p: int = 0, slot: int = 0) -> dict:
    return step.state["seats"][p]["movies"][slot]


def completed(events) -> dict:
    [done] = of_type(events, "movie_completed")
    return done


def a_turn(step, p: int) -> None:
    assert step.outcome is None
    assert [(d["player"], d["kind"]) for d in step.pending] == [(p, "turn")]


# ==================================================================================================
# Game components: the catalog (a house design, as data)
# ==================================================================================================
def test_bod_cards_are_directors_stars_and_supporting_actors_with_a_value_and_genre_colours():
    assert collections.Counter(c["type"] for c in BOD.values()) == {"director": 20, "star": 40, "support": 40}
    for c in BOD.values():
        assert c["value"] >= 1 and 1 <= len(c["genres"]) <= 3, c["id"]
        assert c["source"] == "house" and c["text"], c["id"]


def test_the_five_genres_and_their_colours():
    assert [(g["id"], g["colour"]) for g in GENRE_CARDS] == [
        ("action", "yellow"), ("romance", "red"), ("drama", "blue"), ("family", "green"), ("specialty", "purple")]


def test_biz_cards_with_and_without_dollar_signs():
    costs = collections.Counter(c["cost"] > 0 for c in BIZ.values())
    assert costs[True] >= 10 and costs[False] >= 10
    assert all(c["source"] == "house" and c["text"] and c["effects"] for c in BIZ.values())
    assert {"Upstaged", "Won an Oscar", "Drug Problem", "Bad Ratings"} <= {c["name"] for c in BIZ.values()}


def test_bod_deck_size_depends_on_the_number_of_players():
    assert [len(bod_deck(n)) for n in (2, 3, 4)] == [60, 80, 100]
    for n in (2, 3, 4):
        counts = collections.Counter(TYPE[c] for c in bod_deck(n))
        # a movie needs 1 Director, 2 Stars, 2 Supports: every deck keeps those proportions
        assert counts["star"] == counts["support"] == 2 * counts["director"]


def test_catalog_is_served_by_the_cards_hook():
    cards = core.get_game("showbiz-shuffle").cards()
    assert collections.Counter(c["deck"] for c in cards) == {"bod": 100, "biz": 43, "genre": 5}


# ==================================================================================================
# Game Set Up
# ==================================================================================================
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_five_bods_and_one_biz_each_and_five_face_up_in_the_cattle_call(players):
    step = core.new_game("showbiz-shuffle", players, seed=11)
    s = step.state
    assert all(len(seat["hand"]) == 5 and len(seat["biz"]) == 1 for seat in s["seats"])
    assert len(s["cattle_call"]) == 5
    assert len(s["bod_deck"]) == len(bod_deck(players)) - 5 * players - 5
    assert len(s["biz_deck"]) == len(BIZ) - players
    assert of_type(step, "cattle_call_filled") == [{"type": "cattle_call_filled", "cards": s["cattle_call"]}]


def test_setup_genre_cards_are_not_dealt():
    s = core.new_game("showbiz-shuffle", 3, seed=2).state
    assert all(seat["movies"] == [None, None] and seat["completed"] == [] for seat in s["seats"])


def test_setup_shuffles_with_the_seed():
    a, b = (core.new_game("showbiz-shuffle", 2, seed=x).state for x in (1, 2))
    assert a == core.new_game("showbiz-shuffle", 2, seed=1).state
    assert a["bod_deck"] != b["bod_deck"] and a["biz_deck"] != b["biz_deck"]


def test_first_seat_plays_first():
    a_turn(core.new_game("showbiz-shuffle", 4, seed=0), 0)


# ==================================================================================================
# Bod cards: genres, values, out-of-genre play, card text
# ==================================================================================================
def test_hand_bod_out_of_genre_is_played_upside_down_and_subtracts():
    # Humphrey Bogus 5, Steven Spielbird 4, Ward Bondo 4 in an action movie; Errol Flinn 6 and
    # Agnes Moorefield 4 (drama only) from the hand
    s = position(hand=["S10", "A11", "D07", "A21", "S13"], call=["S14", "A16", "S08", "D11", "S06"],
                 movies=[movie(0, 0, "action", ["S03", "D03", "A10"])])
    step, events = play(s, cast(0, "S10", "hand", 0), cast(0, "A11", "hand", 0))
    assert of_type(events, "bod_cast")[1]["upside_down"] is True
    assert completed(events)["points"] == 5 + 4 + 4 + 6 - 4


def test_cattle_call_bod_must_match_genre():
    # Ingmar Bergamot (drama Director) in the Cattle Call, an action movie that needs a Director
    s = position(movies=[movie(0, 0, "action", ["S03"])])
    assert cast(0, "D11", "cattle_call", 0) not in options(step_of(s))
    assert refused(s, cast(0, "D11", "cattle_call", 0)).rule == "cattle_call_must_match_genre"


def test_hand_bod_may_be_played_out_of_genre():
    s = position(hand=["D11", "S10", "A10", "A21", "S13"], call=["S14", "A16", "S08", "A11", "D07"],
                 movies=[movie(0, 0, "action", ["S03"])])
    step = core.apply(s, cast(0, "D11", "hand", 0))
    assert movie_of(step)["cast"][-1] == {"bod": "D11", "upside_down": True, "biz": []}


def test_cattle_call_bod_in_genre_goes_into_the_movie():
    s = position(call=["D11", "A16", "S08", "A11", "S14"], movies=[movie(0, 0, "drama", ["S06"])])
    step = core.apply(s, cast(0, "D11", "cattle_call", 0))
    assert [e["bod"] for e in movie_of(step)["cast"]] == ["S06", "D11"]
    assert "D11" not in step.state["cattle_call"] and "D11" not in step.state["seats"][0]["hand"]


def test_bod_value_adds_to_a_finished_movie():
    step, events = play(finish(), cast(0, "A21", "hand", 0))
    assert completed(events)["points"] == 6 + 6 + 7 + 4 + 3 + 2


def test_bod_text_draw_biz_cards_when_played():
    s = position(hand=["D09", "S10", "A10", "A21", "S13"])  # Ed Woodley: draw 2 Biz cards
    stack_biz(s, ["B17", "B21"])
    step = core.apply(ready(s), start(0, "D09", "hand", "specialty"))
    assert of_type(step, "biz_drawn") == [{"type": "biz_drawn", "player": 0, "cards": ["B17", "B21"]}]
    assert step.state["seats"][0]["biz"] == ["B17", "B21"]


def test_bod_text_draw_biz_counts_from_the_cattle_call_too():
    # Mr. Whiskers the Cat: family/specialty Support, draw 2
    s = position(call=["A22", "A16", "S08", "A11", "D11"], movies=[movie(0, 0, "family", ["S14"])])
    step = core.apply(s, cast(0, "A22", "cattle_call", 0))
    assert len(of_type(step, "biz_drawn")[0]["cards"]) == 2


def test_bod_text_restriction_joins_only_a_movie_with_a_director():
    s = position(movies=[movie(0, 0, "action", ["S03"])])  # Steve McQueasy needs a Director first
    assert not any(o.get("bod") == "S13" for o in options(step_of(s)))  # no cast, no start
    assert refused(s, cast(0, "S13", "hand", 0)).rule == "bod_requires_another_type"
    assert refused(s, start(0, "S13", "hand", "action")).rule == "bod_requires_another_type"
    assert cast(0, "S13", "hand", 0) in options(core.apply(s, cast(0, "D07", "hand", 0)))


def test_bod_text_bonus_with_another_card_only_beside_it():
    # Gabby Hayseed finishing Clark Gabled 5, Steven Spielbird 4, Steve McQueasy 7, Ward Bondo 4:
    # no Errol Flinn, no bonus
    s = position(hand=ALMOST_HAND, movies=[movie(0, 0, "action", ["S05", "D03", "S13", "A10"])])
    step, events = play(s, cast(0, "A21", "hand", 0))
    assert completed(events)["points"] == 5 + 4 + 7 + 4 + 3


def test_bod_text_feuding_stars_never_share_a_movie():
    s = position(hand=["S07", "D07", "A10", "A21", "S13"], movies=[movie(0, 0, "drama", ["S06"])])
    assert cast(0, "S07", "hand", 0) not in options(step_of(s))  # Joan Crawfish and Bette Daviss
    assert refused(s, cast(0, "S07", "hand", 0)).rule == "bods_feud"


# ==================================================================================================
# Biz cards
# ==================================================================================================
def test_biz_card_genre_restriction():
    s = position(held=["B01"], movies=[movie(0, 0, "action", ["S03"]), movie(0, 1, "drama", ["S06"])])
    listed = options(step_of(s))  # Special Effects: Action or Specialty films only
    assert biz(0, "B01", 0, 0) in listed and biz(0, "B01", 0, 1) not in listed
    assert refused(s, biz(0, "B01", 0, 1)).rule == "biz_card_genre_restriction"


def test_biz_modifier_counts_when_the_movie_is_scored():
    step, events = play(finish(held=["B01"]), biz(0, "B01", 0, 0), cast(0, "A21", "hand", 0))
    assert completed(events)["points"] == 28 + 4  # Special Effects +4
    assert completed(events)["biz"] == ["B01"]


def test_a_biz_card_on_a_movie_may_leave_out_its_bod():
    # issue 12: `play_biz` on a movie may omit `"bod": null`; the listed option keeps it
    listed = biz(0, "B01", 0, 0)
    assert listed in options(step_of(finish(held=["B01"])))
    short = {k: v for k, v in listed.items() if k != "bod"}
    step, events = play(finish(held=["B01"]), short, cast(0, "A21", "hand", 0))
    assert completed(events)["points"] == 28 + 4
    assert of_type(events, "biz_played")[0]["bod"] is None
    # on a Bod the Bod is needed: a card meant for a Bod names it
    s = position(held=["B21"], movies=[movie(1, 0, "drama", ["S06", "D05"])])
    refused(s, {"player": 0, "kind": "play_biz", "card": "B21", "seat": 1, "movie": 0})


def test_biz_cards_may_be_played_on_a_rivals_movie_or_bod():
    s = position(held=["B21"], movies=[movie(1, 0, "drama", ["S06", "D05"])])  # Drug Problem: -4
    step = core.apply(s, biz(0, "B21", 1, 0, "S06"))
    assert movie_of(step, 1)["cast"][0]["biz"] == ["B21"]


def test_won_an_oscar_and_drug_problem_change_a_bods_points():
    s = position(hand=ALMOST_HAND, held=["B17"],  # Won an Oscar +4; Drug Problem -4 already on Kathryn Bigelot
                 movies=[movie(0, 0, "action", ALMOST, on={"D07": ["B21"]})])
    step, events = play(s, biz(0, "B17", 0, 0, "S13"), cast(0, "A21", "hand", 0))
    assert completed(events)["points"] == 6 + (6 - 4) + (7 + 4) + 4 + 3 + 2


def test_upstaged_bod_adds_nothing():
    step, events = play(finish(held=["B26"]), biz(0, "B26", 0, 0, "S13"), cast(0, "A21", "hand", 0))
    assert completed(events)["points"] == 6 + 6 + 0 + 4 + 3 + 2


def test_upstaged_never_helps_an_out_of_genre_bod():
    # Agnes Moorefield (drama) upside down in the action movie: -4, Upstaged or not
    s = position(hand=ALMOST_HAND, held=["B26"], call=["S14", "A16", "S08", "D11", "S06"],
                 movies=[movie(0, 0, "action", ["S10", "D07", "S13", "A11"])])
    step, events = play(s, biz(0, "B26", 0, 0, "A11"), cast(0, "A21", "hand", 0))
    assert completed(events)["points"] == 6 + 6 + 7 - 4 + 3 + 2


def test_bad_ratings_take_points_from_a_movie():
    step, events = play(finish(held=["B29"]), biz(0, "B29", 0, 0), cast(0, "A21", "hand", 0))
    assert completed(events)["points"] == 28 - 5


def test_biz_card_that_changes_what_a_movie_needs():
    step = core.apply(finish(held=["B39"]), biz(0, "B39", 0, 0))  # Two-Hander: one Support fewer
    assert completed(step)["points"] == 6 + 6 + 7 + 4  # complete now: scored at once
    assert movie_of(step) is None


def test_biz_card_that_adds_a_need_delays_a_rivals_movie():
    s = position(hand=ALMOST_HAND, held=["B37"], movies=[movie(1, 0, "action", ALMOST)])  # Script Rewrite: +1 Star
    step = core.apply(s, biz(0, "B37", 1, 0))
    assert movie_of(step, 1)["needs"] == {"director": 1, "star": 3, "support": 2}


def test_a_movie_cannot_need_fewer_than_it_already_has():
    s = position(held=["B41"], movies=[movie(0, 0, "action", ["S03", "D03", "S05"])])  # Star Vehicle: one Star fewer
    assert biz(0, "B41", 0, 0) not in options(step_of(s))
    assert refused(s, biz(0, "B41", 0, 0)).rule == "needs_below_cast"


def test_biz_card_on_the_wrong_kind_of_target_is_refused():
    s = position(held=["B17", "B29"], movies=[movie(0, 0, "action", ["S03"])])
    assert refused(s, biz(0, "B17", 0, 0)).rule == "biz_card_targets_a_bod"
    assert refused(s, biz(0, "B29", 0, 0, "S03")).rule == "biz_card_targets_a_movie"


# ==================================================================================================
# Genre cards
# ==================================================================================================
def test_movie_genre_must_be_a_colour_of_its_starting_bod():
    s = position()
    starts = {(o["bod"], o["genre"]) for o in options(step_of(s)) if o["kind"] == "start_movie"}
    assert ("S10", "action") in starts and ("S10", "drama") not in starts
    assert refused(s, start(0, "S10", "hand", "drama")).rule == "genre_must_match_starting_bod"


def test_genres_cannot_change_once_declared():
    # Humphrey Bogus is good at drama and action; his movie is declared action
    s = position(hand=["S03", "D11", "A10", "A21", "S13"], call=["S14", "A16", "S08", "A11", "D07"])
    step, _ = play(s, start(0, "S03", "hand", "action"), cast(0, "D11", "hand", 0))
    assert movie_of(step)["genre"] == "action"
    assert movie_of(step)["cast"][1]["upside_down"] is True  # the drama Director did not make it drama
    assert refused(step.state, cast(0, "A11", "cattle_call", 0)).rule == "cattle_call_must_match_genre"


def test_genre_marker_returns_to_the_pool_when_the_movie_is_scored():
    s = finish(movies=[movie(0, 1, "family", ["S09"])])
    step = core.apply(s, cast(0, "A21", "hand", 0))
    assert movie_of(step) is None  # the slot is free again, and family may be declared twice over
    assert start(0, "S14", "cattle_call", "family") in options(step)


# ==================================================================================================
# Making Movies
# ==================================================================================================
def test_movies_can_only_be_started_with_a_director_or_a_star():
    s = position()
    starters = {o["bod"] for o in options(step_of(s)) if o["kind"] == "start_movie"}
    assert starters == {"S10", "D07", "S14", "S08", "D11"}  # not Steve McQueasy: he needs a Director
    assert refused(s, start(0, "A10", "hand", "action")).rule == "movie_starts_with_star_or_director"
    assert refused(s, start(0, "A16", "cattle_call", "family")).rule == "movie_starts_with_star_or_director"


def test_complete_movie_is_one_director_two_stars_two_supports():
    s = position(hand=ALMOST_HAND, movies=[movie(0, 0, "action", ["S10", "D07", "S13"])])
    step = core.apply(s, cast(0, "A21", "hand", 0))
    assert not of_type(step, "movie_completed")  # four of five
    step = core.apply(finish(), cast(0, "A21", "hand", 0))
    assert collections.Counter(TYPE[b] for b in completed(step)["bods"]) == {"director": 1, "star": 2, "support": 2}


def test_points_are_scored_only_when_a_movie_is_completed():
    s = position(hand=["A10", "A21", "S03", "D03", "S05"], movies=[movie(0, 0, "action", ["S10", "D07", "S13"])])
    step = core.apply(s, cast(0, "A10", "hand", 0))
    assert not of_type(step, "movie_completed") and step.state["seats"][0]["completed"] == []
    step = core.apply(step.state, cast(0, "A21", "hand", 0))
    assert step.state["seats"][0]["completed"] == [{"genre": "action", "points": 28}]


def test_movie_takes_a_bod_only_while_it_needs_that_type():
    s = position(movies=[movie(0, 0, "action", ["S03", "D03"])])  # it has its Director
    listed = options(step_of(s))
    assert cast(0, "D07", "hand", 0) not in listed and cast(0, "S10", "hand", 0) in listed
    assert refused(s, cast(0, "D07", "hand", 0)).rule == "movie_has_enough_of_that_type"


def test_biz_cards_are_not_necessary_to_finish_a_movie():
    step = core.apply(finish(), cast(0, "A21", "hand", 0))
    assert completed(step)["biz"] == [] and completed(step)["points"] == 28


# ==================================================================================================
# Cards: the hand
# ==================================================================================================
def test_hand_is_refilled_to_five_bods_at_the_start_of_the_turn():
    s = position()
    step, _ = play(s, start(0, "S10", "hand", "action"), cast(0, "D07", "hand", 0), end_turn(0))
    assert len(step.state["seats"][0]["hand"]) == 3  # seat 0 refills at the start of its next turn
    drawn_next = step.state["bod_deck"][:2]
    step, events = play(step.state, end_turn(1))
    assert step.state["seats"][0]["hand"] == ["A10", "A21", "S13"] + drawn_next
    assert of_type(events, "bods_drawn") == [{"type": "bods_drawn", "player": 0, "cards": drawn_next}]


def test_biz_cards_do_not_count_towards_the_five_card_hand():
    s = position(held=["B17", "B18", "B21"])
    step, _ = play(s, start(0, "S10", "hand", "action"), end_turn(0), end_turn(1))
    assert len(step.state["seats"][0]["hand"]) == 5 and len(step.state["seats"][0]["biz"]) == 3


# ==================================================================================================
# Turns
# ==================================================================================================
def test_turn_starts_by_filling_the_cattle_call_then_the_hand():
    s = position()
    short_hand(s, 1, 4)  # seat 1 played a Bod from its hand last turn
    stack(s, ["S01", "S02"])
    step, events = play(ready(s), start(0, "S14", "cattle_call", "family"), end_turn(0))
    assert [(e["type"], e.get("cards")) for e in events[-3:]] == [
        ("turn_started", None), ("cattle_call_filled", ["S01"]), ("bods_drawn", ["S02"])]


def test_cattle_call_fills_to_five_at_the_start_of_each_turn():
    s = position()
    step, events = play(s, start(0, "S14", "cattle_call", "family"), end_turn(0))
    assert len(step.state["cattle_call"]) == 5
    assert len(of_type(events, "cattle_call_filled")[0]["cards"]) == 1


def test_one_cattle_call_bod_two_hand_bods_and_one_biz_card_each_turn():
    s = position(held=["B17", "B19"], call=["S03", "A16", "S08", "A11", "D11"])
    step, _ = play(s, start(0, "S10", "hand", "action"), cast(0, "D07", "hand", 0),
                   cast(0, "S03", "cattle_call", 0), biz(0, "B17", 0, 0, "S10"))
    assert step.state["played"] == {"cattle_call": 1, "hand": 2, "biz": 1, "shake_up": False}
    assert options(step) == [end_turn(0)]
    assert refused(step.state, cast(0, "A10", "hand", 0)).rule == "two_hand_bods_per_turn"
    assert refused(step.state, cast(0, "A16", "cattle_call", 0)).rule == "one_cattle_call_bod_per_turn"
    assert refused(step.state, biz(0, "B19", 0, 0, "S10")).rule == "one_biz_card_per_turn"


def test_a_third_hand_bod_is_refused():
    step, _ = play(position(), start(0, "S10", "hand", "action"), cast(0, "D07", "hand", 0))
    assert not any(o.get("from") == "hand" for o in options(step))
    assert refused(step.state, cast(0, "A10", "hand", 0)).rule == "two_hand_bods_per_turn"


def test_cards_can_be_played_in_any_order():
    s = position(held=["B05"], call=["S03", "A16", "S08", "A11", "D11"], movies=[movie(0, 0, "action", ["S05"])])
    step, _ = play(s, biz(0, "B05", 0, 0), cast(0, "S03", "cattle_call", 0), cast(0, "D07", "hand", 0))
    assert [e["bod"] for e in movie_of(step)["cast"]] == ["S05", "S03", "D07"]


def test_players_may_play_fewer_or_no_cards():
    step = core.apply(position(), end_turn(0))
    a_turn(step, 1)
    assert step.state["seats"][0]["hand"] == ACTION_HAND


def test_turn_ends_only_with_an_explicit_end_turn():
    step, _ = play(position(), start(0, "S10", "hand", "action"), cast(0, "D07", "hand", 0))
    a_turn(step, 0)
    assert end_turn(0) in options(step)


def test_cattle_call_bods_go_straight_into_a_movie():
    from_call = [o for o in options(step_of(position())) if o.get("from") == "cattle_call"]
    assert from_call and all(o["kind"] in ("start_movie", "cast") for o in from_call)


def test_completed_movie_is_scored_at_once_and_its_cards_discarded():
    s = position(hand=ALMOST_HAND, held=["B05"], movies=[movie(0, 0, "action", ALMOST, on={"S13": ["B17"]})])
    step, events = play(s, biz(0, "B05", 0, 0), cast(0, "A21", "hand", 0))
    done = completed(events)
    assert done["points"] == 28 + 4 + 2 and done["bods"] == ALMOST + ["A21"]
    assert step.state["bod_discard"][-5:] == ALMOST + ["A21"]
    assert step.state["biz_discard"][-2:] == ["B17", "B05"]
    assert movie_of(step) is None


def test_remaining_plays_continue_after_a_movie_is_completed():
    step = core.apply(finish(), cast(0, "A21", "hand", 0))
    a_turn(step, 0)
    step = core.apply(step.state, start(0, "S14", "cattle_call", "family"))
    assert movie_of(step)["cast"][0]["bod"] == "S14"


def test_at_most_two_movies_in_production():
    s = position(movies=[movie(0, 0, "drama", ["S06"]), movie(0, 1, "romance", ["S09"])])
    assert not any(o["kind"] == "start_movie" for o in options(step_of(s)))
    assert refused(s, start(0, "S10", "hand", "action")).rule == "two_movies_at_most"


def test_bods_are_cast_into_your_own_movies_only():
    s = position(movies=[movie(1, 0, "action", ["S03"])])
    assert not any(o["kind"] == "cast" for o in options(step_of(s)))  # seat 0 has none; seat 1's is not its own


# ==================================================================================================
# The Studio Shake-up
# ==================================================================================================
def test_shake_up_discards_all_biz_shuffles_the_hand_into_the_deck_and_draws_five():
    s = position(held=["B17", "B21"])
    step = core.apply(s, shake_up(0))
    seat = step.state["seats"][0]
    assert seat["biz"] == [] and step.state["biz_discard"][-2:] == ["B17", "B21"]
    assert len(seat["hand"]) == 5 and len(step.state["bod_deck"]) == len(s["bod_deck"])
    assert sorted(seat["hand"] + step.state["bod_deck"]) == sorted(ACTION_HAND + s["bod_deck"])
    assert of_type(step, "studio_shake_up") == [
        {"type": "studio_shake_up", "player": 0, "discarded": ["B17", "B21"], "returned": 5}]


def test_shake_up_takes_the_whole_turn():
    step = core.apply(position(held=["B17"]), shake_up(0))
    a_turn(step, 0)
    assert options(step) == [end_turn(0)]
    starter = next(b for b in step.state["seats"][0]["hand"] if TYPE[b] != "support")
    move = start(0, starter, "hand", BOD[starter]["genres"][0])
    assert refused(step.state, move).rule == "shake_up_takes_whole_turn"
    assert refused(step.state, shake_up(0)).rule == "shake_up_takes_whole_turn"
    a_turn(core.apply(step.state, end_turn(0)), 1)


def test_shake_up_or_play_cards_not_both():
    step = core.apply(position(), start(0, "S10", "hand", "action"))
    assert shake_up(0) not in options(step)
    assert refused(step.state, shake_up(0)).rule == "shake_up_or_play_not_both"


def test_no_shake_up_in_the_end_game():
    s = end_game()
    assert shake_up(0) not in options(step_of(s))
    assert refused(s, shake_up(0)).rule == "no_shake_up_in_end_game"


# ==================================================================================================
# End Game
# ==================================================================================================
def test_last_bod_drawn_starts_the_end_game_current_turn_then_one_final_turn_each():
    s = position(players=3)
    leave_in_deck(s, 1)
    step, events = play(ready(s), start(0, "S10", "hand", "action"), end_turn(0), end_turn(1), end_turn(2))
    # seat 0's refill draws the last Bod: this turn is seat 0's last, then seats 1 and 2 have one each
    assert of_type(events, "end_game_started") == [{"type": "end_game_started", "player": 0}]
    assert step.state["final_turns"] == 3 and step.state["bod_deck"] == []
    step, _ = play(step.state, end_turn(0), end_turn(1))
    a_turn(step, 2)
    step = core.apply(step.state, end_turn(2))
    assert step.outcome is not None and step.outcome["reason"] == "end_game"


def test_end_game_from_another_seat_still_gives_everyone_one_final_turn():
    s = position(players=3)
    leave_in_deck(s, 1)
    step, _ = play(ready(s), end_turn(0), start(1, "S14", "cattle_call", "family"), end_turn(1))
    # seat 2's turn: the Cattle Call takes the last Bod; seat 2, then 0, then 1 have a final turn
    assert of_type(step, "end_game_started") == [{"type": "end_game_started", "player": 2}]
    seats = []
    while step.outcome is None:
        seats.append(step.pending[0]["player"])
        step = core.apply(step.state, end_turn(seats[-1]))
    assert seats == [2, 0, 1]


def test_no_cards_are_drawn_in_the_end_game_but_play_goes_on():
    s = position(players=2)
    leave_in_deck(s, 1)
    step, _ = play(ready(s), start(0, "S10", "hand", "action"), cast(0, "D07", "hand", 0),
                   start(0, "S14", "cattle_call", "family"), end_turn(0))
    # seat 1's turn: the Cattle Call takes the last Bod, and the end game begins
    assert len(step.state["cattle_call"]) == 5 and step.state["final_turns"] == 2
    step = core.apply(step.state, end_turn(1))
    a_turn(step, 0)
    assert step.state["seats"][0]["hand"] == ["A10", "A21", "S13"]  # nothing left to draw
    assert cast(0, "S13", "hand", 0) in options(step)  # playing goes on


def test_unfinished_movies_subtract_every_bod_and_dollar_biz_card():
    # Errol Flinn 6 and Kathryn Bigelot 6; Hit Soundtrack ($1, +2) on the movie, Personal Trainer
    # ($1, +2) on Errol Flinn; Won an Oscar on Kathryn Bigelot has no $: it costs nothing
    s = end_game(movies=[movie(0, 0, "action", ["S10", "D07"], ("B05",), {"S10": ["B12"], "D07": ["B17"]})],
                 hand=["A10", "A21", "S13", "S03", "D03"])
    s["seats"][0]["completed"] = [{"genre": "drama", "points": 20}]
    step = core.apply(ready(s), end_turn(0))
    assert of_type(step, "movie_unfinished") == [{"type": "movie_unfinished", "player": 0, "movie": 0, "penalty": 16}]
    assert step.outcome["scores"] == {"0": 20 - 16, "1": 0}


@pytest.mark.parametrize("card, cost, plus", [("B05", 1, 2), ("B07", 3, 5), ("B08", 1, 3), ("B01", 2, 4)])
def test_a_dollar_biz_card_on_an_unfinished_movie_costs_its_plus_not_its_dollar_signs(card, cost, plus):
    # "Plusses from Biz cards with dollar signs ... must also be deducted ... if the movie is not
    # completed": Hit Soundtrack ($1 and +2) costs 2 (issue 12)
    assert (BIZ[card]["cost"], BIZ[card]["effects"][0]["amount"]) == (cost, plus)
    s = end_game(movies=[movie(0, 0, "action", ["S10"], (card,))], hand=["A10", "A21", "S13", "S03", "D03"])
    step = core.apply(ready(s), end_turn(0))
    assert of_type(step, "movie_unfinished")[0]["penalty"] == VALUE["S10"] + plus
    assert step.outcome["scores"]["0"] == -(VALUE["S10"] + plus)


def test_out_of_genre_and_upstaged_bods_still_count_against_an_unfinished_movie():
    s = end_game(movies=[movie(0, 0, "action", ["S10", "A11"], on={"S10": ["B26"]})],
                 hand=["A10", "A21", "S13", "S03", "D03"], call=["S14", "A16", "S08", "D11", "S06"])
    assert core.apply(s, end_turn(0)).outcome["scores"]["0"] == -(6 + 4)


def test_the_player_with_the_most_points_wins():
    s = end_game(players=3)
    for p, pts in enumerate([30, 41, 12]):
        s["seats"][p]["completed"] = [{"genre": "drama", "points": pts}]
    step = core.apply(ready(s), end_turn(0))
    assert step.outcome == {"winners": [1], "scores": {"0": 30, "1": 41, "2": 12}, "reason": "end_game"}
    assert of_type(step, "game_over") == [{"type": "game_over", "outcome": step.outcome}]


def test_tie_goes_to_more_movies_finished_then_is_shared():
    s = end_game(players=3)
    s["seats"][0]["completed"] = [{"genre": "drama", "points": 30}]
    s["seats"][1]["completed"] = [{"genre": "drama", "points": 10}, {"genre": "action", "points": 20}]
    s["seats"][2]["completed"] = [{"genre": "family", "points": 12}]
    assert core.apply(ready(s), end_turn(0)).outcome["winners"] == [1]
    s["seats"][0]["completed"] = [{"genre": "drama", "points": 15}, {"genre": "drama", "points": 15}]
    assert core.apply(ready(s), end_turn(0)).outcome["winners"] == [0, 1]


def test_bod_deck_running_out_while_filling_the_cattle_call_starts_the_end_game():
    s = position()
    leave_in_deck(s, 1)
    step, events = play(ready(s), start(0, "S14", "cattle_call", "family"), start(0, "S10", "hand", "action"),
                        end_turn(0), end_turn(1))
    # at seat 1's turn the Cattle Call takes the last Bod; at seat 0's there is none for its hand
    assert [e["type"] for e in of_type(events, "end_game_started")] == ["end_game_started"]
    assert len(step.state["seats"][0]["hand"]) == 4 and len(step.state["cattle_call"]) == 5
    assert step.state["bod_discard"] and step.state["bod_deck"] == []  # the discard is not reshuffled


def test_bod_deck_running_out_while_filling_a_hand_starts_the_end_game():
    s = position()
    leave_in_deck(s, 1)
    step, events = play(ready(s), start(0, "S10", "hand", "action"), cast(0, "D07", "hand", 0), end_turn(0),
                        end_turn(1))
    assert len(of_type(events, "bods_drawn")[-1]["cards"]) == 1 and len(step.state["seats"][0]["hand"]) == 4
    assert step.state["final_turns"] == 2 and of_type(events, "end_game_started")[0]["player"] == 0


def test_the_game_ends_only_with_the_last_bod_not_after_rounds_without_a_bod_played():
    # issue 12: the rules' only end trigger is drawing the last Bod; playing nothing, or a Studio
    # Shake-up (a whole, legal turn), never ends the game. Seed 21, two players, four Shake-ups.
    step = core.new_game(GAME, 2, seed=21)
    assert step.state["options"] == {"stall_rounds": 0}
    for p in (0, 1, 0, 1):
        step = core.apply(core.apply(step.state, shake_up(p)).state, end_turn(p))
    for p in (0, 1) * 5:
        step = core.apply(step.state, end_turn(p))
    assert step.outcome is None and step.state["bod_deck"] and step.state["idle_turns"] == 14
    a_turn(step, 0)


def test_the_stall_rounds_option_ends_a_game_without_bods_played():
    # a simulation guard, off by default: `stall_rounds` whole rounds without a Bod played end the game
    s = position()
    s["options"] = {"stall_rounds": 2}
    step = step_of(s)
    for p in (0, 1, 0):
        step = core.apply(step.state, end_turn(p))
        assert step.outcome is None
    assert step.state["idle_turns"] == 3
    step = core.apply(step.state, end_turn(1))
    assert step.outcome["reason"] == "stalled" and step.outcome["scores"] == {"0": 0, "1": 0}


def test_a_bod_played_resets_the_count_of_idle_turns():
    step, _ = play(position(), end_turn(0), end_turn(1), end_turn(0))
    assert step.state["idle_turns"] == 3
    starter = next(o for o in options(step) if o["kind"] == "start_movie")  # the Cattle Call has Stars
    step, _ = play(step.state, starter, end_turn(1))
    assert step.state["idle_turns"] == 0 and step.outcome is None


@pytest.mark.parametrize("rounds", [-1, 101, True, "2"])
def test_the_stall_rounds_option_is_a_small_integer(rounds):
    with pytest.raises(core.InvalidOptions):
        core.new_game(GAME, 2, {"stall_rounds": rounds}, seed=1)


# ==================================================================================================
# Clarifications (each bullet)
# ==================================================================================================
def test_clarification_replenish_the_cattle_call_first_then_draw_into_your_hand():
    s = position()
    short_hand(s, 1, 4)
    stack(s, ["S01"])
    leave_in_deck(s, 1)  # one Bod left: the Cattle Call gets it, seat 1's hand does not
    step = core.apply(ready(s), start(0, "S14", "cattle_call", "family"))
    step = core.apply(step.state, end_turn(0))
    assert step.state["cattle_call"][-1] == "S01" and len(step.state["seats"][1]["hand"]) == 4


def test_clarification_cattle_call_cards_must_match_the_movie_genre():
    s = position(call=["S14", "A16", "S08", "A11", "S03"], movies=[movie(0, 0, "family", ["S09"])])
    listed = {o["bod"] for o in options(step_of(s)) if o["kind"] == "cast" and o["from"] == "cattle_call"}
    assert listed == {"S14", "A16"}  # Shirley Tempo and Jackie Coogler are family; the rest are not


def test_clarification_genres_can_not_change_once_declared():
    s = position(movies=[movie(0, 0, "drama", ["S03"])])
    for o in options(step_of(s)):
        after = core.apply(s, o)
        kept = [m for m in after.state["seats"][0]["movies"] if m and m["cast"][0]["bod"] == "S03"]
        assert kept[0]["genre"] == "drama", o


def test_clarification_biz_discard_is_reshuffled_as_often_as_necessary():
    s = position(hand=["D09", "S10", "A10", "A21", "S13"])  # Ed Woodley draws 2 Biz
    rest = s["biz_deck"][1:]
    s["biz_discard"].extend(rest)
    del s["biz_deck"][1:]
    step = core.apply(ready(s), start(0, "D09", "hand", "specialty"))
    assert of_type(step, "biz_reshuffled") == [{"type": "biz_reshuffled", "count": len(rest)}]
    assert len(of_type(step, "biz_drawn")[0]["cards"]) == 2 and step.state["biz_discard"] == []


def test_clarification_biz_draws_stop_when_every_biz_card_is_out():
    s = position(hand=["D09", "S10", "A10", "A21", "S13"])
    set_biz(s, 1, s["biz_deck"] + s["biz_discard"] + s["seats"][1]["biz"])
    step = core.apply(ready(s), start(0, "D09", "hand", "specialty"))
    assert not of_type(step, "biz_drawn") and step.state["seats"][0]["biz"] == []


def test_clarification_movies_can_only_be_started_with_a_director_or_a_star():
    s = position(hand=["A10", "A21", "A11", "A16", "A01"], call=["A02", "A03", "A04", "A05", "A06"])
    assert [o["kind"] for o in options(step_of(s))] == ["shake_up", "end_turn"]


def test_clarification_only_one_biz_card_each_turn():
    s = position(held=["B17", "B18"], movies=[movie(0, 0, "action", ["S03"])])
    step = core.apply(s, biz(0, "B17", 0, 0, "S03"))
    assert not any(o["kind"] == "play_biz" for o in options(step))
    assert refused(step.state, biz(0, "B18", 0, 0, "S03")).rule == "one_biz_card_per_turn"


def test_clarification_biz_cards_do_not_count_towards_the_hand():
    s = position(held=["B17", "B18", "B19", "B20", "B21", "B22"])
    step, events = play(s, start(0, "S10", "hand", "action"), end_turn(0), end_turn(1))
    assert of_type(events, "bods_drawn")[0]["cards"] and len(step.state["seats"][0]["hand"]) == 5


def test_clarification_dollar_biz_cards_deduct_only_in_unfinished_movies():
    step, events = play(finish(held=["B07"]), biz(0, "B07", 0, 0), cast(0, "A21", "hand", 0))
    assert completed(events)["points"] == 28 + 5  # Marketing Blitz ($3, +5), finished: no cost
    s = end_game(hand=ALMOST_HAND, movies=[movie(0, 0, "action", ALMOST, ("B07",))])
    assert core.apply(s, end_turn(0)).outcome["scores"]["0"] == -(6 + 6 + 7 + 4 + 5)  # its plus, 5


def test_clarification_biz_modifiers_stay_with_what_they_were_played_on_until_scored():
    s = position(held=["B17"], movies=[movie(0, 0, "action", ["S03", "D03"])])
    step, _ = play(s, biz(0, "B17", 0, 0, "S03"), cast(0, "S10", "hand", 0), end_turn(0), end_turn(1))
    assert movie_of(step)["cast"][0]["biz"] == ["B17"]  # still on Humphrey Bogus, turns later
    assert "B17" not in step.state["biz_discard"]


def test_clarification_shake_up_takes_an_entire_turn():
    step = core.apply(position(), shake_up(0))
    assert [o["kind"] for o in options(step)] == ["end_turn"]
    assert step.state["played"]["shake_up"] is True


def test_clarification_shake_up_discards_the_entire_hand_including_biz():
    s = position(held=["B17", "B29", "B05"])
    step = core.apply(s, shake_up(0))
    assert step.state["seats"][0]["biz"] == [] and step.state["biz_discard"][-3:] == ["B17", "B29", "B05"]
    assert of_type(step, "studio_shake_up")[0]["returned"] == 5


def test_clarification_players_may_play_fewer_cards_than_allowed():
    step = core.apply(position(), start(0, "S10", "hand", "action"))
    step = core.apply(step.state, end_turn(0))
    a_turn(step, 1)
    assert step.state["played"] == {"cattle_call": 0, "hand": 0, "biz": 0, "shake_up": False}


def test_clarification_devalued_cards_still_count_negative_at_the_end():
    # Agnes Moorefield out of genre; Errol Flinn with Drug Problem and Upstaged: face values count
    s = end_game(hand=["A10", "A21", "S13", "S03", "D03"], call=["S14", "A16", "S08", "D11", "S06"],
                 movies=[movie(0, 0, "action", ["S10", "A11"], on={"S10": ["B21", "B27"]})])
    assert core.apply(s, end_turn(0)).outcome["scores"]["0"] == -(VALUE["S10"] + VALUE["A11"])
