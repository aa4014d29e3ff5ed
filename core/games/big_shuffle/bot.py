"""A heuristic bot for The Big Shuffle that pursues its own agendas.

It sees what its seat sees (`{"view", "pending"}`), never the state: its own hand and
agendas, and the public table (the active scenes, the one below each, Uptown and Downtown,
informants, loot, the scene change in progress). The influence of an attempt is computed by
the engine's own rule (`scene_change.modified_influence`), which reads public fields only.

Its plan: count how many of the three active scenes match a scene among its agendas; attempt
the scene change that raises that count and that it can afford (influence plus the goons in
hand against the difficulty); hire goons for changes that help it and against those that hurt;
otherwise build up with loot and cards, and now and then stir the city when nothing helps.
"""

from .cards import AGAINST, CARD, FOR, SCENE_TYPE, SCENE_TYPES, TYPE
from .city import scene_difficulty
from .law import blocker_of
from .scene_change import modified_influence

HIDDEN = {"hidden": True}


def _wanted(view: dict, me: int) -> dict:
    """Scene type -> the scenes among my agendas."""
    agendas = [view["seats"][me]["agenda"]] + [sh["agenda"] for sh in view["shared"] if me in sh["seats"]]
    agendas = [CARD[a] for a in agendas if isinstance(a, str)]
    return {t: {a[t] for a in agendas} for t in SCENE_TYPES}


def _active_after(view: dict, scene: str, to: str) -> tuple[str, str | None]:
    """(type, the active scene of that type if `scene` moved to `to`; None when unknown)."""
    t = SCENE_TYPE[scene]
    mid = view["city"][t]["midtown"]
    if mid and mid[-1] == scene:  # the active one leaves: the one below shows (public)
        below = mid[-2] if len(mid) > 1 else None
        return t, below if isinstance(below, str) else None
    return t, scene if to == "midtown" else (mid[-1] if mid else None)


def _active(view: dict, t: str):
    mid = view["city"][t]["midtown"]
    top = mid[-1] if mid else None
    return top if isinstance(top, str) and TYPE[top] == "scene" else None


def _gain(view: dict, me: int, want: dict, scene: str, to: str) -> int:
    """How many more of my agenda scenes are active after the move (-1, 0 or 1)."""
    t, after = _active_after(view, scene, to)
    before = _active(view, t)
    return int(after in want[t]) - int(before in want[t])


def _base_influence(view: dict, me: int, scene: str, to: str) -> tuple[int, int]:
    """(influence without goons or scene change card, difficulty) for my attempt."""
    frm = next(p for p in ("uptown", "midtown", "downtown")
               if view["city"][SCENE_TYPE[scene]][p][-1:] == [scene])
    any_change = "change/endless-rain"  # modified_influence counts a revealed card: take its modifier back out
    attempt = {"player": me, "type": SCENE_TYPE[scene], "from": frm, "change": any_change, "modifier": 0, "goons": []}
    return modified_influence(view, attempt) - CARD[any_change]["modifier"], scene_difficulty(view, scene, frm, to)


def _prevented(view: dict, option: dict) -> bool:
    """Would Not On My Watch! keep this scene change from moving anything?"""
    return bool(view.get("protected")) and blocker_of(view, {"type": SCENE_TYPE[option["scene"]], **option}) is not None


def _patrol_sign(patrol: str) -> int:
    """+1 for a patrol that helps whoever attempts under it, -1 for one that hinders, else 0."""
    total = 0
    for e in CARD[patrol]["effects"]:
        if e["do"] == "influence":
            total += e["amount"]
        elif e["do"] in ("no_goons", "no_informant"):
            total -= 1
        elif e["do"] in ("draw", "draw_chosen"):
            total += 1
    return (total > 0) - (total < 0)


def _goon_power(hand: list, side: str) -> list[int]:
    return sorted((abs(CARD[c][side]) for c in hand if TYPE.get(c) == "goon"), reverse=True)


