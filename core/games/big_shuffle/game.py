"""The Big Shuffle: the film-noir scene-changing game (rules: big-shuffle-rulebook.txt).

The module follows the rulebook: setting up, the character turn (start of turn abilities,
draw, play a card or attempt a scene change), the scene change in its four steps, moving
scenes and The Big Shuffle, winning, and the expert variation. The wire format and the card
vocabulary are in docs/big-shuffle-contract.md; rulings in docs/rulings-big-shuffle.md.

How a move is resolved: `play` applies the move, then `_run` does every piece of bookkeeping
until somebody must choose. Effects that wait their turn sit in `state["queue"]` as small
task records (`{"do": "draw", "player": 1, "amount": 2}`); a task runs by itself unless it
needs a choice, in which case it is the pending decision. The scene change in progress is
`state["attempt"]`. `play` works on a deep copy of the state, so nothing is shared.
"""

from core.framework.budget import MAX_EVENTS, MAX_SAFE_INTEGER, MAX_STEPS, check_events, over_budget
from core.framework.engine import same
from core.framework.errors import IllegalMove, InvalidOptions, InvalidState
from core.framework.game import FRAMEWORK_FIELDS, Game, Option, decision
from core.framework.rng import Rng

from .cards import (AGAINST, ALL_IDS, CARD, CATALOG, CHARACTERS, EXPANSIONS, FOR, HAVING, IN_PLAY, LAW, LINES,
                    NOIR_TYPES, PATROLS, PLACES, REACTION_WINDOW, SCENE_TYPE, SCENE_TYPES, TITLES, TYPE, WINDOW_CARDS,
                    effects)

HIDDEN = {"hidden": True}
MODES = ("beginner", "standard", "expert")
EXPERT_POINTS = 5
LOOT_LIMIT = 3
STEPS = ("character", "start", "draw", "main", "end")
STATE_FIELDS = frozenset(FRAMEWORK_FIELDS + (
    "seats", "shared", "characters", "agendas", "noir", "informants", "changes", "city",
    "removed", "played", "turn", "attempt", "queue", "public"))
LAW_FIELDS = STATE_FIELDS | {"patrols", "protected"}  # with The Law


# Decision prompts, written once per seat (PROMPTS[kind][seat]).
_PROMPT_TEXTS = {
    "choose_character": "Seat {seat}: choose your character.",
    "start_of_turn": "Seat {seat}: use a start of turn ability, or skip.",
    "main": "Seat {seat}: play a card, attempt a scene change, or end your turn.",
    "score": "Seat {seat}: reveal an agenda to score it, or end your turn.",
    "draw": "Seat {seat}: draw a noir card from the deck or the top of the discard.",
    "trash": "Seat {seat}: you may keep only 3 loot; trash one.",
    "crazed_killer": "Seat {seat}: discard a goon, or your informant is killed.",
    "order": "Seat {seat}: choose which of your effects resolves first.",
    "react": "Seat {seat}: play a reaction now, or decline.",
    "continue": "Seat {seat}: Endless Rain: attempt another scene change at -2, or stop.",
    "cruise": "Seat {seat}: The Cruiser: attempt another scene change, or stop.",
    "choose_drawer": "Seat {seat}: Neighborhood Watch: choose a character (yourself too) to draw a noir card.",
}
PROMPTS = {kind: [text.format(seat=seat) for seat in range(8)] for kind, text in _PROMPT_TEXTS.items()}
HIRE_PROMPTS = [[f"Seat {q}: hire a goon for your own scene change, or pass." if p == q else
                  f"Seat {q}: hire a goon for or against seat {p}, or pass." for p in range(8)] for q in range(8)]


class BigShuffle(Game):
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
        from . import labels  # the options in words (labels.py)

        return labels.labels(seen, decision)

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
            "turn": _new_turn(0, 1, "start" if preset else "character"),
            "attempt": None,
            "queue": [],
            "public": [],
            "outcome": None,
        }
        if options["expansions"]:
            state["patrols"] = dict.fromkeys(LINES)
            state["protected"] = []
        events = [{"type": "game_started", "players": players, "mode": options["mode"]}]
        state["options"] = options
        state["players"] = players
        state[OWNED] = None  # a new state: every part is this function's own
        if preset:
            _deal(state, events)
            _run(state, rng, events)
        for k in ("options", "players", OWNED):
            del state[k]
        return state, events

    # --- Pending decisions -------------------------------------------------------------
    def decisions(self, state: dict) -> list:
        if state["outcome"] is not None:
            return []
        if state["queue"]:
            return [_task_decision(state, state["queue"][0])]
        if state["attempt"] is not None:
            return [_attempt_decision(state, state["attempt"])]
        turn = state["turn"]
        p = turn["player"]
        step = turn["step"]
        if step == "character":
            return [decision(p, "choose_character", PROMPTS["choose_character"][p],
                             [{"player": p, "kind": "choose_character", "character": c} for c in state["characters"]])]
        if step == "start":
            return _start_of_turn(p, _ability_options(state, p))
        if step == "main":
            return [decision(p, "main", PROMPTS["main"][p],
                             _main_options(state, p))]
        if step == "end":
            return [decision(p, "score", PROMPTS["score"][p],
                             _score_options(state, p) + [{"player": p, "kind": "end_turn"}])]
        raise InvalidState(f"The turn's step {step!r} waits for nobody.")

    def refuse(self, state: dict, pending: list, move: dict) -> None:
        _refuse(state, pending, move)

    # --- Playing -------------------------------------------------------------------------
    def thaw(self, state: dict) -> dict:
        return _copy(state)

    def play(self, state: dict, move: dict) -> list:
        return self.play_step(state, move)[0]

    def play_step(self, state: dict, move: dict) -> tuple[list, list | None]:
        """The driver may stop at a start of turn with the abilities it listed: they are the decision."""
        rng = _LazyRng(state["rng"])
        events: list = []
        checked = _win_key(state) if state["turn"]["step"] != "character" else None
        _MOVES[move["kind"]](state, rng, move, events)
        abilities = _run(state, rng, events, checked)
        if rng.rng is not None:
            state["rng"] = rng.rng.dump()
        if state["public"]:  # a public card that left the hands is seen where it lies now
            in_hands = {c for seat in state["seats"] for c in seat["hand"]}
            if not in_hands.issuperset(state["public"]):
                state["public"] = [c for c in state["public"] if c in in_hands]
        del state[OWNED]
        return events, (None if abilities is None else _start_of_turn(state["turn"]["player"], abilities))

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
            seen["attempt"] = {**a, "influence": _influence_view(state, a)}
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
        _check(state)

    def bots(self) -> dict:
        from .bot import HeuristicBot

        return {"heuristic": HeuristicBot()}


# --- Small helpers ---------------------------------------------------------------------
def _redacted_hand(hand: list, public: list) -> list:
    """Another seat's hand: the cards the rules made public (they came back from a discard),
    then a placeholder for each of the others (so their order tells nothing)."""
    if not public:
        return [HIDDEN] * len(hand)
    shown = [c for c in hand if c in public]
    return shown + [HIDDEN] * (len(hand) - len(shown))


class _LazyRng:
    """The state's RNG, loaded the first time a move draws, shuffles or picks at random."""

    __slots__ = ("text", "rng")

    def __init__(self, text: str):
        self.text, self.rng = text, None

    def _get(self) -> Rng:
        if self.rng is None:
            self.rng = Rng.load(self.text)
        return self.rng

    def below(self, n: int) -> int:
        return self._get().below(n)

    def shuffle(self, items: list) -> list:
        return self._get().shuffle(items)


OWNED = "~owned"  # while `play` runs: which parts of the state it has copied already


def _copy(state: dict) -> dict:
    """The state `play` works on: the turn and the scene change are copied now (the queue and
    the scene change's lists are only ever replaced, never changed in place);
    the rest (seats, piles, city) is shared with the caller's state until play writes to it,
    through the `_own`, `_seat` and `_piles` accessors, which copy a part the first time."""
    new = dict(state)
    new["turn"] = dict(state["turn"])
    if state["attempt"] is not None:  # its lists and the queue are replaced, never changed in place
        new["attempt"] = dict(state["attempt"])
    new[OWNED] = set()
    return new


def _pile_copy(d: dict) -> dict:
    return {k: v[:] for k, v in d.items()}


_COPIERS = {
    "noir": _pile_copy, "informants": _pile_copy, "changes": _pile_copy, "agendas": _pile_copy,
    "removed": list.copy, "played": list.copy, "characters": list.copy, "public": list.copy,
    "shared": lambda shared: [dict(sh) for sh in shared],
    "patrols": dict.copy, "protected": list.copy,  # The Law (the protections are replaced, never changed)
}


def _own(state: dict, key: str):
    """state[key], made safe to change (a top-level part: a pile, removed, played, ...)."""
    owned = state[OWNED]
    if owned is not None and key not in owned:
        owned.add(key)
        state[key] = _COPIERS[key](state[key])
    return state[key]


def _seat(state: dict, p: int) -> dict:
    """Seat p, made safe to change."""
    owned = state[OWNED]
    if owned is not None and p not in owned:
        owned.add(p)
        if "seats" not in owned:
            owned.add("seats")
            state["seats"] = state["seats"][:]
        s = state["seats"][p]
        state["seats"][p] = {**s, "hand": s["hand"][:], "loot": s["loot"][:]}
    return state["seats"][p]


def _piles(state: dict, t: str) -> dict:
    """The Uptown, Midtown and Downtown piles of scene type t, made safe to change."""
    owned = state[OWNED]
    if owned is not None and t not in owned:
        owned.add(t)
        if "city" not in owned:
            owned.add("city")
            state["city"] = dict(state["city"])
        state["city"][t] = _pile_copy(state["city"][t])
    return state["city"][t]


def _new_turn(player: int, number: int, step: str) -> dict:
    return {"player": player, "number": number, "step": step, "played": 0, "allowed": 1,
            "unlimited": False, "attempted": False}


_GOONS = frozenset(c for c in CARD if TYPE[c] == "goon")
_ACTIONS = frozenset(c for c in CARD if TYPE[c] == "action")
_TARGETED = frozenset(("kill_informant", "steal_random", "steal_loot", "take_discard", "attempt"))
_PLAIN_PLAYS = frozenset(c for c in CARD if TYPE[c] == "loot" or (
    TYPE[c] == "action" and not any(e["do"] in _TARGETED for e in effects(c, "play"))))
