"""The web app's persistence: SQLAlchemy 2 models, Alembic migrations and the `Store` (docs/server.md).

    store = Store("sqlite:///data/cetate.sqlite3")     # or "postgresql://user@host/db"
    store.create_table({...}, [{...}, ...])
    store.append_action(table_id, seq, seat, action, key)
"""

from cetate.server.storage.store import (
    DuplicateKey,
    DuplicateTable,
    InviteNotPending,
    NotOwner,
    SequenceError,
    Store,
    StoreError,
    UnknownTable,
    normalize_url,
    run_migrations,
)

__all__ = ["DuplicateKey", "DuplicateTable", "InviteNotPending", "NotOwner", "SequenceError", "Store", "StoreError",
           "UnknownTable", "normalize_url", "run_migrations"]
