# syntax=docker/dockerfile:1
# The API image: gunicorn serving api:create_app(), dependencies exactly as uv.lock pins them.
#   docker build -t shuffle-rules .
#   docker run -p 8000:8000 shuffle-rules                                  # embedded store
#   docker run -p 8000:8000 -e REDIS_URL=redis://host:6379/0 shuffle-rules  # tables in Redis
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    UV_COMPILE_BYTECODE=1 \
    UV_LINK_MODE=copy \
    UV_PYTHON_DOWNLOADS=never \
    UV_PROJECT_ENVIRONMENT=/app/.venv

RUN pip install --no-cache-dir uv==0.13.8

WORKDIR /app

# Dependencies first, in their own layer: it is rebuilt only when the lock changes.
# Runtime dependencies only: no dev group (tests), no bench group (rlcard, numpy), no compile group
# (Cython): the slim image has no C compiler, so it serves the pure-Python engine (docs/engine.md,
# "Compiled path"; gunicorn.conf.py finds no Cython and no build, and says "engine: pure Python").
COPY pyproject.toml uv.lock README.md ./
RUN --mount=type=cache,target=/root/.cache/uv \
    uv sync --frozen --no-dev --no-group bench --no-group compile --no-install-project

COPY . .
RUN --mount=type=cache,target=/root/.cache/uv \
    uv sync --frozen --no-dev --no-group bench --no-group compile

RUN useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin app
USER app

ENV PATH="/app/.venv/bin:$PATH" \
    HOST=0.0.0.0 \
    PORT=8000
EXPOSE 8000

# No curl in the slim image; urlopen raises (exit 1) on an error status or no answer.
HEALTHCHECK --interval=15s --timeout=5s --start-period=15s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/healthz' % os.environ.get('PORT', '8000'), timeout=4)"]

# Exec form: gunicorn is PID 1 and gets SIGTERM for a graceful stop.
ENTRYPOINT ["gunicorn", "-c", "gunicorn.conf.py", "api:create_app()"]
