"""The Big Shuffle: the film-noir scene-changing game (rules: big-shuffle-rulebook.txt).

This module holds the game (options, SETTING UP THE GAME, pending decisions, views) and the
driver; the rules are in the modules beside it, one per rulebook section:

    city.py          the city as it stands: active scenes, A. Choose a Scene
    scenes.py        moving scenes and THE BIG SHUFFLE
    abilities.py     what informants, loot and active scenes do to a character right now
    turn.py          CHARACTER TURN: start of turn abilities, draw, play a card
    scene_change.py  ATTEMPTING SCENE CHANGES: reveal, reactions, hire goons, determine success
    tasks.py         the queue of effects, SIMULTANEOUS EFFECTS
    effects.py       card effects: their targets and their resolution
    decks.py         DRAWING CARDS, EMPTY DECK, REPLACE
    law.py           The Law expansion: patrols, Not On My Watch!
    winning.py       WINNING THE GAME
    expert.py        EXPERT MODE - CEMENT SHOES AND BRASS TAX
    refusals.py      why a move is illegal (the rule it breaks)
    integrity.py     is a state from outside a position of the game?
    state.py         copying the state as `play` changes it, the lazy RNG, seating order

The wire format and the card vocabulary are in docs/big-shuffle-contract.md; rulings in
docs/rulings-big-shuffle.md.

How a move is resolved: the framework's flow (`core/framework/flow.py`, declared here as `FLOW`)
applies the move, then does every piece of bookkeeping until somebody must choose. Effects that wait their turn sit in `state["queue"]` as small
task records (`{"do": "draw", "player": 1, "amount": 2}`); a task runs by itself unless it
needs a choice, in which case it is the pending decision. The scene change in progress is
`state["attempt"]`. `play` works on a copy of the state that shares what it does not change
(state.py), so the caller's state is never changed.
"""

import copy

from core.framework.draft import Draft, current_draft
from core.framework.errors import InvalidOptions, InvalidState
from core.framework.flow import UNCHANGED, WAIT, Flow, Watch
from core.framework.game import Game, Option, Setup, decision
from core.framework.rng import Rng

from . import integrity, refusals
from .bot import HeuristicBot
from .cards import CATALOG, CHARACTERS, EXPANSIONS, IN_PLAY, LAW, LINES, SCENE_TYPES, TITLES
from .effects import (execute, needs_choice, on_choose_drawer, on_discard_goon, on_lose_informant, on_resolve,
                      task_decision)
from .expert import on_score, score_options
from .labels import PROMPTS
from .labels import labels as options_in_words
from .scene_change import (attempt_decision, influence_view, on_attempt, on_decline, on_hire, on_pass, on_react,
                           on_stop, progress_attempt)
from .state import copy_state, writable, writable_seat
from .turn import (ability_options, draw_step, main_options, new_turn, next_turn, on_ability, on_draw, on_end_turn,
                   on_play, on_skip_ability, on_trash, start_of_turn)
from .winning import finish, wins


HIDDEN = {"hidden": True}
_LAW = {"expansions": ["the-law"]}
MODES = ("beginner", "standard", "expert")


