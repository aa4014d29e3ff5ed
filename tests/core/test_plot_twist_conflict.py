"""Plot Twist's Conflict (core/games/plot_twist/conflict/conflict.py, combat.py, actions.py, game.py): one
test per rule of the Turn and the Combat, the rulebook's Dr. Simoakli vs Hope through a real
Combat, and seeded random games of 2, 4 and 6 seats (quick and drafted Setup) played to an outcome
through the engine, every state passing the state check.

The game is registered (core/games/__init__.py): the tests play it through the engine.
"""

import copy

import pytest
from test_plot_twist_setup import leaves

from core.framework import engine
from core.framework.errors import IllegalMove, InvalidState
from core.framework.rng import Rng
from core.games.plot_twist.conflict import actions as A
from core.games.plot_twist.game import PlotTwist

GAME = PlotTwist()
SIMOAKLI, HOPE, ATHENA, GOONS = "villain/dr-simoakli", "hero/hope", "hero/athena", "mook/lab-goons"


# --- Positions ------------------------------------------------------------------------------------------
def drafted(players: int, prefer: tuple, seed: int = 1) -> engine.Step:
    """A drafted Setup taking the preferred cards (or kinds: "no_more_mooks", "no_equipment") where
    offered, else the first card; then the first Turn begins."""
    step = engine.new_game("plot-twist", players, {"setup": "drafted"}, seed=seed)
    while step.state["setup"]["step"] != "done":
        d = step.pending[0]
        opts = d["options"]
        pick = next((o for p in prefer for o in opts if o.get("card") == p or o["kind"] == p), None)
        step = step.play(pick or next((o for o in opts if "card" in o), opts[0]))
    return step


def with_hand(step: engine.Step, seat: int, hand: list, rest: list) -> engine.Step:
    """The same position with the seat's Combat hand and deck set (the discard pile emptied)."""
    state = copy.deepcopy(step.state)
    for field, cards in (("combat_hands", hand), ("combat_decks", rest), ("combat_discards", [])):
        state[field][seat] = list(cards)
    return _step(state)


def _step(state: dict) -> engine.Step:
    engine.check_state(state)
    return engine.Step(state, engine.decisions(state), [], state["outcome"])


def play(step: engine.Step, move: dict) -> engine.Step:
    return engine.apply(step.state, move)


def option(step: engine.Step, **fields) -> dict:
    for d in step.pending:
        for o in d["options"]:
            if all(o.get(k) == v for k, v in fields.items()):
                return o
    raise AssertionError(f"no option {fields} in {[o for d in step.pending for o in d['options']]}")


def pass_until(step: engine.Step, done) -> engine.Step:
    """Every seat passes (keeping its hand at a Mulligan or redraw) until `done(step)`."""
    for _ in range(200):
        if done(step):
            return step
        d = step.pending[0]
        keep = next((o for o in d["options"] if o["kind"] in ("pass", "mulligan", "redraw", "choose")
                     and o.get("cards", []) == []), None)
        assert keep is not None, d
        step = play(step, keep)
    raise AssertionError("never reached")


def refused(step: engine.Step, move: dict) -> str:
    with pytest.raises(IllegalMove) as error:
        engine.apply(step.state, move)
    return error.value.rule


def with_rng(step: engine.Step, k: int) -> engine.Step:
    state = copy.deepcopy(step.state)
    state["rng"] = Rng.from_seed(k).dump()
    return _step(state)


def first_roll_won(step: engine.Step, move: dict, by: str, tries: int = 60) -> engine.Step:
    """The move played on the same position with other coins until `by` wins its Opposing Roll."""
    for k in range(tries):
        after = play(with_rng(step, k), move)
        rolls = [e for e in after.events if e["type"] == "roll" and e["kind"] == "opposing"]
        if rolls and rolls[0]["winner"] == by:
            return after
    raise AssertionError(f"{by} never won in {tries} tries")


