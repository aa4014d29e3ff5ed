"""Shufflers: the zombie game on a standard 54-card deck (rules: shufflers-rules.txt).

One module, in the order of the rules text: set up, order of play, encounters,
special cards, the advanced variations, scoring. The wire format is in
docs/shufflers-contract.md; the rulings the text leaves open are in
docs/rulings-shufflers.md.

Every change replaces a list or a dict rather than editing it in place: `play`
works on `thaw(state)`, whose nested lists are still shared with the caller's state.
"""

import copy

from core.framework.draft import Draft
from core.framework.errors import InvalidOptions
from core.framework.flow import Flow, at_once
from core.framework.game import Game, Option, Setup, decision

from . import integrity, labels, payment
from .cards import (
    AMMO,
    CATALOG,
    ENCOUNTER,
    HEALTH,
    JOKERS,
    ROLE,
    SORT_KEY,
    VALUE,
    in_deck,
    is_card,
    sorted_row,
    total,
)
from .seats import discard_of as _discard_of
from .seats import jokers_drawn as _jokers_drawn
from .seats import living as _living
from .seats import pile_index as _pile_index
from .seats import score as _score

HIDDEN = {"hidden": True}
HIGH_CARD = {r: i for i, r in enumerate(["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"], 1)}


_DRAW_PROMPT = [f"Seat {s}: take an encounter card." for s in range(8)]