_ORDERS = {n: [[(first + k) % n for k in range(n)] for first in range(n)] for n in range(1, 9)}


# seats n, seat h -> every seat clockwise after h, ending with h itself
_AFTER = {n: [order[1:] + order[:1] for order in orders] for n, orders in _ORDERS.items()}


def _order_from(state: dict, first: int) -> list[int]:
    """Every seat in player order (clockwise), starting with `first`."""
    return _ORDERS[state["players"]][first]


def _top(pile: list):
    return pile[-1] if pile else None


def _active(state: dict, t: str) -> str | None:
    """The active scene of type t: the top of its Midtown pile, unless that is a title."""
    top = _top(state["city"][t]["midtown"])
    return top if top is not None and TYPE[top] == "scene" else None


def _active_scenes(state: dict) -> list[str]:
    return [s for s in (_active(state, t) for t in SCENE_TYPES) if s is not None]


def _tops(state: dict) -> dict:
    return {t: _top(state["city"][t]["midtown"]) for t in SCENE_TYPES}


def _where(state: dict, scene: str) -> str | None:
    piles = state["city"][SCENE_TYPE[scene]]
    for place in PLACES:
        if piles[place] and piles[place][-1] == scene:
            return place
    return None


# --- Statics: what applies to a character right now ------------------------------------
def _ignores_scenes(state: dict, p: int) -> bool:
    """The Key to the City (and the like) beats every active scene, The Police Station included."""
    seat = state["seats"][p]
    having = HAVING["ignore_scenes"]
    return seat["informant"] in having or any(c in having for c in seat["loot"])


def _scene_statics(state: dict, p: int) -> list[dict]:
    if _ignores_scenes(state, p):
        return []
    return [e for s in _active_scenes(state) for e in effects(s, "static")]


def _scenes_have(state: dict, p: int, verb: str) -> bool:
    """Does an active scene have this static, and does it apply to p? (Titles have none.)"""
    having = HAVING.get(verb, ())
    city = state["city"]
    for t in SCENE_TYPES:
        mid = city[t]["midtown"]
        if mid and mid[-1] in having:
            return not _ignores_scenes(state, p)
    return False


def _loot_works(state: dict, p: int) -> bool:
    return not _scenes_have(state, p, "no_loot")


def _own_cards(state: dict, p: int) -> list[str]:
    """The informant and (if loot works) the loot whose effects p has."""
    seat = state["seats"][p]
    own = [seat["informant"]] if seat["informant"] else []
    if seat["loot"] and _loot_works(state, p):
        own += seat["loot"]
    return own


def _own_statics(state: dict, p: int) -> list[dict]:
    return [e for c in _own_cards(state, p) for e in effects(c, "static")]


def _owns(state: dict, p: int, verb: str) -> bool:
    """Does p's informant or working loot have this static?"""
    having = HAVING.get(verb, ())
    seat = state["seats"][p]
    if seat["informant"] in having:
        return True
    return any(c in having for c in seat["loot"]) and _loot_works(state, p)


def _total(statics: list[dict], verb: str) -> int:
    return sum(e.get("amount", 0) for e in statics if e["do"] == verb)


def _abilities_blocked(state: dict, p: int) -> bool:
    return _scenes_have(state, p, "no_abilities")


def _may_draw_from_discard(state: dict, p: int) -> bool:
    return _owns(state, p, "draw_from_discard") or _scenes_have(state, p, "draw_from_discard")


# --- The Law: patrols and Not On My Watch! ---------------------------------------------------
# goons that let their hirer cruise on (The Cruiser names The Wheelman)
_CRUISE_GOONS = frozenset(e["goon"] for c in CATALOG for e in c["effects"] if e["do"] == "cruise")
_LAW_REACTIONS = {c["id"]: e["do"] for c in CATALOG for e in c["effects"] if e["do"] in ("protect", "move_patrol")}
_HIRE_TRIGGERED = frozenset(c["id"] for c in CATALOG if any(e["on"] == "you_hire" for e in c["effects"]))


def _patrols_on(state: dict, a: dict) -> list[str]:
    """The patrols a scene change attempt is subject to: on the column of its scene's type and on
    the row its scene was in when attempted. None for a character with The Badge."""
    patrols = state.get("patrols")
    if not patrols or _owns(state, a["player"], "ignore_patrols"):
        return []
    return [c for c in (patrols[a["type"]], patrols[a["from"]]) if c is not None]


def _patrol_effects(state: dict, a: dict, on: str) -> list[tuple[str, dict]]:
    return [(c, e) for c in _patrols_on(state, a) for e in effects(c, on)]


def _place_patrol(state: dict, card: str, line: str) -> str | None:
    """A patrol onto a line; the patrol there before goes to the noir discard (and is returned)."""
    patrols = _own(state, "patrols")
    replaced = patrols[line]
    if replaced is not None:
        _own(state, "noir")["discard"].append(replaced)
    patrols[line] = card
    return replaced


def _blocker(state: dict, a: dict) -> str | None:
    """The protected scene that keeps this scene change from moving anything: the scene itself,
    or the one it would cover (Not On My Watch!)."""
    protected = state.get("protected")
    if not protected:
        return None
    scenes = {x["scene"] for x in protected}
    dest = state["city"][a["type"]][a["to"]]
    for scene in (a["scene"], dest[-1] if dest else None):
        if scene in scenes:
            return scene
    return None


def _top_scenes(state: dict) -> list[str]:
    """The scene cards (not titles) on top of the nine piles, WHO to WHERE, Uptown to Downtown
    (never the state's key order: a client may send its JSON keys sorted)."""
    city = state["city"]
    return [city[t][place][-1] for t in SCENE_TYPES for place in PLACES
            if city[t][place] and TYPE[city[t][place][-1]] == "scene"]


def _end_protections(state: dict, events: list, player: int | None, everything: bool = False) -> None:
    """Not On My Watch! ends at the start of its player's next turn, or when its scene has left
    the top of its pile (The Big Shuffle: every scene did): the card goes to the noir discard."""
    protected = state["protected"]
    ending = [x for x in protected if everything or x["player"] == player or _where(state, x["scene"]) is None]
    if ending:
        state["protected"] = [x for x in protected if x not in ending]
        for x in ending:
            _own(state, "noir")["discard"].append(x["card"])
            events.append({"type": "protection_ended", "scene": x["scene"], "card": x["card"]})


def _backs(state: dict, q: int, a: dict) -> str | None:
    """The character of seat q if it may back this scene change now (The Vigilante): another
    character's, once, while character abilities work."""
    character = state["seats"][q]["character"]
    if character not in FOR or q == a["player"] or _abilities_blocked(state, q) \
            or any(g["card"] == character for g in a["goons"]):
        return None
    return character


# --- The agendas --------------------------------------------------------------------------
def _agenda_slots(state: dict, p: int) -> list[tuple]:
    """p's agendas as (slot, agenda): ("seat", p) for the personal one, ("shared", i)."""
    slots = [(("seat", p), state["seats"][p]["agenda"])]
    slots += [(("shared", i), sh["agenda"]) for i, sh in enumerate(state["shared"]) if p in sh["seats"]]
    return [(slot, a) for slot, a in slots if a is not None]


def _wins(state: dict, p: int) -> bool:
    """The active WHO, WHAT and WHERE each match a scene among p's agendas (any combination)."""
    agendas = [CARD[a] for _, a in _agenda_slots(state, p)]
    city = state["city"]
    for t in SCENE_TYPES:
        mid = city[t]["midtown"]
        active = mid[-1] if mid else None
        if not any(a[t] == active for a in agendas):  # titles match no agenda
            return False
    return True


def _finish(state: dict, winners: list[int], reason: str, events: list) -> None:
    state["outcome"] = {"winners": winners,
                        "scores": {str(i): s["score"] for i, s in enumerate(state["seats"])},
                        "reason": reason}
    state["turn"]["step"] = "over"
    # What was still on the table goes to its discard: hired goons, the revealed card, cards in play.
    a = state["attempt"]
    if a is not None:
        _own(state, "noir")["discard"] += [g["card"] for g in a["goons"] if g["card"] in _GOONS]
        if a["change"] is not None:
            _own(state, "changes")["discard"].append(a["change"])
    _own(state, "noir")["discard"] += state["played"]
    state["played"] = []
    state["queue"] = []
    state["attempt"] = None
    events.append({"type": "game_over", "outcome": state["outcome"]})


# --- Decks ------------------------------------------------------------------------------------
def _take(state: dict, rng: Rng, pile: str, events: list) -> str | None:
    """The top card of a non-scene deck; an empty deck is formed again from its discard."""
    deck = _own(state, pile)
    if not deck["deck"]:
        if not deck["discard"]:
            return None
        deck["deck"] = rng.shuffle(deck["discard"])
        deck["discard"] = []
        if pile == "noir" and state["public"]:  # shuffled face down: where each is, nobody knows
            state["public"] = [c for c in state["public"] if c not in deck["deck"]]
        events.append({"type": "deck_reshuffled", "deck": pile})
    return deck["deck"].pop()


def _draw_one(state: dict, rng: Rng, p: int, source: str, events: list) -> None:
    if source == "discard":
        card = _own(state, "noir")["discard"].pop()
        _own(state, "public").append(card)  # "cards returned from the discard" are public knowledge
        events.append({"type": "card_drawn", "player": p, "from": "discard", "card": card})
    else:
        card = _take(state, rng, "noir", events)
        if card is None:
            events.append({"type": "deck_empty", "deck": "noir", "player": p})
            return
        events.append({"type": "card_drawn", "player": p, "from": "deck", "card": card})
    _seat(state, p)["hand"].append(card)


def _replace_informant(state: dict, rng: Rng, p: int, events: list, killed: bool) -> None:
    seat = _seat(state, p)
    old = seat["informant"]
    if old is not None:
        _own(state, "informants")["discard"].append(old)
        events.append({"type": "informant_killed" if killed else "informant_replaced", "player": p, "card": old})
    seat["informant"] = _take(state, rng, "informants", events)
    events.append({"type": "informant_revealed", "player": p, "card": seat["informant"]})


