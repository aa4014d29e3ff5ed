"""The `shuffle` command (a console script installed with the project: `uv run --frozen shuffle --help`)."""

from __future__ import annotations

import json
import os
import shutil
import sys
import time
from collections import Counter
from pathlib import Path

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

ROOT = Path(__file__).resolve().parent.parent
err = Console(stderr=True)
out = Console()


def _games() -> list[str]:
    import core

    return [g.id for g in core.all_games()]


def _game(value: str) -> str:
    games = _games()
    if value not in games:
        raise click.BadParameter(f"no game {value!r}; the games: {', '.join(games)}.", param_hint="GAME")
    return value


def _options(value: str | None) -> dict:
    if not value:
        return {}
    try:
        options = json.loads(value)
    except json.JSONDecodeError as bad:
        raise click.BadParameter(f"not JSON: {bad}") from None
    if not isinstance(options, dict):
        raise click.BadParameter("must be a JSON object, e.g. '{\"mode\": \"expert\"}'.")
    return options


def _compiled_engine() -> None:
    """The compiled engine for the commands that play many games in-process, when scripts/compile built
    it for these sources and SHUFFLE_PURE is not set (docs/engine.md, "Compiled path"); before `core` is
    imported, else nothing changes. Never fails: the pure engine plays the same games."""
    try:
        from .compiled import activate

        activate()
    except Exception:  # noqa: BLE001
        pass


def _progress() -> Progress:
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                    TimeRemainingColumn(), console=err, transient=False)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="shuffle-rules")
def main():
    """Shuffle rules: serve the API, simulate and balance bot games, and test servers against the
    golden transcripts."""


