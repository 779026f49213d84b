"""Details of the card drawing that the snapshots would only show by chance."""

from __future__ import annotations

from cardsuite.core.cards import FACE_DOWN, Card, Suit
from cardsuite.core.view import PileStyle, PileView, SeatView
from cardsuite.tui.render.canvas import Canvas
from cardsuite.tui.render.cards import COMPACT, FULL, Ctx, pile_block
from cardsuite.tui.render.table import seat_box


def _drawn(pile: PileView) -> list[str]:
    block = pile_block(pile, FULL, 80, Ctx(), label=False)
    canvas = Canvas(block.width, block.height)
    block.draw(canvas, 0, 0, [])
    return canvas.text()


def test_a_covered_ten_in_a_fan_shows_its_index_and_nothing_of_its_face() -> None:
    ten, four = Card(10, Suit.SPADES), Card(4, Suit.HEARTS)
    rows = _drawn(PileView("hand", "hand", PileStyle.FAN, (ten, four)))
    strip = [row[:4] for row in rows]  # the ten's border and its three-cell index
    assert strip[1] == "│10♠"
    assert strip[2] == "│   " and strip[3] == "│   "  # no centre pip, no lower index
    assert "4♥" in rows[1] and "4♥" in rows[3]  # the last card is whole


def test_covered_cards_of_a_fan_keep_one_index_each() -> None:
    hand = tuple(Card(rank, Suit.CLUBS) for rank in (2, 7, 10, 12, 13))
    text = "\n".join(_drawn(PileView("hand", "hand", PileStyle.FAN, hand)))
    for index in ("2♣", "7♣", "10♣", "Q♣"):
        assert text.count(index) == 1
    assert text.count("K♣") == 2  # the whole card: top-left and bottom-right


def test_a_narrow_seat_box_keeps_the_card_count_before_the_seat_tag() -> None:
    hand = PileView("hand.1", "hand", PileStyle.FAN, (FACE_DOWN,) * 5)
    seat = SeatView(1, (hand,), "Boris", status="dealer")
    for width, title in ((60, "Boris · bot · normal"), (25, "Boris")):
        block = seat_box(seat, COMPACT, width, Ctx(), "bot · normal")
        canvas = Canvas(block.width, block.height)
        block.draw(canvas, 0, 0, [])
        top = canvas.text()[0]
        assert f"╭ {title} ─" in top and "hand 5" in top, top
