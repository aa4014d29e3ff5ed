"""Plot Twist's cards in play (core/games/plot_twist/effects/in_play.py, twists.py, card_effects.py,
events_cluster.py, objectives.py, conditions.py, time_counters.py, standing.py): one test per rule of
the Twists!, Time counters, the Events Cluster and Nullify, the Objective and its Threat, through the
engine where a move is involved; properties over random games for hidden information and tampering.

"""

import copy
import json

import pytest
from test_plot_twist_conflict import (
    _step,
    drafted,
    option,
    pass_until,
    play,
    refused,
    with_hand,
    with_rng,
)
from test_plot_twist_setup import leaves

from core.framework import engine
from core.framework.errors import InvalidState
from core.framework.rng import Rng
from core.games.plot_twist import cards as C
from core.games.plot_twist.effects import card_effects as CE
from core.games.plot_twist.effects import conditions as CO
from core.games.plot_twist.effects import effects as FX
from core.games.plot_twist.effects import in_play as IP
from core.games.plot_twist.effects import time_counters as TC
from core.games.plot_twist.effects import twists as TW
from core.games.plot_twist.game import PlotTwist

GAME = PlotTwist()
SIMOAKLI, MIRAGE, HOPE, ATHENA, LUCID = ("villain/dr-simoakli", "villain/madame-mirage", "hero/hope", "hero/athena",
                                         "hero/lucid")
GOONS = "mook/lab-goons"


# --- Positions ------------------------------------------------------------------------------------------
def table(heroes: tuple, prefer: tuple = (), villain: str = SIMOAKLI, mooks: tuple = ()) -> engine.Step:
    """The Villain (no Equipment) and these Mooks against these Heroes, the preferred Objective and Events
    taken; every seat keeps its hand at the Mulligan and any choice of the first Twist! is made."""
    quiet = ("location/city-hall-plaza",)  # a Location whose effect (Social Damage) no test here meets
    step = drafted(len(heroes) + 1, (villain, "no_equipment") + mooks + ("no_more_mooks",) + heroes + prefer + quiet)
    step = with_hand(step, 0, ["combat/charge"] * 3, ["combat/charge"] * 7)
    return pass_until(step, lambda s: not s.state["turn"]["mulligan"] and s.state["choice"] is None)


def edited(step: engine.Step, change) -> engine.Step:
    state = copy.deepcopy(step.state)
    change(state)
    return _step(state)


def next_twist(step: engine.Step, card: str) -> engine.Step:
    """The next Start of Turn Reveals `card`."""
    def change(state):
        state["twists_deck"][0] = card
    return edited(step, change)


def next_turn(step: engine.Step) -> engine.Step:
    n = step.state["turn"]["number"]
    return pass_until(step, lambda s: s.outcome is not None or s.state["turn"]["number"] == n + 1
                      and (s.state["choice"] is not None or s.pending[0]["kind"] != "choice"))


def hero(step: engine.Step, card: str) -> dict:
    return next(c for c in step.state["characters"] if c["card"] == card)


def types(step: engine.Step) -> list[str]:
    return [e["type"] for e in step.events]


def to_combat(step: engine.Step, character: str, target: str) -> engine.Step:
    """The Combat phase; `character` (a Hero) initiates against `target`."""
    step = pass_until(step, lambda s: any(o["kind"] == "initiate" and o["character"] == character
                                          for d in s.pending for o in d["options"]))
    return play(step, option(step, kind="initiate", character=character, target=target))


def gm_decides(step: engine.Step) -> engine.Step:
    return pass_until(step, lambda s: s.state["combat"] is not None and s.pending[0]["player"] == 0)


def hurt(step: engine.Step, card: str, resistance: str, stress: int, statuses=()) -> engine.Step:
    def change(state):
        c = next(c for c in state["characters"] if c["card"] == card)
        c["resistances"][resistance]["stress"] = stress
        c["statuses"] = list(statuses)
    return edited(step, change)


# --- Twists! ------------------------------------------------------------------------------------------------
def test_the_twist_revealed_first_thing_in_the_start_of_turn_takes_effect():
    """Second Wind: "Each Hero Regenerates 2 Physical or Mental Stress, and is no longer Stunned or
    Prone." Only Physical Stress to remove: the one worth choosing, so no decision."""
    step = hurt(table((HOPE,)), HOPE, "physical", 3, ["stunned"])
    step = next_turn(next_twist(step, "twist/second-wind"))
    assert hero(step, HOPE)["resistances"]["physical"]["stress"] == 1
    assert "stunned" not in hero(step, HOPE)["statuses"]
    kinds = types(step)
    assert kinds.index("twist_revealed") < kinds.index("stress_regenerated") < kinds.index("actions_renewed")
    assert "twist/second-wind" in step.state["twists_discard"]  # its effects done, it is discarded
    assert {"type": "twist_discarded", "card": "twist/second-wind", "reason": "done"} in step.events


