"""Plot Twist's Plots (core/games/plot_twist/plots/plots.py, bystanders.py, allies.py, effects.py's Plots'
section): one test per rule of the Plot Hand, Details, Locations, Lairs, Bystanders and Allies, and
their state check and views. Random games playing Plots to an outcome are test_plot_twist_conflict.py's.
"""

import copy

import pytest
from test_plot_twist_conflict import (
    _step,
    drafted,
    option,
    pass_until,
    play,
    refused,
    with_rng,
)

from core.framework import engine
from core.framework.errors import InvalidState
from core.games.plot_twist import cards as C
from core.games.plot_twist.effects import effects as FX
from core.games.plot_twist.plots import plots as PL
from core.games.plot_twist.game import PlotTwist

GAME = PlotTwist()
SIMOAKLI, HOPE, ATHENA = "villain/dr-simoakli", "hero/hope", "hero/athena"
NURSE, CHILD, REPORTER = "bystander/frightened-nurse", "bystander/lost-child", "bystander/star-reporter"
RAMOS, ROOK, BYTE = "ally/medic-ramos", "ally/rook", "ally/byte"


def position(hands: dict, location: str = "location/mercy-general-hospital", players: int = 2,
             heroes: tuple = (HOPE,), change=None) -> engine.Step:
    """Dr. Simoakli (no Mooks, no Equipment) against these Heroes at this Location; the Plot Hands
    set; every seat kept its hand at the Mulligan: the Heroes have Initiative in the Start of Turn."""
    step = drafted(players, (SIMOAKLI, "no_equipment", "no_more_mooks", location) + heroes)
    state = copy.deepcopy(step.state)
    for seat, cards in hands.items():
        state["plot_hands"][seat] = list(cards)
    if change:
        change(state)
    return pass_until(_step(state), lambda s: not s.state["turn"]["mulligan"])


def hero(step: engine.Step, card: str = HOPE) -> dict:
    return next(c for c in step.state["characters"] if c["card"] == card)


def to_phase(step: engine.Step, phase: str) -> engine.Step:
    return pass_until(step, lambda s: s.state["turn"]["phase"] == phase)


def kinds(step: engine.Step) -> list:
    return [e["type"] for e in step.events]


# --- Details ------------------------------------------------------------------------------------------
def test_a_detail_is_played_by_spending_1_belief_and_goes_to_the_plot_discard():
    step = position({1: ["detail/secret-identity"]})
    before = hero(step)
    after = play(step, option(step, kind="play_plot", card="detail/secret-identity"))
    assert hero(after)["belief"] == before["belief"] - 1
    assert hero(after)["statuses"] == ["hidden"]  # "You become Hidden."
    assert after.state["plot_hands"][1] == [] and after.state["plot_discard"] == ["detail/secret-identity"]
    assert "plot_played" in kinds(after)


def test_details_are_not_free_actions_you_may_play_how_many_details_you_want_each_turn():
    step = position({1: ["detail/secret-identity", "detail/lucky-charm"]})
    step = play(step, option(step, kind="play_plot", card="detail/secret-identity"))
    step = play(step, option(step, kind="play_plot", card="detail/lucky-charm"))
    assert step.state["turn"]["free"] == {} and hero(step)["belief"] == hero(position({}))["belief"] - 2


def test_details_are_played_at_any_phase_that_allows_for_free_action_not_the_end_of_turn():
    step = to_phase(position({1: ["detail/lucky-charm"]}), "combat")
    assert option(step, kind="play_plot", card="detail/lucky-charm")
    state = copy.deepcopy(step.state)
    state["turn"]["phase"] = "end"
    move = {"player": 1, "kind": "play_plot", "card": "detail/lucky-charm", "character": HOPE}
    assert PL.play_error(state, move)[0] == "no_free_action_at_end_of_turn"


def test_a_detail_needs_1_belief_and_must_be_in_the_plot_hand():
    def broke(state):
        state["characters"][-1]["belief"] = 0
    step = position({1: ["detail/lucky-charm"]}, change=broke)
    move = {"player": 1, "kind": "play_plot", "card": "detail/lucky-charm", "character": HOPE}
    assert refused(step, move) == "not_enough_belief"
    assert refused(step, {**move, "card": "detail/secret-identity"}) == "not_in_plot_hand"


