"""The bots in the Conflict: Combat hands, initiating a Combat, Combat cards and Attacks
(bots.py's `_Judge`)."""

from .. import cards as C
from ..characters import characters as CH
from ..rolls import damage as DMG
from ..effects import effects as FX
from .setup import _way_in, best_kind, card_fit
from .thumbs import (
    _STATUS,
    CARD_SPENT,
    FOCUS,
    FOCUS_SHARE,
    KILL_FOR_THREAT,
    SUSPECTED_KILL,
    SOCIAL,
    _amount,
    _card_effects,
    _kind,
    _pool_mods,
    _size,
    _solo,
    _weight,
    attack_odds,
    best_attack,
    effect_worth,
    harm,
    hurt,
    p_above,
)


class CombatScores:
    """The judge's scores of the hands, the initiations and the Combat steps."""

    # Hands ------------------------------------------------------------------------------------------------------
    def score_mulligan(self, o):
        return self._discard(o["cards"])

    def score_redraw(self, o):
        return self._discard(o["cards"])

    def _discard(self, cards: list) -> float:
        """Discard what the seat's Characters can hardly use: a fresh card is worth about 0.6. A melee
        fighter holding no Movement card to Melee (every Combat starts at Ranged) digs for one: any other
        card is worth throwing back while the Combat Deck has cards."""
        users = [c["card"] for c in self.v["characters"] if c["seat"] == self.me and not CH.is_incapacitated(c)]
        hand = [x for x in self.v["combat_hands"][self.me] if isinstance(x, str)]
        stuck = self.v["combat_decks"][self.me] and any(
            best_kind(u) == "melee" and not any(_way_in(x, u) for x in hand) for u in users)
        dig = 1.2 if stuck else 0.0
        return sum(0.6 - max((card_fit(c, u) for u in users), default=0.0)
                   + (dig if C.CARD[c]["combat"] != "movement" else 0.0) for c in cards) - 0.01 * len(cards)

    # Initiating ---------------------------------------------------------------------------------------------------
    def score_initiate(self, o):
        who, target = o["character"], o["target"]
        if CH.side_of(self.rec(who)) == "heroes":
            # focus fire: the Hero's one Combat goes to the first GM Character of the table's order
            # it can hurt; the answer matters little (the Villain's one Attack hits somebody anyway)
            mine = self.exchange(_solo(self.v, target), who, target)
            bonus = FOCUS if target == self.hero_target(who) else 0.0
            return bonus + mine - 0.3 * (mine - self.exchange(self.v, who, target))
        t = self.rec(target)
        worth = self.exchange(self.v, who, target)
        if t and _kind(target) == "hero":
            worth += 0.5 * hurt(t) + (0.5 if target == (self.prey() or [None])[0] else 0.0)
        return worth

    def hero_target(self, who: str) -> str | None:
        """The focus target of a Hero (or its Ally): the first in the table's order (`focus`) it can
        hurt, at least FOCUS_SHARE of what it could do to the target easiest for it."""
        order = self.focus()
        mine = {t: self.exchange(_solo(self.v, t), who, t) for t in order}
        best = max(mine.values(), default=0.0)
        return next((t for t in order if mine[t] > 0.1 and mine[t] >= FOCUS_SHARE * best), None)

    def score_sneak_attack(self, o):
        return self.score_initiate(o) + 0.8 + 0.3 * self._distance_pref(self.v, o["character"], o["target"], o["distance"])

    def score_recruit(self, o):
        return self._bystander(o, "recruit")

    def score_kill(self, o):
        return self._bystander(o, "kill")

    def _bystander(self, o, how: str) -> float:
        who, target, attack = o["character"], o["target"], o["attack"]
        printed = C.CARD[target]
        mine = FX.ratings(self.v, who)
        roll = _size(DMG.attack_parts(attack, mine, _pool_mods(self.v, who, "attack_pool", attack)))
        c = self.rec(who)
        try:
            parts = DMG.damage_parts(attack, mine, CH.weapon(c) if _kind(who) != "mook" else None,
                                     _pool_mods(self.v, who, "damage_pool", attack), keywords=FX.keywords(self.v, who))
        except ValueError:
            return 0.0
        n = _size(parts)
        automatic = max(0, 1 + FX.total(self.v, who, "automatic_successes", attack)) if n else 0
        p = p_above(roll, printed["difficulty"]) * p_above(n, printed["life"] - automatic - 1)
        side = CH.side_of(c)
        worth = 0.5 + sum(effect_worth(self.v, e, side, side) for e in printed["effects"] if e["on"] == how)
        if how == "kill" and self.threat.get("when") == "kill":
            worth += KILL_FOR_THREAT
        if how == "recruit":
            worth += 2.5 * self._recruits_wanted() + (SUSPECTED_KILL if self._gm_played(target) else 0.0)
        return p * worth

    def _recruits_wanted(self) -> int:
        """Standing Events the Heroes Nullify by Recruiting, and a Threat of Kills to deny when the seat
        knows it (face up, or peeked at)."""
        wanted = sum(1 for e in self.v["events_cluster"] if e["revealed"] and not e["nullified"]
                     and C.CARD.get(e["card"], {}).get("nullify", {}).get("when") == "recruit")
        if self.threat.get("when") == "kill":
            wanted += 1
        return wanted

    def _gm_played(self, target: str) -> bool:
        """A Bystander the GM played himself, the Threat not known: one he may mean to Kill (for its {K}, or
        a Threat of Kills); the Heroes suspect it (SUSPECTED_KILL), they do not know it."""
        return self.threat.get("when") != "kill" and any(
            b["card"] == target and b.get("seat") == 0 for b in self.v.get("bystanders", ()))

    # Combat cards -------------------------------------------------------------------------------------------------
    def score_play_card(self, o):
        who, card = o["character"], o["card"]
        printed = C.CARD[card]
        opp = self.opponent(who)
        if opp is None:
            return 0.0
        choice = {k: v for k, v in o.items() if k not in ("player", "kind", "character", "card")}
        if printed["combat"] == "movement":
            return self._movement(o, printed, who, opp, choice)
        if printed["combat"] == "maneuver":
            return self._maneuver(printed, card, who, opp, choice)
        return self._special(o, printed, card, who, opp, choice)

    def _distance_pref(self, view: dict, who: str, opp: str, distance: str) -> float:
        """How good a Distance is for `who`: its best Attack there, less its opponent's."""
        mine = best_attack(view, who, opp, distance) if self._attacks(view, who) else 0.0
        theirs = best_attack(view, opp, who, distance) if self._attacks(view, opp) else 0.0
        return mine - 0.8 * theirs

    def _movement(self, o, printed, who, opp, choice) -> float:
        now = self.combat["distance"]
        after = _card_effects(self.v, o["card"], who, opp, choice)
        gain = self._distance_pref(after, who, opp, o["to"]) - self._distance_pref(self.v, who, opp, now)
        if o["to"] == now and not printed.get("effects"):
            gain = -0.5
        return gain - CARD_SPENT - (0.05 if printed["action"] == "move" else 0.0)

    def _maneuver(self, printed, card, who, opp, choice) -> float:
        d = self.combat["distance"]
        after = _card_effects(self.v, card, who, opp, choice)
        gain = self._distance_pref(after, who, opp, d) - self._distance_pref(self.v, who, opp, d)
        return gain - CARD_SPENT - (0.1 if printed["action"] == "move" else 0.0)

    def _special(self, o, printed, card, who, opp, choice) -> float:
        """Special Attacks and Specials: healing on the one who needs it, Attack actions, Energy."""
        worth = 0.0
        me = self.rec(who)
        for e in printed.get("effects", []):
            if e.get("on") != "play":
                continue
            if e["do"] == "roll" and e.get("roll") == "chosen":
                target = self.rec(choice.get("target", who))
                if target is None or CH.side_of(target) != CH.side_of(me):
                    return -1.0  # never heal the opponent
                pool = _size(FX.roll_parts(self.v, who, e))
                n = choice.get("chosen", 1)
                for then in e.get("then", []):
                    if then["do"] == "regenerate":
                        r = choice.get("resistance", then["resistance"])
                        r = r if isinstance(r, str) else r[0]
                        stress = target["resistances"].get(r, {}).get("stress", 0)
                        worth += p_above(pool, n) * min(n, stress) * _weight(target) * 1.2
            elif e["do"] == "gain" and e.get("counter") == "attack_action":
                whom = self.rec(choice.get("target", who)) if e.get("target") == "hero" else me
                if whom is None or whom["actions"]["attack"] > 0:
                    continue
                if whom["card"] == who and self.combat["step"] == "attack":
                    worth += self._best_now(who, opp)
                else:
                    worth += 0.8
            elif e["do"] == "regenerate":
                for t in self._targets_of(e, who):
                    if "resistances" not in t:
                        continue
                    r = e["resistance"] if isinstance(e["resistance"], str) else choice.get("resistance", e["resistance"][0])
                    stress = t["resistances"].get(r, {}).get("stress", 0)
                    worth += min(_amount(e), stress) * (SOCIAL if r == "social" else _weight(t))
            else:
                worth += effect_worth(self.v, e, CH.side_of(me), CH.side_of(me))
        spends = printed["action"] == "attack"
        if spends:  # the Attack action it spends is an Attack not made
            worth -= self._best_now(who, opp) if self.combat["step"] == "attack" else 0.0
        return worth - CARD_SPENT

    def _targets_of(self, e: dict, who: str) -> list[dict]:
        target = e.get("target", "self")
        if target == "self":
            return [self.rec(who)]
        if target == "heroes":
            return self.heroes()
        return []

    def _best_now(self, who: str, opp: str) -> float:
        if not self.combat:
            return 0.0
        return best_attack(self.v, who, opp, self.combat["distance"])

    def score_attack(self, o):
        who, kind, card, trauma = o["character"], o["attack"], o["card"], o["trauma"]
        opp = self.opponent(who)
        if opp is None:
            return 0.0
        view = _card_effects(self.v, card, who, opp, {}) if card else self.v
        odds = attack_odds(view, who, opp, kind, trauma, self.combat["distance"])
        if odds is None:
            return 0.0
        p, damage = odds
        worth = p * harm(view, opp, kind, damage)
        side = CH.side_of(self.rec(who))
        hits = [e for e in C.CARD[card]["effects"] if e.get("on") == "hit"] if card else []
        for e in hits:
            if e["do"] == "status" and _kind(opp) != "mook":
                worth += p * -_STATUS.get(e["status"], 0.0)
            elif e["do"] in ("deal", "lose"):
                worth += p * max(0.0, -effect_worth(self.v, {**e, "target": "villain" if side == "heroes" else "hero"},
                                                    self.foe))
        if trauma:
            counter = CH.spend_counter(self.rec(who))
            worth += p * 0.3 * damage - p * self.cost(who, counter, min(int(damage + 0.5), 3)) * 0.5
        return worth - (CARD_SPENT if card else 0.0)