def test_ruling_the_heroes_choose_for_a_twist_through_their_lowest_seat():
    """Second Wind with Physical and Mental Stress to remove: the Heroes' group chooses (seat 1);
    the other Hero seat has no decision; the choice is made before anyone acts."""
    step = table((HOPE, ATHENA))
    step = hurt(hurt(step, HOPE, "physical", 2), ATHENA, "mental", 2)
    step = next_turn(next_twist(step, "twist/second-wind"))
    assert step.state["choice"] == {"seat": 1, "card": "twist/second-wind"}
    assert [(d["player"], d["kind"]) for d in step.pending] == [(1, "choice")]
    assert {o["resistance"] for o in step.pending[0]["options"]} == {"physical", "mental"}
    assert step.state["twists_in_play"] == ["twist/second-wind"]  # kept while its choice waits
    assert refused(step, {"player": 1, "kind": "choose", "card": "twist/second-wind", "resistance": "social"}) \
        == "wrong_choice"
    after = play(step, option(step, kind="choose", resistance="mental"))
    assert hero(after, ATHENA)["resistances"]["mental"]["stress"] == 0
    assert hero(after, HOPE)["resistances"]["physical"]["stress"] == 2
    assert after.state["choice"] is None and "twist/second-wind" in after.state["twists_discard"]


def test_a_colored_twist_without_a_hero_of_its_color_in_play_has_no_effect():
    """Sudden Clarity (White) "as if the card had 'Requires a Hero of Color X in play'": Lucid, the
    White Hero, is Incapacitated, so Hope Regenerates nothing."""
    step = table((HOPE, LUCID))
    step = hurt(hurt(step, HOPE, "mental", 2), LUCID, "physical", 6)  # Lucid: Body 2, Physical 6
    step = next_turn(next_twist(step, "twist/sudden-clarity"))
    assert {"type": "twist_without_effect", "card": "twist/sudden-clarity", "rule": "twist_needs_hero"} in step.events
    assert hero(step, HOPE)["resistances"]["mental"]["stress"] == 2
    assert "twist/sudden-clarity" in step.state["twists_discard"]


def test_this_turn_means_until_the_next_end_of_turn():
    """Villainous Monologue: "The Main Villain is Stunned this Turn" ("considered to have a printed
    number of 1": the Twist! stays in play with its Time counter to fill, then goes)."""
    step = next_turn(next_twist(table((HOPE,)), "twist/villainous-monologue"))
    assert "stunned" in hero(step, SIMOAKLI)["statuses"]
    assert step.state["twists_in_play"] == ["twist/villainous-monologue"]
    assert step.state["timers"] == [{"card": "twist/villainous-monologue", "effect": 0, "mode": "for", "counters": 0,
                                     "of": 1, "choice": {}}]
    step = next_turn(step)
    assert "stunned" not in hero(step, SIMOAKLI)["statuses"]
    assert "twist/villainous-monologue" in step.state["twists_discard"]
    assert {"type": "time_counter_added", "card": "twist/villainous-monologue", "counters": 1, "of": 1} in step.events


def test_for_x_turns_lasts_until_the_time_counters_equal_the_number_printed():
    """Collapsing Ceiling: "For 2 Turns, every Character gains 1 Cover"."""
    step = next_turn(next_twist(table((HOPE,)), "twist/collapsing-ceiling"))
    for _ in range(2):
        assert FX.total(step.state, HOPE, "cover", "melee") == 1 == FX.total(step.state, SIMOAKLI, "cover", "ranged")
        step = next_turn(step)
    assert FX.total(step.state, HOPE, "cover", "melee") == 0
    assert "twist/collapsing-ceiling" in step.state["twists_discard"]


def test_in_x_turns_takes_effect_when_the_time_counters_are_complete():
    """Time Bomb: "In 3 Turns: the bomb causes Physical Stress to every Character, a Damage Roll of 4
    coins (Armor and Cover apply)". It waits through two End of Turns and goes off at the third."""
    step = next_turn(next_twist(table((HOPE,)), "twist/time-bomb"))
    assert [t["counters"] for t in step.state["timers"] if t["card"] == "twist/time-bomb"] == [0]
    for counters in (1, 2):
        step = next_turn(step)
        assert [t["counters"] for t in step.state["timers"] if t["card"] == "twist/time-bomb"] == [counters]
        assert not [e for e in step.events if e["type"] == "roll" and e["purpose"] == "physical damage"]
    step = next_turn(step)
    rolls = [e for e in step.events if e["type"] == "roll" and e["purpose"] == "physical damage"]
    assert len(rolls) == 2  # Simoakli and Hope
    simoakli = next(r for r in rolls if r["rolls"][0]["who"] == "twist/time-bomb"
                    and {"name": "Armor", "value": -4} in r["rolls"][0]["parts"])
    assert simoakli["rolls"][0]["pool"] == 0  # 4 coins - his Armor (Power 4): nothing
    assert "twist/time-bomb" in step.state["twists_discard"]


