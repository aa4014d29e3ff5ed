"""Plot Twist's Setup, the deck-building rules (core/games/plot_twist/setup/decks.py), one test per rule
from the rulebook's words (shared/rules/plot-twist-rules.md: Setup, Uniqueness Rule, Character
Cluster, Plot Hand, Character Classes and Colors, Equipment cards, Mook cards, Objective Cards,
Events Cluster, Twists Deck, Combat deck) and one per ruling of docs/rulings-plot-twist.md
(`test_ruling_...`). The cards are the house starter set's; the comments say what they are.
"""

import random

import pytest

from core.games.plot_twist import cards as C
from core.games.plot_twist.setup import decks as D

SIMOAKLI = ("villain/dr-simoakli",)  # Black; Healing; ARMOR - RICH
KRAGG = ("villain/warlord-kragg",)   # Red; Energy Projection, Flight; ARMOR - OVERCHARGED - TACTICIAN
FIVE = ("hero/athena", "hero/hope", "hero/lucid", "hero/captain-meridian", "hero/bulwark")


def code(refusal):
    return refusal and refusal[0]


# Setup 1: "each Player places his Chosen Hero and Equipment"; "A Game can never have more than
# 5 Heroes total."; "There can never be 2 copies of the same Character in play at any time."
def test_each_player_places_one_hero():
    assert code(D.hero_error("hero/hope", in_play=["hero/athena"], mine=["hero/athena"])) == "one_hero_per_player"
    assert D.hero_error("hero/hope", in_play=["hero/athena"], mine=[]) is None  # another player's Athena
    assert D.hero_picks(["hero/athena"], mine=["hero/athena"]) == []


def test_a_game_can_never_have_more_than_five_heroes():
    assert code(D.hero_error("hero/tinkerbolt", in_play=FIVE)) == "five_heroes_at_most"
    assert D.hero_picks(FIVE) == []
    assert D.hero_picks(FIVE[:4]) == ["hero/bulwark", "hero/tinkerbolt", "hero/vanguard"]


def test_there_can_never_be_two_copies_of_the_same_character_in_play():
    assert code(D.hero_error("hero/athena", in_play=["hero/athena"])) == "character_copy_in_play"
    assert "hero/athena" not in D.hero_picks(["hero/athena"])
    assert code(D.mook_error("mook/lab-goons", ["villain/dr-simoakli", "mook/lab-goons"], heroes=3)) == "character_copy_in_play"


def test_personas_are_not_names():
    """"A card is considered a copy of another if it has the same name"; "Personas are not Names"."""
    assert code(D.uniqueness_error("villain/dr-simoakli-unbound", ["villain/dr-simoakli"])) == "character_copy_in_play"
    assert D.uniqueness_error("villain/madame-mirage", ["villain/dr-simoakli"]) is None


def test_the_gm_places_one_main_villain():
    assert code(D.villain_error("villain/madame-mirage", ["villain/dr-simoakli"])) == "one_main_villain"
    assert D.villain_picks(["villain/dr-simoakli"]) == []


def test_no_non_combat_card_may_have_the_name_of_one_in_play():
    """"You cannot play a non-Combat card or Reveal an Event with the same Name as one in play.\""""
    placed = ["villain/dr-simoakli", "equipment/vibro-blade", "location/harbor-docks"]
    assert code(D.equipment_error("equipment/vibro-blade", "hero/athena", (), placed)) == "name_in_play"
    assert code(D.location_error("location/harbor-docks", SIMOAKLI, placed)) == "name_in_play"
    assert D.uniqueness_error("combat/charge", ["combat/charge"]) is None  # Combat cards are not bound


def test_only_one_equipment_may_be_used_at_a_time():
    """"Only one equipment may be used at any time by a Character, unless noted in cards.\""""
    assert code(D.equipment_error("equipment/spear-of-pallas", "hero/athena", ["equipment/vibro-blade"])) == "one_equipment"
    assert D.equipment_picks("hero/athena", carried=["equipment/vibro-blade"]) == []
    assert D.equipment_picks("hero/athena") == ["equipment/spear-of-pallas", "equipment/vibro-blade"]