class Shufflers(Game):
    listing_order = 1
    # A clock that runs out: a helper ignores the call for help; a draw or a payment, which no
    # seat may pass, is the first listed option (a payment: the engine lists the exact card or
    # the smallest set first).
    pass_kinds = ("ignore",)
    revealing_events = {"first_player": "drew cards", "card_drawn": "drew a card", "joker_drawn": "drew a card"}

    def __init__(self):
        super().__init__(
            id="shufflers",
            name="Shufflers",
            min_players=1,
            max_players=8,
            summary=(
                "Survive the zombie apocalypse on a standard deck: spend Ammo and Health on the "
                "Shufflers you meet until the second Joker, a working boat, gets you away. One "
                "player plays solo; more play the competitive variant, or the collaborative one."
            ),
            options=(
                Option("collaborative", "boolean", False,
                       "Collaborative variation: one deck per player combined with only two Jokers; "
                       "each round every player draws, the Shufflers are summed and anyone may pay; "
                       "Queens, Kings and Jacks pick a beneficiary or victim; the ultimate sacrifice. "
                       "Needs 2 or more players. Off: solo for 1 player, competitive for more."),
                Option("vehicle", "boolean", False,
                       "The Vehicle option: on a Queen or King you may instead deal and discard the "
                       "next two encounter cards (Jokers still count)."),
                Option("sacrificial_lamb", "boolean", False,
                       "Sacrificial Lamb option: on a Queen or King you may instead discard the next "
                       "Shuffler card drawn without effect."),
            ),
        )

    def check_options(self, options: dict, players: int) -> None:
        if options["collaborative"] and players < 2:
            raise InvalidOptions("The collaborative variation needs at least 2 players.",
                                 {"collaborative": ["needs 2 or more players"]})

    def labels(self, seen: dict, decision: dict) -> list[str]:
        return labels.labels(seen, decision)  # the options in words (labels.py)

    def cards(self) -> list[dict]:
        return CATALOG

    def turns_played(self, state: dict, moves: list) -> int:
        return sum(m.get("kind") == "draw" for m in moves)

    def sample_setups(self) -> tuple[Setup, ...]:
        vehicle_lamb = {"vehicle": True, "sacrificial_lamb": True}
        return (
            Setup("solo", 1, {}, 30),
            Setup("solo-vehicle-lamb", 1, vehicle_lamb, 30),
            Setup("competitive-2", 2, {}, 18),
            Setup("competitive-4", 4, {}, 10),
            Setup("collaborative-2", 2, {"collaborative": True}, 18),
            Setup("collaborative-3", 3, {"collaborative": True}, 14),
            Setup("collaborative-4", 4, {"collaborative": True}, 9),
            Setup("collaborative-3-vehicle-lamb", 3, {"collaborative": True, **vehicle_lamb}, 12),
            Setup("collaborative-4-vehicle-lamb", 4, {"collaborative": True, **vehicle_lamb}, 9),
            Setup("collaborative-8", 8, {"collaborative": True}, 1),
        )

    def shuffle_hidden(self, state: dict, rng) -> dict:
        """Every encounter deck in another order (the decks are all that is hidden)."""
        other = copy.deepcopy(state)
        for pile in other["encounters"]:
            if len(pile["deck"]) > 1:
                k = 1 + rng.below(len(pile["deck"]) - 1)
                pile["deck"] = pile["deck"][k:] + pile["deck"][:k]
        return other

    # --- Set Up -----------------------------------------------------------------------
    def setup(self, players: int, options: dict, rng) -> tuple[dict, list]:
        collab = options["collaborative"]
        events: list = []
        seats, piles = [], []
        if collab:
            rest = [c for d in range(players) for c in in_deck(ENCOUNTER, d)]
            seats = [_new_seat(d) for d in range(players)]
            piles = [_new_pile(rng, rest, in_deck(JOKERS, 0))]
        else:
            for _ in range(players):
                seats.append(_new_seat(None))
                piles.append(_new_pile(rng, ENCOUNTER, JOKERS))
        first = _draw_for_first_player(rng, players, events) if players > 1 and not collab else 0
        return {
            "seats": seats,
            "encounters": piles,
            "turn": first,
            "task": None,
            "round_shufflers": 0,
        }, events

    # --- Pending decisions -----------------------------------------------------------
    def decisions(self, state: dict) -> list:
        if state["outcome"] is not None:
            return []
        task = state["task"]
        if task is None:
            s = state["turn"]
            options = [{"player": s, "kind": "draw"}]
            if state["options"]["collaborative"] and len(_living(state)) > 1:
                options.append({"player": s, "kind": "sacrifice"})
            return [{"player": s, "kind": "draw", "prompt": _DRAW_PROMPT[s], "options": options}]
        return _task_decisions(state, task)

    # --- Order of play ----------------------------------------------------------------
    def thaw(self, state: dict) -> Draft:
        draft = Draft.of(state)
        draft.state["seats"] = [dict(s) for s in state["seats"]]
        draft.state["encounters"] = [dict(e) for e in state["encounters"]]
        return draft

    def play(self, state: dict, move: dict, rng) -> list:
        return self.play_step(state, move, rng)[0]

    def play_step(self, state: dict, move: dict, rng) -> tuple[list, list | None]:
        # No move draws at random (a deck once dealt keeps its order); the flow answers a
        # question with a single legal answer at once, and hands back the decisions it listed.
        return FLOW.play(state, move, rng, decisions=self.decisions)

    def canonical_move(self, state: dict, move):
        """A payment names a set of cards: any order of them is the listed option, whose
        order is the canonical one (highest card first)."""
        if type(move) is dict and move.get("kind") == "pay":
            cards = move.get("cards")
            if type(cards) is list and len(cards) > 1 and all(is_card(c) for c in cards):
                ordered = sorted(cards, key=SORT_KEY.__getitem__, reverse=True)
                if ordered != cards:
                    return {**move, "cards": ordered}
        return move

    # --- Views ------------------------------------------------------------------------
    def view(self, state: dict, player: int | None) -> dict:
        # Everything is face up but the order of the encounter decks.
        seen = dict(state)
        seen["encounters"] = [{**e, "deck": [HIDDEN] * len(e["deck"])} for e in state["encounters"]]
        return seen

    # --- Integrity --------------------------------------------------------------------
    def check(self, state: dict) -> None:
        integrity.check(state)


# --- Set up helpers -------------------------------------------------------------------
def _new_seat(deck: int | None) -> dict:
    return {"status": "alive", "ammo": in_deck(AMMO, deck), "health": in_deck(HEALTH, deck),
            "ammo_discard": [], "health_discard": [], "stolen": []}


def _new_pile(rng, rest: list, jokers: list) -> dict:
    """Split the remaining cards into two equal piles, add a Joker to each, shuffle each.

    Each half of a shuffled deck is already in random order, so putting its Joker at a
    uniformly random place gives the same chances as shuffling that half again.
    """
    rest = rng.shuffle(rest)
    half = len(rest) // 2
    top, bottom = rest[:half], rest[half:]
    top.insert(rng.below(len(top) + 1), jokers[0])
    bottom.insert(rng.below(len(bottom) + 1), jokers[1])
    return {"deck": top + bottom, "discard": [], "lambs": 0}


