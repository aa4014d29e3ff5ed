"""Balance runs: games between a game's own bots, and how fair and how long they are.

    uv run --frozen python bench/balance.py                           # every section, default games
    uv run --frozen python bench/balance.py --only showbiz-shuffle --games 500
    uv run --frozen python bench/balance.py --json bench/out/balance.json

One section per game (SECTIONS, game id -> function): each plays seeded games with the bots
that game offers and prints a markdown table. Every bot sees only its seat's view and its own
decisions (`{view, pending}`, as at a server-held table), never the state. Seat 0 moves first.
Shared wins count 1/k to each of the k winners, so the win rates of a row add up to 100%.
"""

import argparse
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from _common import run_facts  # noqa: E402

import core  # noqa: E402
from core.framework.bots import get_bot  # noqa: E402
from core.framework.rng import Rng  # noqa: E402

MAX_MOVES = 100_000  # a bot game longer than this is a bug (a loop), not a long game


def play_bots(game_id: str, players: int, bots: list[str], seed: int, options: dict | None = None):
    """One seeded game, seat i played by the bot named bots[i]: (final Step, the moves made)."""
    game = core.get_game(game_id)
    chosen = [get_bot(game, name) for name in bots]
    rng = Rng.from_seed(f"balance:{game_id}:{players}:{seed}")
    step = core.new_game(game_id, players, options, seed)
    moves = []
    while step.outcome is None:
        seat = step.pending[0]["player"]
        # what core.view(state, seat) gives, without generating the pending decisions again
        seen = {"view": game.view(step.state, seat), "pending": [d for d in step.pending if d["player"] == seat]}
        seen["view"].pop("rng", None)
        move = chosen[seat].choose(seen, rng)
        step = step.play(move)
        moves.append(move)
        if len(moves) > MAX_MOVES:
            raise RuntimeError(f"{game_id} seed {seed}: no end after {MAX_MOVES} moves")
    return step, moves


def _percent(x: float) -> str:
    return f"{100 * x:.1f}%"


# --- Showbiz Shuffle --------------------------------------------------------------------------
def showbiz_shuffle(games: int) -> list[dict]:
    """Heuristic bots in every seat, 2, 3 and 4 players."""
    rows = []
    for players in (2, 3, 4):
        wins = [0.0] * players
        spreads, turns, winning, movies = [], [], [], []
        normal = 0
        start = time.perf_counter()
        for seed in range(games):
            step, moves = play_bots("showbiz-shuffle", players, ["heuristic"] * players, seed)
            outcome, state = step.outcome, step.state
            for w in outcome["winners"]:
                wins[w] += 1 / len(outcome["winners"])
            scores = sorted(outcome["scores"].values())
            spreads.append(scores[-1] - scores[0])
            winning.append(scores[-1])
            turns.append(sum(m["kind"] == "end_turn" for m in moves) / players)
            movies.append(sum(len(s["completed"]) for s in state["seats"]) / players)
            normal += outcome["reason"] == "end_game"
        seconds = time.perf_counter() - start
        rows.append({
            "players": players,
            "games": games,
            "first_seat_win_rate": wins[0] / games,
            "fair_share": 1 / players,
            "win_rate_per_seat": [w / games for w in wins],
            "mean_spread": statistics.fmean(spreads),
            "mean_winning_score": statistics.fmean(winning),
            "median_turns_per_player": statistics.median(turns),
            "mean_movies_per_player": statistics.fmean(movies),
            "ended_normally": normal / games,
            "seconds": round(seconds, 2),
        })
    print("| players | games | first seat wins (fair share) | wins by seat | mean spread (winner - last) "
          "| mean winning score | median turns per player | movies finished per player | ended normally |")
    print("|--:|--:|--:|---|--:|--:|--:|--:|--:|")
    for r in rows:
        print(f"| {r['players']} | {r['games']} | {_percent(r['first_seat_win_rate'])} ({_percent(r['fair_share'])}) "
              f"| {' / '.join(_percent(w) for w in r['win_rate_per_seat'])} | {r['mean_spread']:.1f} "
              f"| {r['mean_winning_score']:.1f} | {r['median_turns_per_player']:.1f} "
              f"| {r['mean_movies_per_player']:.2f} | {_percent(r['ended_normally'])} |")
    return rows


# --- The Big Shuffle ---------------------------------------------------------------------------
TURN_CAP = 300  # the cap: a game still going after 300 turns counts as unfinished


