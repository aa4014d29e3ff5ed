"""The Big Shuffle with The Law: the expansion's FAQ answers and its patrol rules, as tests.

Sources: shared/rules/big-shuffle-the-law-expansion.txt (rulebook and FAQ), the last section of
docs/big-shuffle-contract.md ("The Law": state fields `patrols` and `protected`, moves, events,
rule codes) and core/games/big_shuffle/cards/the-law.toml (card ids and effects). Positions
are built from a real new game with `expansions: ["the-law"]` by moving cards
(tests/core/big_shuffle_helpers.py), then played through `core.apply`.

Influence arithmetic: The Governor has 3 in every type; The Fat Man's WHO and WHERE modifiers
are 0 (The Doorman's WHO is 1); "A Quiet Night" is the 0 scene change card, "Moonlight" +1.
The titles are 3 to move either way. The Private Eye active: 4 Uptown, 3 Downtown; inactive
(Uptown) 3 to move to Midtown. The Newshound active: 3 Downtown. The Councilman active: 3
Uptown. The Jazz Club inactive (Uptown): 3 to Midtown. The Train Station active: 3 Downtown.
"""

import json

import pytest

import core
from big_shuffle_helpers import (
    attempt,
    attempt_over,
    clear_hands,
    deciders,
    edit,
    equip,
    events,
    game,
    give,
    has,
    informant,
    is_snake,
    main_position,
    move,
    on_top,
    options,
    put,
    quiet_option,
    stack,
    step_of,
    to_main,
    top,
    where,
)

LAW = ["the-law"]
LINES = ("who", "what", "where", "uptown", "midtown", "downtown")
QUIET = "change/quiet-night"
NOMW = "noir/not-on-my-watch"
TIP = "noir/anonymous-tip"


# --- helpers ---------------------------------------------------------------------------
def law_game(players: int = 2, characters=("governor", "mafia-don"), seed=1) -> core.Step:
    return game(players, list(characters), seed=seed, expansions=LAW)


def law_position(players: int = 2, characters=("governor", "mafia-don"), seed=1) -> dict:
    """An editable Law state at seat 0's main step of its first turn, hands and loot emptied.
    Seat 0 has The Fat Man (WHO/WHERE 0), the others The Grieving Widow."""
    s = edit(to_main(law_game(players, characters, seed), 0))
    clear_hands(s)
    informant(s, 0, "fat-man")
    informant(s, 1, "widow")
    return s


def patrol(s: dict, card: str, line: str) -> None:
    """Move a patrol card onto a line (the line must be empty)."""
    assert s["patrols"][line] is None
    put(s, card, ("patrols", line))


def protect(s: dict, scene: str, player: int) -> None:
    """Not On My Watch! of `player` lying on `scene` (moved there from wherever it was)."""
    node = s
    for p in where(s, NOMW):
        node = node[p]
    node.remove(NOMW)
    s["protected"].append({"scene": scene, "card": NOMW, "player": player})


def cruiser_position(holder: int, *changes: str) -> dict:
    """Seat `holder` has The Cruiser in play and The Wheelman in hand; the Private Eye is the
    active WHO over The Newshound; the scene change deck ends with `changes` (Quiet Night)."""
    s = law_position()
    equip(s, holder, "noir/cruiser")
    give(s, holder, "noir/wheelman")
    on_top(s, "who", "midtown", "scene/newshound", "scene/private-eye")
    stack(s, "changes", *(changes or (QUIET,)))
    return s


def hand(step, seat):
    return step.state["seats"][seat]["hand"]


def run(step: core.Step, until=attempt_over, chooser=None, limit: int = 100) -> tuple[core.Step, list]:
    """Take the quiet option (pass, decline, ...) until `until(step)`; the step and every
    event on the way (those of `step` itself included). Every position must be accepted."""
    seen = list(step.events)
    for _ in range(limit):
        if until(step):
            return step, seen
        assert step.outcome is None, f"the game ended: {step.outcome}"
        o = chooser(step) if chooser else quiet_option(step)
        step = core.apply(step.state, o)
        core.check_state(step.state)
        seen += step.events
    raise AssertionError("position not reached in time")


def resolved(seen: list) -> dict:
    """The one `attempt_resolved` event."""
    got = events(seen, "attempt_resolved")
    assert len(got) == 1, got
    return got[0]


def refused(state: dict, move_: dict, rule: str | None = None) -> core.IllegalMove:
    with pytest.raises(core.IllegalMove) as info:
        core.apply(state, move_)
    exc = info.value
    assert is_snake(exc.rule), f"the refusal names no rule: {exc.rule!r} ({exc.message})"
    if rule is not None:
        assert exc.rule == rule, exc.message
    return exc


# ======================================================================================
# Setup
# ======================================================================================
def test_setup_with_the_law_has_six_empty_patrol_lines_and_no_protections():
    """Contract: `patrols: {who, what, where, uptown, midtown, downtown: a patrol card id or
    null}`, `protected: [...]`; nothing is on a line at the start."""
    s = law_game().state
    assert s["patrols"] == dict.fromkeys(LINES)
    assert s["protected"] == []


def test_without_the_law_the_state_has_no_patrols_or_protections():
    """Contract: without the option none of them is in the game ... and the state has no
    `patrols` or `protected` field."""
    s = game(2, ["governor", "mafia-don"]).state
    assert "patrols" not in s and "protected" not in s
    text = json.dumps(s)
    assert "noir/feds" not in text and "character/vigilante" not in text


