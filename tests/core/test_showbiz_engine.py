"""Showbiz Shuffle and the engine contract: hidden information, the state check, the named
refusals, and the heuristic bot.

The rules themselves are in test_showbiz_rules.py; the generic contract (random games, replays,
mutated moves) in tests/conformance.
"""

import copy

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import core
from core.framework.bots import bot_names, get_bot
from core.framework.rng import Rng
from core.games.showbiz_shuffle.refusals import __doc__ as REFUSALS_DOC
from showbiz_helpers import (
    biz, cast, end_turn, new_state, of_type, options, play, put_movie, ready, set_biz, set_cattle_call, set_hand,
    start, step_of,
)

GAME = core.get_game("showbiz-shuffle")
HIDDEN = {"hidden": True}


def dumps(x) -> bytes:
    return orjson.dumps(x, option=orjson.OPT_SORT_KEYS)


def random_game(players: int, seed: int, bot: str | None = None):
    """Every Step of a game: random play, or `bot` in every seat (it sees its seat's view only)."""
    rng = Rng.from_seed(f"showbiz:{seed}")
    chosen = get_bot(GAME, bot) if bot else None
    # bots may never play another Bod (the rules allow it): the simulation guard stops them
    steps = [core.new_game("showbiz-shuffle", players, {"stall_rounds": 2} if bot else None, seed=seed)]
    while steps[-1].outcome is None:
        step = steps[-1]
        if chosen:
            move = chosen.choose(core.view(step.state, step.pending[0]["player"]), rng)
        else:
            listed = options(step)
            move = listed[rng.below(len(listed))]
        steps.append(step.play(move))
        assert len(steps) < 5000
    return steps


# ==================================================================================================
# Hidden information
# ==================================================================================================
def test_a_seat_sees_its_own_hand_and_biz_cards_only():
    s = ready(new_state(3, seed=4))
    for viewer in (None, 0, 1, 2):
        seen = core.view(s, viewer)["view"]
        for p, seat in enumerate(seen["seats"]):
            if p == viewer:
                assert seat["hand"] == s["seats"][p]["hand"] and seat["biz"] == s["seats"][p]["biz"]
            else:
                assert seat["hand"] == [HIDDEN] * 5 and seat["biz"] == [HIDDEN]
        assert seen["bod_deck"] == [HIDDEN] * len(s["bod_deck"]) and seen["biz_deck"] == [HIDDEN] * len(s["biz_deck"])
        assert seen["cattle_call"] == s["cattle_call"]  # face up
        assert "rng" not in seen


def test_draws_are_seen_by_the_drawer_only():
    step = core.new_game("showbiz-shuffle", 2, seed=3)
    for viewer in (None, 0, 1):
        for e in core.view_events(step.state, step.events, viewer):
            if e["type"] in ("bods_drawn", "biz_drawn"):
                own = e["player"] == viewer
                assert all((c == HIDDEN) != own for c in e["cards"]), (viewer, e)
            if e["type"] == "cattle_call_filled":
                assert e["cards"] == step.state["cattle_call"]


@pytest.mark.parametrize("players", [3, 4])
def test_views_do_not_depend_on_hidden_cards(players):
    compared = 0
    for step in random_game(players, seed=5)[:-1:7]:
        other = copy.deepcopy(step.state)
        other["bod_deck"] = other["bod_deck"][::-1]
        other["biz_deck"] = other["biz_deck"][::-1]
        # seats 0 and 1 swap hands of the same size: only those two seats may notice
        a, b = step.state["seats"][0]["hand"], step.state["seats"][1]["hand"]
        if len(a) != len(b):
            continue
        other["seats"][0]["hand"], other["seats"][1]["hand"] = b, a
        core.check_state(other)
        for viewer in [None, *range(2, players)]:
            assert dumps(core.view(step.state, viewer)["view"]) == dumps(core.view(other, viewer)["view"])
        compared += 1
    assert compared >= 5


