"""The optional compiled engine: most of `core/`'s modules built with Cython, unchanged, beside the pure path.

    scripts/compile                      # build it for the sources in this tree (or find it built)
    scripts/compile --path               # print the build's directory (exit status 1 when there is none)
    SHUFFLE_PURE=1 scripts/serve         # never use it (and build nothing)

`scripts/_bootstrap.sh` runs `scripts/compile`, so both README commands build it. A build is a full
mirror of `core/` (every module, `__init__.py` and data file, as sources) in which every module but
those of `PURE` also exists as an extension module, which Python's import system prefers to the `.py`
beside it. It lives under the user's cache directory, keyed by a hash of every file of `core/` and of
the Cython, Python and compiler settings (`tree_key`), so another clone of the same sources on the
same machine finds it; each module's extension is cached on its own key too, so an edit to one
module recompiles that module alone. `core/` itself is never written to.

Who uses it (docs/engine.md, "Compiled path"): the server (`gunicorn.conf.py` calls `activate()` before
any worker imports the app), the benchmarks (`bench/playouts.py`, `bench/http_api.py`; `--pure` turns
it off) and `shuffle simulate` / `shuffle balance`. The test suite runs the pure path (tests/conftest.py
sets `SHUFFLE_PURE=1` unless it is set) and checks the compiled one against it
(tests/core/test_compiled_identity.py). `activate()` only ever selects the build of the sources in the
tree: after an edit to `core/`, everything runs the pure path until `scripts/compile` has built again.

Without a C compiler, Cython or Python's headers, or when a module does not compile: one line of
warning, and everything runs the pure path. This module imports nothing of `core`.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "core"

# Bump when what a build produces changes in a way the inputs below do not show.
BUILD_FORMAT = 1

# Every module is compiled but these: the ones measured cold, each under 0.5% of the time in every
# profile taken (random playouts, `core.apply` on a client's state with `as_dict`, bot games; every
# game; docs/engine.md, "Compiled path"). They are declarations, catalogs read once, and rare phases;
# together 15% of the compile time. Globs relative to core/ (fnmatch); a new module is compiled.
PURE = (
    "framework/errors.py", "framework/refusal.py", "framework/registry.py", "framework/timeouts.py",
    "framework/undo.py",
    "games/*/vocabulary.py", "games/*/refusals.py",
    "games/plot_twist/cards.py", "games/showbiz_shuffle/cards.py", "games/showbiz_shuffle/scoring.py",
    "games/plot_twist/between/aftermath.py", "games/plot_twist/bots/between.py", "games/plot_twist/bots/combat.py",
    "games/plot_twist/bots/plots.py", "games/plot_twist/conflict/hands.py",
    "games/plot_twist/effects/card_effects.py", "games/plot_twist/effects/events_cluster.py",
    "games/plot_twist/effects/objectives.py", "games/plot_twist/effects/tally.py",
    "games/plot_twist/effects/twists.py",
)

# gcc flags appended after Python's own (`-g -O3` from sysconfig): docs/engine.md has the figures.
CFLAGS = ["-O1", "-g0"]

# Cython directives: the modules are plain Python and must behave as such. annotation_typing=False
# keeps annotations (`x: int`) from becoming type declarations that Cython checks or turns into C
# types; binding=True gives functions what Python's have (they bind as methods, have
# signatures, defaults and docstrings: doctests run on them).
DIRECTIVES = {"language_level": 3, "annotation_typing": False, "binding": True}

# Files of core/ that are neither mirrored nor hashed: caches, in-place build products, editor files.
_SKIP_DIRS = {"__pycache__"}
_SKIP_SUFFIXES = (".pyc", ".pyo", ".so", ".pyd", ".c", ".o", ".html", ".swp", "~")


def _env_pure() -> bool:
    return os.environ.get("SHUFFLE_PURE", "").strip().lower() not in ("", "0", "false", "no", "off")


def cache_roots() -> list[Path]:
    """Where builds live, in order: `$SHUFFLE_COMPILED_CACHE` if set, else
    `${XDG_CACHE_HOME:-~/.cache}/shuffle-rules/compiled`, then `build/compiled` in the checkout (ignored
    by git), used when the first cannot be written (a read-only home directory)."""
    explicit = os.environ.get("SHUFFLE_COMPILED_CACHE")
    if explicit:
        return [Path(explicit)]
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return [Path(base) / "shuffle-rules" / "compiled", ROOT / "build" / "compiled"]


def cache_root() -> Path:
    """The first of cache_roots() that can be written (created if need be): where a build goes."""
    roots = cache_roots()
    for root in roots:
        try:
            root.mkdir(parents=True, exist_ok=True)
        except OSError:
            continue
        if os.access(root, os.W_OK | os.X_OK):
            return root
    return roots[-1]


def source_files(source: Path = SOURCE) -> list[str]:
    """Every file of the engine, relative to `source`'s parent (`core/...`), sorted."""
    out = []
    for dirpath, dirnames, filenames in os.walk(source):
        dirnames[:] = sorted(d for d in dirnames if d not in _SKIP_DIRS and not d.startswith("."))
        for name in filenames:
            if name.startswith(".") or name.endswith(_SKIP_SUFFIXES):
                continue
            out.append(os.path.relpath(os.path.join(dirpath, name), source.parent))
    return sorted(out)


