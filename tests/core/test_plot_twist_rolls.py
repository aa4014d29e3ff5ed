"""Plot Twist's rolls and damage arithmetic, rule by rule (shared/rules/plot-twist-rules.md:
Pools, Rolls, Fixed/Opposing/Chosen/Damage Rolls, Automatic Successes, Margin; the attacks,
Armor and Cover, Stress and Trauma, Resistances) and docs/rulings-plot-twist.md, Rolls.

The rulebook's examples lay their coins out by hand (`coins(heads, tails)`) and are judged;
the rest flips from a seeded `core.framework.rng.Rng`.
"""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.framework.rng import Rng
from core.games.plot_twist.rolls import damage, rolls
from core.games.plot_twist.rolls.rolls import Pool, Throw


def coins(heads: int, tails: int) -> tuple[int, ...]:
    """Heads and tails interleaved, so no test leans on the heads coming first."""
    out = []
    while heads or tails:
        if heads:
            out, heads = out + [1], heads - 1
        if tails:
            out, tails = out + [0], tails - 1
    return tuple(out)


def thrown(who, parts, heads, automatic=0):
    pool = Pool.of(parts)
    return Throw(who, pool, coins(heads, pool.size - heads), automatic)


SIMOAKLI = {"Body": 6, "Fighting": 4}
HOPE = {"Body": 2, "Agility": 3}


# Pools

def test_pool_is_the_sum_of_its_parts():
    pool = Pool.of([("Body", 6), ("Fighting", 4), ("modifier: Prone", -2)])
    assert pool.size == 8
    assert pool.to_json() == [{"name": "Body", "value": 6}, {"name": "Fighting", "value": 4},
                              {"name": "modifier: Prone", "value": -2}]


def test_pool_is_never_below_zero():
    assert Pool.of([("Body", 1), ("Surprised", -2)]).size == 0
    result, event = rolls.fixed_roll(Rng.from_seed(1), "Hope", [("Body", 1), ("Surprised", -2)], 0)
    assert event["rolls"][0]["coins"] == [] and event["rolls"][0]["pool"] == 0
    assert not result.won


def test_a_pool_past_the_bound_or_a_wrong_part_is_refused():
    with pytest.raises(ValueError):
        Pool.of([("Body", rolls.MAX_POOL + 1)])
    with pytest.raises(ValueError):
        Pool.of([("Body", "6")])
    with pytest.raises(ValueError):
        Pool.of([6])


# Rolls: coins from the state's RNG

def test_heads_is_a_success():
    throw = Throw("Hope", Pool.of([("Body", 2), ("Agility", 3)]), (1, 0, 1, 1, 0))
    assert throw.successes == 3 and throw.total == 3


def test_a_roll_flips_as_many_coins_as_the_pool():
    with pytest.raises(ValueError):
        Throw("Hope", Pool.of([("Body", 2), ("Agility", 3)]), (1, 0, 1, 1))
    with pytest.raises(ValueError):
        Throw("Hope", Pool.of([("Body", 2)]), (1, 2))


def test_determinism_same_rng_state_same_coins():
    a, b = Rng.from_seed("plot-twist"), Rng.from_seed("plot-twist")
    first = rolls.opposing_roll(a, [("Dr. Simoakli", SIMOAKLI.items()), ("Hope", HOPE.items())])[1]
    second = rolls.opposing_roll(b, [("Dr. Simoakli", SIMOAKLI.items()), ("Hope", HOPE.items())])[1]
    assert first == second and a.dump() == b.dump()
    assert [len(r["coins"]) for r in first["rolls"]] == [10, 5]


def test_determinism_coins_consumed_equal_the_pool():
    rng, twin = Rng.from_seed(7), Rng.from_seed(7)
    _, event = rolls.fixed_roll(rng, "Hope", [("Body", 2), ("Agility", 3)], 2, automatic=3)
    expected = [twin.below(2) for _ in range(5)]
    assert event["rolls"][0]["coins"] == expected
    assert rng.dump() == twin.dump()  # five coins drawn: not one more for the Automatic Successes


def test_coins_are_heads_or_tails_and_both_show():
    flipped = rolls.flip(Rng.from_seed(3), rolls.MAX_POOL)
    assert set(flipped) == {0, 1} and 25 < sum(flipped) < 75
    with pytest.raises(ValueError):
        rolls.flip(Rng.from_seed(3), rolls.MAX_POOL + 1)  # a bound, never a loop over a bare number


# Fixed Rolls and Margin