def test_a_detail_of_another_color_is_refused():
    step = position({1: ["detail/lucky-charm"]})
    state = copy.deepcopy(step.state)
    state["plot_hands"][1] = ["detail/battle-scars"]  # Black: Hope is Green (not checked: a position the move sees)
    move = {"player": 1, "kind": "play_plot", "card": "detail/battle-scars", "character": HOPE}
    assert PL.play_error(state, move)[0] == "wrong_color"


def test_a_detail_that_targets_a_hero_names_it():
    step = position({1: ["detail/protective-instinct"]}, players=3, heroes=("hero/bulwark", HOPE))
    move = option(step, kind="play_plot", card="detail/protective-instinct")
    assert move["target"] == HOPE  # "A target Hero gains 2 Cover this Turn."
    assert PL.play_error(step.state, {**move, "target": SIMOAKLI})[0] == "wrong_choice"
    after = play(step, move)
    assert FX.total(after.state, HOPE, "cover", "melee") == 2


# --- Locations and Lairs -------------------------------------------------------------------------------------
def test_locations_can_only_be_played_if_another_card_permits_it():
    step = position({1: ["detail/safe-house", "location/harbor-docks"]})
    move = {"player": 1, "kind": "play_plot", "card": "location/harbor-docks", "character": HOPE}
    assert refused(step, move) == "location_needs_a_card"
    after = play(step, option(step, kind="play_plot", card="detail/safe-house"))
    assert after.state["locations"][-1] == "location/harbor-docks" and "location_played" in kinds(after)
    assert after.state["location"] == "location/mercy-general-hospital"  # ruling "Playing a Location"
    assert after.state["plot_hands"][1] == []


def test_lairs_can_only_be_played_by_villains_when_they_are_fleeing():
    step = to_phase(position({0: ["lair/sunken-lab"]}), "combat")
    move = {"player": 0, "kind": "play_plot", "card": "lair/sunken-lab", "character": SIMOAKLI}
    assert PL.play_error(step.state, move)[0] == "lair_only_when_fleeing"


def test_a_locations_static_effects_apply_while_the_conflict_is_there():
    step = position({}, location="location/harbor-docks")
    assert FX.total(step.state, HOPE, "cover", "melee") == 1 and FX.total(step.state, SIMOAKLI, "cover", "ranged") == 1
    roofs = position({}, location="location/downtown-rooftops")
    assert FX.total(roofs.state, HOPE, "attack_pool", "ranged") == 1
    assert FX.total(roofs.state, HOPE, "attack_pool", "melee") == 0


def test_a_locations_start_of_turn_effects_take_effect_at_the_start_of_turn():
    def hurt(state):
        state["characters"][-1]["resistances"]["physical"]["stress"] = 3
        state["twists_deck"] = ["twist/villainous-monologue"] * len(state["twists_deck"])  # no Twist! heals
    step = position({}, change=hurt)  # Mercy General Hospital: every Character here Regenerates 1
    step = pass_until(step, lambda s: s.state["turn"]["number"] == 2)
    assert hero(step)["resistances"]["physical"]["stress"] == 2
    assert "location_triggered" in kinds(step)


# --- Bystanders ------------------------------------------------------------------------------------------
def test_bystanders_are_played_at_the_start_of_turn_by_both_players_and_gm():
    step = position({0: [NURSE], 1: [CHILD]})
    step = play(step, option(step, kind="play_plot", card=CHILD))
    assert step.state["bystanders"] == [{"card": CHILD, "seat": 1, "location": step.state["location"]}]
    step = pass_until(step, lambda s: any(o.get("card") == NURSE for d in s.pending for o in d["options"]))
    step = play(step, option(step, kind="play_plot", card=NURSE))
    assert [b["card"] for b in step.state["bystanders"]] == [CHILD, NURSE]


def test_you_can_play_as_many_bystanders_as_you_want_with_1_free_action_but_only_at_the_start_of_turn():
    step = position({1: [CHILD, REPORTER, "bystander/firefighter"]})
    step = play(step, option(step, kind="play_plot", card=CHILD))
    step = play(step, option(step, kind="play_plot", card=REPORTER))
    assert len(step.state["bystanders"]) == 2
    combat = to_phase(step, "combat")
    move = {"player": 1, "kind": "play_plot", "card": "bystander/firefighter", "character": HOPE}
    assert PL.play_error(combat.state, move)[0] == "bystanders_at_start_of_turn"


