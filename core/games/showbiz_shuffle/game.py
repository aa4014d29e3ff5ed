"""Showbiz Shuffle: rival movie studios (rules: showbiz-shuffle-rules.txt).

In the order of the rules text: Game Set Up, Turns (the Cattle Call first, then the hand; a
Studio Shake-up or up to one Cattle Call Bod, two hand Bods and one Biz card), Making Movies
(movies.py), the End Game. The wire format is in docs/showbiz-shuffle-contract.md, the
rulings the text leaves open in docs/rulings-showbiz-shuffle.md.

Every change replaces a list or a dict rather than editing it in place: `play` works on
`thaw(state)`, whose nested lists are still shared with the caller's state (a seat is copied
through the draft, `_seat`, the first time a move writes to it).

    >>> import core
    >>> step = core.new_game("showbiz-shuffle", 2, seed=1)
    >>> [len(s["hand"]) for s in step.state["seats"]], len(step.state["cattle_call"])
    ([5, 5], 5)
    >>> step.pending[0]["kind"], step.pending[0]["options"][-1]
    ('turn', {'player': 0, 'kind': 'end_turn'})
"""

import copy

from core.framework.draft import Draft, current_draft
from core.framework.errors import InvalidOptions
from core.framework.flow import Flow
from core.framework.game import Game, Option, Setup, decision
from core.framework.rng import Rng

from . import integrity, labels, refusals
from .bots import BOTS
from .cards import BIZ_IDS, DRAW_BIZ, bod_deck, catalog
from .integrity import IDLE_LIMIT
from .movies import biz_cards, is_complete, join, new_movie, penalty, points, with_biz
from .scoring import expected_outcome
from .turn import ALLOWANCE, NOTHING_PLAYED, options

HIDDEN = {"hidden": True}
HAND_SIZE = 5  # "draw until he/she has 5 Bod cards"
CATTLE_CALL_SIZE = 5
MOVIE_SLOTS = 2  # "Players may have up to two movies in production at a time."
MAX_STALL_ROUNDS = 100  # the largest `stall_rounds` option