def test_a_twist_with_a_nullify_is_nullified_as_an_event():
    """Time Bomb's 🎯: "a Hero wins a Fixed Roll of Mind+Gadgeteer or Mind+Hacking against 3": a Free
    action, once a Turn; won, the Twist! is blank: its timer stops and it is discarded."""
    step = next_turn(next_twist(table((HOPE,)), "twist/time-bomb"))
    move = option(step, kind="nullify_roll", character=HOPE, card="twist/time-bomb")
    for k in range(80):
        after = play(with_rng(step, k), move)
        roll = next(e for e in after.events if e["type"] == "roll")
        assert roll["purpose"] == "nullify" and roll["difficulty"] == 3
        if roll["winner"] != HOPE:
            assert refused(after, move) == "nullify_once_per_turn"
        else:
            assert {"type": "card_nullified", "card": "twist/time-bomb", "by": HOPE} in after.events
            assert not TC.of_card(after.state, "twist/time-bomb") and "twist/time-bomb" in after.state["twists_discard"]
            return
    raise AssertionError("Hope never won the Nullify Roll")


# --- The Events Cluster ---------------------------------------------------------------------------------------
def test_events_can_only_be_revealed_during_combat():
    step = table((HOPE,), ("event/hostage-situation",))
    step = hurt(step, SIMOAKLI, "physical", 2)  # so the GM keeps a decision in the Start of Turn
    step = pass_until(step, lambda s: s.pending[0]["player"] == 0)
    move = {"player": 0, "kind": "reveal_event", "card": "event/hostage-situation"}
    assert refused(step, move) == "not_in_combat"
    step = gm_decides(to_combat(step, HOPE, SIMOAKLI))
    after = play(step, option(step, kind="reveal_event", card="event/hostage-situation"))
    assert {"type": "event_revealed", "card": "event/hostage-situation", "by": "gm"} in after.events
    assert FX.total(after.state, HOPE, "attack_pool", "melee") == -1  # "every Hero's Roll Pools get -1"
    assert FX.total(after.state, HOPE, "defense_pool", "social") == -1
    assert FX.total(after.state, SIMOAKLI, "attack_pool", "melee") == 0


def test_only_x_events_can_be_revealed_x_the_number_of_heroes_in_play():
    step = gm_decides(to_combat(table((HOPE,), ("event/hostage-situation", "event/blackout")), HOPE, SIMOAKLI))
    step = play(step, option(step, kind="reveal_event", card="event/blackout"))
    step = gm_decides(step)
    assert not [o for d in step.pending for o in d["options"] if o["kind"] == "reveal_event"]
    assert refused(step, {"player": 0, "kind": "reveal_event", "card": "event/hostage-situation"}) \
        == "too_many_events_revealed"


def test_ruling_a_colored_event_needs_a_gm_character_of_its_color_in_play():
    """Surgical Lockdown is Black: Madame Mirage (White) uses it through her Black Lab Goons; with the
    Goons gone (no Quantity), it cannot be Revealed."""
    step = table((HOPE,), ("event/surgical-lockdown",), villain=MIRAGE, mooks=(GOONS,))
    step = gm_decides(to_combat(step, HOPE, MIRAGE))
    assert option(step, kind="reveal_event", card="event/surgical-lockdown")
    state = copy.deepcopy(step.state)
    next(c for c in state["characters"] if c["card"] == GOONS)["quantity"] = 0
    assert IP.move_error(state, {"player": 0, "kind": "reveal_event", "card": "event/surgical-lockdown"})[0] \
        == "wrong_color"


def test_an_events_start_of_turn_effects_happen_every_start_of_turn_while_it_stands():
    """Reinforcements Inbound: "at every Start of Turn, each Mook card in play gains 1 Quantity Counter"."""
    step = table((HOPE,), ("event/reinforcements-inbound",), mooks=(GOONS,))
    step = gm_decides(to_combat(step, HOPE, SIMOAKLI))
    step = play(step, option(step, kind="reveal_event", card="event/reinforcements-inbound"))
    quantity = hero(step, GOONS)["quantity"]
    step = next_turn(step)
    assert hero(step, GOONS)["quantity"] == quantity + 1
    step = next_turn(step)
    assert hero(step, GOONS)["quantity"] == quantity + 2