def simoakli_vs(heroes: tuple, players: int, gm_cards: list, stress: int = 0) -> engine.Step:
    """Dr. Simoakli with no Mooks and no Equipment against these Heroes; the GM's hand set; every
    seat kept its hand at the Mulligan. `stress`: Simoakli's Physical Stress (with some, he always
    has a Free action to take, so the GM keeps a decision where he could only pass)."""
    step = drafted(players, (SIMOAKLI, "no_equipment", "no_more_mooks") + heroes)
    step = with_hand(step, 0, gm_cards, ["combat/charge"] * (10 - len(gm_cards)))
    if stress:
        state = copy.deepcopy(step.state)
        state["characters"][0]["resistances"]["physical"]["stress"] = stress
        step = _step(state)
    return pass_until(step, lambda s: not s.state["turn"]["mulligan"])


def gm_initiates(step: engine.Step, target: str) -> engine.Step:
    step = pass_until(step, lambda s: any(o["kind"] == "initiate" and o["player"] == 0
                                          for d in s.pending for o in d["options"]))
    return play(step, option(step, kind="initiate", character=SIMOAKLI, target=target))


# --- The Turn ----------------------------------------------------------------------------------------------
def test_the_first_turn_draws_3_combat_cards_and_offers_one_mulligan_to_every_seat():
    step = engine.new_game("plot-twist", 4, {"setup": "quick"}, seed=5)
    assert step.state["turn"]["number"] == 1
    assert [len(h) for h in step.state["combat_hands"]] == [3, 3, 3, 3]
    assert sorted(d["player"] for d in step.pending) == [0, 1, 2, 3]
    assert {d["kind"] for d in step.pending} == {"mulligan"}
    seat0 = step.state["combat_hands"][0]
    step = play(step, {"player": 0, "kind": "mulligan", "cards": sorted(seat0)})
    assert len(step.state["combat_hands"][0]) == 3 and step.state["combat_discards"][0] == sorted(seat0)
    assert 0 not in step.state["turn"]["mulligan"] and sorted(d["player"] for d in step.pending) == [1, 2, 3]


def test_a_twist_is_revealed_first_and_actions_renew_every_start_of_turn():
    step = simoakli_vs((HOPE,), 2, ["combat/charge"] * 3)
    revealed = step.state["twists_in_play"] + step.state["twists_discard"]  # in play, or discarded once done
    assert len(revealed) == 1 and len(step.state["twists_deck"]) == 9
    step = pass_until(step, lambda s: s.state["turn"]["number"] == 2)
    revealed = step.state["twists_in_play"] + step.state["twists_discard"]  # in play, or discarded once done
    assert len(revealed) == 2 and len(step.state["twists_deck"]) == 8
    assert all(c["actions"] == {"move": 2, "attack": 1} for c in step.state["characters"])
    started = [e for e in step.events if e["type"] in ("turn_started", "twist_revealed", "actions_renewed")]
    assert [e["type"] for e in started] == ["turn_started", "twist_revealed", "actions_renewed"]


def test_villains_lose_1_hate_at_end_of_turn():
    step = simoakli_vs((HOPE,), 2, ["combat/charge"] * 3)
    hate = step.state["characters"][0]["hate"]
    step = pass_until(step, lambda s: s.state["turn"]["number"] == 2)
    assert step.state["characters"][0]["hate"] == hate - 1
    assert {"type": "counter_changed", "character": SIMOAKLI, "counter": "hate", "amount": -1,
            "value": hate - 1} in step.events


def test_the_main_villain_who_cannot_pay_hate_surrenders_without_a_lair():
    step = simoakli_vs((HOPE,), 2, ["combat/charge"] * 3)
    state = copy.deepcopy(step.state)
    state["characters"][0]["hate"] = 0
    state["plot_hands"][0] = [c for c in state["plot_hands"][0] if not c.startswith("lair/")]
    step = pass_until(_step(state), lambda s: s.outcome is not None)
    assert step.outcome == {"winners": [1], "scores": {"0": 0, "1": 1}, "reason": "villain_surrendered"}


