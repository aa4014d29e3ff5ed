"""Plot Twist's Flying, Hidden, Sneak Attack, Perception and Identity (core/games/plot_twist/conflict/stealth.py,
conflict.py's Sneak Attack): one test per sentence of the rulebook's Statuses and Identity, each
through the engine.
"""

import copy

import pytest
from test_plot_twist_conflict import (
    ATHENA,
    HOPE,
    SIMOAKLI,
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
from core.games.plot_twist.conflict import stealth as ST

MIRAGE, VANGUARD, LUCID, KRAGG = "villain/madame-mirage", "hero/vanguard", "hero/lucid", "villain/warlord-kragg"


def conflict(villain: str, heroes: tuple, players: int = 2) -> engine.Step:
    """The first Turn after every seat kept its hand: `villain` alone (no Mooks, no Equipment)."""
    step = drafted(players, (villain, "no_equipment", "no_more_mooks") + heroes)
    return pass_until(step, lambda s: not s.state["turn"]["mulligan"])


def edited(step: engine.Step, change) -> engine.Step:
    state = copy.deepcopy(step.state)
    change(state)
    return _step(state)


def character(step: engine.Step, card: str) -> dict:
    return next(c for c in step.state["characters"] if c["card"] == card)


def statuses(step: engine.Step, card: str) -> list:
    return character(step, card)["statuses"]


def set_statuses(card: str, words: list):
    def change(state):
        next(c for c in state["characters"] if c["card"] == card)["statuses"] = list(words)
    return change


def combat_phase(step: engine.Step, initiating: str = "heroes") -> engine.Step:
    def change(state):
        state["turn"].update(phase="combat", initiating=initiating, at=initiating, since=[],
                             waiting=[0] if initiating == "gm" else [s for s in range(1, state["players"])])
    return edited(step, change)


# --- Flying -----------------------------------------------------------------------------------------------
def test_flight_enters_and_leaves_flying_as_a_free_action():
    step = conflict(SIMOAKLI, (VANGUARD,))
    fly = option(step, kind="fly", character=VANGUARD)
    step = play(step, fly)
    assert "flying" in statuses(step, VANGUARD)
    assert refused(step, fly) == "free_action_used_this_turn"
    step = play(step, option(step, kind="land", character=VANGUARD))
    assert "flying" not in statuses(step, VANGUARD)


def test_only_a_character_with_flight_enters_flying():
    step = conflict(SIMOAKLI, (HOPE,))
    assert refused(step, {"player": 1, "kind": "fly", "character": HOPE}) == "no_flight"
    assert refused(step, {"player": 1, "kind": "land", "character": HOPE}) == "not_flying"


def test_you_cannot_enter_flying_on_a_turn_in_which_you_were_sent_prone():
    step = conflict(SIMOAKLI, (VANGUARD,))
    fly = {"player": 1, "kind": "fly", "character": VANGUARD}
    assert refused(edited(step, set_statuses(VANGUARD, ["prone"])), fly) == "prone_this_turn"
    was_prone = edited(step, lambda s: s["turn"].update(sent_prone=[VANGUARD]))
    assert refused(was_prone, fly) == "prone_this_turn"


def test_prone_exits_flying_and_is_remembered_for_the_turn():
    from core.games.plot_twist.effects import effects as FX
    step = edited(conflict(SIMOAKLI, (VANGUARD,)), set_statuses(VANGUARD, ["flying"]))
    state, events = copy.deepcopy(step.state), []
    FX.add_status(state, VANGUARD, "prone", events)
    assert next(c for c in state["characters"] if c["card"] == VANGUARD)["statuses"] == ["prone"]
    assert state["turn"]["sent_prone"] == [VANGUARD]
    engine.check_state(state)


def test_characters_with_less_flying_cannot_move_to_melee_against_more_flight():
    step = combat_phase(conflict(SIMOAKLI, (VANGUARD,)), "gm")
    step = edited(step, set_statuses(VANGUARD, ["flying"]))
    step = edited(step, lambda s: s["combat_hands"].__setitem__(0, ["combat/charge"] * 3))
    step = play(step, option(step, kind="initiate", character=SIMOAKLI, target=VANGUARD))
    assert step.state["combat"]["step"] == "movement"
    charge = {"player": 0, "kind": "play_card", "character": SIMOAKLI, "card": "combat/charge", "to": "melee"}
    assert refused(step, charge) == "cannot_reach_flying"
    landed = edited(step, set_statuses(VANGUARD, []))
    assert option(landed, kind="play_card", card="combat/charge", to="melee")
    assert ST.flying(step.state, character(step, VANGUARD)) == 2 and ST.flying(landed.state, character(landed, VANGUARD)) == 0


# --- Hidden and Perception ------------------------------------------------------------------------------------
def test_stealth_hides_as_a_free_action_and_combat_cannot_be_initiated_with_you():
    step = conflict(MIRAGE, (HOPE,))
    step = pass_until(step, lambda s: s.state["turn"]["at"] == "gm" or s.state["turn"]["phase"] != "start")
    step = combat_phase(step, "gm")
    step = edited(step, lambda s: s["turn"].update(phase="start", initiating="heroes"))
    hide = option(step, kind="hide", character=MIRAGE)
    step = play(step, hide)
    assert "hidden" in statuses(step, MIRAGE)
    heroes = combat_phase(step, "heroes")
    assert refused(heroes, {"player": 1, "kind": "initiate", "character": HOPE, "target": MIRAGE}) == "target_hidden"


def test_only_a_character_with_stealth_hides():
    step = conflict(SIMOAKLI, (HOPE,))
    assert refused(step, {"player": 1, "kind": "hide", "character": HOPE}) == "no_stealth"


def test_a_hidden_character_can_only_sneak_attack():
    step = combat_phase(edited(conflict(MIRAGE, (HOPE,)), set_statuses(MIRAGE, ["hidden"])), "gm")
    assert refused(step, {"player": 0, "kind": "initiate", "character": MIRAGE, "target": HOPE}) == \
        "hidden_sneak_attack_only"
    kinds = {o["kind"] for d in step.pending for o in d["options"]}
    assert "sneak_attack" in kinds and "initiate" not in kinds
    seen = edited(step, set_statuses(MIRAGE, []))
    move = {"player": 0, "kind": "sneak_attack", "character": MIRAGE, "target": HOPE, "distance": "melee"}
    assert refused(seen, move) == "not_hidden"


def test_perceived_with_perception_vs_stealth_ends_hidden_and_surprises():
    step = edited(conflict(MIRAGE, (HOPE,)), set_statuses(MIRAGE, ["hidden"]))
    move = option(step, kind="perceive", character=HOPE, target=MIRAGE)
    for k in range(60):
        after = play(with_rng(step, k), move)
        roll = next(e for e in after.events if e["type"] == "roll")
        assert roll["purpose"] == "perception" and [r["who"] for r in roll["rolls"]] == [HOPE, MIRAGE]
        assert [p["name"] for p in roll["rolls"][0]["parts"]] == ["Mind", "Perception"]
        assert [p["name"] for p in roll["rolls"][1]["parts"]] == ["Body", "Stealth"]
        if roll["winner"] == HOPE:
            assert statuses(after, MIRAGE) == ["surprised"]
            return
        assert statuses(after, MIRAGE) == ["hidden"]  # a tie or a loss: still Hidden
    raise AssertionError("Hope never perceived Madame Mirage")


def test_only_a_hidden_character_of_the_other_side_is_perceived():
    step = conflict(MIRAGE, (HOPE,))
    assert refused(step, {"player": 1, "kind": "perceive", "character": HOPE, "target": MIRAGE}) == "not_hidden"
    assert refused(step, {"player": 1, "kind": "perceive", "character": HOPE, "target": HOPE}) == "not_a_target"


# --- Sneak Attack ------------------------------------------------------------------------------------------------
def sneak(step: engine.Step, distance: str) -> engine.Step:
    step = combat_phase(edited(step, set_statuses(MIRAGE, ["hidden"])), "gm")
    return play(step, option(step, kind="sneak_attack", character=MIRAGE, target=HOPE, distance=distance))


def test_a_sneak_attack_initiates_combat_at_the_distance_chosen_and_skips_the_movement_step():
    for distance in ("melee", "ranged"):
        step = sneak(conflict(MIRAGE, (HOPE,)), distance)
        combat = step.state["combat"]
        assert (combat["attacker"], combat["defender"]) == (MIRAGE, HOPE)
        assert combat["step"] == "maneuver" and combat["distance"] == distance
        assert step.state["turn"]["initiated"] == {MIRAGE: [HOPE]}
        assert "hidden" not in statuses(step, MIRAGE)  # "until you make a Sneak attack"
        assert {"type": "combat_step", "step": "maneuver", "distance": distance} in step.events


def test_a_sneak_attack_rolls_stealth_vs_perception_the_loser_is_surprised_a_tie_surprises_no_one():
    base = conflict(MIRAGE, (HOPE,))
    seen = set()
    for k in range(80):
        step = sneak(with_rng(base, k), "melee")
        roll = next(e for e in step.events if e["type"] == "roll")
        assert roll["purpose"] == "sneak attack"
        assert [p["name"] for p in roll["rolls"][0]["parts"]] == ["Body", "Stealth"]
        assert [p["name"] for p in roll["rolls"][1]["parts"]] == ["Mind", "Perception"]
        totals = [r["total"] for r in roll["rolls"]]
        surprised = [c for c in (MIRAGE, HOPE) if "surprised" in statuses(step, c)]
        if totals[0] > totals[1]:
            assert surprised == [HOPE]
        elif totals[0] < totals[1]:
            assert surprised == [MIRAGE]
        else:
            assert surprised == []
        seen.add((totals[0] > totals[1]) - (totals[0] < totals[1]))
    assert seen == {-1, 0, 1}


# --- Identity -------------------------------------------------------------------------------------------------
def test_identify_as_anything_you_wish_or_no_identity_one_at_a_time():
    step = conflict(SIMOAKLI, (HOPE,))
    identities = {o["identity"] for d in step.pending for o in d["options"]
                  if o["kind"] == "identity" and o["character"] == HOPE}
    assert identities == set(ST.IDENTITIES)  # no Identity yet: choosing none changes nothing
    step = play(step, option(step, kind="identity", character=HOPE, identity="civilian"))
    assert step.state["identities"] == {HOPE: "civilian"}
    assert {"type": "identity_changed", "character": HOPE, "identity": "civilian"} in step.events
    move = {"player": 1, "kind": "identity", "character": HOPE, "identity": "public hero"}
    assert ST.free_error(step.state, move)[0] == "free_action_used_this_turn"
    assert refused(conflict(SIMOAKLI, (HOPE,)), {**move, "identity": "a dragon"}) == "no_such_identity"
    step = pass_until(step, lambda s: s.state["turn"]["number"] == 2)
    step = play(step, option(step, kind="identity", character=HOPE, identity=None))
    assert step.state["identities"] == {}


# --- The state check -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("change", [
    lambda s: s.update(identities={HOPE: "a dragon"}),
    lambda s: s.update(identities={ATHENA: "civilian"}),  # not in play
    lambda s: s.update(identities=[]),
    lambda s: s["turn"].update(sent_prone=[HOPE, HOPE]),
    lambda s: s["turn"].update(sent_prone=["hero/nobody"]),
    lambda s: s["turn"].update(free={HOPE: ["fly", "fly"]}),
], ids=["unknown identity", "identity out of play", "identities not a map", "prone twice", "prone unknown",
        "a free action twice"])
def test_a_tampered_identity_or_prone_record_is_invalid(change):
    state = copy.deepcopy(conflict(SIMOAKLI, (HOPE,)).state)
    change(state)
    with pytest.raises(InvalidState):
        engine.check_state(state)


def test_the_game_lists_every_new_move_kind_and_rule_code():
    from core.games.plot_twist import game
    assert set(ST.FREE_KINDS) | {"sneak_attack"} <= set(game.MOVE_KINDS)
    assert set(ST.RULE_CODES) <= set(game.RULE_CODES) and "identity_changed" in game.EVENT_TYPES
