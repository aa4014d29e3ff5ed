"""Every game declares its vocabulary (`core/games/<game>/vocabulary.py`): the move kinds,
decision kinds, event types and outcome reasons it speaks on the wire; the API's schemas are
written from it. Seeded random games of each of the game's sample setups check that the engine
says nothing else, so the declaration cannot drift from the engine (a word the engine uses
and the vocabulary lacks fails here; one the schema lacks fails when the schemas are built).
"""

import importlib

import pytest

import core
from api.schemas import GAMES
from core.framework.rng import Rng
from core.games import package_name

GAMES_PER_SETUP = 2
MAX_MOVES = 5_000


def vocabulary(game_id: str):
    """The game's declared words: its package's `vocabulary.py`, or the package itself when it
    exports them (Plot Twist's vocabulary.py holds the card data's words; its __init__.py the wire's)."""
    package = importlib.import_module(f"core.games.{package_name(game_id)}")
    return package if hasattr(package, "MOVE_KINDS") else importlib.import_module(f"{package.__name__}.vocabulary")


def words_spoken(game_id: str, games_per_setup: int = GAMES_PER_SETUP) -> dict[str, set]:
    """The move kinds, decision kinds, event types and outcome reasons of seeded random games
    of every sample setup of the game (each seat's view of the events too)."""
    spoken = {"MOVE_KINDS": set(), "DECISION_KINDS": set(), "EVENT_TYPES": set(), "OUTCOME_REASONS": set()}
    game = core.get_game(game_id)
    for setup in game.sample_setups():
        for seed in range(min(setup.games, games_per_setup)):
            rng = Rng.from_seed(f"vocabulary:{game_id}:{setup.name}:{seed}")
            step = core.new_game(game_id, setup.players, setup.options, seed)
            for _ in range(MAX_MOVES):
                for seat in [None, *range(setup.players)]:
                    spoken["EVENT_TYPES"].update(e["type"] for e in core.view_events(step.state, step.events, seat))
                spoken["DECISION_KINDS"].update(d["kind"] for d in step.pending)
                options = [o for d in step.pending for o in d["options"]]
                spoken["MOVE_KINDS"].update(o["kind"] for o in options)
                if step.outcome is not None:
                    spoken["OUTCOME_REASONS"].add(step.outcome["reason"])
                    break
                step = step.play(options[rng.below(len(options))])
    return spoken


def assert_speaks_only(game_id: str, declared, games_per_setup: int = GAMES_PER_SETUP) -> None:
    """`declared` (a vocabulary module, or any object with the four tuples) covers every word
    the engine spoke; and each part of it is used at least once, or it is no vocabulary."""
    for part, words in words_spoken(game_id, games_per_setup).items():
        vocabulary_part = getattr(declared, part)
        assert words, f"{game_id}: no {part} seen at all"
        assert words <= set(vocabulary_part), f"{game_id} speaks {part} it does not declare: {words - set(vocabulary_part)}"
        assert len(set(vocabulary_part)) == len(vocabulary_part), f"{game_id}: a word twice in {part}"


@pytest.mark.parametrize("game_id", [game.id for game in core.all_games()])
def test_the_engine_speaks_only_its_declared_vocabulary(game_id):
    assert_speaks_only(game_id, vocabulary(game_id))


@pytest.mark.parametrize("game_id", [game.id for game in core.all_games()])
def test_the_api_schemas_are_written_from_the_vocabulary(game_id):
    words, schemas = vocabulary(game_id), GAMES[game_id]
    assert list(schemas.Move.alternatives) == list(words.MOVE_KINDS)
    assert list(schemas.Event.alternatives) == list(words.EVENT_TYPES)
    assert schemas.Decision._declared_fields["kind"].validators[0].choices == list(words.DECISION_KINDS)
    assert schemas.Outcome._declared_fields["reason"].validators[0].choices == list(words.OUTCOME_REASONS)