class ShowbizShuffle(Game):
    listing_order = 3
    pass_kinds = ("end_turn",)  # a clock that runs out ends the turn
    revealing_events = {"bods_drawn": "drew a card", "biz_drawn": "drew a card",
                        "cattle_call_filled": "turned cards of the deck face up"}

    def __init__(self):
        super().__init__(
            id="showbiz-shuffle",
            name="Showbiz Shuffle",
            min_players=2,
            max_players=4,
            summary=(
                "Rival movie studios: cast Directors, Stars and Supporting actors from your hand and "
                "the Cattle Call into movies of a declared genre, help them (or sink your rivals') "
                "with Biz cards, and score each movie as it completes. When the last Bod is drawn, "
                "everyone has one final turn; unfinished movies count against their studio."
            ),
            options=(
                Option("stall_rounds", "integer", 0,
                       "A simulation guard, not a rule: end the game (reason `stalled`, scored as the end "
                       "game) after this many whole rounds in a row without a Bod played. 0 (the default): "
                       "off, the game ends only as the rules say, when the last Bod is drawn. For bot "
                       f"tables and simulations that must stop; 0 to {MAX_STALL_ROUNDS}."),
            ),
        )

    def check_options(self, options: dict, players: int) -> None:
        if not 0 <= options["stall_rounds"] <= MAX_STALL_ROUNDS:
            raise InvalidOptions(f"Option 'stall_rounds' must be from 0 (off) to {MAX_STALL_ROUNDS}.",
                                 {"stall_rounds": ["out of range"]})

    def canonical_move(self, state: dict, move):
        """`play_biz` on a movie may leave out `"bod": null`."""
        if type(move) is dict and move.get("kind") == "play_biz" and "bod" not in move:
            return {**move, "bod": None}
        return move

    def labels(self, seen: dict, decision: dict) -> list[str]:
        return labels.labels(seen, decision)  # the options in words (labels.py)

    def cards(self) -> list[dict]:
        return catalog()

    def bots(self) -> dict:
        return BOTS

    def turns_played(self, state: dict, moves: list) -> int:
        return sum(m.get("kind") == "end_turn" for m in moves)

    def statistics(self, state: dict) -> dict | None:
        return {"movies": sum(len(s["completed"]) for s in state["seats"])}

    def sample_setups(self) -> tuple[Setup, ...]:
        return (Setup("2-players", 2, {}, 40), Setup("3-players", 3, {}, 33), Setup("4-players", 4, {}, 27))

    def shuffle_hidden(self, state: dict, rng) -> dict:
        """The Bod and Biz decks in another order. (Hands and held Biz cards are hidden from
        the other seats only: their owner sees them.)"""
        other = copy.deepcopy(state)
        for pile in ("bod_deck", "biz_deck"):
            if len(other[pile]) > 1:
                k = 1 + rng.below(len(other[pile]) - 1)
                other[pile] = other[pile][k:] + other[pile][:k]
        return other

    # --- Game Set Up --------------------------------------------------------------------------
    def setup(self, players: int, options: dict, rng) -> tuple[dict, list]:
        """Deal each player 5 Bod cards and 1 Biz card, and place 5 Bod cards face up: the Cattle Call."""
        bods = rng.shuffle(bod_deck(players))
        biz = rng.shuffle(BIZ_IDS)
        events: list = []
        seats = []
        for p in range(players):
            hand, bods = bods[:HAND_SIZE], bods[HAND_SIZE:]
            held, biz = biz[:1], biz[1:]
            seats.append({"hand": hand, "biz": held, "movies": [None] * MOVIE_SLOTS, "completed": []})
            events.append({"type": "bods_drawn", "player": p, "cards": hand})
            events.append({"type": "biz_drawn", "player": p, "cards": held})
        call, bods = bods[:CATTLE_CALL_SIZE], bods[CATTLE_CALL_SIZE:]
        events.append({"type": "cattle_call_filled", "cards": call})
        events.append({"type": "turn_started", "player": 0})
        return {
            "bod_deck": bods, "bod_discard": [], "cattle_call": call,
            "biz_deck": biz, "biz_discard": [],
            "seats": seats, "turn": 0, "played": dict(NOTHING_PLAYED), "final_turns": None, "idle_turns": 0,
        }, events

    # --- Pending decisions --------------------------------------------------------------------
    def decisions(self, state: dict) -> list:
        if state["outcome"] is not None:
            return []
        p = state["turn"]  # (framework.game.decision, inlined)
        return [{"player": p, "kind": "turn", "prompt": _prompt(state, p), "options": options(state)}]

    # --- Turns --------------------------------------------------------------------------------
    def thaw(self, state: dict) -> Draft:
        return Draft(dict(state), set())  # Draft.of(state); a seat is copied when a move writes to it (_seat)

    def play(self, state: dict, move: dict, rng) -> list:
        return FLOW.play(state, move, rng)[0]

    def play_step(self, state: dict, move: dict, rng) -> tuple[list, None]:
        return FLOW.play(state, move, rng)[0], None  # (`play`, inlined: the engine lists the decisions)

    # --- Views --------------------------------------------------------------------------------
    def view(self, state: dict, player: int | None) -> dict:
        """Hands and held Biz cards are seen by their owner only; the decks by nobody."""
        seen = {k: v for k, v in state.items() if k != "rng"}
        seen["bod_deck"] = [HIDDEN] * len(state["bod_deck"])
        seen["biz_deck"] = [HIDDEN] * len(state["biz_deck"])
        seen["seats"] = [s if i == player else {**s, "hand": [HIDDEN] * len(s["hand"]), "biz": [HIDDEN] * len(s["biz"])}
                         for i, s in enumerate(state["seats"])]
        return seen

    def view_event(self, event: dict, player: int | None) -> dict:
        if event["type"] in ("bods_drawn", "biz_drawn") and event["player"] != player:
            return {**event, "cards": [HIDDEN] * len(event["cards"])}
        return event

    # --- Integrity and refusals ---------------------------------------------------------------
    def check(self, state: dict) -> None:
        integrity.check(state)

    def refuse(self, state: dict, pending: list, move: dict) -> None:
        refusals.refuse(state, move)


# --- The prompt (the options are listed in turn.py) -------------------------------------------
def _prompt(state: dict, p: int) -> str:
    """The turn's prompt: what is left of it. Written once for each seat and count of plays."""
    played = state["played"]
    key = (p, played["shake_up"], played["hand"], played["cattle_call"], played["biz"])
    text = _PROMPTS.get(key)
    if text is None:
        if len(_PROMPTS) >= 1024:  # a few dozen in play; bounded whatever states are posted
            _PROMPTS.clear()
        text = _PROMPTS[key] = _prompt_text(played, p)
    return text


_PROMPTS: dict[tuple, str] = {}


def _prompt_text(played: dict, p: int) -> str:
    if played["shake_up"]:
        return f"Seat {p}: your Studio Shake-up took the whole turn; end your turn."
    left = {k: ALLOWANCE[k] - played[k] for k in ALLOWANCE}
    if not any(played.values()):
        return (f"Seat {p}: cast up to 2 Bods from your hand and 1 from the Cattle Call, play 1 Biz card, "
                f"or shake up your studio; then end your turn.")
    return (f"Seat {p}: {left['hand']} Bod(s) from your hand, {left['cattle_call']} from the Cattle Call and "
            f"{left['biz']} Biz card left this turn; or end your turn.")