def test_no_free_action_in_the_end_of_turn_phase():
    step = simoakli_vs((HOPE,), 2, ["combat/charge"] * 3)
    state = copy.deepcopy(step.state)
    state["characters"][1]["resistances"]["physical"]["stress"] = 2
    move = {"player": 1, "kind": "regenerate", "character": HOPE, "resistance": "physical"}
    assert A.action_error(state, move) is None
    state["turn"]["phase"] = "end"
    assert A.action_error(state, move)[0] == "no_free_action_at_end_of_turn"
    with pytest.raises(IllegalMove) as error:
        GAME.refuse(state, [], move)
    assert error.value.rule == "no_free_action_at_end_of_turn"


def test_free_actions_once_each_turn_and_energy_up_to_power_a_turn():
    step = simoakli_vs((HOPE,), 2, ["combat/charge"] * 3)
    state = copy.deepcopy(step.state)
    state["characters"][1]["resistances"]["physical"] = {"stress": 2, "trauma": 1}
    step = _step(state)
    move = {"player": 1, "kind": "regenerate", "character": HOPE, "resistance": "physical"}
    after = play(step, move)
    assert after.state["characters"][1]["resistances"]["physical"] == {"stress": 1, "trauma": 1}
    assert after.state["characters"][1]["energy"] == step.state["characters"][1]["energy"] - 1
    assert refused(after, move) == "free_action_used_this_turn"
    state = copy.deepcopy(step.state)
    state["turn"]["energy_spent"] = {HOPE: 2}  # Hope's Power is 3
    trauma = {"player": 1, "kind": "remove_trauma", "character": HOPE, "resistance": "physical"}
    assert refused(_step(state), trauma) == "energy_limit"
    assert play(_step(state), move).state["turn"]["energy_spent"] == {HOPE: 3}


def test_heroes_initiate_combat_once_per_turn():
    step = simoakli_vs((HOPE,), 2, ["combat/charge"] * 3)
    state = copy.deepcopy(step.state)
    state["characters"][1]["resistances"]["physical"]["stress"] = 2  # so Hope keeps a Free action to take
    step = pass_until(_step(state), lambda s: any(o["kind"] == "initiate" for d in s.pending for o in d["options"]))
    move = option(step, kind="initiate", character=HOPE, target=SIMOAKLI)
    step = play(step, move)
    assert step.state["combat"]["attacker"] == HOPE
    step = pass_until(step, lambda s: s.state["combat"] is None)
    assert step.state["characters"][1]["actions"]["attack"] == 1  # she never attacked
    assert step.state["turn"]["phase"] == "combat" and step.state["turn"]["at"] == "heroes"
    assert [d["player"] for d in step.pending] == [1]
    assert refused(step, move) == "heroes_initiate_once"
    assert all(o["kind"] != "initiate" for d in step.pending for o in d["options"])


def test_villains_initiate_in_turn_after_the_heroes_and_against_different_targets():
    step = simoakli_vs((HOPE, ATHENA), 3, ["combat/charge"] * 3, stress=2)
    step = pass_until(step, lambda s: s.state["turn"]["phase"] == "combat" and [d["player"] for d in s.pending] == [0])
    assert step.state["turn"]["initiating"] == "heroes"  # the GM has Initiative, the Heroes have not finished
    early = {"player": 0, "kind": "initiate", "character": SIMOAKLI, "target": HOPE}
    assert refused(step, early) == "heroes_initiate_first"
    step = gm_initiates(step, HOPE)
    step = pass_until(step, lambda s: s.state["combat"] is None)
    assert refused(step, early) == "different_targets"
    assert option(step, kind="initiate", character=SIMOAKLI, target=ATHENA)


# --- The Combat ---------------------------------------------------------------------------------------------
def test_combat_starts_at_ranged_distance():
    step = gm_initiates(simoakli_vs((HOPE,), 2, ["combat/charge"] * 3), HOPE)
    combat = step.state["combat"]
    assert (combat["step"], combat["distance"], combat["at"]) == ("movement", "ranged", "attacker")
    assert {"type": "combat_started", "attacker": SIMOAKLI, "defender": HOPE, "distance": "ranged"} in step.events


