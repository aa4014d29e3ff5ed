"""Plot Twist's Setup as decisions (core/games/plot_twist/setup/setup.py), its views (views.py) and its
state check (integrity.py): one test per step of the rulebook's Setup and per ruling of
docs/rulings-plot-twist.md it needs; seeded random drafts of 2, 4 and 6 seats; quick setup;
hidden information and tampered states as properties over sampled states.
"""

import copy
import json
import random

import pytest

from core.framework.errors import IllegalMove, InvalidState
from core.framework.rng import Rng
from core.games.plot_twist import cards as C
from core.games.plot_twist.setup import decks as D
from core.games.plot_twist.integrity.integrity import check_setup
from core.games.plot_twist.setup.setup import (
    SETUP_MOVES,
    new_state,
    refuse_setup,
    setup_decisions,
    setup_refusal,
)
from core.games.plot_twist.state import (
    HIDDEN,
    characters_of,
    hero_of,
    in_play,
    main_villain,
    users_of,
)
from core.games.plot_twist.views import view, view_event


def fresh(players: int, setup: str = "drafted", seed: int = 0) -> tuple[dict, list]:
    fields, events = new_state(players, {"setup": setup}, Rng.from_seed(seed))
    state = {"game": "plot-twist", "version": 0, "players": players, "options": {"setup": setup},
             "rng": Rng.from_seed(seed).dump(), "outcome": None, **fields}
    return state, events


def play(state: dict, move: dict, rng=None) -> tuple[dict, list]:
    """A move as the engine plays it: listed, on a shallow copy of the state."""
    assert any(move in d["options"] for d in setup_decisions(state)), move
    nxt, events = dict(state), []
    SETUP_MOVES[move["kind"]](nxt, move, rng or Rng.from_seed(7), events)
    return nxt, events


def pick(state: dict, kind: str, card: str | None = None, player: int | None = None) -> tuple[dict, list]:
    for d in setup_decisions(state):
        for o in d["options"]:
            if o["kind"] == kind and o.get("card", card) == card and player in (None, o["player"]):
                return play(state, o)
    raise AssertionError(f"no option {kind} {card} in {setup_decisions(state)}")


def draft(players: int, seed: int, until: str = "done"):
    """A drafted Setup, uniformly random among all options: yields (state, move, events) per move."""
    state, _ = fresh(players, "drafted", seed)
    r, rng = random.Random(seed), Rng.from_seed(seed)
    while state["setup"]["step"] != until:
        pending = setup_decisions(state)
        assert pending, f"no decision at {state['setup']} (a dead end)"
        move = r.choice(r.choice(pending)["options"])
        nxt, events = dict(state), []
        SETUP_MOVES[move["kind"]](nxt, move, rng, events)
        yield nxt, move, events
        state = nxt


def drafted(players: int, seed: int, until: str = "done") -> dict:
    state = fresh(players, "drafted", seed)[0]
    for state, _, _ in draft(players, seed, until):
        pass
    return state


def cards_of(decision: dict) -> list:
    return [o["card"] for o in decision["options"] if "card" in o]


def only(state: dict) -> dict:
    pending = setup_decisions(state)
    assert len(pending) == 1
    return pending[0]


# --- Setup 1: the GM's Main Villain, Equipment, Mooks, initial Location, face-down Objective; -----
# --- then each Hero and his Equipment (ruling "The order of Setup's first step") ------------------
def test_setup_the_gm_places_his_main_villain_first():
    state, _ = fresh(3)
    d = only(state)
    assert (d["player"], d["kind"]) == (0, "main_villain")
    assert cards_of(d) == D.villain_picks([]) and len(cards_of(d)) == 4


def test_setup_step_1_in_the_rulings_order_gm_then_each_hero_in_seat_order():
    steps = []
    for state, move, _ in draft(4, seed=3, until="plot_hands"):
        if not steps or steps[-1] != (move["player"], move["kind"]):
            steps.append((move["player"], move["kind"]))
    kinds = [k for _, k in steps]
    assert kinds[0] == "place_villain"
    assert kinds.index("place_location") < kinds.index("place_objective") < kinds.index("place_hero")
    heroes = [p for p, k in steps if k == "place_hero"]
    assert heroes == [1, 2, 3]
    gm_moves = [p for p, k in steps[:kinds.index("place_hero")]]
    assert set(gm_moves) == {0}


