"""A card already paid with is not offered again (the issue 32 walk asked whether "Pay
with hero" stayed on offer after paying with it): while paying, every `pay` of a card
has a copy of it left in my hand, not the one being built and not one already picked.
Checked at every payment of seeded games where everyone builds whenever they can.
The board keeps a picked card's row on its key, struck through and disabled
(prtui/widgets/actions.py), which a plain-text capture shows as if offered."""

from __future__ import annotations

import random
from collections import Counter

from server.games.registry import get_game


def test_a_card_paid_with_is_not_offered_again() -> None:
    game = get_game("san-juan")
    checked = 0
    for seed in range(12):
        players = 2 + seed % 3
        state = game.setup(players, game.normalize_options(players, {}), seed)
        rng = random.Random(seed)
        while not game.is_over(state):
            seat = game.to_move(state)[0]
            legal = game.legal_actions(state, seat)
            decision = game.view(state, seat).get("decision") or {}
            if decision.get("step") == "build_pay":
                hand = Counter(game.view(state, seat)["players"][seat]["hand"])
                picked = Counter(p["card"] for p in decision.get("picked") or [] if "card" in p)
                for action in legal:
                    if action["type"] == "pay" and "card" in action:
                        card = action["card"]
                        left = hand[card] - picked[card] - (card == decision.get("building"))
                        assert left > 0, (seed, card, dict(hand), dict(picked), decision)
                        checked += 1
            moves = [a for a in legal if a["type"] != "undo"]
            building = [a for a in moves if a["type"] in ("build", "pay")]
            game.apply(state, seat, rng.choice(building or moves))
    assert checked > 500
