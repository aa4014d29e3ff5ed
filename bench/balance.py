"""Plot Twist's balance by simulation: heuristic bots, 1-5 Heroes, every Villain and Objective.

    uv run --frozen python bench/balance.py --only plot-twist                 # the table of docs/balance.md
    uv run --frozen python bench/balance.py --only plot-twist --games 16 --heroes 1,3
    uv run --frozen python bench/balance.py --only plot-twist --json bench/out/balance-plot-twist.json
    uv run --frozen python bench/balance.py --only plot-twist --set villain/madame-mirage.body=3
    uv run --frozen python bench/balance.py --only plot-twist --heroes 2,3,4 --objectives organ-harvest \
        --set objective/organ-harvest.threat.count=1 --json bench/out/oh.json   # one Objective's cells only
    uv run --frozen python bench/balance.py --combine bench/out/a.json bench/out/oh.json  # one table of both

The other games' balance is `shuffle balance` (cli/balance.py): its presets deal whatever Setup
the seed gives, while Plot Twist's figures are wanted per Villain and per Objective, so this
script forces them: the Villain and the Objective are strata, fixed per game, never drawn. For each
Hero count (seats = Heroes + 1) it plays `--games` games, game k (seed k, from `--first-seed`) with the
Villain k mod 4 and the Objective (k div 4) mod 4 of the house set (every pair once in 16 games, so
each Villain and each Objective gets a quarter of the games); `--villains` / `--objectives` keep some
of them only (a card change that touches one Objective is measured on that Objective's games alone):

- Setup is `drafted` and made by the bots (`gm` at seat 0, `hero` at every other seat, each seeing
  only its seat's view), except three GM picks this script forces: the Main Villain, the Objective,
  and what the Objective needs to be legal (a first Location among its requisites, a Mook of its
  Color when the Villain is of another). A `quick` Setup deals the Villain and Objective from the
  seed, so it could not be steered; drafted picks are the same moves a table makes.
- The Conflict is played by the same bots until the outcome, or until the Turn passes `--turn-cap`
  (counted as "capped", unfinished).

A GM win is `winners == [0]` (the Objective's Threat, or no Hero left in play); a Villain who Flees
no longer ends the game (Pursuit, an Interview, a new Conflict), so every finished game has a winner.
Printed: per Hero count the share of games that ended under the cap, the median and longest Turns,
the outcome reasons and the GM's win rate with its 95% interval (Wilson); then the GM's win rate per
Villain and per Objective at each Hero count, each with its own 95% interval (Wilson) and its games,
beside the overall rate. Targets: every game ends under the cap, the GM wins 35% to 65% at every Hero
count (issue 16, item 7), and every Objective and every Main Villain 30% to 70% at 2-4 Heroes (issue 31,
item 3: a point estimate outside is printed bold, an interval crossing the bar is marked *).
`--combine` plays nothing and sums the games of several `--json` (or `--log` .jsonl) files into one table (the cells a
card change did not touch, beside the cells it did).

`--set CARD.FIELD=VALUE` (repeatable) tries a card-number change in memory for the run, the way
tuning tries one before it goes into `core/games/plot_twist/cards/*.toml` (`.` walks into tables and
lists: `objective/doomsday-clock.threat.count=7`, `event/hostage-situation.effects.0.amount=-2`;
an Attribute keeps its Resistance at x3, Power its Belief or Hate and Energy). One process by
default: the machine is shared (`--processes` for more).
"""

import argparse
import json
import os
import statistics
import sys
import time

from _common import run_facts

MAX_MOVES = 50_000  # a bot game longer than this is a loop, not a long game
CONFIGS = [("plot-twist", "plot-twist")]  # label, game id: --only filters on the label


def cells():
    from core.games.plot_twist import cards as C
    return list(C.IDS_OF["villain"]), list(C.IDS_OF["objective"])


def try_cards(changes: list) -> list:
    """Card-number changes for this run only, in memory (`--set CARD.FIELD=VALUE`): what tuning tries
    before a change goes into cards/*.toml. A Character's Attribute keeps its Resistance at x3 and its
    Power its Belief or Hate and Energy at x3, as the catalog's loader demands."""
    from core.games.plot_twist import cards as C
    done = []
    for change in changes:
        target, _, value = change.partition("=")
        card, _, field = target.partition(".")
        if card not in C.CARD or not field or not value:
            raise SystemExit(f"--set {change!r}: give CARD.FIELD=VALUE with a card of the catalog")
        value = json.loads(value)
        record = C.CARD[card]
        *path, last = [int(k) if k.isdigit() else k for k in field.split(".")]  # a number: a list's index
        try:
            for key in path:
                record = record[key]
            record[last]  # it must exist: a change, never a new field
        except (KeyError, IndexError, TypeError):
            raise SystemExit(f"--set {change!r}: {card} has no field {field}") from None
        record[last] = value
        printed = C.CARD[card]
        if not path and last in ("body", "mind", "charm") and "resistances" in printed:
            printed["resistances"][{"body": "physical", "mind": "mental", "charm": "social"}[last]] = 3 * value
        if not path and last == "power":
            for counter in ("belief", "hate", "energy"):
                if counter in printed:
                    printed[counter] = 3 * value
        done.append(change)
    return done