def test_mooks_and_allies_cannot_use_or_have_equipment():
    for character in ("mook/lab-goons", "ally/rook"):
        assert code(D.equipment_error("equipment/vibro-blade", character)) == "no_equipment"


# Character Classes and Colors.
def test_only_characters_of_a_cards_color_can_play_or_use_it():
    """"If a card is of a determined Color, and is not a Twist! only Characters of that color can
    play or otherwise use the card.\""""
    assert code(D.equipment_error("equipment/spear-of-pallas", "hero/hope")) == "wrong_color"  # Black, Hope Green
    assert D.equipment_error("equipment/spear-of-pallas", "hero/athena") is None
    assert code(D.combat_error("combat/flurry", ("hero/lucid",))) == "wrong_color"
    assert code(D.plot_error("detail/protective-instinct", "hero", ("hero/athena",))) == "wrong_color"
    assert code(D.event_error("event/surgical-lockdown", ("villain/madame-mirage",))) == "wrong_color"
    assert code(D.objective_error("objective/organ-harvest", KRAGG)) == "wrong_color"
    assert "combat/flurry" not in D.combat_picks(("hero/lucid",)) and "combat/flurry" in D.combat_picks(("hero/athena",))


def test_golden_cards_may_be_played_by_anyone():
    golden = [c for c in C.GOLDEN if not C.requirements(c) and C.TYPE[c] != "twist"]
    assert len(golden) >= 20
    for user in C.IDS_OF["hero"] + C.IDS_OF["villain"]:
        assert all(D.use_error(card, user) is None for card in golden), user


def test_a_golden_card_may_require_a_class():
    """"Cards can require specific Classes and be Golden." Shield Wall: Golden, Requires Tank."""
    assert D.combat_error("combat/shield-wall", ("hero/bulwark",)) is None      # Red Tank
    assert D.combat_error("combat/shield-wall", ("hero/vanguard",)) is None     # Red Tank-Captain
    assert code(D.combat_error("combat/shield-wall", ("hero/athena",))) == "requirement_unmet"
    assert D.equipment_error("equipment/nightmare-circlet", "hero/lucid") is None  # Golden, Requires Mentalist
    assert code(D.equipment_error("equipment/nightmare-circlet", "villain/madame-mirage")) == "requirement_unmet"


def test_a_red_card_that_requires_captain_needs_a_red_character_who_is_a_captain():
    """"You may have a Red card that has 'Requires Captain' printed. That Card requires both a Red
    Character and a Character that is a Captain." Aegis Standard: Red, Requires Captain."""
    assert D.equipment_error("equipment/aegis-standard", "hero/vanguard") is None
    assert code(D.equipment_error("equipment/aegis-standard", "hero/bulwark")) == "requirement_unmet"
    assert code(D.equipment_error("equipment/aegis-standard", "hero/captain-meridian")) == "wrong_color"


def test_a_twist_of_a_color_checks_for_a_hero_of_that_color_in_play():
    """"If the card is a Twist! it only checks for the presence of any Hero of that Color in play,
    since Twists! are not played by anyone specifically." Inspiring Speech is Silver."""
    assert code(D.twist_error("twist/inspiring-speech", ["hero/athena"])) == "twist_needs_hero"
    assert D.twist_error("twist/inspiring-speech", ["hero/athena", "hero/captain-meridian"]) is None
    assert "twist/inspiring-speech" in D.twist_picks(["hero/athena", "hero/captain-meridian"])


# Plot Hand: "Each Player chooses 5 Plots or Characters ... You can only have one copy of each
# Plot or Character in your Plot Hand."
HAND = ["detail/lucky-charm", "location/harbor-docks", "bystander/lost-child", "ally/byte", "hero/lucid"]


def test_a_plot_hand_holds_five_plots_or_characters():
    athena = ("hero/athena",)
    assert D.plot_hand_error(HAND, "hero", athena, ["hero/athena"]) is None
    assert code(D.plot_error("detail/call-for-backup", "hero", athena, HAND)) == "plot_hand_full"
    assert code(D.plot_error("combat/charge", "hero", athena)) == "wrong_card_type"
    assert code(D.plot_error("equipment/vibro-blade", "hero", athena)) == "wrong_card_type"
    assert D.plot_picks("hero", athena, HAND) == []