@pytest.mark.parametrize("n", [2, 3])
def test_setup_with_the_law_puts_its_cards_in_every_deck(n):
    """Contract: "With it, every deck holds them too": 20 more noir cards (7 goons, 2 loot,
    2 reactions, 9 patrols), 1 informant, 1 character, 3 agendas, one scene per type."""
    s = law_game(n, ["governor", "mafia-don", "police-chief"][:n]).state
    noir = s["noir"]["deck"] + s["noir"]["discard"] + [c for seat in s["seats"] for c in seat["hand"] + seat["loot"]]
    assert len(noir) == 80 and len(set(noir)) == 80
    assert "noir/feds" in noir and "noir/wheelman" in noir and NOMW in noir
    informants = s["informants"]["deck"] + s["informants"]["discard"] + [seat["informant"] for seat in s["seats"]]
    assert len(informants) == 11 and "informant/philanthropist" in informants
    assert "character/vigilante" in s["characters"] and len(s["characters"]) == 7 - n
    for t, scene in (("who", "scene/commissioner"), ("what", "scene/protection-racket"),
                     ("where", "scene/precinct-house")):
        assert len(s["city"][t]["midtown"]) == 12 and scene in s["city"][t]["midtown"]


def test_the_law_cards_are_in_the_catalog_marked_as_the_expansion():
    """Contract: The expansion's 28 cards are in the catalog with `expansion: "the-law"`."""
    law = [c for c in core.get_game("big-shuffle").cards() if c.get("expansion") == "the-law"]
    assert len(law) == 28
    patrols = {c["id"] for c in law if c["type"] == "patrol"}
    assert len(patrols) == 9 and {"noir/feds", "noir/vice-squad", "noir/neighborhood-watch"} <= patrols


# ======================================================================================
# FAQ: Not On My Watch!
# ======================================================================================
@pytest.mark.parametrize("scene, to, protected", [
    ("scene/private-eye", "midtown", "scene/newshound"),   # the FAQ: Uptown onto the protected active scene
    ("scene/newshound", "downtown", "scene/heiress"),      # onto a protected Downtown scene
    ("scene/newshound", "downtown", "scene/newshound"),    # the protected scene itself
])
def test_not_on_my_watch_scene_change_may_be_attempted_and_succeed_but_nothing_moves(scene, to, protected):
    """FAQ: "Characters may still attempt such a scene change and may even succeed ...
    However, if the scene change is successful, it will not be moved, since that would cause
    the scene with Not On My Watch! to have another scene moved on top of it."
    Contract: succeeds (`attempt_resolved` with `success: true`, then `move_prevented`)."""
    s = law_position()
    on_top(s, "who", "midtown", "scene/bootlegger", "scene/newshound")
    on_top(s, "who", "uptown", "scene/private-eye")  # inactive: 3 to Midtown
    on_top(s, "who", "downtown", "scene/heiress")
    give(s, 1, NOMW)
    stack(s, "changes", QUIET)
    city = json.loads(json.dumps(s["city"]))
    step = attempt(s, 0, scene, to)
    assert deciders(step) == [1]
    assert has(step, player=1, kind="react", card=NOMW, scene=protected)
    step = move(step, player=1, kind="react", card=NOMW, scene=protected)
    assert events(step, "scene_protected") == [
        {"type": "scene_protected", "player": 1, "scene": protected, "card": NOMW}]
    assert step.state["protected"] == [{"scene": protected, "card": NOMW, "player": 1}]
    step, seen = run(step)  # with the events of the reaction
    r = resolved(seen)
    assert r["success"] is True and r["influence"] >= r["difficulty"] == 3
    prevented = events(seen, "move_prevented")
    assert [(e["scene"], e["to"]) for e in prevented] == [(scene, to)]
    assert step.state["city"] == city
    assert events(seen, "scene_changed") == []


def test_not_on_my_watch_prevented_change_resolves_the_change_card_but_no_when_you_change_effects():
    """Contract: the scene change card's success effects still resolve, "when you change this
    scene" and "when you change a scene" effects do not (no scene was changed).
    Governor 3 + Tommy Gun 1 - Witness 1 = 3: The Witness draws one card; The Private Eye
    ("when you change this scene, draw") and The Bartender ("when you change a scene, draw")
    draw none."""
    s = law_position()
    informant(s, 0, "bartender")  # WHO 0
    equip(s, 0, "noir/tommy-gun")
    on_top(s, "who", "midtown", "scene/bootlegger", "scene/newshound")
    on_top(s, "who", "uptown", "scene/private-eye")
    give(s, 1, NOMW)
    stack(s, "changes", "change/witness")
    step = attempt(s, 0, "private-eye", "midtown")
    step, seen = run(move(step, player=1, kind="react", card=NOMW, scene="scene/newshound"))
    assert resolved(seen)["success"] is True
    assert len(events(seen, "move_prevented")) == 1
    assert len(hand(step, 0)) == 1


def test_not_on_my_watch_lasts_until_the_start_of_its_players_next_turn():
    """Card: "Until the start of your next turn ..."; contract: the card goes to the noir
    discard at the start of its player's next turn: `protection_ended`. Seat 2 protects during
    seat 0's turn: still there during seat 1's turn, gone when seat 2's turn starts."""
    s = law_position(3, ("governor", "mafia-don", "police-chief"))
    on_top(s, "where", "midtown", "scene/jazz-club", "scene/train-station")
    on_top(s, "who", "midtown", "scene/newshound", "scene/private-eye")
    give(s, 2, NOMW)
    stack(s, "changes", QUIET)
    step = attempt(s, 0, "private-eye", "uptown")  # 3 < 4: fails
    assert deciders(step) == [2]
    step = move(step, player=2, kind="react", card=NOMW, scene="scene/train-station")
    step, seen = run(step, until=lambda st: st.state["turn"]["player"] == 1 and
                     has(st, player=1, kind="end_turn"))
    assert events(seen, "protection_ended") == []
    assert step.state["protected"] == [{"scene": "scene/train-station", "card": NOMW, "player": 2}]
    step = move(step, player=1, kind="end_turn")
    step, seen = run(step, until=lambda st: st.state["turn"]["player"] == 2 and
                     has(st, player=2, kind="end_turn"))
    assert [(e["scene"], e["card"]) for e in events(seen, "protection_ended")] == [("scene/train-station", NOMW)]
    assert step.state["protected"] == []
    assert NOMW in step.state["noir"]["discard"]