# --- serve ----------------------------------------------------------------------------------------
@main.command(context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
@click.option("--host", envvar="HOST", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", envvar="PORT", default=8000, show_default=True, type=click.IntRange(1, 65535),
              help="Port to listen on.")
@click.option("--workers", type=click.IntRange(min=1),
              help="Worker processes (WEB_CONCURRENCY). Default: 1 without REDIS_URL (the embedded "
                   "in-process table store lives in one process), else 2 x cores + 1.")
@click.argument("gunicorn_args", nargs=-1, type=click.UNPROCESSED)
def serve(host, port, workers, gunicorn_args):
    """Serve the API with gunicorn (what scripts/serve runs).

    Settings come from gunicorn.conf.py and the environment (README: Configuration). Without
    REDIS_URL, tables live in the one worker's memory. Extra arguments go to gunicorn, e.g.
    `shuffle serve -- --access-logfile -`.
    """
    env = {**os.environ, "HOST": host, "PORT": str(port)}
    if workers:
        env["WEB_CONCURRENCY"] = str(workers)
    conf = ROOT / "gunicorn.conf.py"
    args = [sys.executable, "-m", "gunicorn"]
    if conf.exists():
        args += ["-c", str(conf)]
    else:  # installed without the repository: gunicorn's defaults, one worker for the embedded store
        args += ["--bind", f"{host}:{port}", "--workers", env.get("WEB_CONCURRENCY", "1")]
    args += [*gunicorn_args, "api:create_app()"]
    os.chdir(ROOT if conf.exists() else os.getcwd())
    os.execve(sys.executable, args, env)


# --- simulate -------------------------------------------------------------------------------------
@main.command()
@click.argument("game")
@click.option("--players", "-p", type=int, required=True, help="Seats in each game.")
@click.option("--games", "-n", "count", type=int, default=100, show_default=True, help="How many games.")
@click.option("--bots", "-b", default="random", show_default=True,
              help="Bot names: one for every seat, or comma-separated one per seat (GET /v1/games/{game} lists them).")
@click.option("--seed", "-s", type=int, default=0, show_default=True, help="Game i uses seed S+i.")
@click.option("--options", "-o", "options_json", help="Game options as a JSON object, e.g. '{\"mode\": \"expert\"}'.")
@click.option("--out", "out_path", default="-", show_default=True, type=click.Path(dir_okay=False, allow_dash=True),
              help="Where the JSON lines go (one per game); '-' is stdout (the summary then goes to stderr).")
@click.option("--jobs", "-j", type=click.IntRange(min=1), help="Worker processes (default: every core).")
@click.option("--max-moves", type=click.IntRange(min=1), default=100_000, show_default=True,
              help="A game still going after this many moves stops unfinished.")
def simulate(game, players, count, bots, seed, options_json, out_path, jobs, max_moves):
    """Play GAME between bots, in-process across the machine's cores.

    Writes one JSON line per game (seed, seats, bots, outcome, length) and prints a summary table.

    \b
    shuffle simulate shufflers --players 2 --games 1000 --out games.jsonl
    shuffle simulate big-shuffle -p 4 -n 200 -b heuristic -o '{"expansions": ["the-law"]}'
    """
    _compiled_engine()
    import core

    from .simulate import Job, check_bots, run

    _game(game)
    options = _options(options_json)
    info = core.get_game(game)
    if not info.min_players <= players <= info.max_players:
        raise click.BadParameter(f"{info.name} is for {info.min_players} to {info.max_players} players, not {players}.",
                                 param_hint="--players")
    if count < 1:
        raise click.BadParameter(f"at least 1 game, not {count}.", param_hint="--games")
    try:
        seats = check_bots(game, players, [b.strip() for b in bots.split(",") if b.strip()])
        core.new_game(game, players, options, seed)
    except ValueError as bad:
        raise click.BadParameter(str(bad), param_hint="--bots") from None
    except core.EngineError as bad:
        raise click.BadParameter(bad.message, param_hint="--options") from None
    jobs_ = [Job(game, players, seats, seed + i, options, max_moves=max_moves) for i in range(count)]
    summary = out if out_path != "-" else err
    stream = sys.stdout if out_path == "-" else open(out_path, "w")
    records = []
    start = time.perf_counter()
    try:
        with _progress() as bar:
            task = bar.add_task(f"{game} x{players}", total=count)
            for record in run(jobs_, processes=jobs, progress=lambda: bar.advance(task)):
                stream.write(json.dumps(record, separators=(",", ":")) + "\n")
                records.append(record)
    finally:
        if stream is not sys.stdout:
            stream.close()
    seconds = time.perf_counter() - start
    table, caption = _summary(info.name, players, records, seconds)
    summary.print(table)
    summary.print(caption)
    if out_path != "-":
        summary.print(f"wrote {len(records)} games to {out_path}")


def _summary(name: str, players: int, records: list[dict], seconds: float) -> tuple[Table, str]:
    from .balance import wilson

    n = len(records)
    wins = [0.0] * players
    for r in records:
        winners = (r["outcome"] or {}).get("winners") or []
        for w in winners:
            wins[w] += 1 / len(winners)
    finished = sum(r["finished"] for r in records)
    lengths = sorted(r["length"]["moves"] for r in records)
    table = Table(title=f"{name}, {players} players: {n} games in {seconds:.1f} s")
    table.add_column("seat")
    table.add_column("bot")
    table.add_column("win rate", justify="right")
    table.add_column("95% CI", justify="right")
    for seat in range(players):
        lo, hi = wilson(wins[seat], n)
        table.add_row(str(seat), records[0]["bots"][seat], f"{100 * wins[seat] / n:.1f}%",
                      f"{100 * lo:.1f}-{100 * hi:.1f}%")
    caption = (f"finished {finished}/{n}; moves per game: median {lengths[n // 2]}, "
               f"min {lengths[0]}, max {lengths[-1]}; reasons: "
               + ", ".join(f"{k} {v}" for k, v in Counter((r["outcome"] or {}).get("reason", "unfinished")
                                                                  for r in records).most_common()))
    return table, caption


# --- balance --------------------------------------------------------------------------------------
@main.command()
@click.argument("game")
@click.option("--games", "-n", "count", type=click.IntRange(min=1), help="Games per player count "
              "(default: the preset's).")
@click.option("--players", "-p", help="Player counts, comma-separated (default: the preset's).")
@click.option("--options", "-o", "options_json", help="Game options (JSON) merged over the preset's, e.g. "
              "'{\"stall_rounds\": 2}'.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=str(ROOT / "docs" / "balance"),
              show_default=True, help="Where the Markdown table and the PNG plot go.")
@click.option("--no-plots", is_flag=True, help="Only the Markdown table.")
@click.option("--json", "json_path", type=click.Path(dir_okay=False),
              help="Also write the figures as JSON to this file (one key per preset).")
@click.option("--jobs", "-j", type=click.IntRange(min=1), help="Worker processes (default: every core).")
def balance(game, count, players, options_json, out_dir, no_plots, json_path, jobs):
    """Win rates per seat and per character, with 95% confidence intervals, and game lengths.

    GAME is a game id or a preset (`all` runs every one): shufflers, shufflers-collaborative,
    big-shuffle, big-shuffle-the-law, showbiz-shuffle. Writes <out>/<preset>.md and
    <out>/<preset>.png (matplotlib) and prints the table.
    """
    _compiled_engine()
    from . import balance as bal

    presets = bal.presets()
    names = list(presets) if game == "all" else [game]
    for name in names:
        if name not in presets:
            raise click.BadParameter(f"no game or preset {name!r}; choose from: all, {', '.join(presets)}.",
                                     param_hint="GAME")
    counts = None
    if players:
        try:
            counts = tuple(int(p) for p in players.split(","))
        except ValueError:
            raise click.BadParameter(f"{players!r} is not a comma-separated list of numbers.",
                                     param_hint="--players") from None
    options = _options(options_json)
    figures = {}
    for name in names:
        preset = presets[name].with_(games=count, players=counts, options=options)
        try:
            preset.check()
        except ValueError as bad:
            raise click.BadParameter(str(bad)) from None
        with _progress() as bar:
            task = bar.add_task(name, total=preset.games * len(preset.players))
            result = bal.measure(preset, processes=jobs, progress=lambda: bar.advance(task))
        markdown = bal.markdown(preset, result)
        os.makedirs(out_dir, exist_ok=True)
        Path(out_dir, f"{name}.md").write_text(markdown)
        written = [f"{name}.md"]
        if not no_plots:
            bal.plot(preset, result, Path(out_dir, f"{name}.png"))
            written.append(f"{name}.png")
        click.echo(markdown)
        out.print(f"wrote {', '.join(str(Path(out_dir, w)) for w in written)}", soft_wrap=True)
        figures[name] = {"game": preset.game, "options": preset.options, "bots": preset.bots,
                         "rows": [{k: v for k, v in row.items() if k not in ("turns", "moves")} for row in result]}
    if json_path:
        Path(json_path).write_text(json.dumps(figures, indent=2) + "\n")
        out.print(f"wrote {json_path}", soft_wrap=True)


# --- verify ---------------------------------------------------------------------------------------
@main.command()
@click.argument("url")
@click.option("--transcripts", "-t", "paths", multiple=True, type=click.Path(),
              help="Transcript files or directories (default: the project's transcripts/).")
@click.option("--loose-text", is_flag=True, help="Also ignore prompts and labels (texts for people).")
@click.option("--timeout", type=float, default=30.0, show_default=True, help="Seconds to wait for each answer.")
def verify(url, paths, loose_text, timeout):
    """Replay the golden transcripts against the server at URL; report the first divergence of each.

    Exit status 0 when every answer matches, 1 when one differs, 2 on bad arguments or an
    unreachable server. Error answers compare by status and `code`; other answers in full.
    """
    from .http import Client, Unreachable
    from .transcripts import TranscriptError, find, load, replay

    try:
        client = Client(url, timeout=timeout)
    except ValueError as bad:
        raise click.BadParameter(str(bad), param_hint="URL") from None
    try:
        files = find(paths)
        loaded = [load(f) for f in files]
    except TranscriptError as bad:
        raise click.BadParameter(str(bad), param_hint="--transcripts") from None
    try:
        client.check()
    except Unreachable as bad:
        err.print(f"[red]Error:[/red] cannot reach {url}: {bad}")
        sys.exit(2)
    table = Table(title=f"verify {client.url}")
    table.add_column("transcript")
    table.add_column("requests", justify="right")
    table.add_column("result")
    failed = []
    try:
        with _progress() as bar:
            task = bar.add_task("transcripts", total=sum(len(ex) for _, ex in loaded))
            for header, exchanges in loaded:
                found = replay(header, exchanges, client.send, loose_text=loose_text,
                               on_exchange=lambda *_: bar.advance(task))
                table.add_row(header["transcript"], str(len(exchanges)),
                              "[green]ok[/green]" if found is None else f"[red]diverges at line {found.line}[/red]")
                if found is not None:
                    failed.append(found)
    except Unreachable as bad:
        err.print(f"[red]Error:[/red] the server stopped answering: {bad}")
        sys.exit(2)
    finally:
        client.close()
    out.print(table)
    for found in failed:  # one line each, never wrapped: the first divergence of each transcript
        out.print(f"DIVERGES {found}", soft_wrap=True, markup=False, highlight=False)
    out.print(f"{len(loaded) - len(failed)} of {len(loaded)} transcripts match" + ("." if not failed else "; "
              f"{len(failed)} diverge."))
    sys.exit(1 if failed else 0)


# --- replay ---------------------------------------------------------------------------------------
@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--check/--no-check", default=True, show_default=True,
              help="Send every request to the app in-process and compare the answers.")