# --- Moving scenes -------------------------------------------------------------------------------
def _city_changed(state: dict, rng: Rng, before: dict, events: list) -> None:
    """After scenes moved: The Big Shuffle if a Midtown pile is empty; then each scene that
    became active triggers (in WHO, WHAT, WHERE order)."""
    if any(not state["city"][t]["midtown"] for t in SCENE_TYPES):
        _big_shuffle(state, rng, events)
    tasks = []
    for t in SCENE_TYPES:
        top = _active(state, t)
        if top is not None and top != before[t]:
            events.append({"type": "scene_activated", "scene": top})
            for e in effects(top, "activate"):
                tasks += _targets_each(state, e, top)
    if state.get("protected"):
        _end_protections(state, events, None)
    _push(state, tasks)


def _targets_each(state: dict, effect: dict, source: str) -> list[dict]:
    """An activation effect on each character (in player order from the active player),
    except those whom active scenes do not affect."""
    seats = [p for p in _order_from(state, state["turn"]["player"]) if not _ignores_scenes(state, p)]
    if effect["do"] == "kill_unless_goon":
        return [{"do": "kill_unless_goon", "player": p, "source": source}
                for p in seats if state["seats"][p]["informant"] is not None]
    if effect["do"] == "draw_each":
        return [{"do": "draw", "player": p, "amount": effect["amount"], "source": source} for p in seats]
    raise ValueError(effect["do"])


def _big_shuffle(state: dict, rng: Rng, events: list) -> None:
    """Shuffle each scene type together: one Uptown, one Downtown, the rest Midtown."""
    for t in SCENE_TYPES:
        piles = state["city"][t]
        cards = piles["uptown"] + piles["midtown"] + piles["downtown"]
        if TITLES[t] in cards:
            cards.remove(TITLES[t])
            _own(state, "removed").append(TITLES[t])
            events.append({"type": "title_removed", "card": TITLES[t]})
        cards = rng.shuffle(cards)
        _piles(state, t).update({"uptown": cards[:1], "midtown": cards[2:], "downtown": cards[1:2]})
    if state.get("protected"):
        _end_protections(state, events, None, everything=True)
    events.append({"type": "big_shuffle",
                   "city": {t: {"uptown": p["uptown"], "active": p["midtown"][-1], "downtown": p["downtown"]}
                            for t, p in state["city"].items()}})


def _move_scene(state: dict, scene: str, to: str, events: list, change: bool) -> None:
    """A scene leaves the top of its pile for the top of `to` (or, for bottom moves, the
    bottom of Midtown). A title that would go anywhere but the top of Midtown leaves the game."""
    t = SCENE_TYPE[scene]
    frm = _where(state, scene)
    piles = _piles(state, t)
    piles[frm].pop()
    if TYPE[scene] == "title":
        _own(state, "removed").append(scene)
        events.append({"type": "title_removed", "card": scene})
        return
    if to == "bottom":
        piles["midtown"].insert(0, scene)
    else:
        dest = piles[to]
        if dest and TYPE[dest[-1]] == "title":  # covered, the title would leave the top of Midtown
            _own(state, "removed").append(dest.pop())
            events.append({"type": "title_removed", "card": state["removed"][-1]})
        dest.append(scene)
    events.append({"type": "scene_changed" if change else "scene_moved", "scene": scene, "from": frm, "to": to})


def _destinations(place: str) -> tuple:
    return ("uptown", "downtown") if place == "midtown" else ("midtown",)


def _difficulty(state: dict, scene: str, frm: str, to: str) -> int:
    """From the side showing (active: top of Midtown), in the direction of the move."""
    side = "active" if frm == "midtown" and TYPE[scene] == "scene" else "inactive"
    direction = "up" if to == "uptown" or frm == "downtown" else "down"
    return CARD[scene][side][direction]


def _attempt_options(state: dict, p: int) -> list[dict]:
    """Every scene change p may attempt: each top card of the nine piles, one step each way."""
    out = []
    city = state["city"]
    for t in SCENE_TYPES:  # not city's key order: a state's JSON may come with its keys sorted
        piles = city[t]
        up, mid, down = piles["uptown"], piles["midtown"], piles["downtown"]
        if up:
            out.append({"player": p, "kind": "attempt", "scene": up[-1], "to": "midtown"})
        if mid:
            out.append({"player": p, "kind": "attempt", "scene": mid[-1], "to": "uptown"})
            out.append({"player": p, "kind": "attempt", "scene": mid[-1], "to": "downtown"})
        if down:
            out.append({"player": p, "kind": "attempt", "scene": down[-1], "to": "midtown"})
    return out


# --- The queue of effects ---------------------------------------------------------------------------
def _push(state: dict, tasks: list) -> None:
    """New effects resolve before the ones already waiting."""
    if tasks:
        state["queue"] = tasks + state["queue"]


def _order(state: dict, p: int, tasks: list) -> list:
    """One character's simultaneous effects: they choose the order unless it cannot matter."""
    if len(tasks) < 2 or all({**t, "source": None} == {**tasks[0], "source": None} for t in tasks):
        return tasks
    return [{"do": "order", "player": p, "tasks": tasks}]


def _task_decision(state: dict, task: dict) -> dict:
    p = task["player"]
    do = task["do"]
    if do == "draw":
        return decision(p, "draw", PROMPTS["draw"][p],
                        [{"player": p, "kind": "draw", "from": "deck"}, {"player": p, "kind": "draw", "from": "discard"}])
    if do == "trash":
        return decision(p, "trash", PROMPTS["trash"][p],
                        [{"player": p, "kind": "trash", "card": c} for c in state["seats"][p]["loot"]])
    if do == "kill_unless_goon":
        goons = [c for c in state["seats"][p]["hand"] if TYPE[c] == "goon"]
        return decision(p, "crazed_killer", PROMPTS["crazed_killer"][p],
                        [{"player": p, "kind": "discard_goon", "card": c} for c in goons]
                        + [{"player": p, "kind": "lose_informant"}])
    if do == "order":
        return decision(p, "order", PROMPTS["order"][p],
                        [{"player": p, "kind": "resolve", "card": t["source"]} for t in task["tasks"]])
    if do == "effect" and task["verb"] == "draw_chosen":
        return decision(p, "choose_drawer", PROMPTS["choose_drawer"][p],
                        [{"player": p, "kind": "choose_drawer", "target": q} for q in _order_from(state, p)])
    raise InvalidState(f"A queued effect {do!r} waits for no decision.")


def _needs_choice(state: dict, task: dict) -> bool:
    do = task["do"]
    if do == "draw":
        return bool(state["noir"]["discard"]) and _may_draw_from_discard(state, task["player"])
    if do == "trash":
        return len(state["seats"][task["player"]]["loot"]) > LOOT_LIMIT
    return do in ("kill_unless_goon", "order") or (do == "effect" and task["verb"] == "draw_chosen")


def _execute(state: dict, rng: Rng, task: dict, events: list) -> None:
    """Resolve a task that needs no choice."""
    do = task["do"]
    p = task.get("player")
    if do == "draw":
        for _ in range(task["amount"]):
            _draw_one(state, rng, p, "deck", events)
    elif do == "trash":
        pass  # at the limit already: nothing to trash
    elif do == "discard":
        _own(state, "played").remove(task["card"])
        _own(state, "noir")["discard"].append(task["card"])
    elif do == "effect":
        _effect(state, rng, task, events)
    elif do == "end_attempt":
        _end_attempt(state, events)
    else:
        raise InvalidState(f"The queue holds an unknown effect {do!r}.")


def _effect(state: dict, rng: Rng, task: dict, events: list) -> None:
    """A one-shot effect of a card, with the targets its move named."""
    p, verb = task["player"], task["verb"]
    if verb == "draw":
        _push(state, [{"do": "draw", "player": p, "amount": task["amount"], "source": task["source"]}])
    elif verb == "draw_each":
        _push(state, [{"do": "draw", "player": q, "amount": task["amount"], "source": task["source"]}
                      for q in _order_from(state, state["turn"]["player"])])
    elif verb == "take_discard":
        if state["noir"]["discard"]:
            card = _own(state, "noir")["discard"].pop()
            _seat(state, p)["hand"].append(card)
            _own(state, "public").append(card)  # returned from the discard: public knowledge
            events.append({"type": "card_taken", "player": p, "card": card, "from": "discard"})
    elif verb in ("replace_informant", "kill_informant"):
        target = p if verb == "replace_informant" else task["target"]
        _replace_informant(state, rng, target, events, killed=verb == "kill_informant")
    elif verb == "steal_loot":
        t, loot = task["target"], task["loot"]
        if loot in state["seats"][t]["loot"]:
            _seat(state, t)["loot"].remove(loot)
            _seat(state, p)["loot"].append(loot)
            events.append({"type": "loot_stolen", "player": p, "target": t, "card": loot})
            _push(state, [{"do": "trash", "player": p}])
    elif verb == "steal_random":
        hand = _seat(state, task["target"])["hand"]
        if hand:
            card = hand.pop(rng.below(len(hand)))
            _seat(state, p)["hand"].append(card)
            events.append({"type": "card_stolen", "player": p, "target": task["target"], "card": card,
                           "public": card in state["public"]})  # a public card stays public
    elif verb == "search":
        noir = _own(state, "noir")
        found = next((c for c in reversed(noir["deck"]) if TYPE[c] == task["card_type"]), None)
        if found is not None:
            noir["deck"].remove(found)
            _seat(state, p)["hand"].append(found)
        noir["deck"] = rng.shuffle(noir["deck"])
        events.append({"type": "deck_searched", "player": p, "card_type": task["card_type"], "card": found})
    elif verb == "bottom_active":
        before = _tops(state)
        top = before[task["type"]]
        if top is not None:
            _move_scene(state, top, "bottom", events, change=False)
            _city_changed(state, rng, before, events)
    elif verb == "big_shuffle":
        before = _tops(state)
        _big_shuffle(state, rng, events)
        _city_changed(state, rng, before, events)
    elif verb == "extra_plays":
        state["turn"]["unlimited"] = True
    elif verb == "extra_play":
        state["turn"]["allowed"] += 1
    elif verb == "discard_random":
        hand = _seat(state, p)["hand"]
        if hand:
            card = hand.pop(rng.below(len(hand)))
            _own(state, "noir")["discard"].append(card)
            events.append({"type": "card_discarded", "player": p, "card": card})
    elif verb == "modify":
        state["attempt"]["modifier"] += task["amount"]
    elif verb == "attempt":
        _start_attempt(state, p, task["scene"], task["to"], task["amount"], None, events)
    else:
        raise InvalidState(f"The queue holds an unknown card effect {verb!r}.")


