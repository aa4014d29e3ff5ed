"""The browser tests' rig: the app on a real socket (werkzeug in a thread, the embedded table
store) and Debian's Chromium driven by Selenium through /usr/bin/chromedriver.

Without Chromium these tests skip on a developer's machine and FAIL in CI (`CI` set, as
.ci/run does): scripts/test installs the browser first (`apt-get install chromium
chromium-driver`, only when /usr/bin/chromium is missing).
"""

import os
import shutil
import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from api import create_app
from time_bounds import bound

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def _missing() -> str | None:
    for path in (CHROMIUM, CHROMEDRIVER):
        if not (os.path.exists(path) or shutil.which(path)):
            return f"{path} is missing: apt-get install -y chromium chromium-driver (scripts/test does)"
    return None


@pytest.fixture(scope="session")
def server():
    """The app, with its in-process table store, served on 127.0.0.1 at a free port."""
    app = create_app({"TESTING": True, "REDIS_URL": None, "RATE_LIMITS_ENABLED": False, "REQUEST_LOG": False,
                      "SSE_KEEPALIVE": 2.0})
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield {"url": f"http://127.0.0.1:{httpd.server_port}", "app": app}
    httpd.shutdown()


@pytest.fixture
def browser_factory():
    """Chromium windows for one test, each quit when the test ends: a page left open (its clock ticking,
    its event stream kept alive) would spend CPU for the rest of the session."""
    problem = _missing()
    if problem:
        if os.environ.get("CI"):
            pytest.fail(f"The browser tests need Chromium: {problem}.")
        pytest.skip(problem)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    made = []

    def make(width: int = 1200, height: int = 900):
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                    "--disable-extensions", "--no-first-run", f"--window-size={width},{height}"):
            options.add_argument(arg)
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        driver.set_page_load_timeout(bound(30))
        if width < 500:  # a desktop window is never that narrow: a phone's viewport, as DevTools makes it
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
        made.append(driver)
        return driver

    yield make
    for driver in made:
        driver.quit()


@pytest.fixture
def browser(browser_factory):
    return browser_factory()