@click.option("--step", "interactive", is_flag=True, help="Stop after each move; Enter goes on, q quits.")
@click.option("--views", is_flag=True, help="Also list the /view requests.")
@click.option("--json", "as_json", is_flag=True,
              help="Print every exchange as a JSON line with its expected answer whole (patches applied).")
def replay(file, check, interactive, views, as_json):
    """Step through a transcript: each request, its expected answer and what happened."""
    from .transcripts import TranscriptError, app, difference, expanded, load, request_bytes, flask_sender

    try:
        header, exchanges = load(file)
    except TranscriptError as bad:
        raise click.BadParameter(str(bad), param_hint="FILE") from None
    send = flask_sender(app().test_client()) if check else None
    if not as_json:
        out.print(f"[bold]{header['transcript']}[/bold]: {header['comment']}")
        out.print(f"{header['players']} players, options {json.dumps(header['options'])}, seed {header['seed']}, "
                  f"{header['moves']} moves, {len(exchanges)} requests; outcome {json.dumps(header['outcome'])}")
    diverged = 0
    for i, (exchange, expected, state) in enumerate(expanded(exchanges)):
        request = exchange["request"]
        found = None
        if send:
            headers, body = request_bytes(request, state)
            status, answer = send(request["method"], request["path"], headers, body)
            found = difference(expected, {"status": status, "body": answer})
            diverged += found is not None
        if as_json:
            click.echo(json.dumps({**exchange, "response": expected}, separators=(",", ":")))
            continue
        if request["path"].endswith("/view") and expected["status"] == 200 and not views and not found:
            continue
        out.print(_describe(i + 2, exchange, expected) + ("" if not send else
                  " [green]ok[/green]" if not found else f" [red]DIFFERS: {found}[/red]"))
        if interactive and request["path"].endswith("/apply") and expected["status"] == 200:
            if click.prompt("", default="", show_default=False, prompt_suffix="").strip().lower() == "q":
                break
    if send and not as_json:
        out.print("every answer matches" if not diverged else f"[red]{diverged} answers differ[/red]")
    sys.exit(1 if diverged else 0)