def _effect_task(p: int, effect: dict, source: str, **targets) -> dict:
    task = {"do": "effect", "player": p, "verb": effect["do"], "source": source, **targets}
    for k in ("amount", "type", "card_type"):
        if k in effect:
            task[k] = effect[k]
    return task


# --- Targets a card's effect needs (used for options and for their checks) ---------------------
def _target_options(state: dict, p: int, effect: dict) -> list[dict] | None:
    """The target fields each legal use of the effect names; None: it cannot be used now."""
    verb = effect["do"]
    others = [q for q in _order_from(state, p)[1:]]
    seats = state["seats"]
    if verb == "kill_informant" and effect.get("target") == "other":
        return [{"target": q} for q in others if seats[q]["informant"] is not None] or None
    if verb == "steal_random":
        return [{"target": q} for q in others if seats[q]["hand"]] or None
    if verb == "steal_loot":
        return [{"target": q, "loot": c} for q in others for c in seats[q]["loot"]] or None
    if verb == "take_discard":
        return [{}] if state["noir"]["discard"] else None
    if verb == "attempt":
        return [{"scene": o["scene"], "to": o["to"]} for o in _attempt_options(state, p)] or None
    return [{}]


def _uses(state: dict, p: int, card: str, on: str, kind: str) -> list[dict]:
    out = []
    for e in effects(card, on):
        for targets in _target_options(state, p, e) or ():
            out.append({"player": p, "kind": kind, "card": card, **targets})
    return out


# --- 1. Start of turn abilities ---------------------------------------------------------------
def _ability_options(state: dict, p: int) -> list[dict]:
    seat = state["seats"][p]
    out = [] if _abilities_blocked(state, p) else _uses(state, p, seat["character"], "start", "ability")
    if seat["loot"] and _loot_works(state, p):
        for loot in seat["loot"]:  # loot that replaces the ability still works in The Speakeasy
            out += _uses(state, p, loot, "start", "ability")
    return out


def _start_of_turn(p: int, abilities: list) -> list:
    return [decision(p, "start_of_turn", PROMPTS["start_of_turn"][p], abilities + [{"player": p, "kind": "skip_ability"}])]


def _move_skip_ability(state, rng, move, events):
    state["turn"]["step"] = "draw"


def _move_ability(state, rng, move, events):
    p, card = move["player"], move["card"]
    events.append({"type": "ability_used", "player": p, "card": card})
    state["turn"]["step"] = "draw"
    targets = {k: move[k] for k in ("target", "loot") if k in move}
    _push(state, [_effect_task(p, e, card, **targets) for e in effects(card, "start")])


# --- 2. Draw a noir card -------------------------------------------------------------------------
def _draw_step(state: dict, p: int) -> None:
    amount = 1
    if _owns(state, p, "extra_draw") or _scenes_have(state, p, "extra_draw"):
        amount += _total(_own_statics(state, p) + _scene_statics(state, p), "extra_draw")
    state["turn"]["step"] = "main"
    _push(state, [{"do": "draw", "player": p, "amount": amount, "source": "turn"}])


def _move_draw(state, rng, move, events):
    task, state["queue"] = state["queue"][0], state["queue"][1:]
    _draw_one(state, rng, move["player"], move["from"], events)
    if task["amount"] > 1:
        _push(state, [{**task, "amount": task["amount"] - 1}])


# --- 3. Play a card or attempt a scene change ----------------------------------------------------
def _main_options(state: dict, p: int) -> list[dict]:
    turn = state["turn"]
    out = []
    if turn["unlimited"] or turn["played"] < turn["allowed"]:
        for card in state["seats"][p]["hand"]:
            if card in _PLAIN_PLAYS:  # loot, and actions whose effects need no target
                out.append({"player": p, "kind": "play", "card": card})
            elif card in _ACTIONS:
                out += _uses(state, p, card, "play", "play")
            elif card in PATROLS:  # on any of the six lines (one there already is replaced)
                out += [{"player": p, "kind": "play", "card": card, "line": line} for line in LINES]
    if turn["played"] == 0 and not turn["unlimited"] and not turn["attempted"]:
        out += _attempt_options(state, p)
    out.append({"player": p, "kind": "end_turn"})
    return out


def _move_play(state, rng, move, events):
    p, card = move["player"], move["card"]
    seat = _seat(state, p)
    seat["hand"].remove(card)
    state["turn"]["played"] += 1
    if card in PATROLS:
        replaced = _place_patrol(state, card, move["line"])
        events.append({"type": "patrol_played", "player": p, "card": card, "line": move["line"], "replaced": replaced})
        return
    events.append({"type": "card_played", "player": p, "card": card})
    if TYPE[card] == "loot":
        seat["loot"].append(card)
        _push(state, [{"do": "trash", "player": p}])
        return
    _own(state, "played").append(card)
    targets = {k: move[k] for k in ("target", "loot", "scene", "to") if k in move}
    _push(state, [_effect_task(p, e, card, **targets) for e in effects(card, "play")]
          + [{"do": "discard", "card": card}])


def _move_end_turn(state, rng, move, events):
    turn = state["turn"]
    if turn["step"] == "main" and state["options"]["mode"] == "expert":
        turn["step"] = "end"
    else:
        _next_turn(state, events)


def _next_turn(state: dict, events: list) -> None:
    turn = state["turn"]
    p = (turn["player"] + 1) % state["players"]
    state["turn"] = _new_turn(p, turn["number"] + 1, "start")
    events.append({"type": "turn_started", "player": p, "number": turn["number"] + 1})
    if state.get("protected"):
        _end_protections(state, events, p)


def _to_noir_discard(state: dict, p: int, zone: str, card: str) -> None:
    """A card of seat p's hand or loot goes to the noir discard."""
    _seat(state, p)[zone].remove(card)
    _own(state, "noir")["discard"].append(card)


def _move_trash(state, rng, move, events):
    state["queue"] = state["queue"][1:]
    _to_noir_discard(state, move["player"], "loot", move["card"])
    events.append({"type": "loot_trashed", "player": move["player"], "card": move["card"]})


# --- The scene change -----------------------------------------------------------------------------
def _move_attempt(state, rng, move, events):
    p = move["player"]
    attempt = state["attempt"]
    if attempt is not None:  # another scene change with Endless Rain
        change = attempt["change"]
        state["attempt"] = None
        _start_attempt(state, p, move["scene"], move["to"], 0, change, events, chain=attempt["chain"] + 1)
    else:
        _start_attempt(state, p, move["scene"], move["to"], 0, None, events)


def _start_attempt(state, p, scene, to, modifier, change, events, chain=1):
    """A. Choose a scene (and its destination, which sets the difficulty)."""
    state["turn"]["attempted"] = True
    frm = _where(state, scene)
    difficulty = _difficulty(state, scene, frm, to)
    state["attempt"] = {"player": p, "scene": scene, "type": SCENE_TYPE[scene], "from": frm, "to": to,
                        "difficulty": difficulty, "change": change, "goons": [], "modifier": modifier,
                        "step": "reveal", "ask": [], "hirer": None, "out": [], "since": [],
                        "no_goons": False, "success": None, "chain": chain}
    events.append({"type": "attempt_started", "player": p, "scene": scene, "scene_type": SCENE_TYPE[scene],
                   "from": frm, "to": to, "difficulty": difficulty})


def _window(state: dict, name: str) -> list[int]:
    """The seats asked at a reaction moment, clockwise from the attempting player's left."""
    a = state["attempt"]["player"]
    seats = _order_from(state, a)[1:]
    if state["options"]["reaction_windows"] == "always":
        return seats
    fits = WINDOW_CARDS[name]
    return [q for q in seats if not fits.isdisjoint(state["seats"][q]["hand"])
            and any(_usable(state, c) for c in fits.intersection(state["seats"][q]["hand"]))]


def _usable(state: dict, reaction: str) -> bool:
    """Can this reaction be played now? (The Law's need a scene on top of a pile, or a patrol.)"""
    verb = _LAW_REACTIONS.get(reaction)
    if verb == "protect":
        return bool(_top_scenes(state))
    if verb == "move_patrol":
        return any(p is not None for p in state["patrols"].values())
    return True


def _progress_attempt(state: dict, rng: Rng, events: list) -> bool:
    """Advance the scene change by one automatic step; False when somebody must choose."""
    a = state["attempt"]
    step = a["step"]
    if step == "reveal":  # B. Reveal a scene change card
        if a["change"] is None:
            a["change"] = _take(state, rng, "changes", events)
        events.append({"type": "change_revealed", "player": a["player"], "card": a["change"]})
        a["no_goons"] = any(e["do"] == "no_goons" for e in effects(a["change"], "reveal"))
        a["step"], a["ask"] = "revealed", _window(state, "revealed")
        return True
    if step in ("revealed", "success", "changed"):
        if a["ask"]:
            return False
        if step == "revealed":
            if not a["no_goons"] and any(e["do"] == "no_goons" for _, e in _patrol_effects(state, a, "patrol")):
                a["no_goons"] = True  # The Feds: judged once the patrols can no longer move
            a["step"] = "success" if a["no_goons"] else "hire"
            a["hirer"] = a["player"]
            if a["no_goons"]:
                a["ask"] = _window(state, "success")
        elif step == "success":
            _determine_success(state, rng, events)
        else:
            a["step"] = "done"
            _push(state, [{"do": "end_attempt"}])
        return True
    if step == "hire":
        return False
    raise InvalidState(f"The scene change's step {step!r} is unknown.")