# ======================================================================================
# FAQ: Not On My Watch! against The Car Chase and The Serial Killing Spree
# ======================================================================================
@pytest.mark.parametrize("action, scene_type, scene, under", [
    ("noir/car-chase", "where", "scene/train-station", "scene/jazz-club"),
    ("noir/serial-killing-spree", "who", "scene/private-eye", "scene/newshound"),
])
def test_car_chase_and_serial_killing_spree_still_put_a_protected_scene_on_the_bottom(action, scene_type, scene,
                                                                                        under):
    """FAQ: "Yes. ... Since The Car Chase and The Serial Killing Spree don't cause scene
    changes, they will circumvent Not On My Watch." Contract: the card goes to the noir discard
    as soon as its scene leaves the top of its pile: `protection_ended`."""
    s = law_position()
    on_top(s, scene_type, "midtown", under, scene)
    protect(s, scene, 1)
    give(s, 0, action)
    step = move(step_of(s), player=0, kind="play", card=action)
    assert step.state["city"][scene_type]["midtown"][0] == scene
    assert top(step.state, scene_type) == under
    assert [(e["scene"], e["card"]) for e in events(step, "protection_ended")] == [(scene, NOMW)]
    assert step.state["protected"] == []
    assert NOMW in step.state["noir"]["discard"]


def test_the_big_shuffle_ends_a_protection():
    """Contract: the card goes to the noir discard ... as soon as its scene leaves the top of
    its pile (The Car Chase, The Serial Killing Spree, The Big Shuffle): `protection_ended`."""
    s = law_position()
    on_top(s, "where", "midtown", "scene/jazz-club", "scene/train-station")
    protect(s, "scene/train-station", 1)
    give(s, 0, "noir/shake-down-the-city")
    step = move(step_of(s), player=0, kind="play", card="noir/shake-down-the-city")
    assert len(events(step, "big_shuffle")) == 1
    assert [(e["scene"], e["card"]) for e in events(step, "protection_ended")] == [("scene/train-station", NOMW)]
    assert step.state["protected"] == []
    assert NOMW in step.state["noir"]["discard"]


# ======================================================================================
# FAQ: The Wheelman and The Cruiser
# ======================================================================================
@pytest.mark.parametrize("side", ["for", "against"])
def test_wheelman_hired_with_the_cruiser_on_another_characters_turn_gives_no_scene_change(side):
    """FAQ: "If I hired the +3/-3 goon ... during another character's turn and I have The
    Cruiser loot, can I change a scene during that character's turn? No. You may never
    attempt a scene change during another character's turn." """
    s = cruiser_position(1)
    step = attempt(s, 0, "private-eye", "downtown")
    step, _ = run(step, until=lambda st: has(st, player=1, kind="hire", card="noir/wheelman"))
    step, seen = run(move(step, player=1, kind="hire", card="noir/wheelman", side=side))
    assert len(events(seen, "attempt_resolved")) == 1
    assert step.state["attempt"] is None
    assert not options(step, kind="stop") and not options(step, kind="attempt")
    assert step.state["turn"]["player"] == 1 and step.state["turn"]["number"] == 2
    assert "noir/wheelman" in step.state["noir"]["discard"]


def test_wheelman_hired_with_the_cruiser_for_your_own_scene_change_lets_you_attempt_another():
    """Card: "When you hire The Wheelman for your own scene change, you may attempt another
    scene change after it." Contract: step `continue` with `change: null` lets you attempt
    another with a new scene change card, or `stop`."""
    s = cruiser_position(0, QUIET, "change/moonlight")
    on_top(s, "where", "midtown", "scene/jazz-club", "scene/train-station")
    step = attempt(s, 0, "private-eye", "downtown")
    step, seen = run(move(step, player=0, kind="hire", card="noir/wheelman", side="for"))
    assert resolved(seen)["influence"] == 6  # 3 + 3
    a = step.state["attempt"]
    assert a is not None and a["step"] == "continue" and a["change"] is None
    assert deciders(step) == [0]
    assert has(step, player=0, kind="stop")
    assert has(step, player=0, kind="attempt", scene="scene/train-station", to="downtown")
    step = move(step, player=0, kind="attempt", scene="scene/train-station", to="downtown")
    step, seen = run(step)
    # a fresh scene change card: Moonlight +1, and The Wheelman counts no more
    assert resolved(seen)["influence"] == 4
    assert step.state["changes"]["discard"] == [QUIET, "change/moonlight"]
    assert top(step.state, "where", "downtown") == "scene/train-station"
    # no Wheelman this time: no further scene change
    assert step.state["attempt"] is None and step.state["turn"]["player"] == 1


def test_cruiser_continue_may_stop():
    """Contract: after The Cruiser, `continue` ... or `stop`."""
    s = cruiser_position(0)
    step = attempt(s, 0, "private-eye", "downtown")
    step, _ = run(move(step, player=0, kind="hire", card="noir/wheelman", side="for"))
    step = move(step, player=0, kind="stop")
    assert step.state["attempt"] is None and step.state["turn"]["player"] == 1
    assert step.state["changes"]["discard"] == [QUIET]


