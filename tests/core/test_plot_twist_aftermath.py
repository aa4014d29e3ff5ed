"""Plot Twist between two Conflicts (core/games/plot_twist/between/aftermath.py): Fleeing, Lairs, Pursuit,
Interviews, the next Conflict, and Relocation, one test per sentence of the rulebook, through the
engine.
"""

import copy

import pytest
from test_plot_twist_conflict import HOPE, SIMOAKLI, _step, option, pass_until, play, refused, simoakli_vs, with_rng

from core.framework import engine
from core.framework.errors import InvalidState, NotYourTurn
from core.framework.rng import Rng
from core.games.plot_twist.between import aftermath as AM

LAIR, LAIR2 = "lair/sunken-lab", "lair/volcano-fortress"


def elsewhere(state: dict) -> str:
    """A Location not in play, taken out of the Plot Hands (a card in play is in no Hand)."""
    card = next(c for c in AM.C.IDS_OF["location"] if c not in state["locations"])
    for hand in state["plot_hands"]:
        if card in hand:
            hand.remove(card)
    return card


def options(step: engine.Step, **fields) -> list[dict]:
    return [o for d in step.pending for o in d["options"] if all(o.get(k) == v for k, v in fields.items())]


def character(step: engine.Step, card: str) -> dict:
    return next(c for c in step.state["characters"] if c["card"] == card)


def at_zero_hate(lairs: list, change=None) -> engine.Step:
    """Dr. Simoakli at 0 Hate against Hope, the GM's Plot Hand holding these Lairs (and only Lairs
    and Bystanders): the End of the first Turn makes him Flee."""
    state = copy.deepcopy(simoakli_vs((HOPE,), 2, ["combat/charge"] * 3).state)
    state["characters"][0]["hate"] = 0
    state["plot_hands"][0] = [c for c in state["plot_hands"][0] if not c.startswith("lair/")][:5 - len(lairs)] + lairs
    if change:
        change(state)
    return _step(state)


def fled(lairs=(LAIR,), change=None) -> engine.Step:
    return pass_until(at_zero_hate(list(lairs), change), lambda s: s.state["aftermath"] is not None)


# --- Fleeing -------------------------------------------------------------------------------------------------
def test_the_main_villain_who_must_pay_hate_at_0_flees_and_plays_a_lair():
    step = fled()
    types = [e["type"] for e in step.events]
    assert types.index("lair_played") < types.index("villain_fled")
    assert {"type": "lair_played", "player": 0, "card": LAIR} in step.events
    assert LAIR in step.state["locations"] and LAIR not in step.state["plot_hands"][0]
    assert step.outcome is None and step.state["aftermath"]["step"] == "pursuit"
    assert step.state["location"] != LAIR  # the Conflict is over where it was; the Heroes may Pursue


def test_a_lair_played_takes_its_effect_the_sunken_lab_regenerates_3_physical_stress():
    step = fled(change=lambda s: s["characters"][0]["resistances"]["physical"].update(stress=4))
    assert character(step, SIMOAKLI)["resistances"]["physical"]["stress"] == 1


def test_the_gm_chooses_among_his_playable_lairs_one_is_played_by_itself():
    """With a single Lair he may play, the choice is made for him (with two, of his Villain's and a
    Mook's Colors, he chooses: the aftermath-3 transcript); `flee` names a Lair only at that step."""
    step = fled()
    assert not any(e["type"] == "flee" for e in step.events) and LAIR in step.state["locations"]
    assert refused(step, {"player": 1, "kind": "flee", "card": LAIR}) == "not_now"
    assert AM.playable_lairs(at_zero_hate([LAIR]).state) == [LAIR]


def test_a_villain_cannot_flee_without_a_lair_and_surrenders():
    step = pass_until(at_zero_hate([]), lambda s: s.outcome is not None)
    assert step.outcome["reason"] == "villain_surrendered" and step.outcome["winners"] == [1]


def test_when_a_villain_flees_bystanders_at_the_origin_are_recruited_and_all_others_killed():
    def bystanders(state):
        here, there = state["location"], elsewhere(state)
        state["locations"] = state["locations"] + [there]
        state["bystanders"] = [{"card": "bystander/lost-child", "seat": 1, "location": here},
                               {"card": "bystander/star-reporter", "seat": 0, "location": there}]
        for card in ("bystander/lost-child", "bystander/star-reporter"):
            for hand in state["plot_hands"]:
                if card in hand:
                    hand.remove(card)
    step = fled(change=bystanders)
    assert {"type": "bystander_recruited", "card": "bystander/lost-child", "character": HOPE} in step.events
    assert {"type": "bystander_killed", "card": "bystander/star-reporter", "character": SIMOAKLI} in step.events
    assert step.state["bystanders"] == []
    assert {"bystander/lost-child", "bystander/star-reporter"} <= set(step.state["plot_discard"])


