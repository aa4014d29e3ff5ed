"""Plot Twist: Reversal of Fortunes (core/games/plot_twist/reversal/reversal.py), Locks (effects.py) and peeking at
the Objective with Perception or Hacking (stealth.py), one test per sentence of the rulebook, through
the engine.
"""

import copy

import pytest
from test_plot_twist_conflict import ATHENA, HOPE, SIMOAKLI, _step, first_roll_won, pass_until, refused, with_rng
from test_plot_twist_spending import LUCID, TINKERBOLT, character_of, gm_to_act, next_turn, options, play, quiet_twists
from test_plot_twist_stealth import character, combat_phase, conflict, edited

from core.framework import engine
from core.framework.errors import InvalidState
from core.games.plot_twist import cards as C
from core.games.plot_twist.effects import effects as FX
from core.games.plot_twist.reversal import reversal as RV
from core.games.plot_twist.game import PlotTwist

GAME = PlotTwist()
MERIDIAN, BULWARK, VANGUARD = "hero/captain-meridian", "hero/bulwark", "hero/vanguard"
FIVE = (HOPE, ATHENA, LUCID, TINKERBOLT, BULWARK)


def budget(cured: int, spent: int = 0):
    """The GM has cured `cured` Belief this Turn and spent `spent` of it."""
    def change(state):
        state["turn"]["reversal"].update(cured=cured, spent=spent)
    return change


def cure(hero: str) -> dict:
    return {"player": 0, "kind": "cure", "hero": hero}


def reversal(effect: str, **fields) -> dict:
    return {"player": 0, "kind": "reversal", "effect": effect, **fields}


def lock(target: str, word: str) -> dict:
    return reversal("lock", target=target, word=word)


def invalid(step: engine.Step, change) -> None:
    state = copy.deepcopy(step.state)
    change(state)
    with pytest.raises(InvalidState):
        engine.check_state(state)


# --- "the GM may Cure up to X Belief on Target Heroes" ----------------------------------------------------------
def test_the_gm_may_cure_up_to_x_belief_where_x_equals_the_non_incapacitated_heroes_in_play():
    step = gm_to_act(conflict(SIMOAKLI, (HOPE, ATHENA), players=3))  # each Hero 1 below its Belief after Setup
    assert {o["hero"] for o in options(step, kind="cure")} == {HOPE, ATHENA}
    belief = character(step, HOPE)["belief"]
    step = play(step, cure(HOPE))
    assert character(step, HOPE)["belief"] == belief + 1
    assert {"type": "belief_cured", "character": HOPE, "value": belief + 1, "cured": 1, "limit": 2} in step.events
    assert step.state["turn"]["at"] == "gm"  # curing is not an action: Initiative stays
    step = edited(step, lambda s: character_of(s, HOPE).update(belief=3))
    step = play(step, cure(HOPE))
    assert step.state["turn"]["reversal"]["cured"] == 2
    assert not options(step, kind="cure")
    assert refused(step, cure(ATHENA)) == "cure_limit"  # curing more Belief than allowed


def test_x_counts_only_the_non_incapacitated_heroes():
    def knock_out(state):
        character_of(state, ATHENA)["resistances"]["physical"]["stress"] = C.CARD[ATHENA]["resistances"]["physical"]
    step = gm_to_act(edited(conflict(SIMOAKLI, (HOPE, ATHENA), players=3), knock_out))
    assert RV.limit(step.state) == 1
    assert refused(step, cure(ATHENA)) == "not_a_hero_in_play"
    step = play(step, cure(HOPE))
    step = edited(step, lambda s: character_of(s, HOPE).update(belief=3))
    assert refused(step, cure(HOPE)) == "cure_limit"


def test_belief_is_cured_by_returning_counters_never_above_a_heros_belief_value():
    step = gm_to_act(conflict(SIMOAKLI, (HOPE, ATHENA), players=3))
    step = play(step, cure(HOPE))
    assert character(step, HOPE)["belief"] == C.CARD[HOPE]["belief"]
    assert {o["hero"] for o in options(step, kind="cure")} == {ATHENA}
    assert refused(step, cure(HOPE)) == "belief_full"
    assert refused(step, cure(SIMOAKLI)) == "not_a_hero_in_play"


