"""The Big Shuffle: every FAQ answer and the worked examples of the rulebook, as tests.

Sources: shared/rules/big-shuffle-rulebook.txt (FAQ and the examples of "Winning the game",
"Choose a scene" and "Hire goons"), the card texts of core/games/big_shuffle/cards/*.toml
(`source = "rulebook"`), and docs/big-shuffle-contract.md for the wire format. Positions are
built from a real new game by moving cards (tests/core/big_shuffle_helpers.py), then played
through `core.apply`.

Influence arithmetic in these tests: The Governor has 3 in every type; The Fat Man's WHO
modifier is 0; "A Quiet Night" is the 0 scene change card; The Private Eye active is 4 to move
Uptown, 3 to move Downtown.
"""

import pytest

import core
from big_shuffle_helpers import (
    hiring_position,
    attempt,
    attempt_over,
    deciders,
    equip,
    events,
    give,
    has,
    informant,
    main_position,
    move,
    on_top,
    options,
    play_until,
    put,
    remove_titles,
    resolve_quietly,
    set_agendas,
    stack,
    step_of,
    to_main,
    top,
    game,
    edit,
)

QUIET = "change/quiet-night"
GOONS = {c["id"] for c in core.get_game("big-shuffle").cards() if c["type"] == "goon"}


def hand(step, seat):
    return step.state["seats"][seat]["hand"]


# ======================================================================================
# FAQ: Endless Rain
# ======================================================================================
def _endless_rain_position() -> dict:
    """The Governor (3) with The Fat Man (0), a Tommy Gun and a Silver Flask (+1 each) to
    move; The Private Eye active above The Newshound; Endless Rain next in the deck."""
    s = main_position(2, ["governor", "mafia-don"])
    informant(s, 0, "fat-man")
    equip(s, 0, "noir/tommy-gun", "noir/silver-flask")
    on_top(s, "who", "midtown", "scene/newshound", "scene/private-eye")
    stack(s, "changes", "change/endless-rain")
    return s


def test_endless_rain_chains_scene_changes_at_minus_two_until_one_fails():
    # Governor 3 + Fat Man 0 + Tommy Gun 1 + Silver Flask 1 - Endless Rain 2 = 3 in every type:
    # enough for 3, not for 4.
    s = _endless_rain_position()
    on_top(s, "where", "midtown", "scene/jazz-club", "scene/train-station")
    changes_left = len(s["changes"]["deck"]) - 1

    step = resolve_quietly(attempt(s, 0, "private-eye", "downtown"))  # 3 >= 3
    assert top(step.state, "who", "downtown") == "scene/private-eye"
    assert top(step.state, "who") == "scene/newshound"
    assert has(step, player=0, kind="attempt") and has(step, player=0, kind="stop")

    step = resolve_quietly(move(step, player=0, kind="attempt", scene="scene/train-station", to="downtown"))
    assert top(step.state, "where", "downtown") == "scene/train-station"
    # a third scene change is offered after two successes, with no new scene change card
    assert has(step, player=0, kind="attempt", scene="scene/newshound", to="uptown")
    assert len(step.state["changes"]["deck"]) == changes_left

    step = resolve_quietly(move(step, player=0, kind="attempt", scene="scene/newshound", to="uptown"))
    assert top(step.state, "who") == "scene/newshound"  # 3 < 4: it fails
    assert step.state["city"]["who"]["uptown"] == []
    assert not has(step, player=0, kind="attempt") and not has(step, player=0, kind="stop")
    assert len(step.state["changes"]["deck"]) == changes_left
    assert step.state["changes"]["discard"][-1] == "change/endless-rain"


def test_endless_rain_repeats_are_at_minus_two_too():
    # the second scene change, at 3 + 2 - 2 = 3 against 4, fails although the first succeeded
    s = _endless_rain_position()
    step = resolve_quietly(attempt(s, 0, "private-eye", "downtown"))
    step = resolve_quietly(move(step, player=0, kind="attempt", scene="scene/newshound", to="uptown"))
    assert top(step.state, "who") == "scene/newshound"
    assert step.state["city"]["who"]["downtown"] == ["scene/private-eye"]