def test_a_melee_attack_is_refused_at_ranged_distance():
    step = gm_initiates(simoakli_vs((HOPE,), 2, ["combat/haymaker"] * 3), HOPE)
    step = pass_until(step, lambda s: s.state["combat"]["step"] == "attack")
    assert step.state["combat"]["distance"] == "ranged"
    melee = {"player": 0, "kind": "attack", "character": SIMOAKLI, "attack": "melee", "card": None, "trauma": False}
    assert refused(step, melee) == "melee_attack_at_ranged_distance"
    assert refused(step, {**melee, "card": "combat/haymaker"}) == "melee_attack_at_ranged_distance"
    assert not [o for d in step.pending for o in d["options"] if o.get("attack") == "melee"]
    assert option(step, kind="attack", attack="social", card=None)  # not a Ranged Attack, allowed


def test_only_movement_cards_in_the_movement_step_and_a_third_move_action_is_refused():
    step = gm_initiates(simoakli_vs((HOPE,), 2, ["combat/charge", "combat/charge", "combat/fall-back"], 2), HOPE)
    card = {"player": 0, "kind": "play_card", "character": SIMOAKLI}
    step = play(step, {**card, "card": "combat/charge", "to": "melee"})
    assert step.state["combat"]["distance"] == "melee"
    assert step.state["combat"]["at"] == "attacker"  # the Attacker plays all cards before the Defender
    step = play(step, {**card, "card": "combat/fall-back", "to": "ranged"})
    assert step.state["combat"]["distance"] == "ranged"
    assert step.state["characters"][0]["actions"]["move"] == 0
    assert refused(step, {**card, "card": "combat/charge", "to": "melee"}) == "no_move_action_left"


def test_one_aim_per_combat():
    step = gm_initiates(simoakli_vs((HOPE,), 2, ["combat/called-shot", "combat/called-shot", "combat/charge"], 2),
                        HOPE)
    aim = {"player": 0, "kind": "play_card", "character": SIMOAKLI, "card": "combat/called-shot"}
    assert refused(step, aim) == "wrong_combat_step"  # a Maneuver, not in the Movement Step
    step = pass_until(step, lambda s: s.state["combat"]["step"] == "maneuver")
    step = play(step, aim)
    assert step.state["combat"]["aims"] == [SIMOAKLI]
    assert refused(step, aim) == "one_aim_per_combat"


def test_dr_simoakli_vs_hope_through_a_real_combat():
    """"Dr. Simoakli uses Body (6)+Fighting (4). His Pool is 10 coins. His opponent, Hope, uses
    Body (2)+Agility (3). Her Pool is 5 coins." Then the Damage Roll: Body 6, no weapon, Hope has no
    Armor: 6 coins and one Automatic Success."""
    step = gm_initiates(simoakli_vs((HOPE,), 2, ["combat/charge"] * 3), HOPE)
    step = play(step, {"player": 0, "kind": "play_card", "character": SIMOAKLI, "card": "combat/charge", "to": "melee"})
    step = pass_until(step, lambda s: s.state["combat"]["step"] == "attack")
    melee = option(step, kind="attack", attack="melee", card=None, trauma=False)
    after = first_roll_won(step, melee, by=SIMOAKLI)
    opposing, damage = [e for e in after.events if e["type"] == "roll"]
    sim, hope = opposing["rolls"]
    assert (sim["pool"], sim["parts"]) == (10, [{"name": "Body", "value": 6}, {"name": "Fighting", "value": 4}])
    assert (hope["pool"], hope["parts"]) == (5, [{"name": "Body", "value": 2}, {"name": "Agility", "value": 3}])
    assert sim["total"] > hope["total"] and opposing["margin"] == sim["total"] - hope["total"]
    assert damage["kind"] == "damage" and damage["rolls"][0]["pool"] == 6 and damage["rolls"][0]["automatic"] == 1
    dealt = min(damage["damage"], 6)
    assert after.state["characters"][1]["resistances"]["physical"] == {"stress": dealt, "trauma": 0}
    assert after.state["characters"][0]["actions"]["attack"] == 0
    if dealt == 6:  # Hope Incapacitated: no Hero in play, the GM wins
        assert after.outcome["reason"] == "heroes_incapacitated" and after.outcome["winners"] == [0]