def test_only_the_gm_cures_and_never_in_the_end_of_turn_phase():
    step = conflict(SIMOAKLI, (HOPE,))
    assert refused(step, {**cure(HOPE), "player": 1}) == "gm_only"
    state = copy.deepcopy(gm_to_act(step).state)
    state["turn"]["phase"] = "end"
    assert RV.move_error(state, cure(HOPE))[0] == "no_free_action_at_end_of_turn"
    assert RV.options(state, 0) == []


def test_the_gm_cures_where_he_may_take_a_free_action_and_not_while_the_heroes_act():
    step = conflict(SIMOAKLI, (HOPE,))  # the Heroes have Initiative: the GM has no decision
    assert not options(step, kind="cure")
    assert options(gm_to_act(step), kind="cure")


# --- "When Belief is Cured, the GM chooses one or many of the effects below" ----------------------------
def test_when_belief_is_cured_the_gm_chooses_effects_paid_with_the_belief_cured_this_turn():
    step = gm_to_act(conflict(SIMOAKLI, (HOPE,)))
    assert not options(step, kind="reversal")
    assert refused(step, lock(HOPE, "agility")) == "not_enough_cured"
    step = play(step, cure(HOPE))
    offered = options(step, kind="reversal")
    assert offered and all(o["effect"] == "lock" for o in offered)  # 1 cured Belief buys a Lock only
    step = play(step, lock(HOPE, "agility"))
    assert step.state["turn"]["reversal"] == {"cured": 1, "spent": 1, "reversed": None}
    assert {"type": "reversal_bought", "effect": "lock", "cost": 1, "target": HOPE, "word": "agility"} in step.events
    assert not options(step, kind="reversal")


def test_a_reversal_names_one_effect_of_the_list_with_its_fields():
    step = edited(gm_to_act(conflict(SIMOAKLI, (HOPE,))), budget(3))
    assert refused(step, reversal("teleport")) == "no_such_effect"
    assert refused(step, reversal("initiative", target=HOPE)) == "wrong_move"


def test_cured_belief_not_spent_buys_nothing_after_the_end_of_turn():
    step = play(gm_to_act(edited(conflict(SIMOAKLI, (HOPE,)), quiet_twists)), cure(HOPE))
    step = next_turn(step)
    assert step.state["turn"]["reversal"] == RV.fresh()


# --- "① Lock 1 Keyword or Heroic on a target this Turn" ----------------------------------------------------
def test_cure_1_belief_lock_1_keyword_or_heroic_on_a_target_this_turn():
    step = edited(gm_to_act(edited(conflict(SIMOAKLI, (HOPE, ATHENA), players=3), quiet_twists)), budget(2))
    words = {(o["target"], o["word"]) for o in options(step, kind="reversal", effect="lock")}
    assert words == {(HOPE, "agility"), (HOPE, "healing"), (HOPE, "perception"),
                     (ATHENA, "fighting"), (ATHENA, "agility"), (ATHENA, "resilience"), (ATHENA, "armor")}
    step = play(step, lock(ATHENA, "armor"))
    assert {"who": ATHENA, "source": SIMOAKLI, "stat": "lock", "word": "armor", "attack": None,
            "lasts": "turn"} in step.state["turn"]["modifiers"]
    assert refused(step, lock(ATHENA, "armor")) == "already_locked"
    assert refused(step, lock(ATHENA, "psyche")) == "not_a_word_to_lock"  # she has none
    assert refused(step, lock(ATHENA, "speedster")) == "not_a_word_to_lock"  # no intrinsic effect
    assert refused(step, lock(SIMOAKLI, "fighting")) == "not_a_target"
    step = next_turn(step)
    assert FX.locked(step.state, ATHENA) == []