def test_a_nullified_event_remains_in_play_with_its_text_blank():
    """Hostage Situation, 🎯 "the Heroes Recruit 2 Bystanders", counted from its Reveal: a Recruit
    before it does not count; two after Nullify it and its modifier is gone."""
    step = table((HOPE,), ("event/hostage-situation",))
    state = copy.deepcopy(gm_decides(to_combat(step, HOPE, SIMOAKLI)).state)
    state["tally"]["recruit"] = 1  # before the Reveal
    step = _step(state)
    step = play(step, option(step, kind="reveal_event", card="event/hostage-situation"))
    assert step.state["counting"]["event/hostage-situation"]["recruit"] == 1
    state, events = copy.deepcopy(step.state), []
    assert not IP.check(state, events) and not events
    state["tally"]["recruit"] = 2  # the Heroes Recruit one (tally.py): not yet
    assert not IP.check(state, events) and not events
    state["tally"]["recruit"] = 3  # and a second
    IP.check(state, events)
    assert events == [{"type": "card_nullified", "card": "event/hostage-situation", "by": "condition"}]
    entry = next(e for e in state["events_cluster"] if e["card"] == "event/hostage-situation")
    assert entry == {"card": "event/hostage-situation", "revealed": True, "nullified": True}
    assert FX.total(state, HOPE, "attack_pool", "melee") == 0 and state["counting"] == {}
    GAME.check(state)


def test_nullify_by_spending_belief_between_the_heroes():
    """Mind Fog, 🎯 "the Heroes spend 3 Belief between them": 1 Belief a move, any Hero, until 3."""
    step = table((HOPE, ATHENA), ("event/mind-fog",))
    step = gm_decides(to_combat(step, HOPE, SIMOAKLI))
    step = play(step, option(step, kind="reveal_event", card="event/mind-fog"))
    assert FX.total(step.state, HOPE, "defense_pool", "mental") == -2
    belief = hero(step, HOPE)["belief"] + hero(step, ATHENA)["belief"]
    for spent in (1, 2, 3):
        step = pass_until(step, lambda s: any(o["kind"] == "nullify_spend" for d in s.pending for o in d["options"]))
        step = play(step, option(step, kind="nullify_spend", card="event/mind-fog"))
        assert {"type": "nullify_spent", "character": step.events[0]["character"], "card": "event/mind-fog",
                "counter": "belief", "amount": 1, "spent": spent, "of": 3} == step.events[0]
    assert {"type": "card_nullified", "card": "event/mind-fog", "by": step.events[0]["character"]} in step.events
    assert FX.total(step.state, HOPE, "defense_pool", "mental") == 0
    assert hero(step, HOPE)["belief"] + hero(step, ATHENA)["belief"] == belief - 3


def test_no_free_action_at_end_of_turn_for_a_nullify_roll():
    step = table((HOPE,), ("event/blackout",))
    step = gm_decides(to_combat(step, HOPE, SIMOAKLI))
    step = play(step, option(step, kind="reveal_event", card="event/blackout"))
    move = {"player": 1, "kind": "nullify_roll", "character": HOPE, "card": "event/blackout"}
    state = copy.deepcopy(step.state)
    state["combat"], state["turn"]["phase"] = None, "end"
    assert IP.move_error(state, move)[0] == "no_free_action_at_end_of_turn"


# --- The Objective -----------------------------------------------------------------------------------------------
def test_the_gm_reveals_his_objective_once_and_its_reveal_effects_happen():
    """Doomsday Clock, ▲ "each Hero loses 1 Belief"; face down, only the GM sees it."""
    step = table((HOPE,), ("objective/doomsday-clock",))
    assert GAME.view(step.state, 1)["objective"]["card"] == {"hidden": True}
    start = copy.deepcopy(step.state)
    start["turn"]["phase"] = "start"
    assert IP.move_error(start, {"player": 0, "kind": "reveal_objective"})[0] == "not_combat_phase"
    step = pass_until(step, lambda s: s.state["turn"]["phase"] == "combat" and s.pending[0]["player"] == 0)
    belief = hero(step, HOPE)["belief"]
    step = play(step, {"player": 0, "kind": "reveal_objective"})
    assert hero(step, HOPE)["belief"] == belief - 1
    assert {"type": "objective_revealed", "card": "objective/doomsday-clock", "by": "gm"} in step.events
    assert GAME.view(step.state, 1)["objective"] == {"card": "objective/doomsday-clock", "revealed": True, "peeked": [],
                                                     "peeking": {}}
    assert IP.move_error(step.state, {"player": 0, "kind": "reveal_objective"})[0] == "objective_already_revealed"