def test_cruiser_continue_comes_after_a_failed_scene_change_too():
    """Contract: "after your own scene change in which you hired The Wheelman, step `continue`"
    (no success needed; card: "you may attempt another scene change after it").
    Governor 3 + Wheelman 3 - Button Man 3 = 3 < 4."""
    s = cruiser_position(0)
    give(s, 1, "noir/button-man")
    step = attempt(s, 0, "private-eye", "uptown")
    step = move(step, player=0, kind="hire", card="noir/wheelman", side="for")
    step = move(step, player=1, kind="hire", card="noir/button-man", side="against")
    step, seen = run(step)
    assert resolved(seen)["success"] is False
    a = step.state["attempt"]
    assert a is not None and a["step"] == "continue" and a["change"] is None
    assert has(step, player=0, kind="stop") and has(step, player=0, kind="attempt")


# ======================================================================================
# FAQ: The Vice Squad counts the hand when success is determined
# ======================================================================================
@pytest.mark.parametrize("extra, influence", [
    ([], 6),                     # 5 cards, one goon hired: 4 left -> +2
    (["noir/roadster-2"], 4),    # 6 cards, one goon hired: 5 left -> no +2
])
def test_vice_squad_counts_the_hand_when_success_is_determined(extra, influence):
    """FAQ: "The final check for having four or fewer cards in hand will occur during the
    'Determine Success' part of the scene change attempt. If you have four or fewer cards by
    that point, The Vice Squad will grant you +2 influence."
    Governor 3 + Fat Man 0 + Quiet Night 0 + Thug 1 (+ Vice Squad 2)."""
    s = law_position()
    patrol(s, "noir/vice-squad", "where")
    give(s, 0, "noir/thug-1", "noir/thug-2", "noir/fedora-1", "noir/fedora-2", "noir/roadster-1", *extra)
    assert len(s["seats"][0]["hand"]) > 4
    on_top(s, "where", "midtown", "scene/jazz-club", "scene/train-station")
    stack(s, "changes", QUIET)
    step = attempt(s, 0, "train-station", "downtown")
    step, seen = run(move(step, player=0, kind="hire", card="noir/thug-1", side="for"))
    assert resolved(seen)["influence"] == influence


# ======================================================================================
# FAQ: Neighborhood Watch
# ======================================================================================
def _drawer_or_next_turn(step) -> bool:
    return bool(options(step, kind="choose_drawer")) or step.state["turn"]["player"] != 0


@pytest.mark.parametrize("target", [0, 1])
def test_neighborhood_watch_the_changer_chooses_who_draws_themselves_included(target):
    """FAQ: "If I change a scene where Neighborhood Watch is patrolling, can I choose myself
    to draw the card? Yes." Contract: `choose_drawer` (`target`: any seat, yourself included).
    The Councilman has no "when you change" effect, so only the Watch draws."""
    s = law_position()
    patrol(s, "noir/neighborhood-watch", "who")
    on_top(s, "who", "midtown", "scene/newshound", "scene/councilman")  # active: 3 Uptown
    stack(s, "changes", QUIET)
    step = attempt(s, 0, "councilman", "uptown")
    step, seen = run(step, until=_drawer_or_next_turn)
    assert resolved(seen)["success"] is True
    assert deciders(step) == [0]
    assert {o["target"] for o in options(step, kind="choose_drawer")} == {0, 1}
    before = [len(hand(step, 0)), len(hand(step, 1))]
    deck_top = step.state["noir"]["deck"][-1]
    step = move(step, player=0, kind="choose_drawer", target=target)
    after = [len(hand(step, 0)), len(hand(step, 1))]
    before[target] += 1
    assert after == before
    assert deck_top in hand(step, target)


def test_neighborhood_watch_asks_nothing_when_the_scene_change_fails():
    """Card: "When a scene change here succeeds ..." (3 < 4: it fails)."""
    s = law_position()
    patrol(s, "noir/neighborhood-watch", "who")
    on_top(s, "who", "midtown", "scene/newshound", "scene/private-eye")
    stack(s, "changes", QUIET)
    step, seen = run(attempt(s, 0, "private-eye", "uptown"))
    assert resolved(seen)["success"] is False
    assert not options(step, kind="choose_drawer")
    assert hand(step, 0) == [] and step.state["turn"]["player"] == 1


def test_neighborhood_watch_triggers_on_a_success_whose_move_was_prevented():
    """docs/rulings-big-shuffle.md: "A prevented move (Not On My Watch!) is still a success, so
    it still triggers." """
    s = law_position()
    patrol(s, "noir/neighborhood-watch", "who")
    on_top(s, "who", "midtown", "scene/newshound", "scene/councilman")
    give(s, 1, NOMW)
    stack(s, "changes", QUIET)
    step = attempt(s, 0, "councilman", "uptown")
    step = move(step, player=1, kind="react", card=NOMW, scene="scene/councilman")
    step, seen = run(step, until=_drawer_or_next_turn)
    assert resolved(seen)["success"] is True and len(events(seen, "move_prevented")) == 1
    assert deciders(step) == [0]


# ======================================================================================
# FAQ: The Vigilante and The Philanthropist
# ======================================================================================
def _vigilante_position(goons0=(), goons1=()) -> dict:
    """Seat 0 The Governor (Fat Man) attempts The Private Eye Downtown (3); seat 1 The
    Vigilante with The Philanthropist; A Fedora is the next noir card."""
    s = law_position(2, ("governor", "vigilante"))
    informant(s, 1, "philanthropist")
    give(s, 0, *goons0)
    give(s, 1, *goons1)
    on_top(s, "who", "midtown", "scene/newshound", "scene/private-eye")
    stack(s, "changes", QUIET)
    stack(s, "noir", "noir/fedora-1", "noir/fedora-2")
    return s