def test_fixed_roll_wins_with_more_successes_than_the_difficulty():
    result, event = rolls.judge_fixed(thrown("Hope", [("Mind", 3), ("Perception", 2)], 3), 2)
    assert result.won and result.margin == 1
    assert event["winner"] == "Hope" and event["difficulty"] == 2 and event["defeated"] == []


def test_margin_of_at_least_1_to_win():
    tie, event = rolls.judge_fixed(thrown("Hope", [("Mind", 3), ("Perception", 2)], 2), 2)
    assert not tie.won and tie.margin == 0 and event["winner"] is None and event["defeated"] == ["Hope"]
    # Perception against Difficulty 0: one Success is a Margin of 1.
    assert rolls.judge_fixed(thrown("Hope", [("Mind", 3)], 1), 0)[0].margin == 1
    assert not rolls.judge_fixed(thrown("Hope", [("Mind", 3)], 0), 0)[0].won


# Opposing Rolls

def test_opposing_roll_dr_simoakli_vs_hope_the_attack_hits():
    attack = damage.attack_parts("melee", SIMOAKLI)
    defense = damage.defense_parts("melee", HOPE)
    assert Pool.of(attack).size == 10 and Pool.of(defense).size == 5
    result, event = rolls.judge_opposing([thrown("Dr. Simoakli", attack, 6), thrown("Hope", defense, 2)],
                                         purpose="melee attack")
    assert result.winner == "Dr. Simoakli" and result.defeated == ("Hope",) and result.margin == 4
    assert event == {
        "type": "roll", "kind": "opposing", "purpose": "melee attack",
        "rolls": [
            {"who": "Dr. Simoakli", "pool": 10,
             "parts": [{"name": "Body", "value": 6}, {"name": "Fighting", "value": 4}],
             "coins": [1, 0, 1, 0, 1, 0, 1, 0, 1, 1], "successes": 6, "automatic": 0, "total": 6},
            {"who": "Hope", "pool": 5,
             "parts": [{"name": "Body", "value": 2}, {"name": "Agility", "value": 3}],
             "coins": [1, 0, 1, 0, 0], "successes": 2, "automatic": 0, "total": 2},
        ],
        "winner": "Dr. Simoakli", "defeated": ["Hope"], "margin": 4}


def test_the_defender_winning_is_no_hit():
    result, _ = rolls.judge_opposing([thrown("Dr. Simoakli", SIMOAKLI.items(), 2),
                                      thrown("Hope", HOPE.items(), 4)])
    assert result.winner == "Hope" and result.defeated == ("Dr. Simoakli",) and result.margin == 2


def test_ties_defeat_everyone():
    result, event = rolls.judge_opposing([thrown("Dr. Simoakli", SIMOAKLI.items(), 3),
                                          thrown("Hope", HOPE.items(), 3)])
    assert result.winner is None and result.defeated == ("Dr. Simoakli", "Hope") and result.margin == 0
    assert event["winner"] is None and event["defeated"] == ["Dr. Simoakli", "Hope"]


def test_ties_defeat_everyone_with_three_characters():
    throws = [thrown("A", [("Body", 5)], 3), thrown("B", [("Body", 5)], 3), thrown("C", [("Body", 5)], 1)]
    result, _ = rolls.judge_opposing(throws)
    assert result.winner is None and result.defeated == ("A", "B", "C")
    # the margin of a lone winner is over the best of the others
    result, _ = rolls.judge_opposing([thrown("A", [("Body", 5)], 4)] + throws[1:])
    assert result.winner == "A" and result.margin == 1 and result.defeated == ("B", "C")


def test_ties_defeat_everyone_unless_specified_otherwise():
    # Sneak Attack: "In case of a tie, no one is Surprised."
    result, _ = rolls.judge_opposing([thrown("Hope", [("Body", 2), ("Stealth", 3)], 2),
                                      thrown("Dr. Simoakli", [("Mind", 3), ("Perception", 1)], 2),
                                      thrown("Mook", [("Mind", 2)], 1)], ties_defeat=False)
    assert result.winner is None and result.defeated == ("Mook",)


def test_an_opposing_roll_needs_two_different_characters():
    with pytest.raises(ValueError):
        rolls.judge_opposing([thrown("Hope", HOPE.items(), 2)])
    with pytest.raises(ValueError):
        rolls.judge_opposing([thrown("Hope", HOPE.items(), 2), thrown("Hope", HOPE.items(), 1)])


# Automatic Successes