def test_a_plot_hand_holds_one_copy_of_each_card():
    assert code(D.plot_error("bystander/lost-child", "hero", ("hero/athena",), ["bystander/lost-child"])) == "plot_hand_copy"
    # "A card is considered a copy of another if it has the same name": the two Personas too
    assert code(D.plot_error("villain/dr-simoakli-unbound", "gm", KRAGG, ["villain/dr-simoakli"])) == "plot_hand_copy"
    assert D.plot_error("villain/dr-simoakli-unbound", "gm", KRAGG, ["villain/madame-mirage"]) is None


# "All Players select 10 cards to compose their combat decks ... Copies are permitted."
def test_a_combat_deck_holds_ten_cards_and_copies_are_permitted():
    athena = ("hero/athena",)
    assert D.combat_deck_error(["combat/charge"] * 10, athena) is None
    assert code(D.combat_error("combat/charge", athena, ["combat/charge"] * 10)) == "combat_deck_full"
    assert code(D.combat_error("twist/second-wind", athena)) == "wrong_card_type"


# "10 Twists! are placed in this Area ... you may have more than one copy of each card in your
# Twists Deck."
def test_the_twists_deck_holds_ten_twists_and_copies_are_permitted():
    party = ["hero/athena", "hero/hope"]
    assert D.twists_deck_error(["twist/second-wind"] * 10, party) is None
    assert code(D.twist_error("twist/second-wind", party, ["twist/lucky-break"] * 10)) == "twists_deck_full"
    assert D.twist_picks(party, ["twist/lucky-break"] * 10) == []


# "GM chooses 5 Events"; "There can only be one copy of each Event in th Event Cluster."
def test_the_events_cluster_holds_five_events_one_copy_of_each():
    five = ["event/blackout", "event/mind-fog", "event/media-smear", "event/burning-building", "event/hostage-situation"]
    assert D.events_cluster_error(five, SIMOAKLI) is None
    assert code(D.event_error("event/blackout", SIMOAKLI, ["event/blackout"])) == "event_copy"
    assert code(D.event_error("event/surgical-lockdown", SIMOAKLI, five)) == "events_cluster_full"
    assert "event/blackout" not in D.event_picks(SIMOAKLI, ["event/blackout"])


def test_the_objective_may_impose_requisites_on_the_first_location():
    """"Objectives begin the game face-down and may impose requisites to the first Location where
    the Conflict starts." Organ Harvest: Mercy General Hospital or Sector 9 Clinic."""
    harvest = "objective/organ-harvest"
    assert code(D.objective_error(harvest, SIMOAKLI, "location/harbor-docks")) == "objective_location"
    assert D.objective_error(harvest, SIMOAKLI, "location/mercy-general-hospital") is None
    assert harvest not in D.objective_picks(SIMOAKLI, "location/harbor-docks")
    assert D.objective_error("objective/doomsday-clock", SIMOAKLI, "location/harbor-docks") is None  # no requisites


def test_a_pick_must_be_a_card_of_the_kind_asked():
    assert code(D.hero_error("hero/nobody")) == "unknown_card"
    assert code(D.hero_error("villain/dr-simoakli")) == "wrong_card_type"
    assert code(D.villain_error("hero/hope")) == "wrong_card_type"
    assert code(D.event_error("twist/tripwire", SIMOAKLI)) == "wrong_card_type"
    assert code(D.twist_error("event/blackout", ["hero/hope"])) == "wrong_card_type"
    assert code(D.location_error("lair/sunken-lab", SIMOAKLI)) == "wrong_card_type"