def test_a_locked_heroic_is_used_only_by_paying_1_energy_each_time():
    """Hope's Perception Locked: her peek pays 1 Energy a Roll; with none to pay, it counts 0."""
    step = play(edited(gm_to_act(conflict(SIMOAKLI, (HOPE,))), budget(1)), lock(HOPE, "perception"))
    step = edited(step, lambda s: s["turn"].update(at="heroes", waiting=[1], since=[]))
    energy = character(step, HOPE)["energy"]
    assert FX.ratings(step.state, HOPE)["Perception"] == 2  # she can pay
    after = play(step, {"player": 1, "kind": "peek", "character": HOPE})
    roll = next(e for e in after.events if e["type"] == "roll")
    assert {"name": "Perception", "value": 2} in roll["rolls"][0]["parts"]
    assert {"type": "lock_paid", "character": HOPE, "word": "perception", "amount": 1} in after.events
    assert character(after, HOPE)["energy"] == energy - 1 and after.state["turn"]["energy_spent"] == {HOPE: 1}
    broke = edited(step, lambda s: character_of(s, HOPE).update(energy=0))
    assert FX.ratings(broke.state, HOPE)["Perception"] == 0
    assert refused(broke, {"player": 1, "kind": "peek", "character": HOPE}) == "no_perception_or_hacking"
    spent = edited(step, lambda s: s["turn"].update(energy_spent={HOPE: 3}))  # Power 3 spent this Turn
    assert FX.ratings(spent.state, HOPE)["Perception"] == 0


def test_a_locked_keyword_is_paid_for_each_time_it_is_invoked_armor():
    """Athena's Armor Locked: a hit on her pays 1 Energy for her Armor; without Energy she has none."""
    step = gm_to_act(conflict(SIMOAKLI, (ATHENA,)))
    step = play(edited(step, budget(1)), lock(ATHENA, "armor"))
    assert "Armor" in FX.keywords(step.state, ATHENA)
    step = edited(step, lambda s: s["turn"].update(phase="combat", initiating="gm", at="gm", waiting=[0], since=[]))
    step = play(step, {"player": 0, "kind": "initiate", "character": SIMOAKLI, "target": ATHENA})
    step = pass_until(step, lambda s: s.state["combat"]["step"] == "attack" and s.pending[0]["player"] == 0)
    step = edited(step, lambda s: s["combat"].update(distance="melee"))
    move = {"player": 0, "kind": "attack", "character": SIMOAKLI, "attack": "melee", "card": None, "trauma": False}
    energy = character(step, ATHENA)["energy"]
    hit = first_roll_won(step, move, by=SIMOAKLI)
    damage = next(e for e in hit.events if e["type"] == "roll" and e["kind"] == "damage")
    assert {"name": "Armor", "value": -3} in damage["rolls"][0]["parts"]
    assert {"type": "lock_paid", "character": ATHENA, "word": "armor", "amount": 1} in hit.events
    assert character(hit, ATHENA)["energy"] == energy - 1
    broke = edited(step, lambda s: character_of(s, ATHENA).update(energy=0))
    assert "Armor" not in FX.keywords(broke.state, ATHENA)
    hit = first_roll_won(broke, move, by=SIMOAKLI)
    damage = next(e for e in hit.events if e["type"] == "roll" and e["kind"] == "damage")
    assert all(p["name"] != "Armor" for p in damage["rolls"][0]["parts"])
    assert not [e for e in hit.events if e["type"] == "lock_paid"]


def test_a_locked_tactician_costs_1_energy_for_the_second_combat():
    step = gm_to_act(conflict(SIMOAKLI, (MERIDIAN,)))
    step = play(edited(step, budget(1)), lock(MERIDIAN, "tactician"))
    step = combat_phase(edited(step, quiet_twists))
    step = edited(step, lambda s: s["turn"].update(initiated={MERIDIAN: ["bystander/lost-child"]}))
    again = {"player": 1, "kind": "initiate", "character": MERIDIAN, "target": SIMOAKLI}
    broke = edited(step, lambda s: character_of(s, MERIDIAN).update(energy=0))
    assert refused(broke, again) == "heroes_initiate_once"
    energy = character(step, MERIDIAN)["energy"]
    after = play(step, again)
    assert {"type": "lock_paid", "character": MERIDIAN, "word": "tactician", "amount": 1} in after.events
    assert character(after, MERIDIAN)["energy"] == energy - 1
    engine.check_state(after.state)  # two Combats: Tactician was his when he paid for it


# --- "② Target Villain gains 1 Automatic Success in any Roll" ------------------------------------------------
def test_cure_2_belief_target_villain_gains_1_automatic_success_in_any_roll():
    step = edited(gm_to_act(conflict(SIMOAKLI, (HOPE, ATHENA), players=3)), budget(2))
    assert options(step, kind="reversal", effect="automatic_success") == [reversal("automatic_success", target=SIMOAKLI)]
    step = play(step, reversal("automatic_success", target=SIMOAKLI))
    assert {"who": SIMOAKLI, "source": SIMOAKLI, "stat": "automatic_successes", "amount": 1, "attack": None,
            "lasts": "attack"} in step.state["turn"]["modifiers"]
    assert step.state["turn"]["reversal"]["spent"] == 2
    assert refused(edited(step, budget(4, 2)), reversal("automatic_success", target=HOPE)) == "not_a_target"


