"""Setup's deck-building rules as predicates (rulebook: Setup; Uniqueness Rule; Plot Hand;
Character Classes and Colors; Equipment, Mook and Objective cards; Events Cluster; Twists Deck;
Combat deck) and the rulings of docs/rulings-plot-twist.md.

Each `*_error` function returns the first rule a proposed pick breaks, as `(rule_code, sentence)`,
or None when the pick is legal. The engine lists the legal picks one card at a time with the same
predicate (`*_picks`) and explains a refusal with it (`rule_code` is one of RULE_CODES). Cards are
catalog ids; what is already placed is passed as ids too:

- `in_play`: every card placed in play so far, by any seat (Characters, Equipment, the initial
  Location, the face-down Objective);
- `users`: the Characters who would play or use the card: a player's Hero `(hero,)`, or the GM's
  Main Villain and Mooks (`gm_characters(in_play)`).

    >>> hero_error("hero/hope", in_play=["hero/hope"])
    ('character_copy_in_play', 'There can never be two copies of the same Character in play: Hope is in play.')
    >>> use_error("equipment/aegis-standard", "hero/vanguard") is None
    True
    >>> use_error("equipment/aegis-standard", "hero/bulwark")[0]
    'requirement_unmet'
    >>> nine = ["combat/charge"] * 9
    >>> "combat/charge" in combat_picks(("hero/athena",), nine), combat_picks(("hero/athena",), nine * 2)
    (True, [])
"""

import functools
from collections.abc import Callable, Sequence

from .. import cards as C

Refusal = tuple[str, str] | None

PLOT_HAND = 5        # "choose 5 Plots or Characters to compose their Plot Hand"
COMBAT_DECK = 10     # "choose 10 cards to put in their Combat Deck"
TWISTS_DECK = 10     # "the cards each wants to put in the Twists! Deck (10 cards)"
EVENTS_CLUSTER = 5   # "GM chooses 5 Events to compose the Events Cluster"
MAX_HEROES = 5       # "A Game can never have more than 5 Heroes total."
SIDES = ("hero", "gm")
# What each side's Plot Hand may hold (ruling "What a Plot Hand may hold").
PLOT_HAND_TYPES = {"hero": ("detail", "location", "bystander", "ally", "hero"),
                   "gm": ("location", "lair", "bystander", "villain")}
RULE_CODES = (
    "unknown_card",            # not a card of the catalog
    "wrong_card_type",         # e.g. a Twist offered for the Combat Deck
    "one_hero_per_player",     # each player places his Chosen Hero
    "five_heroes_at_most",     # "A Game can never have more than 5 Heroes total."
    "one_main_villain",        # the GM places his Main Villain
    "character_copy_in_play",  # "There can never be 2 copies of the same Character in play"
    "name_in_play",            # "You cannot play a non-Combat card ... with the same Name as one in play."
    "no_equipment",            # Mooks and Allies "cannot use or have Equipment"
    "one_equipment",           # "Only one equipment may be used at any time by a Character"
    "wrong_color",             # "only Characters of that color can play or otherwise use the card"
    "requirement_unmet",       # "Requires Captain"; Ranged Attacks require Energy Projection...
    "too_many_mooks",          # ruling: at most as many Mook cards as Heroes
    "objective_location",      # Objectives "may impose requisites to the first Location"
    "plot_not_for_side",       # ruling: what each side's Plot Hand may hold
    "plot_hand_full",          # 5 Plots or Characters
    "plot_hand_copy",          # "only have one copy of each Plot or Character in your Plot Hand"
    "plot_copy_in_play",       # ruling: not the very card the Uniqueness Rule bars for the game
    "plot_hand_size",          # a whole Plot Hand is exactly 5 cards
    "combat_deck_full",        # 10 cards ("Copies are permitted")
    "combat_deck_size",
    "twist_needs_hero",        # "Requires a Hero of Color X in play"
    "twists_deck_full",        # 10 Twists (copies allowed)
    "twists_deck_size",
    "event_copy",              # "There can only be one copy of each Event in the Event Cluster."
    "events_cluster_full",     # 5 Events
    "events_cluster_size",
)