def test_each_pick_lists_the_legal_cards_of_its_decks_predicate():
    state, _ = fresh(3)
    state, _ = pick(state, "place_villain", "villain/warlord-kragg")
    assert cards_of(only(state)) == D.equipment_picks("villain/warlord-kragg", [], in_play(state))
    state, _ = pick(state, "place_equipment", "equipment/plasma-rifle")
    assert cards_of(only(state)) == D.mook_picks(in_play(state), 2)
    state, _ = pick(state, "place_mook", "mook/sky-drones")
    state, _ = pick(state, "no_more_mooks")
    users = users_of(state, 0)
    assert cards_of(only(state)) == D.location_picks(users, in_play(state))
    state, _ = pick(state, "place_location", "location/harbor-docks")
    assert cards_of(only(state)) == D.objective_picks(users, "location/harbor-docks")
    state, _ = pick(state, "place_objective", "objective/open-the-rift")
    assert only(state)["player"] == 1 and cards_of(only(state)) == D.hero_picks(in_play(state))
    assert "equipment/plasma-rifle" not in D.equipment_picks("hero/tinkerbolt", [], in_play(state))


def test_a_refusal_names_the_rule_of_its_decks_predicate():
    state, _ = fresh(3)
    state, _ = pick(state, "place_villain", "villain/dr-simoakli")  # Black
    assert setup_refusal(state, {"player": 0, "kind": "place_equipment", "card": "equipment/psi-amplifier"}) == \
        D.equipment_error("equipment/psi-amplifier", "villain/dr-simoakli", [], in_play(state))
    assert setup_refusal(state, {"player": 0, "kind": "place_equipment",
                                 "card": "equipment/psi-amplifier"})[0] == "wrong_color"
    assert setup_refusal(state, {"player": 1, "kind": "no_equipment"})[0] == "not_your_pick"
    assert setup_refusal(state, {"player": 0, "kind": "place_hero", "card": "hero/hope"})[0] == "wrong_step"
    assert setup_refusal(state, {"player": 0, "kind": "no_equipment"}) is None
    with pytest.raises(IllegalMove) as refused:
        refuse_setup(state, {"player": 0, "kind": "place_equipment", "card": "equipment/nope"})
    assert refused.value.rule == "unknown_card"


def test_setup_equipment_is_none_or_one_for_the_villain_and_each_hero():
    state, _ = fresh(2)
    state, _ = pick(state, "place_villain", "villain/dr-simoakli")
    assert {"player": 0, "kind": "no_equipment"} in only(state)["options"]
    state, events = pick(state, "no_equipment")
    assert events[0] == {"type": "equipment_declined", "player": 0, "character": "villain/dr-simoakli"}
    assert main_villain(state)["equipment"] is None and state["setup"]["step"] == "mooks"


def test_ruling_at_most_as_many_mook_cards_as_heroes_then_the_engine_stops_the_mooks():
    state, _ = fresh(2)  # one Hero: one Mook card at most
    state, _ = pick(state, "place_villain", "villain/dr-simoakli")
    state, _ = pick(state, "no_equipment")
    state, events = pick(state, "place_mook", "mook/lab-goons")
    assert [e["type"] for e in events] == ["mook_placed", "mooks_done"]
    assert events[0]["quantity"] == C.CARD["mook/lab-goons"]["quantity"]
    assert state["setup"]["step"] == "location"


def test_setup_the_objective_is_face_down_and_fits_the_initial_location():
    state, _ = fresh(2)
    state, _ = pick(state, "place_villain", "villain/dr-simoakli")
    state, _ = pick(state, "no_equipment")
    state, _ = pick(state, "no_more_mooks")
    state, _ = pick(state, "place_location", "location/sector-9-clinic")
    assert state["location"] == "location/sector-9-clinic"
    assert "objective/open-the-rift" not in cards_of(only(state))  # its first Location is elsewhere
    assert "objective/organ-harvest" in cards_of(only(state))
    state, events = pick(state, "place_objective", "objective/organ-harvest")
    assert state["objective"] == {"card": "objective/organ-harvest", "revealed": False, "peeked": [], "peeking": {}}
    assert view(state, 1)["objective"]["card"] == HIDDEN and view(state, None)["objective"]["card"] == HIDDEN
    assert view(state, 0)["objective"]["card"] == "objective/organ-harvest"
    assert view_event(events[0], 1)["card"] == HIDDEN and view_event(events[0], 0) == events[0]