class HeuristicBot:
    name = "heuristic"

    def choose(self, seen: dict, rng) -> dict:
        view, pending = seen["view"], seen["pending"]
        d = pending[0]
        me = d["player"]
        hand = [c for c in view["seats"][me]["hand"] if isinstance(c, str)]
        want = _wanted(view, me)
        handler = getattr(self, "_" + d["kind"], None)
        move = handler(view, d["options"], me, hand, want, rng) if handler else None
        return move if move is not None else d["options"][rng.below(len(d["options"]))]

    # --- decisions ---------------------------------------------------------------------
    def _choose_character(self, view, options, me, hand, want, rng):
        return max(options, key=lambda o: sum(CARD[o["character"]]["influence"].values()))

    def _start_of_turn(self, view, options, me, hand, want, rng):
        useful = [o for o in options if o["kind"] == "ability" and not self._bad_ability(view, o, me)]
        return useful[0] if useful else next(o for o in options if o["kind"] == "skip_ability")

    @staticmethod
    def _bad_ability(view, option, me):
        verbs = {e["do"] for e in CARD[option["card"]]["effects"] if e["on"] == "start"}
        if verbs & {"steal_random", "draw", "take_discard"} and len(view["seats"][me]["hand"]) >= 10:
            return True  # a full hand: more cards win nothing
        if "replace_informant" in verbs:
            mods = CARD[view["seats"][me]["informant"]]["modifiers"] if view["seats"][me]["informant"] else {}
            return sum(mods.values()) >= 1
        return False

    def _main(self, view, options, me, hand, want, rng):
        attempts = [o for o in options if o["kind"] == "attempt"]
        goons_for = _goon_power(hand, "for")
        best, best_key = None, None
        attempts = [o for o in attempts if not _prevented(view, o)]
        for o in attempts:
            gain = _gain(view, me, want, o["scene"], o["to"])
            if gain <= 0:
                continue
            influence, difficulty = _base_influence(view, me, o["scene"], o["to"])
            margin = influence + sum(goons_for[:2]) - difficulty
            if margin >= -1:
                key = (gain, margin)
                if best_key is None or key > best_key:
                    best, best_key = o, key
        # It explores instead one time in five (in a long game, one in two): bots undoing each
        # other's best move would otherwise loop for ever.
        number = view["turn"]["number"]
        if best is not None and number <= 200 and rng.below(2 if number > 120 else 5):
            return best
        plays = [o for o in options if o["kind"] == "play"]
        patrol = self._patrol(view, plays, want, rng)
        if patrol is not None:
            return patrol
        loot = [o for o in plays if TYPE[o["card"]] == "loot"]
        if loot and len(view["seats"][me]["loot"]) < 3:
            return loot[rng.below(len(loot))]
        actions = [o for o in plays if TYPE[o["card"]] == "action" and not self._bad_action(view, o, me, want)]
        turn = view["turn"]
        if turn["unlimited"]:  # A New York Minute: a few more cards, never the same loop for ever
            actions = [o for o in actions if o["card"] != "noir/new-york-minute"] if turn["played"] < 6 else []
        # nothing helps now: stir the city with an attempt that costs me nothing, at once when I
        # hold goons to back it (hoarding them wins nothing), else now and then
        neutral = [o for o in attempts if _gain(view, me, want, o["scene"], o["to"]) >= 0]
        # rather dig where the active scene is not one of mine: it brings new scenes to light
        digs = [o for o in neutral if _active(view, SCENE_TYPE[o["scene"]]) not in want[SCENE_TYPE[o["scene"]]]]
        neutral = digs or neutral
        if neutral and (len(goons_for) >= 2 or len(hand) >= 8):
            return neutral[rng.below(len(neutral))]
        if actions:
            return actions[rng.below(len(actions))]
        if neutral and rng.below(3) == 0:
            return neutral[rng.below(len(neutral))]
        return next(o for o in options if o["kind"] == "end_turn")

    @staticmethod
    def _patrol(view, plays, want, rng):
        """The Law, now and then: a patrol that helps on a column where my scene is not active
        (in place of one that hinders, which would lock the column), or, when I am one scene
        from winning, one that hinders on an empty column where my scene is active."""
        patrols = [o for o in plays if o.get("line") in SCENE_TYPES]
        if not patrols or rng.below(2):
            return None
        close = sum(_active(view, t) in want[t] for t in SCENE_TYPES) >= 2
        choice = []
        for o in patrols:
            sign, t = _patrol_sign(o["card"]), o["line"]
            there = view["patrols"][t]
            mine = _active(view, t) in want[t]
            if sign > 0 and not mine and (there is None or _patrol_sign(there) < 0):
                choice.append(o)
            elif sign < 0 and mine and close and there is None:
                choice.append(o)
        return choice[rng.below(len(choice))] if choice else None

    @staticmethod
    def _bad_action(view, option, me, want):
        verbs = {e["do"]: e for e in CARD[option["card"]]["effects"] if e["on"] == "play"}
        if "bottom_active" in verbs:  # only if the active scene of that type is not one of mine
            t = verbs["bottom_active"]["type"]
            return _active(view, t) in want[t]
        if "big_shuffle" in verbs:
            return sum(_active(view, t) in want[t] for t in SCENE_TYPES) >= 1
        if "attempt" in verbs:
            return _gain(view, me, want, option["scene"], option["to"]) <= 0
        return False

    def _attitude(self, view, me, want) -> int:
        """+1: the scene change in progress helps me; -1: it hurts me; 0: neither."""
        a = view["attempt"]
        return _gain(view, me, want, a["scene"], a["to"])

    def _hire(self, view, options, me, hand, want, rng):
        a = view["attempt"]
        total = modified_influence(view, a)
        hires = [o for o in options if o["kind"] == "hire"]
        pass_ = next(o for o in options if o["kind"] == "pass")
        if a["player"] == me:
            spare = 2 if len(hand) >= 8 else 1 if len(hires) >= 3 else 0  # a margin against later hires
            if total < a["difficulty"] + spare and hires:
                return max(hires, key=lambda o: FOR[o["card"]])
            return pass_
        attitude = self._attitude(view, me, want)
        if attitude > 0 and total < a["difficulty"]:
            fors = [o for o in hires if o["side"] == "for"]
            if fors:
                return max(fors, key=lambda o: FOR[o["card"]])
        if attitude < 0 and total >= a["difficulty"]:
            against = [o for o in hires if o["side"] == "against"]
            if against:
                return min(against, key=lambda o: AGAINST[o["card"]])
        return pass_

    def _react(self, view, options, me, hand, want, rng):
        attitude = self._attitude(view, me, want)
        a = view["attempt"]
        for o in options:
            if o["kind"] != "react":
                continue
            if "scene" in o:  # Not On My Watch!: on the scene of a change that hurts me
                if attitude < 0 and o["scene"] == a["scene"]:
                    return o
                continue
            if "patrol" in o:  # An Anonymous Tip: a patrol that hinders onto a change that hurts me
                if attitude < 0 and _patrol_sign(o["patrol"]) < 0 and o["line"] == a["type"]:
                    return o
                continue
            verbs = {e["do"] for e in CARD[o["card"]]["effects"]}
            if "draw" in verbs:
                return o
            if attitude < 0 and ("kill_informant" in verbs or o.get("side") == "against"
                                 or ("modify" in verbs and "side" not in o)):
                return o
            if attitude > 0 and o.get("side") == "for":
                return o
        return next(o for o in options if o["kind"] == "decline")

    def _trash(self, view, options, me, hand, want, rng):
        def worth(o):
            return sum(e.get("amount", 1) for e in CARD[o["card"]]["effects"])
        return min(options, key=worth)

    def _crazed_killer(self, view, options, me, hand, want, rng):
        goons = [o for o in options if o["kind"] == "discard_goon"]
        return min(goons, key=lambda o: FOR[o["card"]]) if goons else options[-1]

    def _draw(self, view, options, me, hand, want, rng):
        top = view["noir"]["discard"][-1:] or [None]
        return options[1] if top[0] and TYPE[top[0]] in ("goon", "loot") else options[0]

    def _choose_drawer(self, view, options, me, hand, want, rng):
        return next(o for o in options if o["target"] == me)

    def _continue(self, view, options, me, hand, want, rng):
        penalty = 2 if view["attempt"]["change"] else 0  # Endless Rain: -2; The Cruiser: a new card
        for o in options:
            if o["kind"] == "attempt" and _gain(view, me, want, o["scene"], o["to"]) > 0 and not _prevented(view, o):
                influence, difficulty = _base_influence(view, me, o["scene"], o["to"])
                if influence - penalty >= difficulty - 1:
                    return o
        return next(o for o in options if o["kind"] == "stop")

    def _score(self, view, options, me, hand, want, rng):
        return options[0]
