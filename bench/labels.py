"""What labels cost: the time to write every decision's labels of a step, beside `core.apply`
of the same steps (seeded random games; `uv run --frozen python bench/labels.py`)."""

import random
import time

import core
from core.framework.labels import labelled


def main() -> None:
    for game_id, players in (("shufflers", 2), ("big-shuffle", 4), ("showbiz-shuffle", 4)):
        steps = []
        for seed in range(5):
            rng = random.Random(seed)
            step = core.new_game(game_id, players, {}, seed)
            while step.outcome is None and len(steps) < 3000:
                steps.append(step)
                decision = rng.choice(step.pending)
                step = step.play(rng.choice(decision["options"]))
        game = core.get_game(game_id)
        labelled(game, steps[0].state, steps[0].pending)  # the first call imports the game's labels module
        start = time.perf_counter()
        for step in steps:
            labelled(game, step.state, step.pending)
        labels = (time.perf_counter() - start) / len(steps)
        start = time.perf_counter()
        for step in steps:
            core.apply(step.state, step.pending[0]["options"][0])
        applied = (time.perf_counter() - start) / len(steps)
        options = sum(len(d["options"]) for step in steps for d in step.pending) / len(steps)
        print(f"{game_id} {players}: labels {labels * 1e6:.1f} us per step ({options:.1f} options), "
              f"core.apply {applied * 1e6:.1f} us ({labels / applied:.0%})")


if __name__ == "__main__":
    main()