def _draw_for_first_player(rng, players: int, events: list) -> int:
    """Draw cards to see who goes first: highest card wins, aces low; ties draw again."""
    deck, contenders, draws = [], list(range(players)), []
    while len(contenders) > 1:
        if len(deck) < len(contenders):
            deck = ENCOUNTER + AMMO + HEALTH  # 52 cards, no jokers
        drawn = {p: deck.pop(rng.below(len(deck))) for p in contenders}
        draws += [{"player": p, "card": c} for p, c in drawn.items()]
        best = max(HIGH_CARD[c[:-1]] for c in drawn.values())
        contenders = [p for p, c in drawn.items() if HIGH_CARD[c[:-1]] == best]
    events.append({"type": "first_player", "draws": draws, "player": contenders[0]})
    return contenders[0]


# --- Small state helpers (each replaces what it changes) ------------------------------
def _take_top(state: dict, seat: int) -> str:
    pile = state["encounters"][_pile_index(state, seat)]  # thawed: its own dict, shared lists
    card = pile["deck"][0]
    pile["deck"] = pile["deck"][1:]
    pile["discard"] = pile["discard"] + [card]
    return card


def _move_to_discard(state: dict, seat: int, zone: str, cards) -> None:
    """Cards leave a seat's row for its discard pile, in the order given."""
    s = state["seats"][seat]
    gone = cards if len(cards) == 1 else set(cards)
    s[zone] = [c for c in s[zone] if c not in gone]
    s[_discard_of(zone)] = s[_discard_of(zone)] + list(cards)


def _finish(state: dict, winners: list[int], reason: str, events: list) -> None:
    seats = state["seats"]
    for w in winners:
        seats[w]["status"] = "escaped"
        events.append({"type": "escaped", "player": w})
    for s in seats:  # competitive: a rival reached the boat first
        if s["status"] == "alive":
            s["status"] = "left_behind"
    state["outcome"] = {
        "winners": winners,
        "scores": {str(i): _score(s) for i, s in enumerate(seats)},
        "reason": reason,
    }
    state["task"] = None
    events.append({"type": "game_over", "outcome": state["outcome"]})


def _check_death(state: dict, seat: int, events: list) -> None:
    """Once you're out of Health Points, you're dead."""
    s = state["seats"][seat]
    if s["status"] == "alive" and not s["health"]:
        s["status"] = "dead"
        events.append({"type": "player_died", "player": seat})
        if not _living(state):
            _finish(state, [], "all_dead", events)


# --- Encounters -----------------------------------------------------------------------
def _draw(state: dict, move: dict, rng, events: list) -> None:
    seat = move["player"]
    card = _take_top(state, seat)
    events.append({"type": "card_drawn", "player": seat, "card": card})
    _encounter(state, seat, card, events)


def _encounter(state: dict, seat: int, card: str, events: list) -> None:
    """Resolve the card just drawn. Every path ends in `_done`, now or once its task is answered."""
    role = ROLE[card]
    if role == "joker":
        _joker(state, seat, events)
        _done(state, events)
    elif role == "shuffler":
        _shufflers(state, seat, card, events)
    elif role == "thief" and not state["options"]["collaborative"]:
        _rob(state, seat, events)
        _done(state, events)
    else:  # a thief whose victim is chosen, a doctor (Queen) or a prepper (King)
        _ask(state, {"kind": "thief" if role == "thief" else "help", "seat": seat, "card": card}, events)


def _ask(state: dict, task: dict, events: list) -> None:
    """Make `task` the pending question. The flow gives its answer at once when it has only one
    (`FLOW.automatic`: a thief with one victim, a single card that can pay, ...)."""
    state["task"] = task


def _done(state: dict, events: list) -> None:
    """The drawer's encounter is over: play moves on (unless the game is)."""
    state["task"] = None
    _next_turn(state, events)


def _task_decisions(state: dict, task: dict) -> list:
    kind, s = task["kind"], task["seat"]
    if kind == "payment":
        if s is None:
            return _contribution_decisions(state, task)
        row = tuple(state["seats"][s][task["source"]])
        options = [{"player": s, "kind": "pay", "cards": list(p)} for p in payment.payments(row, task["amount"])]
        what = "Ammo" if task["source"] == "ammo" else "Health"
        return [decision(s, "pay", f"Seat {s}: pay {task['amount']} from your {what}.", options)]
    if kind == "help":
        return [decision(s, "help", f"Seat {s}: the {labels.card_name(task['card'])} offers help; choose how to use it.",
                         _help_options(state, s, task["card"]))]
    options = [{"player": s, "kind": "rob", "target": t} for t in _living(state)]
    return [decision(s, "thief", f"Seat {s}: the {labels.card_name(task['card'])} is a thief; choose whom he robs.", options)]