def test_there_can_never_be_two_copies_of_the_same_bystander_in_play():
    step = position({0: [CHILD], 1: [CHILD]})
    state = copy.deepcopy(play(step, option(step, kind="play_plot", card=CHILD)).state)
    state["turn"]["phase"] = "start"  # the GM, with nothing else to do, passed: as if he still could
    move = {"player": 0, "kind": "play_plot", "card": CHILD, "character": SIMOAKLI}
    assert PL.play_error(state, move)[0] == "name_in_play"


def _combat_with_bystanders(hands: dict, change=None) -> engine.Step:
    step = position(hands, change=change)
    for cards in hands.values():
        for card in cards:
            if card.startswith("bystander/"):
                step = pass_until(step, lambda s, c=card: any(o.get("card") == c for d in s.pending for o in d["options"]))
                step = play(step, option(step, kind="play_plot", card=card))
    return to_phase(step, "combat")


def test_a_hero_may_only_recruit_bystanders_and_villains_and_mooks_can_only_kill_them():
    step = _combat_with_bystanders({1: [CHILD]})
    moves = [o for d in step.pending for o in d["options"] if o["kind"] in ("recruit", "kill")]
    assert moves and {o["kind"] for o in moves} == {"recruit"}
    assert {o["attack"] for o in moves} <= {"mental", "social"}  # "a Mental or Social Attack"
    kill = {"player": 1, "kind": "kill", "character": HOPE, "target": CHILD, "attack": "melee"}
    assert refused(step, kill) == "heroes_recruit_villains_kill"
    social = {"player": 1, "kind": "recruit", "character": HOPE, "target": CHILD, "attack": "melee"}
    assert refused(step, social) == "wrong_attack_for_bystander"


def _until(step: engine.Step, move: dict, event: str) -> engine.Step:
    for k in range(60):
        after = play(with_rng(step, k), move)
        if event in kinds(after):
            return after
    raise AssertionError(f"never {event}")


def test_a_recruited_bystander_is_discarded_counted_and_its_r_effects_take_place_for_you():
    def low(state):
        state["characters"][-1]["belief"] = 3
    step = _combat_with_bystanders({1: [CHILD]}, change=low)
    move = option(step, kind="recruit", target=CHILD, attack="social")
    after = _until(step, move, "bystander_recruited")
    rolls = [e for e in after.events if e["type"] == "roll"]
    assert rolls[0]["kind"] == "fixed" and rolls[1]["kind"] == "damage"  # Difficulty, then Life
    assert after.state["bystanders"] == [] and after.state["plot_discard"] == [CHILD]
    assert after.state["tally"]["recruit"] == 1
    assert hero(after)["belief"] == 5  # Lost Child {R}: You gain 2 Belief


def test_a_bystander_not_beaten_stays_and_the_attack_is_the_heroes_one_combat():
    step = _combat_with_bystanders({1: [REPORTER]})
    move = option(step, kind="recruit", target=REPORTER, attack="social")
    after = _until(step, move, "bystander_unharmed")
    assert [b["card"] for b in after.state["bystanders"]] == [REPORTER] and after.state["tally"]["recruit"] == 0
    assert after.state["turn"]["initiated"] == {HOPE: [REPORTER]} and hero(after)["actions"]["attack"] == 0
    again = {"player": 1, "kind": "initiate", "character": HOPE, "target": SIMOAKLI}
    assert refused(after, again) in ("heroes_initiate_once", "no_attack_action", "not_your_turn")


def test_a_killed_bystander_counts_and_its_k_effects_take_place():
    step = _combat_with_bystanders({0: [NURSE]})
    step = pass_until(step, lambda s: any(o["kind"] == "kill" for d in s.pending for o in d["options"]))
    villain = next(c for c in step.state["characters"] if c["card"] == SIMOAKLI)
    after = _until(step, option(step, kind="kill", target=NURSE, attack="melee"), "bystander_killed")
    assert after.state["tally"]["kill"] == 1 and after.state["bystanders"] == []
    assert next(c for c in after.state["characters"] if c["card"] == SIMOAKLI)["hate"] == villain["hate"] + 2