def test_automatic_successes_do_not_change_the_pool():
    result, event = rolls.judge_fixed(thrown("Hope", [("Body", 2), ("Agility", 3)], 2, automatic=2), 3)
    roll = event["rolls"][0]
    assert roll["pool"] == 5 and len(roll["coins"]) == 5
    assert roll["successes"] == 2 and roll["automatic"] == 2 and roll["total"] == 4
    assert result.won and result.margin == 1  # 2 Successes alone would have lost


def test_automatic_successes_count_in_an_opposing_roll():
    result, _ = rolls.judge_opposing([thrown("Dr. Simoakli", SIMOAKLI.items(), 4),
                                      thrown("Hope", HOPE.items(), 3, automatic=2)])
    assert result.winner == "Hope" and result.margin == 1


# Chosen Roll

def test_chosen_healing_roll_chooses_3_needs_4_successes_regenerates_3():
    parts = damage.healing_parts("physical", {"Body": 3, "Healing": 3})
    won, event = rolls.judge_chosen(thrown("Athena", parts, 4), 3, purpose="healing")
    assert won.won and won.value == 3 and won.margin == 1
    assert event["chosen"] == 3 and event["winner"] == "Athena"
    lost, _ = rolls.judge_chosen(thrown("Athena", parts, 3), 3)
    assert not lost.won and lost.value == 0
    counters, removed = damage.regenerate({"stress": 5, "trauma": 2}, won.value)
    assert counters == {"stress": 2, "trauma": 2} and removed == 3


def test_chosen_numbers_offered_are_those_that_can_win():
    assert rolls.chosen_numbers(6) == [1, 2, 3, 4, 5]
    assert rolls.chosen_numbers(6, most=2) == [1, 2]
    assert rolls.chosen_numbers(0, automatic=1) == []


# Damage Rolls

def test_damage_roll_athena_body_5_weapon_plus_1_stress():
    weapon = {"name": "Athena's Spear", "type": "melee", "bonus": "*/1"}
    parts = damage.damage_parts("melee", {"Body": 5}, weapon=weapon)
    assert Pool.of(parts).size == 6
    result, event = rolls.judge_damage(rolls.damage_throw("Athena", parts, coins(3, 3)))
    assert result.damage == 4 and result.value == 4
    assert event["damage"] == 4
    assert event["rolls"][0]["successes"] == 3 and event["rolls"][0]["automatic"] == 1
    assert "winner" not in event


def test_damage_roll_unaltered_damage_is_never_0():
    result, _ = rolls.judge_damage(rolls.damage_throw("Athena", [("Body", 2)], (0, 0)))
    assert result.damage == 1


def test_damage_roll_empty_pool_no_automatic_success():
    parts = damage.damage_parts("melee", {"Body": 3}, armor=2, cover=1)
    assert Pool.of(parts).size == 0
    rng = Rng.from_seed(11)
    before = rng.dump()
    result, event = rolls.damage_roll(rng, "Hope", parts)
    assert result.damage == 0 and event["rolls"][0]["automatic"] == 0 and event["rolls"][0]["coins"] == []
    assert rng.dump() == before  # no coin flipped
    # a card that says otherwise
    assert rolls.judge_damage(rolls.damage_throw("Hope", parts, (), empty_pool_automatic=True))[0].damage == 1


def test_damage_roll_automatic_success_unless_modified():
    _, event = rolls.damage_roll(Rng.from_seed(2), "Athena", [("Body", 5)])
    assert event["rolls"][0]["automatic"] == 1 and event["damage"] == event["rolls"][0]["successes"] + 1
    assert rolls.judge_damage(rolls.damage_throw("Hope", [("Body", 2)], (1, 0), automatic=0))[0].damage == 1
    assert rolls.judge_damage(rolls.damage_throw("Hope", [("Body", 2)], (1, 0), automatic=2))[0].damage == 3


# The attacks

