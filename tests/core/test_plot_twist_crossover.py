"""Plot Twist: Villain Crossovers, Personas and a new Main Villain (core/games/plot_twist/reversal/crossover.py),
one test per sentence of the rulebook's Villain Crossover and Uniqueness Rule, through the engine.
"""

import copy


from test_plot_twist_conflict import ATHENA, HOPE, SIMOAKLI, pass_until, refused
from test_plot_twist_reversal import FIVE, budget, invalid, reversal
from test_plot_twist_spending import LUCID, character_of, gm_to_act, next_turn, options, play, quiet_twists
from test_plot_twist_stealth import character, combat_phase, conflict, edited

from core.framework import engine
from core.games.plot_twist import cards as C
from core.games.plot_twist.characters import characters as CH
from core.games.plot_twist.conflict import conflict as CF

MIRAGE, KRAGG, UNBOUND = "villain/madame-mirage", "villain/warlord-kragg", "villain/dr-simoakli-unbound"
GOONS = "mook/lab-goons"
THREE = (HOPE, ATHENA, LUCID)


def gm_hand(*cards: str):
    """The GM's Plot Hand holds these Villains in place of its first cards."""
    def change(state):
        hand = state["plot_hands"][0]
        state["plot_hands"][0] = list(cards) + hand[len(cards):]
    return change


def ready(villain: str = SIMOAKLI, heroes: tuple = THREE, hand: tuple = (MIRAGE,), cured: int = 3) -> engine.Step:
    """The GM to act on Turn 1 with Villains in his Plot Hand and `cured` Belief cured this Turn."""
    step = edited(conflict(villain, heroes, players=len(heroes) + 1), quiet_twists)
    return edited(gm_to_act(edited(step, gm_hand(*hand))), budget(cured))


def crossover(card: str) -> dict:
    return reversal("crossover", card=card)


def knock_out(card: str):
    def change(state):
        c = character_of(state, card)
        c["resistances"]["physical"]["stress"] = C.CARD[card]["resistances"]["physical"]
    return change


def villains(step: engine.Step) -> list[str]:
    return [c["card"] for c in CH.villains_in_play(step.state)]


# --- "The GM can Cure 3 Belief in any number of Heroes to initiate a Villain Crossover" ------------------------
def test_the_gm_cures_3_belief_to_initiate_a_villain_crossover_from_his_plot_hand():
    step = ready()
    assert crossover(MIRAGE) in options(step, kind="reversal")
    step = play(step, crossover(MIRAGE))
    mirage = character(step, MIRAGE)
    assert mirage["main"] is False and mirage["crossed"] == 1 and mirage["equipment"] is None
    assert MIRAGE not in step.state["plot_hands"][0]
    assert character(step, SIMOAKLI)["main"] is True
    assert {"type": "villain_crossed", "character": MIRAGE, "hate": 6, "from": "plot_hand"} in step.events
    assert {"type": "reversal_bought", "effect": "crossover", "cost": 3, "card": MIRAGE} in step.events
    assert step.state["turn"]["reversal"]["spent"] == 3


def test_crossover_villains_enter_play_at_6_hate_counters():
    step = play(ready(), crossover(MIRAGE))
    assert character(step, MIRAGE)["hate"] == 6 != C.CARD[MIRAGE]["hate"]


def test_a_crossover_costs_3_cured_belief():
    step = ready(cured=2)
    assert not [o for o in options(step, kind="reversal") if o["effect"] == "crossover"]
    assert refused(step, crossover(MIRAGE)) == "not_enough_cured"


def test_only_a_villain_of_the_gms_plot_hand_crosses_over():
    step = ready()
    assert refused(step, crossover(KRAGG)) == "not_a_crossover_villain"  # not in his Plot Hand
    assert refused(step, crossover(HOPE)) == "not_a_crossover_villain"
    assert refused(step, reversal("crossover")) == "wrong_move"


def test_the_gm_can_never_play_the_same_number_of_villains_as_there_are_heroes_only_less():
    step = ready(heroes=(HOPE, ATHENA))  # 1 Villain and 2 Heroes: a second Villain would make 2
    assert refused(step, crossover(MIRAGE)) == "villains_fewer_than_heroes"
    step = play(ready(hand=(MIRAGE, KRAGG), cured=5), crossover(MIRAGE))  # 2 Villains, 3 Heroes
    assert refused(step, crossover(KRAGG)) == "villains_fewer_than_heroes"
    assert not [o for o in options(step, kind="reversal") if o["effect"] == "crossover"]