def test_vigilante_backing_counts_as_hiring_so_the_philanthropist_draws():
    """FAQ: "If I use The Vigilante's ability to give another character +1 influence during
    their scene change and my informant is The Philanthropist, will I draw a card ...? Yes.
    The Vigilante's ability counts as hiring a goon." """
    s = _vigilante_position()
    step = attempt(s, 0, "private-eye", "downtown")
    step, _ = run(step, until=lambda st: has(st, player=1, kind="hire", card="character/vigilante"))
    assert {o["side"] for o in options(step, player=1, kind="hire") if o["card"] == "character/vigilante"} == {"for"}
    before = len(hand(step, 1))
    step = move(step, player=1, kind="hire", card="character/vigilante", side="for")
    assert len(hand(step, 1)) == before + 1 and "noir/fedora-1" in hand(step, 1)
    step, seen = run(step)
    assert resolved(seen)["influence"] == 4  # Governor 3 + Fat Man 0 + Vigilante 1


def test_vigilante_backing_is_the_one_hire_of_a_card_that_is_no_goon_and_counts_in_the_influence():
    """Issue 12 (documented exception): the backing travels as a `hire` of `character/vigilante`
    and sits in `attempt.goons`; the running total in the views counts it among the goons."""
    s = _vigilante_position()
    step = attempt(s, 0, "private-eye", "downtown")
    step, _ = run(step, until=lambda st: has(st, player=1, kind="hire", card="character/vigilante"))
    step = move(step, player=1, kind="hire", card="character/vigilante", side="for")
    assert {"seat": 1, "card": "character/vigilante", "side": "for"} in step.state["attempt"]["goons"]
    influence = core.view(step.state, 0)["view"]["attempt"]["influence"]
    assert influence["parts"]["goons"] == 1 and influence["total"] == 4 and influence["needed"] == 0


def test_vigilante_backs_a_scene_change_only_once():
    """Card: "This counts as hiring a goon for them; once per scene change." Contract: rule
    `support_once`."""
    s = _vigilante_position(goons0=("noir/thug-1", "noir/thug-2"), goons1=("noir/thug-3",))
    step = attempt(s, 0, "private-eye", "downtown")
    assert deciders(step) == [0]
    step = move(step, player=0, kind="hire", card="noir/thug-1", side="for")
    assert deciders(step) == [1]
    step = move(step, player=1, kind="hire", card="character/vigilante", side="for")
    assert deciders(step) == [0]
    step = move(step, player=0, kind="hire", card="noir/thug-2", side="for")
    assert deciders(step) == [1]
    assert has(step, player=1, kind="hire", card="noir/thug-3")
    assert not has(step, player=1, kind="hire", card="character/vigilante")
    refused(step.state, {"player": 1, "kind": "hire", "card": "character/vigilante", "side": "for"}, "support_once")
    step, seen = run(step)
    assert resolved(seen)["influence"] == 6  # 3 + 1 + 1 + 1


def test_vigilante_cannot_back_her_own_scene_change():
    """Card: "During goon hiring in another character's scene change ..." """
    s = law_position(2, ("vigilante", "governor"))
    give(s, 0, "noir/thug-1")
    give(s, 1, "noir/thug-3")
    on_top(s, "who", "midtown", "scene/newshound", "scene/private-eye")
    stack(s, "changes", QUIET)
    step = attempt(s, 0, "private-eye", "downtown")
    assert deciders(step) == [0] and has(step, player=0, kind="hire", card="noir/thug-1")
    assert not [o for o in options(step) if o.get("card") == "character/vigilante"]
    # docs/rulings-big-shuffle.md names the rule
    refused(step.state, {"player": 0, "kind": "hire", "card": "character/vigilante", "side": "for"},
            "support_others_only")
    step = move(step, player=0, kind="pass")
    assert deciders(step) == [1]
    assert not [o for o in options(step) if o.get("card") == "character/vigilante"]


@pytest.mark.parametrize("side", ["for", "against"])
def test_philanthropist_draws_when_hiring_a_goon(side):
    """Card (The Philanthropist): "When you hire a goon (for or against anyone), draw a noir
    card." """
    s = _vigilante_position(goons1=("noir/thug-3",))
    step = attempt(s, 0, "private-eye", "downtown")
    step, _ = run(step, until=lambda st: has(st, player=1, kind="hire", card="noir/thug-3"))
    step = move(step, player=1, kind="hire", card="noir/thug-3", side=side)
    assert hand(step, 1) == ["noir/fedora-1"]


def test_vigilante_cannot_back_a_scene_change_under_the_feds():
    """Contract: The Feds' `no_goons`: goon hiring is skipped; The Vigilante backs "in goon
    hiring" and "counts as hiring a goon"."""
    s = _vigilante_position()
    patrol(s, "noir/feds", "who")
    step = attempt(s, 0, "private-eye", "downtown")
    # no goon hiring at all: the scene change is resolved at once, nobody is asked
    assert not [o for o in options(step) if o.get("card") == "character/vigilante"]
    assert resolved(step.events)["influence"] == 3
    assert hand(step, 0) == ["noir/fedora-1"]  # The Private Eye's draw: The Philanthropist drew none


