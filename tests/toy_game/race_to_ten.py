"""Race to Ten: the toy game that shows what a game is (docs/engine.md, "Adding a game").

Two seats; a deck of twelve cards, six worth 1 and six worth 2. Each seat holds two cards,
unseen by the other; the deck is face down. On your turn you play a card from your hand (its
value goes onto the running total) and draw the top card of the deck. Whoever brings the
total to the target (10; option `target`: 15) wins. The twelve cards add up to 18, so some
seat always gets there.

In production this is `core/games/race_to_ten/__init__.py`; here it stays in tests/ and is
registered only inside `tests.toy_game.registered()`.
"""

import copy

from core.framework.errors import IllegalMove, InvalidState
from core.framework.flow import Flow
from core.framework.game import FRAMEWORK_FIELDS, Game, Option, Setup, decision

# The vocabulary (core/games/<game>/vocabulary.py in a real game): every word it speaks on the wire.
MOVE_KINDS = ("play",)
DECISION_KINDS = ("play",)
EVENT_TYPES = ("dealt", "played", "drew", "game_over")
OUTCOME_REASONS = ("target_reached",)

CARDS = tuple(f"{value}{letter}" for value in (1, 2) for letter in "abcdef")  # "1a".."2f"
HAND = 2
HIDDEN = {"hidden": True}
FIELDS = frozenset(FRAMEWORK_FIELDS + ("deck", "hands", "played", "total", "turn"))


def value(card: str) -> int:
    return int(card[0])


class RaceToTen(Game):
    def __init__(self):
        super().__init__(id="race-to-ten", name="Race to Ten", min_players=2, max_players=2,
                         summary="Play 1s and 2s from your hand; whoever brings the total to the target wins.",
                         options=(Option("target", "integer", 10, "The total that wins.", allowed=(10, 15)),))

    def setup(self, players, options, rng):
        deck = rng.shuffle(list(CARDS))
        hands = [deck[:HAND], deck[HAND:2 * HAND]]
        events = [{"type": "dealt", "player": p, "cards": hand} for p, hand in enumerate(hands)]
        return {"deck": deck[2 * HAND:], "hands": hands, "played": [], "total": 0, "turn": 0}, events

    def decisions(self, state):
        if state["outcome"] is not None:
            return []
        p = state["turn"]
        options = [{"player": p, "kind": "play", "card": c} for c in state["hands"][p]]
        return [decision(p, "play", f"Seat {p}: play a card (the total is {state['total']}).", options)]

    def play(self, state, move, rng):  # rng: the state's RNG; Race to Ten draws in the order dealt
        return FLOW.play(state, move, rng)[0]

    def refuse(self, state, pending, move):
        if move.get("kind") == "play" and move.get("card") not in state["hands"][move["player"]]:
            raise IllegalMove(f"Seat {move['player']} holds no card {move.get('card')!r}.", rule="card_not_in_hand")

    def check(self, state):
        if set(state) != FIELDS:
            raise InvalidState("A Race to Ten state has exactly the fields " + ", ".join(sorted(FIELDS)) + ".")
        zones = [state["deck"], *state["hands"], state["played"]]
        if not all(type(z) is list for z in zones) or sorted(c for z in zones for c in z) != sorted(CARDS):
            raise InvalidState("Every card is once in the deck, a hand or the played pile.")
        if state["total"] != sum(value(c) for c in state["played"]) or state["turn"] not in (0, 1):
            raise InvalidState("The total is the sum of the played cards; the turn is seat 0 or 1.")
        if (state["outcome"] is None) != (state["total"] < state["options"]["target"]):
            raise InvalidState("The game is over exactly when the total reaches the target.")

    def view(self, state, player):
        seen = dict(state, deck=[HIDDEN] * len(state["deck"]))
        seen["hands"] = [h if s == player else [HIDDEN] * len(h) for s, h in enumerate(state["hands"])]
        return seen

    def view_event(self, event, player):
        if event["type"] == "drew" and event["player"] != player:
            return {**event, "card": HIDDEN}
        if event["type"] == "dealt" and event["player"] != player:
            return {**event, "cards": [HIDDEN] * len(event["cards"])}
        return event

    def cards(self):
        return [{"id": c, "value": value(c)} for c in CARDS]

    def labels(self, seen, decision):
        return [f"Play {o['card']} (+{value(o['card'])})" for o in decision["options"]]

    def bots(self):
        return {"greedy": GreedyBot()}

    # for the tests: which tables to play, how to reshuffle what no seat sees
    def sample_setups(self):
        return (Setup("to-10", 2, {}, 40), Setup("to-15", 2, {"target": 15}, 40))

    def shuffle_hidden(self, state, rng):
        other = copy.deepcopy(state)
        if len(other["deck"]) > 1:
            k = 1 + rng.below(len(other["deck"]) - 1)
            other["deck"] = other["deck"][k:] + other["deck"][:k]
        return other


def on_play(state, move, rng, events):
    p, card = move["player"], move["card"]
    state["hands"] = [[c for c in h if c != card] if s == p else h for s, h in enumerate(state["hands"])]
    state["played"] = state["played"] + [card]
    state["total"] += value(card)
    events.append({"type": "played", "player": p, "card": card, "total": state["total"]})
    if state["total"] >= state["options"]["target"]:
        state["outcome"] = {"winners": [p], "scores": {"0": 0, "1": 0} | {str(p): 1}, "reason": "target_reached"}
        events.append({"type": "game_over", "outcome": state["outcome"]})
        return
    if state["deck"]:
        top, state["deck"] = state["deck"][0], state["deck"][1:]
        state["hands"] = [h + [top] if s == p else h for s, h in enumerate(state["hands"])]
        events.append({"type": "drew", "player": p, "card": top})
    state["turn"] = 1 - p


# The order of play, as the framework runs it (core/framework/flow.py): one kind of move, and
# nothing that waits between two moves.
FLOW = Flow(moves={"play": on_play})


class GreedyBot:
    """Plays its highest card."""

    name = "greedy"

    def choose(self, seen, rng):
        options = [o for d in seen["pending"] for o in d["options"]]
        return max(options, key=lambda o: (value(o["card"]), o["card"]))


GAME = RaceToTen()
