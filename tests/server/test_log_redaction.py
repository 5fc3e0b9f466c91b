"""Seat tokens never reach a log line (they travel in invite links as `?token=`)."""

import logging

from cetate.server.app import RedactTokens, install_log_redaction


def test_access_log_arguments_lose_their_token():
    record = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1, '%s - "%s %s HTTP/%s" %d',
                               ("127.0.0.1:5000", "GET", "/ws/tables/abc?token=SECRET123&x=1", "1.1", 200), None)
    RedactTokens().filter(record)
    line = record.getMessage()
    assert "SECRET123" not in line and "token=***" in line and "x=1" in line


def test_installed_on_the_uvicorn_loggers(caplog):
    install_log_redaction()
    with caplog.at_level(logging.INFO, logger="uvicorn.access"):
        logging.getLogger("uvicorn.access").info('%s "%s"', "client", "/api/tables/t1?token=abcDEF")
    assert "abcDEF" not in caplog.text and "token=***" in caplog.text