# --- Allies ----------------------------------------------------------------------------------------------------
def test_an_ally_is_played_at_the_start_of_turn_and_a_hero_can_only_have_one_ally_at_a_time():
    step = position({1: [RAMOS, ROOK]})
    step = play(step, option(step, kind="play_plot", card=RAMOS))
    ally = next(c for c in step.state["characters"] if c["card"] == RAMOS)
    assert ally == {"card": RAMOS, "seat": 1, "hero": HOPE, "statuses": [], "actions": {"move": 2, "attack": 1},
                    "time": 0, "resistances": {"physical": {"stress": 0, "trauma": 0},
                                               "mental": {"stress": 0, "trauma": 0}}}
    state = copy.deepcopy(step.state)
    state["turn"]["phase"] = "start"  # Hope, with nothing else to do, passed: as if she still could
    assert PL.play_error(state, {"player": 1, "kind": "play_plot", "card": ROOK, "character": HOPE})[0] == \
        "one_ally_per_hero"
    combat = to_phase(position({1: [RAMOS]}), "combat")
    move = {"player": 1, "kind": "play_plot", "card": RAMOS, "character": HOPE}
    assert PL.play_error(combat.state, move)[0] == "allies_at_start_of_turn"


def test_allies_are_removed_from_play_when_their_time_counters_reach_the_printed_number():
    step = position({1: [BYTE]})  # Byte: 2 Turns
    step = play(step, option(step, kind="play_plot", card=BYTE))
    step = pass_until(step, lambda s: s.state["turn"]["number"] == 2)
    assert next(c for c in step.state["characters"] if c["card"] == BYTE)["time"] == 1
    step = pass_until(step, lambda s: s.state["turn"]["number"] == 3)
    assert BYTE not in [c["card"] for c in step.state["characters"]] and BYTE in step.state["plot_discard"]


def test_allies_have_the_same_actions_as_any_character_they_initiate_and_can_be_attacked():
    step = to_phase(play(position({1: [RAMOS]}), {"player": 1, "kind": "play_plot", "card": RAMOS,
                                                  "character": HOPE}), "combat")
    assert option(step, kind="initiate", character=RAMOS, target=SIMOAKLI)
    gm = pass_until(step, lambda s: any(o.get("player") == 0 and o["kind"] == "initiate"
                                        for d in s.pending for o in d["options"]))
    assert option(gm, kind="initiate", character=SIMOAKLI, target=RAMOS)


def test_allies_can_sacrifice_for_a_hero_of_the_same_color():
    step = play(position({1: [RAMOS]}), {"player": 1, "kind": "play_plot", "card": RAMOS, "character": HOPE})
    state = copy.deepcopy(step.state)
    events = []
    assert FX.deal(state, SIMOAKLI, HOPE, "physical", 50, False, events) == 0
    assert next(c for c in state["characters"] if c["card"] == HOPE)["resistances"]["physical"]["stress"] == 0
    ramos = next(c for c in state["characters"] if c["card"] == RAMOS)
    assert ramos["resistances"]["physical"]["stress"] == 6 and "ally_sacrificed" in [e["type"] for e in events]
    state = copy.deepcopy(step.state)
    FX.deal(state, SIMOAKLI, HOPE, "physical", 1, False, [])  # Damage that would not Incapacitate: no Sacrifice
    assert next(c for c in state["characters"] if c["card"] == HOPE)["resistances"]["physical"]["stress"] == 1


# --- The state check and the views ----------------------------------------------------------------------------
def test_a_tampered_plot_state_is_invalid():
    step = play(position({1: [RAMOS, CHILD]}), {"player": 1, "kind": "play_plot", "card": RAMOS, "character": HOPE})
    step = play(step, option(step, kind="play_plot", card=CHILD))
    GAME.check(step.state)

    def ally(state):
        return next(c for c in state["characters"] if c["card"] == RAMOS)

    for change in (
        lambda s: ally(s).update(time=3),                                   # Medic Ramos: 2 Turns
        lambda s: ally(s).update(hero=SIMOAKLI),                            # under no Hero of its seat
        lambda s: s["characters"].append({**ally(s), "card": ROOK}),        # a second Ally for one Hero
        lambda s: ally(s)["resistances"].update(social={"stress": 0, "trauma": 0}),  # no Social Resistance
        lambda s: ally(s)["resistances"]["physical"].update(stress=7),     # above its Resistance
        lambda s: s["plot_hands"][1].append(RAMOS),                         # a Plot in two places
        lambda s: s["plot_hands"][1].append(CHILD),
        lambda s: s["bystanders"].append(dict(s["bystanders"][0])),         # two copies in play
        lambda s: s["bystanders"][0].update(location="location/harbor-docks"),  # not a Location in play
        lambda s: s["bystanders"][0].update(seat=5),
        lambda s: s["plot_discard"].extend([CHILD] * 3),                    # more copies than Plot Hands
    ):
        state = copy.deepcopy(step.state)
        change(state)
        with pytest.raises(InvalidState):
            GAME.check(state)


