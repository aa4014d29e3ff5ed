"""Plot Twist as a `Game`: options, Setup, pending decisions, views, the state check, refusals, and
its `FLOW` (Setup's picks and the Conflict's moves, `conflict.advance`, the win check as a Watch).

Registered as `plot-twist` (core/games/__init__.py finds `GAME` through the package's __init__.py).
"""

import copy

from core.framework.draft import Draft
from core.framework.errors import IllegalMove
from core.framework.flow import WAIT, Flow, Watch
from core.framework.game import Game, Option, Setup

from .conflict import actions as A
from .between import aftermath as AM
from .plots import bystanders as BY
from . import cards as C
from .conflict import combat as CB
from .conflict import conflict as CF
from .reversal import crossover as CX
from .setup import decks as D
from .effects import in_play as IP
from .integrity import integrity_conflict as integrity
from . import labels
from .plots import plots as PL
from .reversal import reversal as RV
from .conflict import spending as SP
from .conflict import stealth as ST
from . import views
from .bots.bots import BOTS
from .setup.setup import (
    SETUP_DECISION_KINDS,
    SETUP_EVENTS,
    SETUP_MOVE_KINDS,
    SETUP_MOVES,
    new_state,
    refuse_setup,
    setup_decisions,
    setup_refusal,
)

CONFLICT_MOVES = {
    "mulligan": CF.on_mulligan, "initiate": CF.on_initiate, "pass": CF.on_pass,
    "play_card": CB.on_play_card, "attack": CB.on_attack, "redraw": CB.on_redraw,
    **{kind: CF.on_action for kind in A.ACTION_KINDS + ST.FREE_KINDS}, "sneak_attack": CF.on_sneak_attack,
    "play_plot": CF.acting(PL.on_play_plot), "recruit": CF.acting(BY.on_attack), "kill": CF.acting(BY.on_attack),
    **{kind: CF.acting(SP.on_spend) for kind in SP.KINDS},
    **{kind: CF.acting(RV.on_move) for kind in RV.KINDS},
    **{kind: CF.on_action for kind in IP.MOVE_FIELDS}, "choose": IP.on_choose,
    **{kind: CF.between for kind in AM.STEP_OF}, "relocate": CF.acting(AM.on_relocate),
    "new_main_villain": CF.on_main_villain,
}
MOVE_KINDS = SETUP_MOVE_KINDS + tuple(CONFLICT_MOVES)
DECISION_KINDS = SETUP_DECISION_KINDS + tuple(CF.PROMPTS)
EVENT_TYPES = tuple(dict.fromkeys(SETUP_EVENTS + (
    "turn_started", "twist_revealed", "actions_renewed", "combat_cards_drawn", "combat_cards_discarded",
    "mulligan_taken", "phase_started", "combat_started", "combat_step", "combat_card_played", "distance_changed",
    "attack_declared", "roll", "quantity_lost", "damage_dealt", "trauma_paid", "demoralized", "incapacitated",
    "counter_changed", "stress_regenerated", "status_gained", "status_ended", "energy_spent",
    "attack_action_bought", "combat_ended", "turn_ended", "villain_fled", "villain_surrendered", "game_over",
    "identity_changed", "counters_spent", "advantage_activated") + SP.EVENTS + PL.EVENTS + BY.EVENTS + IP.EVENT_TYPES
    + RV.EVENTS + ST.EVENTS + AM.EVENTS + CX.EVENTS))
OUTCOME_REASONS = CF.OUTCOME_REASONS
RULE_CODES = tuple(dict.fromkeys(D.RULE_CODES + CF.RULE_CODES + CB.RULE_CODES + A.RULE_CODES + PL.RULE_CODES
                                  + BY.RULE_CODES + ST.RULE_CODES + IP.RULE_CODES + SP.RULE_CODES + RV.RULE_CODES
                                  + AM.RULE_CODES + CX.RULE_CODES))


def _predicate(kind: str):
    """The one predicate of a Conflict move kind: it lists the options and explains a refusal."""
    if kind in A.ACTION_KINDS:
        return A.action_error
    if kind in ST.FREE_KINDS:
        return ST.free_error
    if kind in SP.KINDS:
        return SP.spend_error
    if kind in RV.KINDS:
        return RV.move_error
    if kind in IP.MOVE_FIELDS:
        return IP.move_error
    if kind in AM.MOVE_FIELDS:
        return AM.move_error
    return {"mulligan": CF.mulligan_error, "initiate": CF.initiate_error, "sneak_attack": CF.sneak_attack_error,
            "play_card": CB.play_error, "attack": CB.attack_error, "redraw": CB.redraw_error,
            "play_plot": PL.play_error, "recruit": BY.attack_error, "kill": BY.attack_error,
            "choose": IP.choose_error, "new_main_villain": CX.move_error}.get(kind)


