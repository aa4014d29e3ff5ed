"""`shuffle`: the project's command line (serve, simulate, balance, verify, replay, validate, transcripts).

    uv run --frozen shuffle --help
"""