def compiled_modules(files: list[str]) -> list[str]:
    """The files of `files` that are compiled: every `.py` module but `__init__.py` and those of PURE."""
    import fnmatch

    out = []
    for rel in files:
        inner = rel.split("/", 1)[1] if "/" in rel else rel
        if not rel.endswith(".py") or rel.endswith("__init__.py"):
            continue
        if not any(fnmatch.fnmatchcase(inner, pattern) for pattern in PURE):
            out.append(rel)
    return out


def cython_version() -> str | None:
    try:
        from importlib.metadata import PackageNotFoundError, version
    except ImportError:  # pragma: no cover
        return None
    try:
        return version("cython")
    except PackageNotFoundError:
        return None


def _toolchain() -> dict:
    """What else the machine code depends on: Python's ABI, the compiler and the flags."""
    return {
        "python": sys.version,
        "abi": f"{sys.implementation.cache_tag} {sysconfig.get_config_var('EXT_SUFFIX')}",
        "cc": os.environ.get("CC") or sysconfig.get_config_var("CC"),
        "env": {k: os.environ[k] for k in ("CFLAGS", "CPPFLAGS", "LDFLAGS", "LDSHARED") if os.environ.get(k)},
        "cflags": CFLAGS,
        "directives": DIRECTIVES,
        "format": BUILD_FORMAT,
    }


def _digest(*parts) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(part if isinstance(part, bytes) else json.dumps(part, sort_keys=True).encode())
        h.update(b"\0")
    return h.hexdigest()


def module_key(rel: str, source_bytes: bytes, cython: str) -> str:
    """The cache key of one module's extension: its path (its qualified name), its source, the toolchain."""
    return _digest(rel, source_bytes, cython, _toolchain())[:32]


def tree_key(source: Path = SOURCE, cython: str | None = None) -> tuple[str, list[str], list[str]] | None:
    """(key, files, compiled modules) of the engine in `source`, or None without Cython."""
    cython = cython or cython_version()
    if cython is None:
        return None
    files = source_files(source)
    h = hashlib.sha256()
    for rel in files:
        h.update(rel.encode() + b"\0")
        h.update((source.parent / rel).read_bytes())
        h.update(b"\0")
    modules = compiled_modules(files)
    return _digest(h.hexdigest(), cython, _toolchain(), modules)[:24], files, modules


