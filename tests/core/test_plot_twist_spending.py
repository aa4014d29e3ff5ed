"""Plot Twist: spending Belief, Hate and Energy from their menus, and activated Advantages
(core/games/plot_twist/spending.py), one test per line of the rulebook's menus, through the engine.
"""

import copy

import pytest
from test_plot_twist_conflict import ATHENA, HOPE, SIMOAKLI, _step, refused
from test_plot_twist_stealth import character, combat_phase, conflict, edited

from core.framework import engine
from core.framework.errors import InvalidState
from core.games.plot_twist import damage as DMG
from core.games.plot_twist import effects as FX
from core.games.plot_twist import spending as SP

LUCID, KRAGG, GOONS, TINKERBOLT = "hero/lucid", "villain/warlord-kragg", "mook/lab-goons", "hero/tinkerbolt"


def play(step: engine.Step, move: dict) -> engine.Step:
    return engine.apply(step.state, move)


def options(step: engine.Step, **fields) -> list[dict]:
    return [o for d in step.pending for o in d["options"] if all(o.get(k) == v for k, v in fields.items())]


def hurt(card: str, resistance: str, stress: int):
    def change(state):
        next(c for c in state["characters"] if c["card"] == card)["resistances"][resistance]["stress"] = stress
    return change


# --- Advantages -------------------------------------------------------------------------------------------
def test_an_advantage_as_a_free_action_pays_its_cost_and_takes_effect():
    """Hope's Beacon: "as a Free action, spend 1 Belief: a target Hero Regenerates 2 Social Stress"."""
    step = edited(conflict(SIMOAKLI, (HOPE, ATHENA), players=3), hurt(ATHENA, "social", 3))
    belief = character(step, HOPE)["belief"]
    move = {"player": 1, "kind": "activate", "character": HOPE, "effect": 0, "target": ATHENA}
    assert move in options(step, kind="activate")
    after = play(step, move)
    assert character(after, HOPE)["belief"] == belief - 1
    assert character(after, ATHENA)["resistances"]["social"]["stress"] == 1
    assert {"type": "advantage_activated", "character": HOPE, "advantage": "Beacon", "target": ATHENA} in after.events
    assert SP.spend_error(after.state, move)[0] == "free_action_used_this_turn"


def test_an_advantage_names_a_target_it_may_have():
    step = conflict(SIMOAKLI, (HOPE, ATHENA), players=3)
    move = {"player": 1, "kind": "activate", "character": HOPE, "effect": 0, "target": SIMOAKLI}
    assert refused(step, move) == "not_a_target"
    assert refused(step, {**move, "effect": 3, "target": ATHENA}) == "no_such_advantage"
    assert refused(step, {"player": 2, "kind": "activate", "character": ATHENA, "effect": 0}) == "no_such_advantage"


def test_a_target_character_of_an_advantage_is_any_character_in_play():
    """Lucid's Open Mind: "spend 2 Energy: a target Character is Surprised this Turn"."""
    step = conflict(SIMOAKLI, (LUCID,))
    targets = {o["target"] for o in options(step, kind="activate", character=LUCID)}
    assert targets == {SIMOAKLI, LUCID}
    after = play(step, {"player": 1, "kind": "activate", "character": LUCID, "effect": 0, "target": SIMOAKLI})
    assert "surprised" in character(after, SIMOAKLI)["statuses"]
    assert after.state["turn"]["energy_spent"] == {LUCID: 2}


def test_a_character_can_only_spend_a_number_of_energy_per_turn_equal_to_its_power():
    step = conflict(SIMOAKLI, (LUCID,))  # Power 4: 2 already spent leaves 2, 3 leaves 1
    at_three = edited(step, lambda s: s["turn"].update(energy_spent={LUCID: 3}))
    move = {"player": 1, "kind": "activate", "character": LUCID, "effect": 0, "target": SIMOAKLI}
    assert refused(at_three, move) == "energy_limit"
    assert not options(at_three, kind="activate")
    assert options(at_three, kind="buy_coin", character=LUCID)  # 1 Energy still fits


