"""Bot games in-process, across the machine's cores: the engine of `shuffle simulate` and `shuffle balance`.

Every bot sees only its seat's view and its own decisions (`{view, pending}`, as at a
server-held table), never the state; one seeded `Rng` per game drives the bots, so the same
arguments give the same games on any machine.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

import core
from core.framework.bots import bot_names, get_bot
from core.framework.rng import Rng

MAX_MOVES = 100_000  # a bot game longer than this is a loop, not a long game


@dataclass(frozen=True)
class Job:
    game: str
    players: int
    bots: tuple  # one name per seat
    seed: int
    options: dict
    max_moves: int = MAX_MOVES
    turn_cap: int | None = None  # stop (unfinished) once the game's turn counter passes this
    deal_roles: bool = False  # The Big Shuffle: deal the characters at random (each measured in every seat)


def characters(options: dict) -> list[str]:
    """The Big Shuffle's characters with these options (an expansion adds its own)."""
    expansions = (None, *options.get("expansions", ()))
    return [c["id"] for c in core.get_game("big-shuffle").cards()
            if c["type"] == "character" and c.get("expansion") in expansions]


def play(job: Job) -> dict:
    """One seeded game between bots: a JSON-able record of it."""
    game = core.get_game(job.game)
    rng = Rng.from_seed(f"simulate:{job.game}:{job.players}:{job.seed}")
    options = dict(job.options)
    if job.deal_roles and job.game == "big-shuffle" and not options.get("characters"):
        options["characters"] = rng.shuffle(characters(options))[:job.players]
    chosen = [get_bot(game, name) for name in job.bots]
    step = core.new_game(job.game, job.players, options, job.seed)
    moves = []
    capped = False
    while step.outcome is None:
        if len(moves) >= job.max_moves or (job.turn_cap and game.turns_played(step.state, moves) > job.turn_cap):
            capped = True
            break
        seat = step.pending[0]["player"]
        seen = {"view": game.view(step.state, seat), "pending": [d for d in step.pending if d["player"] == seat]}
        seen["view"].pop("rng", None)
        move = chosen[seat].choose(seen, rng)
        step = step.play(move)
        moves.append(move)
    state = step.state
    return {
        "game": job.game,
        "seed": job.seed,
        "players": job.players,
        "options": options,
        "seats": [{"seat": i, "bot": job.bots[i], "role": (game.roles(state) or [None] * job.players)[i]}
                  for i in range(job.players)],
        "bots": list(job.bots),
        "outcome": step.outcome,
        "finished": not capped,
        "length": {"moves": len(moves), "turns": game.turns_played(state, moves)},
        **({"extra": extra} if (extra := game.statistics(state)) else {}),
    }


def check_bots(game_id: str, players: int, bots: list[str]) -> tuple:
    """One bot name per seat, from a list of one (every seat) or `players` names; ValueError otherwise."""
    game = core.get_game(game_id)
    known = bot_names(game)
    for name in bots:
        if name not in known:
            raise ValueError(f"{game.name} has no bot {name!r}; its bots: {', '.join(known)}.")
    if len(bots) == 1:
        return tuple(bots) * players
    if len(bots) != players:
        raise ValueError(f"Give one bot for every seat or one per seat ({players}), not {len(bots)}.")
    return tuple(bots)


def run(jobs: list[Job], *, processes: int | None = None, progress=None):
    """Play the jobs, in order, across `processes` worker processes (default: every core); yields records."""
    processes = processes or os.cpu_count() or 1
    if processes == 1 or len(jobs) < 4:
        for job in jobs:
            record = play(job)
            if progress:
                progress()
            yield record
        return
    from multiprocessing import get_context

    chunk = max(1, min(20, len(jobs) // (processes * 8)))
    with get_context("spawn" if os.name == "nt" else "fork").Pool(processes) as pool:
        for record in pool.imap(play, jobs, chunksize=chunk):
            if progress:
                progress()
            yield record