# ======================================================================================
# Patrols: playing them
# ======================================================================================
def test_a_patrol_may_be_played_on_each_of_the_six_lines_as_the_one_card_of_the_turn():
    """Rulebook: "To play a Patrol, choose a column or row of scene cards, and place it above or
    to the right of that column/row." Contract: main step; it is the one card of the turn."""
    s = law_position()
    give(s, 0, "noir/feds")
    step = step_of(s)
    assert {o["line"] for o in options(step, player=0, kind="play") if o["card"] == "noir/feds"} == set(LINES)
    step = move(step, player=0, kind="play", card="noir/feds", line="uptown")
    assert events(step, "patrol_played") == [
        {"type": "patrol_played", "player": 0, "card": "noir/feds", "line": "uptown", "replaced": None}]
    assert step.state["patrols"] == {**dict.fromkeys(LINES), "uptown": "noir/feds"}
    assert "noir/feds" not in hand(step, 0)
    # the one card of the turn: no scene change after it, the turn is over
    assert step.state["turn"]["player"] == 1 and not options(step, player=0)


def test_a_patrol_on_an_occupied_line_discards_the_one_there():
    """Rulebook: "There can only be one Patrol played on each column/row. If a character ever
    plays a Patrol on ... a column/row that already has a Patrol on it, discard the Patrol that
    was there first." """
    s = law_position()
    patrol(s, "noir/feds", "where")
    give(s, 0, "noir/traffic-cops")
    step = move(step_of(s), player=0, kind="play", card="noir/traffic-cops", line="where")
    assert [(e["card"], e["line"], e["replaced"]) for e in events(step, "patrol_played")] == [
        ("noir/traffic-cops", "where", "noir/feds")]
    assert step.state["patrols"]["where"] == "noir/traffic-cops"
    assert step.state["noir"]["discard"][-1] == "noir/feds"
    assert "noir/traffic-cops" not in step.state["noir"]["discard"]


# ======================================================================================
# Patrols: which attempts they affect
# ======================================================================================
@pytest.mark.parametrize("scene_type, scene, place, to, influence", [
    ("where", "title/where", "midtown", "uptown", 2),          # WHERE and Midtown: 3 + 1 - 2
    ("who", "title/who", "midtown", "uptown", 1),              # Midtown only: 3 - 2
    ("where", "scene/jazz-club", "uptown", "midtown", 4),      # WHERE only (from Uptown, not to Midtown): 3 + 1
    ("who", "scene/private-eye", "uptown", "midtown", 3),      # neither
])
def test_an_attempt_is_subject_to_the_patrols_of_its_column_and_of_its_row(scene_type, scene, place, to,
                                                                            influence):
    """Rulebook: "If The Feds are played above the WHERE and The Traffic Cops are played next to
    Midtown, a Midtown WHERE scene change attempt will be subject to both." Contract: the row
    its scene is in when the attempt is made (`attempt.from`). Beat Cop +1 on WHERE, Riot Squad
    -2 on Midtown; Governor 3 + Fat Man 0."""
    s = law_position()
    patrol(s, "noir/beat-cop-1", "where")
    patrol(s, "noir/riot-squad", "midtown")
    if place == "uptown":
        on_top(s, scene_type, "uptown", scene)
    stack(s, "changes", QUIET)
    step, seen = run(attempt(s, 0, scene, to))
    assert resolved(seen)["influence"] == influence


@pytest.mark.parametrize("card, influence", [
    ("noir/beat-cop-1", 5),
    ("noir/traffic-cops", 3),
    ("noir/riot-squad", 2),
    ("noir/vice-squad", 6),          # no card in hand
    ("noir/internal-affairs", 3),    # The Doorman's +1 does not count
    ("noir/detectives", 4),
    ("noir/neighborhood-watch", 4),
    ("noir/feds", 4),
])
def test_each_patrol_modifies_influence_as_its_card_says(card, influence):
    """the-law.toml: Beat Cop +1, Traffic Cops -1, Riot Squad -2, Vice Squad +2 with four or
    fewer cards, Internal Affairs: informants' modifiers do not count; the others change no
    influence. Governor 3 + Doorman WHO 1 = 4 without a patrol."""
    s = law_position()
    informant(s, 0, "doorman")
    patrol(s, card, "who")
    on_top(s, "who", "midtown", "scene/newshound", "scene/councilman")  # active: 3 Uptown
    stack(s, "changes", QUIET)
    step, seen = run(attempt(s, 0, "councilman", "uptown"))
    assert resolved(seen)["influence"] == influence


@pytest.mark.parametrize("scene_type, scene, hiring", [("who", "scene/private-eye", False),
                                                       ("where", "scene/train-station", True)])
def test_feds_stop_goon_hiring_in_attempts_on_their_line(scene_type, scene, hiring):
    """Card (The Feds): "No goons are hired in scene change attempts here." """
    s = law_position()
    patrol(s, "noir/feds", "who")
    give(s, 0, "noir/thug-1")
    give(s, 1, "noir/thug-3")
    on_top(s, "who", "midtown", "scene/newshound", "scene/private-eye")
    on_top(s, "where", "midtown", "scene/jazz-club", "scene/train-station")
    stack(s, "changes", QUIET)
    step = attempt(s, 0, scene, "downtown")
    assert bool(options(step, kind="hire")) is hiring
    if not hiring:
        step, seen = run(step)
        assert resolved(seen)["success"] is True
        assert "noir/thug-1" in hand(step, 0)
        assert "noir/thug-3" in hand(step, 1)
        assert "noir/thug-1" not in step.state["noir"]["discard"]


