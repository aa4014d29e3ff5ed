"""In-process playout speed before and after a change, interleaved: is the refactoring as fast?

    uv run --frozen python bench/before_after.py HEAD~3                 # that commit vs the working tree
    uv run --frozen python bench/before_after.py main --rounds 8 --seconds 1.5
    uv run --frozen python bench/before_after.py v1 --only big-shuffle --json bench/out/ab.json

The commit REV is checked out (git worktree, detached) in a temporary directory. Then, in each
round, `bench/playouts.py` (this tree's, in `play` mode) runs once against REV's `core/` and
once against the working tree's, in alternating order, each in a fresh process (`PYTHONPATH`
picks the tree). A noisy second therefore hits both sides alike. It prints moves/s per
configuration, summed over the rounds, with the ratio after/before: 1.00 is as fast, 1.05 is 5%
faster. The figure the issues ask for is the total line (every configuration's moves over its
time). Not a test: it asserts nothing.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

from _common import ROOT, run_facts


def _playouts(tree: str, seconds: float, only: list, out: str) -> dict:
    """One run of bench/playouts.py in play mode against `tree`'s core; its rows by label."""
    cmd = [sys.executable, os.path.join(ROOT, "bench", "playouts.py"), "--modes", "play", "--rounds", "1",
           "--seconds", str(seconds), "--json", out]
    for text in only:
        cmd += ["--only", text]
    env = {**os.environ, "PYTHONPATH": tree}
    subprocess.run(cmd, check=True, env=env, cwd=tree, stdout=subprocess.DEVNULL)
    with open(out) as f:
        rows = json.load(f)["results"]
    return {r["label"]: r["play"] for r in rows if "play" in r}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rev", help="the commit to compare with (the 'before')")
    ap.add_argument("--rounds", type=int, default=5, help="rounds, each running both sides once (default 5)")
    ap.add_argument("--seconds", type=float, default=1.0, help="time per configuration per run (default 1)")
    ap.add_argument("--only", action="append", default=[], metavar="TEXT",
                    help="only configurations whose label contains TEXT (repeatable)")
    ap.add_argument("--json", metavar="PATH", help="also write the figures as JSON to PATH")
    args = ap.parse_args(argv)

    work = tempfile.mkdtemp(prefix="before-after-")
    before = os.path.join(work, "before")
    subprocess.run(["git", "-C", ROOT, "worktree", "add", "--detach", "--quiet", before, args.rev], check=True)
    sums = {"before": {}, "after": {}}
    try:
        for r in range(args.rounds):
            sides = [("before", before), ("after", ROOT)]
            for name, tree in sides if r % 2 == 0 else sides[::-1]:
                rows = _playouts(tree, args.seconds, args.only, os.path.join(work, f"{name}.json"))
                for label, t in rows.items():
                    acc = sums[name].setdefault(label, [0, 0.0])
                    acc[0] += t["moves"]
                    acc[1] += t["seconds"]
            print(f"round {r + 1} of {args.rounds} done", file=sys.stderr)
    finally:
        subprocess.run(["git", "-C", ROOT, "worktree", "remove", "--force", before], check=False)
        shutil.rmtree(work, ignore_errors=True)

    facts = run_facts(argv)
    print(f"# before/after  {facts['date']}  Python {facts['python']}  {facts['machine']}  "
          f"load average {facts['load_average_at_start']:.2f}")
    print(f"# before: {args.rev}; after: the working tree; {args.rounds} interleaved rounds of "
          f"{args.seconds:g} s per configuration and side; moves/s with step.play\n")
    head = f"{'configuration':42} {'before':>10} {'after':>10} {'after/before':>13}"
    print(head)
    print("-" * len(head))
    rows = []
    total = {"before": [0, 0.0], "after": [0, 0.0]}
    for label, (moves_b, secs_b) in sums["before"].items():
        if label not in sums["after"] or label.startswith("rlcard"):
            continue
        moves_a, secs_a = sums["after"][label]
        rate_b, rate_a = moves_b / secs_b, moves_a / secs_a
        print(f"{label:42} {rate_b:>10,.0f} {rate_a:>10,.0f} {rate_a / rate_b:>12.3f}x")
        rows.append({"label": label, "before": round(rate_b, 1), "after": round(rate_a, 1),
                     "ratio": round(rate_a / rate_b, 4)})
        for side, moves, secs in (("before", moves_b, secs_b), ("after", moves_a, secs_a)):
            total[side][0] += moves
            total[side][1] += secs
    rate_b, rate_a = (total[s][0] / total[s][1] for s in ("before", "after"))
    print("-" * len(head))
    print(f"{'total':42} {rate_b:>10,.0f} {rate_a:>10,.0f} {rate_a / rate_b:>12.3f}x")
    if args.json:
        os.makedirs(os.path.dirname(os.path.abspath(args.json)), exist_ok=True)
        with open(args.json, "w") as f:
            json.dump({"meta": {**facts, "rev": args.rev, "rounds": args.rounds, "seconds": args.seconds},
                       "results": rows, "total": {"before": rate_b, "after": rate_a, "ratio": rate_a / rate_b}},
                      f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