# --- "④ Initiative is reversed this Turn" ---------------------------------------------------------------
def four_heroes() -> engine.Step:
    return edited(conflict(SIMOAKLI, (HOPE, ATHENA, LUCID, TINKERBOLT), players=5), quiet_twists)


def test_cure_4_belief_initiative_is_reversed_this_turn():
    step = edited(gm_to_act(four_heroes()), budget(4))
    assert RV.limit(step.state) == 4 and reversal("initiative") in options(step, kind="reversal")
    step = play(step, reversal("initiative"))
    assert step.state["turn"]["reversal"]["reversed"] == "start"
    step = pass_until(step, lambda s: s.state["turn"]["phase"] == "combat")  # it opens with the GM
    turn = step.state["turn"]
    assert (turn["phase"], turn["initiating"], turn["at"]) == ("combat", "gm", "gm")
    assert {"type": "phase_started", "phase": "combat", "initiating": "gm"} in step.events
    hero_first = {"player": 1, "kind": "initiate", "character": HOPE, "target": SIMOAKLI}
    assert refused(edited(step, lambda s: s["turn"].update(at="heroes", waiting=[1, 2, 3, 4])),
                   hero_first) == "villains_initiate_first"
    step = pass_until(step, lambda s: s.state["turn"]["initiating"] == "heroes" or s.state["turn"]["phase"] != "combat")
    assert (step.state["turn"]["initiating"], step.state["turn"]["at"]) == ("heroes", "gm")  # then the Heroes
    gm_now = {"player": 0, "kind": "initiate", "character": SIMOAKLI, "target": HOPE}
    assert refused(step, gm_now) == "villains_done_initiating"
    step = next_turn(step)
    turn = step.state["turn"]
    assert (turn["initiating"], turn["at"], turn["reversal"]) == ("heroes", "heroes", RV.fresh())


def test_reversed_in_the_combat_phase_the_villains_half_opens_with_the_gm():
    step = edited(combat_phase(four_heroes()), lambda s: s["turn"].update(at="gm", waiting=[0], since=["heroes"]))
    step = play(edited(step, budget(4)), reversal("initiative"))
    assert step.state["turn"]["reversal"]["reversed"] == "combat"
    step = pass_until(step, lambda s: s.state["turn"]["initiating"] == "gm")
    turn = step.state["turn"]
    assert (turn["phase"], turn["initiating"], turn["at"]) == ("combat", "gm", "gm")
    assert RV.move_error(step.state, reversal("initiative"))[0] == "initiative_already_reversed"
    fresh = edited(step, lambda s: s["turn"]["reversal"].update(reversed=None))
    assert RV.move_error(fresh.state, reversal("initiative"))[0] == "nothing_to_reverse"


# --- "⑤ Initiate a Masterplan" -------------------------------------------------------------------------------
def test_cure_5_belief_initiate_a_masterplan_all_villains_in_play_get_5_extra_energy():
    step = edited(gm_to_act(edited(conflict(SIMOAKLI, FIVE, players=6), quiet_twists)), budget(5))
    energy = character(step, SIMOAKLI)["energy"]
    assert reversal("masterplan") in options(step, kind="reversal")
    step = play(step, reversal("masterplan"))
    assert step.state["masterplan"] is True and {"type": "masterplan_initiated"} in step.events
    assert character(step, SIMOAKLI)["energy"] == energy + RV.MASTERPLAN_ENERGY
    step = next_turn(step)
    assert step.state["masterplan"] is True  # for the rest of the game
    assert refused(edited(gm_to_act(step), budget(5)), reversal("masterplan")) == "masterplan_in_progress"


def test_all_rolls_printed_in_an_objective_have_a_plus_1_bonus_and_the_house_objectives_print_none():
    """Ruling "Reversal of Fortunes": the +1 has nothing to apply to in the house set; this fails when an
    Objective prints a Roll, to apply `reversal.OBJECTIVE_ROLL_BONUS` to it."""
    for card in C.IDS_OF["objective"]:
        printed = C.CARD[card]
        assert all(e["do"] != "roll" for e in printed["effects"]) and printed["threat"]["when"] != "roll"


