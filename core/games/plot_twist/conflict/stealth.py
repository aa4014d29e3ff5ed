"""Plot Twist: Flying, Hidden and Identity, the Free actions that change how a Character may be
reached (rulebook: Statuses: Flying, Hidden, Sneak Attack; Heroics: Flight, Stealth, Perception;
Identity). Sneak Attacks, which initiate a Combat, are in conflict.py beside the other way in.

- `fly` {character} / `land` {character}: "Enter or leave Flying as a Free action", a Character
  with Flight; not while Prone, nor "on a Turn in which you were sent Prone" (`turn.sent_prone`).
  "Characters with less Flying cannot Move to Melee Distance against a Character with more
  Flight": a Character's Flying is its Flight rank while it is Flying, else 0 (`reach_error`).
- `hide` {character}: "You can Hide as a Free action if you have Stealth": Combat cannot be
  initiated with a Hidden Character and it "can only Sneak Attack"; not during a Combat it is in
  (ruling "Hiding in a Combat").
- `perceive` {character, target}: "You can be perceived, ending the effect, with a Roll of
  Perception of any Character vs your Stealth, as a Free action": an Opposing Roll of Mind +
  Perception against Body + Stealth (a tie defeats both: nobody is perceived); the perceived
  Character is no longer Hidden and is Surprised.
- `identity` {character, identity}: "identify as anything you wish, or choose to have no Identity.
  You can only have 1 Identity at a time": one of `IDENTITIES`, or null (ruling "Identities").
  Kept in `state["identities"]` {character: identity}.
- `peek` {character}: Perception "With 6 accumulated Successes in Fixed Rolls against Difficulty 0 you
  may peek at the Villain's Objective" (Hacking the same): a Character of a Hero seat with Perception
  or Hacking makes a Fixed Roll of Mind + the better of the two against Difficulty 0; its Successes
  accumulate in `objective.peeking` {character: n}; at 6 its seat has peeked (effects.peek_objective:
  `objective.peeked`, and that seat's view shows the face-down card from then on). Not once the
  Objective is face up or the seat has peeked (ruling "Peeking at the Objective").

Each is a Free action: once each Turn per Character, never in the End of Turn Phase, offered where
actions.py offers the others. `free_error(state, move)` both lists the options and explains a refusal.
"""

from core.framework.kept import kept

from . import actions as A
from ..characters import characters as CH
from ..effects import effects as FX
from ..rolls import rolls as R
from ..state import PEEK_SUCCESSES
from ..vocabulary import IDENTITIES

FREE_KINDS = ("fly", "land", "hide", "perceive", "identity", "peek")
FIELDS = {"fly": set(), "land": set(), "hide": set(), "perceive": {"target"}, "identity": {"identity"},
          "peek": set()}
RULE_CODES = ("no_flight", "already_flying", "not_flying", "prone_this_turn", "no_stealth", "already_hidden",
              "hide_in_combat", "not_hidden", "not_a_target", "no_such_identity", "same_identity",
              "cannot_reach_flying", "own_objective", "objective_face_up", "already_peeked",
              "no_perception_or_hacking")
EVENTS = ("peek_progress",)
PEEK_DIFFICULTY = 0
PEEK_HEROICS = ("Perception", "Hacking")


def flight(state: dict, c: dict) -> int:
    return FX.ratings(state, c["card"]).get("Flight", 0)


def flying(state: dict, c: dict) -> int:
    """How high a Character flies: its Flight while Flying, else 0."""
    return flight(state, c) if "flying" in c["statuses"] else 0


def reach_error(state: dict, who: str, to: str) -> tuple[str, str] | None:
    """Why `who` may not Move to `to` against its opponent in the Combat: a lower Flying than theirs."""
    combat = state["combat"]
    if to != "melee" or combat is None:
        return None
    other = combat["defender"] if who == combat["attacker"] else combat["attacker"]
    if flying(state, CH.record(state, who)) < flying(state, CH.record(state, other)):
        return ("cannot_reach_flying", "Characters with less Flying cannot Move to Melee Distance against a "
                                       "Character with more Flight.")
    return None


def identity_of(state: dict, card: str) -> str | None:
    return state["identities"].get(card)


def free_error(state: dict, move: dict) -> tuple[str, str] | None:
    """Why this Flying, Hidden, Perception or Identity Free action is refused now, or None."""
    kind, seat, card = move.get("kind"), move.get("player"), move.get("character")
    if kind not in FIELDS or set(move) != {"player", "kind", "character"} | FIELDS[kind]:
        return "wrong_move", f"A {kind} move has the fields player, kind, character and {sorted(FIELDS.get(kind, []))}."
    return A.moment_error(state, seat, card) or _why_not(state, CH.record(state, card), move)


