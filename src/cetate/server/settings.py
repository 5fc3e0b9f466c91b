"""Server settings: from `cetate serve` flags, then the environment, then the defaults (docs/server.md).

    CETATE_DATA_DIR       data folder (default ./data); the default database is <data dir>/cetate.sqlite3
    CETATE_DATABASE_URL   a SQLAlchemy URL (sqlite:///..., postgresql://...); overrides the data dir's file
    CETATE_REDIS_URL      Redis for cluster mode (redis://host:6379/0): several workers or machines share the
                          tables over one PostgreSQL database (docs/deploy.md); unset: one process
    CETATE_WORKERS        worker processes of `cetate serve` (default 1; more needs PostgreSQL and Redis)
    CETATE_BOT_WORKERS    processes deciding bot moves (default 2; 0 decides in a thread of the server)
    CETATE_BOT_DELAY_S    pause before a bot plays, in seconds (default 0.6)
    CETATE_BOT_THINK_MS   cap on a search bot's time per decision, in ms (default: none; the levels' own
                          budgets are about 300 ms for normal and 2000 ms for hard)
    CETATE_BOT_ITERATIONS search bots stop after this many iterations instead of their time budget
                          (default: none); the same moves on any machine, and quick: for tests
    CETATE_MAX_BODY_BYTES largest request body accepted (default 65536)
    CETATE_PUBLIC_URL     base of the invite links (default: the URL the creating request came to)
    CETATE_SESSION_DAYS   a signed-in browser stays signed in this long after its last visit (default 30)
    CETATE_GC_FREEZE_S    every this many seconds the objects alive then leave the garbage collector's
                          scans (gc.freeze), so a full collection never walks every table (default 5;
                          0: never; cetate.server.app.GcKeeper)

Turn-based play and its notifications (docs/turn-based.md; no SMTP host: no mail is sent):
    CETATE_TURN_SWEEP_S   how often this process looks for late moves at turn-based tables (default 30)
    CETATE_SMTP_HOST      the SMTP server that sends "your turn" mails (default: none)
    CETATE_SMTP_PORT      its port (default 25; 465: TLS from the start; else STARTTLS when it offers it)
    CETATE_SMTP_USER, CETATE_SMTP_PASSWORD   sign in to it with these (default: no sign-in)
    CETATE_SMTP_FROM      the mails' sender address (default cetate@<the SMTP host>)

Per-client rate limits (requests a minute from one IP address, a whole minute's worth allowed at once;
0 turns a limit off; see cetate.server.limits):
    CETATE_RATE_CREATE_PER_MIN  new tables, POST /api/tables (default 30)
    CETATE_RATE_WS_PER_MIN      WebSocket connections, /ws/tables/{id} (default 120)
    CETATE_RATE_JOIN_PER_MIN    POST /api/tables/{id}/join (default 30)
    CETATE_RATE_CHAT_PER_MIN    chat lines, POST /api/tables/{id}/chat and the socket's `say` (default 30)
    CETATE_RATE_HINT_PER_MIN    POST /api/tables/{id}/hint (default 30)
    CETATE_RATE_SIGNIN_PER_MIN  sign-in and sign-up attempts, POST /api/account/signin|signup (default 10)
Caps per server process (0: no cap):
    CETATE_MAX_LIVE_TABLES      unfinished tables; a new table is refused (503 server_full) at the cap (default 5000)
    CETATE_MAX_SOCKETS          open WebSockets; one more is refused (close 1013) at the cap (default 10000)
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from pathlib import Path

DEFAULT_DATA_DIR = Path("data")
DATABASE_FILE = "cetate.sqlite3"
RATES = ("rate_create_per_min", "rate_ws_per_min", "rate_join_per_min", "rate_chat_per_min", "rate_hint_per_min",
         "rate_signin_per_min")
CAPS = ("max_live_tables", "max_sockets")


@dataclass(frozen=True)
class Settings:
    database_url: str | None = None  # None: the SQLite file in data_dir
    redis_url: str | None = None  # cluster mode (cetate.server.cluster); None: the embedded single process
    workers: int = 1  # processes `cetate serve` starts on its port
    data_dir: Path = field(default_factory=lambda: DEFAULT_DATA_DIR)
    bot_workers: int = 2
    bot_delay_s: float = 0.6
    bot_think_ms: float | None = None  # cap on a search bot's time per decision (None: the level's budget)
    bot_iterations: int | None = None  # search bots stop after this many iterations, with no time budget
    max_body_bytes: int = 64 * 1024
    public_url: str | None = None
    finished_tables_cached: int = 64  # finished tables kept in memory after they were read
    # per-client rate limits: requests a minute (a minute's worth at once); 0: no limit
    rate_create_per_min: int = 30
    rate_ws_per_min: int = 120  # reconnects, tabs, hot-seat switches, several people behind one NAT
    rate_join_per_min: int = 30
    rate_chat_per_min: int = 30
    rate_hint_per_min: int = 30
    rate_signin_per_min: int = 10  # sign-in and sign-up attempts (docs/accounts.md)
    session_days: float = 30.0  # a signed-in browser stays signed in this long after its last visit
    max_live_tables: int = 5000  # unfinished tables held by the process (0: no cap)
    max_sockets: int = 10000  # open WebSockets held by the process (0: no cap)
    gc_freeze_s: float = 5.0  # how often long-lived objects leave the garbage collector's scans (0: never)
    # turn-based play (cetate.server.turns): the late-move sweep's period, and the SMTP server for mails
    turn_sweep_s: float = 30.0
    smtp_host: str | None = None
    smtp_port: int = 25
    smtp_user: str | None = None
    smtp_password: str | None = field(default=None, repr=False)
    smtp_from: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "data_dir", Path(self.data_dir))
        if self.workers < 1:
            raise ValueError("workers must be 1 or more")
        if self.bot_workers < 0:
            raise ValueError("bot_workers must be 0 or more")
        if self.bot_delay_s < 0:
            raise ValueError("bot_delay_s must be 0 or more")
        if self.bot_think_ms is not None and self.bot_think_ms <= 0:
            raise ValueError("bot_think_ms must be positive")
        if self.bot_iterations is not None and self.bot_iterations <= 0:
            raise ValueError("bot_iterations must be positive")
        if self.max_body_bytes <= 0:
            raise ValueError("max_body_bytes must be positive")
        if self.session_days <= 0:
            raise ValueError("session_days must be positive")
        if self.turn_sweep_s <= 0:
            raise ValueError("turn_sweep_s must be positive")
        if not 0 < self.smtp_port < 65536:
            raise ValueError("smtp_port must be from 1 to 65535")
        if self.gc_freeze_s < 0:
            raise ValueError("gc_freeze_s must be 0 (never) or more")
        for name in RATES + CAPS:
            if getattr(self, name) < 0:
                raise ValueError(f"{name} must be 0 (no {'limit' if name in RATES else 'cap'}) or more")

    @property
    def url(self) -> str:
        """The database URL in use."""
        if self.database_url:
            return self.database_url
        return f"sqlite:///{self.data_dir / DATABASE_FILE}"

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None, **overrides) -> Settings:
        """Settings from the environment; keyword arguments that are not None win (CLI flags)."""
        env = os.environ if environ is None else environ
        values: dict = {}
        if env.get("CETATE_DATA_DIR"):
            values["data_dir"] = Path(env["CETATE_DATA_DIR"])
        if env.get("CETATE_DATABASE_URL"):
            values["database_url"] = env["CETATE_DATABASE_URL"]
        if env.get("CETATE_REDIS_URL"):
            values["redis_url"] = env["CETATE_REDIS_URL"]
        for name, kind in (("workers", int), ("bot_workers", int), ("bot_delay_s", float), ("max_body_bytes", int),
                           ("bot_think_ms", float), ("bot_iterations", int), ("gc_freeze_s", float),
                           ("session_days", float), ("turn_sweep_s", float), ("smtp_port", int),
                           *((n, int) for n in RATES + CAPS)):
            raw = env.get(f"CETATE_{name.upper()}")
            if raw:
                try:
                    values[name] = kind(raw)
                except ValueError as exc:
                    raise ValueError(f"CETATE_{name.upper()} must be a number, not {raw!r}") from exc
        for name in ("smtp_host", "smtp_user", "smtp_password", "smtp_from"):
            if env.get(f"CETATE_{name.upper()}"):
                values[name] = env[f"CETATE_{name.upper()}"]
        if env.get("CETATE_PUBLIC_URL"):
            values["public_url"] = env["CETATE_PUBLIC_URL"]
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)

    @property
    def bot_limits(self) -> dict | None:
        """The caps on search bots' budgets for `BotPool.decide` (None: the levels' own budgets)."""
        if self.bot_think_ms is None and self.bot_iterations is None:
            return None
        return {"think_ms": self.bot_think_ms, "iterations": self.bot_iterations}

    def with_(self, **changes) -> Settings:
        return replace(self, **changes)
