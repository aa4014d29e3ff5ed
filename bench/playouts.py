"""Random playouts in-process: moves/s and games/s per game and variant, beside RLCard.

    uv run --frozen python bench/playouts.py                       # ~3 s per configuration
    uv run --frozen python bench/playouts.py --seconds 1 --only solo
    uv run --frozen python bench/playouts.py --json bench/out/playouts.json
    uv run --frozen python bench/playouts.py --profile "shufflers solo"
    uv run --frozen python bench/playouts.py --pure                # the pure-Python engine, not the compiled one

Each playout starts a seeded game and, until nothing is pending, picks uniformly among every
option of every pending decision (flattened) with a seeded `random.Random` (the same kind of
dice as the RLCard loop) and plays it. The same games (same seeds, same picks) are played in three modes:

- `play`:      `step.play(move)`, the fast path for a Step the engine produced itself (no state
               validation, pending decisions reused from the Step);
- `trusted`:   `core.apply(state, move, trusted=True)`: no state validation, but the pending
               decisions of the state are generated again to check the move;
- `untrusted`: `core.apply(state, move)`: the whole state validated first, the path of a
               client's state through the API.

Baseline, in the same run: RLCard's random agents on `uno` and `gin-rummy` (the same loop a
RLCard user writes: `env.reset()`, `env.step(random legal action)` until `env.is_over()`).
The engine is the compiled one when `scripts/compile` built it for these sources (docs/engine.md,
"Compiled path"), else the pure-Python one; `--pure` asks for the latter. The header names it.
The time is split into rounds that visit every configuration in turn, so a noisy second
hits them all alike. Figures are totals over the rounds; the "x uno" columns are moves/s over
uno's steps/s (the targets: Shufflers >= 2x uno; 4-player Big Shuffle >= 1x uno).
"""

import argparse
import json
import os
import random
import sys
import time

from _common import run_facts, select_engine

# One row per game and variant; a new game is a few more rows.
# label, game id, players, options
VL = {"vehicle": True, "sacrificial_lamb": True}
COLLAB = {"collaborative": True}
CONFIGS = [
    ("shufflers solo", "shufflers", 1, {}),
    ("shufflers solo +vehicle+lamb", "shufflers", 1, VL),
    ("shufflers competitive 2", "shufflers", 2, {}),
    ("shufflers competitive 2 +vehicle+lamb", "shufflers", 2, VL),
    ("shufflers competitive 4", "shufflers", 4, {}),
    ("shufflers competitive 4 +vehicle+lamb", "shufflers", 4, VL),
    ("shufflers collaborative 2", "shufflers", 2, COLLAB),
    ("shufflers collaborative 2 +vehicle+lamb", "shufflers", 2, {**COLLAB, **VL}),
    ("shufflers collaborative 4", "shufflers", 4, COLLAB),
    ("shufflers collaborative 4 +vehicle+lamb", "shufflers", 4, {**COLLAB, **VL}),
    ("big-shuffle 2", "big-shuffle", 2, {}),
    ("big-shuffle 4", "big-shuffle", 4, {}),
    ("big-shuffle 4 expert", "big-shuffle", 4, {"mode": "expert"}),
    ("big-shuffle 4 the-law", "big-shuffle", 4, {"expansions": ["the-law"]}),
    ("showbiz-shuffle 2", "showbiz-shuffle", 2, {}),
    ("showbiz-shuffle 4", "showbiz-shuffle", 4, {}),
    ("plot-twist 4 quick", "plot-twist", 4, {"setup": "quick"}),
]

# label, RLCard environment id. The first one is the reference of the ratio column.
BASELINES = [
    ("rlcard uno", "uno"),
    ("rlcard gin-rummy", "gin-rummy"),
]
# The issues' targets, with step.play: game id -> (x uno, the configurations it is about)
TARGETS = {
    "shufflers": (2.0, [label for label, game, _, _ in CONFIGS if game == "shufflers"]),
    "big-shuffle": (1.0, ["big-shuffle 4"]),  # 4-player random playouts at least as many moves/s as uno
}

# A random playout longer than this is a bug (a loop in the rules), not a slow game.
MAX_MOVES = 100_000


MODES = ("play", "trusted", "untrusted")
MODE_TITLES = {"play": "step.play", "trusted": "apply trusted", "untrusted": "apply untrusted"}
MODE_CALLS = {"play": "step.play(move)", "trusted": "core.apply(state, move, trusted=True)",
              "untrusted": "core.apply(state, move)"}