# --- "... and at 6 maximum Hate and cannot Flee" ------------------------------------------------------------------
def test_crossover_villains_have_6_maximum_hate():
    step = play(ready(), crossover(MIRAGE))
    state = copy.deepcopy(step.state)
    CF.FX.change_counter(state, character_of(state, MIRAGE), "hate", 3, [], MIRAGE, {})
    assert character_of(state, MIRAGE)["hate"] == 6
    CF.FX.change_counter(state, character_of(state, SIMOAKLI), "hate", 3, [], SIMOAKLI, {})
    assert character_of(state, SIMOAKLI)["hate"] == character(step, SIMOAKLI)["hate"] + 3  # the Main Villain: no maximum
    invalid(step, lambda s: character_of(s, MIRAGE).update(hate=7))


def test_crossover_villains_cannot_flee_they_hide_at_0_hate_with_their_counters_except_hate():
    step = play(ready(), crossover(MIRAGE))
    step = edited(step, lambda s: (character_of(s, MIRAGE).update(hate=1, energy=2),
                                   character_of(s, MIRAGE)["resistances"]["mental"].update(stress=1)))
    step = next_turn(step)
    mirage = character(step, MIRAGE)
    assert mirage["away"] == "hiding" and mirage["hate"] == 0
    assert mirage["energy"] == 2 and mirage["resistances"]["mental"]["stress"] == 1  # "His counters remain"
    assert {"type": "villain_hid", "character": MIRAGE} in step.events
    assert not any(e["type"] == "villain_fled" for e in step.events) and step.state["aftermath"] is None
    assert villains(step) == [SIMOAKLI]


def test_a_hiding_crossover_villain_waits_to_be_called_for_a_crossover_again():
    step = play(ready(), crossover(MIRAGE))
    step = next_turn(edited(step, lambda s: character_of(s, MIRAGE).update(hate=0)))
    assert character(step, MIRAGE)["away"] == "hiding"
    heroes_act = [o for o in options(step) if o.get("target") == MIRAGE]
    assert not heroes_act  # face down: no Combat, no target
    step = edited(gm_to_act(step), budget(3))
    assert crossover(MIRAGE) in options(step, kind="reversal")
    step = play(step, crossover(MIRAGE))
    mirage = character(step, MIRAGE)
    assert "away" not in mirage and mirage["hate"] == 6 and mirage["crossed"] == 1
    assert {"type": "villain_crossed", "character": MIRAGE, "hate": 6, "from": "hiding"} in step.events


def test_crossover_villains_cannot_sneak_attack():
    step = play(ready(), crossover(MIRAGE))
    step = combat_phase(next_turn(step), "gm")
    step = edited(step, lambda s: character_of(s, MIRAGE)["statuses"].append("hidden"))
    move = {"player": 0, "kind": "sneak_attack", "character": MIRAGE, "target": HOPE, "distance": "melee"}
    assert refused(step, move) == "crossover_no_sneak_attack"
    assert not [o for o in options(step, kind="sneak_attack") if o["character"] == MIRAGE]


def test_crossover_villains_cannot_add_quantity_counters_to_mooks():
    step = play(ready(), crossover(MIRAGE))
    step = edited(next_turn(step), lambda s: s["characters"].insert(1, {
        "card": GOONS, "seat": 0, "quantity": 1, "statuses": [], "actions": {"move": 2, "attack": 1}}))
    step = gm_to_act(step)
    move = {"player": 0, "kind": "add_quantity", "character": MIRAGE, "target": GOONS}
    assert refused(step, move) == "main_villain_only"
    assert {**move, "character": SIMOAKLI} in options(step, kind="add_quantity")


def test_crossover_villains_cannot_add_quantity_counters_to_mooks_by_an_advantage_either():
    # Warlord Kragg's Warcry ("every Mook card in play gains 1 Quantity Counter") is Adding Quantity
    # counters to Mooks: the Main Villain's, never a Crossover Villain's
    step = play(ready(hand=(KRAGG,)), crossover(KRAGG))
    step = edited(next_turn(step), lambda s: s["characters"].insert(1, {
        "card": GOONS, "seat": 0, "quantity": 2, "statuses": [], "actions": {"move": 2, "attack": 1}}))
    step = gm_to_act(step)
    warcry = {"player": 0, "kind": "activate", "character": KRAGG, "effect": 0}
    assert character(step, KRAGG)["hate"] >= 1
    assert refused(step, warcry) == "main_villain_only"
    assert not [o for o in options(step, kind="activate") if o["character"] == KRAGG]
    # the Main Villain's Warcry: test_plot_twist_spending.py, test_warcry_every_mook_card_in_play_gains_1_quantity_counter


def test_a_crossover_villain_enters_with_no_combat_action_before_the_next_start_of_turn():
    step = play(ready(), crossover(MIRAGE))
    assert character(step, MIRAGE)["actions"] == {"move": 0, "attack": 0}
    assert character(next_turn(step), MIRAGE)["actions"] == {"move": 2, "attack": 1}


