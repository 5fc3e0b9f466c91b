"""Protocol errors survive pickling (a worker process of the arena or of `evaluate --jobs` raises them)."""

from __future__ import annotations

import pickle

from cetate.bots.base import UnknownBot
from cetate.core.errors import IllegalAction, InvalidOptions
from cetate.games.gates.data import CardDataError


def test_errors_pickle_with_code_message_and_params():
    for error in (IllegalAction("not_your_turn", "it is seat 1's turn", seat=1),
                  InvalidOptions("unknown_option", "unknown option 'foo'"),
                  UnknownBot("unknown_bot", "unknown bot 'x'")):
        back = pickle.loads(pickle.dumps(error))
        assert type(back) is type(error)
        assert (back.code, back.message, back.params) == (error.code, error.message, error.params)
        assert str(back) == str(error) and back.to_dict() == error.to_dict()


def test_an_error_with_its_own_constructor_pickles_too():
    error = CardDataError("cards.json", ["card 3: no name"])
    back = pickle.loads(pickle.dumps(error))
    assert type(back) is CardDataError and str(back) == str(error)
    assert back.to_dict() == error.to_dict()