def test_the_threat_fulfilled_wins_the_game_for_the_villains_immediately():
    """Doomsday Clock, ▼ "In X Turns ... at X the Villains win": at the Xth End of Turn, face down (X from the
    card: 9 since issue 31's balance, 8 before)."""
    step = table((HOPE,), ("objective/doomsday-clock",))
    state = copy.deepcopy(step.state)
    state["turn"]["number"] = C.CARD["objective/doomsday-clock"]["threat"]["count"]
    step = pass_until(_step(state), lambda s: s.outcome is not None)
    assert step.outcome == {"winners": [0], "scores": {"0": 1, "1": 0}, "reason": "threat_fulfilled"}
    assert step.state["objective"]["revealed"]
    assert step.events[-3:] == [{"type": "objective_revealed", "card": "objective/doomsday-clock", "by": "threat"},
                                {"type": "threat_fulfilled", "card": "objective/doomsday-clock"},
                                {"type": "game_over", "winners": [0], "reason": "threat_fulfilled"}]
    assert "turn_ended" not in types(step)  # at once: the End of Turn goes no further


def test_open_the_rift_the_gm_chooses_the_event_and_a_hero_incapacitated_fulfils_the_threat():
    """▲ "the GM Reveals an Event" (his choice among those he may Reveal); ▼ "a Hero is Incapacitated"
    (until the balance run of issue 16 it was "as many Events are Revealed as there are Heroes in play",
    the Reveal limit itself: a Turn-1 win, docs/balance.md): with two Heroes, a second Event Revealed
    wins nothing; a Hero Incapacitated does."""
    step = table((HOPE, ATHENA), ("location/downtown-rooftops", "objective/open-the-rift", "event/blackout",
                                  "event/mind-fog"))
    assert step.state["objective"]["card"] == "objective/open-the-rift"
    step = gm_decides(to_combat(step, HOPE, SIMOAKLI))
    step = play(step, {"player": 0, "kind": "reveal_objective"})
    assert step.state["choice"] == {"seat": 0, "card": "objective/open-the-rift"}
    assert [d["kind"] for d in step.pending] == ["choice"] and len(step.pending[0]["options"]) == 5
    step = play(step, option(step, kind="choose", target="event/blackout"))
    assert {"type": "event_revealed", "card": "event/blackout", "by": "objective/open-the-rift"} in step.events
    step = gm_decides(step)
    step = play(step, option(step, kind="reveal_event", card="event/mind-fog"))
    assert step.outcome is None
    state = copy.deepcopy(step.state)
    state["tally"]["incapacitate_hero"] = 1
    events = []
    assert IP.check(state, events) and events[-1] == {"type": "threat_fulfilled", "card": "objective/open-the-rift"}


def test_incapacitations_are_counted_for_the_threat():
    """Break Their Spirit, ▼ "2 Heroes are Incapacitated": counted in the tally, from the first Turn."""
    state = copy.deepcopy(table((HOPE, ATHENA), ("objective/break-their-spirit",)).state)
    state["tally"]["incapacitate_hero"] = 1
    events = []
    assert not IP.check(state, events)
    state["tally"]["incapacitate_hero"] = 2
    assert IP.check(state, events) and events[-1] == {"type": "threat_fulfilled", "card": "objective/break-their-spirit"}


def test_a_character_incapacitated_by_a_card_is_counted_in_the_tally():
    """Burning Building deals 1 Physical Stress to every Character at every Start of Turn."""
    step = table((HOPE, ATHENA), ("event/burning-building",))
    step = gm_decides(to_combat(step, HOPE, SIMOAKLI))
    step = play(step, option(step, kind="reveal_event", card="event/burning-building"))
    step = next_twist(hurt(step, HOPE, "physical", 5), "twist/crowd-gathers")  # of 6; Plots: no effect yet
    step = next_turn(step)
    assert {"type": "incapacitated", "character": HOPE, "by": "event/burning-building"} in step.events
    assert step.state["tally"]["incapacitate_hero"] == 1


# --- Conditions, views and the state check ------------------------------------------------------------------------
def test_conditions_count_turns_gone_from_the_end_of_turn():
    state = {"turn": {"number": 3, "phase": "combat"}, "tally": {}, "events_cluster": []}
    assert CO.turns_gone(state) == 2 and not CO.met(state, {"when": "turns", "count": 3})
    state["turn"]["phase"] = "end"
    assert CO.turns_gone(state) == 3 and CO.met(state, {"when": "turns", "count": 3})


DOOMSDAY = C.CARD["objective/doomsday-clock"]["threat"]["count"]  # "In X Turns": 9 since issue 31's balance, 8 before