# --- "If the Main Villain is Defeated or Surrenders, the GM chooses another Villain ..." -------------------------
def test_if_the_main_villain_is_defeated_another_villain_in_play_becomes_the_main_villain_and_recovers_his_maximum_hate():
    step = play(ready(), crossover(MIRAGE))
    step = edited(step, lambda s: (character_of(s, MIRAGE).update(hate=2), knock_out(SIMOAKLI)(s)))
    assert step.outcome is None
    assert step.pending == [{"player": 0, "kind": "new_main_villain", "prompt": step.pending[0]["prompt"],
                             "options": [{"player": 0, "kind": "new_main_villain", "card": MIRAGE}]}]
    step = play(step, {"player": 0, "kind": "new_main_villain", "card": MIRAGE})
    assert character(step, MIRAGE)["main"] is True and character(step, MIRAGE)["hate"] == C.CARD[MIRAGE]["hate"]
    assert character(step, SIMOAKLI)["main"] is False
    assert {"type": "main_villain_chosen", "character": MIRAGE, "hate": C.CARD[MIRAGE]["hate"]} in step.events
    assert refused(step, {"player": 0, "kind": "new_main_villain", "card": MIRAGE}) == "no_main_villain_to_choose"


def test_the_gm_chooses_among_several_villains_for_his_new_main_villain():
    step = play(ready(heroes=FIVE, hand=(MIRAGE, KRAGG), cured=5), crossover(MIRAGE))
    step = edited(step, budget(5, 2))
    step = play(step, crossover(KRAGG))
    step = edited(step, knock_out(SIMOAKLI))
    assert [d["kind"] for d in step.pending] == ["new_main_villain"]
    assert {o["card"] for o in options(step)} == {MIRAGE, KRAGG}
    assert refused(step, {"player": 0, "kind": "new_main_villain", "card": SIMOAKLI}) == "not_a_villain_in_play"
    step = play(step, {"player": 0, "kind": "new_main_villain", "card": KRAGG})
    assert character(step, KRAGG)["main"] is True and character(step, MIRAGE)["main"] is False
    assert character(step, KRAGG)["hate"] == C.CARD[KRAGG]["hate"]


def test_the_heroes_win_when_no_villain_is_left_in_play_and_not_before():
    step = play(ready(), crossover(MIRAGE))
    state = copy.deepcopy(step.state)
    knock_out(SIMOAKLI)(state)
    CF.win_check(state, [])
    assert state["outcome"] is None  # Madame Mirage is in play
    knock_out(MIRAGE)(state)
    CF.win_check(state, [])
    assert state["outcome"]["reason"] == "villains_incapacitated"


def test_an_incapacitated_crossover_villain_is_discarded_and_cannot_enter_play_again():
    step = play(ready(heroes=FIVE, cured=5), crossover(MIRAGE))
    step = edited(step, knock_out(MIRAGE))
    assert MIRAGE not in villains(step)
    assert not [o for o in options(step, kind="reversal") if o.get("card") == MIRAGE]
    assert refused(step, crossover(MIRAGE)) == "not_a_crossover_villain"


def test_if_the_main_villain_surrenders_a_crossover_villain_becomes_the_main_villain():
    step = play(ready(hand=(MIRAGE,)), crossover(MIRAGE))  # the GM's Plot Hand holds one Lair...
    step = edited(step, lambda s: (character_of(s, SIMOAKLI).update(hate=0),
                                   s["plot_hands"][0].remove("lair/sunken-lab")))  # ... and none now
    step = next_turn(step)
    assert {"type": "villain_surrendered", "character": SIMOAKLI} in step.events
    assert character(step, SIMOAKLI)["away"] == "surrendered" and character(step, SIMOAKLI)["main"] is False
    assert character(step, MIRAGE)["main"] is True and step.outcome is None
    assert step.state["turn"]["number"] == 2


def test_if_the_main_villain_flees_during_a_crossover_the_crossover_villains_follow_suit_and_relocate_with_it():
    step = play(ready(), crossover(MIRAGE))  # the GM's Plot Hand holds the Sunken Lab
    step = edited(step, lambda s: character_of(s, SIMOAKLI).update(hate=0))
    step = pass_until(step, lambda s: s.state["aftermath"] is not None)
    assert any(e["type"] == "villain_fled" for e in step.events)
    assert MIRAGE in villains(step) and character(step, MIRAGE)["hate"] == 5
    spokesman = step.pending[0]["player"]
    step = play(step, {"player": spokesman, "kind": "pursue", "pursue": True})
    assert step.state["location"] == "lair/sunken-lab" and villains(step) == [SIMOAKLI, MIRAGE]
    assert character(step, MIRAGE)["hate"] == 6  # a new Conflict: all their Hate, a Crossover's 6 at most