# --- The state check ------------------------------------------------------------------------------------------
def test_a_tampered_reversal_of_fortunes_is_an_invalid_state():
    step = play(edited(gm_to_act(conflict(SIMOAKLI, (HOPE, ATHENA), players=3)), budget(2)), lock(HOPE, "agility"))
    engine.check_state(step.state)
    mod = next(m for m in step.state["turn"]["modifiers"] if m["stat"] == "lock")
    for change in (lambda s: s["turn"]["reversal"].update(cured=6),
                   lambda s: s["turn"]["reversal"].update(spent=3),
                   lambda s: s["turn"]["reversal"].update(cured="2"),
                   lambda s: s["turn"]["reversal"].update(reversed="end"),
                   lambda s: s["turn"]["reversal"].update(reversed="start"),  # never paid for
                   lambda s: s["turn"]["reversal"].pop("spent"),
                   lambda s: s["turn"].pop("reversal"),
                   lambda s: s["turn"]["modifiers"].append({**mod, "word": "juggling"}),
                   lambda s: s["turn"]["modifiers"].append({**mod, "who": SIMOAKLI}),
                   lambda s: s["turn"]["modifiers"].append({**mod, "lasts": "combat"}),
                   lambda s: s["turn"]["modifiers"].append({**mod, "word": ["agility"]}),
                   lambda s: s["turn"]["modifiers"].append({k: v for k, v in mod.items() if k != "word"}),
                   lambda s: s.update(masterplan="yes"),
                   lambda s: s.update(masterplan=None)):
        invalid(step, change)


def test_a_masterplan_during_setup_is_an_invalid_state():
    state = copy.deepcopy(engine.new_game("plot-twist", 2, {}, seed=1).state)
    state["masterplan"] = True
    with pytest.raises(InvalidState):
        engine.check_state(state)


# --- Peeking at the Objective: Perception and Hacking ---------------------------------------------------------
def peek(character: str, seat: int = 1) -> dict:
    return {"player": seat, "kind": "peek", "character": character}


def test_perception_with_6_accumulated_successes_in_fixed_rolls_against_difficulty_0_you_may_peek():
    step = conflict(SIMOAKLI, (HOPE, ATHENA), players=3)
    card = step.state["objective"]["card"]
    assert GAME.view(step.state, 1)["objective"]["card"] == {"hidden": True}
    after = play(step, peek(HOPE))
    roll = next(e for e in after.events if e["type"] == "roll")
    assert (roll["kind"], roll["difficulty"], roll["purpose"]) == ("fixed", 0, "peek")
    assert [p["name"] for p in roll["rolls"][0]["parts"]] == ["Mind", "Perception"]
    successes = roll["rolls"][0]["successes"]
    assert {"type": "peek_progress", "player": 1, "character": HOPE, "successes": successes,
            "accumulated": successes, "of": 6} in after.events
    assert after.state["objective"]["peeking"] == ({HOPE: successes} if successes else {})
    near = edited(step, lambda s: s["objective"].update(peeking={HOPE: 5}))
    for k in range(20):
        after = play(with_rng(near, k), peek(HOPE))
        if next(e for e in after.events if e["type"] == "roll")["rolls"][0]["successes"]:
            break
    assert {"type": "objective_peeked", "player": 1, "character": HOPE, "card": card} in after.events
    assert after.state["objective"]["peeked"] == [1] and after.state["objective"]["peeking"] == {}
    assert GAME.view(after.state, 1)["objective"]["card"] == card  # that seat's view shows it from then on
    for seat in (2, None):
        assert GAME.view(after.state, seat)["objective"]["card"] == {"hidden": True}
        assert all(GAME.view_event(e, seat).get("card") != card for e in after.events)
    later = next_turn(edited(after, quiet_twists))
    assert GAME.view(later.state, 1)["objective"]["card"] == card and not options(later, kind="peek", character=HOPE)


def test_hacking_accumulate_6_successes_in_fixed_rolls_against_difficulty_0_to_peek():
    step = conflict(SIMOAKLI, (TINKERBOLT,))
    after = play(step, peek(TINKERBOLT))
    roll = next(e for e in after.events if e["type"] == "roll")
    assert [p["name"] for p in roll["rolls"][0]["parts"]] == ["Mind", "Hacking"]