# --- Setup 2-5 ---------------------------------------------------------------------------------------
def test_a_plot_hand_pick_lists_one_card_at_a_time():
    state = drafted(3, seed=1, until="plot_hands")
    for d in setup_decisions(state):
        seat = d["player"]
        side = "gm" if seat == 0 else "hero"
        assert all(set(o) == {"player", "kind", "card"} for o in d["options"])  # never a combination
        assert cards_of(d) == D.plot_picks(side, users_of(state, seat), [], in_play(state))
    card = cards_of(setup_decisions(state)[1])[0]
    state, _ = pick(state, "add_plot", card, player=1)
    assert state["plot_hands"][1] == [card]
    assert card not in cards_of(setup_decisions(state)[1])  # "only one copy of each Plot or Character"
    assert setup_refusal(state, {"player": 1, "kind": "add_plot", "card": card})[0] == "plot_hand_copy"


def test_ruling_plot_hands_and_combat_decks_are_picked_by_every_seat_at_once():
    state = drafted(4, seed=2, until="plot_hands")
    assert [d["player"] for d in setup_decisions(state)] == [0, 1, 2, 3]
    assert {d["kind"] for d in setup_decisions(state)} == {"plot_hand"}
    state = drafted(4, seed=2, until="combat_decks")
    assert all(len(h) == D.PLOT_HAND for h in state["plot_hands"])
    assert [d["player"] for d in setup_decisions(state)] == [0, 1, 2, 3]
    for _ in range(D.COMBAT_DECK):  # seat 2 finishes first: the others still decide
        state, _ = play(state, next(d for d in setup_decisions(state) if d["player"] == 2)["options"][0])
    assert [d["player"] for d in setup_decisions(state)] == [0, 1, 3]


def test_a_combat_deck_allows_copies():
    state = drafted(2, seed=4, until="combat_decks")
    for _ in range(D.COMBAT_DECK - 1):
        state, _ = pick(state, "add_combat_card", "combat/charge", player=1)
    assert state["combat_decks"][1] == ["combat/charge"] * 9
    state, _ = pick(state, "add_combat_card", "combat/charge", player=1)
    assert [d["player"] for d in setup_decisions(state)] == [0]


def test_ruling_the_heroes_pick_twists_in_turn_from_the_lowest_seat():
    state = drafted(4, seed=5, until="twists")
    pickers = []
    while state["setup"]["step"] == "twists":
        d = only(state)
        assert d["kind"] == "twists_deck"
        heroes = [c["card"] for c in characters_of(state, "hero")]
        assert cards_of(d) == D.twist_picks(heroes, state["twists_deck"])
        pickers.append(d["player"])
        state, _ = play(state, d["options"][-1])
    assert pickers == [1, 2, 3, 1, 2, 3, 1, 2, 3, 1]


def test_ruling_the_heroes_see_the_twists_they_pick_and_the_gm_does_not():
    state = drafted(3, seed=6, until="twists")
    state, events = play(state, only(state)["options"][0])
    assert view(state, 2)["twists_deck"] == state["twists_deck"]
    assert view(state, 0)["twists_deck"] == [HIDDEN] and view(state, None)["twists_deck"] == [HIDDEN]
    assert view_event(events[0], 0)["card"] == HIDDEN and view_event(events[0], 2) == events[0]


def test_the_gm_picks_five_events_one_copy_each():
    state = drafted(3, seed=7, until="events")
    d = only(state)
    assert (d["player"], d["kind"]) == (0, "events_cluster")
    first = cards_of(d)[0]
    state, events = play(state, d["options"][0])
    assert state["events_cluster"] == [{"card": first, "revealed": False, "nullified": False}]
    assert first not in cards_of(only(state))
    assert view(state, 1)["events_cluster"] == [{"card": HIDDEN, "revealed": False, "nullified": False}]
    assert view_event(events[0], 1)["card"] == HIDDEN


