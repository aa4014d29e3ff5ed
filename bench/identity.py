"""Identity digest: does a refactoring change anything a client can see? Run it before and after.

    uv run --frozen python bench/identity.py                          # 300 Big Shuffle games, 30 of each other game
    uv run --frozen python bench/identity.py --games big-shuffle=600 --games shufflers=0
    uv run --frozen python bench/identity.py --trusted                # faster: no state validation per move
    uv run --frozen python bench/identity.py --per-game              # one digest per game, to find the first that differs

Plays seeded random games to their end through `core.new_game` / `core.apply`: game k of a game
id uses configuration k of its list (every mode, option and player count in turn) and seed k;
each move is picked with `random.Random(k)` among every option of every pending decision (flattened,
in the engine's order). After every step it hashes `Step.as_dict()` (state, labelled pending, events,
outcome), and for every seat and the spectator `core.view(state, seat)` and `core.view_events`; each
as orjson with sorted keys, into one sha256 per game. It prints the total digest over all games (in
order), the number of games and steps, and a digest per game id. Same code behaviour, same digest:
the wire format stayed byte-identical for these games. Not a benchmark: it prints no timings.
"""

import argparse
import hashlib
import itertools
import random
import sys

import orjson

import core

# A random playout longer than this is a bug (a loop in the rules), not a long game.
MAX_STEPS = 100_000
DEFAULT_GAMES = {"big-shuffle": 300, "shufflers": 30, "showbiz-shuffle": 30}


def _product(**choices) -> list[dict]:
    """Every combination of the given option values, as option dicts."""
    names = list(choices)
    return [dict(zip(names, values)) for values in itertools.product(*(choices[n] for n in names))]


def configurations(game_id: str) -> list[tuple[int, dict]]:
    """(players, options) pairs that cover a game's modes, options and player counts."""
    game = core.get_game(game_id)
    seats = range(game.min_players, game.max_players + 1)
    if game_id == "big-shuffle":
        option_sets = _product(mode=["beginner", "standard", "expert"], expansions=[[], ["the-law"]],
                               reaction_windows=["holders", "always"])
    elif game_id == "shufflers":
        option_sets = _product(collaborative=[False, True], vehicle=[False, True], sacrificial_lamb=[False, True])
        seats = [1, 2, 3, 4, 6]
    elif game_id == "showbiz-shuffle":
        option_sets = [{}, {"stall_rounds": 5}]
    else:  # a new game: its defaults at every player count
        option_sets = [{}]
    out = []
    for options, players in itertools.product(option_sets, seats):  # consecutive games: other player counts
        if options.get("collaborative") and players < 2:
            continue
        out.append((players, options))
    return out


def dumps(x) -> bytes:
    return orjson.dumps(x, option=orjson.OPT_SORT_KEYS)


def play_one(game_id: str, players: int, options: dict, seed: int, trusted: bool,
             anomalies: list) -> tuple[str, int]:
    """One seeded random game to its end: (its sha256, its steps)."""
    h = hashlib.sha256()
    steps = 0
    dice = random.Random(seed)
    seats = list(range(players)) + [None]

    def checked(call, *args):
        """call(*args) validating the state (unless --trusted); a state the engine made that
        fails its own check is a bug: it goes into the digest and the report, and the game goes on
        without the check, so that one such bug does not hide the rest."""
        if trusted:
            return call(*args, trusted=True)
        try:
            return call(*args)
        except core.InvalidState as exc:
            h.update(dumps({"invalid_state": exc.message}))
            anomalies.append(f"{game_id} #{seed} step {steps}: {call.__name__}: {exc.message}")
            return call(*args, trusted=True)

    def record(step, label: bytes) -> None:
        h.update(label)
        h.update(dumps(step.as_dict()))
        for seat in seats:
            h.update(dumps(checked(core.view, step.state, seat)))
            h.update(dumps(core.view_events(step.state, step.events, seat)))

    step = core.new_game(game_id, players, options, seed)
    record(step, b"new")
    while step.pending:
        steps += 1
        if steps > MAX_STEPS:
            raise RuntimeError(f"{game_id} {players} {options} seed {seed}: over {MAX_STEPS} steps")
        moves = [o for d in step.pending for o in d["options"]]
        move = moves[dice.randrange(len(moves))]
        step = checked(core.apply, step.state, move)
        record(step, b"move")
    return h.hexdigest(), steps


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", action="append", default=[], metavar="GAME=N",
                        help=f"games to play per game id (default: {DEFAULT_GAMES}); repeatable")
    parser.add_argument("--trusted", action="store_true", help="apply and view with trusted=True (no validation)")
    parser.add_argument("--per-game", action="store_true", help="print every game's digest")
    args = parser.parse_args(argv)
    counts = dict(DEFAULT_GAMES)
    for item in args.games:
        name, _, n = item.partition("=")
        counts[name] = int(n)

    print(f"core: {core.__file__}")
    total = hashlib.sha256()
    games = steps = 0
    anomalies: list[str] = []
    for game_id, n in counts.items():
        if n <= 0:
            continue
        configs = configurations(game_id)
        sub = hashlib.sha256()
        sub_steps = 0
        for k in range(n):
            players, options = configs[k % len(configs)]
            digest, s = play_one(game_id, players, options, k, args.trusted, anomalies)
            if args.per_game:
                print(f"  {game_id} #{k} players={players} options={dumps(options).decode()} steps={s} {digest}")
            sub.update(digest.encode())
            total.update(digest.encode())
            sub_steps += s
        games += n
        steps += sub_steps
        print(f"{game_id}: games={n} steps={sub_steps} digest={sub.hexdigest()}")
    if anomalies:
        print(f"engine states that failed their own check (a bug; in the digest too): {len(anomalies)} calls, "
              "the first of each game:")
        firsts = {}
        for line in anomalies:
            firsts.setdefault(line.split(" step ")[0], line)
        for line in list(firsts.values())[:10]:
            print(f"  {line}")
    print(f"total: games={games} steps={steps} digest={total.hexdigest()}"
          f"{' (trusted)' if args.trusted else ''}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