def test_a_tampered_in_play_state_is_invalid():
    step = next_turn(next_twist(table((HOPE,), ("objective/doomsday-clock", "event/mind-fog")), "twist/time-bomb"))
    GAME.check(step.state)
    for change in (lambda s: s["timers"][0].update(counters=3),           # as many Time counters as printed
                   lambda s: s["timers"][0].update(of=5),                 # not the printed number
                   lambda s: s["timers"].clear(),                         # a Twist! in play with nothing to keep it
                   lambda s: s["twists_in_play"].clear(),                 # a timer of a Twist! not in play
                   lambda s: s.update(choice={"seat": 0, "card": "twist/time-bomb"}),
                   lambda s: s["turn"].update(number=DOOMSDAY, phase="end"),  # the Threat fulfilled, the game running
                   lambda s: s.update(counting={"event/mind-fog": {}}),   # figures of an Event face down
                   lambda s: s.update(nullify_tries=[[SIMOAKLI, "twist/time-bomb"]])):
        state = copy.deepcopy(step.state)
        change(state)
        with pytest.raises(InvalidState):
            GAME.check(state)


def sampled_games(seeds=(0, 1, 2), players=(2, 4, 6)):
    """Seeded random games (quick Setup): every step."""
    for seed, n in zip(seeds, players):
        step = engine.new_game("plot-twist", n, {"setup": "quick"}, seed=seed)
        rng = Rng.from_seed(seed + 40)
        while step.outcome is None:
            d = step.pending[rng.below(len(step.pending))]
            before = step.state
            step = engine.apply(step.state, d["options"][rng.below(len(d["options"]))])
            yield before, step


def test_face_down_events_and_objective_never_reach_another_seat_in_views_or_events():
    seen_kinds, changed = set(), 0
    for before, step in sampled_games(players=(6, 2, 4)):  # seeds whose games discard a Twist! too
        state = step.state
        hidden = {e["card"] for e in state["events_cluster"] if not e["revealed"]}
        if not state["objective"]["revealed"]:
            hidden.add(state["objective"]["card"])
        peeked = set(state["objective"]["peeked"])  # a Detail, Perception or Hacking: that seat saw it (views.py)
        for seat in set(range(1, state["players"])) - peeked:
            text = json.dumps([GAME.view(state, seat)] + [GAME.view_event(e, seat) for e in step.events])
            assert not [c for c in hidden if f'"{c}"' in text]
        seen_kinds |= {e["type"] for e in step.events}
        changed += state["timers"] != before["timers"] or state["counting"] != before["counting"]
    assert {"twist_discarded", "time_counter_added"} <= seen_kinds and changed


def test_junk_in_the_in_play_fields_is_refused_with_invalid_state():
    import random

    r = random.Random(7)
    tried = 0
    for before, step in sampled_games(seeds=(3, 4), players=(3, 5)):
        state = step.state
        paths = [p for field in ("timers", "choice", "counting", "nullify_tries", "objective", "events_cluster")
                 for p in leaves(state[field], (field,))]
        for path in r.sample(paths, min(3, len(paths))):
            other = copy.deepcopy(state)
            holder = other
            for key in path[:-1]:
                holder = holder[key]
            junk = r.choice([j for j in (-1, 10**9, 1.5, "card/unknown", {"x": 1}, [[]], None, True)
                             if j != holder[path[-1]] and {type(j), type(holder[path[-1]])} != {bool}])  # a flipped flag may be legal
            holder[path[-1]] = junk
            with pytest.raises(InvalidState):
                engine.check_state(other)
            tried += 1
    assert tried > 50


def test_card_effects_choices_name_one_target_and_one_resistance():
    state = table((HOPE, ATHENA)).state
    assert CE.choices(state, "twist/tripwire") == [{"target": SIMOAKLI}]
    assert CE.choices(state, "twist/inspiring-speech") == [{}]


def test_a_keyword_gained_this_turn_counts_for_the_tactician_rule():
    """Tactical Insight (Silver: Captain Meridian is in play): "A target Hero gains TACTICIAN this
    Turn"; the Heroes give it to Hope, who may then initiate a second Combat with another target."""
    step = table(("hero/captain-meridian", HOPE), mooks=(GOONS,))
    step = next_turn(next_twist(step, "twist/tactical-insight"))
    assert {o["target"] for o in step.pending[0]["options"]} == {"hero/captain-meridian", HOPE}
    step = play(step, option(step, kind="choose", target=HOPE))
    step = to_combat(step, HOPE, SIMOAKLI)
    step = pass_until(step, lambda s: s.state["combat"] is None)
    assert option(step, kind="initiate", character=HOPE, target=GOONS)
    assert refused(step, {"player": 2, "kind": "initiate", "character": HOPE, "target": SIMOAKLI}) \
        == "heroes_initiate_once"
    state = copy.deepcopy(step.state)
    state["timers"] = []
    state["twists_in_play"], state["twists_discard"] = [], state["twists_discard"] + ["twist/tactical-insight"]
    state["turn"]["initiated"][HOPE] = [SIMOAKLI, GOONS]  # a second Combat without the keyword
    with pytest.raises(InvalidState):
        GAME.check(state)