def _setup(villain: str, heroes: tuple, rng: random.Random) -> dict:
    """A whole Setup built one legal pick at a time, in the ruling's order."""
    in_play, picks = [villain], {}
    pick = lambda options: rng.choice(options)  # noqa: E731  (an empty list of picks fails the test)
    options = D.equipment_picks(villain, (), in_play)
    in_play += [pick(options)] if options and rng.random() < 0.7 else []
    while rng.random() < 0.7 and (mooks := D.mook_picks(in_play, len(heroes))):
        in_play.append(pick(mooks))
    gm = D.gm_characters(in_play)
    in_play.append(location := pick(D.location_picks(gm, in_play)))
    in_play.append(pick(D.objective_picks(gm, location)))
    for hero in heroes:
        assert D.hero_error(hero, in_play) is None
        in_play.append(hero)
        options = D.equipment_picks(hero, (), in_play)
        in_play += [pick(options)] if options and rng.random() < 0.7 else []
    for side, users in [("gm", gm)] + [("hero", (h,)) for h in heroes]:
        hand = []
        for _ in range(D.PLOT_HAND):
            hand.append(pick(D.plot_picks(side, users, hand, in_play)))
        deck = []
        for _ in range(D.COMBAT_DECK):
            deck.append(pick(D.combat_picks(users, deck)))
        picks[users[0]] = (side, users, hand, deck)
    twists = []
    for _ in range(D.TWISTS_DECK):
        twists.append(pick(D.twist_picks(heroes, twists)))
    cluster = []
    for _ in range(D.EVENTS_CLUSTER):
        cluster.append(pick(D.event_picks(gm, cluster)))
    return {"in_play": in_play, "picks": picks, "twists": twists, "cluster": cluster, "gm": gm}


@pytest.mark.parametrize("villain", C.IDS_OF["villain"])
def test_every_seat_can_complete_a_legal_setup_with_any_villain_and_heroes(villain):
    """The house set always leaves every seat enough legal cards: random parties of 1 to 5 Heroes,
    every pick drawn from the legal picks, and the whole collections pass."""
    rng = random.Random(villain)
    for size in (1, 2, 3, 4, 5) * 4:
        heroes = tuple(rng.sample(C.IDS_OF["hero"], size))
        s = _setup(villain, heroes, rng)
        for side, users, hand, deck in s["picks"].values():
            assert D.plot_hand_error(hand, side, users, s["in_play"]) is None
            assert D.combat_deck_error(deck, users) is None
        assert D.twists_deck_error(s["twists"], heroes) is None
        assert D.events_cluster_error(s["cluster"], s["gm"]) is None


def test_every_refusal_names_a_listed_rule_in_a_sentence():
    """Every predicate over every card, in a few positions: the codes are RULE_CODES (all of
    them reached) and each sentence is a sentence."""
    seen = {}
    ids = list(C.CARD) + ["hero/nobody"]
    crowded = list(FIVE) + ["villain/dr-simoakli", "mook/lab-goons", "equipment/vibro-blade", "location/harbor-docks"]
    for card in ids:
        for refusal in (
            D.hero_error(card, crowded[:1], crowded[:1]), D.hero_error(card, crowded), D.hero_error(card),
            D.villain_error(card, crowded), D.villain_error(card),
            D.mook_error(card, crowded, 1), D.mook_error(card, crowded, 5),
            D.equipment_error(card, "hero/hope", (), crowded), D.equipment_error(card, "mook/lab-goons"),
            D.equipment_error(card, "hero/hope", ["equipment/vibro-blade"]),
            D.location_error(card, KRAGG, crowded, "objective/organ-harvest"),
            D.objective_error(card, SIMOAKLI, "location/harbor-docks"),
            D.plot_error(card, "hero", ("hero/athena",), HAND[:2] * 1, crowded),
            D.plot_error(card, "gm", KRAGG, HAND, crowded),
            D.combat_error(card, ("hero/athena",)), D.combat_error(card, KRAGG, ["combat/charge"] * 10),
            D.twist_error(card, ["hero/athena"]), D.twist_error(card, FIVE, ["twist/dogpile"] * 10),
            D.event_error(card, KRAGG, ["event/blackout"]),
            D.event_error(card, KRAGG, ["event/mind-fog", "event/media-smear", "event/blackout",
                                        "event/burning-building", "event/hostage-situation"]),
            D.plot_hand_error(HAND[:3], "hero", ("hero/athena",)), D.combat_deck_error(["combat/charge"], KRAGG),
            D.twists_deck_error([], FIVE), D.events_cluster_error([], KRAGG),
        ):
            if refusal:
                seen.setdefault(refusal[0], refusal[1])
    assert set(seen) == set(D.RULE_CODES)
    for rule, sentence in seen.items():
        assert sentence[0].isupper() and sentence.endswith(".") and len(sentence.split()) >= 5, (rule, sentence)


