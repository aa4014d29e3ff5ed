"""One digest per table of every game, from whichever `core` comes first on sys.path: the worker of
tests/core/test_compiled_identity.py, run once with the sources and once with the compiled build.

    python tests/core/engine_digest.py TREE      # TREE: the checkout (pure) or a build of scripts/compile

Prints one JSON object: where `core` came from, which of its modules are extension modules, and for
every table of `Game.sample_setups()` of every game the digest of one seeded random game to its end
(bench/identity.py's `play_one`: each Step, every seat's view and events), then for every game with
bots one seeded game of its bots (`core.play_bots`, every move and the Step it led to).
"""

import hashlib
import json
import os
import sys

TREE = os.path.abspath(sys.argv[1])
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path[:0] = [TREE, os.path.join(ROOT, "bench")]

import orjson  # noqa: E402

import core  # noqa: E402
import identity  # noqa: E402  (bench/identity.py)
from core.framework.rng import Rng  # noqa: E402

# Each table's game is played through `core.apply` on the state as a client posts it (the state check,
# the integrity modules) where the game is short; the longest tables trusted, to keep the test short.
TRUSTED = {"big-shuffle", "plot-twist"}
UNTRUSTED_TABLES = {("big-shuffle", "standard-3-always-react"), ("big-shuffle", "law-expert-2"), ("plot-twist", "quick-2"),
                    ("plot-twist", "drafted-2")}
BOT_MOVES = {"plot-twist": 160, "big-shuffle": 300, "showbiz-shuffle": 300}
SEED = 3


def bot_game(game, names: list[str]) -> str:
    """Every seat a bot of the game's own (Plot Twist: `gm` at the GM's seat 0, `hero` at the others)."""
    setup = game.sample_setups()[-1]
    step = core.new_game(game.id, setup.players, setup.options, SEED)
    seats = {str(seat): ("gm" if seat == 0 else "hero") if game.id == "plot-twist" else names[seat % len(names)]
             for seat in range(setup.players)}
    step, entries = core.play_bots(step, seats, Rng.from_seed(f"identity:{SEED}"), BOT_MOVES.get(game.id, 200))
    h = hashlib.sha256(orjson.dumps(entries, option=orjson.OPT_SORT_KEYS))
    h.update(orjson.dumps(step.as_dict(), option=orjson.OPT_SORT_KEYS))
    return f"{h.hexdigest()} moves={len(entries)}"


def main() -> None:
    digests = {}
    anomalies = []
    for game in core.all_games():
        for setup in game.sample_setups():
            trusted = game.id in TRUSTED and (game.id, setup.name) not in UNTRUSTED_TABLES
            digest, steps = identity.play_one(game.id, setup.players, setup.options, SEED, trusted, anomalies)
            digests[f"{game.id} {setup.name}{' trusted' if trusted else ''}"] = f"{digest} steps={steps}"
        own = sorted(getattr(game, "bots", dict)())
        if own:
            digests[f"{game.id} bots"] = bot_game(game, own)
    extensions = sorted(name for name, module in sys.modules.items()
                        if name.startswith("core.") and (getattr(module, "__file__", None) or "").endswith((".so", ".pyd")))
    print(json.dumps({"core": core.__file__, "extensions": extensions, "anomalies": anomalies[:5],
                      "digests": digests}))


if __name__ == "__main__":
    main()