def test_a_hero_incapacitated_by_an_event_the_objective_reveals_is_counted_once():
    """Open the Rift Reveals Mass Hysteria ("deal 1 Mental Stress to each Hero"): Hope, one Mental
    Stress from full, is Incapacitated once, in the tally and in the events; no Hero left, the GM wins."""
    step = table((HOPE, ATHENA), ("location/downtown-rooftops", "objective/open-the-rift", "event/mass-hysteria"),
                 villain=MIRAGE)
    step = hurt(gm_decides(to_combat(step, ATHENA, MIRAGE)), HOPE, "mental", 11)  # Mind 4: 12
    step = play(step, {"player": 0, "kind": "reveal_objective"})
    step = play(step, option(step, kind="choose", target="event/mass-hysteria"))
    assert [e for e in step.events if e["type"] == "incapacitated"] == [
        {"type": "incapacitated", "character": HOPE, "by": "event/mass-hysteria"}]
    assert step.state["tally"]["incapacitate_hero"] == 1


def test_a_twist_nullifies_a_target_revealed_event():
    """Breakthrough: "Nullify a target Revealed Event"; one Event Revealed, the one legal answer is the
    engine's; the Event stays Revealed, its modifier gone."""
    step = table((HOPE,), ("event/blackout",))
    step = gm_decides(to_combat(step, HOPE, SIMOAKLI))
    step = play(step, option(step, kind="reveal_event", card="event/blackout"))
    assert FX.total(step.state, HOPE, "attack_pool", "ranged") == -2
    step = next_turn(next_twist(step, "twist/breakthrough"))
    assert {"type": "card_nullified", "card": "event/blackout", "by": "twist/breakthrough"} in step.events
    assert FX.total(step.state, HOPE, "attack_pool", "ranged") == 0
    assert step.state["choice"] is None and "twist/breakthrough" in step.state["twists_discard"]


def test_lucky_break_gives_an_automatic_success_in_the_next_damage_roll_this_turn():
    """Lucky Break: "A target Hero gains 1 Automatic Success in one Roll this Turn" (one Hero: no choice)."""
    step = next_turn(next_twist(table((HOPE,)), "twist/lucky-break"))
    assert {"who": HOPE, "source": HOPE, "stat": "automatic_successes", "amount": 1, "attack": None,
            "lasts": "attack"} in [{**m, "source": HOPE} for m in step.state["turn"]["modifiers"] if m["who"] == HOPE]


def test_crowd_gathers_a_target_hero_plays_a_bystander_from_his_plot_hand_at_no_cost():
    def hand(state):
        if "bystander/lost-child" not in state["plot_hands"][1]:
            state["plot_hands"][1][0] = "bystander/lost-child"
    step = edited(next_twist(table((HOPE,)), "twist/crowd-gathers"), hand)
    belief = hero(step, HOPE)["belief"]
    step = next_turn(step)
    assert {"card": "bystander/lost-child", "seat": 1, "location": step.state["location"]} in step.state["bystanders"]
    assert "bystander/lost-child" not in step.state["plot_hands"][1] and hero(step, HOPE)["belief"] == belief


def test_a_twists_choice_left_with_one_answer_by_a_locations_start_of_turn_is_made_by_itself():
    """Second Wind ("Each Hero Regenerates 2 Physical or Mental Stress") is Revealed first thing in the
    Start of Turn, Athena with Physical and Mental Stress (two answers); then Mercy General Hospital
    Regenerates her 1 Physical Stress, leaving one answer: the engine answers Mental for the Heroes
    (found by the heuristic bots' games; the state reached was refused by the engine's own check)."""
    athena, wind = "hero/athena", "twist/second-wind"
    step = drafted(2, ("villain/dr-simoakli", "no_equipment", "no_more_mooks", "location/mercy-general-hospital",
                       athena, wind))

    def hurt(state):
        deck = list(state["twists_deck"])
        deck.remove(wind)
        state["twists_deck"] = [wind] + deck
        hero = next(c for c in state["characters"] if c["card"] == athena)
        hero["resistances"]["physical"]["stress"], hero["resistances"]["mental"]["stress"] = 1, 2
    state = copy.deepcopy(step.state)
    hurt(state)
    step = _step(state)
    step = pass_until(step, lambda s: s.state["turn"] is not None and s.state["turn"]["number"] == 2)
    assert step.state["choice"] is None
    assert {"type": "choice_made", "player": 1, "card": wind, "resistance": "mental"} in step.events
    athena_now = next(c for c in step.state["characters"] if c["card"] == athena)
    assert athena_now["resistances"]["mental"]["stress"] == 0 and athena_now["resistances"]["physical"]["stress"] == 0
    engine.check_state(step.state)


