"""The bots in Setup: the judge's scores of Setup's picks, and what a card or an Equipment is
worth to a Character (bots.py's `_Judge`)."""

from .. import cards as C
from ..characters import characters as CH
from ..rolls import damage as DMG
from ..setup import decks as D
from ..reversal import reversal as RV
from ..state import GM
from .thumbs import _kind, _size, card_worth, effect_worth


class SetupScores:
    """The judge's scores of Setup's picks."""

    # Setup ----------------------------------------------------------------------------------------------------
    def score_place_mook(self, o):
        """Any Mook; one of a new Color a little more: its Color's Lair is one more Flight."""
        colors = {C.COLOR[c["card"]] for c in self.v["characters"] if c["seat"] == GM}
        lair = any(C.COLOR[x] == C.COLOR[o["card"]] for x in C.IDS_OF["lair"])
        return 1.0 + (0.5 if lair and C.COLOR[o["card"]] not in colors else 0.0)

    def score_place_equipment(self, o):
        setup = self.v["setup"]
        who = (next(c["card"] for c in self.v["characters"] if c.get("main")) if setup["step"] == "villain_equipment"
               else next(c["card"] for c in self.v["characters"] if c["seat"] == setup["seat"] and _kind(c["card"]) == "hero"))
        return equipment_worth(o["card"], who)

    def _users(self) -> list[str]:
        return [c["card"] for c in self.v["characters"] if c["seat"] == self.me and _kind(c["card"]) != "ally"]

    def score_add_plot(self, o):
        card, kind = o["card"], _kind(o["card"])
        hand = self.v["plot_hands"][self.me]
        held = [c for c in hand if isinstance(c, str)]
        if self.side == "gm":
            if kind == "lair":
                # a Lair: a Flight; one Hero seat, one Lair (a lone Hero seldom ends three Conflicts in 30 Turns)
                second = 3.8 if self.v["players"] > 2 else 0.5
                return (4.0, second, 1.0)[min(2, sum(1 for c in held if _kind(c) == "lair"))]
            if kind == "villain":
                return self._crossover_pick(card, held)
            if kind == "bystander":  # worth its {K}; for a Threat of Kills, as many as it counts come first
                kills = self.threat.get("count", 0) if self.threat.get("when") == "kill" else 0
                wanted = sum(1 for c in held if _kind(c) == "bystander") < kills
                return min(3.2, 1.5 + max(0.0, sum(effect_worth(self.v, e, "gm", "gm")
                                                   for e in C.CARD[card]["effects"] if e["on"] == "kill"))) \
                    + (2.5 if wanted else 0.0)
            return 0.2
        if kind == "ally":
            return 3.0
        if kind == "detail":
            users = self._users()
            return 0.8 + sum(effect_worth(self.v, e, "heroes", "heroes") for e in C.CARD[card]["effects"]
                             if e["on"] == "play") + (0.5 if users and _has_heroic(users[0], _raised(card)) else 0.0)
        if kind == "bystander":
            return 0.6
        return 0.1

    def _crossover_pick(self, card: str, held: list) -> float:
        """A Villain for the Plot Hand, for a Crossover or a Persona: the Heroes in play will be about two
        a seat (each seat plays a second Hero), at most 5, and the Villains in play always fewer; another
        Persona of the Main Villain only replaces him while a Crossover Villain stands."""
        heroes = min(RV.MOST_HEROES, 2 * (self.v["players"] - 1))
        room = heroes - 2  # Crossover Villains beside the Main Villain
        held_villains = sum(1 for c in held if _kind(c) == "villain")
        if held_villains >= room:
            return 0.1
        main = next((c["card"] for c in self.v["characters"] if c.get("main")), None)
        persona = main is not None and C.NAME[card] == C.NAME[main]
        return 3.6 - (1.5 if persona else 0.0) - 0.1 * held_villains

    def score_add_combat_card(self, o):
        card = o["card"]
        deck = [c for c in self.v["combat_decks"][self.me] if isinstance(c, str)]
        users = self._users()
        fit = max((card_fit(card, u) * (0.6 if _kind(u) == "mook" else 1.0) for u in users), default=0.0)
        same = sum(1 for c in deck if C.CARD[c]["combat"] == C.CARD[card]["combat"])
        return fit - 0.35 * deck.count(card) - 0.15 * max(0, same - 3)

    def score_add_twist(self, o):
        deck = [c for c in self.v["twists_deck"] if isinstance(c, str)]
        return 1.0 + card_worth(self.v, o["card"], "heroes") - 0.4 * deck.count(o["card"])

    def score_add_event(self, o):
        return 1.0 + card_worth(self.v, o["card"], "gm") + (1.0 if C.COLOR[o["card"]] != "golden" else 0.0)