def test_a_lost_attack_deals_no_damage_and_ties_defeat_the_attacker():
    step = gm_initiates(simoakli_vs((HOPE,), 2, ["combat/charge"] * 3), HOPE)
    step = pass_until(step, lambda s: s.state["combat"]["step"] == "attack")
    social = option(step, kind="attack", attack="social", card=None)
    for k in range(60):
        after = play(with_rng(step, k), social)
        roll = next(e for e in after.events if e["type"] == "roll")
        if roll["winner"] != SIMOAKLI:
            assert not [e for e in after.events if e["type"] == "damage_dealt"]
            assert after.state["characters"][1]["resistances"]["social"]["stress"] == 0
            return
    raise AssertionError("Simoakli won every roll")


def test_incapacitating_a_hero_gains_the_villain_hate_per_hero_remaining():
    step = simoakli_vs((HOPE, ATHENA), 3, ["combat/charge"] * 3)
    state = copy.deepcopy(step.state)
    state["characters"][1]["resistances"]["physical"]["stress"] = 5  # Hope: Physical Resistance 6
    step = gm_initiates(pass_until(_step(state), lambda s: s.state["turn"]["phase"] == "combat"), HOPE)
    step = play(step, {"player": 0, "kind": "play_card", "character": SIMOAKLI, "card": "combat/charge", "to": "melee"})
    step = pass_until(step, lambda s: s.state["combat"]["step"] == "attack")
    hate = step.state["characters"][0]["hate"]
    after = first_roll_won(step, option(step, kind="attack", attack="melee", card=None), by=SIMOAKLI)
    assert {"type": "incapacitated", "character": HOPE, "by": SIMOAKLI} in after.events
    assert after.state["characters"][0]["hate"] == hate + 1  # Athena remains
    assert after.state["combat"]["step"] == "end" and after.outcome is None


def test_a_hit_on_a_mook_removes_one_quantity_counter_instead_of_damage():
    step = drafted(2, (SIMOAKLI, "no_equipment", GOONS, "no_more_mooks", ATHENA))
    step = with_hand(step, 1, ["combat/charge"] * 3, ["combat/charge"] * 7)
    step = pass_until(step, lambda s: any(o["kind"] == "initiate" and o.get("target") == GOONS
                                          for d in s.pending for o in d["options"]))
    step = play(step, option(step, kind="initiate", character=ATHENA, target=GOONS))
    step = play(step, {"player": 1, "kind": "play_card", "character": ATHENA, "card": "combat/charge", "to": "melee"})
    step = pass_until(step, lambda s: s.state["combat"]["step"] == "attack")
    after = first_roll_won(step, option(step, kind="attack", attack="melee", card=None), by=ATHENA)
    goons = next(c for c in after.state["characters"] if c["card"] == GOONS)
    assert goons["quantity"] == 4
    assert not [e for e in after.events if e["type"] == "roll" and e["kind"] == "damage"]
    assert {"type": "quantity_lost", "character": GOONS, "amount": 1} in after.events


def test_no_villain_in_play_the_heroes_win():
    step = drafted(2, (SIMOAKLI, "no_equipment", "no_more_mooks", ATHENA))
    step = with_hand(step, 1, ["combat/charge"] * 3, ["combat/charge"] * 7)
    state = copy.deepcopy(step.state)
    state["characters"][0]["resistances"]["physical"]["stress"] = 17  # of 18
    step = pass_until(_step(state), lambda s: any(o["kind"] == "initiate" for d in s.pending for o in d["options"]))
    step = play(step, option(step, kind="initiate", character=ATHENA, target=SIMOAKLI))
    step = play(step, {"player": 1, "kind": "play_card", "character": ATHENA, "card": "combat/charge", "to": "melee"})
    step = pass_until(step, lambda s: s.state["combat"]["step"] == "attack")
    after = first_roll_won(step, option(step, kind="attack", attack="melee", card=None), by=ATHENA, tries=200)
    damage = next(e for e in after.events if e["type"] == "roll" and e["kind"] == "damage")
    assert {"name": "Armor", "value": -4} in damage["rolls"][0]["parts"]  # Simoakli: ARMOR, Power 4
    assert after.outcome == {"winners": [1], "scores": {"0": 0, "1": 1}, "reason": "villains_incapacitated"}
    assert after.pending == []


