"""A view is a snapshot: playing on must not change a view (or an event's view) taken earlier (the replay
viewer, the server's kept answers and any bot that keeps a view rely on it). Checked for every registered game and every seat,
spectators included, over whole random games."""

from __future__ import annotations

import json

import pytest

from cetate import games
from cetate.bots import play_game

CASES = [("citadels", 4, None), ("citadels", 2, None), ("akropolis", 2, {"athena": True}),
         ("akropolis", 1, {"architect": "callicrates"}), ("gates", 2, None)]


@pytest.mark.parametrize(("game_id", "players", "options"), CASES)
def test_a_view_does_not_change_when_the_game_goes_on(game_id, players, options):
    game = games.get(game_id)
    _, record = play_game(game_id, players, seed=5, options=options, bots=["random"] * players)
    state = game.setup(players, 5, options)
    kept = []
    for action in record.actions:
        events = game.apply(state, action)
        for seat in [*range(players), None]:
            view = game.view(state, seat)
            kept.append((view, json.dumps(view, sort_keys=True)))
            for event in events:  # the journal's lines too: the replay turns them into views as it goes
                seen = game.event_view(event, seat)
                kept.append((seen, json.dumps(seen, sort_keys=True)))
    changed = [i for i, (view, text) in enumerate(kept) if json.dumps(view, sort_keys=True) != text]
    assert not changed, f"{len(changed)} views changed after the game went on (first: #{changed[0]})"