def test_warcry_every_mook_card_in_play_gains_1_quantity_counter():
    step = conflict(KRAGG, (HOPE,))
    step = edited(step, lambda s: s.update(characters=[*s["characters"][:1], {
        "card": GOONS, "seat": 0, "quantity": 2, "statuses": [], "actions": {"move": 2, "attack": 1}},
        *s["characters"][1:]]))
    step = edited(step, lambda s: s["turn"].update(at="gm", waiting=[0], since=["heroes"]))
    after = play(step, {"player": 0, "kind": "activate", "character": KRAGG, "effect": 0})
    assert character(after, GOONS)["quantity"] == 3
    assert character(after, KRAGG)["hate"] == character(step, KRAGG)["hate"] - 1


# --- Belief ------------------------------------------------------------------------------------------------
def test_spend_2_belief_to_gain_1_automatic_success():
    step = conflict(SIMOAKLI, (HOPE,))
    belief = character(step, HOPE)["belief"]
    after = play(step, {"player": 1, "kind": "buy_success", "character": HOPE})
    assert character(after, HOPE)["belief"] == belief - 2
    assert {"who": HOPE, "source": HOPE, "stat": "automatic_successes", "amount": 1, "attack": None,
            "lasts": "attack"} in after.state["turn"]["modifiers"]
    assert options(after, kind="buy_success")  # spending Belief is not an action: again, while it lasts
    poor = edited(step, lambda s: s["characters"][1].update(belief=1))
    assert refused(poor, {"player": 1, "kind": "buy_success", "character": HOPE}) == "not_enough_belief"


# --- Energy ------------------------------------------------------------------------------------------------
def test_spend_1_energy_to_gain_1_coin_in_any_pool_before_the_roll():
    step = conflict(SIMOAKLI, (HOPE,))
    energy = character(step, HOPE)["energy"]
    after = play(step, {"player": 1, "kind": "buy_coin", "character": HOPE, "pool": "damage_pool"})
    assert character(after, HOPE)["energy"] == energy - 1 and after.state["turn"]["energy_spent"] == {HOPE: 1}
    assert {"who": HOPE, "source": HOPE, "stat": "damage_pool", "amount": 1, "attack": None,
            "lasts": "attack"} in after.state["turn"]["modifiers"]
    defense = {"player": 1, "kind": "buy_coin", "character": HOPE, "pool": "defense_pool"}
    assert refused(step, defense) == "defense_in_combat_only"
    assert refused(step, {**defense, "pool": "luck"}) == "wrong_move"


# --- Hate ---------------------------------------------------------------------------------------------------
def gm_to_act(step: engine.Step) -> engine.Step:
    return edited(step, lambda s: s["turn"].update(at="gm", waiting=[0], since=["heroes"]))


def test_a_villain_can_spend_1_hate_to_put_3_quantity_counters_on_any_mooks_in_play():
    """Mook cards: "A Villain can spend 1 Hate to put 3 Quantity Counters on any Mooks in play"; the Hate
    list: "(Main Villain Only)". Dr. Simoakli with Lab Goons: Hate 13 -> 12, not 10."""
    step = gm_to_act(edited(conflict(SIMOAKLI, (HOPE,)), lambda s: s["characters"].insert(1, {
        "card": GOONS, "seat": 0, "quantity": 1, "statuses": [], "actions": {"move": 2, "attack": 1}})))
    hate = character(step, SIMOAKLI)["hate"]
    move = {"player": 0, "kind": "add_quantity", "character": SIMOAKLI, "target": GOONS}
    after = play(step, move)
    assert character(after, GOONS)["quantity"] == 4 and character(after, SIMOAKLI)["hate"] == hate - 1
    assert {"type": "counters_spent", "character": SIMOAKLI, "counter": "hate", "amount": 1,
            "for": "quantity"} in after.events
    at_one = edited(step, lambda s: next(c for c in s["characters"] if c["card"] == SIMOAKLI).update(hate=1))
    assert move in options(at_one, kind="add_quantity")  # 1 Hate is enough
    assert character(play(at_one, move), SIMOAKLI)["hate"] == 0
    assert refused(step, {"player": 0, "kind": "add_quantity", "character": GOONS, "target": GOONS}) == \
        "main_villain_only"
    assert refused(step, {"player": 0, "kind": "add_quantity", "character": SIMOAKLI, "target": HOPE}) == "not_a_target"