def test_attacks_use_the_right_attribute_and_heroic():
    ratings = {"Body": 4, "Mind": 5, "Charm": 3, "Power": 2, "Fighting": 1, "Agility": 2,
               "Energy Projection": 3, "Reflexes": 1, "Flight": 2, "Psyche": 4, "Resilience": 1,
               "Offend": 2, "Rebutt": 3}
    assert damage.attack_parts("ranged", ratings) == [("Mind", 5), ("Energy Projection", 3)]
    assert damage.defense_parts("ranged", ratings) == [("Body", 4), ("Flight", 2)]
    assert damage.defense_parts("ranged", ratings, "Reflexes") == [("Body", 4), ("Reflexes", 1)]
    assert damage.attack_parts("mental", ratings) == [("Mind", 5), ("Psyche", 4)]
    assert damage.defense_parts("mental", ratings) == [("Mind", 5), ("Psyche", 4)]
    assert damage.attack_parts("social", ratings, [("Surprised", -2)]) == \
        [("Charm", 3), ("Offend", 2), ("Surprised", -2)]
    assert damage.defense_parts("social", ratings) == [("Charm", 3), ("Rebutt", 3)]
    assert damage.defense_parts("melee", ratings) == [("Body", 4), ("Agility", 2)]
    with pytest.raises(ValueError):
        damage.defense_parts("melee", ratings, "Psyche")
    assert [damage.ATTACKS[a].damage_attribute for a in ("melee", "ranged", "mental", "social")] == \
        ["Body", "Power", "Mind", "Charm"]
    assert [damage.ATTACKS[a].resistance for a in ("melee", "ranged", "mental", "social")] == \
        ["physical", "physical", "mental", "social"]


def test_melee_attacks_cannot_be_used_at_ranged_distance():
    assert damage.attack_refusal("melee", SIMOAKLI, "ranged") == "melee_attack_at_ranged_distance"
    assert damage.attack_refusal("melee", SIMOAKLI, "melee") is None
    assert damage.attack_refusal("social", {"Charm": 1}, "ranged") is None


def test_ranged_and_mental_attacks_require_their_heroic():
    assert damage.attack_refusal("ranged", {"Mind": 5}, "ranged") == "heroic_required"
    assert damage.attack_refusal("ranged", {"Mind": 5, "Energy Projection": 1}, "melee") is None
    assert damage.attack_refusal("mental", {"Mind": 5}, "melee") == "heroic_required"


def test_weapon_bonus_examples():
    assert damage.weapon_bonus("0/2", trauma=True) == 0 and damage.weapon_bonus("0/2", trauma=False) == 2
    assert damage.weapon_bonus("*/1", trauma=True) is None and damage.weapon_bonus("*/1", trauma=False) == 1
    spear = {"name": "Spear", "type": "melee", "bonus": "*/1"}
    with pytest.raises(ValueError):
        damage.damage_parts("melee", {"Body": 5}, weapon=spear, trauma=True)
    blade = {"name": "Blade", "type": "melee", "bonus": "0/2"}
    assert damage.damage_parts("melee", {"Body": 5}, weapon=blade, trauma=True) == [("Body", 5), ("Blade", 0)]
    # a melee weapon does nothing for a ranged attack
    assert damage.damage_parts("ranged", {"Power": 3}, weapon=blade) == [("Power", 3)]


def test_damage_is_attribute_weapon_bonuses_minus_armor_and_cover():
    gun = {"name": "Blaster", "type": "ranged", "bonus": "*/2"}
    parts = damage.damage_parts("ranged", {"Power": 3}, weapon=gun, bonuses=[("Aim: Headshot", 1)],
                                armor=damage.armor("ranged", ["Armor", "Tank"], 2), cover=1)
    assert parts == [("Power", 3), ("Blaster", 2), ("Aim: Headshot", 1), ("Armor", -2), ("Cover", -1)]
    assert Pool.of(parts).size == 3


def test_armor_equals_power_against_its_attacks():
    assert damage.armor("melee", ["Armor"], 4) == 4
    assert damage.armor("mental", ["Armor"], 4) == 0
    assert damage.armor("mental", ["Mental Armor"], 4, modifier=-1) == 3
    assert damage.armor("social", ["Armor", "Mental Armor"], 4) == 0


def test_social_attacks_cause_no_trauma():
    with pytest.raises(ValueError):
        damage.damage_parts("social", {"Charm": 3}, trauma=True)


def test_overcharged_ranged_attacks_cause_2_more_stress():
    assert damage.damage_parts("ranged", {"Power": 3}, keywords=["Overcharged"]) == \
        [("Power", 3), ("Overcharged", 2)]
    assert damage.damage_parts("melee", {"Body": 3}, keywords=["Overcharged"]) == [("Body", 3)]
    gun = {"name": "Overcharged Cannon", "type": "ranged", "bonus": "*/4", "overcharged": True}
    assert damage.damage_parts("ranged", {"Power": 3}, weapon=gun, keywords=["Overcharged"]) == \
        [("Power", 3), ("Overcharged Cannon", 4)]


# Resistances, Stress and Trauma

def test_resistances_are_the_attribute_times_3():
    ratings = {"Body": 5, "Mind": 2, "Charm": 4}
    assert [damage.resistance(k, ratings) for k in ("physical", "mental", "social")] == [15, 6, 12]


