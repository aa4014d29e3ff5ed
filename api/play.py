"""The web table (issue 19): `GET /play`, a small client in plain ES modules that proves the
API is enough to build a real table. Static files only (api/static/play/), no CDN, no build
step; not part of the OpenAPI document (like /metrics): it is a client of the API, not API.

Seat tokens travel in the URL's fragment (`/play#table=...&seat=1&token=...`), which a
browser never sends to a server, so they stay out of access logs and Referer headers.
"""

from pathlib import Path

from flask import Blueprint, redirect, send_from_directory

STATIC = Path(__file__).parent / "static" / "play"

blp = Blueprint("play", __name__)


@blp.get("/play")
def index():
    response = send_from_directory(STATIC, "index.html", max_age=0)
    # the page reads its tokens from the fragment; nothing it loads may leak them elsewhere
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["Content-Security-Policy"] = (
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
    return response


@blp.get("/play/")
def slash():
    return redirect("/play", code=308)


@blp.get("/play/<path:name>")
def asset(name: str):
    response = send_from_directory(STATIC, name, max_age=60)
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


def init_app(app) -> None:
    app.register_blueprint(blp)
