"""Plot Twist's Setup as decisions (rulebook: Setup, steps 1-7), one card per pick.

1. The GM places his Main Villain, the Villain's Equipment (or none), his Mooks (one card at a time,
   until he stops), the initial Location and the face-down Objective; then each Hero seat, in seat
   order, its Hero and the Hero's Equipment (or none) (ruling "The order of Setup's first step").
   Energy, Belief and Hate counters are placed with each Character (`state.new_character`).
2. Every seat picks its Plot Hand, 5 cards, all seats at the same time (one decision each).
3. Every seat picks its Combat Deck, 10 cards, all seats at the same time.
4. The Heroes pick the Twists! Deck in turn, from the lowest seat (ruling "Who picks the Twists").
5. The GM picks his Events Cluster, 5 Events.
6. Each Hero loses 1 Belief, and the Main Villain gains the total in Hate.
7. Reference cards: nothing to place (the engine is the reference).
Then the Combat Decks and the Twists! Deck are shuffled face down, and the first Turn begins.

Each pick's options come from `decks.py`'s `*_picks` and a refusal's rule code from its
`*_error`: one predicate lists and explains. A choice with a single legal answer is made by the
engine. `options: {"setup": "quick"}` deals the same picks from the seed (`quick_setup`).

    >>> from core.framework.rng import Rng
    >>> fields, events = new_state(3, {"setup": "drafted"}, Rng.from_seed(1))
    >>> [(d["player"], d["kind"], len(d["options"])) for d in setup_decisions({"players": 3, **fields})]
    [(0, 'main_villain', 4)]
    >>> fields, events = new_state(3, {"setup": "quick"}, Rng.from_seed(1))
    >>> fields["setup"]["step"], [len(h) for h in fields["plot_hands"]], len(fields["twists_deck"])
    ('done', [5, 5, 5], 10)
"""

from collections.abc import Callable

from core.framework.errors import IllegalMove
from core.framework.flow import at_once
from core.framework.kept import kept

from . import decks as D
from ..state import (
    GM,
    STEPS,
    characters_of,
    empty_fields,
    hero_of,
    hero_seats,
    in_play,
    main_villain,
    new_character,
    replace_character,
    users_of,
    with_seat_card,
)

# What each card move adds to, for the events and the refusals.
CARD_MOVES = ("place_villain", "place_equipment", "place_mook", "place_location", "place_objective",
              "place_hero", "add_plot", "add_combat_card", "add_twist", "add_event")
PASS_MOVES = ("no_equipment", "no_more_mooks")
DECISION_OF_STEP = {
    "villain": "main_villain", "villain_equipment": "villain_equipment", "mooks": "mooks",
    "location": "initial_location", "objective": "objective", "hero": "hero", "hero_equipment": "hero_equipment",
    "plot_hands": "plot_hand", "combat_decks": "combat_deck", "twists": "twists_deck", "events": "events_cluster",
}
MOVE_OF_STEP = {
    "villain": "place_villain", "villain_equipment": "place_equipment", "mooks": "place_mook",
    "location": "place_location", "objective": "place_objective", "hero": "place_hero",
    "hero_equipment": "place_equipment", "plot_hands": "add_plot", "combat_decks": "add_combat_card",
    "twists": "add_twist", "events": "add_event",
}
PASS_OF_STEP = {"villain_equipment": "no_equipment", "hero_equipment": "no_equipment", "mooks": "no_more_mooks"}
SETUP_EVENTS = ("villain_placed", "equipment_placed", "equipment_declined", "mook_placed", "mooks_done",
                "location_placed", "objective_placed", "hero_placed", "plot_added", "combat_card_added",
                "twist_added", "event_added", "deck_shuffled", "belief_lost", "hate_gained", "setup_done")
# Events whose card another seat may not see (views.view_event hides it).
HIDDEN_PICKS = ("objective_placed", "plot_added", "combat_card_added", "twist_added", "event_added")


def _side(seat: int) -> str:
    return "gm" if seat == GM else "hero"


def _twist_seat(state: dict) -> int:
    return D.twist_picker(len(state["twists_deck"]), hero_seats(state["players"]))


def _equipped(state: dict) -> dict:
    """The Character whose Equipment is picked now: the Main Villain, or the seat's Hero."""
    return main_villain(state) if state["setup"]["step"] == "villain_equipment" else hero_of(state, state["setup"]["seat"])


