"""Balance by simulation (`shuffle balance`): how fair and how long bot games are.

Per preset (a game with its options, bots and player counts): seeded games between bots in
every seat (each sees only its seat's view), win rates per seat and per character with 95%
Wilson confidence intervals, game lengths; a Markdown table and a PNG plot in docs/balance/.
Shared wins count 1/k to each of the k winners, so the win rates of a row add up to 100%.
"""

from __future__ import annotations

import json
import math
import statistics
from dataclasses import dataclass, field, replace
from pathlib import Path

import core

from .simulate import Job, characters, run

Z95 = 1.959964


def wilson(wins: float, n: int) -> tuple[float, float]:
    """95% Wilson score interval of a proportion wins/n (0..1)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + Z95 ** 2 / (2 * n)) / (1 + Z95 ** 2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / (1 + Z95 ** 2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Preset:
    name: str
    game: str
    title: str
    players: tuple
    games: int
    bots: str
    options: dict
    turn_cap: int | None = None
    deal_roles: bool = False
    note: str = ""
    if_declared: dict = field(default_factory=dict)  # options given only when the game declares them

    def with_(self, *, games=None, players=None, options=None) -> "Preset":
        declared = {o.name for o in core.get_game(self.game).options}
        extra = {k: v for k, v in self.if_declared.items() if k in declared}
        return replace(self, games=games or self.games, players=players or self.players,
                       options={**self.options, **extra, **(options or {})})

    def check(self) -> None:
        game = core.get_game(self.game)
        for n in self.players:
            if not game.min_players <= n <= game.max_players:
                raise ValueError(f"{game.name} is for {game.min_players} to {game.max_players} players, not {n}.")
        try:
            core.new_game(self.game, self.players[0], self.options, 0)
        except core.EngineError as bad:
            raise ValueError(f"--options: {bad.message}") from None


PRESETS = {p.name: p for p in [
    Preset("shufflers", "shufflers", "Shufflers (competitive; solo at 1 player)", (1, 2, 3, 4), 4000, "random", {},
           note="Random bots: every option of a seat's decisions equally likely."),
    Preset("shufflers-collaborative", "shufflers", "Shufflers, collaborative", (2, 3, 4), 2000, "random",
           {"collaborative": True}, note="Random bots (they sacrifice themselves often). When the group escapes, every seat still "
                "alive wins."),
    Preset("big-shuffle", "big-shuffle", "The Big Shuffle", (2, 3, 4), 2000, "heuristic", {}, turn_cap=300,
           deal_roles=True, note="Heuristic bots, characters dealt at random to the seats (so each character is "
                                 "measured in every seat), standard mode, a 300-turn cap."),
    Preset("big-shuffle-the-law", "big-shuffle", "The Big Shuffle with The Law", (2, 3, 4), 2000, "heuristic",
           {"expansions": ["the-law"]}, turn_cap=300, deal_roles=True,
           note="As The Big Shuffle, with the expansion's cards and The Vigilante."),
    Preset("showbiz-shuffle", "showbiz-shuffle", "Showbiz Shuffle", (2, 3, 4), 2000, "heuristic", {},
           if_declared={"stall_rounds": 2},
           note="Heuristic bots. `stall_rounds: 2` (games where nobody plays end) is passed once the engine "
                "declares that option; other options with `--options JSON`."),
]}


def presets() -> dict[str, Preset]:
    """The presets above, and a plain one (random bots, default options) for every registered game
    that has none under its id: a new game can be measured before anyone tunes a preset for it."""
    found = dict(PRESETS)
    for game in core.all_games():
        players = tuple(range(game.min_players, min(game.max_players, game.min_players + 3) + 1))
        found.setdefault(game.id, Preset(game.id, game.id, game.name, players, 1000, "random", {},
                                         note="Random bots, default options."))
    return found


def measure(preset: Preset, *, processes=None, progress=None) -> list[dict]:
    """One row per player count: the games' records summed up."""
    rows = []
    for players in preset.players:
        jobs = [Job(preset.game, players, (preset.bots,) * players, seed, preset.options,
                    turn_cap=preset.turn_cap, deal_roles=preset.deal_roles) for seed in range(preset.games)]
        records = list(run(jobs, processes=processes, progress=progress))
        rows.append(_row(preset, players, records))
    return rows