def test_end_of_combat_discards_any_and_redraws_to_3():
    step = gm_initiates(simoakli_vs((HOPE,), 2, ["combat/charge", "combat/charge", "combat/fall-back"]), HOPE)
    step = play(step, {"player": 0, "kind": "play_card", "character": SIMOAKLI, "card": "combat/charge", "to": "melee"})
    assert len(step.state["combat_hands"][0]) == 2
    step = pass_until(step, lambda s: s.state["combat"]["step"] == "end" and s.state["combat"]["redraw"])
    assert [d["kind"] for d in step.pending if d["player"] == 0] == ["end_of_combat"]
    step = play(step, {"player": 0, "kind": "redraw", "cards": ["combat/fall-back"]})
    assert len(step.state["combat_hands"][0]) == 3 and "combat/fall-back" in step.state["combat_discards"][0]


def test_the_combat_cards_a_seat_draws_are_hidden_from_the_other_seats():
    step = engine.new_game("plot-twist", 3, {"setup": "quick"}, seed=2)
    drawn = [e for e in step.events if e["type"] == "combat_cards_drawn"]
    assert len(drawn) == 3
    for e in drawn:
        for seat in (0, 1, 2, None):
            seen = GAME.view_event(e, seat)
            assert seen["cards"] == (e["cards"] if seat == e["player"] else [{"hidden": True}] * 3)
    view = GAME.view(step.state, 1)
    assert view["combat_hands"][1] == step.state["combat_hands"][1]
    assert view["combat_hands"][0] == [{"hidden": True}] * 3
    assert view["combat_decks"][1] == [{"hidden": True}] * 7


def test_a_tampered_conflict_state_is_invalid():
    step = gm_initiates(simoakli_vs((HOPE,), 2, ["combat/charge"] * 3), HOPE)
    for change in (lambda s: s["combat_hands"][0].append("combat/charge"),          # a card in two places
                   lambda s: s["characters"][0]["actions"].update(move=3),           # more than 2 Move actions
                   lambda s: s["combat"].update(distance="far"),
                   lambda s: s["combat"].update(defender=SIMOAKLI),                  # a Villain against himself
                   lambda s: s["turn"].update(energy_spent={HOPE: 4}),               # above Hope's Power
                   lambda s: s["turn"]["free"].update({HOPE: ["regenerate", "regenerate"]}),
                   lambda s: s["characters"][1]["resistances"]["physical"].update(stress=7)):
        state = copy.deepcopy(step.state)
        change(state)
        with pytest.raises(InvalidState):
            GAME.check(state)


# --- Random games to an outcome ----------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("setup", ["quick", "drafted"])
def test_seeded_random_games_play_to_an_outcome(players, setup):
    outcomes = set()
    for seed in range(2):
        step = engine.new_game("plot-twist", players, {"setup": setup}, seed=seed)
        rng = Rng.from_seed(1000 + seed)
        for moves in range(3000):
            if step.outcome is not None:
                break
            GAME.check(step.state)
            assert step.pending and all(d["options"] for d in step.pending)
            d = step.pending[rng.below(len(step.pending))]
            step = engine.apply(step.state, d["options"][rng.below(len(d["options"]))])
        assert step.outcome is not None, f"no outcome after {moves} moves"
        assert step.pending == [] and set(step.outcome["scores"]) == {str(s) for s in range(players)}
        assert step.outcome["reason"] in ("heroes_incapacitated", "villains_incapacitated", "villain_surrendered",
                                          "threat_fulfilled")
        outcomes.add(step.outcome["reason"])
    assert outcomes