def test_detectives_draw_a_card_for_a_failed_attempt():
    """Card (The Detectives): "When a scene change here fails, its character draws a noir
    card." (3 < 4)"""
    s = law_position()
    patrol(s, "noir/detectives", "who")
    on_top(s, "who", "midtown", "scene/newshound", "scene/private-eye")
    stack(s, "changes", QUIET)
    deck_top = s["noir"]["deck"][-1]
    step, seen = run(attempt(s, 0, "private-eye", "uptown"))
    assert resolved(seen)["success"] is False
    assert hand(step, 0) == [deck_top]


@pytest.mark.parametrize("badge", [True, False])
def test_the_badge_holder_is_not_affected_by_patrols(badge):
    """Card (The Badge): "Patrols do not affect your scene changes." Contract: The Badge's
    holder is subject to none. Riot Squad -2 on WHO, The Feds on Midtown."""
    s = law_position()
    if badge:
        equip(s, 0, "noir/badge")
    patrol(s, "noir/riot-squad", "who")
    patrol(s, "noir/feds", "midtown")
    give(s, 0, "noir/thug-1")
    on_top(s, "who", "midtown", "scene/newshound", "scene/private-eye")
    stack(s, "changes", QUIET)
    step = attempt(s, 0, "private-eye", "downtown")
    assert has(step, player=0, kind="hire", card="noir/thug-1") is badge
    step, seen = run(step)
    assert resolved(seen)["influence"] == (3 if badge else 1)


# ======================================================================================
# Patrols: An Anonymous Tip moves one
# ======================================================================================
def _tip_position(**patrols) -> dict:
    s = law_position()
    for line, card in patrols.items():
        patrol(s, card, line)
    give(s, 1, TIP)
    on_top(s, "who", "midtown", "scene/newshound", "scene/private-eye")
    stack(s, "changes", QUIET)
    return s


def test_anonymous_tip_moves_a_patrol_discarding_the_one_on_the_target_line():
    """Rulebook: "To move a Patrol, pick a column/row that Patrol isn't already played on, and
    move it to the new column/row. This doesn't count as playing a Patrol." and "If a
    character ... moves a Patrol to a column/row that already has a Patrol on it, discard the
    Patrol that was there first." """
    s = _tip_position(uptown="noir/feds", what="noir/beat-cop-1")
    step = attempt(s, 0, "private-eye", "uptown")
    assert deciders(step) == [1]
    turn = dict(step.state["turn"])
    step = move(step, player=1, kind="react", card=TIP, patrol="noir/feds", line="what")
    seen = step.events
    assert events(seen, "patrol_moved") == [{"type": "patrol_moved", "player": 1, "card": "noir/feds",
                                              "from": "uptown", "to": "what", "replaced": "noir/beat-cop-1"}]
    assert events(seen, "patrol_played") == []
    assert step.state["patrols"] == {**dict.fromkeys(LINES), "what": "noir/feds"}
    assert "noir/beat-cop-1" in step.state["noir"]["discard"]
    assert TIP not in hand(step, 1)
    # moving is not playing: the turn's counters are those before the tip
    assert {k: step.state["turn"][k] for k in ("player", "played", "allowed")} == {
        k: turn[k] for k in ("player", "played", "allowed")}


def test_anonymous_tip_cannot_move_a_patrol_to_its_own_line():
    """Rulebook: pick a column/row that Patrol isn't already played on. Contract: rule
    `patrol_already_there`; `no_patrol_there` for a patrol that is not on a line."""
    s = _tip_position(who="noir/feds")
    step = attempt(s, 0, "private-eye", "uptown")
    tips = [(o["patrol"], o["line"]) for o in options(step, player=1, kind="react") if o["card"] == TIP]
    assert set(tips) == {("noir/feds", line) for line in LINES if line != "who"}
    refused(step.state, {"player": 1, "kind": "react", "card": TIP, "patrol": "noir/feds", "line": "who"},
            "patrol_already_there")
    refused(step.state, {"player": 1, "kind": "react", "card": TIP, "patrol": "noir/beat-cop-2", "line": "what"},
            "no_patrol_there")
    refused(step.state, {"player": 1, "kind": "react", "card": TIP, "patrol": "noir/feds", "line": "north"},
            "no_such_line")


@pytest.mark.parametrize("frm, to, hiring", [("who", "what", True), ("what", "who", False)])
def test_feds_moved_at_the_reveal_count_where_they_lie_when_hiring_would_start(frm, to, hiring):
    """Contract: `no_goons` applies when the revealed moment ends, so goon hiring is skipped.
    An Anonymous Tip at the revealed moment moves The Feds off (or onto) the WHO column."""
    s = _tip_position(**{frm: "noir/feds"})
    give(s, 0, "noir/thug-1")
    step = attempt(s, 0, "private-eye", "uptown")
    step = move(step, player=1, kind="react", card=TIP, patrol="noir/feds", line=to)
    step, _ = run(step, until=lambda st: attempt_over(st) or bool(options(st, kind="hire")))
    assert has(step, player=0, kind="hire", card="noir/thug-1") is hiring


# ======================================================================================
# Bad input
# ======================================================================================
def test_a_patrol_on_a_line_that_does_not_exist_is_refused():
    """Contract: `no_such_line` (a line that is not one of the six)."""
    s = law_position()
    give(s, 0, "noir/feds")
    refused(s, {"player": 0, "kind": "play", "card": "noir/feds", "line": "north"}, "no_such_line")


def test_a_law_character_without_the_expansion_is_invalid_options():
    """Contract: without the option none of them is in the game."""
    with pytest.raises(core.InvalidOptions):
        core.new_game("big-shuffle", 2, {"characters": ["character/vigilante", "character/governor"]}, 1)


def test_an_unknown_expansion_is_invalid_options():
    """Contract: `expansions`: array of `the-law`."""
    with pytest.raises(core.InvalidOptions):
        core.new_game("big-shuffle", 2, {"expansions": ["the-lawyers"]}, 1)