def _row(preset: Preset, players: int, records: list[dict]) -> dict:
    n = len(records)
    seat_wins = [0.0] * players
    role_seated: dict = {}
    role_wins: dict = {}
    for r in records:
        winners = (r["outcome"] or {}).get("winners") or []
        for w in winners:
            seat_wins[w] += 1 / len(winners)
        for seat in r["seats"]:
            if seat["role"]:
                role_seated[seat["role"]] = role_seated.get(seat["role"], 0) + 1
                role_wins[seat["role"]] = role_wins.get(seat["role"], 0) + (
                    1 / len(winners) if seat["seat"] in winners else 0)
    if preset.deal_roles and preset.game == "big-shuffle":
        order = [c for c in characters(preset.options) if c in role_seated]
    else:
        order = sorted(role_seated)
    finished = [r for r in records if r["finished"]]
    turns = [r["length"]["turns"] for r in finished]
    moves = [r["length"]["moves"] for r in finished]
    return {
        "players": players,
        "games": n,
        "finished": len(finished) / n,
        "seats": [{"rate": w / n, "ci": wilson(w, n)} for w in seat_wins],
        "roles": {c.split("/")[-1]: {"rate": role_wins[c] / role_seated[c], "ci": wilson(role_wins[c], role_seated[c]),
                                     "games": role_seated[c]} for c in order},
        "turns": turns,
        "moves": moves,
        "median_turns": statistics.median(turns) if turns else None,
        "median_moves": statistics.median(moves) if moves else None,
        "reasons": _count((r["outcome"] or {}).get("reason", "unfinished") for r in records),
    }


def _count(items) -> dict:
    out: dict = {}
    for i in items:
        out[i] = out.get(i, 0) + 1
    return out


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _num(x) -> str:
    return "-" if x is None else f"{x:.1f}".removesuffix(".0")


def _ci(ci) -> str:
    return f"{100 * ci[0]:.1f}-{100 * ci[1]:.1f}"


def markdown(preset: Preset, rows: list[dict]) -> str:
    """The balance table of a preset, as Markdown."""
    options = ", ".join(f"`{k}: {json.dumps(v)}`" for k, v in preset.options.items()) or "none"
    lines = [f"# Balance: {preset.title}", "",
             f"{preset.note} Game options: {options}. {rows[0]['games']} games per player count, seeds 0 to "
             f"{rows[0]['games'] - 1}. Win rates with their 95% confidence interval (Wilson); a shared win counts "
             f"1/k to each of its k winners.", "",
             f"Regenerate: `uv run --frozen shuffle balance {preset.name}`"
             + (f" --games {rows[0]['games']}" if rows[0]["games"] != preset.games else "") + "", "",
             f"![{preset.title}]({preset.name}.png)", "",
             "## Wins by seat", "",
             "| players | games | finished | median turns | median moves | " + " | ".join(
                 f"seat {i}" for i in range(max(r["players"] for r in rows))) + " | fair share | outcomes |",
             "|--:|--:|--:|--:|--:|" + "--:|" * max(r["players"] for r in rows) + "--:|---|"]
    width = max(r["players"] for r in rows)
    for r in rows:
        cells = [f"{_pct(s['rate'])} ({_ci(s['ci'])})" for s in r["seats"]] + [""] * (width - r["players"])
        finished = _pct(r["finished"]) if r["finished"] in (0, 1) or round(1000 * r["finished"]) < 1000 else ">99.9%"
        lines.append(f"| {r['players']} | {r['games']} | {finished} | {_num(r['median_turns'])} | "
                     f"{_num(r['median_moves'])} | " + " | ".join(cells) + f" | {_pct(1 / r['players'])} | "
                     + ", ".join(f"{k} {v}" for k, v in sorted(r["reasons"].items())) + " |")
    if any(r["roles"] for r in rows):
        names = list(dict.fromkeys(name for r in rows for name in r["roles"]))
        lines += ["", "## Wins by character", "",
                  "| players | " + " | ".join(names) + " | largest gap to 1/n |",
                  "|--:|" + "--:|" * len(names) + "--:|"]
        for r in rows:
            gap = max(abs(v["rate"] - 1 / r["players"]) for v in r["roles"].values())
            lines.append(f"| {r['players']} | " + " | ".join(
                f"{_pct(r['roles'][n]['rate'])} ({_ci(r['roles'][n]['ci'])})" if n in r["roles"] else ""
                for n in names) + f" | {100 * gap:.1f} points |")
    return "\n".join(lines) + "\n"


