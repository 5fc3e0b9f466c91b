"""What seats learn about other hands (the Magician's swap) and how views and determinisation keep it."""

from cetate.core.rng import Rng
from tests.games.citadels.scenario import GAME, scenario


def _magician_state():
    return scenario(
        hands={0: ["castle", "tavern"], 1: ["palace", "temple", "market"]},
        gold={0: 6},
        owners={"magician": 0, "king": 1},
        calling="magician",
        acted=True,
    )


def test_swap_tells_each_player_the_hand_it_gave_away():
    s = _magician_state()
    GAME.apply(s, {"type": "swap_hands", "target": 1})
    # spec §1.6 Magician: whole hands change places
    assert {k: sorted(v) for k, v in GAME.view(s, 0)["you"]["known_hands"].items()} == {"1": ["castle", "tavern"]}
    assert {k: sorted(v) for k, v in GAME.view(s, 1)["you"]["known_hands"].items()} == {
        "0": ["market", "palace", "temple"]}
    assert GAME.view(s, 2)["you"]["known_hands"] == {}


def test_building_a_known_card_removes_it_from_the_knowledge():
    s = _magician_state()
    GAME.apply(s, {"type": "swap_hands", "target": 1})
    GAME.apply(s, {"type": "build", "card": "palace"})
    assert sorted(GAME.view(s, 1)["you"]["known_hands"]["0"]) == ["market", "temple"]


def test_determinize_keeps_known_cards_in_place():
    s = _magician_state()
    GAME.apply(s, {"type": "swap_hands", "target": 1})
    for k in range(20):
        d = GAME.determinize(s, 0, Rng(k))
        assert sorted(d.hands[1]) == sorted(s.hands[1])  # seat 0 knows seat 1's whole hand
        assert GAME.view(d, 0) == GAME.view(s, 0)
    varied = {tuple(sorted(GAME.determinize(s, 2, Rng(k)).hands[1])) for k in range(20)}
    assert len(varied) > 1  # seat 2 knows nothing of it


def test_knowledge_survives_json_round_trip():
    s = _magician_state()
    GAME.apply(s, {"type": "swap_hands", "target": 1})
    assert GAME.from_json(GAME.to_json(s)) == s