def test_a_second_copy_of_a_timed_twist_revealed_while_the_first_runs_stays_in_play_for_its_own_counters():
    """Two copies of Help Is Coming ("In 2 Turns: each Hero Regenerates 3 Physical or Mental Stress") on
    top of the Twists! Deck: the first runs its Time counter when the second is Revealed; the second
    stays while its choice waits, then while its own counter runs (found by the heuristic bots' games:
    the second was discarded at once and the state check refused the position)."""
    hope, help_ = "hero/hope", "twist/help-is-coming"
    step = drafted(2, ("villain/dr-simoakli", "no_equipment", "no_more_mooks", hope, help_))
    state = copy.deepcopy(step.state)
    deck = list(state["twists_deck"])
    for _ in range(2):
        deck.remove(help_)
    state["twists_deck"] = [help_, help_] + deck
    hero = next(c for c in state["characters"] if c["card"] == hope)
    hero["resistances"]["mental"]["stress"] = hero["resistances"]["physical"]["stress"] = 4
    step, both = _step(state), 0
    while step.state["turn"] is None or step.state["turn"]["number"] < 3:
        keep = next(o for o in step.pending[0]["options"] if o["kind"] in ("pass", "mulligan", "redraw", "choose")
                    and o.get("cards", []) == [])
        step = step.play(keep)
        engine.check_state(step.state)
        copies = step.state["twists_in_play"].count(help_)
        both = max(both, copies)
        assert copies == len([t for t in step.state["timers"] if t["card"] == help_]) + (step.state["choice"] is not None)
    assert both == 2


def test_a_game_that_ended_while_a_choice_waited_keeps_the_choice_as_it_was():
    """A Threat fulfilled while the Heroes' choice for Second Wind waits: nothing settles the choice any
    more, so the state check accepts it with one answer left once the game is over (found by the engine
    conformance suite), and refuses it while the game goes on."""
    athena, wind = "hero/athena", "twist/second-wind"
    step = drafted(2, ("villain/dr-simoakli", "no_equipment", "no_more_mooks", athena, wind))
    state = copy.deepcopy(step.state)
    deck = list(state["twists_deck"])
    deck.remove(wind)
    state["twists_deck"] = [wind] + deck
    hero = next(c for c in state["characters"] if c["card"] == athena)
    hero["resistances"]["physical"]["stress"], hero["resistances"]["mental"]["stress"] = 4, 2  # the Location heals 2
    step = pass_until(_step(state), lambda s: s.state["choice"] is not None)
    one_left = copy.deepcopy(step.state)
    next(c for c in one_left["characters"] if c["card"] == athena)["resistances"]["physical"]["stress"] = 0
    with pytest.raises(InvalidState):
        engine.check_state(one_left)
    one_left["outcome"] = {"winners": [0], "scores": {"0": 1, "1": 0}, "reason": "threat_fulfilled"}
    engine.check_state(one_left)


def test_ruling_when_the_heroes_choosing_seat_leaves_play_while_a_twists_choice_waits_the_next_seat_chooses(monkeypatch):
    """Found by the balance run of issue 31, with Break Their Spirit dealing 1 Mental Stress more on its
    Reveal: in a seeded 6-seat game Tactical Insight is Revealed at the Start of Turn and waits for seat 1,
    the Heroes' lowest seat with a Hero in play; the same Start of Turn then incapacitates seat 1's Hero.
    The Heroes still choose as a group, so seat 2 chooses now (the state with seat 1 choosing was refused
    by the engine's own check)."""
    spirit = C.CARD["objective/break-their-spirit"]
    monkeypatch.setitem(spirit, "effects", [  # its ▲ then (2 Social, 3 since the seventh balance pass), 1 Mental more
        {"on": "reveal", "do": "deal", "resistance": "social", "amount": 2, "target": "heroes"},
        {"on": "reveal", "do": "deal", "resistance": "mental", "amount": 1, "target": "heroes"}])
    step = engine.new_game("plot-twist", 6, {"setup": "quick"}, seed=0)
    rng = Rng.from_seed(1000)
    handed_over = False
    while step.outcome is None:
        engine.check_state(step.state)
        choice = step.state["choice"]
        if choice is not None and choice["card"] in step.state["twists_in_play"]:
            assert choice["seat"] == TW.heroes_seat(step.state)
            handed_over |= choice == {"seat": 2, "card": "twist/tactical-insight"}
        d = step.pending[rng.below(len(step.pending))]
        step = engine.apply(step.state, d["options"][rng.below(len(d["options"]))])
    assert handed_over
