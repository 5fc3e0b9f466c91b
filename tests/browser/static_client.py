"""The static client (cetate/web/) served over plain HTTP, without the cetate server: for tests that load the
client's ES modules in Chromium and drive them directly (tests/browser/test_client_*.py)."""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

import cetate

WEB = Path(cetate.__file__).parent / "web"


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".js": "text/javascript"}

    def log_message(self, *args) -> None:
        pass


def client_page(browser):
    """Generator for a module fixture: a page at the origin of the static client (no #app element there, so
    app.js starts nothing), served from a thread for as long as the fixture lives."""
    handler = functools.partial(_QuietHandler, directory=str(WEB))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    page = browser.new_page()
    page.goto(f"http://127.0.0.1:{httpd.server_address[1]}/style.css")
    yield page
    page.close()
    httpd.shutdown()
    httpd.server_close()