# --- Setup 6, the counters, and the end of Setup -----------------------------------------------------
def test_setup_each_hero_loses_1_belief_and_the_main_villain_gains_it_in_hate():
    state = drafted(5, seed=8, until="events")
    while state["setup"]["step"] == "events":
        state, events = play(state, only(state)["options"][0])
    heroes = characters_of(state, "hero")
    assert len(heroes) == 4 and all(h["belief"] == C.CARD[h["card"]]["power"] * 3 - 1 for h in heroes)
    villain = main_villain(state)
    assert villain["hate"] == C.CARD[villain["card"]]["power"] * 3 + 4  # above Power x3: "gains the total"
    lost = [e for e in events if e["type"] == "belief_lost"]
    assert [(e["player"], e["amount"]) for e in lost] == [(1, 1), (2, 1), (3, 1), (4, 1)]
    assert {"type": "hate_gained", "player": 0, "character": villain["card"], "amount": 4} in events


def test_setup_initial_counters_are_power_x3_with_no_stress():
    state = drafted(3, seed=9, until="plot_hands")
    for c in state["characters"]:
        card = C.CARD[c["card"]]
        if card["type"] == "mook":
            assert c["quantity"] == card["quantity"] and "energy" not in c and "resistances" not in c
            continue
        assert c["energy"] == card["power"] * 3
        assert c.get("belief", c.get("hate")) == card["power"] * 3
        assert all(r == {"stress": 0, "trauma": 0} for r in c["resistances"].values())
        assert c["statuses"] == []


def test_ruling_combat_actions_are_renewed_at_the_first_start_of_turn():
    state = drafted(2, seed=10)
    assert all(c["actions"] == {"move": 0, "attack": 0} for c in state["characters"])


def test_ruling_the_combat_and_twists_decks_are_shuffled_when_setup_ends():
    before = drafted(3, seed=11, until="events")
    state = before
    while state["setup"]["step"] == "events":
        state, events = play(state, only(state)["options"][0], Rng.from_seed(11))
    assert setup_decisions(state) == [] and events[-1] == {"type": "setup_done"}
    for old, new in zip(before["combat_decks"], state["combat_decks"]):
        assert sorted(old) == sorted(new)
    assert sorted(before["twists_deck"]) == sorted(state["twists_deck"])
    assert state["combat_decks"] != before["combat_decks"] or state["twists_deck"] != before["twists_deck"]
    assert all(v["combat_decks"][p] == [HIDDEN] * 10 for p in range(3) for v in [view(state, p)])
    assert view(state, 1)["twists_deck"] == [HIDDEN] * 10


# --- Whole setups: drafted at random, and quick ----------------------------------------------------
def legal_start(state: dict) -> None:
    """A starting position: the state check, and decks.py's whole-collection checks."""
    check_setup(state)
    assert state["setup"] == {"step": "done", "seat": None} and setup_decisions(state) == []
    placed = in_play(state)
    for seat in range(state["players"]):
        side = "gm" if seat == 0 else "hero"
        assert D.plot_hand_error(state["plot_hands"][seat], side, users_of(state, seat), placed) is None
        assert D.combat_deck_error(state["combat_decks"][seat], users_of(state, seat)) is None
        if seat:
            assert hero_of(state, seat) is not None
    heroes = [c["card"] for c in characters_of(state, "hero")]
    assert D.twists_deck_error(state["twists_deck"], heroes) is None
    assert D.events_cluster_error([e["card"] for e in state["events_cluster"]], users_of(state, 0)) is None
    assert len(characters_of(state, "villain")) == 1 and len(characters_of(state, "mook")) <= len(heroes)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_drafted_setups_reach_a_legal_starting_position(players):
    for seed in range(4):
        moves = 0
        for state, move, events in draft(players, seed):
            check_setup(state)
            moves += 1
        legal_start(state)
        assert moves >= 1 + 1 + (players - 1) * (1 + 5 + 10) + 10 + 5 - 2  # one card per pick


def test_handlers_never_change_the_callers_state():
    state, _ = fresh(3)
    r = random.Random(12)
    while state["setup"]["step"] != "done":
        kept = copy.deepcopy(state)
        move = r.choice(r.choice(setup_decisions(state))["options"])
        nxt, _ = play(state, move)
        assert state == kept
        state = nxt


