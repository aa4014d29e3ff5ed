"""The bots between two Conflicts: Fleeing, Pursuit, Interviews, Relocation (bots.py's `_Judge`)."""

from .. import cards as C
from ..characters import characters as CH
from ..rolls import damage as DMG
from ..effects import effects as FX
from .thumbs import (
    ENERGY,
    LAIR,
    PURSUIT_HEALTH,
    PURSUIT_TURNS,
    SOCIAL,
    _kind,
    best_attack,
    card_worth,
    hurt,
    left,
    p_above,
)


class BetweenScores:
    """The judge's scores between two Conflicts."""

    # Between Conflicts, and Relocation -------------------------------------------------------------------------------
    def place_worth(self, card: str) -> float:
        """A Location's or a Lair's standing effects to the GM's side, with the Bystanders there to Kill
        when his Threat counts Kills; a Lair, where no Hate is paid, more."""
        worth = card_worth(self.v, card, "gm", ("static", "start_of_turn", "end_of_turn"))
        if self.threat.get("when") == "kill":
            worth += 1.5 * sum(1 for b in self.v["bystanders"] if b["location"] == card)
        return worth + (LAIR if _kind(card) == "lair" else 0.0)

    def score_relocate(self, o):
        """Relocate where the place helps the Villains more than this one (never out of a Lair for less,
        but out of it once wrapping up)."""
        here = self.v["location"]
        if _kind(here) == "lair" and self.wrapping_up():
            return 1.0
        return self.place_worth(o["card"]) - self.place_worth(here) - 0.3

    def score_next_location(self, o):
        return self.place_worth(o["card"])

    def score_flee(self, o):
        """The Lair whose effects help the Villain most, counting its "when played" ones."""
        return card_worth(self.v, o["card"], "gm", ("play", "static", "start_of_turn", "end_of_turn"))

    def score_interview(self, o):
        """The Interview only helps the Heroes (Social Stress, Energy): the GM adds no question nor bonus."""
        return -0.5 * (o["extra"] + o["bonus"])

    def score_pursue(self, o):
        """Pursue only when the party is healthy enough to finish the Villain in his Lair (no Hate paid
        there) within PURSUIT_TURNS of its best Attacks: the healthier the Heroes and the more hurt the
        Main Villain, the better; a Hero near Incapacitated asks for the Interview's rest instead."""
        if not o["pursue"]:
            return 0.0
        if self.wrapping_up():
            return -1.0
        heroes = self.heroes()
        villain = next((c for c in self.active("gm") if c.get("main")), None)
        if not heroes or villain is None:
            return -1.0
        # a Hero with no Energy to pay a Lock is Locked out of his Attack for 1 cured Belief: he counts little
        reach = sum(max(best_attack(self.v, h["card"], villain["card"], d) for d in DMG.DISTANCES)
                    * (1.0 if h.get("energy", 0) >= 2 else 0.3) for h in heroes)
        if left(villain) > PURSUIT_TURNS * reach or hurt(villain) < 0.4:
            return -1.0  # no Hate is paid in a Lair: a Villain the party cannot finish soon would sit there
        health = sum(1 - hurt(h) for h in heroes) / len(heroes)
        worst = max(hurt(h) for h in heroes)
        return 2.0 * hurt(villain) + 4.0 * (health - PURSUIT_HEALTH) - (1.0 if worst > 0.7 else 0.0)

    def score_answer(self, o):
        """A Chosen Roll with no penalty for losing: the answer whose chance times its effect is largest
        (Apologist to the Hero with Social Stress, most to a Demoralized one; Public Relations' Energy
        to the Hero most hurt)."""
        who, skill, n = o["character"], o["skill"], o["chosen"]
        target = self.rec(o["target"])
        r = CH.ratings(who)
        coins = r["Charm"] + r.get(C.display(skill), 0) + (self.v.get("aftermath") or {}).get("bonus", 0)
        if skill == "apologist":
            stress = target["resistances"]["social"]["stress"]
            full = stress >= C.CARD[target["card"]]["resistances"]["social"]
            gain = min(n, stress) * 2 * SOCIAL + (1.5 if full else 0.0)
        else:
            gain = n * ENERGY["heroes"] * (1 + hurt(target))
        return p_above(coins, n) * gain

    def score_peek(self, o):
        """Peeking is a free Roll toward seeing the Objective: worth it unless its Heroic is Locked and
        costs Energy; best outside a Combat."""
        who = o["character"]
        locked = [w for w in FX.locked(self.v, who) if w in ("perception", "hacking")]
        cost = self.cost(who, "energy", 1) if locked else 0.0
        return (0.15 if self.combat else 0.4) - cost