class BigShuffle(Game):
    listing_order = 2
    # A clock that runs out: pass a hiring, end the turn, skip an ability, decline a reaction,
    # stop a run of scene changes; a draw, a trash or an order to resolve: the first listed option.
    pass_kinds = ("pass", "end_turn", "skip_ability", "decline", "stop")
    revealing_events = {"cards_dealt": "dealt cards", "card_drawn": "drew a card", "deck_searched": "searched a deck",
                        "change_revealed": "revealed a scene change", "informant_revealed": "revealed an informant",
                        "agenda_dealt": "dealt an agenda", "agenda_scored": "revealed an agenda",
                        "card_stolen": "took a card from a hand"}

    def __init__(self):
        super().__init__(
            id="big-shuffle",
            name="The Big Shuffle",
            min_players=2,
            max_players=4,
            summary=(
                "A film noir card game: line up the active WHO, WHAT and WHERE scenes of the city "
                "to match your secret agendas, changing scenes with influence, informants, loot "
                "and hired goons, while everyone else tries to change them back."
            ),
            options=(
                Option("mode", "string", "standard",
                       "beginner: the agendas between players are face up; standard: all agendas face "
                       "down; expert (\"Cement Shoes and Brass Tax\"): Big Shuffle setup without titles, "
                       "agendas scored at the end of your turn, first to 5 points wins.", MODES),
                Option("characters", "array", [],
                       "Preassigned characters, one id per seat in seat order. Empty: players choose "
                       "in seat order.", tuple(CHARACTERS)),
                Option("reaction_windows", "string", "holders",
                       "Who is asked at a reaction moment: `holders`, only seats holding a reaction "
                       "that fits; `always`, every other seat (nobody learns who holds one).",
                       ("holders", "always")),
                Option("expansions", "array", [], "Expansions in play: `the-law` (The Law: Patrols).",
                       EXPANSIONS),
            ),
        )

    def turns_played(self, state: dict, moves: list) -> int:
        return state["turn"]["number"]

    def roles(self, state: dict) -> list | None:
        return [s.get("character") for s in state["seats"]]

    def sample_setups(self) -> tuple[Setup, ...]:
        # A random game runs some 600 moves (as many as fifty games of Shufflers): few games each
        # (one or two: docs/testing.md, the suite's cost).
        return (
            Setup("standard-2", 2, {}, 2),
            Setup("standard-3", 3, {}, 2),
            Setup("standard-4", 4, {}, 2),
            Setup("beginner-2", 2, {"mode": "beginner"}, 2),
            Setup("beginner-4", 4, {"mode": "beginner", "characters": [
                "character/governor", "character/reporter", "character/mafia-don", "character/femme-fatale"]}, 2),
            Setup("expert-2", 2, {"mode": "expert"}, 2),
            Setup("expert-3", 3, {"mode": "expert", "reaction_windows": "always"}, 1),
            Setup("expert-4", 4, {"mode": "expert"}, 2),
            Setup("standard-3-always-react", 3, {"reaction_windows": "always"}, 2),
            # The Law: patrols, and its cards in every deck
            Setup("law-standard-2", 2, _LAW, 2),
            Setup("law-standard-3", 3, _LAW, 2),
            Setup("law-standard-4", 4, {**_LAW, "reaction_windows": "always"}, 2),
            Setup("law-beginner-3", 3, {**_LAW, "mode": "beginner", "characters": [
                "character/vigilante", "character/governor", "character/cat-burglar"]}, 2),
            Setup("law-expert-2", 2, {**_LAW, "mode": "expert"}, 1),
            Setup("law-expert-4", 4, {**_LAW, "mode": "expert", "characters": [
                "character/reporter", "character/vigilante", "character/police-chief", "character/mafia-don"]}, 1),
        )

    def shuffle_hidden(self, state: dict, rng) -> dict:
        """The face-down decks in another order, and the face-down part of each Midtown pile
        (all but its top two) too."""
        other = copy.deepcopy(state)

        def rotate(cards: list) -> list:
            if len(cards) < 2:
                return cards
            k = 1 + rng.below(len(cards) - 1)
            return cards[k:] + cards[:k]

        for pile in ("noir", "informants", "changes", "agendas"):
            other[pile]["deck"] = rotate(other[pile]["deck"])
        for piles in other["city"].values():
            mid = piles["midtown"]
            piles["midtown"] = rotate(mid[:-2]) + mid[-2:]
        return other

    def check_options(self, options: dict, players: int) -> None:
        chosen = options["characters"]
        if chosen and len(chosen) != players:
            raise InvalidOptions(f"Option 'characters' must name one character per seat ({players}).",
                                 {"characters": ["one per seat"]})
        if any(c in LAW for c in chosen) and "the-law" not in options["expansions"]:
            raise InvalidOptions("A character of The Law needs the option `expansions: [\"the-law\"]`.",
                                 {"characters": ["needs the-law"]})

    def normalize_options(self, options, players):
        # characters keep seat order (the base class sorts arrays into catalog order)
        raw = options.get("characters") if isinstance(options, dict) else None
        out = super().normalize_options(options, players)
        if isinstance(raw, list) and out["characters"]:
            out["characters"] = list(raw)
        return out

    def labels(self, seen: dict, decision: dict) -> list[str]:
        return options_in_words(seen, decision)

    def cards(self) -> list[dict]:
        return CATALOG

    # --- Setting up the game ------------------------------------------------------------
    def setup(self, players: int, options: dict, rng) -> tuple[dict, list]:
        expert = options["mode"] == "expert"
        deal = IN_PLAY[tuple(options["expansions"])]
        city = {}
        for t in SCENE_TYPES:
            deck = rng.shuffle(deal.scenes[t])
            if expert:
                city[t] = {"uptown": [deck[0]], "midtown": deck[2:], "downtown": [deck[1]]}
            else:
                city[t] = {"uptown": [], "midtown": deck + [TITLES[t]], "downtown": []}
        # The decks are shuffled now and dealt from once the last character is chosen ("The first
        # player chooses a character ..." comes first in the rulebook's setup), so nobody sees a
        # card before choosing; with preassigned characters the deal follows at once.
        noir = rng.shuffle(deal.noir)
        informants = rng.shuffle(deal.informants)
        agendas = rng.shuffle(deal.agendas)
        preset = options["characters"]
        seats = [{"character": preset[i] if preset else None, "hand": [], "informant": None,
                  "loot": [], "agenda": None, "score": 0} for i in range(players)]
        pairs = [[0, 1]] if players == 2 else [[i, (i + 1) % players] for i in range(players)]
        shared = [{"seats": pair, "agenda": None} for pair in pairs]
        state = {
            "seats": seats,
            "shared": shared,
            "characters": [c for c in deal.characters if c not in preset],
            "agendas": {"deck": agendas, "aside": []},
            "noir": {"deck": noir, "discard": []},
            "informants": {"deck": informants, "discard": []},
            "changes": {"deck": rng.shuffle(deal.changes), "discard": []},
            "city": city,
            "removed": list(TITLES.values()) if expert else [],
            "played": [],
            "turn": new_turn(0, 1, "start" if preset else "character"),
            "attempt": None,
            "queue": [],
            "public": [],
            "outcome": None,
        }
        if options["expansions"]:
            state["patrols"] = dict.fromkeys(LINES)
            state["protected"] = []
        events = [{"type": "game_started", "players": players, "mode": options["mode"]}]
        if preset:  # the rules read the framework's fields too: the whole state, all its own
            whole = {"players": players, "options": options, **state}
            with Draft.fresh(whole):
                _deal(whole, events)
                FLOW.run(whole, rng, events)
            state = {k: v for k, v in whole.items() if k != "players" and k != "options"}
        return state, events

    # --- Pending decisions -------------------------------------------------------------
    def decisions(self, state: dict) -> list:
        if state["outcome"] is not None:
            return []
        if state["queue"]:
            return [task_decision(state, state["queue"][0])]
        if state["attempt"] is not None:
            return [attempt_decision(state, state["attempt"])]
        turn = state["turn"]
        p = turn["player"]
        step = turn["step"]
        if step == "character":
            return [decision(p, "choose_character", PROMPTS["choose_character"][p],
                             [{"player": p, "kind": "choose_character", "character": c} for c in state["characters"]])]
        if step == "start":
            return start_of_turn(p, ability_options(state, p))
        if step == "main":
            return [decision(p, "main", PROMPTS["main"][p],
                             main_options(state, p))]
        if step == "end":
            return [decision(p, "score", PROMPTS["score"][p],
                             score_options(state, p) + [{"player": p, "kind": "end_turn"}])]
        raise InvalidState(f"The turn's step {step!r} waits for nobody.")

    def refuse(self, state: dict, pending: list, move: dict) -> None:
        refusals.refuse(state, pending, move)

    # --- Playing -------------------------------------------------------------------------
    def thaw(self, state: dict) -> Draft:
        return copy_state(state)

    def play(self, state: dict, move: dict, rng) -> list:
        return self.play_step(state, move, rng)[0]

    def play_step(self, state: dict, move: dict, rng) -> tuple[list, list | None]:
        """The driver may stop at a start of turn with the abilities it listed: they are the decision."""
        kind = move["kind"]
        events, stop = FLOW.play(state, move, rng, checked=UNCHANGED if kind in _KEEP_WIN_KEY else _win_key(state))
        abilities = stop if type(stop) is list else None
        if state["public"]:  # a public card that left the hands is seen where it lies now
            owned = current_draft().owned  # (no hand changed and nothing made public: all still held)
            if (owned is None or "seats" in owned or "public" in owned) and not _all_held(state):
                hands = [seat["hand"] for seat in state["seats"]]
                state["public"] = [c for c in state["public"] if any(c in hand for hand in hands)]
        return events, (None if abilities is None else start_of_turn(state["turn"]["player"], abilities))

    # --- Views ---------------------------------------------------------------------------
    def view(self, state: dict, player: int | None) -> dict:
        seen = dict(state)
        beginner = state["options"]["mode"] == "beginner"
        public = state["public"]
        seen["seats"] = [
            {**s, "hand": s["hand"] if i == player else _redacted_hand(s["hand"], public),
             "agenda": s["agenda"] if i == player or s["agenda"] is None else HIDDEN}
            for i, s in enumerate(state["seats"])]
        seen["shared"] = [
            sh if beginner or player in sh["seats"] or sh["agenda"] is None else {**sh, "agenda": HIDDEN}
            for sh in state["shared"]]
        seen["agendas"] = {**state["agendas"], "deck": [HIDDEN] * len(state["agendas"]["deck"])}
        for pile in ("noir", "informants", "changes"):
            seen[pile] = {**state[pile], "deck": [HIDDEN] * len(state[pile]["deck"])}
        # Public: Uptown and Downtown, the active scene and the one directly below it.
        seen["city"] = {t: {**piles, "midtown": [HIDDEN] * max(0, len(piles["midtown"]) - 2) + piles["midtown"][-2:]}
                        for t, piles in state["city"].items()}
        a = state["attempt"]
        if a is not None:  # the running total, computed here so that no client re-implements it
            seen["attempt"] = {**a, "influence": influence_view(state, a)}
        return seen

    def view_event(self, event: dict, player: int | None) -> dict:
        """Cards that went face down into a hand stay hidden from everyone else."""
        kind = event["type"]
        if kind == "card_drawn" and event["from"] == "deck":
            seen_by = (event["player"],)
        elif kind == "card_stolen" and not event["public"]:
            seen_by = (event["player"], event["target"])
        elif kind == "deck_searched":
            seen_by = (event["player"],)
        elif kind == "agenda_dealt" and not event["face_up"]:
            seen_by = event["players"]
        else:
            return event
        return event if player in seen_by else {**event, "card": HIDDEN}

    # --- Integrity ---------------------------------------------------------------------
    def check(self, state: dict) -> None:
        integrity.check(state)

    def bots(self) -> dict:
        return {"heuristic": HeuristicBot()}