def _describe(line: int, exchange: dict, expected: dict) -> str:
    request, body = exchange["request"], expected["body"]
    parts = request["path"].split("/")
    where = "/".join(parts[4:]) if parts[1:3] == ["v1", "games"] and len(parts) > 4 else request["path"]
    what = f"line {line} step {exchange['step']}: {request['method']} {where}"
    sent = request.get("body")
    if isinstance(sent, dict) and "move" in sent:
        what += f" {json.dumps(sent['move'], separators=(',', ':'))}"
    elif isinstance(sent, dict) and "player" in sent:
        what += f" player {sent['player']}"
    if expected["status"] >= 400:
        what += f" -> {expected['status']} {body.get('code')}"
    elif isinstance(body, dict) and "events" in body:
        what += " -> " + ", ".join(e["type"] for e in body["events"]) if body["events"] else " -> 200"
        if body.get("outcome"):
            what += f"; outcome {json.dumps(body['outcome'], separators=(',', ':'))}"
    else:
        what += f" -> {expected['status']}"
    if exchange.get("note"):
        what += f"  [dim]({exchange['note']})[/dim]"
    return what


# --- validate -------------------------------------------------------------------------------------
@main.command()
@click.argument("file", type=click.File("rb"))
@click.option("--player", type=int, help="Also print what this seat may see.")
def validate(file, player):
    """Check a state file (STATE.json, or '-' for stdin): is it a consistent position of its game?

    Accepts a bare state, or any object with a `state` field (a Step, an /apply request).
    Exit status 0 when it is, 1 when it is not.
    """
    import core

    try:
        data = json.loads(file.read())
    except (json.JSONDecodeError, UnicodeDecodeError) as bad:
        raise click.BadParameter(f"not JSON: {bad}", param_hint="STATE.json") from None
    state = data.get("state", data) if isinstance(data, dict) else data
    if not isinstance(state, dict) or "game" not in state:
        raise click.BadParameter("not a game state: no `game` field (a state, or an object with a `state`).",
                                 param_hint="STATE.json")
    try:
        core.check_state(state)
        pending = core.decisions(state)
    except core.EngineError as bad:
        err.print(f"[red]invalid[/red] ({bad.code}): {bad.message}")
        for field, messages in (bad.errors or {}).items():
            err.print(f"  {field}: {'; '.join(messages)}")
        sys.exit(1)
    out.print(f"[green]valid[/green]: {state['game']}, {state['players']} players, version {state['version']}, "
              + (f"over: {json.dumps(state['outcome'])}" if state["outcome"] else
                 "waiting for " + ", ".join(f"seat {d['player']} ({d['kind']}, {len(d['options'])} options)"
                                            for d in pending)))
    if player is not None:
        try:
            out.print_json(data=core.view(state, player))
        except core.EngineError as bad:
            raise click.BadParameter(bad.message, param_hint="--player") from None