def test_a_villain_spends_hate_to_deal_1_belief_damage():
    step = gm_to_act(conflict(SIMOAKLI, (HOPE,)))
    belief, hate = character(step, HOPE)["belief"], character(step, SIMOAKLI)["hate"]
    after = play(step, {"player": 0, "kind": "belief_damage", "character": SIMOAKLI, "target": HOPE})
    assert character(after, HOPE)["belief"] == belief - 1 and character(after, SIMOAKLI)["hate"] == hate - 1
    broke = edited(step, lambda s: s["characters"][0].update(hate=0))
    assert refused(broke, {"player": 0, "kind": "belief_damage", "character": SIMOAKLI, "target": HOPE}) == \
        "not_enough_hate"


def test_only_heroes_have_belief_and_only_villains_spend_hate():
    step = conflict(SIMOAKLI, (HOPE,))
    assert refused(step, {"player": 1, "kind": "belief_damage", "character": HOPE, "target": HOPE}) == "villains_only"
    gm = gm_to_act(step)
    assert refused(gm, {"player": 0, "kind": "buy_success", "character": SIMOAKLI}) == "heroes_only"


def test_nothing_is_spent_in_the_end_of_turn_phase():
    state = copy.deepcopy(conflict(SIMOAKLI, (HOPE,)).state)
    state["turn"]["phase"] = "end"
    assert SP.spend_error(state, {"player": 1, "kind": "buy_success", "character": HOPE})[0] == \
        "no_free_action_at_end_of_turn"
    assert SP.spend_options(state, 1) == []


def test_spending_keeps_initiative_with_the_side_that_spent():
    step = conflict(SIMOAKLI, (HOPE,))
    after = play(step, {"player": 1, "kind": "buy_coin", "character": HOPE, "pool": "attack_pool"})
    assert after.state["turn"]["at"] == "heroes"


def test_a_second_activation_recorded_in_one_turn_is_an_invalid_state():
    state = copy.deepcopy(conflict(SIMOAKLI, (HOPE,)).state)
    state["turn"]["free"] = {HOPE: ["activate", "activate"]}
    with pytest.raises(InvalidState):
        engine.check_state(state)
    state["turn"]["free"] = {HOPE: ["activate"]}
    _step(state)  # once is fine


# --- Heroic Ranks for a while, and Locks ------------------------------------------------------------------
def next_turn(step: engine.Step) -> engine.Step:
    from test_plot_twist_conflict import pass_until
    n = step.state["turn"]["number"]
    return pass_until(step, lambda s: s.state["turn"]["number"] == n + 1 and s.state["choice"] is None)


def quiet_twists(state):
    state["twists_deck"] = ["twist/villainous-monologue"] * len(state["twists_deck"])


def test_spend_2_belief_to_raise_1_heroic_to_3_for_2_turns():
    step = edited(conflict(SIMOAKLI, (HOPE,)), quiet_twists)
    assert FX.ratings(step.state, HOPE)["Perception"] == 2
    belief = character(step, HOPE)["belief"]
    step = play(step, {"player": 1, "kind": "raise_heroic", "character": HOPE, "heroic": "perception"})
    assert character(step, HOPE)["belief"] == belief - 2 and FX.ratings(step.state, HOPE)["Perception"] == 3
    assert refused(step, {"player": 1, "kind": "raise_heroic", "character": HOPE, "heroic": "agility"}) == \
        "not_a_heroic_to_raise"  # Agility is 3 already
    step = next_turn(step)
    assert FX.ratings(step.state, HOPE)["Perception"] == 3  # the second Turn
    step = next_turn(step)
    assert FX.ratings(step.state, HOPE)["Perception"] == 2


