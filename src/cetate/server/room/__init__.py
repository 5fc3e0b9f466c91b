"""The rooms of a live table, one concern each, composed by `cetate.server.tables.TableHub`:

- `actor.py`: one table's changes under its lock: apply, commit to the store, the log (and the replay of it
  after a restart);
- `projector.py`: what each receiver sees: the summary, snapshot, views, journal, answers, the `update` after
  a move and every other broadcast, and the table's sockets (subscribe, presence);
- `scheduler.py`: the bots and the clocks;
- `services/`: seats and invites, chat, taking a move back, hints, records, replays and reviews;
- `base.py`: what they share (`LiveTable`, `Auth`, `Subscriber`, `TableError`, `encode`).
"""