def _end_attempt(state: dict, events: list) -> None:
    """Discard the hired goons; the revealed card too, unless Endless Rain goes on."""
    a = state["attempt"]
    p = a["player"]
    cruise = any(g["card"] in _CRUISE_GOONS and g["seat"] == p for g in a["goons"]) and _owns(state, p, "cruise")
    _own(state, "noir")["discard"] += [g["card"] for g in a["goons"] if g["card"] in _GOONS]
    a["goons"] = []
    # Endless Rain repeats after a success that moved its scene (not one Not On My Watch! stopped)
    if a["success"] and any(e["do"] == "repeat" for e in effects(a["change"], "success")) \
            and _blocker(state, a) is None and _attempt_options(state, p):
        a["step"] = "continue"
        return
    _own(state, "changes")["discard"].append(a["change"])
    if cruise and _attempt_options(state, p):  # The Cruiser: another scene change, with a new card
        a["step"], a["change"] = "continue", None
        return
    state["attempt"] = None


def _attempt_decision(state: dict, a: dict) -> dict:
    step = a["step"]
    if step in ("revealed", "success", "changed"):
        q = a["ask"][0]
        options = []
        for card in state["seats"][q]["hand"]:
            if REACTION_WINDOW.get(card) == step:
                for e in effects(card, "react"):
                    if e.get("side") == "choose":
                        options += [{"player": q, "kind": "react", "card": card, "side": s} for s in ("for", "against")]
                    elif e["do"] == "protect":  # any scene on top of one of the nine piles
                        options += [{"player": q, "kind": "react", "card": card, "scene": scene}
                                    for scene in _top_scenes(state)]
                    elif e["do"] == "move_patrol":  # any patrol to any other line
                        patrols = state["patrols"]
                        options += [{"player": q, "kind": "react", "card": card, "patrol": patrols[frm], "line": line}
                                    for frm in LINES if patrols[frm] is not None for line in LINES if line != frm]
                    else:
                        options.append({"player": q, "kind": "react", "card": card})
        return decision(q, "react", PROMPTS["react"][q],
                        options + [{"player": q, "kind": "decline"}])
    if step == "hire":
        q = a["hirer"]
        goons = [c for c in state["seats"][q]["hand"] if c in _GOONS]
        sides = ("for",) if q == a["player"] else ("for", "against")
        backing = _backs(state, q, a) if "patrols" in state else None
        return decision(q, "hire", HIRE_PROMPTS[q][a["player"]],
                        [{"player": q, "kind": "hire", "card": c, "side": s} for c in goons for s in sides]
                        + ([{"player": q, "kind": "hire", "card": backing, "side": "for"}] if backing else [])
                        + [{"player": q, "kind": "pass"}])
    if step == "continue":
        p = a["player"]
        return decision(p, "continue", PROMPTS["continue" if a["change"] else "cruise"][p],
                        _attempt_options(state, p) + [{"player": p, "kind": "stop"}])
    raise InvalidState(f"The scene change's step {step!r} waits for nobody.")


def _move_react(state, rng, move, events):
    a = state["attempt"]
    q, card = move["player"], move["card"]
    a["ask"] = a["ask"][1:]
    _seat(state, q)["hand"].remove(card)
    targets = {k: move[k] for k in ("side", "scene", "patrol", "line") if k in move}
    events.append({"type": "reaction_played", "player": q, "card": card, **targets})
    if "scene" in move:  # Not On My Watch! lies on the scene
        _own(state, "protected").append({"scene": move["scene"], "card": card, "player": q})
        events.append({"type": "scene_protected", "player": q, "scene": move["scene"], "card": card})
        return
    if "patrol" in move:  # An Anonymous Tip: the patrol moves; moving is not playing
        frm = next(line for line in LINES if state["patrols"][line] == move["patrol"])
        _own(state, "patrols")[frm] = None
        replaced = _place_patrol(state, move["patrol"], move["line"])
        _own(state, "noir")["discard"].append(card)
        events.append({"type": "patrol_moved", "player": q, "card": move["patrol"], "from": frm, "to": move["line"],
                       "replaced": replaced})
        return
    _own(state, "played").append(card)
    tasks = []
    for e in effects(card, "react"):
        if e["do"] == "kill_informant":
            tasks.append(_effect_task(q, e, card, target=a["player"]))
        elif e["do"] == "modify":
            sign = -1 if move.get("side") == "against" else 1
            tasks.append({"do": "effect", "player": q, "verb": "modify", "amount": sign * e["amount"], "source": card})
        else:
            tasks.append(_effect_task(q, e, card))
    _push(state, tasks + [{"do": "discard", "card": card}])


def _move_decline(state, rng, move, events):
    state["attempt"]["ask"] = state["attempt"]["ask"][1:]


def _next_hirer(state: dict) -> None:
    """C. Hire goons: clockwise, skipping who is out or passed since the last hire; it ends when
    every character has passed (in a row)."""
    a = state["attempt"]
    out, since = a["out"], a["since"]
    for q in _AFTER[state["players"]][a["hirer"]]:
        if q not in out and q not in since:
            a["hirer"] = q
            return
    a["hirer"] = None
    a["step"], a["ask"] = "success", _window(state, "success")


def _move_hire(state, rng, move, events):
    a = state["attempt"]
    q, card, side = move["player"], move["card"], move["side"]
    if card in _GOONS:  # else The Vigilante's backing, which counts as hiring a goon
        _seat(state, q)["hand"].remove(card)
    a["goons"] = a["goons"] + [{"seat": q, "card": card, "side": side}]
    a["since"] = []
    events.append({"type": "goon_hired", "player": q, "card": card, "side": side})
    tasks = [_effect_task(q, e, card) for e in effects(card, "hire_" + side)]
    seat = state["seats"][q]
    if seat["informant"] in _HIRE_TRIGGERED or not _HIRE_TRIGGERED.isdisjoint(seat["loot"]):
        tasks += [_effect_task(q, e, c) for c in _own_cards(state, q) for e in effects(c, "you_hire")]
    _push(state, _order(state, q, tasks))
    _next_hirer(state)


def _move_pass(state, rng, move, events):
    a = state["attempt"]
    q = move["player"]
    a["since"] = a["since"] + [q]
    if not (q == a["player"] and _owns(state, q, "hire_after_pass")):
        a["out"] = a["out"] + [q]
    events.append({"type": "passed", "player": q})
    _next_hirer(state)


def _influence(state: dict, a: dict) -> int:
    """D. The modified influence: influence of the scene's type plus every modifier."""
    return sum(_influence_parts(state, a).values())


def _influence_parts(state: dict, a: dict) -> dict:
    """The modified influence of scene change `a`, part by part, as it stands now (goon values
    and The Vice Squad's hand count are those of this moment; success takes them when it is
    determined)."""
    p, t = a["player"], a["type"]
    seat = state["seats"][p]
    patrols = [e for _, e in _patrol_effects(state, a, "patrol")] if "patrols" in state else ()
    informant = seat["informant"]
    informants = 0
    if informant is not None and not any(e["do"] == "no_informant" for e in patrols):
        informants = CARD[informant]["modifiers"][t]
    hand = len(seat["hand"])  # The Vice Squad counts it now, when success is determined
    own, scene = _own_statics(state, p), _scene_statics(state, p)

    def of_type(statics):
        return sum(e["amount"] for e in statics if e["do"] == "influence" and e["type"] in (t, "any"))

    from_informant = of_type(effects(informant, "static")) if informant is not None else 0
    own_bonus, scene_bonus = _total(own, "goon_bonus"), _total(scene, "goon_bonus")
    soften = _total(own + scene, "soften_against")
    goons = 0
    for g in a["goons"]:
        if g["side"] == "for":
            goons += FOR[g["card"]] + scene_bonus + (own_bonus if g["seat"] == p else 0)
        else:
            goons += min(0, AGAINST[g["card"]] + soften)
    return {
        "character": CARD[seat["character"]]["influence"][t],
        "informants": informants + from_informant,
        "loot": of_type(own) - from_informant,
        "change_card": CARD[a["change"]]["modifier"] if a["change"] is not None else 0,
        "goons": goons,
        "scene_effects": of_type(scene),
        "patrols": sum(e["amount"] for e in patrols if e["do"] == "influence" and hand <= e.get("max_hand", hand)),
        "modifier": a["modifier"],
    }


def _influence_view(state: dict, a: dict) -> dict:
    """What a frontend shows beside the difficulty: the running total and its parts."""
    parts = _influence_parts(state, a)
    total = sum(parts.values())
    return {"total": total, "parts": parts, "difficulty": a["difficulty"], "needed": max(0, a["difficulty"] - total)}


def _determine_success(state: dict, rng: Rng, events: list) -> None:
    a = state["attempt"]
    p = a["player"]
    influence = _influence(state, a)
    success = influence >= a["difficulty"]
    a["success"] = success
    events.append({"type": "attempt_resolved", "player": p, "scene": a["scene"], "influence": influence,
                   "difficulty": a["difficulty"], "success": success})
    tasks = []
    if success:
        blocker = _blocker(state, a)
        if blocker is not None:  # Not On My Watch!: a success, but nothing moves
            events.append({"type": "move_prevented", "scene": a["scene"], "to": a["to"], "protected": blocker})
        else:
            was_active = a["from"] == "midtown" and TYPE[a["scene"]] == "scene"
            before = _tops(state)
            _move_scene(state, a["scene"], a["to"], events, change=True)
            _city_changed(state, rng, before, events)
        mine = [_effect_task(p, e, a["change"]) for e in effects(a["change"], "success") if e["do"] != "repeat"]
        if blocker is None:
            if was_active:
                mine += [_effect_task(p, e, a["scene"]) for e in effects(a["scene"], "changed")]
            mine += [_effect_task(p, e, c) for c in _own_cards(state, p) for e in effects(c, "you_change")]
        mine += [_effect_task(p, e, c) for c, e in _patrol_effects(state, a, "patrol_success")]
        tasks = _order(state, p, mine)
        a["step"], a["ask"] = "changed", _window(state, "changed")
    else:
        tasks = [_effect_task(p, e, a["change"]) for e in effects(a["change"], "fail")]
        tasks += [_effect_task(p, e, c) for c, e in _patrol_effects(state, a, "patrol_fail")]
        a["step"], a["ask"] = "changed", []
    _push(state, tasks)


def _move_stop(state, rng, move, events):
    a = state["attempt"]
    if a["change"] is not None:  # (after The Cruiser it is in the discard already)
        _own(state, "changes")["discard"].append(a["change"])
    state["attempt"] = None


