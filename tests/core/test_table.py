"""Tables: declared visibility, generic redaction and resampling of hidden cards."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardsuite.core.cards import FACE_DOWN, Card, Suit, parse_cards
from cardsuite.core.table import (
    HoldsRank,
    Lacks,
    Layout,
    PileSpec,
    SeenTable,
    Shown,
    Table,
    Visibility,
    hidden_positions,
    make_table,
    pile_names,
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
LAYOUT_3 = Layout([PileSpec(f"hand.{s}", s, Visibility.OWNER) for s in range(3)])
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
    assert isinstance(seen, SeenTable)
    assert seen.faces("stock") == (FACE_DOWN,) * 3
    assert seen.faces("discard") == TABLE.cards("discard")
    assert seen.visible("hand.0") == TABLE.cards("hand.0")
    assert seen.faces("hand.1") == (FACE_DOWN, FACE_DOWN)
    assert seen.visible("hand.1") == ()
    assert seen.faces("grabuge") == (FACE_DOWN, FACE_DOWN, *parse_cards("K♣"))
    assert seen.count("hand.1") == 2
    spectator = redact(TABLE, None)
    assert spectator.faces("hand.0") == (FACE_DOWN, FACE_DOWN)


def test_resample_permutes_only_hidden_cards() -> None:
    rng = random.Random(5)
    for _ in range(20):
        other = resample_hidden(TABLE, 1, rng)
        assert redact(other, 1) == redact(TABLE, 1)
        assert Counter(other.all_cards()) == Counter(TABLE.all_cards())
    moved = {resample_hidden(TABLE, 1, rng).cards("stock") for _ in range(30)}
    assert len(moved) > 1, "hidden cards do move"


def test_determinize_fills_face_down_places_from_the_unseen_cards() -> None:
    seen = redact(TABLE, 0)
    pool = unseen_cards(TABLE.all_cards(), seen.all_faces())
    assert len(pool) == len(hidden_positions(TABLE, 0)) == 7
    guess = resample_hidden(seen, 0, random.Random(1), pool)
    assert Counter(guess.all_cards()) == Counter(TABLE.all_cards())
    assert redact(guess, 0) == seen


def test_determinize_a_position_without_the_whole_deck() -> None:
    # A position laid out by hand: more unseen cards than face-down places.  The places get
    # distinct cards of the pool; a pool too small for the places is refused.
    seen = redact(TABLE, 0)
    places = len(hidden_positions(TABLE, 0))
    pool = unseen_cards(TABLE.all_cards(), seen.all_faces()) + [Card(r, Suit.CLUBS) for r in (2, 3)]
    guess = resample_hidden(seen, 0, random.Random(3), pool)
    assert redact(guess, 0) == seen
    filled = Counter(guess.all_cards()) - Counter(seen.all_visible())
    assert sum(filled.values()) == places and not filled - Counter(pool)
    with pytest.raises(ValueError, match="unseen cards for"):
        resample_hidden(seen, 0, random.Random(3), pool[: places - 1])


# --- named piles -------------------------------------------------------------------------


def test_pile_names_are_made_once_and_read_by_seat() -> None:
    hand = pile_names("hand")
    assert hand(0) == "hand.0" and hand(11) == "hand.11"
    assert hand(3) is hand(3)


def test_an_edit_changes_piles_by_name_and_leaves_the_table_alone() -> None:
    edit = TABLE.edit()
    edit.move("hand.0", "discard", Card(7, Suit.CLUBS))
    (top,) = edit.take_top("stock")
    edit.add("hand.1", top)
    after = edit.freeze()
    assert after.cards("hand.0") == parse_cards("8♣")
    assert after.cards("discard") == parse_cards("5♣ 6♣ 7♣")
    assert after.cards("hand.1") == parse_cards("9♣ 10♣ 4♣")
    assert after.cards("stock") == parse_cards("2♣ 3♣")
    assert TABLE.cards("hand.0") == parse_cards("7♣ 8♣"), "the old table is unchanged"
    assert Table.from_names(LAYOUT, after.by_name()) == after


# --- facts: knowledge that is not a whole pile -------------------------------------------


def test_a_shown_card_is_seen_by_everyone_in_a_hidden_pile() -> None:
    # Seven Leaves: the dealer's turned-up trump stays in his hand, face up to all.
    table = TABLE._replace(known=(Shown("hand.1", Card(10, Suit.CLUBS)),))
    seen = redact(table, 0)
    assert seen.faces("hand.1") == (FACE_DOWN, Card(10, Suit.CLUBS))
    rng = random.Random(2)
    for _ in range(20):
        other = resample_hidden(table, 0, rng)
        assert Card(10, Suit.CLUBS) in other.cards("hand.1"), "the shown card stays put"
        assert redact(other, 0) == seen


def test_a_shown_card_to_one_seat_is_hidden_from_the_others() -> None:
    table = TABLE._replace(known=(Shown("stock", Card(2, Suit.CLUBS), to=1),))
    assert Card(2, Suit.CLUBS) in redact(table, 1).faces("stock")
    assert redact(table, 0).faces("stock") == (FACE_DOWN,) * 3


def test_every_determinization_keeps_a_known_rank_in_its_hand() -> None:
    # Go Fish: seat 1 asked for Kings, so everyone knows it holds one.
    table = make_table(
        LAYOUT,
        {
            "stock": parse_cards("2♣ 3♣ 4♣ K♦ 5♦"),
            "hand.0": parse_cards("7♣ 8♣"),
            "hand.1": parse_cards("K♣ 10♣"),
        },
        known=(HoldsRank("hand.1", 13),),
    )
    seen = redact(table, 0)
    pool = unseen_cards(table.all_cards(), seen.all_faces())
    rng = random.Random(7)
    for _ in range(40):
        guess = resample_hidden(seen, 0, rng, pool)
        assert any(c.rank == 13 for c in guess.cards("hand.1"))
        again = resample_hidden(table, 0, rng)
        assert any(c.rank == 13 for c in again.cards("hand.1"))
    spots = {resample_hidden(seen, 0, rng, pool).cards("hand.1") for _ in range(40)}
    assert len(spots) > 2, "the rest of the hand is still dealt at random"


def test_every_determinization_deals_around_what_a_hand_is_known_to_lack() -> None:
    # Go Fish: seat 1 answered «Рыба» to Kings; at a trick game it did not follow clubs.
    stock = parse_cards("2♣ 3♣ 4♣ K♦ 5♦ K♠ 6♥")
    table = make_table(
        LAYOUT,
        {"stock": stock, "hand.0": parse_cards("7♣ 8♣"), "hand.1": parse_cards("9♦ 10♥ 2♠")},
        known=(Lacks("hand.1", rank=13), Lacks("hand.1", suit=Suit.CLUBS)),
    )
    seen = redact(table, 0)
    pool = unseen_cards(table.all_cards(), seen.all_faces())
    rng = random.Random(3)
    dealt: set[Card] = set()
    for _ in range(60):
        for guess in (resample_hidden(seen, 0, rng, pool), resample_hidden(table, 0, rng)):
            held = guess.cards("hand.1")
            assert len(held) == 3
            assert not [c for c in held if c.rank == 13 or c.suit is Suit.CLUBS]
            dealt.update(held)
            assert Counter(guess.all_cards()) == Counter(table.all_cards())
    assert dealt == set(parse_cards("5♦ 6♥ 9♦ 10♥ 2♠"))  # every other card, some time


def test_a_tight_lack_is_met_by_moving_a_card_already_dealt() -> None:
    # Seat 1 lacks Kings, seat 2 lacks 7s.  Dealt in turn, seat 1 may take the two non-7s
    # first, leaving seat 2 only the 7: a card seat 1 took is then moved to seat 2.
    table = make_table(
        LAYOUT_3,
        {"hand.1": parse_cards("7♣ 3♦"), "hand.2": parse_cards("4♦")},
        known=(Lacks("hand.1", rank=13), Lacks("hand.2", rank=7)),
    )
    for seed in range(30):
        guess = resample_hidden(table, 0, random.Random(seed))
        assert [c.rank for c in guess.cards("hand.2")] != [7], seed
        assert Counter(guess.all_cards()) == Counter(table.all_cards())


def test_a_known_rank_no_card_can_satisfy_is_an_error() -> None:
    table = make_table(LAYOUT, {"hand.1": parse_cards("2♦")}, known=(HoldsRank("hand.1", 13),))
    with pytest.raises(ValueError, match="rank 13"):
        resample_hidden(table, 0, random.Random(1))