def test_peeking_is_a_free_action_once_each_turn_its_successes_accumulating():
    step = edited(conflict(SIMOAKLI, (HOPE,)), quiet_twists)
    step = edited(step, lambda s: s["objective"].update(peeking={HOPE: 2}))
    after = play(step, peek(HOPE))
    successes = next(e for e in after.events if e["type"] == "roll")["rolls"][0]["successes"]
    assert after.state["objective"]["peeking"] == {HOPE: 2 + successes} or after.state["objective"]["peeked"] == [1]
    assert after.state["turn"]["at"] == "heroes"
    assert refused(after, peek(HOPE)) == "free_action_used_this_turn"


def test_only_a_hero_seat_with_perception_or_hacking_peeks_at_a_face_down_objective():
    step = conflict(SIMOAKLI, (HOPE, ATHENA), players=3)
    assert refused(step, peek(ATHENA, seat=2)) == "no_perception_or_hacking"
    assert refused(gm_to_act(step), peek(SIMOAKLI, seat=0)) == "own_objective"  # Perception 1, and his own
    face_up = edited(step, lambda s: s["objective"].update(revealed=True))
    assert refused(face_up, peek(HOPE)) == "objective_face_up"
    peeked = edited(step, lambda s: s["objective"].update(peeked=[1]))
    assert refused(peeked, peek(HOPE)) == "already_peeked"
    assert GAME.view(peeked.state, 1)["objective"]["card"] == step.state["objective"]["card"]


def test_a_detail_that_peeks_shows_the_objective_to_that_seat_from_then_on():
    """Tech Intern: "You peek at the Villain's Objective" (effects.peek_objective, the same record)."""
    step = conflict(SIMOAKLI, (HOPE, ATHENA), players=3)
    state = copy.deepcopy(step.state)
    state["objective"]["peeking"] = {ATHENA: 3}
    events = []
    FX.resolve_plot(state, None, [{"on": "recruit", "do": "peek", "card": "objective", "target": "self"}],
                    ATHENA, 2, events)
    assert state["objective"]["peeked"] == [2] and state["objective"]["peeking"] == {}
    assert GAME.view(_step(state).state, 2)["objective"]["card"] == state["objective"]["card"]
    assert GAME.view(state, 1)["objective"]["card"] == {"hidden": True}


def test_a_tampered_peek_record_is_an_invalid_state():
    step = edited(conflict(SIMOAKLI, (HOPE, ATHENA), players=3),
                  lambda s: s["objective"].update(peeked=[2], peeking={HOPE: 4}))
    for change in (lambda s: s["objective"].update(peeked=[0]),         # the GM
                   lambda s: s["objective"].update(peeked=[2, 2]),
                   lambda s: s["objective"].update(peeked=[3]),         # no such seat
                   lambda s: s["objective"].update(peeked="1"),
                   lambda s: s["objective"]["peeking"].update({HOPE: 6}),
                   lambda s: s["objective"]["peeking"].update({HOPE: 0}),
                   lambda s: s["objective"]["peeking"].update({ATHENA: 1}),  # her seat has peeked
                   lambda s: s["objective"]["peeking"].update({SIMOAKLI: 1}),
                   lambda s: s["objective"].pop("peeking")):
        invalid(step, change)
    fresh = engine.new_game("plot-twist", 3, {}, seed=1)
    invalid(fresh, lambda s: s["objective"].update(peeked=[1]))  # not during Setup


def test_the_game_lists_the_new_moves_events_and_rule_codes():
    from core.games.plot_twist import game
    from core.games.plot_twist.conflict import stealth as ST
    assert {"cure", "reversal", "peek"} <= set(game.MOVE_KINDS)
    assert set(RV.EVENTS) | set(ST.EVENTS) <= set(game.EVENT_TYPES)
    assert set(RV.RULE_CODES) | set(ST.RULE_CODES) <= set(game.RULE_CODES)


def test_every_listed_cure_and_reversal_passes_its_predicate():
    """One predicate (`reversal.move_error`) explains every refusal; the options it lists pass it."""
    from test_plot_twist_conflict import sampled_conflict_states
    seen = 0
    for state in sampled_conflict_states(every=3):
        for m in RV.options(state, 0):
            assert RV.move_error(state, m) is None, m
            seen += 1
    assert seen