def _joker(state: dict, seat: int, events: list) -> None:
    """The first Joker is the coast; the second is a working boat: the game is won."""
    jokers = _jokers_drawn(state["encounters"][_pile_index(state, seat)])
    events.append({"type": "joker_drawn", "player": seat, "jokers": jokers})
    if jokers == 2:
        winners = _living(state) if state["options"]["collaborative"] else [seat]
        _finish(state, winners, "escaped", events)


def _shufflers(state: dict, seat: int, card: str, events: list) -> None:
    pile = state["encounters"][_pile_index(state, seat)]
    if pile["lambs"]:
        pile["lambs"] -= 1
        events.append({"type": "shuffler_eaten", "player": seat, "card": card})
        _done(state, events)
        return
    count = VALUE[card]
    events.append({"type": "shufflers_attack", "player": seat, "count": count})
    if state["options"]["collaborative"]:
        state["round_shufflers"] += count
        _done(state, events)
    else:
        _start_payment(state, seat, count, events)


# --- Paying: Ammo first, then Health ----------------------------------------------------
def _start_payment(state: dict, seat: int, count: int, events: list) -> None:
    """One player pays `count` Shufflers: from Ammo while it lasts, then from Health."""
    s = state["seats"][seat]
    source, amount = "ammo", count
    ways = payment.payments(tuple(s["ammo"]), count)  # none: the Ammo cannot cover it
    if not ways:
        ammo = total(s["ammo"])
        if s["ammo"]:
            _pay(state, seat, "ammo", sorted_row(s["ammo"])[::-1], events)
        source, amount = "health", count - ammo
        if total(s["health"]) <= amount:  # not enough Health left: all of it goes
            _pay(state, seat, "health", sorted_row(s["health"])[::-1], events)
            _paid(state, seat, events)
            return
        ways = payment.payments(tuple(s["health"]), amount)
    if len(ways) == 1:  # the common case: answered at once, no task needed
        _pay(state, seat, source, ways[0], events)
        _paid(state, seat, events)
        return
    state["task"] = {"kind": "payment", "seat": seat, "amount": amount, "source": source, "paid": []}


def _start_group_payment(state: dict, count: int, events: list) -> None:
    """The group pays a round's Shufflers from its pooled Ammo, then from its pooled Health."""
    seats, payers = state["seats"], _living(state)
    source, amount = "ammo", count
    ammo = total([c for p in payers for c in seats[p]["ammo"]])
    if ammo < count:
        for p in payers:
            if seats[p]["ammo"]:
                _pay(state, p, "ammo", sorted_row(seats[p]["ammo"])[::-1], events)
        source, amount = "health", count - ammo
        if total([c for p in payers for c in seats[p]["health"]]) <= amount:
            for p in payers:
                _pay(state, p, "health", sorted_row(seats[p]["health"])[::-1], events)
                _check_death(state, p, events)
            _paid(state, None, events)
            return
    _ask(state, {"kind": "payment", "seat": None, "amount": amount, "source": source, "paid": []}, events)


def _paid(state: dict, seat: int | None, events: list) -> None:
    """A payment is complete: a player's encounter is over, or the group's round."""
    state["task"] = None
    if seat is None:
        if state["outcome"] is None:
            _new_round(state)
    else:
        _check_death(state, seat, events)
        _done(state, events)


def _pay(state: dict, seat: int, zone: str, cards: list, events: list) -> None:
    _move_to_discard(state, seat, zone, cards)
    events.append({"type": "paid", "player": seat, "source": zone, "cards": list(cards), "amount": total(cards)})


def _pay_move(state: dict, move: dict, rng, events: list) -> None:
    _pay(state, move["player"], state["task"]["source"], move["cards"], events)
    _paid(state, move["player"], events)


def _pool(state: dict, zone: str) -> list[tuple[int, str]]:
    return [(p, c) for p in _living(state) for c in state["seats"][p][zone]]


def _contribution_options(state: dict, task: dict) -> list[dict]:
    """Collaborative payment, one card at a time: every card that keeps a legal payment possible.

    The legal payments are those of the solo rule applied to the group's pooled row:
    a card of exactly the value if anyone holds one, else an exact sum, else the
    smallest total above it.
    """
    zone, amount = task["source"], task["amount"]
    pool = _pool(state, zone)
    if not task["paid"] and amount <= 10:
        exact = [(p, c) for p, c in pool if VALUE[c] == amount]
        if exact:
            return [{"player": p, "kind": "contribute", "card": c} for p, c in exact]
    values = tuple(sorted(VALUE[c] for _, c in pool))
    paid_values = tuple(sorted(VALUE[c] for c in task["paid"]))
    fits = payment.spendable(values, paid_values, amount)
    return [{"player": p, "kind": "contribute", "card": c} for p, c in pool if VALUE[c] in fits]