def _all_held(state: dict) -> bool:
    """Is every public card still in a hand? (Plain loops: asked after most moves.)"""
    seats = state["seats"]
    for c in state["public"]:
        for seat in seats:
            if c in seat["hand"]:
                break
        else:
            return False
    return True


# --- Views ------------------------------------------------------------------------------------------
def _redacted_hand(hand: list, public: list) -> list:
    """Another seat's hand: the cards the rules made public (they came back from a discard),
    then a placeholder for each of the others (so their order tells nothing)."""
    if not public:
        return [HIDDEN] * len(hand)
    shown = [c for c in hand if c in public]
    return shown + [HIDDEN] * (len(hand) - len(shown))


# --- Setting up: characters chosen in seat order, then the deal ----------------------------------
def _on_choose_character(state, move, rng, events):
    p, character = move["player"], move["character"]
    writable_seat(state, p)["character"] = character
    writable(state, "characters").remove(character)
    events.append({"type": "character_chosen", "player": p, "character": character})
    if p + 1 < state["players"]:
        state["turn"]["player"] = p + 1
    else:
        _deal(state, events)
        state["turn"] = new_turn(0, 1, "start")
        events.append({"type": "turn_started", "player": 0, "number": 1})


def _deal(state: dict, events: list) -> None:
    """Deal from the decks shuffled at setup: 5 noir cards and 1 informant to each character,
    1 agenda face down to each, then 1 between each pair of neighbours."""
    noir, informants, agendas = writable(state, "noir"), writable(state, "informants"), writable(state, "agendas")
    for p in range(state["players"]):
        seat = writable_seat(state, p)
        seat["hand"], noir["deck"] = noir["deck"][-5:][::-1], noir["deck"][:-5]
        seat["informant"] = informants["deck"].pop()
        seat["agenda"] = agendas["deck"].pop()
    for sh in writable(state, "shared"):
        sh["agenda"] = agendas["deck"].pop()
    events.append({"type": "cards_dealt", "hand": 5,
                   "informants": [s["informant"] for s in state["seats"]]})