def _move_choose_drawer(state, rng, move, events):
    task, state["queue"] = state["queue"][0], state["queue"][1:]
    _push(state, [{"do": "draw", "player": move["target"], "amount": task["amount"], "source": task["source"]}])


# --- Reactions to The Crazed Killer and ordering one's own effects ------------------------------
def _move_discard_goon(state, rng, move, events):
    state["queue"] = state["queue"][1:]
    _to_noir_discard(state, move["player"], "hand", move["card"])
    events.append({"type": "card_discarded", "player": move["player"], "card": move["card"]})


def _move_lose_informant(state, rng, move, events):
    state["queue"] = state["queue"][1:]
    _replace_informant(state, rng, move["player"], events, killed=True)


def _move_resolve(state, rng, move, events):
    task, state["queue"] = state["queue"][0], state["queue"][1:]
    chosen = next(t for t in task["tasks"] if t["source"] == move["card"])
    rest = [t for t in task["tasks"] if t is not chosen]
    _push(state, [chosen] + _order(state, move["player"], rest))


# --- Setup: characters chosen in seat order, then the deal -------------------------------------------
def _move_choose_character(state, rng, move, events):
    p, character = move["player"], move["character"]
    _seat(state, p)["character"] = character
    _own(state, "characters").remove(character)
    events.append({"type": "character_chosen", "player": p, "character": character})
    if p + 1 < state["players"]:
        state["turn"]["player"] = p + 1
    else:
        _deal(state, events)
        state["turn"] = _new_turn(0, 1, "start")
        events.append({"type": "turn_started", "player": 0, "number": 1})


def _deal(state: dict, events: list) -> None:
    """Deal from the decks shuffled at setup: 5 noir cards and 1 informant to each character,
    1 agenda face down to each, then 1 between each pair of neighbours."""
    noir, informants, agendas = _own(state, "noir"), _own(state, "informants"), _own(state, "agendas")
    for p in range(state["players"]):
        seat = _seat(state, p)
        seat["hand"], noir["deck"] = noir["deck"][-5:][::-1], noir["deck"][:-5]
        seat["informant"] = informants["deck"].pop()
        seat["agenda"] = agendas["deck"].pop()
    for sh in _own(state, "shared"):
        sh["agenda"] = agendas["deck"].pop()
    events.append({"type": "cards_dealt", "hand": 5,
                   "informants": [s["informant"] for s in state["seats"]]})


# --- Expert mode: Cement Shoes and Brass Tax ----------------------------------------------------------
def _matches(state: dict, agenda: str) -> int:
    card = CARD[agenda]
    return sum(1 for t in SCENE_TYPES if _active(state, t) == card[t])


def _score_options(state: dict, p: int) -> list[dict]:
    return [{"player": p, "kind": "score", "agenda": a} for _, a in _agenda_slots(state, p) if _matches(state, a) >= 2]


def _move_score(state, rng, move, events):
    p, agenda = move["player"], move["agenda"]
    points = _matches(state, agenda)
    seat = _seat(state, p)
    seat["score"] += points
    agendas = _own(state, "agendas")
    agendas["aside"].append(agenda)
    new = agendas["deck"].pop() if agendas["deck"] else None
    slot = next(slot for slot, a in _agenda_slots(state, p) if a == agenda)
    if slot[0] == "seat":
        seat["agenda"] = new
        owners = [p]
    else:
        _own(state, "shared")[slot[1]]["agenda"] = new
        owners = state["shared"][slot[1]]["seats"]
    events.append({"type": "agenda_scored", "player": p, "agenda": agenda, "points": points})
    if new is not None:
        events.append({"type": "agenda_dealt", "players": owners, "card": new, "face_up": False})
    if seat["score"] >= EXPERT_POINTS:
        _finish(state, [p], "points", events)
    else:
        _next_turn(state, events)


# --- The driver: bookkeeping until somebody must choose ---------------------------------------------
# Every change of the active scenes or of the turn comes with one of these events.
_WIN_EVENTS = frozenset(("scene_changed", "scene_moved", "big_shuffle", "title_removed", "turn_started"))


def _win_key(state: dict) -> tuple:
    """What the win check depends on: the active player and the tops of the Midtown piles."""
    city = state["city"]
    return (state["turn"]["player"], city["who"]["midtown"][-1:], city["what"]["midtown"][-1:],
            city["where"]["midtown"][-1:])


def _run(state: dict, rng: Rng, events: list, checked: tuple | None = None) -> list | None:
    """`checked`: the win key already checked (no win) before the move, so not checked again.
    On return, the win key of the state has been checked: the next move may rely on it.
    Returns the abilities listed when it stops at a start of turn (else None)."""
    expert = state["options"]["mode"] == "expert"
    seen = 0  # how many events had been looked at for a change of the active scenes or the turn
    steps = 0
    while state["outcome"] is None:
        steps += 1
        if steps > MAX_STEPS:
            over_budget(steps)
        if len(events) > MAX_EVENTS:
            check_events(events)
        turn = state["turn"]
        if not expert and turn["step"] != "character" and (checked is None or len(events) != seen):
            fresh = any(e["type"] in _WIN_EVENTS for e in events[seen:]) or checked is None
            seen = len(events)
            key = _win_key(state) if fresh else checked
            if key != checked:
                checked = key
                if _wins(state, turn["player"]):
                    events.append({"type": "agendas_matched", "player": turn["player"]})
                    _finish(state, [turn["player"]], "agendas", events)
                    return
        if state["queue"]:
            task = state["queue"][0]
            if _needs_choice(state, task):
                return
            state["queue"] = state["queue"][1:]
            _execute(state, rng, task, events)
            continue
        if state["attempt"] is not None:
            if state["attempt"]["step"] == "continue" or not _progress_attempt(state, rng, events):
                return
            continue
        step = turn["step"]
        if step == "start":
            abilities = _ability_options(state, turn["player"])
            if abilities:
                return abilities
            turn["step"] = "draw"
        elif step == "draw":
            _draw_step(state, turn["player"])
        elif step == "main":
            if turn["attempted"] or (not turn["unlimited"] and turn["played"] >= turn["allowed"]):
                _move_end_turn(state, rng, None, events)
            else:
                return
        elif step == "end":
            if _score_options(state, turn["player"]):
                return
            _next_turn(state, events)
        else:
            return


_MOVES = {
    "choose_character": _move_choose_character,
    "ability": _move_ability,
    "skip_ability": _move_skip_ability,
    "draw": _move_draw,
    "play": _move_play,
    "attempt": _move_attempt,
    "end_turn": _move_end_turn,
    "stop": _move_stop,
    "hire": _move_hire,
    "pass": _move_pass,
    "react": _move_react,
    "decline": _move_decline,
    "trash": _move_trash,
    "discard_goon": _move_discard_goon,
    "lose_informant": _move_lose_informant,
    "resolve": _move_resolve,
    "score": _move_score,
    "choose_drawer": _move_choose_drawer,
}


# --- Why a move is illegal: the rule it breaks --------------------------------------------------------
def _refuse(state: dict, pending: list, move: dict) -> None:
    kind = move.get("kind")
    kinds = {d["kind"] for d in pending}
    seat = state["seats"][move["player"]]
    card = move.get("card") if isinstance(move.get("card"), str) and move.get("card") in ALL_IDS else None

    def no(rule: str, message: str):
        raise IllegalMove(message, rule=rule)

    if "patrols" not in state and (card in LAW or kind == "choose_drawer"):
        no("needs_the_law", "That belongs to The Law, which is not in this game (option `expansions`).")
    if kind == "hire" and "hire" not in kinds:
        no("goons_only_in_scene_change", "Goons can only be hired during a scene change, at the goon hiring step.")
    if kind == "hire" and card is not None and card == seat["character"] and card in FOR:
        if state["attempt"]["player"] == move["player"]:
            no("support_others_only", "The Vigilante backs another character's scene change, not his own.")
        if move.get("side") != "for":
            no("support_is_for", "The Vigilante's backing is +1 for the attempting character, never against.")
        no("support_once", "The Vigilante backs a scene change once (and only while abilities work).")
    a = state["attempt"]
    if kind == "react" and "react" in kinds and card in seat["hand"] and a is not None \
            and REACTION_WINDOW.get(card) == a["step"]:
        if any(e["do"] == "move_patrol" for e in effects(card, "react")):
            patrol, line = move.get("patrol"), move.get("line")
            if not isinstance(line, str) or line not in LINES:
                no("no_such_line", f"A patrol goes on a column or a row: one of {list(LINES)}.")
            if not isinstance(patrol, str) or patrol not in state["patrols"].values():
                no("no_patrol_there", "Only a patrol on a column or row can be moved.")
            if state["patrols"][line] == patrol:
                no("patrol_already_there", "A patrol moves to a column or row it is not already on.")
        if any(e["do"] == "protect" for e in effects(card, "react")):
            no("top_scene_only", "Not On My Watch! goes on a scene on top of one of the nine piles.")
    if kind == "react":
        if card not in seat["hand"] or TYPE.get(card) != "reaction":
            no("card_not_in_hand", "A reaction is played from your hand.")
        no("reaction_outside_its_moment",
           f"{CARD[card]['name']} can only be played when its \"play when\" moment comes ({REACTION_WINDOW[card]}).")
    turn = state["turn"]
    if kind == "play" and turn["player"] == move["player"] and "main" not in kinds \
            and not turn["unlimited"] and turn["played"] >= turn["allowed"]:
        no("one_card_per_turn", "You may play only one action or loot card on your turn.")
    if kind == "play" and "main" in kinds:
        if card in seat["hand"] and card in PATROLS and (turn["unlimited"] or turn["played"] < turn["allowed"]) \
                and not (isinstance(move.get("line"), str) and move["line"] in LINES):
            no("no_such_line", f"A patrol goes on a column or a row: one of {list(LINES)}.")
        if card in seat["hand"] and TYPE[card] == "goon":
            no("goons_only_in_scene_change", "Goons can only be played during a scene change, when hiring goons.")
        if card in seat["hand"] and TYPE[card] == "reaction":
            no("reaction_outside_its_moment", "Reactions are played at their \"play when\" moment, not as your card.")
        if not turn["unlimited"] and turn["played"] >= turn["allowed"]:
            no("one_card_per_turn", "You may play only one action or loot card on your turn.")
        if card not in seat["hand"]:
            no("card_not_in_hand", "That card is not in your hand.")
        no("no_legal_target", "That card has no legal target as given; its legal uses are listed in the options.")
    if kind == "attempt" and "main" in kinds:
        if turn["played"] or turn["unlimited"]:
            no("card_or_scene_change", "A character who played a card this turn cannot attempt a scene change.")
        scene, to = move.get("scene"), move.get("to")
        if isinstance(scene, str) and scene in SCENE_TYPE and isinstance(to, str):
            frm = _where(state, scene)
            if frm is None:
                no("top_scene_only", "Only the top scene of an Uptown, Midtown or Downtown pile can be chosen.")
            if to in PLACES and to not in _destinations(frm):
                if to == frm == "midtown":
                    no("midtown_needs_uptown_or_downtown", "Only a scene Uptown or Downtown can move to Midtown.")
                no("one_step_only", "Scenes move one destination at a time (never straight from Uptown to Downtown).")
    if kind == "end_turn" and "trash" in kinds:
        no("loot_limit", f"A character can only have {LOOT_LIMIT} loot: trash one first.")
    if kind == "trash" and "trash" not in kinds:
        no("trash_only_over_limit", "Loot is trashed only when you control more than three.")
    if "trash" in kinds:
        no("loot_limit", f"A character can only have {LOOT_LIMIT} loot: choose one to trash.")