def test_first_aid_is_a_chosen_roll_worth_the_stress_there_is_to_regenerate():
    """"A Player chooses 3 in his Healing Roll. If he obtains 4 or more Successes in his Roll, he
    Regenerates 3 points of Stress." Hope: Mind 4 + Healing 3, 7 coins; 2 Physical Stress to heal."""
    step = simoakli_vs((HOPE,), 2, ["combat/charge"] * 3)
    step = with_hand(step, 1, ["combat/first-aid"] * 3, ["combat/first-aid"] * 7)
    state = copy.deepcopy(step.state)
    state["characters"][1]["resistances"]["physical"]["stress"] = 2
    step = gm_initiates(_step(state), HOPE)
    step = pass_until(step, lambda s: s.state["combat"]["step"] == "attack" and s.pending[0]["player"] == 1)
    heals = [o for o in step.pending[0]["options"] if o["kind"] == "play_card"]
    assert {(o["target"], o["resistance"], o["chosen"]) for o in heals} == {
        (HOPE, "physical", 1), (HOPE, "physical", 2)}  # nothing Mental to heal, Simoakli unhurt
    move = next(o for o in heals if o["chosen"] == 2)
    for k in range(60):
        after = play(with_rng(step, k), move)
        roll = next(e for e in after.events if e["type"] == "roll")
        assert roll["kind"] == "chosen" and roll["rolls"][0]["pool"] == 7 and roll["chosen"] == 2
        stress = after.state["characters"][1]["resistances"]["physical"]["stress"]
        assert stress == (0 if roll["rolls"][0]["total"] > 2 else 2)
        if roll["rolls"][0]["total"] <= 2:
            return
    raise AssertionError("never lost a Chosen Roll of 2 on 7 coins in 60 tries")


# --- Properties over sampled Conflict states ---------------------------------------------------------------
def sampled_conflict_states(games: int = 3, every: int = 7) -> list:
    states = []
    for seed, players in zip(range(games), (2, 4, 6)):
        step = engine.new_game("plot-twist", players, {"setup": "quick"}, seed=seed)
        rng = Rng.from_seed(seed)
        n = 0
        while step.outcome is None:
            if n % every == 0:
                states.append(step.state)
            d = step.pending[rng.below(len(step.pending))]
            step = engine.apply(step.state, d["options"][rng.below(len(d["options"]))])
            n += 1
    return states


def test_hidden_information_never_reaches_another_seat():
    """Every seat's view of a Conflict state equals its view of the same state with the face-down
    decks in another order; no view holds another seat's hand."""
    rng = Rng.from_seed(9)
    for state in sampled_conflict_states():
        other = GAME.shuffle_hidden(state, rng)
        for seat in list(range(state["players"])) + [None]:
            assert GAME.view(other, seat) == GAME.view(state, seat)
            seen = GAME.view(state, seat)
            for p, hand in enumerate(seen["combat_hands"]):
                assert hand == (state["combat_hands"][p] if p == seat else [{"hidden": True}] * len(hand))


JUNK = (-1, 10**9, 1.5, "card/unknown", {"x": 1}, [[]], None)


def refuses_junk(state: dict, paths, r) -> None:
    """Each leaf at `paths` replaced by a junk value (another than its own; no Equipment is legal): the
    state check refuses it (InvalidState: the game's check, or the engine's, no legal move), nothing else."""
    for path in paths:
        other = copy.deepcopy(state)
        holder = other
        for key in path[:-1]:
            holder = holder[key]
        holder[path[-1]] = r.choice([j for j in JUNK if j != holder[path[-1]]
                                     and not (j is None and path[-1] == "equipment")])
        with pytest.raises(InvalidState):
            engine.check_state(other)


def test_any_junk_value_in_a_conflict_state_is_refused_with_invalid_state_and_nothing_else():
    import random

    r = random.Random(61)
    for state in sampled_conflict_states(every=23):
        paths = [p for p in leaves(state) if p[0] not in ("game", "version", "rng", "outcome", "options")
                 and not (p[1:2] == ("modifiers",) and p[-1] in ("attack", "amount"))  # null, -1: legal there
                 and p[1:] != ("reversal", "reversed")]  # null: Initiative not reversed, legal there
        refuses_junk(state, r.sample(paths, min(30, len(paths))), r)