def _n(card: str) -> str:
    return C.display_name(card)


def _kind(card: str, types: Sequence[str], what: str) -> Refusal:
    if card not in C.CARD:
        return "unknown_card", f"No card of Plot Twist's catalog has the id {card!r}."
    if C.TYPE[card] not in types:
        return "wrong_card_type", f"{_n(card)} is a {C.display(C.TYPE[card])} card, not {what}."
    return None


@functools.cache  # a question of two printed cards: the same answer every time (listing asks it often)
def use_error(card: str, user: str) -> Refusal:
    """Whether one Character may play or use the card: "If a card is of a determined Color ... only
    Characters of that color can play or otherwise use the card"; "Golden cards may be played by
    anyone"; then every requirement (a Red card that "Requires Captain" needs one Red Captain)."""
    color = C.COLOR[card]
    if color != "golden" and C.COLOR[user] != color:
        return ("wrong_color", f"{_n(card)} is {C.display(color)}: only {C.display(color)} Characters can "
                               f"play or use it, and {_n(user)} is {C.display(C.COLOR[user])}.")
    for requirement in C.requirements(card):
        if not C.has(user, requirement):
            return ("requirement_unmet", f"{_n(card)} requires {C.display(requirement)}, and {_n(user)} "
                                         f"has no {C.display(requirement)}.")
    return None


def usable_error(card: str, users: Sequence[str]) -> Refusal:
    """None when one of the users may play or use the card, else why the first one may not."""
    if not users:
        raise ValueError("a card is checked against at least one Character")
    refusals = [use_error(card, user) for user in users]
    return None if None in refusals else refusals[0]


def gm_characters(in_play: Sequence[str]) -> tuple[str, ...]:
    """The GM's Characters in play: his Villains, then his Mooks (the users of his cards)."""
    return tuple(c for t in ("villain", "mook") for c in in_play if C.TYPE.get(c) == t)


def uniqueness_error(card: str, in_play: Sequence[str]) -> Refusal:
    """The Uniqueness Rule: "A card is considered a copy of another if it has the same name";
    "There can never be 2 copies of the same Character in play" ("Personas are not Names"); "You
    cannot play a non-Combat card ... with the same Name as one in play"."""
    cards, types, names = C.CARD, C.TYPE, C.NAME  # (looked up once, not for each card in play)
    if types[card] == "combat":
        return None
    name = names[card]
    for other in in_play:
        if other in cards and types[other] != "combat" and names[other] == name:
            if types[card] in C.CHARACTER_TYPES:
                return ("character_copy_in_play", f"There can never be two copies of the same Character "
                                                  f"in play: {_n(other)} is in play.")
            return "name_in_play", f"No non-Combat card may be played with the Name of one in play: {_n(other)}."
    return None


def hero_error(hero: str, in_play: Sequence[str] = (), mine: Sequence[str] = ()) -> Refusal:
    """A player's Chosen Hero (Setup 1): one each (`mine`: the cards that player placed), five
    Heroes at most, never a copy of a Character in play."""
    mine_hero = [c for c in mine if C.TYPE.get(c) == "hero"]
    if refusal := _kind(hero, ("hero",), "a Hero"):
        return refusal
    if mine_hero:
        return "one_hero_per_player", f"Each player places one Hero, and {_n(mine_hero[0])} is yours."
    if sum(C.TYPE.get(c) == "hero" for c in in_play) >= MAX_HEROES:
        return "five_heroes_at_most", f"A Game can never have more than {MAX_HEROES} Heroes total."
    return uniqueness_error(hero, in_play)


def villain_error(villain: str, in_play: Sequence[str] = ()) -> Refusal:
    """The GM's Main Villain (Setup 1): one, whatever the number of Heroes (ruling "The Main
    Villain")."""
    placed = [c for c in in_play if C.TYPE.get(c) == "villain"]
    if refusal := _kind(villain, ("villain",), "a Villain"):
        return refusal
    if placed:
        return "one_main_villain", f"The GM places one Main Villain, and {_n(placed[0])} is in play."
    return uniqueness_error(villain, in_play)