# The rulings (docs/rulings-plot-twist.md), one test each.
def test_ruling_a_heros_color_is_its_class_color_and_it_may_print_a_second_class():
    for h in C.IDS_OF["hero"]:
        assert C.CLASS_COLOR[C.CARD[h]["class"]] == C.COLOR[h] and C.CARD[h]["class"] in C.CARD[h]["keywords"]
    vanguard = C.CARD["hero/vanguard"]
    assert vanguard["color"] == "red" and {"tank", "captain"} <= set(vanguard["keywords"])
    # being a Captain does not make Vanguard Silver
    assert code(D.combat_error("combat/withering-remark", ("hero/vanguard",))) == "wrong_color"
    assert D.combat_error("combat/coordinated-assault", ("hero/vanguard",)) is None  # Golden, Requires Captain


def test_ruling_one_character_meets_both_the_color_and_the_requirement():
    """Hold the Line: a Red Twist that Requires Captain. A Red Tank beside a Silver Captain is not
    a Red Captain."""
    assert code(D.twist_error("twist/hold-the-line", ["hero/bulwark", "hero/captain-meridian"])) == "twist_needs_hero"
    assert D.twist_error("twist/hold-the-line", ["hero/athena", "hero/vanguard"]) is None
    assert code(D.usable_error("equipment/aegis-standard", ("hero/bulwark", "hero/captain-meridian"))) == "requirement_unmet"


def test_ruling_requirements_are_checked_as_printed_at_setup():
    """Hope could gain TANK for 2 Belief in play, but Shield Wall (Requires Tank) is refused."""
    assert code(D.combat_error("combat/shield-wall", ("hero/hope",))) == "requirement_unmet"
    assert D.combat_error("combat/first-aid", ("hero/hope",)) is None  # Requires Healing: Hope has Healing 3


def test_ruling_an_attack_kinds_own_requirement_counts_at_setup():
    """Ranged Attacks "require Energy Projection", Mental Attacks "require Psyche"; Melee and Social
    require nothing."""
    assert code(D.equipment_error("equipment/plasma-rifle", "hero/athena")) == "requirement_unmet"
    assert D.equipment_error("equipment/plasma-rifle", "hero/tinkerbolt") is None
    assert code(D.combat_error("combat/energy-blast", ("hero/athena",))) == "requirement_unmet"
    assert code(D.combat_error("combat/psychic-lance", ("villain/dr-simoakli",))) == "wrong_color"
    assert D.combat_error("combat/psychic-lance", ("villain/madame-mirage",)) is None       # Psyche 4
    assert code(D.combat_error("combat/psychic-lance", ("hero/lucid",))) is None            # Psyche 3
    assert D.combat_error("combat/haymaker", ("hero/lucid",)) is None  # Melee: Lucid has no Fighting


def test_ruling_a_character_cards_own_color_is_no_requirement():
    athena = ("hero/athena",)  # Black
    assert D.plot_error("ally/byte", "hero", athena) is None       # a Blue Ally
    assert D.plot_error("hero/lucid", "hero", athena) is None      # a White Hero
    assert D.plot_error("villain/madame-mirage", "gm", SIMOAKLI) is None  # a White Villain for a Black GM
    assert code(D.plot_error("detail/lab-access", "hero", athena)) == "wrong_color"  # a Blue Detail is not a Character


def test_ruling_the_gms_cards_are_used_by_his_villain_or_his_mooks():
    in_play = ["hero/hope", "villain/warlord-kragg", "mook/mind-slaves"]
    gm = D.gm_characters(in_play)
    assert gm == ("villain/warlord-kragg", "mook/mind-slaves")
    assert code(D.combat_error("combat/mind-probe", KRAGG)) == "wrong_color"   # White, Kragg Red
    assert D.combat_error("combat/mind-probe", gm) is None                     # the White Mind-Slaves
    assert D.event_error("event/mass-hysteria", gm) is None
    assert code(D.equipment_error("equipment/psi-amplifier", "villain/warlord-kragg")) == "wrong_color"
    assert code(D.equipment_error("equipment/psi-amplifier", "mook/mind-slaves")) == "no_equipment"