def test_endless_rain_may_stop_after_a_success():
    s = _endless_rain_position()
    step = resolve_quietly(attempt(s, 0, "private-eye", "downtown"))
    step = move(step, player=0, kind="stop")
    assert step.state["attempt"] is None and step.state["turn"]["player"] == 1
    assert step.state["changes"]["discard"][-1] == "change/endless-rain"
    assert step.state["city"]["who"]["downtown"] == ["scene/private-eye"]


# ======================================================================================
# FAQ: The Fat Man and the end of goon hiring
# ======================================================================================
def _fat_man_position(informant_card="fat-man"):
    return hiring_position(informant_card, "downtown")


def test_fat_man_cannot_hire_once_everyone_has_passed_in_a_row():
    step = _fat_man_position()
    assert deciders(step) == [0] and has(step, player=0, kind="hire", card="noir/thug-1")
    step = move(step, player=0, kind="pass")
    assert deciders(step) == [1]
    step = move(step, player=1, kind="pass")
    # every character passed consecutively: success is determined, no more goons
    assert not options(step, kind="hire")
    assert attempt_over(step)
    assert set(hand(step, 0)) >= {"noir/thug-1", "noir/thug-2"}
    assert top(step.state, "who", "downtown") == "scene/private-eye"  # 3 >= 3


def test_fat_man_may_hire_again_after_passing_while_someone_still_hires():
    step = _fat_man_position()
    step = move(step, player=0, kind="pass")
    step = move(step, player=1, kind="hire", card="noir/thug-3", side="against")
    assert deciders(step) == [0]
    assert has(step, player=0, kind="hire", card="noir/thug-1", side="for")


def test_without_fat_man_a_pass_is_final_for_the_attempter():
    step = _fat_man_position("bartender")
    step = move(step, player=0, kind="pass")
    step = move(step, player=1, kind="hire", card="noir/thug-3", side="against")
    assert deciders(step) == [1]
    assert not options(step, player=0)


# ======================================================================================
# FAQ: The Bookie
# ======================================================================================
@pytest.mark.parametrize("informant_card, succeeds", [("bookie", True), ("doorman", False)])
def test_bookie_turns_a_minus_two_goon_against_you_into_minus_one(informant_card, succeeds):
    # Governor 3 + WHO modifier 1 (both informants) - Hatchet Man 2 = 2 < 3; with The Bookie
    # the Hatchet Man counts -1: 3 >= 3.
    s = main_position(2, ["governor", "mafia-don"])
    informant(s, 0, informant_card)
    informant(s, 1, "widow")
    give(s, 1, "noir/hatchet-man-1")
    on_top(s, "who", "midtown", "scene/newshound", "scene/private-eye")
    stack(s, "changes", QUIET)
    step = attempt(s, 0, "private-eye", "downtown")
    step = play_until(step, lambda st: has(st, player=1, kind="hire"))
    step = move(step, player=1, kind="hire", card="noir/hatchet-man-1", side="against")
    step = resolve_quietly(step)
    assert "noir/hatchet-man-1" in step.state["noir"]["discard"]
    if succeeds:
        assert top(step.state, "who", "downtown") == "scene/private-eye"
    else:
        assert top(step.state, "who") == "scene/private-eye"
        assert step.state["city"]["who"]["downtown"] == []