# --- What may be picked now, and why not: one predicate per pick ------------------------------------
def _predicates(state: dict, seat: int) -> tuple[Callable[[], list], Callable[[str], D.Refusal]]:
    """(the legal picks, the refusal of one card) for `seat` at the current step (each step works out
    only what its pick reads)."""
    step = state["setup"]["step"]
    if step == "villain":
        played = in_play(state)
        return lambda: D.villain_picks(played), lambda c: D.villain_error(c, played)
    if step in ("villain_equipment", "hero_equipment"):
        who, played = _equipped(state)["card"], in_play(state)
        return (lambda: D.equipment_picks(who, [], played),
                lambda c: D.equipment_error(c, who, [], played))
    if step == "mooks":
        played, heroes = in_play(state), len(hero_seats(state["players"]))
        return lambda: D.mook_picks(played, heroes), lambda c: D.mook_error(c, played, heroes)
    if step == "location":
        gm_users, played = users_of(state, GM), in_play(state)
        return lambda: D.location_picks(gm_users, played), lambda c: D.location_error(c, gm_users, played)
    if step == "objective":
        gm_users, where = users_of(state, GM), state["locations"][0]
        return (lambda: D.objective_picks(gm_users, where), lambda c: D.objective_error(c, gm_users, where))
    if step == "hero":
        played = in_play(state)
        return lambda: D.hero_picks(played), lambda c: D.hero_error(c, played)
    if step == "plot_hands":
        side, users, hand, played = _side(seat), users_of(state, seat), state["plot_hands"][seat], in_play(state)
        return (lambda: D.plot_picks(side, users, hand, played),
                lambda c: D.plot_error(c, side, users, hand, played))
    if step == "combat_decks":
        users, deck = users_of(state, seat), state["combat_decks"][seat]
        return lambda: D.combat_picks(users, deck), lambda c: D.combat_error(c, users, deck)
    if step == "twists":
        heroes_in_play = tuple(c["card"] for c in characters_of(state, "hero"))
        deck = state["twists_deck"]
        return lambda: D.twist_picks(heroes_in_play, deck), lambda c: D.twist_error(c, heroes_in_play, deck)
    if step == "events":
        gm_users, cluster = users_of(state, GM), [e["card"] for e in state["events_cluster"]]
        return lambda: D.event_picks(gm_users, cluster), lambda c: D.event_error(c, gm_users, cluster)
    raise ValueError(f"no pick at the step {step!r}")


def _deciders(state: dict) -> list[int]:
    """The seats that decide now: one, or every seat whose Plot Hand or Combat Deck is not full."""
    step = state["setup"]["step"]
    if step == "done":
        return []
    if step == "plot_hands":
        return [p for p, hand in enumerate(state["plot_hands"]) if len(hand) < D.PLOT_HAND]
    if step == "combat_decks":
        return [p for p, deck in enumerate(state["combat_decks"]) if len(deck) < D.COMBAT_DECK]
    if step == "twists":
        return [_twist_seat(state)]
    return [state["setup"]["seat"]]


def _options(state: dict, seat: int) -> list[dict]:
    """A seat's picks now, kept while what they read is the same (core/framework/kept.py): every Setup
    move replaces the parts it changes, and a Plot Hand's or Combat Deck's pick only that seat's list."""
    parts = (state["setup"], state["players"], state["characters"], state["locations"], state["objective"],
             state["plot_hands"][seat], state["combat_decks"][seat], state["twists_deck"], state["events_cluster"])
    return kept(("plot-twist", "setup", seat), parts, lambda: _listed_options(state, seat))


def _listed_options(state: dict, seat: int) -> list[dict]:
    step = state["setup"]["step"]
    picks, _ = _predicates(state, seat)
    options = [{"player": seat, "kind": MOVE_OF_STEP[step], "card": card} for card in picks()]
    if step in PASS_OF_STEP:
        options.append({"player": seat, "kind": PASS_OF_STEP[step]})
    return options


PROMPTS = {
    "main_villain": "Place your Main Villain in play.",
    "villain_equipment": "Place the Main Villain's Equipment, or none.",
    "mooks": "Place a Mook card in play, or stop placing Mooks.",
    "initial_location": "Place the initial Location in play, face up.",
    "objective": "Place your Objective in play, face down.",
    "hero": "Place your Chosen Hero in play.",
    "hero_equipment": "Place your Hero's Equipment, or none.",
    "plot_hand": "Choose one more Plot or Character for your Plot Hand (5 cards).",
    "combat_deck": "Choose one more card for your Combat Deck (10 cards, copies permitted).",
    "twists_deck": "Choose one more Twist! for the group's Twists! Deck (10 cards, copies permitted).",
    "events_cluster": "Choose one more Event for your Events Cluster (5 Events).",
}


def setup_decisions(state: dict) -> list[dict]:
    """The pending decisions of Setup, every legal option listed; [] once the first Turn begins."""
    kind = DECISION_OF_STEP.get(state["setup"]["step"])
    options = [o for seat in _deciders(state) for o in _options(state, seat)]
    return at_once(options, kind, lambda seat: PROMPTS[kind]) if kind else []