def _big_shuffle_game(args: tuple) -> tuple:
    """One capped game of heuristic bots, characters dealt at random: (characters, winner, turns)."""
    players, seed, options = args
    game = core.get_game("big-shuffle")
    bot = get_bot(game, "heuristic")
    rng = Rng.from_seed(f"balance:big-shuffle:{players}:{seed}")
    characters = rng.shuffle(_characters(options))[:players]
    step = core.new_game("big-shuffle", players, {**options, "characters": characters}, seed)
    while step.outcome is None and step.state["turn"]["number"] <= TURN_CAP:
        seat = step.pending[0]["player"]
        seen = {"view": game.view(step.state, seat), "pending": [d for d in step.pending if d["player"] == seat]}
        seen["view"].pop("rng", None)
        step = step.play(bot.choose(seen, rng))
    winner = step.outcome["winners"][0] if step.outcome else None
    return characters, winner, min(step.state["turn"]["number"], TURN_CAP)


def _characters(options: dict) -> list[str]:
    """The characters of a game with these options (The Law adds one)."""
    expansions = (None, *options.get("expansions", ()))
    return [c["id"] for c in core.get_game("big-shuffle").cards()
            if c["type"] == "character" and c.get("expansion") in expansions]


def big_shuffle(games: int, options: dict | None = None) -> list[dict]:
    """Heuristic bots in every seat, 2, 3 and 4 players, characters dealt at random so each is
    measured in every seat; games capped at 300 turns (turns of all players together)."""
    from multiprocessing import Pool

    options = options or {}
    names = _characters(options)
    rows = []
    with Pool(os.cpu_count() or 1) as pool:
        for players in (2, 3, 4):
            start = time.perf_counter()
            results = pool.map(_big_shuffle_game, [(players, seed, options) for seed in range(games)], chunksize=20)
            finished = [r for r in results if r[1] is not None]
            seat_wins = [sum(1 for r in finished if r[1] == s) for s in range(players)]
            seated = {c: 0 for c in names}
            won = {c: 0 for c in names}
            for characters, winner, _ in results:
                for seat, c in enumerate(characters):
                    seated[c] += 1
                    won[c] += winner == seat
            rates = {c.split("/")[1]: won[c] / seated[c] for c in names if seated[c]}
            rows.append({
                "players": players,
                "games": games,
                "finished_under_cap": len(finished) / games,
                "median_turns": statistics.median(r[2] for r in finished) if finished else None,
                "win_rate_per_seat": [w / games for w in seat_wins],
                "win_rate_per_character": rates,
                "fair_share": 1 / players,
                "max_character_gap": max(abs(r - 1 / players) for r in rates.values()),
                "seconds": round(time.perf_counter() - start, 2),
            })
    short = [n.split("/")[1] for n in names]
    print(f"| players | games | finished under {TURN_CAP} turns | median turns | wins by seat | "
          + " | ".join(short) + " | largest gap to 1/n |")
    print("|--:|--:|--:|--:|---|" + "--:|" * len(short) + "--:|")
    for r in rows:
        print(f"| {r['players']} | {r['games']} | {_percent(r['finished_under_cap'])} | {r['median_turns']} "
              f"| {' / '.join(_percent(w) for w in r['win_rate_per_seat'])} | "
              + " | ".join(_percent(r["win_rate_per_character"][n]) for n in short)
              + f" | {100 * r['max_character_gap']:.1f} points |")
    return rows


# game id -> function(games) that prints its table and returns its rows
SECTIONS = {
    "big-shuffle": big_shuffle,
    "big-shuffle-the-law": lambda games: big_shuffle(games, {"expansions": ["the-law"]}),
    "showbiz-shuffle": showbiz_shuffle,
}
TITLES = {"big-shuffle-the-law": "The Big Shuffle with The Law"}  # else the game's name
DEFAULT_GAMES = 2000


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=DEFAULT_GAMES,
                    help=f"games per row (default {DEFAULT_GAMES})")
    ap.add_argument("--only", action="append", default=[], metavar="GAME",
                    help=f"only these sections (repeatable): {', '.join(SECTIONS)}")
    ap.add_argument("--json", metavar="PATH", help="also write the results as JSON to PATH")
    args = ap.parse_args(argv)
    unknown = sorted(set(args.only) - set(SECTIONS))
    if unknown:
        ap.error(f"no section {unknown[0]!r}; sections: {', '.join(SECTIONS)}")
    meta = run_facts(argv)
    print(f"# balance  {meta['date']}  Python {meta['python']}  {meta['machine']}")
    results = {}
    for game_id, section in SECTIONS.items():
        if args.only and game_id not in args.only:
            continue
        print(f"\n## {TITLES.get(game_id) or core.get_game(game_id).name}\n")
        results[game_id] = section(args.games)
    if args.json:
        os.makedirs(os.path.dirname(os.path.abspath(args.json)), exist_ok=True)
        with open(args.json, "w") as f:
            json.dump({"meta": meta, "results": results}, f, indent=2)
        print(f"\nwrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