# --- transcripts ----------------------------------------------------------------------------------
@main.group()
def transcripts():
    """The golden transcripts (transcripts/<game>/<name>.jsonl, docs/transcripts.md)."""


@transcripts.command("generate")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=None,
              help="Directory to write to (default: the project's transcripts/, replaced whole).")
@click.option("--only", multiple=True, help="Only the transcripts whose id contains this text (repeatable).")
def generate_cmd(out_dir, only):
    """Write every planned transcript again (deterministic: the same code writes the same bytes).

    Run it on purpose after a rules change, then review `git diff --stat transcripts/`.
    """
    from .transcripts import DEFAULT_DIR, PLAN, generate

    if only and not any(s in p.id for p in PLAN for s in only):
        raise click.BadParameter(f"no transcript id contains {' or '.join(map(repr, only))}; ids: "
                                 + ", ".join(p.id for p in PLAN), param_hint="--only")
    target = Path(out_dir) if out_dir else DEFAULT_DIR
    if out_dir is None and not only and target.exists():
        shutil.rmtree(target)  # a transcript dropped from the plan goes too
    total = 0
    for path, size in generate(target, only=only or None,
                               progress=lambda plan, path, size: out.print(f"{path}  {size / 1000:,.0f} KB")):
        total += size
    out.print(f"total {total / 1e6:.2f} MB")