def forced_pick(state: dict, options: list, villain: str, objective: str):
    """The option this script forces at the GM's Setup steps (None: the bot decides)."""
    from core.games.plot_twist import cards as C
    step = state["setup"]["step"]
    cards = {o.get("card"): o for o in options}
    if step == "villain":
        return cards[villain]
    if step == "mooks":
        color = C.COLOR[objective]
        have = [C.COLOR[c["card"]] for c in state["characters"] if c["seat"] == 0]
        if color != "golden" and color not in have:
            return next(o for o in options if o.get("card") and C.COLOR[o["card"]] == color)
        return None
    if step == "location":
        wanted = C.CARD[objective].get("locations")
        return next(o for o in options if o["card"] in wanted) if wanted else None
    if step == "objective":
        return cards[objective]
    return None


def play(players: int, seed: int, villain: str, objective: str, turn_cap: int) -> dict:
    """One seeded game of bots: its record."""
    import core
    from core.framework.bots import get_bot
    from core.framework.rng import Rng

    game = core.get_game("plot-twist")
    bots = [get_bot(game, "gm" if seat == 0 else "hero") for seat in range(players)]
    rng = Rng.from_seed(f"balance:plot-twist:{players}:{seed}")
    step = core.new_game("plot-twist", players, {"setup": "drafted"}, seed)
    moves = 0
    capped = False
    while step.outcome is None:
        state = step.state
        if moves >= MAX_MOVES or (state["turn"] and state["turn"]["number"] > turn_cap):
            capped = True
            break
        seat = step.pending[0]["player"]
        mine = [d for d in step.pending if d["player"] == seat]
        move = None
        if seat == 0 and state["setup"]["step"] != "done":
            move = forced_pick(state, [o for d in mine for o in d["options"]], villain, objective)
        if move is None:
            seen = {"view": game.view(state, seat), "pending": mine}
            seen["view"].pop("rng", None)
            move = bots[seat].choose(seen, rng)
        step = step.play(move)
        moves += 1
    state = step.state
    outcome = step.outcome or {}
    return {
        "heroes": players - 1, "seed": seed, "villain": villain, "objective": objective,
        "reason": outcome.get("reason", "capped") if not capped else "capped",
        "gm_won": outcome.get("winners") == [0],
        "heroes_won": bool(outcome.get("winners")) and 0 not in outcome["winners"],
        "turns": state["turn"]["number"] if state["turn"] else 0, "moves": moves, "finished": not capped,
        "heroes_played": sum(1 for c in state["characters"] if c.get("joined") is not None),
    }


def pick(cards: list, names: str, flag: str) -> list:
    """The cards a comma-separated list of short names (`organ-harvest`) keeps, all of them for none."""
    if not names:
        return cards
    short = {card.split("/")[1]: card for card in cards}
    unknown = [n for n in names.split(",") if n not in short]
    if unknown:
        raise SystemExit(f"{flag}: unknown {', '.join(unknown)}; known: {', '.join(short)}")
    return [short[n] for n in names.split(",")]


