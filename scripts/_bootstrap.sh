# Sourced by scripts/serve and scripts/test: make sure uv is there, then install
# exactly what uv.lock pins into .venv/. Safe to run again; a no-op when up to date.
#
# Sets UV (an array) to the command that runs uv: a uv that pip put outside PATH
# (~/.local/bin after a --user install) still runs as `python3 -m uv`.

UV_VERSION=0.13.8

if command -v uv >/dev/null 2>&1; then
  UV=(uv)
else
  if ! python3 -m uv --version >/dev/null 2>&1; then
    echo "uv not found; installing uv==${UV_VERSION} with pip" >&2
    python3 -m pip install --quiet "uv==${UV_VERSION}" \
      || python3 -m pip install --quiet --user "uv==${UV_VERSION}"
  fi
  UV=(python3 -m uv)
fi

# The default groups (dev, bench) come too: one install serves the API, tests and benchmarks.
# --compile-bytecode: uv compiles what it installs, once and on every core (9 s on a fresh .venv, nothing
# when it is up to date). Without it, the processes a fresh clone's suite starts at once (four pytest
# workers, gunicorns, schemathesis' CLI) each compiled the same site-packages from source as they
# imported them (a fresh clone's suite: 27 CPU seconds and 22 s less with it, docs/testing.md).
"${UV[@]}" sync --frozen --compile-bytecode

# The optional compiled engine (scripts/compile, cli/compiled.py; docs/engine.md, "Compiled path"): Cython
# builds 71 of core/'s modules into a mirror of core/ under ~/.cache/shuffle-rules/compiled, once per version
# of the sources (a cold build some 100 s on two cores; then 0.3 s, and an edit rebuilds the modules it
# touched). No compiler or a failed build: one line of warning and the pure-Python path. SHUFFLE_PURE=1
# builds nothing.
if [ "${SHUFFLE_BOOTSTRAP_COMPILE:-1}" = "1" ]; then
  "${UV[@]}" run --frozen --no-sync python -m cli.compiled --quiet-when-built \
    || echo "scripts/compile: warning: the compiled engine was not built; the engine runs as pure Python" >&2
fi