def mook_error(mook: str, in_play: Sequence[str], heroes: int) -> Refusal:
    """The GM's Mooks (Setup 1): different Mook cards, at most as many as there are Heroes (ruling
    "How many Mooks")."""
    if refusal := _kind(mook, ("mook",), "a Mook"):
        return refusal
    if sum(C.TYPE.get(c) == "mook" for c in in_play) >= heroes:
        return ("too_many_mooks", f"The GM places at most as many Mook cards as there are Heroes ({heroes}).")
    return uniqueness_error(mook, in_play)


def equipment_error(equipment: str, character: str, carried: Sequence[str] = (),
                    in_play: Sequence[str] = ()) -> Refusal:
    """A Hero's or the Main Villain's Equipment (Setup 1): "any equipment he could use" (its Color
    and requirements), one at a time (`carried`: what the Character already has), and never the
    Name of a card in play."""
    if refusal := _kind(equipment, ("equipment",), "Equipment"):
        return refusal
    if C.TYPE.get(character) not in ("hero", "villain"):
        what = C.display(C.TYPE[character]) if character in C.CARD else repr(character)
        return "no_equipment", f"Only Heroes and Villains carry Equipment; {what} cannot use or have it."
    if carried:
        return ("one_equipment", f"Only one Equipment may be used at any time by a Character: {_n(character)} "
                                 f"carries {_n(carried[0])}.")
    return use_error(equipment, character) or uniqueness_error(equipment, in_play)


def _requisites(objective: str, location: str) -> Refusal:
    allowed = C.CARD[objective].get("locations")
    if allowed and location not in allowed:
        names = ", ".join(_n(c) for c in allowed)
        return ("objective_location", f"{_n(objective)} requires the first Location to be one of {names}, "
                                      f"not {_n(location)}.")
    return None


def location_error(location: str, users: Sequence[str], in_play: Sequence[str] = (),
                   objective: str | None = None) -> Refusal:
    """The GM's initial Location (Setup 1): usable by one of his Characters, one copy, and meeting
    the Objective's requisites if the Objective is already placed."""
    if refusal := _kind(location, ("location",), "a Location"):
        return refusal
    return (usable_error(location, users) or uniqueness_error(location, in_play)
            or (_requisites(objective, location) if objective else None))


def objective_error(objective: str, users: Sequence[str], location: str | None = None) -> Refusal:
    """The GM's face-down Objective (Setup 1): usable by one of his Characters, and its requisites
    met by the initial Location if that is already placed."""
    if refusal := _kind(objective, ("objective",), "an Objective"):
        return refusal
    return usable_error(objective, users) or (_requisites(objective, location) if location else None)


_NOT_FOR = {
    ("hero", "lair"): "Lairs can only be played by Villains when they are Fleeing",
    ("hero", "villain"): "Villains are the GM's Characters",
    ("gm", "detail"): "Details are played by spending Belief, and only Heroes have Belief",
    ("gm", "ally"): "Allies are played by Heroes (a Hero can only have one Ally at a time)",
    ("gm", "hero"): "Heroes are the Players' Characters",
}


def plot_error(card: str, side: str, users: Sequence[str], hand: Sequence[str] = (),
               in_play: Sequence[str] = ()) -> Refusal:
    """One more card for a Plot Hand (Setup 2): a Plot or Character that side may play, 5 at most,
    "one copy of each", not the very card in play, and usable by one of `users` (a Character card's
    own Color is no requirement: ruling "Character cards and Color")."""
    if refusal := _kind(card, C.PLOT_TYPES + ("hero", "villain", "mook"), "a Plot or Character"):
        return refusal
    kind = C.TYPE[card]
    if kind not in PLOT_HAND_TYPES[side]:
        why = _NOT_FOR.get((side, kind), "Mooks enter play at Setup only")
        whose = "the GM" if side == "gm" else "a Player"
        return "plot_not_for_side", f"{why}: {_n(card)} cannot go in {whose}'s Plot Hand."
    if len(hand) >= PLOT_HAND:
        return "plot_hand_full", f"A Plot Hand holds {PLOT_HAND} Plots or Characters."
    for other in hand:
        if C.NAME[other] == C.NAME[card]:
            return "plot_hand_copy", f"A Plot Hand holds one copy of each card: {_n(other)} is in it."
    for other in in_play:
        if other in C.CARD and C.display_name(other) == C.display_name(card):
            return ("plot_copy_in_play", f"{_n(card)} is in play and stays there: the Uniqueness Rule bars "
                                         f"this copy for the whole game.")
    return None if kind in C.CHARACTER_TYPES else usable_error(card, users)