def _contribution_decisions(state: dict, task: dict) -> list:
    """Every seat that holds a card the group may spend decides at the same time."""
    left = task["amount"] - total(task["paid"])
    what = "Ammo" if task["source"] == "ammo" else "Health"
    return at_once(_contribution_options(state, task), "contribute",
                   lambda p: f"Seat {p}: the group still has {left} Shufflers to stop; you may spend a card of your {what}.")


def _contribute(state: dict, move: dict, rng, events: list) -> None:
    task = state["task"]
    seat, card = move["player"], move["card"]
    _pay(state, seat, task["source"], [card], events)
    _check_death(state, seat, events)  # a last Health card spent: dead at once
    if state["outcome"] is not None:
        return
    paid = task["paid"] + [card]
    target = payment.cheapest_total([VALUE[c] for _, c in _pool(state, task["source"])] + [VALUE[c] for c in paid],
                                    task["amount"])
    if total(paid) < target:
        _ask(state, {**task, "paid": paid}, events)
        return
    for p in _living(state):
        _check_death(state, p, events)
    _paid(state, None, events)


# --- Special cards ------------------------------------------------------------------------
def _help_options(state: dict, seat: int, card: str) -> list[dict]:
    """Queen: the last Heart discarded comes back; King: the last Ammo. Or a variant option."""
    zone = "health" if ROLE[card] == "doctor" else "ammo"
    targets = _living(state) if state["options"]["collaborative"] else [seat]
    seats = state["seats"]
    options = [{"player": seat, "kind": "retrieve", "target": t} for t in targets if seats[t][_discard_of(zone)]]
    if not options:
        options = [{"player": seat, "kind": "ignore"}]
    if state["options"]["vehicle"]:
        options.append({"player": seat, "kind": "vehicle"})
    if state["options"]["sacrificial_lamb"]:
        options.append({"player": seat, "kind": "sacrificial_lamb"})
    return options


def _retrieve(state: dict, move: dict, rng, events: list) -> None:
    zone = "health" if ROLE[state["task"]["card"]] == "doctor" else "ammo"
    target = state["seats"][move["target"]]
    card = target[_discard_of(zone)][-1]
    target[_discard_of(zone)] = target[_discard_of(zone)][:-1]
    target[zone] = sorted_row(target[zone] + [card])
    events.append({"type": "card_retrieved", "player": move["target"], "card": card})
    _done(state, events)


def _ignore(state: dict, move: dict, rng, events: list) -> None:
    _done(state, events)


def _vehicle(state: dict, move: dict, rng, events: list) -> None:
    """Deal and discard the next two cards; a Joker among them still counts, nothing else does."""
    seat = move["player"]
    for _ in range(2):
        card = _take_top(state, seat)
        events.append({"type": "vehicle_passed", "player": seat, "card": card})
        if ROLE[card] == "joker":
            _joker(state, seat, events)
            if state["outcome"] is not None:
                return
    _done(state, events)


def _sacrificial_lamb(state: dict, move: dict, rng, events: list) -> None:
    state["encounters"][_pile_index(state, move["player"])]["lambs"] += 1
    events.append({"type": "lamb_offered", "player": move["player"]})
    _done(state, events)


def _rob(state: dict, victim: int, events: list) -> None:
    """The thief takes the highest Ammo card, never to return; with no Ammo, the highest Health."""
    s = state["seats"][victim]
    zone = "ammo" if s["ammo"] else "health"
    card = max(s[zone], key=SORT_KEY.__getitem__)
    s[zone] = [c for c in s[zone] if c != card]
    s["stolen"] = s["stolen"] + [card]
    events.append({"type": "card_stolen", "player": victim, "card": card})
    _check_death(state, victim, events)


def _rob_move(state: dict, move: dict, rng, events: list) -> None:
    _rob(state, move["target"], events)
    _done(state, events)