def test_ruling_each_pick_is_checked_against_what_is_already_placed():
    harvest, docks = "objective/organ-harvest", "location/harbor-docks"
    # the Objective's requisites, whichever of the two comes second
    assert code(D.objective_error(harvest, SIMOAKLI, location=docks)) == "objective_location"
    assert code(D.location_error(docks, SIMOAKLI, objective=harvest)) == "objective_location"
    assert D.location_picks(SIMOAKLI, objective=harvest) == ["location/mercy-general-hospital", "location/sector-9-clinic"]
    # the GM's Mooks are placed before the Location: the Black Sector 9 Clinic is Kragg's with Lab Goons
    assert code(D.location_error("location/sector-9-clinic", KRAGG)) == "wrong_color"
    assert D.location_error("location/sector-9-clinic", D.gm_characters(KRAGG + ("mook/lab-goons",))) is None


def test_ruling_the_uniqueness_rule_covers_equipment_at_setup():
    placed = ["villain/warlord-kragg", "equipment/vibro-blade", "hero/athena"]
    assert code(D.equipment_error("equipment/vibro-blade", "hero/athena", (), placed)) == "name_in_play"
    assert D.equipment_picks("hero/athena", (), placed) == ["equipment/spear-of-pallas"]
    assert D.equipment_picks("hero/bulwark", (), placed) == []  # none left he could use: he starts with none


def test_ruling_at_most_as_many_mook_cards_as_heroes():
    one = ["villain/dr-simoakli", "mook/lab-goons"]
    assert code(D.mook_error("mook/sky-drones", one, heroes=1)) == "too_many_mooks"
    assert D.mook_error("mook/sky-drones", one, heroes=2) is None
    assert D.mook_picks(one, heroes=1) == [] and D.mook_picks(one, heroes=3) == ["mook/mind-slaves", "mook/sky-drones"]


def test_ruling_one_main_villain_whatever_the_number_of_heroes():
    assert D.villain_picks(["hero/hope"]) == list(C.IDS_OF["villain"])  # one Hero: still one Villain
    assert code(D.villain_error("villain/warlord-kragg", ["hero/hope", "villain/dr-simoakli"])) == "one_main_villain"


@pytest.mark.parametrize("side,card,rule", [
    ("hero", "detail/lucky-charm", None), ("hero", "location/harbor-docks", None),
    ("hero", "bystander/lost-child", None), ("hero", "ally/byte", None), ("hero", "hero/lucid", None),
    ("hero", "lair/sunken-lab", "plot_not_for_side"), ("hero", "villain/madame-mirage", "plot_not_for_side"),
    ("gm", "location/harbor-docks", None), ("gm", "lair/volcano-fortress", None),
    ("gm", "bystander/lost-child", None), ("gm", "villain/madame-mirage", None),
    ("gm", "detail/lucky-charm", "plot_not_for_side"), ("gm", "ally/byte", "plot_not_for_side"),
    ("gm", "hero/lucid", "plot_not_for_side"), ("gm", "mook/sky-drones", "plot_not_for_side"),
    ("hero", "mook/sky-drones", "plot_not_for_side"),
])
def test_ruling_what_each_sides_plot_hand_may_hold(side, card, rule):
    users = KRAGG if side == "gm" else ("hero/athena",)
    assert code(D.plot_error(card, side, users)) == rule


def test_ruling_a_plot_hand_never_holds_the_very_card_in_play():
    in_play = ["villain/dr-simoakli", "location/harbor-docks", "hero/athena", "hero/lucid"]
    assert code(D.plot_error("villain/dr-simoakli", "gm", SIMOAKLI, [], in_play)) == "plot_copy_in_play"
    assert D.plot_error("villain/dr-simoakli-unbound", "gm", SIMOAKLI, [], in_play) is None  # another Persona
    assert code(D.plot_error("location/harbor-docks", "hero", ("hero/athena",), [], in_play)) == "plot_copy_in_play"
    assert code(D.plot_error("hero/lucid", "hero", ("hero/athena",), [], in_play)) == "plot_copy_in_play"
    assert "hero/lucid" not in D.plot_picks("hero", ("hero/athena",), [], in_play)