# --- Pursuit ---------------------------------------------------------------------------------------------------
def test_the_heroes_pursue_and_a_new_conflict_starts_in_the_lair_the_villain_recovers_all_his_hate():
    step = fled()
    assert step.pending[0]["player"] == 1 and step.pending[0]["kind"] == "pursuit"
    number = step.state["turn"]["number"]
    step = play(step, {"player": 1, "kind": "pursue", "pursue": True})
    assert step.state["location"] == LAIR and step.state["conflict"] == 2 and step.state["aftermath"] is None
    assert character(step, SIMOAKLI)["hate"] == AM.C.CARD[SIMOAKLI]["hate"]
    assert step.state["turn"]["number"] == number + 1 and step.state["turn"]["phase"] == "start"
    types = [e["type"] for e in step.events]
    assert types.index("conflict_ended") < types.index("conflict_started") < types.index("turn_started")


def test_villains_do_not_have_to_pay_hate_at_the_end_of_a_turn_in_a_lair():
    step = play(fled(), {"player": 1, "kind": "pursue", "pursue": True})
    hate, number = character(step, SIMOAKLI)["hate"], step.state["turn"]["number"]
    step = pass_until(step, lambda s: s.state["turn"]["number"] == number + 1)
    assert character(step, SIMOAKLI)["hate"] == hate


def test_only_the_heroes_decide_pursuit():
    step = fled()
    with pytest.raises(NotYourTurn):
        engine.apply(step.state, {"player": 0, "kind": "pursue", "pursue": True})
    assert refused(step, {"player": 1, "kind": "interview", "extra": 0, "bonus": 0}) == "not_now"
    assert AM.move_error(step.state, {"player": 0, "kind": "pursue", "pursue": True})[0] == "not_your_decision"


# --- Interviews -------------------------------------------------------------------------------------------------
def interview(change=None, extra=0, bonus=0) -> engine.Step:
    step = play(fled(change=change), {"player": 1, "kind": "pursue", "pursue": False})
    assert step.state["aftermath"]["step"] == "interview" and step.pending[0]["player"] == 0
    return play(step, {"player": 0, "kind": "interview", "extra": extra, "bonus": bonus})


def test_not_pursued_an_interview_asks_one_question_per_location_in_play_and_revealed_event():
    def revealed(state):
        state["events_cluster"][1].update(revealed=True, nullified=True)  # one Hero: one Event Revealed at most
        state["locations"] = state["locations"] + [elsewhere(state)]
    step = interview(change=revealed, extra=1)
    assert step.state["aftermath"]["questions"] == 2 + 1 + 1  # two Locations (a Lair is none), an Event, one more
    assert {"type": "interview_started", "questions": 4, "bonus": 0} in step.events
    assert step.pending[0]["kind"] == "question" and step.pending[0]["player"] == 1


def test_the_gm_may_add_questions_and_bonuses_but_never_a_penalty_or_fewer_questions():
    step = play(fled(), {"player": 1, "kind": "pursue", "pursue": False})
    offered = {(o["extra"], o["bonus"]) for o in options(step, kind="interview")}
    assert offered == {(e, b) for e in range(AM.EXTRA_QUESTIONS + 1) for b in range(AM.BONUS + 1)}
    assert refused(step, {"player": 0, "kind": "interview", "extra": -1, "bonus": 0}) == "no_fewer_questions"
    assert refused(step, {"player": 0, "kind": "interview", "extra": 0, "bonus": -1}) == "no_penalty"


def answered(step: engine.Step, move: dict) -> engine.Step:
    """The answer played with other coins until its Chosen Roll wins."""
    for k in range(60):
        after = play(with_rng(step, k), move)
        if any(e["type"] == "question_answered" and e["won"] for e in after.events):
            return after
    raise AssertionError("never won")


def test_apologist_the_number_chosen_is_the_social_stress_a_target_regenerates():
    step = interview(change=lambda s: s["characters"][1]["resistances"]["social"].update(stress=3))
    move = {"player": 1, "kind": "answer", "character": HOPE, "skill": "apologist", "chosen": 2, "target": HOPE}
    assert move in options(step, kind="answer")
    step = answered(step, move)
    assert character(step, HOPE)["resistances"]["social"]["stress"] == 1
    roll = next(e for e in step.events if e["type"] == "roll")
    assert roll["kind"] == "chosen" and roll["chosen"] == 2
    assert roll["rolls"][0]["parts"] == [{"name": "Charm", "value": 4}, {"name": "Apologist", "value": 2}]