def test_plot_hands_stay_hidden_and_a_peek_is_seen_by_its_seat_and_the_gm_only():
    step = position({1: [CHILD, "detail/lucky-charm"]})
    assert GAME.view(step.state, 0)["plot_hands"][1] == [{"hidden": True}] * 2
    assert GAME.view(step.state, None)["plot_hands"][1] == [{"hidden": True}] * 2
    peek = {"type": "objective_peeked", "player": 1, "character": HOPE, "card": step.state["objective"]["card"]}
    assert GAME.view_event(peek, 1) == peek and GAME.view_event(peek, 0) == peek
    assert GAME.view_event(peek, None)["card"] == {"hidden": True}


def test_lucky_charms_automatic_success_goes_to_the_next_damage_roll_this_turn():
    step = position({1: ["detail/lucky-charm"]})
    after = play(step, option(step, kind="play_plot", card="detail/lucky-charm"))
    assert FX.total(after.state, HOPE, "automatic_successes", "melee") == 1
    assert after.state["turn"]["modifiers"][0]["lasts"] == "attack"


def test_a_plot_that_draws_combat_cards_draws_up_to_a_hand_of_3():
    def one_card(state):
        state["combat_decks"][1] = state["combat_decks"][1] + state["combat_hands"][1][1:]
        state["combat_hands"][1] = state["combat_hands"][1][:1]
    step = position({1: ["detail/call-for-backup"]})
    state = copy.deepcopy(step.state)
    one_card(state)
    step = _step(state)
    after = play(step, option(step, kind="play_plot", card="detail/call-for-backup"))
    assert len(after.state["combat_hands"][1]) == 3
    full = play(position({1: ["detail/call-for-backup"]}), {"player": 1, "kind": "play_plot",
                                                            "card": "detail/call-for-backup", "character": HOPE})
    assert len(full.state["combat_hands"][1]) == 3 and "combat_cards_drawn" not in kinds(full)


def test_an_ally_has_no_social_resistance_so_social_attacks_cannot_harm_it():
    from core.games.plot_twist.conflict import combat as CB
    step = play(position({1: [RAMOS]}), {"player": 1, "kind": "play_plot", "card": RAMOS, "character": HOPE})
    state = copy.deepcopy(to_phase(step, "combat").state)
    state["turn"]["initiated"] = {SIMOAKLI: [RAMOS]}
    state["combat"] = {"attacker": SIMOAKLI, "defender": RAMOS, "step": "attack", "distance": "ranged",
                       "at": "attacker", "out": [], "since": [], "aims": [], "redraw": []}
    move = {"player": 0, "kind": "attack", "character": SIMOAKLI, "attack": "social", "card": None, "trauma": False}
    assert CB.attack_error(state, move)[0] == "no_social_resistance"
    state["combat"]["distance"] = "melee"
    assert CB.attack_error(state, {**move, "attack": "melee"}) is None


def _with_plots() -> engine.Step:
    step = play(position({1: [RAMOS, CHILD, "detail/lucky-charm"], 0: [NURSE]}),
                {"player": 1, "kind": "play_plot", "card": RAMOS, "character": HOPE})
    step = play(step, option(step, kind="play_plot", card=CHILD))
    step = play(step, option(step, kind="play_plot", card="detail/lucky-charm"))
    step = pass_until(step, lambda s: any(o.get("card") == NURSE for d in s.pending for o in d["options"]))
    return play(step, option(step, kind="play_plot", card=NURSE))


def test_any_junk_value_in_the_plots_fields_is_refused_with_invalid_state_and_nothing_else():
    from test_plot_twist_conflict import JUNK
    from test_plot_twist_setup import leaves
    state = _with_plots().state
    ally = next(i for i, c in enumerate(state["characters"]) if c["card"] == RAMOS)
    paths = [p for p in leaves(state) if p[0] in ("bystanders", "plot_discard", "plot_hands")
             or p[:2] == ("characters", ally)]
    assert len(paths) > 15
    for path in paths:
        for junk in JUNK:
            other = copy.deepcopy(state)
            holder = other
            for key in path[:-1]:
                holder = holder[key]
            if junk == holder[path[-1]]:
                continue
            holder[path[-1]] = junk
            with pytest.raises(InvalidState):
                engine.check_state(other)