def combat_error(card: str, users: Sequence[str], deck: Sequence[str] = ()) -> Refusal:
    """One more card for a Combat Deck (Setup 3): a combat card, 10 at most ("Copies are
    permitted"), usable by one of `users`."""
    if refusal := _kind(card, ("combat",), "a combat card"):
        return refusal
    if len(deck) >= COMBAT_DECK:
        return "combat_deck_full", f"A Combat Deck holds {COMBAT_DECK} cards."
    return usable_error(card, users)


def twist_error(card: str, heroes: Sequence[str], deck: Sequence[str] = ()) -> Refusal:
    """One more card for the Twists! Deck (Setup 4): a Twist, 10 at most (copies allowed); a colored
    or requiring Twist needs a Hero in play of that Color with those requirements ("as if the card
    had 'Requires a Hero of Color X in play' printed on"; ruling "Twists at Setup")."""
    if refusal := _kind(card, ("twist",), "a Twist!"):
        return refusal
    if len(deck) >= TWISTS_DECK:
        return "twists_deck_full", f"The Twists! Deck holds {TWISTS_DECK} cards."
    if any(use_error(card, hero) is None for hero in heroes):
        return None
    color = C.COLOR[card]
    needs = ([f"of Color {C.display(color)}"] if color != "golden" else []) + [
        f"with {C.display(r)}" for r in C.requirements(card)]
    return "twist_needs_hero", f"{_n(card)} requires a Hero {' and '.join(needs)} in play."


def event_error(card: str, users: Sequence[str], cluster: Sequence[str] = ()) -> Refusal:
    """One more card for the Events Cluster (Setup 5): an Event, 5 at most, one copy of each,
    usable by one of the GM's Characters."""
    if refusal := _kind(card, ("event",), "an Event"):
        return refusal
    if len(cluster) >= EVENTS_CLUSTER:
        return "events_cluster_full", f"The Events Cluster holds {EVENTS_CLUSTER} Events."
    for other in cluster:
        if C.NAME[other] == C.NAME[card]:
            return "event_copy", f"There can only be one copy of each Event in the Events Cluster: {_n(other)}."
    return usable_error(card, users)


def _picks(types: Sequence[str], error: Callable[[str], Refusal]) -> list[str]:
    return [card for t in types for card in C.IDS_OF[t] if error(card) is None]


def hero_picks(in_play: Sequence[str] = (), mine: Sequence[str] = ()) -> list[str]:
    return _picks(("hero",), lambda c: hero_error(c, in_play, mine))


def villain_picks(in_play: Sequence[str] = ()) -> list[str]:
    return _picks(("villain",), lambda c: villain_error(c, in_play))


def mook_picks(in_play: Sequence[str], heroes: int) -> list[str]:
    return _picks(("mook",), lambda c: mook_error(c, in_play, heroes))


def equipment_picks(character: str, carried: Sequence[str] = (), in_play: Sequence[str] = ()) -> list[str]:
    return _picks(("equipment",), lambda c: equipment_error(c, character, carried, in_play))


def location_picks(users: Sequence[str], in_play: Sequence[str] = (), objective: str | None = None) -> list[str]:
    return _picks(("location",), lambda c: location_error(c, users, in_play, objective))


def objective_picks(users: Sequence[str], location: str | None = None) -> list[str]:
    return _picks(("objective",), lambda c: objective_error(c, users, location))


