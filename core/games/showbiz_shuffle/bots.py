"""The heuristic bot: a studio head who finishes movies.

It sees what its seat sees (`core.view`: its own hand and Biz cards, every movie on the
table, the Cattle Call, the deck sizes) and scores each listed option with a few rules of
thumb: finishing a movie is worth its points; a Bod in genre is worth its value plus a
little for the progress, out of genre its value less; a new movie is worth its starter and
the cards in sight that could join it; Biz cards help its own movies and hurt its rivals';
in the end game only what finishes a movie this turn is worth anything. It then plays the
best option, ends the turn when nothing is worth playing, and shakes up a hopeless hand.

    >>> import core
    >>> from core.framework.rng import Rng
    >>> step = core.new_game("showbiz-shuffle", 2, seed=3)
    >>> move = BOTS["heuristic"].choose(core.view(step.state, 0), Rng.from_seed(0))
    >>> move in step.pending[0]["options"]
    True
"""

from itertools import combinations

from core.framework.bots import seat_options

from .cards import DRAW_BIZ, GENRES_OF, MODIFY, NEEDS_DELTA, PAID, TYPES, VALUE
from .movies import cast_refusal, contribution, is_complete, join, penalty, points, with_biz

PROGRESS = 1.5  # a Bod into a movie: worth a little beyond its points, the movie is nearer done
FINISH = 5.0  # points now are better than points later
RIVAL = 0.8  # hurting one rival helps a little less than helping oneself (there may be others)


class HeuristicBot:
    name = "heuristic"

    def choose(self, seen: dict, rng) -> dict:
        options = seat_options(seen)
        if len(options) == 1:
            return options[0]
        judge = _Judge(seen["view"], options[0]["player"])
        best, best_value = options[-1], 0.0  # end_turn is last, and worth nothing
        for o in options:
            v = judge.value(o)
            if v > best_value:
                best, best_value = o, v
        if best["kind"] == "end_turn" and any(o["kind"] == "shake_up" for o in options) and judge.hopeless():
            return next(o for o in options if o["kind"] == "shake_up")
        return best


class _Judge:
    def __init__(self, view: dict, me: int):
        self.view, self.me = view, me
        self.seat = view["seats"][me]
        self.final = view["final_turns"] is not None  # in the end game every turn is its player's last
        self.played = view["played"]
        n = view["players"]
        # about how many more turns this seat gets: the deck goes down by ~2.5 Bods a turn
        self.turns_left = 1 if self.final else max(1.0, len(view["bod_deck"]) / (2.5 * n))
        # where each studio stands if the game ended now
        self.standing = [sum(m["points"] for m in s["completed"]) - sum(penalty(m) for m in s["movies"] if m)
                         for s in view["seats"]]
        self.lead = self.standing[me] - max(x for i, x in enumerate(self.standing) if i != me)

    # --- Bods ---------------------------------------------------------------------------------
    def value(self, o: dict) -> float:
        kind = o["kind"]
        if kind == "cast":
            return self._cast(o)
        if kind == "start_movie":
            return self._start(o)
        if kind == "play_biz":
            return self._biz(o)
        return 0.0

    def _cast(self, o: dict) -> float:
        movie = self.seat["movies"][o["movie"]]
        after = join(movie, o["bod"])
        if is_complete(after):
            return points(after) + FINISH
        own = -VALUE[o["bod"]] if after["cast"][-1]["upside_down"] else VALUE[o["bod"]]
        left = sum(after["needs"][t] for t in TYPES) - len(after["cast"])
        if self.final:
            return own + PROGRESS if self._finishable(after, o) else -VALUE[o["bod"]] - 1.0
        risk = 0.0 if left <= 2 * self.turns_left else VALUE[o["bod"]] * 0.5
        return own + PROGRESS - risk

    def _start(self, o: dict) -> float:
        value = VALUE[o["bod"]]
        if self.final:
            return -value - 5.0
        genre = o["genre"]
        fits = sum(1 for b in self.seat["hand"] + self.view["cattle_call"]
                   if b != o["bod"] and genre in GENRES_OF[b])
        if self.turns_left < 2:
            # late: a leader well ahead hastens the end (every Bod played brings the last draw
            # nearer); a trailing studio gambles on a movie it has the cast in sight for
            if self.lead > value + 5:
                return 0.5
            return 0.5 if self.lead < 0 and fits >= 4 else -value - 5.0
        return value + PROGRESS + 0.4 * fits + (0.3 if o["from"] == "cattle_call" else 0.0)

    def _finishable(self, movie: dict, o: dict) -> bool:
        """Can this movie still be finished this turn, with the plays left after `o`?"""
        hand = [b for b in self.seat["hand"] if b != o["bod"]]
        call = [b for b in self.view["cattle_call"] if b != o["bod"]]
        used_hand = self.played["hand"] + (o["from"] == "hand")
        used_call = self.played["cattle_call"] + (o["from"] == "cattle_call")
        missing = sum(movie["needs"][t] for t in TYPES) - len(movie["cast"])
        pools = [b for b in hand if 2 - used_hand > 0]
        sources = [(b, "hand") for b in pools]
        if used_call < 1:
            sources += [(b, "cattle_call") for b in call]
        if missing > (2 - used_hand) + (1 - used_call):
            return False
        for combo in combinations(sources, missing):
            if sum(s == "hand" for _, s in combo) > 2 - used_hand or sum(s == "cattle_call" for _, s in combo) > 1 - used_call:
                continue
            m = movie
            for bod, source in combo:
                if cast_refusal(m, bod, source) is not None:
                    break
                m = join(m, bod)
            else:
                if is_complete(m):
                    return True
        return False

    # --- Biz cards ----------------------------------------------------------------------------
    def _biz(self, o: dict) -> float:
        card, owner, bod = o["card"], o["seat"], o["bod"]
        movie = self.view["seats"][owner]["movies"][o["movie"]]
        mine = owner == self.me
        after = with_biz(movie, card, bod)
        gain = 0.0  # for the movie's owner
        if bod is not None:
            entry = next(e for e in movie["cast"] if e["bod"] == bod)
            cast = {e["bod"] for e in movie["cast"]}
            new_entry = next(e for e in after["cast"] if e["bod"] == bod)
            gain += contribution(new_entry, cast) - contribution(entry, cast)
        else:
            gain += MODIFY.get(card, 0)
            for _type, delta in NEEDS_DELTA.get(card, ()):
                gain -= 4.0 * delta  # one Bod more to find, or one fewer
        done = is_complete(after)
        if mine:
            value = gain + (points(after) + FINISH if done else 0.0)
            if not done and PAID[card]:
                value -= PAID[card] * (1.0 if self.final else 0.4)
            if self.final and not done:
                value = min(value, 0.0) - 0.5  # nothing more can happen to it but its cost
        else:
            value = -gain * RIVAL + 0.01 * self.standing[owner]  # rather the leader's movie
            if done:
                value -= (points(after) + FINISH) * RIVAL  # finishing a rival's movie for them
            elif PAID[card]:
                value += PAID[card] * (1.0 if self.final else 0.3) * RIVAL
            if self.final and not done and not PAID[card]:
                value = min(value, 0.0)  # their turn may not come again to finish it
        return value + DRAW_BIZ.get(card, 0) * 1.0

    def hopeless(self) -> bool:
        """Nothing worth doing this turn: a new hand is worth more than a wasted turn."""
        return not self.final


BOTS = {"heuristic": HeuristicBot()}