# --- The Uniqueness Rule: Personas --------------------------------------------------------------------------------
def persona_ready() -> engine.Step:
    """Dr. Simoakli Incapacitated, Madame Mirage (crossed over) the new Main Villain, Dr. Simoakli -
    Unbound in the GM's Plot Hand (one Plot Hand never holds two cards of one Name), 5 Belief cured."""
    step = play(ready(SIMOAKLI, FIVE, (MIRAGE, UNBOUND), cured=5), crossover(MIRAGE))
    step = play(edited(step, knock_out(SIMOAKLI)), {"player": 0, "kind": "new_main_villain", "card": MIRAGE})
    return edited(step, budget(5))


def test_a_different_persona_is_played_when_the_other_persona_is_incapacitated_by_restoring_5_belief():
    step = persona_ready()
    move = reversal("persona", card=UNBOUND)
    assert move in options(step, kind="reversal")
    step = play(step, move)
    unbound = character(step, UNBOUND)
    assert unbound["hate"] == 6 and unbound["main"] is False and unbound["crossed"] == 1  # "It enters play with 6 Hate"
    assert character(step, MIRAGE)["main"] is True
    assert {"type": "persona_played", "character": UNBOUND, "replaces": SIMOAKLI} in step.events
    assert {"type": "reversal_bought", "effect": "persona", "cost": 5, "card": UNBOUND} in step.events
    assert character(step, SIMOAKLI)["away"] == "replaced"  # "Remove the original Persona from the game"
    assert villains(step) == [MIRAGE, UNBOUND]


def test_a_persona_costs_5_cured_belief_and_needs_the_other_persona_incapacitated():
    step = edited(persona_ready(), budget(5, 1))
    assert refused(step, reversal("persona", card=UNBOUND)) == "not_enough_cured"
    step = ready(SIMOAKLI, FIVE, (MIRAGE, UNBOUND), cured=5)
    assert refused(step, reversal("persona", card=UNBOUND)) == "not_a_persona"  # Dr. Simoakli is in play
    assert refused(step, crossover(UNBOUND)) == "not_a_crossover_villain"  # "There can never be 2 copies"
    assert refused(persona_ready(), reversal("persona", card=KRAGG)) == "not_a_persona"


# --- Tampered states ----------------------------------------------------------------------------------------------
def test_a_tampered_crossover_is_an_invalid_state():
    step = play(ready(), crossover(MIRAGE))
    invalid(step, lambda s: character_of(s, MIRAGE).update(main=True))  # two Main Villains
    invalid(step, lambda s: character_of(s, MIRAGE).pop("crossed"))  # a second Villain placed at Setup
    invalid(step, lambda s: character_of(s, MIRAGE).update(crossed=2))  # crossed on a Turn to come
    invalid(step, lambda s: character_of(s, MIRAGE).update(away="hiding"))  # hiding with Hate
    invalid(step, lambda s: character_of(s, MIRAGE).update(equipment="equipment/spear-of-pallas"))
    invalid(step, lambda s: character_of(s, MIRAGE).update(away="asleep"))
    invalid(step, lambda s: character_of(s, HOPE).update(away="hiding"))
    invalid(step, lambda s: character_of(s, SIMOAKLI).update(main=False))  # no Main Villain
    invalid(step, lambda s: s["characters"].append({**character_of(s, MIRAGE), "card": MIRAGE}))  # a copy
    engine.check_state(edited(step, lambda s: character_of(s, MIRAGE).update(hate=0, away="hiding")).state)


def test_any_junk_value_in_a_villains_record_after_crossovers_is_refused_with_invalid_state_and_nothing_else():
    """Every leaf of the Villains' records (a Crossover Villain, one Hiding, a Persona, the one it replaced,
    a former Main Villain) replaced by junk: the state check refuses it (InvalidState), never anything else."""
    import random

    from test_plot_twist_conflict import refuses_junk
    from test_plot_twist_setup import leaves

    hiding = edited(play(ready(), crossover(MIRAGE)), lambda s: character_of(s, MIRAGE).update(hate=0, away="hiding"))
    replaced = play(persona_ready(), reversal("persona", card=UNBOUND))
    r = random.Random(16)
    for step in (hiding, replaced):
        state = step.state
        villains_at = [i for i, c in enumerate(state["characters"]) if C.TYPE[c["card"]] == "villain"]
        paths = [p for p in leaves(state) if p[0] == "characters" and p[1] in villains_at
                 and p[2] not in ("statuses", "energy")]  # any Energy is legal; statuses are checked elsewhere
        refuses_junk(state, paths, r)