def plot_picks(side: str, users: Sequence[str], hand: Sequence[str] = (), in_play: Sequence[str] = ()) -> list[str]:
    """`plot_error`'s picks, its checks against the hand and the cards in play asked once for all
    (tests/core/test_plot_twist_decks.py compares the two)."""
    if len(hand) >= PLOT_HAND:
        return []
    in_hand = {C.NAME[other] for other in hand}
    played = {C.display_name(other) for other in in_play if other in C.CARD}
    return [card for t in PLOT_HAND_TYPES[side] for card in C.IDS_OF[t]
            if C.NAME[card] not in in_hand and C.display_name(card) not in played
            and (t in C.CHARACTER_TYPES or usable_error(card, users) is None)]


def combat_picks(users: Sequence[str], deck: Sequence[str] = ()) -> list[str]:
    """`combat_error`'s picks: of the deck it reads only whether it is full (copies are permitted)."""
    if len(deck) >= COMBAT_DECK:
        return []
    return list(_usable_combat_cards(tuple(users)))


@functools.cache
def _usable_combat_cards(users: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(_picks(("combat",), lambda c: combat_error(c, users)))


def twist_picks(heroes: Sequence[str], deck: Sequence[str] = ()) -> list[str]:
    return _picks(("twist",), lambda c: twist_error(c, heroes, deck))


def event_picks(users: Sequence[str], cluster: Sequence[str] = ()) -> list[str]:
    return _picks(("event",), lambda c: event_error(c, users, cluster))


def _remembered(predicate):
    """A whole-collection predicate remembered by its arguments (the state check asks it of the same
    piles at every move); arguments that cannot be remembered are judged afresh."""
    remembered = functools.lru_cache(maxsize=4096)(predicate)

    @functools.wraps(predicate)
    def judge(*args):
        key = tuple(tuple(a) if type(a) is list else a for a in args)
        try:
            return remembered(*key)
        except TypeError:  # an unhashable value: a state the check refuses anyway
            return predicate(*args)
    return judge


def _whole(cards: Sequence[str], size: int, code: str, what: str,
           error: Callable[[str, Sequence[str]], Refusal]) -> Refusal:
    """A whole collection: each card against the ones before it, then its size."""
    for i, card in enumerate(cards):
        if refusal := error(card, cards[:i]):
            return refusal
    return None if len(cards) == size else (code, f"{what} holds {size} cards, not {len(cards)}.")


@_remembered
def plot_hand_error(hand: Sequence[str], side: str, users: Sequence[str], in_play: Sequence[str] = ()) -> Refusal:
    """A complete Plot Hand (a quick setup's, or a state's): every pick legal, and 5 cards."""
    return _whole(hand, PLOT_HAND, "plot_hand_size", "A Plot Hand",
                  lambda c, before: plot_error(c, side, users, before, in_play))


@_remembered
def combat_deck_error(deck: Sequence[str], users: Sequence[str]) -> Refusal:
    return _whole(deck, COMBAT_DECK, "combat_deck_size", "A Combat Deck",
                  lambda c, before: combat_error(c, users, before))


@_remembered
def twists_deck_error(deck: Sequence[str], heroes: Sequence[str]) -> Refusal:
    return _whole(deck, TWISTS_DECK, "twists_deck_size", "The Twists! Deck",
                  lambda c, before: twist_error(c, heroes, before))


@_remembered
def events_cluster_error(cluster: Sequence[str], users: Sequence[str]) -> Refusal:
    return _whole(cluster, EVENTS_CLUSTER, "events_cluster_size", "The Events Cluster",
                  lambda c, before: event_error(c, users, before))


def twist_picker(picked: int, hero_seats: Sequence[int]) -> int:
    """The seat that picks the next Twist when `picked` are in the deck: the Heroes' seats in turn,
    one card each (ruling "Who picks the Twists").

    >>> [twist_picker(n, (1, 2, 3)) for n in range(10)]
    [1, 2, 3, 1, 2, 3, 1, 2, 3, 1]
    """
    return hero_seats[picked % len(hero_seats)]