# --- choosing the engine ---------------------------------------------------------------------------
class Engine:
    """Which engine a process runs: `path` is the build's directory (first on sys.path), or None."""

    def __init__(self, path: Path | None, reason: str, manifest: dict | None = None):
        self.path, self.reason, self.manifest = path, reason, manifest or {}

    @property
    def compiled(self) -> bool:
        return self.path is not None

    def describe(self) -> str:
        if not self.compiled:
            return "pure Python"
        m = self.manifest
        return f"compiled (Cython {m.get('cython')}, {len(m.get('compiled', []))} modules)"

    def as_dict(self) -> dict:
        out = {"engine": self.describe(), "compiled": self.compiled}
        if self.compiled:
            out.update(path=str(self.path), cflags=self.manifest.get("cflags"), key=self.manifest.get("key"))
        else:
            out["reason"] = self.reason
        return out


def find(pure: bool | None = None) -> Engine:
    """The compiled build of the sources in this tree, if it exists and is wanted (no side effect).
    `pure=None` follows SHUFFLE_PURE; `pure=False` looks even when SHUFFLE_PURE=1 (the tests)."""
    if pure if pure is not None else _env_pure():
        return Engine(None, "SHUFFLE_PURE=1" if pure is None else "--pure")
    try:
        keyed = tree_key()
    except OSError as exc:
        return Engine(None, f"cannot read core/: {exc}")
    if keyed is None:
        return Engine(None, "Cython is not installed")
    key = keyed[0]
    for root in cache_roots():
        try:
            manifest = json.loads((root / key / "BUILD.json").read_text())
        except (OSError, ValueError):
            continue
        return Engine(root / key, "built", manifest)
    return Engine(None, f"no compiled build of these sources (scripts/compile builds it, key {key})")


def activate(pure: bool | None = None, required: bool = False) -> Engine:
    """Put the compiled build first on sys.path, to be called before anything imports `core`.
    Returns the Engine this process runs. With `required`, a missing build raises RuntimeError."""
    engine = find(pure)
    if required and not engine.compiled:
        raise RuntimeError(f"the compiled engine is required but absent: {engine.reason}")
    loaded = sys.modules.get("core")
    if loaded is not None:
        here = Path(getattr(loaded, "__file__", "") or "").resolve()
        inside = engine.compiled and engine.path.resolve() in here.parents
        if engine.compiled and not inside:
            if required:
                raise RuntimeError("core was imported before the compiled engine could be selected")
            return Engine(None, "core was imported before the compiled engine was selected")
        return engine
    if engine.compiled:
        entry = str(engine.path)
        if entry in sys.path:
            sys.path.remove(entry)
        sys.path.insert(0, entry)
        try:
            os.utime(engine.path / "BUILD.json")  # its last use: pruning keeps the builds used last
        except OSError:
            pass
    return engine


def running() -> Engine:
    """The engine the already imported `core` is (for reports): compiled when it comes from a build."""
    core = sys.modules.get("core")
    if core is None:
        return Engine(None, "core is not imported")
    top = Path(core.__file__).resolve().parent.parent
    try:
        manifest = json.loads((top / "BUILD.json").read_text())
    except (OSError, ValueError):
        return Engine(None, "core comes from the sources")
    return Engine(top, "running", manifest)


# --- building ----------------------------------------------------------------------------------------
def _warn(message: str) -> None:
    print(f"scripts/compile: {message}", file=sys.stderr, flush=True)


def toolchain_problem() -> str | None:
    """Why no extension can be built here, or None."""
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        return f"no C compiler ({cc})"
    include = sysconfig.get_paths().get("include") or ""
    if not os.path.exists(os.path.join(include, "Python.h")):
        return f"no Python headers ({include}/Python.h; Debian: python3-dev)"
    return None