# ==================================================================================================
# The state check
# ==================================================================================================
def _broken(change) -> dict:
    s = ready(new_state(2, seed=1))
    change(s)
    return s


@pytest.mark.parametrize("change", [
    lambda s: s["bod_deck"].append(s["bod_deck"][0]),  # a card twice
    lambda s: s["biz_deck"].pop(),  # a card missing
    lambda s: s["bod_deck"].append("S40"),  # a 4-player card in a 2-player game
    lambda s: s["seats"][0]["hand"].append("B01"),  # a Biz card in the Bod hand
    lambda s: s.update(extra=1),
    lambda s: s.pop("idle_turns"),
    lambda s: s.update(turn=2),
    lambda s: s["played"].update(hand=3),
    lambda s: s.update(final_turns=2),  # end game with Bods in the deck
    lambda s: s["seats"][0]["hand"].pop(),  # a short hand for the player on turn, nothing played
    lambda s: s["cattle_call"].pop(),  # a short Cattle Call, nothing taken
    lambda s: s["seats"][1]["completed"].append({"genre": "noir", "points": 3}),
    lambda s: s.update(outcome={"winners": [0], "scores": {"0": 0, "1": 0}, "reason": "end_game"}),
    lambda s: s.update(idle_turns=-1),
    lambda s: s.update(options={"stall_rounds": 2}, idle_turns=4),  # the guard would have ended it
], ids=["doubled", "missing", "foreign", "wrong-deck", "unknown-field", "missing-field", "turn", "played",
        "final-turns", "short-hand", "short-cattle-call", "genre", "outcome", "idle", "idle-over-guard"])
def test_inconsistent_states_are_refused(change):
    with pytest.raises(core.InvalidState):
        core.check_state(_broken(change))


def _with_movie(genre_, cast_, biz_=(), on=None, **movie_changes):
    s = new_state(2, seed=1)
    m = put_movie(s, 1, 0, genre_, cast_, biz_, on)
    m.update(movie_changes)
    return s


@pytest.mark.parametrize("state", [
    _with_movie("action", ["A10", "S10"]),  # started by a Supporting actor
    _with_movie("drama", ["S10"]),  # started out of genre
    _with_movie("action", ["S10", "S13", "D07", "S03"]),  # three Stars
    _with_movie("action", ["S10", "D07", "S13", "A10", "A21"]),  # complete but not scored
    _with_movie("action", ["S10", "A11"], cast=[{"bod": "S10", "upside_down": False, "biz": []},
                                               {"bod": "A11", "upside_down": False, "biz": []}]),  # not upside down
    _with_movie("action", ["S10"], ("B37",), needs={"director": 1, "star": 2, "support": 2}),  # needs ignore Biz
    _with_movie("drama", ["S06"], ("B01",)),  # Special Effects on a drama
    _with_movie("action", ["S10"], ("B17",)),  # a Bod's Biz card on the movie
    _with_movie("action", ["S10"], genre="noir"),
], ids=["support-start", "out-of-genre-start", "three-stars", "complete", "upside-down", "needs", "biz-genre",
        "biz-target", "genre"])
def test_impossible_movies_are_refused(state):
    with pytest.raises(core.InvalidState):
        core.check_state(state)


def test_every_position_of_random_games_passes_the_check():
    for players in (2, 3, 4):
        for step in random_game(players, seed=players):
            core.check_state(step.state)


# ==================================================================================================
# Refusals name the rule
# ==================================================================================================
def test_every_rule_code_is_documented():
    import re

    from core.games.showbiz_shuffle import refusals

    documented = set(re.findall(r"`([a-z_]+)`", REFUSALS_DOC.split("Anything else")[0]))
    src = open(refusals.__file__).read() + open(refusals.__file__.replace("refusals", "movies")).read()
    used = set(re.findall(r'"([a-z]+(?:_[a-z]+){2,})"', src)) - {"shake_up", "start_movie", "play_biz"}
    assert used <= documented, used - documented


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(["kind", "bod", "from", "movie", "genre", "card", "seat"]),
                       st.one_of(st.none(), st.booleans(), st.integers(-2, 3), st.text(max_size=4),
                                 st.sampled_from(["cast", "start_movie", "play_biz", "shake_up", "S10", "D07",
                                                  "A10", "B17", "hand", "cattle_call", "action"]),
                                 st.lists(st.integers(), max_size=2))))