# --- The order of play, as the framework's flow runs it --------------------------------------------
def _win_key(state: dict) -> tuple | None:
    """What the win check depends on: the active player and the tops of the Midtown piles (None:
    no win to check, in expert mode or while characters are chosen). The flow compares it after
    anything happened and checks for a win only when it changed: the position is the signal,
    not the names of the events that changed it."""
    turn = state["turn"]
    if turn["step"] == "character" or state["options"]["mode"] == "expert":
        return None
    city = state["city"]
    who, what, where = city["who"]["midtown"], city["what"]["midtown"], city["where"]["midtown"]
    return (turn["player"], who[-1] if who else None, what[-1] if what else None, where[-1] if where else None)


# The moves whose handler leaves what `_win_key` reads (the turn's player and step, the Midtown tops)
# as it was: the flow takes the key it computes first as the key before the move (flow.UNCHANGED).
# Their effects (a success, a scene moved) run afterwards, in the flow. All but choosing a character,
# ending the turn and scoring (expert mode, no key).
_KEEP_WIN_KEY = frozenset((
    "ability", "skip_ability", "draw", "play", "attempt", "stop", "hire", "pass", "react", "decline", "trash",
    "discard_goon", "lose_informant", "resolve", "choose_drawer"))


def _win_check(state: dict, events: list) -> None:
    p = state["turn"]["player"]
    if wins(state, p):
        events.append({"type": "agendas_matched", "player": p})
        finish(state, [p], "agendas", events)