def _build_one(job: tuple) -> tuple[str, str | None, float, float]:
    """In a worker process: cythonize and compile one module of the staged tree `stage` into
    `objects/<key>.so`. A failure leaves its log in `failed/`: as `<key>.cython.log` when Cython refused
    the source (the same source and Cython refuse it again: it is not tried again), else `<key>.log`.
    Returns (rel, error or None, Cython seconds, C compiler seconds)."""
    rel, key, stage, work, root = job
    log_path = os.path.join(work, key + ".log")
    saved = os.dup(1), os.dup(2)
    log = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(log, 1)
    os.dup2(log, 2)
    t0 = t1 = time.perf_counter()
    refused = False
    try:
        from Cython.Build import cythonize
        from setuptools import Distribution, Extension
        from setuptools.command.build_ext import build_ext

        name = rel[: -len(".py")].replace("/", ".")
        os.chdir(stage)
        ext = Extension(name, [rel], extra_compile_args=list(CFLAGS))
        directives = {k: v for k, v in DIRECTIVES.items() if k != "language_level"}
        try:
            exts = cythonize([ext], build_dir=os.path.join(work, "c", key), quiet=True, force=True,
                             language_level=DIRECTIVES["language_level"], compiler_directives=directives)
        except Exception:
            refused = True
            raise
        t1 = time.perf_counter()
        dist = Distribution({"ext_modules": exts, "script_name": "compile", "script_args": []})
        cmd = build_ext(dist)
        cmd.build_lib = os.path.join(work, "lib", key)
        cmd.build_temp = os.path.join(work, "tmp", key)
        cmd.ensure_finalized()
        cmd.run()
        built = os.path.join(cmd.build_lib, *name.split(".")[:-1], os.path.basename(cmd.get_ext_filename(name)))
        part = os.path.join(root, "objects", key + ".so.part")
        shutil.move(built, part)
        os.replace(part, os.path.join(root, "objects", key + ".so"))
        error = None
    except BaseException as exc:  # noqa: BLE001 - reported by the parent
        error = f"{type(exc).__name__}: {exc}".strip().splitlines()[0][:160]
    finally:
        t2 = time.perf_counter()
        sys.stdout.flush()
        sys.stderr.flush()
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        os.close(log)
    if error:
        os.makedirs(os.path.join(root, "failed"), exist_ok=True)
        with open(log_path, "a") as f:
            f.write(f"\n{rel}: {error}\n")
        shutil.copy(log_path, os.path.join(root, "failed", key + (".cython.log" if refused else ".log")))
    return rel, error, t1 - t0, t2 - t1


class _Lock:
    """An exclusive lock on a file (two builds at once wait for each other), where fcntl exists."""

    def __init__(self, path: Path):
        self.path = path

    def __enter__(self):
        self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            import fcntl

            fcntl.flock(self.fd, fcntl.LOCK_EX)
        except ImportError:  # pragma: no cover
            pass
        return self

    def __exit__(self, *exc):
        os.close(self.fd)


def build(jobs: int | None = None, root: Path | None = None, quiet: bool = False) -> Engine:
    """Build the compiled engine of the sources in this tree (or find it built): a new mirror under
    `root` (default cache_root()), each module's extension from the per-module cache when it is there.
    Never raises for a missing toolchain or a failed module: it warns and builds what it can."""
    if _env_pure():
        return Engine(None, "SHUFFLE_PURE=1")
    cython = cython_version()
    if cython is None:
        _warn("warning: Cython is not installed (uv sync installs the `compile` group); the engine runs as pure Python")
        return Engine(None, "Cython is not installed")
    key, files, modules = tree_key(cython=cython)
    if root is None:
        found = find(False)
        if found.compiled:
            return found
        root = cache_root()
    target = root / key
    if (target / "BUILD.json").exists():
        return Engine(target, "built", json.loads((target / "BUILD.json").read_text()))
    problem = toolchain_problem()
    if problem:
        _warn(f"warning: {problem}: the engine runs as pure Python")
        return Engine(None, problem)
    (root / "objects").mkdir(parents=True, exist_ok=True)
    with _Lock(root / ".lock"):
        if (target / "BUILD.json").exists():  # another build finished it while this one waited
            return Engine(target, "built", json.loads((target / "BUILD.json").read_text()))
        return _build_locked(root, key, files, modules, cython, jobs, quiet)