def stratum(k: int, villains: list, objectives: list) -> tuple[str, str]:
    """Game k's Villain and Objective, fixed, not drawn: every pair once in each len(villains) x
    len(objectives) games, so each Villain and each Objective gets an equal share at every Hero count."""
    return villains[k % len(villains)], objectives[(k // len(villains)) % len(objectives)]


def _job(args):
    return play(*args)


def run(jobs: list, processes: int, progress):
    if processes <= 1:
        for job in jobs:
            yield _job(job)
            progress()
        return
    from multiprocessing import get_context
    with get_context("fork").Pool(processes) as pool:
        for record in pool.imap(_job, jobs, chunksize=2):
            progress()
            yield record


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def summarize(records: list, heroes: list, villains: list, objectives: list) -> dict:
    rows = []
    for h in heroes:
        rs = [r for r in records if r["heroes"] == h]
        n = len(rs)
        finished = [r for r in rs if r["finished"]]
        reasons = {}
        for r in rs:
            reasons[r["reason"]] = reasons.get(r["reason"], 0) + 1
        rows.append({
            "heroes": h, "games": n,
            "under_cap": len(finished) / n,
            "median_turns": statistics.median(r["turns"] for r in finished) if finished else None,
            "longest": max(r["turns"] for r in finished) if finished else None,
            "gm_wins": sum(r["gm_won"] for r in rs) / n,
            "gm_interval": wilson(sum(r["gm_won"] for r in rs), n),
            "hero_wins": sum(r["heroes_won"] for r in rs) / n,
            "reasons": reasons,
            "villains": {v: _rate([r for r in rs if r["villain"] == v]) for v in villains},
            "objectives": {o: _rate([r for r in rs if r["objective"] == o]) for o in objectives},
        })
    return {"rows": rows}


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of a share of k in n (Wilson's score interval)."""
    p = k / n
    middle, half = (p + z * z / (2 * n)), z * ((p * (1 - p) + z * z / (4 * n)) / n) ** 0.5
    return (middle - half) / (1 + z * z / n), (middle + half) / (1 + z * z / n)


def _rate(rs: list) -> dict:
    wins = sum(r["gm_won"] for r in rs)
    return {"games": len(rs), "gm_wins": wins / len(rs) if rs else None,
            "gm_interval": wilson(wins, len(rs)) if rs else None,
            "median_turns": statistics.median(r["turns"] for r in rs) if rs else None,
            "longest": max(r["turns"] for r in rs) if rs else None}


def table(summary: dict, villains: list, objectives: list, turn_cap: int) -> str:
    def short(card):
        return card.split("/")[1]

    rows = summary["rows"]
    head = (f"| Heroes | games | ended under {turn_cap} Turns | median Turns (longest) | GM wins (95% CI) | Heroes win "
            "| outcomes |")
    out = [head, "|--:|--:|--:|--:|--:|--:|---|"]
    for r in rows:
        low, high = r["gm_interval"]
        out.append(f"| {r['heroes']} | {r['games']} | {_pct(r['under_cap'])} | {r['median_turns']} ({r['longest']}) "
                   f"| {_pct(r['gm_wins'])} ({100 * low:.0f}-{100 * high:.0f}) | {_pct(r['hero_wins'])} | "
                   + ", ".join(f"{k} {v}" for k, v in sorted(r["reasons"].items())) + " |")
    for what, names in (("villains", villains), ("objectives", objectives)):
        out += ["", f"| GM wins by {what[:-1]} (95% CI) [games] | "
                + " | ".join(f"{h['heroes']} Hero{'es' if h['heroes'] > 1 else ''}" for h in rows) + " |",
                "|---|" + "--:|" * len(rows)]
        for name in names:
            cells = []
            for r in rows:
                cell = r[what][name]
                cells.append(_cell(cell, fair=r["heroes"] in FAIR_AT) if cell["games"] else "-")
            out.append(f"| {short(name)} | " + " | ".join(cells) + " |")
        out.append("| all | " + " | ".join(f"{_pct(r['gm_wins'])} ({100 * r['gm_interval'][0]:.0f}-"
                                            f"{100 * r['gm_interval'][1]:.0f}) [{r['games']}]" for r in rows) + " |")
    out += ["", (f"Bold: a point estimate outside {_pct(FAIR[0])}-{_pct(FAIR[1])} at "
                f"{FAIR_AT[0]}-{FAIR_AT[-1]} Heroes; an interval crossing the bar is marked *.")]
    return "\n".join(out)


FAIR = (0.30, 0.70)  # issue 31: every Objective and Main Villain within 30-70% at 2-4 Heroes
FAIR_AT = (2, 3, 4)


def _cell(cell: dict, fair: bool) -> str:
    """`47% (35-59) [64]`: the GM's share, its 95% interval and the games; bold outside the bar."""
    low, high = cell["gm_interval"]
    text = f"{_pct(cell['gm_wins'])} ({100 * low:.0f}-{100 * high:.0f}) [{cell['games']}]"
    if fair and not FAIR[0] <= cell["gm_wins"] <= FAIR[1]:
        return f"**{text}**"
    return text + ("*" if fair and (low < FAIR[0] or high > FAIR[1]) else "")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", action="append", default=[], metavar="TEXT",
                    help="only configurations whose label contains TEXT (repeatable); there is one: plot-twist")
    ap.add_argument("--games", type=int, default=32, help="games per Hero count (default 32: each Villain and "
                                                          "Objective pair twice)")
    ap.add_argument("--heroes", default="1,2,3,4,5", help="Hero counts, comma-separated (default 1,2,3,4,5)")
    ap.add_argument("--turn-cap", type=int, default=30, help="a game still going after this Turn is capped (default 30)")
    ap.add_argument("--processes", type=int, default=1, help="worker processes (default 1: the machine is shared)")
    ap.add_argument("--set", action="append", default=[], metavar="CARD.FIELD=VALUE",
                    help="try a card-number change in memory for this run (repeatable), e.g. "
                         "villain/madame-mirage.body=3 or objective/doomsday-clock.threat.count=7")
    ap.add_argument("--villains", default="", metavar="NAMES",
                    help="only these Main Villains, comma-separated short names (default: all)")
    ap.add_argument("--objectives", default="", metavar="NAMES",
                    help="only these Objectives, comma-separated short names (default: all), e.g. organ-harvest")
    ap.add_argument("--first-seed", type=int, default=0, help="the first game's seed (default 0): more games, new seeds")
    ap.add_argument("--combine", nargs="+", metavar="JSON",
                    help="play nothing: sum the games of these --json files into one table (a game in two "
                         "files, the same Hero count, seed, Villain and Objective, counts once: give only runs of "
                         "the same rules and cards)")
    ap.add_argument("--log", metavar="PATH.jsonl", help="append each game's record as it ends, one JSON line "
                                                         "(a long run stopped early still counts; --combine reads it)")
    ap.add_argument("--json", metavar="PATH", help="also write the summary and every game's record as JSON")
    args = ap.parse_args(argv)
    configs = [c for c in CONFIGS if not args.only or any(t in c[0] for t in args.only)]
    if not configs:
        ap.error("--only matched no configuration; there is one: plot-twist")
    heroes = [int(h) for h in args.heroes.split(",") if h]
    if not heroes or any(not 1 <= h <= 5 for h in heroes):
        ap.error("--heroes takes counts from 1 to 5")
    changes = try_cards(args.set)
    villains, objectives = cells()
    if args.combine:
        records = []
        for path in args.combine:
            with open(path) as f:
                records += [json.loads(line) for line in f] if path.endswith(".jsonl") else json.load(f)["games"]
        unique = {(r["heroes"], r["seed"], r["villain"], r["objective"]): r for r in records}
        twice = len(records) - len(unique)
        records = list(unique.values())  # a game played by two runs (the same seed, Villain and Objective) counts once
        heroes = sorted({r["heroes"] for r in records})
        print(f"# balance plot-twist: the games of {', '.join(args.combine)} summed ({len(records)} games"
              + (f"; {twice} played twice counted once" if twice else "") + ")")
        print()
        print(table(summarize(records, heroes, villains, objectives), villains, objectives, args.turn_cap))
        return 0
    played_villains = pick(villains, args.villains, "--villains")
    played_objectives = pick(objectives, args.objectives, "--objectives")
    jobs = [(h + 1, k, *stratum(k, played_villains, played_objectives), args.turn_cap)
            for k in range(args.first_seed, args.first_seed + args.games) for h in heroes]  # Hero counts side by side
    meta = {**run_facts(argv), "games_per_hero_count": args.games, "turn_cap": args.turn_cap, "card_changes": changes}
    print(f"# balance plot-twist  {meta['date']}  Python {meta['python']}  {meta['machine']}  "
          f"load average {meta['load_average_at_start']:.2f}")
    print(f"# {args.games} games per Hero count, bots gm (seat 0) and hero (every other seat), drafted Setup with "
          f"the Villain and Objective forced, a {args.turn_cap}-Turn cap")
    if changes:
        print(f"# card changes tried in memory: {', '.join(changes)}")
    done = [0]
    start = time.perf_counter()

    def progress():
        done[0] += 1
        if done[0] % 10 == 0 or done[0] == len(jobs):
            print(f"  {done[0]}/{len(jobs)} games, {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)

    records = []
    log = open(args.log, "a") if args.log else None  # noqa: SIM115 (closed below; one line per game as it ends)
    for record in run(jobs, args.processes, progress):
        records.append(record)
        if log:
            log.write(json.dumps({**record, "card_changes": changes}) + "\n")
            log.flush()
    if log:
        log.close()
    meta["seconds"] = round(time.perf_counter() - start, 1)
    summary = summarize(records, heroes, villains, objectives)
    print()
    print(table(summary, villains, objectives, args.turn_cap))
    print(f"\n{len(records)} games in {meta['seconds']} s")
    if args.json:
        os.makedirs(os.path.dirname(os.path.abspath(args.json)), exist_ok=True)
        with open(args.json, "w") as f:
            json.dump({"meta": meta, **summary, "games": records}, f, indent=1)
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