# ======================================================================================
# FAQ: A New York Minute
# ======================================================================================
def test_new_york_minute_lets_you_play_cards_drawn_during_it():
    s = main_position(2, ["governor", "mafia-don"])
    informant(s, 0, "fat-man")
    give(s, 0, "noir/new-york-minute", "noir/tailing-1")
    stack(s, "noir", "noir/fedora-1", "noir/tailing-2")  # Tailing a Mark draws these two
    step = step_of(s)
    step = move(step, player=0, kind="play", card="noir/new-york-minute")
    assert has(step, player=0, kind="play", card="noir/tailing-1")
    assert not has(step, player=0, kind="attempt")  # no scene change in a New York Minute
    step = move(step, player=0, kind="play", card="noir/tailing-1")
    assert set(hand(step, 0)) == {"noir/fedora-1", "noir/tailing-2"}
    assert has(step, player=0, kind="play", card="noir/fedora-1")
    assert has(step, player=0, kind="play", card="noir/tailing-2")
    step = move(step, player=0, kind="play", card="noir/fedora-1")
    assert step.state["seats"][0]["loot"] == ["noir/fedora-1"]
    assert has(step, player=0, kind="play", card="noir/tailing-2")
    assert has(step, player=0, kind="end_turn") and not has(step, player=0, kind="attempt")


# ======================================================================================
# FAQ: What Happened Here?
# ======================================================================================
@pytest.mark.parametrize("reacts", [True, False])
def test_what_happened_here_kills_the_informant_so_its_modifier_no_longer_counts(reacts):
    # Governor 3 + The Doorman's WHO 1 = 4 moves The Private Eye Uptown (4); the Doorman
    # killed, The Fat Man (WHO 0) takes his place: 3 < 4.
    s = main_position(2, ["governor", "mafia-don"])
    informant(s, 0, "doorman")
    informant(s, 1, "widow")
    stack(s, "informants", "informant/fat-man")
    give(s, 1, "noir/what-happened-here")
    on_top(s, "who", "midtown", "scene/newshound", "scene/private-eye")
    stack(s, "changes", QUIET)
    step = attempt(s, 0, "private-eye", "uptown")
    assert deciders(step) == [1]
    assert has(step, player=1, kind="react", card="noir/what-happened-here") and has(step, player=1, kind="decline")
    if reacts:
        step = move(step, player=1, kind="react", card="noir/what-happened-here")
        assert step.state["seats"][0]["informant"] == "informant/fat-man"
        assert step.state["informants"]["discard"][-1] == "informant/doorman"
    else:
        step = move(step, player=1, kind="decline")
    step = resolve_quietly(step)
    if reacts:
        assert top(step.state, "who") == "scene/private-eye"
        assert step.state["city"]["who"]["uptown"] == []
        assert "noir/what-happened-here" in step.state["noir"]["discard"]
    else:
        assert top(step.state, "who", "uptown") == "scene/private-eye"
        assert step.state["seats"][0]["informant"] == "informant/doorman"


# ======================================================================================
# FAQ: Title cards leave the game instead of entering a deck
# ======================================================================================
@pytest.mark.parametrize("action, scene_type", [("noir/car-chase", "where"), ("noir/serial-killing-spree", "who")])
def test_title_put_on_the_bottom_by_an_action_leaves_the_game(action, scene_type):
    s = main_position(2, ["governor", "mafia-don"])
    title = f"title/{scene_type}"
    assert top(s, scene_type) == title
    below = s["city"][scene_type]["midtown"][-2]
    size = len(s["city"][scene_type]["midtown"])
    give(s, 0, action)
    step = move(step_of(s), player=0, kind="play", card=action)
    city = step.state["city"][scene_type]
    assert step.state["removed"] == [title]
    assert title not in city["midtown"] + city["uptown"] + city["downtown"]
    assert top(step.state, scene_type) == below
    assert len(city["midtown"]) == size - 1


def test_title_moved_by_a_scene_change_leaves_the_game():
    # the WHO title is 3 to move; The Governor's 3 is enough
    s = main_position(2, ["governor", "mafia-don"])
    informant(s, 0, "fat-man")
    stack(s, "changes", QUIET)
    below = s["city"]["who"]["midtown"][-2]
    step = resolve_quietly(attempt(s, 0, "title/who", "uptown"))
    assert step.state["removed"] == ["title/who"]
    assert step.state["city"]["who"]["uptown"] == []
    assert top(step.state, "who") == below