def setup_refusal(state: dict, move: dict) -> D.Refusal:
    """Why a Setup move is illegal, as `(rule_code, sentence)` (the `*_error` of its pick), or None."""
    step = state["setup"]["step"]
    seat, kind = move.get("player"), move.get("kind")
    if step == "done":
        return "setup_over", "Setup is over: the first Turn has begun."
    if seat not in _deciders(state):
        return "not_your_pick", f"Seat {seat!r} has nothing to pick at this step of Setup."
    if kind == PASS_OF_STEP.get(step) and set(move) == {"player", "kind"}:
        return None
    if kind != MOVE_OF_STEP[step] or set(move) != {"player", "kind", "card"} or type(move["card"]) is not str:
        return ("wrong_step", f"This step of Setup takes a {MOVE_OF_STEP[step]} move"
                              + (f" or {PASS_OF_STEP[step]}." if step in PASS_OF_STEP else "."))
    return _predicates(state, seat)[1](move["card"])


def refuse_setup(state: dict, move: dict) -> None:
    """Raise IllegalMove naming the rule a Setup move breaks (for the game's `refuse` hook)."""
    refusal = setup_refusal(state, move) if type(move) is dict else ("wrong_step", "A move is a JSON object.")
    if refusal:
        raise IllegalMove(refusal[1], rule=refusal[0])


# --- The moves: each one pick, then the engine's bookkeeping -------------------------------------------
def _goto(state: dict, step: str, seat: int | None) -> None:
    state["setup"] = {"step": step, "seat": seat}


def on_place_villain(state, move, rng, events):
    state["characters"] = state["characters"] + [new_character(move["card"], GM)]
    events.append({"type": "villain_placed", "player": GM, "card": move["card"]})
    _goto(state, "villain_equipment", GM)
    _settle(state, rng, events)


def on_place_equipment(state, move, rng, events):
    who = _equipped(state)["card"]
    replace_character(state, who, equipment=move["card"])
    events.append({"type": "equipment_placed", "player": move["player"], "character": who, "card": move["card"]})
    _after_equipment(state, rng, events)


def on_no_equipment(state, move, rng, events):
    events.append({"type": "equipment_declined", "player": move["player"], "character": _equipped(state)["card"]})
    _after_equipment(state, rng, events)


def _after_equipment(state, rng, events):
    if state["setup"]["step"] == "villain_equipment":
        _goto(state, "mooks", GM)
    else:
        _next_hero(state, state["setup"]["seat"] + 1)
    _settle(state, rng, events)


def on_place_mook(state, move, rng, events):
    mook = new_character(move["card"], GM)
    state["characters"] = state["characters"] + [mook]
    events.append({"type": "mook_placed", "player": GM, "card": move["card"], "quantity": mook["quantity"]})
    _settle(state, rng, events)


def on_no_more_mooks(state, move, rng, events):
    events.append({"type": "mooks_done", "player": GM, "count": len(characters_of(state, "mook"))})
    _goto(state, "location", GM)
    _settle(state, rng, events)


def on_place_location(state, move, rng, events):
    state["locations"] = state["locations"] + [move["card"]]
    state["location"] = move["card"]
    events.append({"type": "location_placed", "player": GM, "card": move["card"]})
    _goto(state, "objective", GM)
    _settle(state, rng, events)


def on_place_objective(state, move, rng, events):
    state["objective"] = {**state["objective"], "card": move["card"], "revealed": False}
    events.append({"type": "objective_placed", "player": GM, "card": move["card"]})
    _next_hero(state, 1)
    _settle(state, rng, events)


def _next_hero(state: dict, seat: int) -> None:
    if seat < state["players"]:
        _goto(state, "hero", seat)
    else:
        _goto(state, "plot_hands", None)


def on_place_hero(state, move, rng, events):
    seat = move["player"]
    state["characters"] = state["characters"] + [new_character(move["card"], seat)]
    events.append({"type": "hero_placed", "player": seat, "card": move["card"]})
    _goto(state, "hero_equipment", seat)
    _settle(state, rng, events)


def on_add_plot(state, move, rng, events):
    state["plot_hands"] = with_seat_card(state["plot_hands"], move["player"], move["card"])
    events.append({"type": "plot_added", "player": move["player"], "card": move["card"]})
    if not _deciders(state):
        _goto(state, "combat_decks", None)
    _settle(state, rng, events)