# --- Setup helpers -----------------------------------------------------------------------------------------------
def equipment_worth(equipment: str, who: str) -> float:
    """An Equipment for a Character: a weapon for its best Attack (its Pool, plus the bonus), gear a little."""
    printed = C.CARD[equipment]
    if "weapon" not in printed:
        return 1.0 + sum(0.5 for e in printed.get("effects", []) if e.get("counter") == "cover")
    kind = printed["weapon"]
    r = CH.ratings(who)
    if DMG.attack_refusal(kind, r, "melee"):
        return 0.1
    pool = _size(DMG.attack_parts(kind, r))
    bonus = DMG.weapon_bonus(printed["bonus"], False) or 0
    best = max(_size(DMG.attack_parts(k, r)) for k in DMG.ATTACKS if not DMG.attack_refusal(k, r, "melee"))
    return 1.0 + bonus + 0.3 * pool - 0.3 * (best - pool)


def _has_heroic(who: str, heroic: str | None) -> bool:
    """Whether the Character has this Heroic printed (a Detail that raises it helps only then)."""
    return bool(heroic) and C.CARD[who].get("heroics", {}).get(heroic, 0) > 0


def _raised(card: str) -> str | None:
    return next((e.get("heroic") for e in C.CARD[card].get("effects", []) if e.get("do") == "heroic"), None)


def punch(who: str) -> float:
    """A Character's best printed Attack Pool, over 10: who a help that is not healing goes to."""
    r = CH.ratings(who)
    return max((_size(DMG.attack_parts(k, r)) for k in DMG.ATTACKS if not DMG.attack_refusal(k, r, "melee")),
               default=0) / 10


def best_kind(who: str) -> str | None:
    """The Attack kind of a Character's best printed Pool (Social only when it has no other)."""
    if _kind(who) not in ("hero", "villain", "mook", "ally"):
        return None
    pools = _pools(who)
    return max(pools, key=lambda k: (pools[k], k)) if pools else None


def _pools(who: str) -> dict:
    """A Character's printed Attack Pools by kind (Social left out when it has another)."""
    r = CH.ratings(who)
    pools = {k: _size(DMG.attack_parts(k, r)) for k in DMG.ATTACKS if not DMG.attack_refusal(k, r, "melee")}
    if len(pools) > 1:
        pools.pop("social", None)  # a Social Attack Demoralizes at best: cards for it come last
    return pools


def _way_in(card: str, who: str) -> bool:
    """A Movement card that takes `who` to Melee Distance."""
    printed = C.CARD[card]
    return printed.get("combat") == "movement" and printed.get("to") in ("melee", "either") and not D.use_error(card, who)


def card_fit(card: str, who: str) -> float:
    """How well a Combat card serves a Character, 0 (it cannot use it) to about 2."""
    if _kind(who) not in ("hero", "villain", "mook", "ally") or D.use_error(card, who):
        return 0.0
    printed = C.CARD[card]
    pools = _pools(who)
    best = best_kind(who)
    combat = printed["combat"]
    if combat == "attack":
        kind = printed["attack"]
        if kind not in pools:
            return 0.0
        return 1.6 if kind == best else 0.9 if pools[kind] >= pools[best] - 2 else 0.3
    if combat == "movement":
        if best == "melee":  # Combats start at Ranged: a melee fighter needs a way in
            return 1.8 if printed["to"] in ("melee", "either") else 0.2
        return 0.8 if printed["to"] in ("ranged", "either") else 0.2
    if combat == "maneuver":
        kind = next((e.get("attack") for e in printed.get("effects", []) if e.get("attack")), None)
        if kind and kind != best:
            return 0.2
        if printed.get("at") not in ("any", "melee" if best == "melee" else "ranged"):
            return 0.4
        return 1.1
    heals = any(e.get("do") == "roll" for e in printed.get("effects", []))
    if heals:
        return 1.3
    return 0.7
