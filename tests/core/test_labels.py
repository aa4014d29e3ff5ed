"""Labels (issue 19): every decision of every game carries one readable label per option.

Seeded random games of every game and option set (the conformance suite's tables) check, at
every step and for every decision: as many labels as options, none empty, no two alike; the
game wrote each one itself (never the generic fallback, so every decision kind is covered);
and the labels written from the deciding seat's view equal those written from the whole
state, so a label tells a seat nothing it may not see (the conformance suite also checks that
a seat's view, labels included, is the same whatever the hidden cards are).
"""

import pytest

import core
from core.framework.labels import generic_label
from core.framework.rng import Rng
from tests.conformance.test_engine_conformance import OPTION_SETS

GAMES_PER_SET = 6
LONG_GAMES = {"big-shuffle": 1, "plot-twist": 2}  # some 600 (Big Shuffle), 60 to 500 (Plot Twist) moves a game
MAX_STEPS = 5_000


def _cases():
    for game_id, table in OPTION_SETS.items():
        for name, players, options, _ in table:
            yield pytest.param(game_id, players, options, id=f"{game_id}-{name}")


def _check(step: core.Step, kinds: set) -> None:
    game = core.get_game(step.state["game"])
    wire = step.as_dict()["pending"]
    for d, labelled in zip(step.pending, wire):
        labels = labelled["labels"]
        assert len(labels) == len(d["options"]), f"{d['kind']}: one label per option"
        assert all(isinstance(x, str) and x.strip() for x in labels), f"{d['kind']}: an empty label"
        assert len(set(labels)) == len(labels), f"{d['kind']}: two options share a label: {labels}"
        own = game.labels(step.state, d)
        assert len(own) == len(d["options"]) and all(own), f"{d['kind']}: the game does not label {d['options']}"
        for o, x in zip(d["options"], own):
            assert x != generic_label(o), f"{o['kind']} has only the generic label"
            kinds.add(o["kind"])
        seen = core.view(step.state, d["player"], trusted=True)
        assert [p["labels"] for p in seen["pending"] if p["kind"] == d["kind"]] == [labels]


@pytest.mark.parametrize("game_id, players, options", list(_cases()))
def test_every_option_has_a_distinct_label(game_id, players, options):
    kinds: set = set()
    for seed in range(LONG_GAMES.get(game_id, GAMES_PER_SET)):
        rng = Rng.from_seed(f"labels:{seed}")
        step = core.new_game(game_id, players, options, seed)
        for _ in range(MAX_STEPS):
            _check(step, kinds)
            if step.outcome is not None:
                break
            d = step.pending[rng.below(len(step.pending))]
            step = step.play(d["options"][rng.below(len(d["options"]))])
    assert kinds


def test_labels_read_like_the_catalog():
    from core.games.big_shuffle.labels import scene_move
    from core.games.shufflers.labels import cards_in_words

    assert cards_in_words(["6D", "3D"]) == "6 and 3 of Diamonds"
    assert cards_in_words(["9D", "AD"]) == "9 and Ace of Diamonds"
    assert cards_in_words(["6D", "3H"]) == "6 of Diamonds and 3 of Hearts"
    seen = {"city": {"who": {"uptown": [], "midtown": ["scene/docks"], "downtown": []}}}
    assert scene_move(seen, "scene/docks", "downtown") == "The Docks down to Downtown"
    assert scene_move(seen, "scene/docks", "uptown") == "The Docks up to Uptown"


def test_a_game_without_labels_gets_generic_ones():
    from core.framework.labels import distinct

    assert generic_label({"player": 0, "kind": "end_turn"}) == "End turn"
    assert generic_label({"player": 0, "kind": "pay", "cards": ["6D"]}) == "Pay (cards ['6D'])"
    assert distinct(["Hire A Thug", "Hire A Thug", "Pass"]) == ["Hire A Thug", "Hire A Thug (2)", "Pass"]