# --- Turns and rounds -----------------------------------------------------------------------
def _next_turn(state: dict, events: list) -> None:
    """After an encounter is resolved: the next player in turn (competitive), the next
    drawer of the round or the round's payment (collaborative), or the solo player again."""
    if state["outcome"] is not None:
        return
    turn = state["turn"]
    if state["options"]["collaborative"]:
        later = [p for p in _living(state) if p > turn]
        if later:
            state["turn"] = later[0]
            return
        count, state["round_shufflers"] = state["round_shufflers"], 0
        if count:
            _start_group_payment(state, count, events)
        else:
            _new_round(state)
        return
    seats, n = state["seats"], len(state["seats"])
    for k in range(1, n + 1):  # the next living seat clockwise (the same one when alone)
        if seats[(turn + k) % n]["status"] == "alive":
            state["turn"] = (turn + k) % n
            return


def _split_evenly(values: list[int], k: int, budget: int = 5000) -> list[int]:
    """Who gets each of `values` (highest first) when they are shared among k players as
    equally as possible: the split with the smallest sum of squared shares (for two players,
    the smallest difference). Among equally even splits, the first in clockwise order wins.

    A branch-and-bound search, started from the greedy split (each card to whoever has least);
    it visits at most `budget` nodes, so a crafted state cannot make it slow: past that, the
    best split found so far is used. Real hands (ten cards or so) never get near it.

    >>> _split_evenly([8, 7, 6, 5, 4], 2)  # 8+7 and 6+5+4, where greedy gives 17 and 13
    [0, 0, 1, 1, 1]
    """
    greedy, shares = [], [0] * k
    for v in values:
        j = shares.index(min(shares))
        shares[j] += v
        greedy.append(j)
    best = {"cost": sum(x * x for x in shares), "split": None}
    rest = [sum(values[i:]) for i in range(len(values) + 1)]
    nodes = 0

    def bound(shares: list[int], left: int) -> float:
        """The cost if `left` could be poured into the lowest shares like water."""
        low = sorted(shares)
        for m in range(k, 0, -1):
            level = (sum(low[:m]) + left) / m
            if m == 1 or level >= low[m - 1]:
                return level * level * m + sum(x * x for x in low[m:])
        return 0.0

    def search(i: int, shares: list[int], split: list[int]) -> None:
        nonlocal nodes
        nodes += 1
        if i == len(values):
            cost = sum(x * x for x in shares)
            if cost < best["cost"] or (cost == best["cost"] and best["split"] is None):
                best["cost"], best["split"] = cost, list(split)
            return
        limit = best["cost"] if best["split"] is None else best["cost"] - 1
        tried = set()
        for j in range(k):
            if shares[j] in tried or nodes > budget:
                continue  # the same share twice is the same choice
            tried.add(shares[j])
            shares[j] += values[i]
            if bound(shares, rest[i + 1]) <= limit:
                split.append(j)
                search(i + 1, shares, split)
                split.pop()
            shares[j] -= values[i]

    search(0, [0] * k, [])
    return best["split"] or greedy


def _new_round(state: dict) -> None:
    state["turn"] = _living(state)[0]


def _sacrifice(state: dict, move: dict, rng, events: list) -> None:
    """The Ultimate Sacrifice: the next Shuffler card is discarded without effect and the
    remaining Health Points go to the others, as equally as possible (see `_split_evenly`)."""
    seat = move["player"]
    seats = state["seats"]
    n = len(seats)
    others = [p for p in ((seat + k) % n for k in range(1, n)) if seats[p]["status"] == "alive"]
    cards = sorted_row(seats[seat]["health"])[::-1]
    donations = []
    for card, i in zip(cards, _split_evenly([VALUE[c] for c in cards], len(others))):
        p = others[i]
        seats[p]["health"] = sorted_row(seats[p]["health"] + [card])
        donations.append({"player": p, "card": card})
    seats[seat]["health"] = []
    seats[seat]["status"] = "sacrificed"
    state["encounters"][0]["lambs"] += 1
    events.append({"type": "sacrificed", "player": seat, "donations": donations})
    _done(state, events)


FLOW = Flow(
    moves={
        "draw": _draw,
        "sacrifice": _sacrifice,
        "pay": _pay_move,
        "contribute": _contribute,
        "retrieve": _retrieve,
        "ignore": _ignore,
        "vehicle": _vehicle,
        "sacrificial_lamb": _sacrificial_lamb,
        "rob": _rob_move,
    },
    # The questions `_ask` puts (a thief's victim, a Queen's or King's help, the group's next card)
    # are answered at once when only one answer is legal.
    automatic=frozenset({"thief", "help", "contribute"}),
)


SHUFFLERS = Shufflers()