def _why_not(state: dict, c: dict, move: dict) -> tuple[str, str] | None:
    """`free_error` once the moment and the move's shape are right."""
    if move["kind"] in state["turn"]["free"].get(c["card"], []):
        return "free_action_used_this_turn", "A Character may take each Free action once each Turn."
    return _WHY_NOT[move["kind"]](state, c, move)


def _fly(state: dict, c: dict, move: dict) -> tuple[str, str] | None:
    if not flight(state, c):
        return "no_flight", "Flying is entered by a Character with Flight."
    if "flying" in c["statuses"]:
        return "already_flying", "This Character is already Flying."
    if "prone" in c["statuses"] or c["card"] in state["turn"]["sent_prone"]:
        return "prone_this_turn", "You cannot enter Flying on a Turn in which you were sent Prone."
    return None


def _land(state: dict, c: dict, move: dict) -> tuple[str, str] | None:
    if "flying" not in c["statuses"]:
        return "not_flying", "Only a Flying Character leaves Flying."
    return None


def _hide(state: dict, c: dict, move: dict) -> tuple[str, str] | None:
    if not FX.ratings(state, c["card"]).get("Stealth", 0):
        return "no_stealth", "You can Hide as a Free action if you have Stealth."
    if "hidden" in c["statuses"]:
        return "already_hidden", "This Character is already Hidden."
    if state["combat"] is not None:
        return "hide_in_combat", "A Character in a Combat does not Hide until it ends."
    return None


def _perceive(state: dict, c: dict, move: dict) -> tuple[str, str] | None:
    target = move["target"]
    t = CH.record(state, target) if isinstance(target, str) else None
    if t is None or CH.is_incapacitated(t) or CH.side_of(t) == CH.side_of(c):
        return "not_a_target", f"{target!r} is no Character of the other side in play."
    if "hidden" not in t["statuses"]:
        return "not_hidden", "Only a Hidden Character is perceived."
    return None


def _identity(state: dict, c: dict, move: dict) -> tuple[str, str] | None:
    identity = move["identity"]
    if identity is not None and identity not in IDENTITIES:
        return "no_such_identity", f"An Identity is one of {', '.join(IDENTITIES)}, or null for none."
    if identity == identity_of(state, c["card"]):
        return "same_identity", "You can only have 1 Identity at a time: this one is already yours."
    return None


def peek_heroic(state: dict, card: str) -> str | None:
    """The better of the Character's Perception and Hacking now (Perception on a tie), None without either."""
    ranks = FX.ratings(state, card)
    best = max(PEEK_HEROICS, key=lambda h: ranks.get(h, 0))
    return best if ranks.get(best, 0) >= 1 else None


def _peek(state: dict, c: dict, move: dict) -> tuple[str, str] | None:
    objective = state["objective"]
    if CH.side_of(c) != "heroes":
        return "own_objective", "The GM knows his Objective: Heroes peek at it."
    if objective["revealed"]:
        return "objective_face_up", "The Objective is face up: there is nothing to peek at."
    if c["seat"] in objective["peeked"]:
        return "already_peeked", "Your seat has peeked at the Objective already."
    if peek_heroic(state, c["card"]) is None:
        return "no_perception_or_hacking", "Peeking at the Objective takes Perception or Hacking."
    return None


_WHY_NOT = {"fly": _fly, "land": _land, "hide": _hide, "perceive": _perceive, "identity": _identity, "peek": _peek}


def free_options(state: dict, seat: int) -> list[dict]:
    out = []
    others = None
    turn = state["turn"]
    for card in A.acting(state, seat):
        if A.moment_error(state, seat, card):  # the moment once, then each candidate (well-formed)
            continue
        if others is None:
            others = hidden_others(state, seat)
        c = CH.record(state, card)
        # what `_why_not` reads: the record, this Turn's Free actions, Energy spent (a Lock is paid with
        # it), the modifiers ratings read and Prone; the standing cards (ratings), the Objective, the
        # Identity, whether a Combat is on, the Hidden Characters to perceive (kept while they are the
        # same, or equal for `values`: kept.py)
        parts = (c, turn["free"].get(card), turn["energy_spent"].get(card), state["events_cluster"], state["timers"],
                 state["objective"], *FX.rated_modifiers(state, card))
        values = (state["identities"].get(card), card in turn["sent_prone"], state["combat"] is None, *others)
        out += kept(("plot-twist", "free", seat, card), parts, lambda: character_free(state, seat, c, others), values)
    return out


def hidden_others(state: dict, seat: int) -> list[str]:
    """The Hidden Characters of the other side in play: whom the seat's Characters may perceive."""
    return list(CH.hidden(state, "gm" if CH.side_of_seat(seat) == "heroes" else "heroes"))


