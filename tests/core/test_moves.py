"""Moves as a viewer may know them: the cards a move names, and which of them a viewer may not
see, from the piles' declared visibility alone."""

from __future__ import annotations

from dataclasses import dataclass

from cardsuite.core.cards import Card, Suit, parse_cards
from cardsuite.core.moves import Move, cards_unseen
from cardsuite.core.table import Layout, PileSpec, Table, Visibility, make_table, redact

LAYOUT = Layout(
    [
        PileSpec("hand.0", 0, Visibility.OWNER),
        PileSpec("hand.1", 1, Visibility.OWNER),
        PileSpec("team", None, Visibility.TOP),
        PileSpec("stack"),
    ]
)
QUEEN = Card(12, Suit.DIAMONDS)
OTHER_QUEEN = Card(12, Suit.DIAMONDS, back=1)  # the same card of the second pack


@dataclass(frozen=True, slots=True)
class Take(Move):
    card: Card
    cards: tuple[Card, ...] = ()
    picks: frozenset[Card] = frozenset()

    def label(self) -> str:
        return f"take {self.card}"


def unseen(before: Table, after: Table, viewer: int | None, *named: Card) -> frozenset[Card]:
    return cards_unseen(named, before, after, redact(before, viewer), redact(after, viewer))


BEFORE = make_table(
    LAYOUT,
    {
        "hand.0": (QUEEN, *parse_cards("2♣")),
        "hand.1": parse_cards("3♣"),
        "team": parse_cards("4♣ 5♣"),
        "stack": (OTHER_QUEEN,),
    },
)
# Q♦ slipped from Anna's hand into the team pile, under its top card.
FOUR, FIVE = parse_cards("4♣ 5♣")
SLIPPED = BEFORE.replaced({"hand.0": parse_cards("2♣"), "team": (FOUR, QUEEN, FIVE)})


def test_a_move_names_the_cards_of_its_fields() -> None:
    two, three = parse_cards("2♣ 3♣")
    move = Take(0, QUEEN, (two,), frozenset({three}))
    assert set(move.named_cards()) == {QUEEN, two, three}
    assert Take(0, QUEEN).hidden_label() != Take(0, QUEEN).label()
    assert "Q" not in Take(0, QUEEN).hidden_label()


def test_a_card_slipped_from_a_hand_under_a_top_card_is_seen_by_its_owner_only() -> None:
    # The other pack's Q♦ lies face up on the stack all along.
    assert unseen(BEFORE, SLIPPED, None, QUEEN) == {QUEEN}
    assert unseen(BEFORE, SLIPPED, 1, QUEEN) == {QUEEN}
    assert unseen(BEFORE, SLIPPED, 0, QUEEN) == frozenset()


def test_a_card_seen_leaving_or_arriving_is_seen() -> None:
    # played face up from the hand: everyone sees it arrive
    played = BEFORE.replaced({"hand.0": parse_cards("2♣"), "stack": (OTHER_QUEEN, QUEEN)})
    assert unseen(BEFORE, played, None, QUEEN) == frozenset()
    # the team pile's top card taken into a hand: everyone saw it leave
    taken = BEFORE.replaced({"team": (FOUR,), "hand.1": parse_cards("3♣ 5♣")})
    assert unseen(BEFORE, taken, None, FIVE) == frozenset()


def test_a_card_the_move_does_not_carry_is_seen_when_it_lies_face_up() -> None:
    three = parse_cards("3♣")[0]
    assert unseen(BEFORE, BEFORE, None, OTHER_QUEEN) == frozenset()  # on the stack
    assert unseen(BEFORE, BEFORE, None, three, FOUR) == {three, FOUR}  # in a hand, under the top
    assert unseen(BEFORE, BEFORE, 1, three) == frozenset()


def test_a_card_an_event_shows_is_seen() -> None:
    shown = cards_unseen(
        (QUEEN,), BEFORE, SLIPPED, redact(BEFORE, None), redact(SLIPPED, None), shown=(QUEEN,)
    )
    assert shown == frozenset()