def _seat(p: int) -> dict:
    """Seat `p` of the move's draft, to write to: copied the first time the move changes it."""
    return current_draft().own_item("seats", p, dict.copy)


# --- Drawing ----------------------------------------------------------------------------------
def _draw_bods(state: dict, n: int) -> list:
    """The top `n` Bods, fewer if the deck runs out (the Bod discard is never reshuffled)."""
    deck = state["bod_deck"]
    drawn, state["bod_deck"] = deck[:n], deck[n:]
    return drawn


def _after_drawing_bods(state: dict, events: list) -> None:
    """The last Bod drawn starts the end game: the current turn is its player's final turn,
    then each other player has one."""
    if not state["bod_deck"] and state["final_turns"] is None:
        state["final_turns"] = state["players"]
        events.append({"type": "end_game_started", "player": state["turn"]})


def _draw_biz(state: dict, p: int, n: int, rng: Rng, events: list) -> None:
    """Draw `n` Biz cards; the Biz discard is reshuffled into a new deck as often as needed.
    With both empty (every Biz card held or in play), the rest are not drawn."""
    drawn = []
    for _ in range(n):
        if not state["biz_deck"]:
            if not state["biz_discard"]:
                break
            state["biz_deck"], state["biz_discard"] = rng.shuffle(state["biz_discard"]), []
            events.append({"type": "biz_reshuffled", "count": len(state["biz_deck"])})
        drawn.append(state["biz_deck"][0])
        state["biz_deck"] = state["biz_deck"][1:]
    if drawn:
        seat = _seat(p)
        seat["biz"] = seat["biz"] + drawn
        events.append({"type": "biz_drawn", "player": p, "cards": drawn})


# --- Turns ------------------------------------------------------------------------------------
def _start_turn(state: dict, p: int, events: list) -> None:
    """Fill the Cattle Call to five first, then the player's hand to five Bods."""
    state["turn"], state["played"] = p, dict(NOTHING_PLAYED)
    events.append({"type": "turn_started", "player": p})
    missing = CATTLE_CALL_SIZE - len(state["cattle_call"])
    if missing and state["bod_deck"]:
        drawn = _draw_bods(state, missing)
        state["cattle_call"] = state["cattle_call"] + drawn
        events.append({"type": "cattle_call_filled", "cards": drawn})
        _after_drawing_bods(state, events)
    missing = HAND_SIZE - len(state["seats"][p]["hand"])
    if missing and state["bod_deck"]:
        drawn = _draw_bods(state, missing)
        seat = _seat(p)
        seat["hand"] = seat["hand"] + drawn
        events.append({"type": "bods_drawn", "player": p, "cards": drawn})
        _after_drawing_bods(state, events)


def _end_turn(state: dict, events: list) -> None:
    p, played = state["turn"], state["played"]
    events.append({"type": "turn_ended", "player": p})
    if state["final_turns"] is not None:
        state["final_turns"] -= 1
        if state["final_turns"] == 0:
            _finish(state, "end_game", events)
            return
    # The option `stall_rounds` (off by default; a guard for simulations, not a rule): that many
    # whole rounds without a Bod played end the game. The rules end it only with the last Bod.
    state["idle_turns"] = 0 if played["hand"] or played["cattle_call"] else min(state["idle_turns"] + 1, IDLE_LIMIT)
    rounds = state["options"]["stall_rounds"]
    if rounds and state["idle_turns"] == rounds * state["players"]:
        _finish(state, "stalled", events)
        return
    _start_turn(state, (p + 1) % state["players"], events)


def _end_turn_move(state: dict, move: dict, rng: Rng, events: list) -> None:
    _end_turn(state, events)


def _shake_up(state: dict, move: dict, rng: Rng, events: list) -> None:
    """Discard all Biz cards, shuffle the hand into the Bod deck, draw 5 new Bods: the whole
    turn (nothing but ending it is left)."""
    p = move["player"]
    seat = _seat(p)
    discarded, returned = seat["biz"], seat["hand"]
    state["biz_discard"] = state["biz_discard"] + discarded
    state["bod_deck"] = rng.shuffle(state["bod_deck"] + returned)
    seat["biz"] = []
    state["played"] = {**state["played"], "shake_up": True}
    events.append({"type": "studio_shake_up", "player": p, "discarded": discarded, "returned": len(returned)})
    seat["hand"] = _draw_bods(state, HAND_SIZE)
    events.append({"type": "bods_drawn", "player": p, "cards": seat["hand"]})
    _after_drawing_bods(state, events)


# --- Playing cards ----------------------------------------------------------------------------
def _take_bod(state: dict, p: int, bod: str, source: str) -> None:
    """The Bod leaves the hand or the Cattle Call, and uses up one play of that kind."""
    if source == "hand":
        seat = _seat(p)
        seat["hand"] = [b for b in seat["hand"] if b != bod]
    else:
        state["cattle_call"] = [b for b in state["cattle_call"] if b != bod]
    played = state["played"]
    state["played"] = {**played, source: played[source] + 1}