def test_public_relations_the_number_chosen_is_the_energy_distributed_to_the_heroes():
    step = interview()
    energy = character(step, HOPE)["energy"]
    step = answered(step, {"player": 1, "kind": "answer", "character": HOPE, "skill": "public-relations",
                           "chosen": 1, "target": HOPE})
    assert character(step, HOPE)["energy"] == energy + 1


def test_an_answer_chooses_a_number_its_pool_can_beat():
    """"must obtain more Successes than the chosen number": 1 to the pool's coins less one."""
    step = interview(change=lambda s: s["characters"][1]["resistances"]["social"].update(stress=1), bonus=1)
    apologist = {o["chosen"] for o in options(step, kind="answer", skill="apologist")}
    relations = {o["chosen"] for o in options(step, kind="answer", skill="public-relations")}
    assert apologist == set(range(1, 4 + 2 + 1)) and relations == set(range(1, 4 + 0 + 1))  # Charm 4, ranks 2 / 0, +1
    move = {"player": 1, "kind": "answer", "character": HOPE, "skill": "public-relations", "chosen": 5, "target": HOPE}
    assert refused(step, move) == "not_a_chosen_number"
    assert refused(step, {**move, "skill": "offend", "chosen": 1}) == "not_a_skill"


def test_spirit_of_the_night_gains_its_power_in_energy_after_any_interview_even_one_with_no_questions():
    def spirit(state):
        state["turn"]["modifiers"] = [{"who": HOPE, "source": HOPE, "stat": "keyword", "keyword": "spirit-of-the-night",
                                       "attack": None, "lasts": "turn", "turns": 3}]
        state["locations"] = state["locations"][:1]
    step = play(fled(change=spirit), {"player": 1, "kind": "pursue", "pursue": False})
    energy = character(step, HOPE)["energy"]
    step = play(step, {"player": 0, "kind": "interview", "extra": 0, "bonus": 0})
    while step.state["aftermath"] is not None and step.state["aftermath"]["step"] == "questions":
        assert not options(step, kind="answer", skill="public-relations")  # "Except Spirits of the Night"
        step = play(step, {"player": 1, "kind": "no_answer"})
    assert character(step, HOPE)["energy"] == energy + AM.CH.power(HOPE)
    assert any(e["type"] == "interview_ended" for e in step.events)


def test_after_the_interview_the_gm_decides_the_location_of_the_next_conflict_among_those_played():
    first = []

    def two_locations(state):
        first.append(state["location"])
        first.append(elsewhere(state))
        state["locations"] = state["locations"] + [first[1]]
    step = interview(change=two_locations)
    while step.state["aftermath"]["step"] == "questions":
        step = play(step, {"player": 1, "kind": "no_answer"})
    assert step.state["aftermath"]["step"] == "next_location" and step.pending[0]["player"] == 0
    assert {o["card"] for o in options(step, kind="next_location")} == set(first)
    assert refused(step, {"player": 0, "kind": "next_location", "card": LAIR}) == "not_a_location_in_play"
    step = play(step, {"player": 0, "kind": "next_location", "card": first[1]})
    assert step.state["location"] == first[1] and step.state["conflict"] == 2
    assert character(step, SIMOAKLI)["hate"] == AM.C.CARD[SIMOAKLI]["hate"]
    assert LAIR not in step.state["locations"] and LAIR in step.state["plot_discard"]  # ruling "A Lair once left"


# --- Relocation ---------------------------------------------------------------------------------------------
def gm_with_initiative(step: engine.Step) -> engine.Step:
    def change(state):
        state["turn"].update(phase="combat", initiating="heroes", at="gm", since=["heroes"], waiting=[0],
                             initiated={})
    state = copy.deepcopy(step.state)
    change(state)
    return _step(state)


def test_the_villains_relocate_everyone_to_another_location_in_the_combat_phase_bystanders_stay():
    state = copy.deepcopy(simoakli_vs((HOPE,), 2, ["combat/charge"] * 3).state)
    there = elsewhere(state)
    state["locations"] = state["locations"] + [there]
    state["characters"][0]["resistances"]["physical"]["stress"] = 1
    origin = state["location"]
    state["bystanders"] = [{"card": "bystander/lost-child", "seat": 1, "location": origin}]
    for hand in state["plot_hands"]:
        if "bystander/lost-child" in hand:
            hand.remove("bystander/lost-child")
    step = gm_with_initiative(_step(state))
    move = {"player": 0, "kind": "relocate", "card": there}
    assert move in options(step, kind="relocate")
    step = play(step, move)
    assert step.state["location"] == there
    assert {"type": "relocated", "from": origin, "card": there} in step.events
    assert step.state["bystanders"] == [{"card": "bystander/lost-child", "seat": 1, "location": origin}]
    assert refused(step, {"player": 0, "kind": "relocate", "card": origin}) in ("relocated_this_turn", "not_your_decision")