@pytest.mark.parametrize("players", [2, 4, 6])
def test_quick_setup_is_deterministic_per_seed_and_legal(players):
    a, events_a = fresh(players, "quick", seed=21)
    b, events_b = fresh(players, "quick", seed=21)
    c, _ = fresh(players, "quick", seed=22)
    assert a == b and events_a == events_b
    assert a != c
    legal_start(a)
    legal_start(c)
    for character in characters_of(a, "hero") + characters_of(a, "villain"):  # a card rather than none
        assert character["equipment"] or not D.equipment_picks(character["card"], [], in_play(a))


# --- Hidden information: views and events -----------------------------------------------------------
def sampled_states():
    for players, seed in ((2, 30), (4, 31), (6, 32)):
        for i, (state, _, _) in enumerate(draft(players, seed)):
            if i % 9 == 0 or state["setup"]["step"] == "done":
                yield state
    yield fresh(3, "quick", 33)[0]


def hidden_from(state: dict, player, r: random.Random) -> dict:
    """The same position with different content wherever `player` may not look."""
    other = copy.deepcopy(state)
    building = state["setup"]["step"] != "done"
    combat_ids = list(C.IDS_OF["combat"])
    for seat in range(state["players"]):
        if seat != player:
            other["plot_hands"][seat] = [r.choice(C.IDS_OF["detail"]) for _ in state["plot_hands"][seat]]
            other["combat_hands"][seat] = [r.choice(combat_ids) for _ in state["combat_hands"][seat]]
        if seat != player or not building:
            other["combat_decks"][seat] = [r.choice(combat_ids) for _ in state["combat_decks"][seat]]
    if player != 0:
        if state["objective"]["card"] and not state["objective"]["revealed"]:
            other["objective"]["card"] = r.choice([c for c in C.IDS_OF["objective"] if c != state["objective"]["card"]])
        for e in other["events_cluster"]:
            if not e["revealed"]:
                e["card"] = r.choice(C.IDS_OF["event"])
    if player in (0, None) or not building:
        other["twists_deck"] = [r.choice(C.IDS_OF["twist"]) for _ in state["twists_deck"]]
    return other


def test_views_never_show_another_seats_hidden_cards():
    r = random.Random(40)
    changed = 0
    for state in sampled_states():
        for player in [None, *range(state["players"])]:
            other = hidden_from(state, player, r)
            changed += other != state
            assert view(other, player) == view(state, player), (player, state["setup"])
            if player is not None and player != 0 and state["objective"]["card"]:
                assert state["objective"]["card"] not in json.dumps(view(state, player))
    assert changed > 20  # the property compared positions that really differ


def test_views_show_each_seat_its_own_cards():
    state = fresh(4, "quick", 41)[0]
    for player in range(4):
        mine = copy.deepcopy(state)
        mine["plot_hands"][player] = list(reversed(mine["plot_hands"][player]))
        assert view(mine, player) != view(state, player)  # a seat sees its own Plot Hand
        assert view(mine, (player + 1) % 4) == view(state, (player + 1) % 4)
    assert view(state, 0)["objective"] == state["objective"]
    assert view(state, 0)["events_cluster"] == state["events_cluster"]


def test_view_event_hides_each_hidden_pick_from_the_other_seats():
    seen = set()
    for state, move, events in draft(4, seed=42):
        for event in events:
            if "card" not in event or event["type"] not in (
                    "objective_placed", "plot_added", "combat_card_added", "twist_added", "event_added"):
                assert all(view_event(event, p) == event for p in (None, 0, 1, 2, 3))
                continue
            seen.add(event["type"])
            for p in (None, 0, 1, 2, 3):
                sees = {"objective_placed": p == 0, "event_added": p == 0, "twist_added": p in (1, 2, 3),
                        "plot_added": p == event["player"], "combat_card_added": p == event["player"]}[event["type"]]
                assert view_event(event, p) == (event if sees else {**event, "card": HIDDEN})
    assert seen == {"objective_placed", "plot_added", "combat_card_added", "twist_added", "event_added"}


# --- Tampered states ----------------------------------------------------------------------------------
def tampered(state: dict, change) -> dict:
    other = copy.deepcopy(state)
    change(other)
    return other