@transcripts.command("search")
@click.option("--only", multiple=True, help="Only the plan rows whose id contains this text (repeatable).")
@click.option("--seeds", type=click.IntRange(min=1), default=100, show_default=True, help="Seeds 1..N of each row.")
def search_cmd(only, seeds):
    """Find seeds for the plan again (after a rules change made a transcript lose an event).

    Plays seeds 1..N of each plan row through the engine, and suggests for each game the
    shortest games that together show every decision kind, move kind and event type. Put the
    seeds into PLAN (cli/transcripts.py), then `shuffle transcripts generate`.
    """
    from .transcripts import PLAN, search, suggest

    plans = [p for p in PLAN if not only or any(s in p.id for s in only)]
    if not plans:
        raise click.BadParameter(f"no plan row id contains {' or '.join(map(repr, only))}.", param_hint="--only")
    with _progress() as bar:
        task = bar.add_task("seeds", total=len(plans) * seeds)
        found = search(plans, seeds, progress=lambda: bar.advance(task))
    for game in dict.fromkeys(p.game for p in plans):
        choice, missing = suggest(game, {p.id: found[p.id] for p in plans if p.game == game})
        table = Table(title=f"{game}: suggested seeds")
        for col in ("plan row", "now", "suggested", "moves", "shortest seeds (moves)"):
            table.add_column(col)
        for plan in (p for p in plans if p.game == game):
            row = choice.get(plan.id)
            table.add_row(plan.id, str(plan.seed), str(row["seed"]) if row else "-", str(row["moves"]) if row else "-",
                          ", ".join(f"{r['seed']} ({r['moves']})" for r in found[plan.id][:5]))
        out.print(table)
        if missing:
            out.print(f"[yellow]no seed shows:[/yellow] {', '.join(f'{k} {x}' for k, x in sorted(missing))} "
                      "(a craft in PLAN, more --seeds, or another row)", soft_wrap=True)


@transcripts.command("coverage")
@click.option("--transcripts", "-t", "paths", multiple=True, type=click.Path(),
              help="Transcript files or directories (default: the project's transcripts/).")
def coverage_cmd(paths):
    """Per game: which decision kinds, move kinds, event types and error codes the transcripts show."""
    from .transcripts import UNSHOWN, TranscriptError, coverage, find, load, vocabulary

    try:
        files = find(paths)
    except TranscriptError as bad:
        raise click.BadParameter(str(bad), param_hint="--transcripts") from None
    seen: dict = {}
    for f in files:
        header, exchanges = load(f)
        for kind, items in coverage(header["game"], exchanges).items():
            seen.setdefault(header["game"], {}).setdefault(kind, set()).update(items)
    table = Table(title="transcript coverage")
    for col in ("game", "kind", "covered", "missing"):
        table.add_column(col)
    missing_any = False
    for game, kinds in sorted(seen.items()):
        for kind, items in vocabulary(game).items():
            unshown = set(UNSHOWN.get(game, {}).get(kind, ()))  # documented: docs/transcripts.md
            missing = sorted(set(items) - kinds.get(kind, set()))
            missing_any |= bool(set(missing) - unshown)
            table.add_row(game, kind, f"{len(items) - len(missing)}/{len(items)}",
                          ", ".join(m + (" (unshown, documented)" if m in unshown else "") for m in missing) or "-")
    out.print(table)
    sys.exit(1 if missing_any else 0)


if __name__ == "__main__":
    main()
