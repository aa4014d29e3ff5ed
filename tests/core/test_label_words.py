"""Words for players (issue 33): the prompts and labels of every game, and the catalog's card
names and texts, carry no ids, slugs or booleans ("villain/dr-simoakli-unbound", "dirty-cop",
"left_behind", "true"): a frontend shows them as they are.

Seeded random games of every game and option set (the conformance suite's tables) are read at
every step; the catalog is read whole.
"""

import re

import pytest

import core
from core.framework.rng import Rng
from tests.conformance.test_engine_conformance import OPTION_SETS

MAX_STEPS = 1_500
# an id ("villain/dr-simoakli-unbound"), a field or value name ("belief_damage"), a boolean
ID_LIKE = re.compile(r"\b[a-z][a-z0-9]*(?:/[a-z0-9-]*[a-z0-9]|(?:_[a-z0-9]+)+)\b|\b(?:true|false|True|False|None)\b")


def _slugs(game) -> re.Pattern:
    """The game's kebab-case card slugs ("dirty-cop", "the-law") and its card ids ("KS", "S16"), as
    whole words."""
    ids = {c["id"] for c in game.cards()}
    slugs = {i.split("/", 1)[-1] for i in ids} | set(_option_values(game))
    words = {s for s in slugs if isinstance(s, str) and "-" in s} | {i for i in ids if re.fullmatch(r"[A-Z0-9]+", i)}
    words = sorted(words, key=len, reverse=True)
    return re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, words)) + r")(?![\w-])") if words else re.compile(r"(?!)")


def _option_values(game):
    for option in game.info()["options"]:
        yield from option.get("allowed") or []


def raw_words(text: str, slugs: re.Pattern) -> list[str]:
    return ID_LIKE.findall(text) + slugs.findall(text)


def test_the_pattern_finds_what_players_met():
    slugs = re.compile(r"\b(?:dirty-cop|dr-simoakli-unbound)\b")
    assert raw_words("target villain/dr-simoakli-unbound; trauma false", slugs) == [
        "villain/dr-simoakli-unbound", "false", "dr-simoakli-unbound"]
    assert raw_words("Seat 0 for belief_damage", slugs) == ["belief_damage"]
    assert raw_words("WHO: dirty-cop", slugs) == ["dirty-cop"]
    assert raw_words("Seat 1: KS found help", _slugs(core.get_game("shufflers"))) == ["KS"]
    assert raw_words("Place Dr. Simoakli - Unbound as your Main Villain; a face-down card", slugs) == []


@pytest.mark.parametrize("game_id, players, options", [
    pytest.param(game_id, players, options, id=f"{game_id}-{name}")
    for game_id, table in OPTION_SETS.items() for name, players, options, _ in table])
def test_prompts_and_labels_are_words(game_id, players, options):
    slugs = _slugs(core.get_game(game_id))
    rng = Rng.from_seed(f"label-words:{game_id}")
    step = core.new_game(game_id, players, options, 7)
    found = {}
    for _ in range(MAX_STEPS):
        for d in step.as_dict()["pending"]:
            for text in (d["prompt"], *d["labels"]):
                if raw := raw_words(text, slugs):
                    found.setdefault(d["kind"], (raw, text))
        if step.outcome is not None:
            break
        d = step.pending[rng.below(len(step.pending))]
        step = step.play(d["options"][rng.below(len(d["options"]))])
    assert not found, found


@pytest.mark.parametrize("game_id", [g.id for g in core.all_games()])
def test_the_catalogs_names_and_texts_are_words(game_id):
    """A card's text names other cards by their names (a Big Shuffle agenda's WHO, WHAT, WHERE)."""
    game = core.get_game(game_id)
    slugs = _slugs(game)
    found = {c["id"]: raw_words(c.get(field) or "", slugs) for c in game.cards() for field in ("name", "text")
             if isinstance(c.get(field), str) and raw_words(c[field], slugs)}
    assert not found, found