def test_no_one_relocates_after_combat_has_been_initiated_nor_to_a_lair():
    state = copy.deepcopy(simoakli_vs((HOPE,), 2, ["combat/charge"] * 3).state)
    there = elsewhere(state)
    state["locations"] = state["locations"] + [there]
    state["characters"][0]["resistances"]["physical"]["stress"] = 1
    step = gm_with_initiative(_step(state))
    assert refused(step, {"player": 0, "kind": "relocate", "card": LAIR}) == "no_relocation_to_a_lair"
    initiated = copy.deepcopy(step.state)
    initiated["turn"]["initiated"] = {HOPE: [SIMOAKLI]}
    assert refused(_step(initiated), {"player": 0, "kind": "relocate", "card": there}) \
        == "no_relocation_after_combat_initiated"
    start = copy.deepcopy(step.state)
    start["turn"]["phase"] = "start"
    assert AM.relocate_error(start, {"player": 0, "kind": "relocate", "card": there})[0] == "relocate_in_combat_phase_only"


def test_a_lair_once_left_is_discarded_so_every_flight_plays_a_new_lair():
    step = play(fled(), {"player": 1, "kind": "pursue", "pursue": True})
    state = copy.deepcopy(step.state)
    state["characters"][0]["resistances"]["physical"]["stress"] = 1
    step = gm_with_initiative(_step(state))
    step = play(step, option(step, kind="relocate"))
    assert LAIR not in step.state["locations"] and LAIR in step.state["plot_discard"]
    assert {"type": "lair_discarded", "card": LAIR} in step.events


# --- The state check, and seeded play ------------------------------------------------------------------------
def test_a_tampered_aftermath_is_an_invalid_state():
    step = fled()
    for change in (lambda s: s["aftermath"].update(step="wandering"),
                   lambda s: s["aftermath"].update(asked=1),
                   lambda s: s["aftermath"].update(bonus=3, step="questions", questions=1),
                   lambda s: s.update(locations=[c for c in s["locations"] if c != LAIR]),
                   lambda s: s["aftermath"].update(step="lair"),
                   lambda s: s.update(conflict=0),
                   lambda s: s["locations"].append(LAIR2),
                   lambda s: s["turn"].update(phase="combat")):
        state = copy.deepcopy(step.state)
        change(state)
        with pytest.raises(InvalidState):
            engine.check_state(state)


def test_seeded_random_games_reach_pursuit_and_interviews():
    """Conformance of fleeing, Pursuit and Interviews reached by seeded play, every state checked."""
    seen = set()
    for seed in range(12):
        step = engine.new_game("plot-twist", 2 + 2 * (seed % 2), {"setup": "quick"}, seed=seed)
        rng = Rng.from_seed(f"aftermath-{seed}")
        while step.outcome is None:
            d = step.pending[rng.below(len(step.pending))]
            move = d["options"][rng.below(len(d["options"]))]
            step = engine.apply(step.state, move)
            seen |= {e["type"] for e in step.events}
            seen |= {f"pursue={move['pursue']}"} if move["kind"] == "pursue" else set()
        if {"pursue=True", "pursue=False", "question_answered"} <= seen:
            break
    assert {"villain_fled", "pursue=True", "pursue=False", "interview_started", "question_answered",
            "conflict_started"} <= seen


def test_any_junk_value_in_a_state_between_conflicts_is_refused_with_invalid_state_and_nothing_else():
    """Every leaf of states between two Conflicts (at the Pursuit, the Interview's questions, the next
    Location) replaced by junk: the state check refuses it (InvalidState), never anything else."""
    import random

    from test_plot_twist_conflict import refuses_junk
    from test_plot_twist_setup import leaves

    def two_locations(state):
        state["locations"] = state["locations"] + [elsewhere(state)]
    asked = interview(change=two_locations, extra=1, bonus=1)
    states = [fled().state, asked.state]
    while asked.state["aftermath"] is not None and asked.state["aftermath"]["step"] == "questions":
        asked = play(asked, {"player": 1, "kind": "no_answer"})
    states.append(asked.state)
    assert [s["aftermath"]["step"] for s in states] == ["pursuit", "questions", "next_location"]
    r = random.Random(62)
    for state in states:
        paths = [p for p in leaves(state) if p[0] not in ("game", "version", "rng", "outcome", "options")
                 and not (p[1:2] == ("modifiers",) and p[-1] in ("attack", "amount"))
                 and p[1:] != ("reversal", "reversed") and p != ("aftermath",)]  # null: a Conflict, legal
        refuses_junk(state, r.sample(paths, min(60, len(paths))) + [
            ("aftermath", "step"), ("aftermath", "bonus"), ("aftermath", "questions"), ("conflict",)], r)