def character_free(state: dict, seat: int, c: dict, others: list[str]) -> list[dict]:
    """The Character's Flying, Hidden, Perception and Identity Free actions, built only where `_why_not`
    accepts them (legal by construction): not taken this Turn; Flying with Flight, not Flying, Prone nor
    sent Prone this Turn; landing while Flying; Hiding with Stealth, not Hidden, out of a Combat; a Hero's
    peek at an Objective face down its seat has not peeked at, with Perception or Hacking (`peek_heroic`);
    perceiving each Hidden Character of the other side (`hidden_others`); an Identity not its own."""
    card, statuses, turn = c["card"], c["statuses"], state["turn"]
    used = turn["free"].get(card, [])
    ranks = FX.ratings(state, card)
    objective = state["objective"]
    out = []
    if ("fly" not in used and ranks.get("Flight", 0) and "flying" not in statuses and "prone" not in statuses
            and card not in turn["sent_prone"]):
        out.append({"player": seat, "kind": "fly", "character": card})
    if "land" not in used and "flying" in statuses:
        out.append({"player": seat, "kind": "land", "character": card})
    if "hide" not in used and ranks.get("Stealth", 0) and "hidden" not in statuses and state["combat"] is None:
        out.append({"player": seat, "kind": "hide", "character": card})
    if ("peek" not in used and CH.side_of(c) == "heroes" and not objective["revealed"]
            and c["seat"] not in objective["peeked"] and peek_heroic(state, card) is not None):
        out.append({"player": seat, "kind": "peek", "character": card})
    if "perceive" not in used:
        out += [{"player": seat, "kind": "perceive", "character": card, "target": t} for t in others]
    if "identity" not in used:
        mine = identity_of(state, card)
        out += [{"player": seat, "kind": "identity", "character": card, "identity": i} for i in IDENTITIES + (None,)
                if i != mine]
    return out


def roll_parts(state: dict, who: str, attribute: str, heroic: str) -> list[tuple[str, int]]:
    """A non-Damage Roll's pool: one Attribute and one Heroic, the cards' Roll Pool modifiers and
    Surprised ("All Roll Pools get -2")."""
    ratings = FX.ratings(state, who)
    parts = [(attribute, ratings[attribute]), (heroic, ratings.get(heroic, 0))]
    n = FX.total(state, who, "roll_pool", None)
    if n:
        parts.append(("cards", n))
    if "surprised" in CH.record(state, who)["statuses"]:
        parts.append(("Surprised", -2))
    return parts


def on_free(state: dict, move: dict, rng, events: list) -> None:
    kind, card = move["kind"], move["character"]
    turn = state["turn"]
    state["turn"] = {**turn, "free": {**turn["free"], card: turn["free"].get(card, []) + [kind]}}
    if kind == "fly":
        FX.add_status(state, card, "flying", events)
        FX.pay_locks(state, card, [("Flight", flight(state, CH.record(state, card)))], events)
    elif kind == "land":
        FX.end_status(state, card, "flying", events)
    elif kind == "hide":
        FX.add_status(state, card, "hidden", events)
        FX.pay_locks(state, card, [("Stealth", FX.ratings(state, card).get("Stealth", 0))], events)
    elif kind == "peek":
        _peek_roll(state, card, rng, events)
    elif kind == "identity":
        identities = {k: v for k, v in state["identities"].items() if k != card}
        if move["identity"] is not None:
            identities[card] = move["identity"]
        state["identities"] = identities
        events.append({"type": "identity_changed", "character": card, "identity": move["identity"]})
    else:
        target = move["target"]
        sides = [(card, roll_parts(state, card, "Mind", "Perception")),
                 (target, roll_parts(state, target, "Body", "Stealth"))]
        result, event = R.opposing_roll(rng, sides, purpose="perception")
        events.append(event)
        for side in sides:
            FX.pay_locks(state, *side, events)
        if result.winner == card:
            FX.end_status(state, target, "hidden", events)
            FX.add_status(state, target, "surprised", events)


def _peek_roll(state: dict, card: str, rng, events: list) -> None:
    """A Fixed Roll of Mind + Perception or Hacking against Difficulty 0; its Successes accumulate."""
    parts = roll_parts(state, card, "Mind", peek_heroic(state, card))
    result, event = R.fixed_roll(rng, card, parts, PEEK_DIFFICULTY, purpose="peek")
    events.append(event)
    FX.pay_locks(state, card, parts, events)
    seat, objective = CH.record(state, card)["seat"], state["objective"]
    successes = result.throws[0].successes
    accumulated = objective["peeking"].get(card, 0) + successes
    events.append({"type": "peek_progress", "player": seat, "character": card, "successes": successes,
                   "accumulated": accumulated, "of": PEEK_SUCCESSES})
    if accumulated >= PEEK_SUCCESSES:
        FX.peek_objective(state, seat, card, events)
    elif successes:
        state["objective"] = {**objective, "peeking": {**objective["peeking"], card: accumulated}}

