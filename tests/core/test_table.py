"""Tables: declared visibility, generic redaction and resampling of hidden cards."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardsuite.core.cards import FACE_DOWN, Card, Suit, parse_cards
from cardsuite.core.table import (
    Layout,
    PileSpec,
    Visibility,
    hidden_positions,
    make_table,
    redact,
    resample_hidden,
    unseen_cards,
)

LAYOUT = Layout(
    [
        PileSpec("stock", None, Visibility.HIDDEN),
        PileSpec("discard"),
        PileSpec("hand.0", 0, Visibility.OWNER),
        PileSpec("hand.1", 1, Visibility.OWNER),
        PileSpec("grabuge", 0, Visibility.TOP),
    ]
)
TABLE = make_table(
    LAYOUT,
    {
        "stock": parse_cards("2♣ 3♣ 4♣"),
        "discard": parse_cards("5♣ 6♣"),
        "hand.0": parse_cards("7♣ 8♣"),
        "hand.1": parse_cards("9♣ 10♣"),
        "grabuge": parse_cards("J♣ Q♣ K♣"),
    },
)


def test_redact_keeps_counts_and_shows_only_what_the_viewer_may_see() -> None:
    seen = redact(TABLE, 0)
    assert seen.cards("stock") == (FACE_DOWN,) * 3
    assert seen.pile("discard") == TABLE.pile("discard")
    assert seen.pile("hand.0") == TABLE.pile("hand.0")
    assert seen.pile("hand.1") == (FACE_DOWN, FACE_DOWN)
    assert seen.pile("grabuge") == (FACE_DOWN, FACE_DOWN, *parse_cards("K♣"))
    spectator = redact(TABLE, None)
    assert spectator.pile("hand.0") == (FACE_DOWN, FACE_DOWN)


def test_resample_permutes_only_hidden_cards() -> None:
    rng = random.Random(5)
    for _ in range(20):
        other = resample_hidden(TABLE, 1, rng)
        assert redact(other, 1) == redact(TABLE, 1)
        assert Counter(other.all_cards()) == Counter(TABLE.all_cards())
    moved = {resample_hidden(TABLE, 1, rng).pile("stock") for _ in range(30)}
    assert len(moved) > 1, "hidden cards do move"


def test_determinize_fills_face_down_places_from_the_unseen_cards() -> None:
    seen = redact(TABLE, 0)
    pool = unseen_cards(TABLE.all_cards(), seen.all_cards())
    assert len(pool) == len(hidden_positions(TABLE, 0)) == 7
    guess = resample_hidden(seen, 0, random.Random(1), pool)
    assert Counter(guess.all_cards()) == Counter(TABLE.all_cards())
    assert redact(guess, 0) == seen


def test_determinize_a_position_without_the_whole_deck() -> None:
    # A position laid out by hand: more unseen cards than face-down places.  The places get
    # distinct cards of the pool; a pool too small for the places is refused.
    seen = redact(TABLE, 0)
    places = len(hidden_positions(TABLE, 0))
    pool = unseen_cards(TABLE.all_cards(), seen.all_cards()) + [Card(r, Suit.CLUBS) for r in (2, 3)]
    guess = resample_hidden(seen, 0, random.Random(3), pool)
    assert redact(guess, 0) == seen
    filled = Counter(guess.all_cards()) - Counter(seen.all_cards())
    assert sum(filled.values()) == places and not filled - Counter(pool)
    with pytest.raises(ValueError, match="unseen cards for"):
        resample_hidden(seen, 0, random.Random(3), pool[: places - 1])