def test_a_villain_spends_hate_to_raise_1_heroic_to_3_this_turn():
    step = gm_to_act(edited(conflict(SIMOAKLI, (HOPE,)), quiet_twists))
    hate = character(step, SIMOAKLI)["hate"]
    step = play(step, {"player": 0, "kind": "raise_heroic", "character": SIMOAKLI, "heroic": "perception"})
    assert character(step, SIMOAKLI)["hate"] == hate - 2 and FX.ratings(step.state, SIMOAKLI)["Perception"] == 3
    step = next_turn(step)
    assert FX.ratings(step.state, SIMOAKLI)["Perception"] == 1


def test_deep_focus_for_2_turns_you_gain_1_rank_in_psyche():
    def hand(state):
        quiet_twists(state)
        if "detail/deep-focus" not in state["plot_hands"][1]:
            state["plot_hands"][1][0] = "detail/deep-focus"
    step = edited(conflict(SIMOAKLI, (LUCID,)), hand)
    step = play(step, {"player": 1, "kind": "play_plot", "card": "detail/deep-focus", "character": LUCID})
    assert FX.ratings(step.state, LUCID)["Psyche"] == 4
    step = next_turn(step)
    assert FX.ratings(step.state, LUCID)["Psyche"] == 4
    step = next_turn(step)
    assert FX.ratings(step.state, LUCID)["Psyche"] == 3


def test_a_locked_heroic_counts_0_unless_paid_while_the_event_that_locks_it_stands():
    """Surgical Lockdown: "Healing is Locked on every Hero" until Nullified; "A Locked Keyword or Heroic
    can only be used ... by paying 1 Energy" (tests/core/test_plot_twist_reversal.py: the paying)."""
    state = copy.deepcopy(conflict(SIMOAKLI, (HOPE,)).state)
    state["events_cluster"][0] = {"card": "event/surgical-lockdown", "revealed": True, "nullified": False}
    assert FX.ratings(state, HOPE)["Healing"] == 3  # Hope has Energy to pay with
    state["characters"][1]["energy"] = 0
    assert FX.ratings(state, HOPE)["Healing"] == 0 and FX.ratings(state, SIMOAKLI)["Healing"] == 2
    state["events_cluster"][0]["nullified"] = True
    assert FX.ratings(state, HOPE)["Healing"] == 3


def test_a_heroic_modifier_with_an_unknown_heroic_or_turns_is_an_invalid_state():
    state = copy.deepcopy(conflict(SIMOAKLI, (HOPE,)).state)
    good = {"who": HOPE, "source": HOPE, "stat": "heroic", "heroic": "perception", "set": 3, "attack": None,
            "lasts": "turn", "turns": 2}
    state["turn"]["modifiers"] = [good]
    _step(state)
    for bad in ({**good, "heroic": "juggling"}, {**good, "turns": 0}, {**good, "lasts": "combat"},
                {k: v for k, v in good.items() if k != "heroic"}):
        state["turn"]["modifiers"] = [bad]
        with pytest.raises(InvalidState):
            engine.check_state(state)


# --- "② To gain 1 Keyword this Turn" ----------------------------------------------------------------------
def test_spend_2_belief_to_gain_1_keyword_this_turn():
    step = edited(conflict(SIMOAKLI, (HOPE,)), quiet_twists)
    belief = character(step, HOPE)["belief"]
    assert "Armor" not in FX.keywords(step.state, HOPE)
    move = {"player": 1, "kind": "gain_keyword", "character": HOPE, "keyword": "armor"}
    assert move in options(step, kind="gain_keyword")
    step = play(step, move)
    assert character(step, HOPE)["belief"] == belief - 2
    assert {"type": "counters_spent", "character": HOPE, "counter": "belief", "amount": 2, "for": "armor"} in step.events
    assert "Armor" in FX.keywords(step.state, HOPE)
    assert DMG.armor("melee", FX.keywords(step.state, HOPE), 3) == 3  # "Armor ... equal to his Power"
    assert refused(step, move) == "not_a_keyword_to_gain"  # had now
    step = next_turn(step)
    assert "Armor" not in FX.keywords(step.state, HOPE)