def test_plots_in_play_are_face_up_and_plot_hands_hidden_in_every_other_seats_view():
    state = _with_plots().state
    for seat in (0, 1, None):
        seen = GAME.view(state, seat)
        assert seen["bystanders"] == state["bystanders"] and seen["characters"] == state["characters"]
        for p, hand in enumerate(seen["plot_hands"]):
            assert hand == (state["plot_hands"][p] if p == seat else [{"hidden": True}] * len(hand))


def test_an_incapacitated_heroes_belief_plays_plots_at_1_more_belief_and_you_is_another_hero():
    def knocked_out(state):
        hope = next(c for c in state["characters"] if c["card"] == HOPE)
        hope["resistances"]["physical"]["stress"] = 6  # Hope: Body 2, Physical Resistance 6
    step = position({1: ["detail/secret-identity", CHILD, RAMOS]}, players=3, heroes=(HOPE, "hero/bulwark"),
                    change=knocked_out)
    belief = hero(step)["belief"]
    move = option(step, kind="play_plot", card="detail/secret-identity", character=HOPE)
    assert move["you"] == "hero/bulwark"
    after = play(step, move)
    assert hero(after)["belief"] == belief - 2 and hero(after, "hero/bulwark")["statuses"] == ["hidden"]
    after = play(after, option(after, kind="play_plot", card=CHILD, character=HOPE))
    assert hero(after)["belief"] == belief - 3 and [b["card"] for b in after.state["bystanders"]] == [CHILD]
    ally = {"player": 1, "kind": "play_plot", "card": RAMOS, "character": HOPE}
    assert PL.play_error(after.state, ally)[0] == "incapacitated_hero_no_ally"


def test_one_predicate_lists_and_explains_each_plot_move_over_random_games():
    """A listed play_plot, recruit or kill option (two a position, every third position) gets no
    reason from its predicate; the same option with another card, character, target or attack is
    refused by the engine with the predicate's snake_case rule."""
    import re

    from core.framework.errors import IllegalMove
    from core.framework.rng import Rng
    from core.games.plot_twist.plots import bystanders as BY
    from core.games.plot_twist.game import RULE_CODES
    predicate = {"play_plot": PL.play_error, "recruit": BY.attack_error, "kill": BY.attack_error}
    seen = set()
    for seed, players in ((0, 2), (1, 4), (2, 6)):
        step = engine.new_game("plot-twist", players, {"setup": "quick"}, seed=seed)
        rng = Rng.from_seed(seed)
        while step.outcome is None:
            listed = [o for d in step.pending for o in d["options"]]
            for o in [o for o in listed if o["kind"] in predicate][:2]:
                if step.state["version"] % 3 == 0:
                    seen.add(o["kind"])
                    assert predicate[o["kind"]](step.state, o) is None
                    for field, other in (("card", "detail/deep-focus"), ("character", "hero/nobody"),
                                         ("target", "bystander/firefighter"), ("attack", "special")):
                        wrong = {**o, field: other}
                        if field not in o or wrong in listed:
                            continue
                        rule = predicate[o["kind"]](step.state, wrong)
                        assert rule and re.fullmatch(r"[a-z]+(_[a-z]+)*", rule[0]) and rule[0] in RULE_CODES
                        with pytest.raises(IllegalMove) as error:
                            engine.apply(step.state, wrong)
                        assert error.value.rule == rule[0]
            d = step.pending[rng.below(len(step.pending))]
            step = engine.apply(step.state, d["options"][rng.below(len(d["options"]))])
    assert seen == {"play_plot", "recruit", "kill"}


def test_off_duty_cops_cover_lasts_for_2_turns():
    """Off-Duty Cop {R}: "you gain 1 Cover for 2 Turns"."""
    step = position({})
    state = copy.deepcopy(step.state)
    state["twists_deck"] = ["twist/villainous-monologue"] * len(state["twists_deck"])
    events = []
    FX.resolve_plot(state, None, [e for e in C.CARD["bystander/off-duty-cop"]["effects"] if e["on"] == "recruit"],
                    HOPE, 1, events)
    step = _step(state)
    assert FX.total(step.state, HOPE, "cover", "melee") == 1
    step = pass_until(step, lambda s: s.state["turn"]["number"] == 2)
    assert FX.total(step.state, HOPE, "cover", "melee") == 1
    step = pass_until(step, lambda s: s.state["turn"]["number"] == 3)
    assert FX.total(step.state, HOPE, "cover", "melee") == 0
