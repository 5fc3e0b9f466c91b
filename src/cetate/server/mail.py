"""Outgoing mail through the configured SMTP server (`CETATE_SMTP_*`, docs/turn-based.md), with the standard
library's `smtplib` in a worker thread of its own, so the loop never waits on a mail server. With no
`CETATE_SMTP_HOST` nothing is sent at all. A mail that fails is logged (without its address) and dropped:
a notification is a courtesy, never a reason to hold a game up.
"""

from __future__ import annotations

import logging
import re
import smtplib
import ssl
from concurrent.futures import Future, ThreadPoolExecutor
from email.message import EmailMessage
from email.utils import formatdate, make_msgid

from cetate.server.settings import Settings

log = logging.getLogger("cetate.server.mail")

EMAIL_MAX = 254
# one address, as people type it: something@a.domain, no spaces, no second @, no control characters
_EMAIL = re.compile(r"^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
                    r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$")
SMTP_TIMEOUT_S = 20.0


def valid_email(text: str) -> bool:
    return len(text) <= EMAIL_MAX and _EMAIL.fullmatch(text) is not None


class Mailer:
    def __init__(self, settings: Settings) -> None:
        self.host = settings.smtp_host
        self.port = settings.smtp_port
        self.user = settings.smtp_user
        self.password = settings.smtp_password
        self.sender = settings.smtp_from or f"cetate@{self.host or 'localhost'}"
        self._pool: ThreadPoolExecutor | None = None
        self.sent = 0  # mails the server accepted (for tests and the log)

    @property
    def configured(self) -> bool:
        return bool(self.host)

    def send(self, to: str, subject: str, text: str) -> Future | None:
        """Queue one plain-text mail; None (and nothing sent) when no SMTP server is configured."""
        if not self.configured:
            return None
        if self._pool is None:
            self._pool = ThreadPoolExecutor(1, thread_name_prefix="cetate-mail")
        message = EmailMessage()
        message["From"] = self.sender
        message["To"] = to
        message["Subject"] = subject
        message["Date"] = formatdate(localtime=False)
        message["Message-ID"] = make_msgid(domain=self.sender.rpartition("@")[2] or None)
        message.set_content(text)
        return self._pool.submit(self._deliver, message)

    def _deliver(self, message: EmailMessage) -> bool:
        try:
            if self.port == 465:
                smtp: smtplib.SMTP = smtplib.SMTP_SSL(self.host, self.port, timeout=SMTP_TIMEOUT_S,
                                                      context=ssl.create_default_context())
            else:
                smtp = smtplib.SMTP(self.host, self.port, timeout=SMTP_TIMEOUT_S)
            with smtp:
                smtp.ehlo()
                if self.port != 465 and smtp.has_extn("starttls"):
                    smtp.starttls(context=ssl.create_default_context())
                    smtp.ehlo()
                if self.user:
                    smtp.login(self.user, self.password or "")
                smtp.send_message(message)
            self.sent += 1
            return True
        except Exception as exc:  # the address stays out of the log
            log.warning("a notification mail was not sent: %s", type(exc).__name__)
            return False

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True)
            self._pool = None