def test_a_keyword_gained_this_turn_has_its_intrinsic_effect_tactician():
    """"A Tactician may Initiate a second Combat once each Turn": bought, it lets Hope initiate twice."""
    from core.games.plot_twist import conflict as CF
    step = combat_phase(edited(conflict(SIMOAKLI, (HOPE,)), quiet_twists))
    step = edited(step, lambda s: s["turn"].update(initiated={HOPE: ["bystander/lost-child"]}))
    again = {"player": 1, "kind": "initiate", "character": HOPE, "target": SIMOAKLI}
    assert CF.initiate_error(step.state, again)[0] == "heroes_initiate_once"
    step = play(step, {"player": 1, "kind": "gain_keyword", "character": HOPE, "keyword": "tactician"})
    assert CF.initiate_error(step.state, again) is None


def test_the_keywords_a_hero_may_gain_are_those_with_intrinsic_effects():
    """Ruling "Gaining a Keyword": Armor, Mental Armor, Overcharged, Spirit of the Night, Tactician."""
    step = conflict(SIMOAKLI, (LUCID,))
    offered = {o["keyword"] for o in options(step, kind="gain_keyword", character=LUCID)}
    assert offered == set(SP.GAINED_KEYWORDS) - {"mental-armor"}  # Lucid prints Mental Armor
    assert refused(step, {"player": 1, "kind": "gain_keyword", "character": LUCID, "keyword": "teleporter"}) \
        == "not_a_keyword_to_gain"
    poor = edited(step, lambda s: character_of(s, LUCID).update(belief=1))
    assert refused(poor, {"player": 1, "kind": "gain_keyword", "character": LUCID, "keyword": "armor"}) \
        == "not_enough_belief"


def test_only_heroes_gain_a_keyword_for_belief():
    step = edited(conflict(SIMOAKLI, (HOPE,)), lambda s: s["turn"].update(at="gm", waiting=[0], since=["heroes"]))
    assert refused(step, {"player": 0, "kind": "gain_keyword", "character": SIMOAKLI, "keyword": "tactician"}) \
        == "heroes_only"


def test_a_keyword_modifier_on_a_villain_or_not_for_this_turn_is_an_invalid_state():
    state = copy.deepcopy(conflict(SIMOAKLI, (HOPE,)).state)
    good = {"who": HOPE, "source": HOPE, "stat": "keyword", "keyword": "armor", "attack": None, "lasts": "turn"}
    state["turn"]["modifiers"] = [good]
    _step(state)
    for bad in ({**good, "who": SIMOAKLI}, {**good, "keyword": "teleporter"}, {**good, "lasts": "combat"},
                {**good, "amount": 1}, {k: v for k, v in good.items() if k != "keyword"}):
        state["turn"]["modifiers"] = [bad]
        with pytest.raises(InvalidState):
            engine.check_state(state)


# --- "⑤ To play a Hero. He enters play with 0 Belief." ----------------------------------------------------
def character_of(state: dict, card: str) -> dict:
    return next(c for c in state["characters"] if c["card"] == card)


def test_spend_5_belief_to_play_a_hero_who_enters_play_with_0_belief():
    step = edited(conflict(SIMOAKLI, (HOPE,)), quiet_twists)
    belief = character(step, HOPE)["belief"]
    move = {"player": 1, "kind": "play_hero", "character": HOPE, "hero": ATHENA, "equipment": "equipment/spear-of-pallas"}
    assert move in options(step, kind="play_hero")
    step = play(step, move)
    assert character(step, HOPE)["belief"] == belief - 5
    athena = character(step, ATHENA)
    assert athena["belief"] == 0 and athena["seat"] == 1 and athena["equipment"] == "equipment/spear-of-pallas"
    assert athena["joined"] == step.state["turn"]["number"] and athena["energy"] == SP.C.CARD[ATHENA]["energy"]
    assert {"type": "hero_played", "player": 1, "character": HOPE, "card": ATHENA,
            "equipment": "equipment/spear-of-pallas"} in step.events
    engine.check_state(step.state)