def test_any_move_is_either_played_or_refused_with_a_sentence(move):
    s = ready(_refusal_position())
    move = {"player": 0, **move}
    try:
        core.apply(s, move)
    except core.IllegalMove as error:
        assert error.message.endswith((".", "!")) and (error.rule is None or error.rule.islower())


def _refusal_position() -> dict:
    s = new_state(2, seed=1)
    put_movie(s, 0, 0, "action", ["S03"])
    put_movie(s, 1, 0, "drama", ["S06"])
    set_hand(s, 0, ["S10", "D07", "A10", "A21", "S13"])
    set_cattle_call(s, ["S14", "A16", "S08", "A11", "D11"])
    set_biz(s, 0, ["B17", "B29"])
    return s


def test_generic_refusal_for_an_unknown_kind():
    error = pytest.raises(core.IllegalMove, core.apply, ready(_refusal_position()), {"player": 0, "kind": "bribe"})
    assert error.value.rule is None and error.value.code == "illegal_move"


# ==================================================================================================
# Bots
# ==================================================================================================
def test_the_game_offers_a_heuristic_bot():
    assert bot_names(GAME) == ["heuristic", "random"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_heuristic_bots_finish_movies_and_end_the_game(players):
    for seed in range(3):
        end = random_game(players, seed, bot="heuristic")[-1]
        finished = [len(s["completed"]) for s in end.state["seats"]]
        assert sum(finished) >= players  # a movie each, at least
        assert end.outcome["reason"] in ("end_game", "stalled")


def test_heuristic_bot_beats_random_play():
    bot, rng = get_bot(GAME, "heuristic"), Rng.from_seed(1)
    wins = 0
    for seed in range(20):
        step = core.new_game("showbiz-shuffle", 2, seed=seed)
        while step.outcome is None:
            p = step.pending[0]["player"]
            listed = options(step)
            move = bot.choose(core.view(step.state, p), rng) if p == seed % 2 else listed[rng.below(len(listed))]
            step = step.play(move)
        wins += (seed % 2) in step.outcome["winners"]
    assert wins >= 17


def test_heuristic_bot_sees_only_its_seat_view():
    """It is handed `core.view` of its seat: rivals' hands and the deck order cannot sway it."""
    bot = get_bot(GAME, "heuristic")
    for step in random_game(3, seed=8)[:-1:5]:
        p = step.pending[0]["player"]
        other = copy.deepcopy(step.state)
        q = (p + 1) % 3
        n = len(other["seats"][q]["hand"])
        if len(other["bod_deck"]) < n:
            continue
        # a rival's hand swapped for as many cards from the deck, and the deck reversed
        other["seats"][q]["hand"], other["bod_deck"] = other["bod_deck"][:n], other["bod_deck"][n:] + other["seats"][q]["hand"]
        other["bod_deck"] = other["bod_deck"][::-1]
        core.check_state(other)
        assert bot.choose(core.view(step.state, p), Rng.from_seed(0)) == bot.choose(core.view(other, p), Rng.from_seed(0))


def test_heuristic_bot_finishes_a_movie_it_can():
    s = new_state(2, seed=1)
    put_movie(s, 0, 0, "action", ["S10", "D07", "S13", "A10"])
    set_hand(s, 0, ["A21", "S16", "D05", "A12", "S17"])
    move = get_bot(GAME, "heuristic").choose(core.view(ready(s), 0), Rng.from_seed(0))
    assert move["kind"] == "cast" and move["bod"] in ("A21", "A12")
    assert of_type(core.apply(s, move), "movie_completed")


def test_heuristic_bot_does_not_start_movies_in_its_final_turn():
    s = new_state(2, seed=1)
    set_hand(s, 0, ["S10", "D07", "A10", "A21", "S13"])
    s["bod_discard"].extend(s["bod_deck"])
    s["bod_deck"] = []
    s["final_turns"] = 1
    move = get_bot(GAME, "heuristic").choose(core.view(ready(s), 0), Rng.from_seed(0))
    assert move == end_turn(0)


def test_heuristic_bot_plays_harmful_biz_cards_on_rivals():
    s = new_state(2, seed=1)
    put_movie(s, 0, 0, "family", ["S14", "S09", "A16", "A13"])  # both need only a Director
    put_movie(s, 0, 1, "romance", ["S08", "S20", "A06", "A09"])
    put_movie(s, 1, 0, "action", ["S10", "D07", "S13"])
    set_hand(s, 0, ["A10", "A21", "A12", "A08", "A15"])  # no Director in sight
    set_cattle_call(s, ["A01", "A03", "A05", "A07", "A17"])
    set_biz(s, 0, ["B29"])  # Bad Ratings
    move = get_bot(GAME, "heuristic").choose(core.view(ready(s), 0), Rng.from_seed(0))
    assert move == biz(0, "B29", 1, 0)


def test_bots_and_moves_are_deterministic():
    a = [dumps(s.state) for s in random_game(3, seed=2, bot="heuristic")]
    b = [dumps(s.state) for s in random_game(3, seed=2, bot="heuristic")]
    assert a == b


def test_a_start_and_a_cast_in_the_same_turn():
    s = new_state(2, seed=1)
    set_hand(s, 0, ["S10", "D07", "A10", "A21", "S13"])
    step, events = play(ready(s), start(0, "S10", "hand", "action"), cast(0, "D07", "hand", 0))
    assert [e["type"] for e in events] == ["movie_started", "bod_cast"]
    assert step_of(step.state).pending == step.pending


def _candidates(state: dict):
    """Every well-formed play the player on turn could name: listed or not."""
    p = state["turn"]
    seat = state["seats"][p]
    bods = [(b, "hand") for b in seat["hand"]] + [(b, "cattle_call") for b in state["cattle_call"]]
    for bod, source in bods:
        for slot in (0, 1):
            yield cast(p, bod, source, slot)
        for genre in ("action", "romance", "drama", "family", "specialty"):
            yield start(p, bod, source, genre)
    for card in seat["biz"]:
        for s, other in enumerate(state["seats"]):
            for slot, m in enumerate(other["movies"]):
                for bod in [None] + ([e["bod"] for e in m["cast"]] if m else []):
                    yield biz(p, card, s, slot, bod)
    yield {"player": p, "kind": "shake_up"}


@pytest.mark.parametrize("players", [2, 4])
def test_every_play_is_listed_or_refused_by_a_named_rule(players):
    """Generation and explanation agree: a candidate play is among the options, or the rule it
    breaks has a name (and applying it raises IllegalMove with that name)."""
    from core.games.showbiz_shuffle.refusals import explain

    checked = 0
    for bot in (None, "heuristic"):
        for step in random_game(players, seed=players, bot=bot)[:-1:3]:
            listed = options(step)
            for move in _candidates(step.state):
                why = explain(step.state, move)
                assert (move in listed) == (why is None), (move, why)
                checked += 1
    assert checked > 1000


def test_a_state_saved_before_the_stall_rounds_option_is_refused():
    # issue 12: `options` is in normal form, `{"stall_rounds": 0}`; a state with `{}` is invalid
    s = new_state(2, seed=3)
    assert s["options"] == {"stall_rounds": 0}
    s["options"] = {}
    with pytest.raises(core.InvalidState):
        core.check_state(s)