# --- Integrity: is this a position of The Big Shuffle? ------------------------------------------------
def _type_of(x) -> str | None:
    """The card type of x if x is a card id (None for anything else, unhashable values too)."""
    return TYPE.get(x) if type(x) is str else None


def _bad(message: str, field: str | None = None):
    return InvalidState(message, {field: ["invalid"]} if field else None)


_IDS_OF: dict[tuple, frozenset] = {}
_NOIR_TYPES = tuple(sorted(NOIR_TYPES))
_CITY_IDS = IN_PLAY[EXPANSIONS].city  # every scene of a type and its title; the last check counts the cards in play


def _ids_of(types: tuple) -> frozenset:
    """The ids of every card of these types."""
    if types not in _IDS_OF:
        _IDS_OF[types] = frozenset(c for c in ALL_IDS if TYPE[c] in types)
    return _IDS_OF[types]


def _card_list(x, field: str, types: tuple | None = None) -> list:
    """x, if it is a list of card ids (of these types); InvalidState otherwise."""
    try:
        ok = type(x) is list and (_ids_of(types) if types else ALL_IDS).issuperset(x)
    except TypeError:  # an unhashable item: no card id
        ok = False
    if not ok:
        raise _bad(f"'{field}' must be a list of card ids{' of type ' + '/'.join(types) if types else ''}.", field)
    return x


def _check(state: dict) -> None:
    law = "the-law" in state["options"]["expansions"]
    fields = LAW_FIELDS if law else STATE_FIELDS
    missing = fields - state.keys()
    extra = state.keys() - fields
    if missing or extra:
        raise _bad(f"The state's fields are wrong: missing {sorted(missing)}, unknown {sorted(extra)}.")
    n = state["players"]
    seen: list[str] = []

    def zone(x, field, types):
        seen.extend(_card_list(x, field, types))

    def slot(x, field, types, nullable=True):
        if x is None and nullable:
            return
        if type(x) is not str or TYPE.get(x) not in types:
            raise _bad(f"'{field}' must be a card id of type {'/'.join(types)}.", field)
        seen.append(x)

    seats = state["seats"]
    if type(seats) is not list or len(seats) != n:
        raise _bad("'seats' must have one entry per player.", "seats")
    characters_set = True
    for i, s in enumerate(seats):
        if type(s) is not dict or set(s) != {"character", "hand", "informant", "loot", "agenda", "score"}:
            raise _bad(f"seats[{i}] is not a seat.", f"seats.{i}")
        slot(s["character"], f"seats.{i}.character", ("character",))
        characters_set &= s["character"] is not None
        zone(s["hand"], f"seats.{i}.hand", _NOIR_TYPES)
        slot(s["informant"], f"seats.{i}.informant", ("informant",))
        zone(s["loot"], f"seats.{i}.loot", ("loot",))
        slot(s["agenda"], f"seats.{i}.agenda", ("agenda",))
        if type(s["score"]) is not int or not 0 <= s["score"] < EXPERT_POINTS + 3:
            raise _bad("A score must be a small non-negative integer.", f"seats.{i}.score")
        if len(s["loot"]) > LOOT_LIMIT + 1:
            raise _bad("A character controls too much loot.", f"seats.{i}.loot")
    pairs = [[0, 1]] if n == 2 else [[i, (i + 1) % n] for i in range(n)]
    shared = state["shared"]
    if type(shared) is not list or len(shared) != len(pairs):
        raise _bad("'shared' must hold the agendas between neighbours.", "shared")
    for i, (sh, pair) in enumerate(zip(shared, pairs)):
        if type(sh) is not dict or set(sh) != {"seats", "agenda"} or not same(sh["seats"], pair):
            raise _bad(f"shared[{i}] must be the agenda between seats {pair}.", f"shared.{i}")
        slot(sh["agenda"], f"shared.{i}.agenda", ("agenda",))
    zone(state["characters"], "characters", ("character",))
    for pile, types in (("agendas", ("agenda",)), ("noir", _NOIR_TYPES),
                        ("informants", ("informant",)), ("changes", ("change",))):
        d = state[pile]
        keys = {"deck", "aside"} if pile == "agendas" else {"deck", "discard"}
        if type(d) is not dict or set(d) != keys:
            raise _bad(f"'{pile}' must be an object with {sorted(keys)}.", pile)
        for k in sorted(keys):
            zone(d[k], f"{pile}.{k}", types)
    city = state["city"]
    if type(city) is not dict or set(city) != set(SCENE_TYPES):
        raise _bad("'city' must have the WHO, WHAT and WHERE piles.", "city")
    for t in SCENE_TYPES:
        piles = city[t]
        if type(piles) is not dict or set(piles) != set(PLACES):
            raise _bad(f"city.{t} must have uptown, midtown and downtown.", f"city.{t}")
        for place in PLACES:
            cards = _card_list(piles[place], f"city.{t}.{place}", ("scene", "title"))
            title = TITLES[t]
            if not _CITY_IDS[t].issuperset(cards) or (title in cards and (place != "midtown" or cards[-1] != title
                                                                             or cards.count(title) > 1)):
                raise _bad(f"city.{t}.{place} holds a card that cannot be there.", f"city.{t}.{place}")
            seen.extend(cards)
        if not piles["midtown"] and state["outcome"] is None:
            raise _bad(f"The Midtown {t} pile is empty: The Big Shuffle should have happened.", f"city.{t}")
    zone(state["removed"], "removed", ("title",))
    zone(state["played"], "played", ("action", "reaction"))
    _check_turn_shape(state)
    if law:
        _check_law(state, seen, slot)
    attempt = state["attempt"]
    if attempt is not None:
        _check_attempt(state, attempt, seen)
    ids = IN_PLAY[tuple(state["options"]["expansions"])].ids
    if len(seen) != len(ids) or set(seen) != ids:
        dup = sorted({c for c in seen if seen.count(c) > 1})
        raise _bad(f"Every card must be in exactly one place: {'twice: ' + dup[0] if dup else 'some are missing'}.")
    _check_public(state)
    _check_turn(state, characters_set)
    _check_queue(state)


def _check_public(state: dict) -> None:
    """`public`: cards in hands that the rules made public, each once."""
    public = _card_list(state["public"], "public", _NOIR_TYPES)
    in_hands = {c for seat in state["seats"] for c in seat["hand"]}
    if len(set(public)) != len(public) or not in_hands.issuperset(public):
        raise _bad("'public' lists cards in the hands that the rules made public, each once.", "public")


def _check_law(state: dict, seen: list, slot) -> None:
    """The patrols on their lines and the Not On My Watch! cards on their scenes."""
    patrols = state["patrols"]
    if type(patrols) is not dict or set(patrols) != set(LINES):
        raise _bad(f"'patrols' must name the patrol (or null) on each of {list(LINES)}.", "patrols")
    for line in LINES:
        slot(patrols[line], f"patrols.{line}", ("patrol",))
    protected = state["protected"]
    if type(protected) is not list:
        raise _bad("'protected' must be a list.", "protected")
    for i, x in enumerate(protected):
        if type(x) is not dict or set(x) != {"scene", "card", "player"} or type(x["player"]) is not int \
                or not 0 <= x["player"] < state["players"] or _type_of(x["scene"]) != "scene" \
                or _type_of(x["card"]) != "reaction" or not any(e["do"] == "protect" for e in effects(x["card"], "react")):
            raise _bad(f"protected[{i}] is not a Not On My Watch! on a scene.", f"protected.{i}")
        if _where(state, x["scene"]) is None:
            raise _bad("A protected scene must be on top of its pile.", f"protected.{i}.scene")
        if state["outcome"] is None and x["player"] == state["turn"]["player"]:
            raise _bad("Not On My Watch! ends at the start of its player's turn.", f"protected.{i}.player")
        seen.append(x["card"])


def _backing(state: dict, a: dict, g: dict) -> bool:
    """A hired "goon" that is The Vigilante backing another character's scene change."""
    return _type_of(g["card"]) == "character" and g["card"] in FOR and g["side"] == "for" \
        and g["seat"] != a["player"] and state["seats"][g["seat"]]["character"] == g["card"]