TAMPERINGS = {
    "a card in two places": lambda s: s["characters"][-1].update(equipment=s["characters"][0]["equipment"]
                                                                  or "equipment/vibro-blade"),
    "a hero also in a plot hand": lambda s: s["plot_hands"][2].__setitem__(0, s["characters"][-1]["card"]),
    "an unknown card id": lambda s: s["combat_decks"][1].__setitem__(0, "combat/no-such-card"),
    "a plot hand over its size": lambda s: s["plot_hands"][1].append(
        next(c for c in C.IDS_OF["detail"] if c not in s["plot_hands"][1])),
    "a sixth event": lambda s: s["events_cluster"].append(dict(s["events_cluster"][0])),
    "an eleventh combat card": lambda s: s["combat_decks"][0].append(s["combat_decks"][0][0]),
    "stress above a resistance": lambda s: s["characters"][-1]["resistances"]["physical"].update(stress=99),
    "stress plus trauma above a resistance": lambda s: s["characters"][-1]["resistances"]["physical"].update(
        stress=C.CARD[s["characters"][-1]["card"]]["resistances"]["physical"], trauma=1),
    "social trauma": lambda s: s["characters"][-1]["resistances"]["social"].update(trauma=1),
    "belief above its value": lambda s: s["characters"][-1].update(belief=s["characters"][-1]["belief"] + 2),
    "a third move action": lambda s: s["characters"][0]["actions"].update(move=3),
    "negative hate": lambda s: s["characters"][0].update(hate=-1),
    "too many seats": lambda s: s.update(players=7),
    "a seat's pile missing": lambda s: s["plot_hands"].pop(),
    "a second main villain": lambda s: s["characters"].insert(1, dict(s["characters"][0], card="villain/madame-mirage")),
    "a hero of the GM's seat": lambda s: s["characters"][-1].update(seat=0),
    "an unknown field": lambda s: s.update(extra=1),
    "a field missing": lambda s: s.pop("twists_deck"),
    "an unknown step": lambda s: s["setup"].update(step="lunch"),
    "a seat that is no number": lambda s: s["setup"].update(step="events", seat=False),
    "an outcome in setup": lambda s: s.update(outcome={"winners": [0]}),
    "more events revealed than heroes": lambda s: [e.update(revealed=True) for e in s["events_cluster"]],
    "a status that is no word": lambda s: s["characters"][0]["statuses"].append("sleepy"),
}


@pytest.mark.parametrize("name", sorted(TAMPERINGS))
def test_tampered_states_are_refused_with_invalid_state(name):
    state = fresh(3, "quick", seed=50)[0]
    check_setup(state)
    if name == "an outcome in setup":
        state = drafted(3, seed=50, until="events")
    with pytest.raises(InvalidState):
        check_setup(tampered(state, TAMPERINGS[name]))


def test_a_drafting_state_with_counters_moved_is_refused():
    state = drafted(3, seed=51, until="twists")
    check_setup(state)
    for change in (lambda s: s["characters"][0].update(energy=s["characters"][0]["energy"] - 1),
                   lambda s: s["characters"][-1].update(belief=s["characters"][-1]["belief"] - 1),
                   lambda s: s["setup"].update(step="events", seat=0),
                   lambda s: s["plot_hands"][1].pop()):
        with pytest.raises(InvalidState):
            check_setup(tampered(state, change))


JUNK = (-1, 10**9, 1.5, "card/unknown", {"x": 1}, [[]], False)  # False: where no bool belongs


def leaves(value, path=()):
    """Every scalar of a state (and every list or dict that is empty), with its path."""
    if isinstance(value, dict) and value:
        for k, v in value.items():
            yield from leaves(v, path + (k,))
    elif isinstance(value, list) and value:
        for i, v in enumerate(value):
            yield from leaves(v, path + (i,))
    else:
        yield path


def test_any_junk_value_in_a_state_is_refused_with_invalid_state_and_nothing_else():
    r = random.Random(60)
    tried = 0
    for state in sampled_states():
        paths = [p for p in leaves(state) if p[0] not in ("game", "version", "rng", "outcome")]
        for path in r.sample(paths, min(25, len(paths))):
            other = copy.deepcopy(state)
            holder = other
            for key in path[:-1]:
                holder = holder[key]
            junk = r.choice([j for j in JUNK if j is not False or type(holder[path[-1]]) is not bool])
            holder[path[-1]] = junk
            try:  # any other exception fails the test as it is
                check_setup(other)
            except InvalidState:
                pass
            else:
                raise AssertionError(f"{junk!r} at {path} was not refused")
            tried += 1
    assert tried > 300
