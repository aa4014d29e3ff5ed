"""A frontend on another origin plays through the API in a real browser (Chromium): CORS as a
browser enforces it, preflights and all.

The API runs on one local origin (the `server` fixture's port); a static page
(tests/browser/cross_origin/) is served from a second one by http.server. The page plays a
stateless game and a sealed game to the end through `fetch`, creates a table, plays its seat
while following the table with `EventSource` as a spectator, and reads an error; Python checks
what it reports. Was: every one of those calls failed in the browser (no CORS headers).
"""

import functools
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from selenium.webdriver.support.ui import WebDriverWait

PAGE = Path(__file__).resolve().parent / "cross_origin"


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def page_origin():
    handler = functools.partial(_Quiet, directory=str(PAGE))
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()
    httpd.server_close()


def test_a_page_on_another_origin_plays_stateless_sealed_and_at_a_table_with_eventsource(server, page_origin,
                                                                                      browser):
    assert page_origin != server["url"]  # two ports: two origins
    browser.get(f"{page_origin}/index.html?api={server['url']}&game=shufflers&seed=3")
    report = WebDriverWait(browser, 240, poll_frequency=0.2).until(lambda d: d.execute_script("return window.report"))
    assert "failure" not in report, report.get("failure")
    assert report["origin"] == page_origin

    stateless = report["stateless"]
    assert stateless["outcome"] is not None and stateless["moves"] == stateless["version"] > 0

    sealed = report["sealed"]
    assert sealed["outcome"] is not None and sealed["version"] > 0 and sealed["sealedLength"] > 0

    table = report["table"]
    assert table["outcome"] is not None and table["moves"] > 0
    # headers a page can read only when the API exposes them
    assert table["location"] == f"/v1/tables/{table['tableId']}"
    assert table["requestId"] == "cross-origin-1" and table["etag"].startswith('"')
    stream = table["stream"]
    assert stream["opened"] and stream["empty"] == 0
    assert stream["versions"] == list(range(table["version"] + 1)), "every step once, in order"
    assert stream["outcome"] == table["outcome"] and "game_over" in stream["kinds"]
    assert stream["closed"], "after the last step EventSource reconnects, gets 204 and stops"

    assert report["errors"]["status"] == 404 and report["errors"]["code"] == "unknown_table"
    assert report["errors"]["requestId"]