def _advance(state: dict, rng: Rng, events: list):
    """One step of the order of play once no effect waits: the scene change in progress, then the
    character turn. Returns None when it did something, WAIT when somebody must choose, and the
    abilities it listed when it stops at a start of turn."""
    attempt = state["attempt"]
    if attempt is not None:  # (goons being hired, or another attempt to choose: progress_attempt waits)
        step = attempt["step"]
        if step == "hire" or step == "continue" or not progress_attempt(state, rng, events):
            return WAIT
        return None
    turn = state["turn"]
    step = turn["step"]
    if step == "start":
        abilities = ability_options(state, turn["player"])
        if abilities:
            return abilities
        turn["step"] = "draw"
    elif step == "draw":
        draw_step(state, turn["player"])
    elif step == "main":
        if turn["attempted"] or (not turn["unlimited"] and turn["played"] >= turn["allowed"]):
            on_end_turn(state, None, rng, events)
        else:
            return WAIT
    elif step == "end":
        if score_options(state, turn["player"]):
            return WAIT
        next_turn(state, events)
    else:
        return WAIT
    return None


FLOW = Flow(
    moves={
        "choose_character": _on_choose_character,
        "ability": on_ability,
        "skip_ability": on_skip_ability,
        "draw": on_draw,
        "play": on_play,
        "attempt": on_attempt,
        "end_turn": on_end_turn,
        "stop": on_stop,
        "hire": on_hire,
        "pass": on_pass,
        "react": on_react,
        "decline": on_decline,
        "trash": on_trash,
        "discard_goon": on_discard_goon,
        "lose_informant": on_lose_informant,
        "resolve": on_resolve,
        "score": on_score,
        "choose_drawer": on_choose_drawer,
    },
    queue="queue",  # tasks.py: the effects waiting their turn
    waits=needs_choice,
    execute=execute,
    advance=_advance,
    watch=Watch(_win_key, _win_check),
)


BIG_SHUFFLE = BigShuffle()