def test_big_shuffle_removes_the_titles():
    s = main_position(2, ["governor", "mafia-don"])
    give(s, 0, "noir/shake-down-the-city")
    step = move(step_of(s), player=0, kind="play", card="noir/shake-down-the-city")
    assert sorted(step.state["removed"]) == ["title/what", "title/where", "title/who"]
    for t in ("who", "what", "where"):
        city = step.state["city"][t]
        assert (len(city["uptown"]), len(city["midtown"]), len(city["downtown"])) == (1, 8, 1)


def test_title_covered_by_a_scene_leaves_the_game():
    # ruling (docs/rulings-big-shuffle.md): a title that would be anywhere but the top of its
    # Midtown pile leaves the game, so a scene changed onto it removes it; the game goes on
    s = main_position(2, ["governor", "mafia-don"])
    informant(s, 0, "fat-man")
    on_top(s, "who", "downtown", "scene/private-eye")  # inactive: 3 to move Uptown
    stack(s, "changes", QUIET)
    step = resolve_quietly(attempt(s, 0, "private-eye", "midtown"))
    assert step.state["city"]["who"]["midtown"][-1] == "scene/private-eye"
    assert "title/who" not in step.state["city"]["who"]["midtown"]
    assert step.state["removed"] == ["title/who"]
    core.check_state(step.state)


# ======================================================================================
# FAQ: Car Chase / Serial Killing Spree are not scene changes
# ======================================================================================
@pytest.mark.parametrize("action, scene_type, scene, under", [
    ("noir/serial-killing-spree", "who", "scene/private-eye", "scene/newshound"),
    ("noir/car-chase", "where", "scene/train-station", "scene/jazz-club"),
])
def test_putting_a_scene_on_the_bottom_is_not_a_scene_change(action, scene_type, scene, under):
    # both scenes say "When you change this scene, draw a noir card"; The Telephone draws
    # "when you change a scene": neither applies
    s = main_position(2, ["governor", "mafia-don"])
    informant(s, 0, "fat-man")
    equip(s, 0, "noir/telephone")
    on_top(s, scene_type, "midtown", under, scene)
    give(s, 0, action)
    step = move(step_of(s), player=0, kind="play", card=action)
    assert step.state["city"][scene_type]["midtown"][0] == scene
    assert top(step.state, scene_type) == under
    assert hand(step, 0) == []
    assert events(step, "scene_changed") == []


# ======================================================================================
# FAQ: The Key to the City beats The Police Station
# ======================================================================================
@pytest.mark.parametrize("with_key, succeeds", [(True, True), (False, False)])
def test_key_to_the_city_takes_precedence_over_the_police_station(with_key, succeeds):
    # Governor 3 + Tommy Gun 1 = 4 moves The Private Eye Uptown, if loot works at all
    s = main_position(2, ["governor", "mafia-don"])
    informant(s, 0, "fat-man")
    equip(s, 0, "noir/tommy-gun")
    if with_key:
        equip(s, 0, "noir/key-to-the-city")
    on_top(s, "where", "midtown", "scene/police-station")
    on_top(s, "who", "midtown", "scene/newshound", "scene/private-eye")
    stack(s, "changes", QUIET)
    step = resolve_quietly(attempt(s, 0, "private-eye", "uptown"))
    if succeeds:
        assert top(step.state, "who", "uptown") == "scene/private-eye"
    else:
        assert top(step.state, "who") == "scene/private-eye"


# ======================================================================================
# FAQ: The Speakeasy stops abilities, not The Pipe, The Disguise Kit or The Timepiece
# ======================================================================================
def _start_of_turn(speakeasy: bool):
    step = game(2, ["mafia-don", "governor"])
    step = play_until(step, lambda st: has(st, player=0, kind="skip_ability"))
    s = edit(step)
    informant(s, 0, "fat-man")
    equip(s, 0, "noir/pipe", "noir/disguise-kit", "noir/timepiece")
    if speakeasy:
        on_top(s, "where", "midtown", "scene/speakeasy")
    return step_of(s)