def plot(preset: Preset, rows: list[dict], path: Path) -> None:
    """Win rates per seat (and per character) with their intervals, and the game lengths: one PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    has_roles = any(r["roles"] for r in rows)
    panels = 3 if has_roles else 2
    fig, axes = plt.subplots(1, panels, figsize=(5.2 * panels, 4.2), dpi=100)
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]

    ax = axes[0]
    width = 0.8 / max(r["players"] for r in rows)
    for k, r in enumerate(rows):
        for seat, s in enumerate(r["seats"]):
            x = k + (seat - (r["players"] - 1) / 2) * width
            ax.bar(x, 100 * s["rate"], width * 0.9, color=colours[seat % len(colours)],
                   label=f"seat {seat}" if k == len(rows) - 1 or seat >= rows[k - 1]["players"] else None)
            ax.errorbar(x, 100 * s["rate"], yerr=[[100 * (s["rate"] - s["ci"][0])], [100 * (s["ci"][1] - s["rate"])]],
                        color="black", capsize=2, linewidth=1)
        ax.hlines(100 / r["players"], k - 0.45, k + 0.45, colors="grey", linestyles="dashed", linewidth=1)
    ax.set_xticks(range(len(rows)), [f"{r['players']} players" for r in rows])
    ax.set_ylabel("win rate, % (95% CI)")
    ax.set_title("Wins by seat (dashed: fair share)")
    handles, labels = ax.get_legend_handles_labels()
    uniq = dict(sorted(zip(labels, handles), key=lambda pair: pair[0]))
    ax.legend(uniq.values(), uniq.keys(), fontsize=8)

    if has_roles:
        ax = axes[1]
        names = list(dict.fromkeys(name for r in rows for name in r["roles"]))
        width = 0.8 / len(rows)
        for k, r in enumerate(rows):
            xs = [i + (k - (len(rows) - 1) / 2) * width for i in range(len(names))]
            rates = [100 * r["roles"].get(n, {"rate": 0})["rate"] for n in names]
            err = [[100 * (r["roles"][n]["rate"] - r["roles"][n]["ci"][0]) if n in r["roles"] else 0 for n in names],
                   [100 * (r["roles"][n]["ci"][1] - r["roles"][n]["rate"]) if n in r["roles"] else 0 for n in names]]
            ax.bar(xs, rates, width * 0.9, color=colours[k % len(colours)], label=f"{r['players']} players")
            ax.errorbar(xs, rates, yerr=err, fmt="none", color="black", capsize=2, linewidth=1)
            ax.hlines(100 / r["players"], -0.5, len(names) - 0.5, colors=colours[k % len(colours)],
                      linestyles="dashed", linewidth=1)
        ax.set_xticks(range(len(names)), names, rotation=30, ha="right", fontsize=8)
        ax.set_ylabel("win rate, % (95% CI)")
        ax.set_title("Wins by character (dashed: 1/n)")
        ax.legend(fontsize=8)

    ax = axes[-1]
    data = [r["turns"] or [0] for r in rows]
    ax.boxplot(data, showfliers=True, flierprops={"markersize": 2})
    ax.set_xticks(range(1, len(rows) + 1), [f"{r['players']} players" for r in rows])
    ax.set_ylabel("turns per game (all seats)")
    ax.set_title("Game length")
    fig.suptitle(f"{preset.title}: {rows[0]['games']} bot games per player count ({preset.bots})")
    fig.tight_layout()
    fig.savefig(path, metadata={"Software": None})
    plt.close(fig)