def on_add_combat_card(state, move, rng, events):
    state["combat_decks"] = with_seat_card(state["combat_decks"], move["player"], move["card"])
    events.append({"type": "combat_card_added", "player": move["player"], "card": move["card"]})
    if not _deciders(state):
        _goto(state, "twists", None)
    _settle(state, rng, events)


def on_add_twist(state, move, rng, events):
    state["twists_deck"] = state["twists_deck"] + [move["card"]]
    events.append({"type": "twist_added", "player": move["player"], "card": move["card"]})
    if len(state["twists_deck"]) == D.TWISTS_DECK:
        _goto(state, "events", GM)
    _settle(state, rng, events)


def on_add_event(state, move, rng, events):
    state["events_cluster"] = state["events_cluster"] + [{"card": move["card"], "revealed": False,
                                                          "nullified": False}]
    events.append({"type": "event_added", "player": GM, "card": move["card"]})
    if len(state["events_cluster"]) == D.EVENTS_CLUSTER:
        _finish(state, rng, events)
    _settle(state, rng, events)


def _finish(state: dict, rng, events: list) -> None:
    """Setup 6 and 7, then the face-down decks are shuffled: the first Turn begins."""
    heroes = characters_of(state, "hero")
    for hero in heroes:  # 6. "Each Hero loses 1 Belief ..."
        replace_character(state, hero["card"], belief=hero["belief"] - 1)
        events.append({"type": "belief_lost", "player": hero["seat"], "character": hero["card"], "amount": 1})
    villain = main_villain(state)  # "... and the Main Villain gains the total amount in Hate."
    replace_character(state, villain["card"], hate=villain["hate"] + len(heroes))
    events.append({"type": "hate_gained", "player": GM, "character": villain["card"], "amount": len(heroes)})
    state["combat_decks"] = [rng.shuffle(deck) for deck in state["combat_decks"]]
    for seat, deck in enumerate(state["combat_decks"]):
        events.append({"type": "deck_shuffled", "player": seat, "deck": "combat", "cards": len(deck)})
    state["twists_deck"] = rng.shuffle(state["twists_deck"])
    events.append({"type": "deck_shuffled", "player": None, "deck": "twists", "cards": len(state["twists_deck"])})
    _goto(state, "done", None)
    events.append({"type": "setup_done"})


def _settle(state: dict, rng, events: list) -> None:
    """A choice with a single legal answer is made by the engine (the Mooks stop when no Mook card
    may be placed, no Equipment when none may be carried, the one Objective that fits...)."""
    while True:
        only = _single_answer(state)
        if only is None:
            return
        SETUP_MOVES[only["kind"]](state, only, rng, events)


def _single_answer(state: dict) -> dict | None:
    """The one option when Setup's pending decisions are one with one option (`setup_decisions`,
    listing no more seats than it takes to know); None otherwise."""
    found = None
    for seat in _deciders(state):
        options = _options(state, seat)
        if not options:
            continue
        if found is not None or len(options) != 1:
            return None
        found = options[0]
    return found


SETUP_MOVES = {
    "place_villain": on_place_villain, "place_equipment": on_place_equipment, "no_equipment": on_no_equipment,
    "place_mook": on_place_mook, "no_more_mooks": on_no_more_mooks, "place_location": on_place_location,
    "place_objective": on_place_objective, "place_hero": on_place_hero, "add_plot": on_add_plot,
    "add_combat_card": on_add_combat_card, "add_twist": on_add_twist, "add_event": on_add_event,
}
SETUP_MOVE_KINDS = tuple(SETUP_MOVES)
SETUP_DECISION_KINDS = tuple(DECISION_OF_STEP.values())


# --- A new table, drafted or quick -------------------------------------------------------------------
def quick_setup(state: dict, rng, events: list) -> None:
    """Setup dealt from the seed: each pending pick is made by `rng` among its legal cards (a card
    rather than none: every Character carries Equipment if it can, the GM places Mooks while he may),
    the same moves a drafted Setup makes, so the position is legal by construction."""
    while state["setup"]["step"] != "done":
        first = next(options for options in (_options(state, seat) for seat in _deciders(state)) if options)
        cards = [o for o in first if "card" in o]
        move = rng.choice(cards or first)
        SETUP_MOVES[move["kind"]](state, move, rng, events)


def new_state(players: int, options: dict, rng) -> tuple[dict, list]:
    """The game's own fields of a new table and the setup events: the GM's first pick pending, or,
    with `options["setup"] == "quick"`, the position where the first Turn begins."""
    state = {"players": players, **empty_fields(players)}
    events: list = []
    if options.get("setup", "drafted") == "quick":
        quick_setup(state, rng, events)
    else:
        _settle(state, rng, events)
    del state["players"]
    return state, events


assert set(STEPS) == set(DECISION_OF_STEP) | {"done"}