def _check_attempt(state: dict, a, seen: list) -> None:
    keys = {"player", "scene", "type", "from", "to", "difficulty", "change", "goons", "modifier", "step", "ask",
            "hirer", "out", "since", "no_goons", "success", "chain"}
    n = state["players"]
    if type(a) is not dict or set(a) != keys:
        raise _bad("'attempt' is not a scene change.", "attempt")
    seat_ok = lambda q: type(q) is int and 0 <= q < n  # noqa: E731
    if not seat_ok(a["player"]) or a["player"] != state["turn"]["player"]:
        raise _bad("Only the active player attempts scene changes.", "attempt.player")
    if a["step"] not in ("reveal", "revealed", "hire", "success", "changed", "done", "continue"):
        raise _bad("The scene change's step is unknown.", "attempt.step")
    if _type_of(a["scene"]) not in ("scene", "title") or a["type"] != SCENE_TYPE[a["scene"]] or a["from"] not in PLACES \
            or a["to"] not in _destinations(a["from"]) or not _small(a["difficulty"], NUMBER_LIMIT) \
            or not _small(a["modifier"], NUMBER_LIMIT) or type(a["chain"]) is not int \
            or not 1 <= a["chain"] <= NUMBER_LIMIT or type(a["no_goons"]) is not bool:
        raise _bad("The scene change names an impossible move.", "attempt")
    if a["step"] in ("reveal", "revealed", "hire", "success") and _where(state, a["scene"]) != a["from"]:
        raise _bad("The scene being changed is not where the scene change says.", "attempt.scene")
    if a["change"] is None:
        if a["step"] not in ("reveal", "continue"):  # continue: after The Cruiser
            raise _bad("The scene change has no revealed card.", "attempt.change")
    elif type(a["change"]) is not str or TYPE.get(a["change"]) != "change":
        raise _bad("attempt.change must be a scene change card.", "attempt.change")
    else:
        seen.append(a["change"])
    if type(a["goons"]) is not list:
        raise _bad("attempt.goons must be a list.", "attempt.goons")
    for g in a["goons"]:
        if type(g) is not dict or set(g) != {"seat", "card", "side"} or not seat_ok(g["seat"]) \
                or g["side"] not in ("for", "against") or not (_type_of(g["card"]) == "goon" or _backing(state, a, g)):
            raise _bad("A hired goon is malformed.", "attempt.goons")
        if TYPE[g["card"]] == "goon":
            seen.append(g["card"])
    backers = [g["card"] for g in a["goons"] if TYPE[g["card"]] == "character"]
    if len(backers) != len(set(backers)):
        raise _bad("The Vigilante backs a scene change once.", "attempt.goons")
    for k in ("ask", "out", "since"):
        if type(a[k]) is not list or not all(seat_ok(q) for q in a[k]) or len(set(a[k])) != len(a[k]):
            raise _bad(f"attempt.{k} must list seats.", f"attempt.{k}")
    if a["player"] in a["ask"]:
        raise _bad("The attempting player is not asked to react to their own scene change.", "attempt.ask")
    if a["step"] == "hire":
        if not seat_ok(a["hirer"]) or a["hirer"] in a["out"] or a["hirer"] in a["since"]:
            raise _bad("The seat to hire next is not in the hiring.", "attempt.hirer")
    elif a["hirer"] is not None and not seat_ok(a["hirer"]):
        raise _bad("attempt.hirer must be a seat or null.", "attempt.hirer")
    if a["success"] not in (None, True, False) or (a["step"] in ("changed", "done", "continue")) == (a["success"] is None):
        raise _bad("attempt.success does not fit the step.", "attempt.success")


def _check_turn_shape(state: dict) -> None:
    turn = state["turn"]
    n = state["players"]
    keys = {"player", "number", "step", "played", "allowed", "unlimited", "attempted"}
    if type(turn) is not dict or set(turn) != keys:
        raise _bad("'turn' is malformed.", "turn")
    if type(turn["player"]) is not int or not 0 <= turn["player"] < n or type(turn["number"]) is not int \
            or not 1 <= turn["number"] < MAX_SAFE_INTEGER or type(turn["played"]) is not int \
            or not 0 <= turn["played"] <= NUMBER_LIMIT or type(turn["allowed"]) is not int \
            or not 1 <= turn["allowed"] <= NUMBER_LIMIT or type(turn["unlimited"]) is not bool \
            or type(turn["attempted"]) is not bool:
        raise _bad("'turn' has a field of the wrong kind.", "turn")


def _check_turn(state: dict, characters_set: bool) -> None:
    turn = state["turn"]
    step = turn["step"]
    if state["outcome"] is not None:
        if step != "over" or state["queue"] or state["attempt"] is not None:
            raise _bad("A finished game has no turn going on.", "turn.step")
        o = state["outcome"]
        if set(o) != {"winners", "scores", "reason"} or o["reason"] not in ("agendas", "points") \
                or not same(o["winners"], [turn["player"]]) \
                or not same(o["scores"], {str(i): s["score"] for i, s in enumerate(state["seats"])}):
            raise _bad("The outcome does not match the position.", "outcome")
        return
    if step not in STEPS:
        raise _bad(f"The turn's step must be one of {list(STEPS)}.", "turn.step")
    if (step == "character") == characters_set:
        raise _bad("Characters are chosen before the first turn, and only then.", "turn.step")
    if step == "character" and any(s["character"] is None for s in state["seats"][:turn["player"]]):
        raise _bad("Characters are chosen in seat order.", "turn.player")
    if step == "character" and (any(s["hand"] or s["informant"] or s["agenda"] or s["loot"] or s["score"]
                                    for s in state["seats"]) or any(sh["agenda"] for sh in state["shared"])
                                or state["noir"]["discard"] or state["informants"]["discard"]):
        raise _bad("Nothing is dealt before every character is chosen.", "seats")
    if state["attempt"] is not None and step != "main":
        raise _bad("A scene change happens in the main step of a turn.", "turn.step")
    if state["options"]["mode"] != "expert" and step != "character" and _wins(state, turn["player"]):
        raise _bad("The active player's agendas match the active scenes: the game should be over.", "outcome")


# The largest number a state may hold where the rules give no bound of their own (a draw's
# amount, a modifier, a difficulty, plays allowed in a turn): far above any card's figure,
# and small enough that a loop over it costs nothing.
NUMBER_LIMIT = 40


def _small(x, limit: int) -> bool:
    return type(x) is int and -limit <= x <= limit


_TASK_KEYS = {
    "draw": {"do", "player", "amount", "source"},
    "trash": {"do", "player"},
    "kill_unless_goon": {"do", "player", "source"},
    "discard": {"do", "card"},
    "end_attempt": {"do"},
}
_EFFECT_KEYS = frozenset(("do", "player", "verb", "source", "target", "loot", "scene", "to", "amount", "type",
                          "card_type"))
_VERBS = frozenset(("draw", "draw_each", "take_discard", "replace_informant", "kill_informant", "steal_loot",
                    "steal_random", "search", "bottom_active", "big_shuffle", "extra_plays", "extra_play",
                    "discard_random", "modify", "attempt", "draw_chosen"))


def _check_queue(state: dict) -> None:
    queue = state["queue"]
    if type(queue) is not list:
        raise _bad("'queue' must be a list.", "queue")
    for task in queue:
        _check_task(state, task)
    played = [t["card"] for t in queue if type(t) is dict and t.get("do") == "discard"]
    if sorted(played) != sorted(state["played"]):
        raise _bad("The cards in play must be the ones waiting to be discarded.", "played")
    if queue and state["turn"]["step"] == "character":
        raise _bad("No effect waits while characters are chosen.", "queue")


def _check_task(state: dict, task) -> None:
    n = state["players"]
    if type(task) is not dict or type(task.get("do")) is not str:
        raise _bad("A queued effect is malformed.", "queue")
    do = task["do"]
    if "player" in task and (type(task["player"]) is not int or not 0 <= task["player"] < n):
        raise _bad("A queued effect names no seat.", "queue")
    if do == "order":
        if set(task) != {"do", "player", "tasks"} or type(task["tasks"]) is not list or len(task["tasks"]) < 2:
            raise _bad("A queued order is malformed.", "queue")
        for t in task["tasks"]:
            if type(t) is not dict or t.get("do") != "effect" or t.get("player") != task["player"]:
                raise _bad("A queued order is malformed.", "queue")
            _check_task(state, t)
        return
    if do == "effect":
        if not task.keys() <= _EFFECT_KEYS or not {"player", "verb", "source"} <= task.keys():
            raise _bad("A queued card effect has unknown or missing fields.", "queue")
        if type(task.get("verb")) is not str or task["verb"] not in _VERBS or _type_of(task.get("source")) is None:
            raise _bad("A queued card effect is malformed.", "queue")
        for k, v in task.items():
            if k in ("target",) and (type(v) is not int or not 0 <= v < n):
                raise _bad("A queued effect targets no seat.", "queue")
            if k == "amount" and not _small(v, NUMBER_LIMIT):
                raise _bad(f"A queued effect's amount must be an integer from -{NUMBER_LIMIT} to {NUMBER_LIMIT}.",
                           "queue")
            if k in ("loot",) and _type_of(v) != "loot":
                raise _bad("A queued effect names no loot.", "queue")
            if k == "scene" and _type_of(v) not in ("scene", "title"):
                raise _bad("A queued effect names no scene.", "queue")
            if k in ("type",) and v not in SCENE_TYPES:
                raise _bad("A queued effect names no scene type.", "queue")
            if k == "to" and v not in PLACES:
                raise _bad("A queued effect names no place.", "queue")
            if k == "card_type" and v not in ("goon", "loot", "action", "reaction"):
                raise _bad("A queued effect names no card type.", "queue")
        if task["verb"] in ("kill_informant", "steal_random", "steal_loot") and "target" not in task:
            raise _bad("A queued effect lacks its target.", "queue")
        if task["verb"] == "modify" and state["attempt"] is None:
            raise _bad("A modifier waits for no scene change.", "queue")
        if task["verb"] == "attempt" and ("scene" not in task or "to" not in task or "amount" not in task):
            raise _bad("A queued scene change is malformed.", "queue")
        return
    keys = _TASK_KEYS.get(do)
    if keys is None or set(task) != keys:
        raise _bad(f"A queued effect {do!r} is malformed.", "queue")
    if do == "draw" and (type(task["amount"]) is not int or not 1 <= task["amount"] <= NUMBER_LIMIT
                         or type(task["source"]) is not str):
        raise _bad(f"A queued draw is malformed (it draws 1 to {NUMBER_LIMIT} cards).", "queue")
    if do == "discard" and _type_of(task["card"]) not in ("action", "reaction"):
        raise _bad("A queued discard names no action or reaction.", "queue")
    if do == "end_attempt" and (state["attempt"] is None or state["attempt"]["step"] != "done"):
        raise _bad("The end of a scene change waits for no scene change.", "queue")


BIG_SHUFFLE = BigShuffle()