class Tally:
    """Moves, games and seconds summed over rounds."""

    def __init__(self):
        self.moves = self.games = 0
        self.seconds = 0.0

    def add(self, moves, games, seconds):
        self.moves += moves
        self.games += games
        self.seconds += seconds

    def rate(self, what="moves"):
        return getattr(self, what) / self.seconds if self.seconds else 0.0

    def as_dict(self):
        return {
            "moves": self.moves,
            "games": self.games,
            "seconds": round(self.seconds, 3),
            "moves_per_s": round(self.rate("moves"), 1),
            "games_per_s": round(self.rate("games"), 2),
            "moves_per_game": round(self.moves / self.games, 2) if self.games else None,
        }


class EnginePlayouts:
    """Seeded random games of one configuration; game k is the same game in every mode."""

    def __init__(self, game, players, options):
        import core
        self.core = core
        self.game, self.players, self.options = game, players, options
        self.next_seed = dict.fromkeys(MODES, 0)
        core.new_game(game, players, options, 0)  # unknown game or bad options: fail now, loudly

    def run(self, seconds, mode):
        new_game, apply = self.core.new_game, self.core.apply
        game, players, options = self.game, self.players, self.options
        seed = self.next_seed[mode]
        moves = games = 0
        start = time.perf_counter()
        deadline = start + seconds
        while True:
            pick = random.Random(seed)  # the agent's dice: the same kind as the RLCard loop's
            step = new_game(game, players, options, seed)
            n = 0
            while step.pending:
                options_now = [o for d in step.pending for o in d["options"]]
                move = pick.choice(options_now)
                if mode == "play":
                    step = step.play(move)
                else:
                    step = apply(step.state, move, trusted=mode == "trusted")
                n += 1
                if n > MAX_MOVES:
                    raise RuntimeError(f"{game} seed {seed}: no end after {MAX_MOVES} moves")
            if step.outcome is None:
                raise RuntimeError(f"{game} seed {seed}: nothing pending but no outcome")
            moves += n
            games += 1
            seed += 1
            now = time.perf_counter()
            if now >= deadline:
                break
        self.next_seed[mode] = seed
        return moves, games, now - start


class RLCardPlayouts:
    """RLCard's random agents: the loop from RLCard's own examples, with a local RNG."""

    def __init__(self, env_id):
        import rlcard

        self.env = rlcard.make(env_id, config={"seed": 0})
        self.random = random.Random(0)

    def run(self, seconds):
        env, choice = self.env, self.random.choice
        steps = games = 0
        start = time.perf_counter()
        deadline = start + seconds
        while True:
            state, _pid = env.reset()
            while not env.is_over():
                state, _pid = env.step(choice(list(state["legal_actions"].keys())))
                steps += 1
            games += 1
            now = time.perf_counter()
            if now >= deadline:
                break
        return steps, games, now - start


def measure(configs, baselines, modes, seconds, rounds):
    engines = [(label, EnginePlayouts(g, p, o)) for label, g, p, o in configs]
    rlcards = [(label, RLCardPlayouts(env_id)) for label, env_id in baselines]
    results = {label: {mode: Tally() for mode in modes} for label, _ in engines}
    results.update({label: {"baseline": Tally()} for label, _ in rlcards})
    share = seconds / rounds
    for r in range(rounds):
        print(f"round {r + 1}/{rounds} ...", file=sys.stderr, flush=True)
        for label, bench in rlcards:
            results[label]["baseline"].add(*bench.run(share))
        for label, bench in engines:
            for mode in modes:
                results[label][mode].add(*bench.run(share, mode))
    return results