@pytest.mark.parametrize("move_", [
    {"player": 0, "kind": "play", "card": "noir/feds", "line": "who"},
    {"player": 0, "kind": "choose_drawer", "target": 0},
])
def test_a_law_card_or_move_without_the_expansion_is_refused(move_):
    """Contract: `needs_the_law` (a Law card or move in a game without the expansion)."""
    s = main_position(2, ["governor", "mafia-don"])
    refused(s, move_, "needs_the_law")


@pytest.mark.parametrize("how", ["patrols", "protected", "law card"])
def test_a_base_game_state_with_law_fields_or_cards_is_invalid(how):
    """Contract: without the option ... a state ... that names one is refused, and the state has
    no `patrols` or `protected` field."""
    s = main_position(2, ["governor", "mafia-don"])
    if how == "patrols":
        s["patrols"] = dict.fromkeys(LINES)
    elif how == "protected":
        s["protected"] = []
    else:
        s["noir"]["deck"].append("noir/feds")
    with pytest.raises(core.InvalidState):
        core.apply(s, {"player": 0, "kind": "end_turn"})


@pytest.mark.parametrize("field", ["patrols", "protected"])
def test_a_law_state_without_its_fields_is_invalid(field):
    """Contract: with the option the state has `patrols` and `protected` (rulings: "or a Law game
    without them" is invalid_state)."""
    s = law_position()
    del s[field]
    with pytest.raises(core.InvalidState):
        core.apply(s, {"player": 0, "kind": "end_turn"})


def test_a_law_state_with_a_non_patrol_on_a_line_is_invalid():
    """Contract: `patrols`: each line holds a patrol card id or null."""
    s = law_position()
    put(s, "noir/thug-1", ("patrols", "who"))  # moved, not copied: only its type is wrong
    with pytest.raises(core.InvalidState):
        core.apply(s, {"player": 0, "kind": "end_turn"})


def test_a_law_state_with_a_patrol_on_a_line_and_in_a_hand_is_invalid():
    """Every card is in exactly one place: a patrol on a line is in no hand."""
    s = law_position()
    give(s, 0, "noir/feds")
    s["patrols"]["who"] = "noir/feds"
    with pytest.raises(core.InvalidState):
        core.apply(s, {"player": 0, "kind": "end_turn"})


def test_a_hand_built_law_position_is_valid():
    """The positions the other tests build are accepted (so the invalid ones above fail for
    the reason they name)."""
    s = law_position()
    patrol(s, "noir/feds", "who")
    on_top(s, "where", "midtown", "scene/train-station")
    protect(s, "scene/train-station", 1)
    core.check_state(s)
    assert core.apply(s, {"player": 0, "kind": "end_turn"}).state["turn"]["player"] == 1


# ======================================================================================
# Hidden information
# ======================================================================================
def test_patrols_and_protections_are_public_in_every_view():
    """Contract: `patrols` ... # public; `protected` ... (public)."""
    s = law_position()
    patrol(s, "noir/feds", "who")
    patrol(s, "noir/vice-squad", "downtown")
    on_top(s, "where", "midtown", "scene/train-station")
    protect(s, "scene/train-station", 1)
    for viewer in (None, 0, 1):
        seen = core.view(s, viewer)["view"]
        assert seen["patrols"] == s["patrols"]
        assert seen["protected"] == [{"scene": "scene/train-station", "card": NOMW, "player": 1}]


# --- The heuristic bot plays The Law ------------------------------------------------------
def test_the_heuristic_bot_plays_law_games_to_the_end_using_the_expansion():
    """Heuristic bots in every seat (The Vigilante among them) finish seeded Law games, and on
    the way they play patrols, Not On My Watch!, the Vigilante's backing and Neighborhood Watch."""
    used = set()
    for seed in range(6):
        characters = ["vigilante", "governor", "reporter"] if seed % 2 else ["mafia-don", "vigilante", "cat-burglar"]
        step = law_game(3, characters, seed=seed)
        for _ in range(3000):
            if step.outcome is not None:
                break
            move_ = core.bot_move(step.state, step.pending[0]["player"], "heuristic")
            if move_["kind"] == "play" and "line" in move_:
                used.add("patrol")
            elif move_["kind"] == "react" and move_["card"] in (NOMW, TIP):
                used.add(move_["card"])
            elif move_["kind"] == "hire" and move_["card"] == "character/vigilante":
                used.add("backing")
            elif move_["kind"] == "choose_drawer":
                used.add("choose_drawer")
            step = step.play(move_)
        assert step.outcome is not None, f"seed {seed}: no end after 3,000 moves"
    assert {"patrol", NOMW, "backing", "choose_drawer"} <= used, used


@pytest.mark.parametrize("expansions", [[], LAW])
def test_a_state_sent_with_its_keys_sorted_gets_the_same_decisions(expansions):
    """A client may send its JSON with the keys sorted: the options come in the same order
    (the engine orders piles, lines and seats by the rules, never by the state's key order)."""
    from core.framework.rng import Rng

    rng = Rng.from_seed("sorted-keys")
    compared = 0
    for seed in range(3):
        step = core.new_game("big-shuffle", 3, {"expansions": expansions}, seed)
        while step.outcome is None and step.state["version"] < 250:
            sorted_state = json.loads(json.dumps(step.state, sort_keys=True))
            assert core.decisions(sorted_state) == step.pending
            compared += len(step.pending[0]["options"]) > 1
            options_ = [o for d in step.pending for o in d["options"]]
            step = step.play(options_[rng.below(len(options_))])
    assert compared > 100