def test_when_you_play_a_hero_you_control_it_for_the_rest_of_the_game():
    step = edited(conflict(SIMOAKLI, (HOPE,)), quiet_twists)
    step = play(step, {"player": 1, "kind": "play_hero", "character": HOPE, "hero": ATHENA, "equipment": None})
    assert character(step, ATHENA)["actions"] == {"move": 0, "attack": 0}  # renewed at the next Start of Turn
    step = next_turn(step)
    assert character(step, ATHENA)["actions"] == {"move": 2, "attack": 1}
    assert all(o["player"] == 1 for o in options(step, character=ATHENA))
    assert options(step, character=ATHENA, kind="buy_coin")


def test_a_played_hero_comes_with_equipment_he_could_use_never_a_name_in_play():
    step = conflict(SIMOAKLI, (HOPE, ATHENA), players=3)  # Athena in play, Hope carries nothing
    heroes = {o["hero"] for o in options(step, kind="play_hero", character=HOPE)}
    assert ATHENA not in heroes and HOPE not in heroes and LUCID in heroes
    for o in options(step, kind="play_hero", character=HOPE, hero=LUCID):
        assert o["equipment"] in (None, "equipment/vibro-blade", "equipment/psi-amplifier", "equipment/nightmare-circlet")
    move = {"player": 1, "kind": "play_hero", "character": HOPE, "hero": ATHENA, "equipment": None}
    assert refused(step, move) == "character_copy_in_play"
    assert refused(step, {**move, "hero": LUCID, "equipment": "equipment/spear-of-pallas"}) not in (None, "wrong_move")


def test_a_game_can_never_have_more_than_5_heroes_total():
    step = conflict(SIMOAKLI, (HOPE, ATHENA, LUCID, TINKERBOLT, "hero/bulwark"), players=6)
    assert not options(step, kind="play_hero")
    move = {"player": 1, "kind": "play_hero", "character": HOPE, "hero": "hero/vanguard", "equipment": None}
    assert refused(step, move) == "five_heroes_at_most"


def test_playing_a_hero_costs_5_belief_and_is_a_heroes_spending():
    step = edited(conflict(SIMOAKLI, (HOPE,)), lambda s: character_of(s, HOPE).update(belief=4))
    assert not options(step, kind="play_hero")
    move = {"player": 1, "kind": "play_hero", "character": HOPE, "hero": ATHENA, "equipment": None}
    assert refused(step, move) == "not_enough_belief"
    gm = edited(conflict(SIMOAKLI, (HOPE,)), lambda s: s["turn"].update(at="gm", waiting=[0], since=["heroes"]))
    assert refused(gm, {**move, "player": 0, "character": SIMOAKLI}) == "heroes_only"


def test_a_tampered_played_hero_is_an_invalid_state():
    step = play(edited(conflict(SIMOAKLI, (HOPE,)), quiet_twists),
                {"player": 1, "kind": "play_hero", "character": HOPE, "hero": ATHENA, "equipment": None})
    turn = step.state["turn"]["number"]
    for change in (lambda s: character_of(s, ATHENA).update(joined=turn + 1),
                   lambda s: character_of(s, ATHENA).update(joined="1"),
                   lambda s: character_of(s, ATHENA).update(seat=0),
                   lambda s: character_of(s, ATHENA).update(belief=99),
                   lambda s: character_of(s, ATHENA).update(equipment="equipment/psi-amplifier"),
                   lambda s: character_of(s, ATHENA).update(card=HOPE),
                   lambda s: s["characters"].append({**character_of(s, ATHENA), "card": LUCID}) or
                   [s["characters"].append({**character_of(s, ATHENA), "card": h, "seat": 1}) for h in
                    ("hero/bulwark", "hero/vanguard", TINKERBOLT)]):
        state = copy.deepcopy(step.state)
        change(state)
        with pytest.raises(InvalidState):
            engine.check_state(state)
