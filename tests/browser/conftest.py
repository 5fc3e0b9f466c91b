"""Fixtures of the browser tests: a `cetate serve` subprocess and a headless Chromium (Playwright).

The browser is the system Chromium at /usr/bin/chromium (env CETATE_CHROMIUM overrides the path; Playwright's
own browser download is not used). Without it (or without the `playwright` package) the tests are skipped,
unless CETATE_REQUIRE_BROWSER=1, which turns the skip into a failure. The server gets CETATE_BOT_DELAY_S=0.02
so that the bots answer at once, and CETATE_BOT_ITERATIONS=2 so that the search bots of the `normal` and
`hard` levels (the lobby's default and quick play) stop after two iterations instead of thinking 0.3 s or
2 s a move. CETATE_SCREENSHOTS=1 saves screenshots to docs/screenshots/.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("CETATE_CHROMIUM", "/usr/bin/chromium")  # Debian's Chromium
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ROOT = Path(__file__).resolve().parents[2]
SCREENSHOT_DIR = ROOT / "docs" / "screenshots"
BOT_DELAY_S = "0.02"  # CETATE_BOT_DELAY_S for the test server: bots answer almost at once
BOT_ITERATIONS = "2"  # CETATE_BOT_ITERATIONS for the test server: search bots decide in a few ms
SERVER_START_TIMEOUT_S = 30
DEFAULT_TIMEOUT_MS = 15_000


def pytest_configure(config):
    config.addinivalue_line("markers", "browser: end-to-end tests of the web client in Chromium")


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


def _unavailable(reason: str):
    if os.environ.get("CETATE_REQUIRE_BROWSER") == "1":
        pytest.fail(f"browser tests required (CETATE_REQUIRE_BROWSER=1) but {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def chromium_path() -> str:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        _unavailable("the playwright package is not installed (pip install -e '.[dev]')")
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        _unavailable(f"{CHROMIUM} is missing (apt-get install chromium)")
    return CHROMIUM


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _serve_command(port: int, data_dir: Path) -> list[str]:
    script = Path(sys.executable).parent / "cetate"
    base = [str(script)] if script.exists() else [sys.executable, "-m", "cetate.cli"]
    return [*base, "serve", "--host", "127.0.0.1", "--port", str(port), "--data-dir", str(data_dir)]


@pytest.fixture(scope="session")
def server(chromium_path, tmp_path_factory) -> str:
    """Base URL of a `cetate serve` started for this test session (a fresh data dir, quick bots)."""
    data_dir = tmp_path_factory.mktemp("cetate-data")
    log_path = data_dir.parent / "serve.log"
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    env = dict(os.environ, CETATE_BOT_DELAY_S=BOT_DELAY_S, CETATE_BOT_ITERATIONS=BOT_ITERATIONS,
               PYTHONUNBUFFERED="1")
    for name in ("CETATE_DATABASE_URL", "CETATE_DATA_DIR", "CETATE_PUBLIC_URL"):
        env.pop(name, None)
    with open(log_path, "w") as log:
        proc = subprocess.Popen(_serve_command(port, data_dir), stdout=log, stderr=subprocess.STDOUT, env=env,
                                cwd=str(data_dir))
        try:
            _wait_until_up(proc, base, log, log_path)
            yield base
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def _wait_until_up(proc, base: str, log, log_path: Path) -> None:
    def tail() -> str:
        log.flush()
        return log_path.read_text(errors="replace")[-4000:]

    deadline = time.monotonic() + SERVER_START_TIMEOUT_S
    while True:
        if proc.poll() is not None:
            pytest.fail(f"cetate serve exited with {proc.returncode}:\n{tail()}", pytrace=False)
        try:
            with urllib.request.urlopen(f"{base}/api/games", timeout=2) as r:
                if r.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        if time.monotonic() > deadline:
            pytest.fail(f"cetate serve did not answer within {SERVER_START_TIMEOUT_S} s:\n{tail()}", pytrace=False)
        time.sleep(0.2)


# module scope: a live sync Playwright keeps an event loop running in this thread, which would break the
# asyncio.run() of the tests collected after the browser tests (tests/server)
@pytest.fixture(scope="module")
def browser(chromium_path):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


class PageErrors(list):
    """Uncaught JavaScript errors of a page (any of them fails the test)."""


def _new_page(browser, width: int, height: int):
    context = browser.new_context(viewport={"width": width, "height": height}, locale="en-US")
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    page = context.new_page()
    errors = PageErrors()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return context, page, errors


@pytest.fixture
def new_page(browser, server):
    """Factory: a page in a fresh browser context (its own localStorage) at the given viewport size."""
    opened = []

    def make(width: int = 1280, height: int = 720):
        context, page, errors = _new_page(browser, width, height)
        opened.append((context, errors))
        return page

    yield make
    problems = [e for _, errors in opened for e in errors]
    for context, _ in opened:
        context.close()
    if problems:
        pytest.fail("uncaught JavaScript errors:\n" + "\n".join(problems), pytrace=False)


@pytest.fixture
def page(new_page):
    return new_page(1280, 720)


@pytest.fixture(scope="session")
def screenshot():
    """screenshot(page, "name.png"): saved to docs/screenshots/ only when CETATE_SCREENSHOTS=1."""
    enabled = os.environ.get("CETATE_SCREENSHOTS") == "1"
    if enabled:
        SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)

    def take(page, name: str, **kwargs) -> None:
        if enabled:
            page.screenshot(path=str(SCREENSHOT_DIR / name), **kwargs)

    return take