def test_stress_never_above_the_printed_resistance():
    counters, placed = damage.hit({"stress": 10, "trauma": 3}, 15, 4)
    assert counters == {"stress": 12, "trauma": 3} and placed == 2
    counters, placed = damage.hit({"stress": 1, "trauma": 0}, 6, 2, trauma=True)
    assert counters == {"stress": 1, "trauma": 2} and placed == 2
    with pytest.raises(ValueError):
        damage.hit({"stress": 5, "trauma": 2}, 6, 1)


def test_full_physical_or_mental_resistance_incapacitates():
    counters, _ = damage.hit({"stress": 3, "trauma": 0}, 6, 4)
    assert damage.is_full(counters, 6)
    assert damage.CONSEQUENCES["physical"] == damage.CONSEQUENCES["mental"] == "incapacitated"
    assert not damage.is_full({"stress": 4, "trauma": 1}, 6)


def test_full_social_resistance_demoralizes():
    counters, _ = damage.hit({"stress": 10, "trauma": 0}, 12, 2)
    assert damage.is_full(counters, 12) and damage.CONSEQUENCES["social"] == "demoralized"
    # losing Social Stress ends it
    assert not damage.is_full(damage.regenerate(counters, 1)[0], 12)


def test_regeneration_removes_stress_not_trauma():
    assert damage.regenerate({"stress": 2, "trauma": 3}, 5) == ({"stress": 0, "trauma": 3}, 2)
    assert damage.remove_trauma({"stress": 2, "trauma": 3}, 1) == ({"stress": 2, "trauma": 2}, 1)
    assert (damage.ENERGY_PER_STRESS, damage.ENERGY_PER_TRAUMA) == (1, 2)


def test_trauma_costs_belief_or_hate_point_for_point():
    assert damage.trauma_payable(3, 5) == 3
    assert damage.trauma_payable(3, 1) == 1
    assert damage.trauma_payable(3, 0) == 0


# The event

def test_the_event_is_json_and_checks_out():
    _, event = rolls.opposing_roll(Rng.from_seed(5), [("Dr. Simoakli", SIMOAKLI.items()),
                                                      ("Hope", HOPE.items(), 1)])
    assert json.loads(json.dumps(event)) == event
    totals = [r["total"] for r in event["rolls"]]
    if totals[0] == totals[1]:
        assert event["winner"] is None
    else:
        assert event["winner"] == ["Dr. Simoakli", "Hope"][totals.index(max(totals))]
        assert event["margin"] == abs(totals[0] - totals[1])


parts_strategy = st.lists(st.tuples(st.sampled_from(["Body", "Mind", "Fighting", "Energy", "Prone", "Armor"]),
                                    st.integers(-6, 8)), max_size=5)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32), parts=parts_strategy, automatic=st.integers(0, 3),
       kind=st.sampled_from(rolls.KINDS), target=st.integers(0, 6))
def test_property_event_lists_pool_coins_and_total_is_successes_plus_automatic(
        seed, parts, automatic, kind, target):
    rng, twin = Rng.from_seed(seed), Rng.from_seed(seed)
    if kind == "fixed":
        result, event = rolls.fixed_roll(rng, "Hope", parts, target, automatic)
    elif kind == "chosen":
        result, event = rolls.chosen_roll(rng, "Hope", parts, target, automatic)
    elif kind == "damage":
        result, event = rolls.damage_roll(rng, "Hope", parts, automatic)
    else:
        result, event = rolls.opposing_roll(rng, [("Hope", parts, automatic), ("Mook", [("Body", target)])])
    size = max(0, sum(v for _, v in parts))
    assert event["rolls"][0]["pool"] == size
    assert [(p["name"], p["value"]) for p in event["rolls"][0]["parts"]] == parts
    for roll in event["rolls"]:
        assert len(roll["coins"]) == roll["pool"] and set(roll["coins"]) <= {0, 1}
        assert roll["total"] == sum(roll["coins"]) + roll["automatic"]
    assert [c for r in event["rolls"] for c in r["coins"]] == [twin.below(2) for _ in range(
        sum(r["pool"] for r in event["rolls"]))]
    assert rng.dump() == twin.dump()
    if kind in ("fixed", "chosen"):
        total = event["rolls"][0]["total"]
        assert result.won == (total > target) and event["margin"] == (total - target if total > target else 0)
    if kind == "damage":
        assert event["damage"] == event["rolls"][0]["total"]
        assert event["rolls"][0]["automatic"] == (automatic if size else 0)