class PlotTwist(Game):
    listing_order = 4
    # A clock that runs out: pass the initiative, leave a question unanswered; a mulligan keeps
    # the hand; a setup pick (a card each time) is the first listed option.
    pass_kinds = ("pass", "no_answer", "no_equipment", "no_more_mooks")
    revealing_events = {"combat_cards_drawn": "drew a card", "event_revealed": "revealed an Event",
                        "twist_revealed": "revealed a Twist!", "objective_revealed": "revealed the Objective",
                        "objective_peeked": "peeked at the Objective", "roll": "rolled coins"}

    def __init__(self):
        super().__init__(
            id="plot-twist",
            name="Plot Twist",
            min_players=2,
            max_players=6,
            summary=("A non-competitive card game: up to five Heroes face a Game Master's Villains and Mooks "
                     "in Conflicts of five-step Combats, every roll a handful of coins."),
            options=(
                Option("setup", "string", "drafted",
                       "drafted: Setup as decisions, one card per pick; quick: a legal Setup dealt from the seed, "
                       "the game starting at the first Turn.", ("drafted", "quick")),
            ),
        )

    def sample_setups(self) -> tuple[Setup, ...]:
        # One game each but at 2 seats: a 6-seat game runs some 400 moves, each state checked whole (~3 ms).
        return (Setup("quick-2", 2, {"setup": "quick"}, 2), Setup("drafted-2", 2, {}, 2),
                Setup("quick-4", 4, {"setup": "quick"}, 1), Setup("drafted-4", 4, {}, 1),
                Setup("quick-6", 6, {"setup": "quick"}, 1), Setup("drafted-6", 6, {}, 1))

    def cards(self) -> list[dict]:
        return C.catalog()

    # --- Setting up ----------------------------------------------------------------------------------
    def setup(self, players: int, options: dict, rng) -> tuple[dict, list]:
        fields, events = new_state(players, options, rng)
        if fields["setup"]["step"] == "done":  # quick setup: the first Turn begins now
            whole = {"players": players, "options": options, "outcome": None, **fields}
            with Draft.fresh(whole):
                FLOW.run(whole, rng, events)
            fields = {k: v for k, v in whole.items() if k not in ("players", "options", "outcome")}
        return fields, events

    # --- Pending decisions and playing ------------------------------------------------------------------
    def decisions(self, state: dict) -> list:
        if state["outcome"] is not None:
            return []
        if state["setup"]["step"] != "done":
            return setup_decisions(state)
        return CF.conflict_decisions(state)

    def play(self, state: dict, move: dict, rng) -> list:
        return self.play_step(state, move, rng)[0]

    def play_step(self, state: dict, move: dict, rng) -> tuple[list, list | None]:
        """`play`, and the pending decisions when the Conflict stopped for them (`conflict.advance`: the
        windows it listed to find who must choose are not asked again)."""
        events, stop = FLOW.play(state, move, rng, checked=CF.win_key(state))
        return events, stop if type(stop) is list else None

    def canonical_move(self, state: dict, move):
        """A Mulligan's or End of Combat's discard is a set of cards: named in any order, it is sorted."""
        cards = move.get("cards") if type(move) is dict and move.get("kind") in ("mulligan", "redraw") else None
        if type(cards) is list and all(type(c) is str for c in cards) and cards != sorted(cards):
            return {**move, "cards": sorted(cards)}
        return move

    predicates = True  # `why_not`: Setup's picks, and the one predicate of each Conflict move kind
    check_once = True  # its state check (integrity/) is dear: a state posted again is not checked again

    def why_not(self, state: dict, move: dict) -> tuple[str, str] | None:
        if state["setup"]["step"] != "done":
            return setup_refusal(state, move)
        predicate = _predicate(move.get("kind"))
        return predicate(state, move) if predicate else None

    def refuse(self, state: dict, pending: list, move: dict) -> None:
        if type(move) is not dict:
            raise IllegalMove("A move is a JSON object.", rule="wrong_move")
        if state["setup"]["step"] != "done":
            refuse_setup(state, move)
            return
        refusal = self.why_not(state, move)
        if refusal is None and move.get("kind") == "pass":
            refusal = ("wrong_move", "A pass move has only player and kind.")
        if refusal:
            raise IllegalMove(refusal[1], rule=refusal[0])

    # --- Views and checks ---------------------------------------------------------------------------------
    def view(self, state: dict, player: int | None) -> dict:
        return views.view(state, player)

    def view_event(self, event: dict, player: int | None) -> dict:
        return views.view_event(event, player)

    def labels(self, seen: dict, decision: dict) -> list[str]:
        return labels.labels(seen, decision)  # the options in words (labels.py)

    def check(self, state: dict) -> None:
        integrity.check(state)

    def shuffle_hidden(self, state: dict, rng) -> dict:
        """The face-down decks (Combat Decks once shuffled, the Twists! Deck) in another order."""
        other = copy.deepcopy(state)

        def rotate(cards: list) -> list:
            if len(cards) < 2:
                return cards
            k = 1 + rng.below(len(cards) - 1)
            return cards[k:] + cards[:k]

        if state["setup"]["step"] == "done":
            other["combat_decks"] = [rotate(d) for d in other["combat_decks"]]
            other["twists_deck"] = rotate(other["twists_deck"])
        return other

    def default_move(self, state: dict, pending: list) -> dict:
        """A pass where one is offered; a mulligan keeps the whole hand; else the first option."""
        for decision in pending:
            for option in decision["options"]:
                if option.get("kind") == "mulligan" and not option.get("cards"):
                    return option
        return super().default_move(state, pending)

    def timeout_bot(self, seat: int) -> str:
        return "gm" if seat == 0 else "hero"  # each side's heuristic bot

    def bots(self) -> dict:
        return BOTS  # `hero` and `gm` (bots.py), beside the framework's `random`

    def turns_played(self, state: dict, moves: list) -> int:
        return state["turn"]["number"] if state.get("turn") else 0


def _advance(state: dict, rng, events: list):
    """Setup moves do their own bookkeeping; once Setup is done, the Conflict's order of play."""
    if state["setup"]["step"] != "done":
        return WAIT
    return CF.advance(state, rng, events)


FLOW = Flow(
    moves={**SETUP_MOVES, **CONFLICT_MOVES},
    advance=_advance,
    watch=Watch(CF.win_key, CF.win_check),
)

GAME = PlotTwist()