def _set_movie(state: dict, p: int, slot: int, movie) -> None:
    seat = _seat(p)
    movies = list(seat["movies"])
    movies[slot] = movie
    seat["movies"] = movies


def _start_movie(state: dict, move: dict, rng: Rng, events: list) -> None:
    p, bod, source, genre = move["player"], move["bod"], move["from"], move["genre"]
    _take_bod(state, p, bod, source)
    seat = _seat(p)  # (_set_movie, inlined: the seat is the move's own already)
    movies = list(seat["movies"])
    slot = movies.index(None)
    movies[slot] = new_movie(bod, genre)
    seat["movies"] = movies
    events.append({"type": "movie_started", "player": p, "movie": slot, "genre": genre, "bod": bod, "from": source})
    if bod in DRAW_BIZ:  # _when_played
        _draw_biz(state, p, DRAW_BIZ[bod], rng, events)


def _cast(state: dict, move: dict, rng: Rng, events: list) -> None:
    p, bod, source, slot = move["player"], move["bod"], move["from"], move["movie"]
    _take_bod(state, p, bod, source)
    seat = _seat(p)  # (_set_movie, inlined)
    movies = list(seat["movies"])
    movie = movies[slot] = join(movies[slot], bod)
    seat["movies"] = movies
    events.append({"type": "bod_cast", "player": p, "movie": slot, "bod": bod, "from": source,
                   "upside_down": movie["cast"][-1]["upside_down"]})
    if bod in DRAW_BIZ:  # _when_played
        _draw_biz(state, p, DRAW_BIZ[bod], rng, events)
    if is_complete(movie):  # _score_if_complete: drawing Biz cards leaves the movie as it is
        _score(state, p, slot, movie, events)


def _play_biz(state: dict, move: dict, rng: Rng, events: list) -> None:
    p, card, owner, slot, bod = move["player"], move["card"], move["seat"], move["movie"], move["bod"]
    seat = _seat(p)
    seat["biz"] = [c for c in seat["biz"] if c != card]
    state["played"] = {**state["played"], "biz": 1}
    movie = with_biz(state["seats"][owner]["movies"][slot], card, bod)
    _set_movie(state, owner, slot, movie)
    events.append({"type": "biz_played", "player": p, "card": card, "seat": owner, "movie": slot, "bod": bod})
    _when_played(state, p, card, rng, events)
    _score_if_complete(state, owner, slot, events)


def _when_played(state: dict, p: int, card: str, rng: Rng, events: list) -> None:
    """"The text may instruct the player to draw Biz cards after playing the card"."""
    if card in DRAW_BIZ:
        _draw_biz(state, p, DRAW_BIZ[card], rng, events)


def _score_if_complete(state: dict, p: int, slot: int, events: list) -> None:
    """A completed movie is scored at once; its Bods go to the Bod discard, its Biz cards to
    the Biz discard, and its genre marker back to the pool."""
    movie = state["seats"][p]["movies"][slot]
    if is_complete(movie):
        _score(state, p, slot, movie, events)


def _score(state: dict, p: int, slot: int, movie: dict, events: list) -> None:
    pts = points(movie)
    bods, biz = [e["bod"] for e in movie["cast"]], biz_cards(movie)
    seat = _seat(p)
    seat["completed"] = seat["completed"] + [{"genre": movie["genre"], "points": pts}]
    _set_movie(state, p, slot, None)
    state["bod_discard"] = state["bod_discard"] + bods
    state["biz_discard"] = state["biz_discard"] + biz
    events.append({"type": "movie_completed", "player": p, "movie": slot, "genre": movie["genre"], "points": pts,
                   "bods": bods, "biz": biz})


# --- End Game ---------------------------------------------------------------------------------
def _finish(state: dict, reason: str, events: list) -> None:
    for p, seat in enumerate(state["seats"]):
        for slot, movie in enumerate(seat["movies"]):
            if movie is not None:
                events.append({"type": "movie_unfinished", "player": p, "movie": slot, "penalty": penalty(movie)})
    state["outcome"] = expected_outcome(state, reason)
    events.append({"type": "game_over", "outcome": state["outcome"]})


# A turn is one decision that the player answers move by move until ending it; nothing waits
# between two moves, so the flow is the moves alone.
FLOW = Flow(moves={
    "cast": _cast,
    "start_movie": _start_movie,
    "play_biz": _play_biz,
    "shake_up": _shake_up,
    "end_turn": _end_turn_move,
})

SHOWBIZ_SHUFFLE = ShowbizShuffle()