def test_speakeasy_stops_the_character_ability_but_not_start_of_turn_loot():
    step = _start_of_turn(speakeasy=True)
    cards = {o["card"] for o in options(step, player=0, kind="ability")}
    assert cards == {"noir/pipe", "noir/disguise-kit", "noir/timepiece"}
    assert has(step, player=0, kind="skip_ability")


def test_without_speakeasy_the_character_ability_is_offered_too():
    step = _start_of_turn(speakeasy=False)
    cards = {o["card"] for o in options(step, player=0, kind="ability")}
    assert cards == {"character/mafia-don", "noir/pipe", "noir/disguise-kit", "noir/timepiece"}


def test_pipe_still_draws_two_under_the_speakeasy():
    step = _start_of_turn(speakeasy=True)
    before = len(hand(step, 0))
    step = move(step, player=0, kind="ability", card="noir/pipe")
    step = to_main(step, 0)
    assert len(hand(step, 0)) == before + 2 + 1  # the Pipe's two, then the turn's draw


def test_disguise_kit_still_replaces_the_informant_under_the_speakeasy():
    step = _start_of_turn(speakeasy=True)
    s = edit(step)
    stack(s, "informants", "informant/bookie")
    step = move(step_of(s), player=0, kind="ability", card="noir/disguise-kit")
    assert step.state["seats"][0]["informant"] == "informant/bookie"
    assert step.state["informants"]["discard"][-1] == "informant/fat-man"


def test_timepiece_still_gives_a_second_play_under_the_speakeasy():
    step = _start_of_turn(speakeasy=True)
    s = edit(step)
    for c in list(s["seats"][0]["hand"]) + ["noir/pipe", "noir/disguise-kit"]:
        put(s, c, ("noir", "deck"), top=False)  # two loot in play, so a third needs no trash
    give(s, 0, "noir/fedora-1", "noir/roadster-1")
    step = to_main(move(step_of(s), player=0, kind="ability", card="noir/timepiece"), 0)
    step = move(step, player=0, kind="play", card="noir/fedora-1")
    assert has(step, player=0, kind="play", card="noir/roadster-1")


# ======================================================================================
# FAQ: The Dirty Cop
# ======================================================================================
def test_dirty_cop_lets_each_card_be_drawn_from_the_discard_or_the_deck():
    # The Little Black Book: two cards at the draw step; one from each place
    step = to_main(game(2, ["governor", "mafia-don"]), 0)
    step = to_main(move(step, player=0, kind="end_turn"), 1)
    s = edit(step)
    for seat in (0, 1):
        for c in list(s["seats"][seat]["hand"]) + list(s["seats"][seat]["loot"]):
            put(s, c, ("noir", "deck"), top=False)
    informant(s, 0, "fat-man")
    equip(s, 0, "noir/black-book")
    on_top(s, "who", "midtown", "scene/dirty-cop")
    put(s, "noir/fedora-2", ("noir", "discard"))
    put(s, "noir/fedora-1", ("noir", "discard"))
    stack(s, "noir", "noir/roadster-1")
    step = move(step_of(s), player=1, kind="end_turn")
    step = play_until(step, lambda st: has(st, player=0, kind="draw"))
    assert {o["from"] for o in options(step, player=0, kind="draw")} == {"discard", "deck"}
    step = move(step, player=0, kind="draw", **{"from": "discard"})
    assert hand(step, 0) == ["noir/fedora-1"]
    step = move(step, player=0, kind="draw", **{"from": "deck"})
    assert set(hand(step, 0)) == {"noir/fedora-1", "noir/roadster-1"}
    assert step.state["noir"]["discard"][-1] == "noir/fedora-2"