def _build_locked(root: Path, key: str, files: list[str], modules: list[str], cython: str,
                  jobs: int | None, quiet: bool) -> Engine:
    started = time.perf_counter()
    objects = root / "objects"
    stage = Path(tempfile.mkdtemp(prefix=f".build-{key}-", dir=root))
    work = Path(tempfile.mkdtemp(prefix="shuffle-compile-"))
    try:
        for rel in files:
            dest = stage / rel
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(SOURCE.parent / rel, dest)
        keys = {rel: module_key(rel, (SOURCE.parent / rel).read_bytes(), cython) for rel in modules}
        failed = {rel: root / "failed" / f"{keys[rel]}.cython.log" for rel in modules
                  if (root / "failed" / f"{keys[rel]}.cython.log").exists()}
        todo = [rel for rel in modules if rel not in failed and not (objects / f"{keys[rel]}.so").exists()]
        # The biggest modules first: with two workers the last one to start is a short one.
        todo.sort(key=lambda rel: -(SOURCE.parent / rel).stat().st_size)
        if todo and not quiet:
            _warn(f"building the compiled engine (Cython {cython}, {' '.join(CFLAGS)}): "
                  f"{len(todo)} of {len(modules)} modules to compile, on {jobs or os.cpu_count()} cores ...")
        seconds = {}
        if todo:
            from concurrent.futures import ProcessPoolExecutor
            from multiprocessing import get_context

            jobs_ = [(rel, keys[rel], str(stage), str(work), str(root)) for rel in todo]
            with ProcessPoolExecutor(max_workers=jobs or os.cpu_count() or 1, mp_context=get_context("spawn")) as pool:
                for rel, error, cy_s, cc_s in pool.map(_build_one, jobs_):
                    seconds[rel] = [round(cy_s, 2), round(cc_s, 2)]
                    if error:
                        log = root / "failed" / f"{keys[rel]}.cython.log"
                        failed[rel] = log if log.exists() else root / "failed" / f"{keys[rel]}.log"
        if failed:
            first = sorted(failed)[0]
            lines = failed[first].read_text(errors="replace").strip().splitlines()
            # Cython's own message names the line ("core/x.py:12:5: ..."); else the error's last line.
            said = next((line for line in lines if line.startswith(first + ":") and line[len(first) + 1:][:1].isdigit()),
                        lines[-1] if lines else "?")
            more = f" (and {len(failed) - 1} more modules)" if len(failed) > 1 else ""
            _warn(f"warning: {first}{more} did not compile: {said[:200]} (log: {failed[first]}); "
                  "the engine runs as pure Python")
            return Engine(None, f"{first}{more} did not compile")
        compiled = []
        for rel in modules:
            so = objects / f"{keys[rel]}.so"
            if not so.exists():
                raise RuntimeError(f"{so} is missing")
            dest = stage / (rel[: -len(".py")] + sysconfig.get_config_var("EXT_SUFFIX"))
            try:
                os.link(so, dest)
            except OSError:
                shutil.copy2(so, dest)
            compiled.append(rel)
        manifest = {
            "key": key, "cython": cython, "python": sys.version.split()[0], "cflags": CFLAGS,
            "directives": DIRECTIVES, "compiled": compiled, "module_keys": keys,
            "built": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "seconds": round(time.perf_counter() - started, 1),
            "module_seconds": seconds, "source": str(SOURCE),
        }
        problem = _smoke(stage, compiled)
        if problem:
            _warn(f"warning: the compiled engine does not work ({problem}); the engine runs as pure Python")
            return Engine(None, problem)
        (stage / "BUILD.json").write_text(json.dumps(manifest, indent=1))
        target = root / key
        os.replace(stage, target)
        stage = None
        if todo and not quiet:
            _warn(f"built the compiled engine in {manifest['seconds']:.0f} s: {target}")
        _prune(root)
        return Engine(target, "built", manifest)
    finally:
        if stage is not None:
            shutil.rmtree(stage, ignore_errors=True)
        shutil.rmtree(work, ignore_errors=True)