def test_ruling_a_colored_twist_needs_its_hero_when_chosen():
    """Dogpile (Golden, Requires Tank) and Power Surge (Blue): the party in play decides."""
    assert code(D.twist_error("twist/dogpile", ["hero/athena", "hero/hope"])) == "twist_needs_hero"
    assert D.twist_error("twist/dogpile", ["hero/athena", "hero/bulwark"]) is None
    assert code(D.twists_deck_error(["twist/power-surge"] * 10, ["hero/athena"])) == "twist_needs_hero"
    assert D.twists_deck_error(["twist/power-surge"] * 10, ["hero/tinkerbolt"]) is None


def test_ruling_the_heroes_pick_twists_in_turn():
    assert [D.twist_picker(n, (1, 2)) for n in range(10)] == [1, 2] * 5
    assert [D.twist_picker(n, (2, 4, 5)) for n in range(4)] == [2, 4, 5, 2]
    assert {D.twist_picker(n, (3,)) for n in range(10)} == {3}


def test_ruling_collections_are_exactly_their_size():
    athena = ("hero/athena",)
    assert code(D.plot_hand_error(HAND[:4], "hero", athena)) == "plot_hand_size"
    assert code(D.combat_deck_error(["combat/charge"] * 9, athena)) == "combat_deck_size"
    assert code(D.twists_deck_error(["twist/second-wind"] * 9, athena)) == "twists_deck_size"
    assert code(D.events_cluster_error(["event/blackout", "event/mind-fog"], SIMOAKLI)) == "events_cluster_size"
    assert code(D.combat_deck_error(["combat/charge"] * 11, athena)) == "combat_deck_full"


def test_every_ruling_names_a_test_that_exists():
    """Each section of docs/rulings-plot-twist.md ends with the test that checks it (in any
    tests/core/test_plot_twist_*.py)."""
    import importlib
    import pathlib
    import re

    doc = (pathlib.Path(__file__).parents[2] / "docs" / "rulings-plot-twist.md").read_text()
    sections = doc.split("\n## ")[2:]  # after the title and "The house starter set"
    assert len(sections) >= 14
    here = dict(globals())
    for path in sorted(pathlib.Path(__file__).parent.glob("test_plot_twist_*.py")):
        here |= vars(importlib.import_module(path.stem))
    tests = {name for name, f in here.items() if name.startswith("test_") and callable(f)}

    def exists(named: str) -> bool:  # `test_determinism_*`: some test of that prefix
        if named.endswith("*"):
            return any(t.startswith(named[:-1]) for t in tests)
        return named in tests

    for section in sections:
        named = re.findall(r"`(test_\w+\*?)`", section)
        assert named and all(exists(name) for name in named), section.splitlines()[0]


@pytest.mark.parametrize("seed", range(4))
def test_the_plot_and_combat_picks_are_the_cards_their_predicates_accept(seed):
    """`plot_picks` and `combat_picks` ask their predicate's checks once for all the cards (issue 29):
    they list exactly the cards `plot_error` and `combat_error` accept, in the catalog's order."""
    rng = random.Random(seed)
    every = sorted(C.CARD)
    for _ in range(60):
        side = rng.choice(["hero", "gm"])
        users = tuple(rng.sample(C.IDS_OF["hero"] if side == "hero" else C.IDS_OF["villain"] + C.IDS_OF["mook"],
                                 rng.choice([1, 2])))
        hand = rng.sample(every, rng.choice([0, 1, 3, 5]))
        in_play = rng.sample(every, rng.choice([0, 4, 12])) + ["no/such-card"]
        deck = rng.sample(C.IDS_OF["combat"], rng.choice([0, 5, 10]))
        types = D.PLOT_HAND_TYPES[side]
        assert D.plot_picks(side, users, hand, in_play) == [
            c for t in types for c in C.IDS_OF[t] if D.plot_error(c, side, users, hand, in_play) is None]
        assert D.combat_picks(users, deck) == [c for c in C.IDS_OF["combat"] if D.combat_error(c, users, deck) is None]