# ======================================================================================
# FAQ: The Crazed Killer
# ======================================================================================
def test_crazed_killer_moved_from_uptown_to_midtown_kills_unless_a_goon_is_discarded():
    # Uptown, The Crazed Killer shows its inactive side: 3 to move Downtown; Governor 3
    s = main_position(2, ["governor", "mafia-don"])
    informant(s, 0, "fat-man")
    informant(s, 1, "bookie")
    stack(s, "informants", "informant/shoeshine-boy")
    remove_titles(s, "who")  # so he lands on a scene
    on_top(s, "who", "uptown", "scene/crazed-killer")
    give(s, 0, "noir/thug-1")
    stack(s, "changes", QUIET)
    step = attempt(s, 0, "crazed-killer", "midtown")
    assert step.state["attempt"]["difficulty"] == 3
    step = play_until(step, lambda st: has(st, player=0, kind="discard_goon"))
    assert top(step.state, "who") == "scene/crazed-killer"
    assert has(step, player=0, kind="lose_informant")
    step = move(step, player=0, kind="discard_goon", card="noir/thug-1")
    # then seat 1, in player order; holding no goon, losing the informant is all that is left
    assert options(step) == [{"player": 1, "kind": "lose_informant"}]
    step = move(step, player=1, kind="lose_informant")
    assert step.state["seats"][0]["informant"] == "informant/fat-man"
    assert "noir/thug-1" in step.state["noir"]["discard"]
    assert step.state["seats"][1]["informant"] == "informant/shoeshine-boy"
    assert step.state["informants"]["discard"][-1] == "informant/bookie"


# ======================================================================================
# Rulebook example: winning the game (The Femme Fatale)
# ======================================================================================
@pytest.mark.parametrize("shared_with, wins", [((2, 0), True), ((1, 2), False)])
def test_femme_fatale_wins_with_scenes_from_her_personal_and_shared_agendas(shared_with, wins):
    # Seats: Femme Fatale 0, Mafia Don 1, Police Chief 2 (on her right). Personal: The Private
    # Eye, The Oldest Profession, The Mob HQ (agenda/01); shared with the Police Chief: The
    # Mafia Don, The Dirty Double Cross, The Train Station (agenda/02). The Car Chase sends
    # The Jazz Club down and The Train Station becomes active.
    s = main_position(3, ["femme-fatale", "mafia-don", "police-chief"])
    shared = {(0, 1): "agenda/05", (1, 2): "agenda/06", (2, 0): "agenda/07"}
    shared[shared_with] = "agenda/02"  # else she holds no Train Station at all
    set_agendas(s, {0: "agenda/01", 1: "agenda/03", 2: "agenda/04"}, shared)
    on_top(s, "who", "midtown", "scene/private-eye")
    on_top(s, "what", "midtown", "scene/oldest-profession")
    on_top(s, "where", "midtown", "scene/train-station", "scene/jazz-club")
    give(s, 0, "noir/car-chase")
    step = move(step_of(s), player=0, kind="play", card="noir/car-chase", _check=False)
    assert [top(step.state, t) for t in ("who", "what", "where")] == [
        "scene/private-eye", "scene/oldest-profession", "scene/train-station"]
    if wins:
        assert step.outcome is not None and step.outcome["winners"] == [0]
        assert step.outcome["reason"] == "agendas"
        assert step.pending == []
    else:
        assert step.outcome is None


def test_a_game_won_by_an_action_ends_in_a_valid_final_position():
    s = main_position(3, ["femme-fatale", "mafia-don", "police-chief"])
    set_agendas(s, {0: "agenda/01", 1: "agenda/03", 2: "agenda/04"},
                {(0, 1): "agenda/05", (1, 2): "agenda/06", (2, 0): "agenda/02"})
    on_top(s, "who", "midtown", "scene/private-eye")
    on_top(s, "what", "midtown", "scene/oldest-profession")
    on_top(s, "where", "midtown", "scene/train-station", "scene/jazz-club")
    give(s, 0, "noir/car-chase")
    step = move(step_of(s), player=0, kind="play", card="noir/car-chase", _check=False)
    assert step.outcome["winners"] == [0]
    core.check_state(step.state)
    assert "noir/car-chase" in step.state["noir"]["discard"]