def report(configs, baselines, modes, results):
    ref_label = baselines[0][0] if baselines else None
    ref = results[ref_label]["baseline"].rate() if ref_label else None
    ref_name = ref_label.split()[-1] if ref_label else ""
    cols = [f"{'moves/game':>10}", f"{'games/s':>9}"]
    for mode in modes:
        cols.append(f"{mode + ' moves/s':>17}")
        if ref:
            cols.append(f"{'x ' + ref_name:>7}")
    head = f"{'configuration':42} " + " ".join(cols)
    print(head)
    print("-" * len(head))
    rows = []
    for label, *_ in configs:
        first = results[label][modes[0]]
        cells = [f"{first.moves / first.games:>10.1f}", f"{first.rate('games'):>9,.1f}"]
        row = {"label": label}
        for mode in modes:
            t = results[label][mode]
            cells.append(f"{t.rate():>17,.0f}")
            row[mode] = t.as_dict()
            if ref:
                row[mode]["ratio_vs_reference"] = round(t.rate() / ref, 3)
                cells.append(f"{t.rate() / ref:>6.2f}x")
        print(f"{label:42} " + " ".join(cells))
        rows.append(row)
    for label, _ in baselines:
        t = results[label]["baseline"]
        cells = [f"{t.moves / t.games:>10.1f}", f"{t.rate('games'):>9,.1f}", f"{t.rate():>17,.0f}"]
        if ref:
            cells.append(f"{t.rate() / ref:>6.2f}x")
        print(f"{label + ' (baseline)':42} " + " ".join(cells))
        rows.append({"label": label, "baseline": t.as_dict()})
    if ref and configs:
        print()
        for game_id, (target, labels) in TARGETS.items():
            measured = [r for r in rows[: len(configs)] if r["label"] in labels]
            if not measured:
                continue
            worst = min(measured, key=lambda r: r["play"]["ratio_vs_reference"])
            lowest = worst["play"]["ratio_vs_reference"]
            verdict = "met" if lowest >= target else "NOT met"
            print(f"target {game_id}: >= {target:.1f}x {ref_label} steps/s with {MODE_TITLES['play']}: {verdict} "
                  f"(lowest {lowest:.2f}x, {worst['label']})")
    return rows


def profile(config, mode, seconds, top):
    import cProfile
    import pstats

    label, game, players, options = config
    bench = EnginePlayouts(game, players, options)
    prof = cProfile.Profile()
    prof.enable()
    moves, games, _ = bench.run(seconds, mode)
    prof.disable()
    print(f"cProfile of {MODE_TITLES[mode]} playouts, {label}: {moves} moves in {games} games "
          f"(times inflated by profiling)\n")
    stats = pstats.Stats(prof, stream=sys.stdout).strip_dirs()
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="time per configuration and mode (default 3)")
    ap.add_argument("--rounds", type=int, default=3, help="rounds the time is split into (default 3)")
    ap.add_argument("--only", action="append", default=[], metavar="TEXT",
                    help="only configurations whose label contains TEXT (repeatable); the reference baseline always runs")
    ap.add_argument("--modes", default=",".join(MODES),
                    help=f"comma-separated subset of {','.join(MODES)} (default all)")
    ap.add_argument("--json", metavar="PATH", help="also write the results as JSON to PATH")
    ap.add_argument("--profile", metavar="LABEL", help="cProfile the playouts of the configuration LABEL "
                    "(first of --modes) and exit")
    ap.add_argument("--top", type=int, default=25, help="rows of the profile (default 25)")
    ap.add_argument("--pure", action="store_true", help="the pure-Python engine even when the compiled one is built")
    args = ap.parse_args(argv)
    modes = tuple(m for m in args.modes.split(",") if m)
    if not modes or set(modes) - set(MODES):
        ap.error(f"--modes takes a comma-separated subset of {','.join(MODES)}")

    def chosen(label):
        return not args.only or any(text in label for text in args.only)

    engine = select_engine(args.pure)
    if args.profile:
        print(f"# engine: {engine['engine']}")
        config = next((c for c in CONFIGS if c[0] == args.profile), None)
        if config is None:
            ap.error(f"no configuration labelled {args.profile!r}; labels: {[c[0] for c in CONFIGS]}")
        profile(config, modes[0], args.seconds, args.top)
        return 0

    configs = [c for c in CONFIGS if chosen(c[0])]
    baselines = [b for i, b in enumerate(BASELINES) if chosen(b[0]) or (i == 0 and configs)]
    if not configs and not baselines:
        ap.error("--only matched no configuration")

    meta = {
        **run_facts(argv),
        "seconds_per_config_and_mode": args.seconds,
        "rounds": args.rounds,
        "modes": list(modes),
        "engine": engine,
    }
    print(f"# playouts  {meta['date']}  Python {meta['python']}  {meta['machine']}  "
          f"load average {meta['load_average_at_start']:.2f}")
    print(f"# engine: {engine['engine']}")
    print(f"# {args.seconds:g} s per configuration and mode, in {args.rounds} rounds; "
          f"games/s is for {modes[0]}")
    for mode in modes:
        print(f"#   {mode + ':':10} {MODE_CALLS[mode]}")
    print()
    results = measure(configs, baselines, modes, args.seconds, args.rounds)
    rows = report(configs, baselines, modes, results)
    if args.json:
        os.makedirs(os.path.dirname(os.path.abspath(args.json)), exist_ok=True)
        with open(args.json, "w") as f:
            json.dump({"meta": meta, "targets": {g: t for g, (t, _) in TARGETS.items()}, "results": rows}, f, indent=2)
        print(f"\nwrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