def _smoke(path: Path, compiled: list[str]) -> str | None:
    """Import the build in a fresh interpreter and play a few moves of every game: None when it works."""
    import subprocess

    code = (
        "import sys, importlib; sys.path.insert(0, sys.argv[1]); import core\n"
        "mods = sys.argv[2:]\n"
        "for rel in mods:\n"
        "    m = importlib.import_module(rel[:-3].replace('/', '.'))\n"
        "    assert m.__file__.endswith(('.so', '.pyd')), m.__file__\n"
        "for g in core.all_games():\n"
        "    step = core.new_game(g.id, g.min_players, {}, 1)\n"
        "    for _ in range(5):\n"
        "        if not step.pending: break\n"
        "        step = step.play(step.pending[0]['options'][0])\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    try:
        done = subprocess.run([sys.executable, "-c", code, str(path), *compiled], capture_output=True, text=True,
                              env=env, cwd=str(path), timeout=300)
    except (OSError, subprocess.SubprocessError) as exc:
        return str(exc)
    if done.returncode != 0:
        return (done.stderr.strip().splitlines() or ["exit status %d" % done.returncode])[-1]
    return None


def _prune(root: Path, keep: int = 6) -> None:
    """Keep the `keep` builds used last and any used within a day (each holds hard links to its
    extensions, so it stands alone); remove the rest, and extensions and logs no build kept uses
    that are two weeks old."""
    builds = sorted((p for p in root.iterdir() if (p / "BUILD.json").exists()),
                    key=lambda p: (p / "BUILD.json").stat().st_mtime, reverse=True)
    for old in builds[keep:]:
        if time.time() - (old / "BUILD.json").stat().st_mtime > 86400:  # not one a server started today
            shutil.rmtree(old, ignore_errors=True)
    used = set()
    for b in builds[:keep]:
        try:
            used.update(json.loads((b / "BUILD.json").read_text()).get("module_keys", {}).values())
        except (OSError, ValueError):
            pass
    for leftover in [*(root / "objects").glob("*.so"), *(root / "failed").glob("*.log")]:
        if leftover.name.split(".")[0] not in used and time.time() - leftover.stat().st_mtime > 14 * 86400:
            leftover.unlink(missing_ok=True)
    for stale in root.glob(".build-*"):  # a build killed half-way
        if time.time() - stale.stat().st_mtime > 3600:
            shutil.rmtree(stale, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    import argparse

    ap = argparse.ArgumentParser(prog="scripts/compile", description=__doc__.split("\n\n")[0])
    ap.add_argument("--path", action="store_true",
                    help="print the build's directory for these sources and exit (exit status 1 when there is none)")
    ap.add_argument("--jobs", "-j", type=int, help="modules compiled at once (default: every core)")
    ap.add_argument("--quiet-when-built", action="store_true",
                    help="print nothing when the build exists already (scripts/_bootstrap.sh)")
    args = ap.parse_args(argv)
    if args.path:
        engine = find(False)
        if engine.compiled:
            print(engine.path)
        return 0 if engine.compiled else 1
    if args.quiet_when_built and find().compiled:
        return 0
    try:
        engine = build(args.jobs)
    except Exception as exc:  # noqa: BLE001 - never fail the caller: the pure path works
        _warn(f"warning: the compiled engine could not be built ({type(exc).__name__}: {exc}); "
              "the engine runs as pure Python")
        return 0
    if engine.compiled and not args.quiet_when_built:
        _warn(f"{engine.describe()}: {engine.path}")
    return 0


if __name__ == "__main__":
    from cli.compiled import main as _main  # the pool's workers find the functions of cli.compiled by name

    sys.exit(_main())