# ======================================================================================
# Rulebook example: hiring goons, 3 players
# ======================================================================================
def test_three_player_goon_hiring_example():
    s = main_position(3, ["mafia-don", "police-chief", "cat-burglar"])
    informant(s, 0, "fat-man")  # WHO 0, and it would let him hire after passing: he never passes
    informant(s, 1, "widow")
    informant(s, 2, "bartender")
    give(s, 0, "noir/thug-1", "noir/thug-2", "noir/thug-3")
    give(s, 1, "noir/thug-4")
    give(s, 2, "noir/button-man", "noir/enforcer-1")
    on_top(s, "who", "midtown", "scene/newshound", "scene/private-eye")
    stack(s, "changes", QUIET)
    step = attempt(s, 0, "private-eye", "downtown")
    assert deciders(step) == [0]
    step = move(step, player=0, kind="hire", card="noir/thug-1", side="for")  # +1 for himself
    assert deciders(step) == [1]
    step = move(step, player=1, kind="pass")  # The Police Chief passes
    assert deciders(step) == [2]
    step = move(step, player=2, kind="hire", card="noir/button-man", side="against")  # -3
    assert deciders(step) == [0]
    step = move(step, player=0, kind="hire", card="noir/thug-2", side="for")  # another +1
    assert deciders(step) == [2]  # The Police Chief passed already: not asked again
    step = move(step, player=2, kind="pass")
    assert deciders(step) == [0]  # back to The Mafia Don: continue or pass
    assert has(step, player=0, kind="hire", card="noir/thug-3") and has(step, player=0, kind="pass")
    goons = [(g["seat"], g["card"], g["side"]) for g in step.state["attempt"]["goons"]]
    assert goons == [(0, "noir/thug-1", "for"), (2, "noir/button-man", "against"), (0, "noir/thug-2", "for")]
    step = move(step, player=0, kind="pass")
    # Mafia Don 2 + 0 + 1 - 3 + 1 = 1 < 3: the scene stays
    step = resolve_quietly(step)
    assert top(step.state, "who") == "scene/private-eye"
    assert {"noir/thug-1", "noir/thug-2", "noir/button-man"} <= set(step.state["noir"]["discard"])
    assert "noir/thug-4" in step.state["seats"][1]["hand"]


# ======================================================================================
# Rulebook example: choose a scene (The Private Eye Uptown is difficulty 4)
# ======================================================================================
def test_private_eye_example_moving_it_uptown_is_difficulty_4():
    s = main_position(2, ["femme-fatale", "mafia-don"])
    on_top(s, "who", "midtown", "scene/private-eye")
    give(s, 0, "noir/thug-1")  # so that the scene change waits for her goon decision
    step = attempt(s, 0, "private-eye", "uptown")
    a = step.state["attempt"]
    assert (a["scene"], a["type"], a["from"], a["to"], a["difficulty"]) == (
        "scene/private-eye", "who", "midtown", "uptown", 4)


def test_searching_the_noir_deck_leaves_the_titles_in_place():
    # A title leaves only when it would be put somewhere: a search shuffles the noir deck only
    s = main_position(2, ["governor", "mafia-don"])
    give(s, 0, "noir/dead-drop")
    step = move(step_of(s), player=0, kind="play", card="noir/dead-drop")
    assert step.state["removed"] == []
    assert [top(step.state, t) for t in ("who", "what", "where")] == ["title/who", "title/what", "title/where"]
    assert len(hand(step, 0)) == 1 and hand(step, 0)[0] in GOONS  # the goon it found
