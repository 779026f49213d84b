"""Another player's last move stays readable on the table (issue 19, item 10).

A bot's card was told only in the log.  ``last_move_marks`` picks from a move's events what the
table marks until the next move (the cards moved, where they came from and went, its words),
and the render draws those cards in a rounded frame of their own, the top of the pile they
came from dashed, and the words under a "Last move" heading.
"""

from __future__ import annotations

from cardsuite.core.cards import FACE_DOWN, Card, parse_card
from cardsuite.core.view import PileStyle, PileView
from cardsuite.games import get_game
from cardsuite.games.grabuge.model import PlaceInReserve
from cardsuite.games.rang.model import Draw, Drew, Keep, Play, Played, hand
from cardsuite.match import Match, SeatInfo
from cardsuite.tui.render.canvas import Canvas
from cardsuite.tui.render.cards import COMPACT, FULL, Ctx, Marks, pile_block
from cardsuite.tui.render.marks import NOTHING, LastMove, last_move_marks, latest_move_marks
from cardsuite.tui.render.table import Scene, paint

RANG = get_game("rang")
S5, S6 = parse_card("5♠"), parse_card("6♠")


def rang_match(position: str) -> Match:
    match = Match(RANG, [SeatInfo("Anna"), SeatInfo("Boris", "random")], seed=1)
    match.states[0] = RANG.position(position)
    return match


def boris_played_five() -> Match:
    """Anna plays 6♠ on 7♣; Boris answers with 5♠, his only move."""
    match = rang_match("P1: 6♠ 9♥\nP2: 5♠ K♦\ndiscard: 7♣")
    match.apply(Play(0, S6))
    match.apply(Play(1, S5))
    return match


# --- what a move's events mark ----------------------------------------------------------------


def test_a_bots_card_is_marked_with_where_it_came_from_and_went() -> None:
    match = boris_played_five()
    last = last_move_marks(match.state.events, 0)
    assert last == LastMove(1, frozenset({S5}), frozenset({hand(1)}), frozenset({"discard"}),
                            "{s1} plays 5♠")  # fmt: skip
    assert match.fill(last.text) == "Boris plays 5♠"


def test_the_viewers_own_move_marks_nothing() -> None:
    match = boris_played_five()
    own = match.states[1].events  # Anna's 6♠
    assert last_move_marks(own, 0) is NOTHING and not last_move_marks(own, 0)
    assert last_move_marks(own, 1).cards == {S6}  # Boris sees Anna's card marked
    assert last_move_marks(own, None).seat == 0  # a spectator sees everyone's


def test_a_card_drawn_face_down_is_never_named() -> None:
    match = rang_match("P1: 9♣ 9♦\nP2: 2♣ 2♦\ndiscard: 5♣\nstock: Q♣")
    match.apply(Draw(0))
    events = match.state.events
    assert isinstance(events[-1], Drew) and events[-1].card == parse_card("Q♣")
    for viewer in (1, None):
        seen = last_move_marks(events, viewer)
        assert seen.cards == frozenset() and "Q♣" not in seen.text, viewer
        assert seen.sources == {"stock"} and seen.targets == {hand(0)}
    # even when given the events as they happened, unhidden
    assert last_move_marks([events[-1]], 1).text == "{s0} draws a card"
    assert last_move_marks([e.seen_by(1) for e in events], 1).cards == frozenset()


def test_the_marks_last_through_the_same_players_next_step_until_the_viewer_moves() -> None:
    # Anna draws, then keeps the card (a move of hers that moves nothing): for Boris the
    # draw stays marked; his own move ends it.
    match = rang_match("P1: 9♣ 9♦\nP2: 2♣ 2♦\ndiscard: 5♣\nstock: Q♦ Q♣")
    match.apply(Draw(0))
    match.apply(Keep(0))

    def latest(viewer: int | None) -> LastMove:
        return latest_move_marks((s.events for s in reversed(match.states)), viewer)

    assert last_move_marks(match.state.events, 1) is NOTHING  # the keep alone moves nothing
    drew = latest(1)
    assert drew.seat == 0 and drew.sources == {"stock"} and drew.targets == {hand(0)}
    assert drew.cards == frozenset() and drew.text == "{s0} draws a card"
    assert latest(None).text == "{s0} draws a card"  # a spectator sees no more
    assert latest(0) is NOTHING  # Anna's own draw and keep
    match.apply(Draw(1))
    assert latest(1) is NOTHING  # Boris's own move
    assert latest(0).seat == 1  # and for Anna it is his


def test_a_bots_move_among_the_viewers_automatic_steps_is_the_one_marked() -> None:
    # Grabuge: after Boris places his turned card, Anna's turn plays itself up to her next
    # decision; only Boris's part is "another player's last move" for her.
    grabuge = get_game("grabuge")
    match = Match(grabuge, [SeatInfo("Anna"), SeatInfo("Boris", "random")], seed=1)
    match.states[0] = grabuge.position(
        "packets: 2\nturn: P2\nP2 stock: 8♠\nP2 col2: 5♥\n"
        "P1 stock: 3♦ 9♣ 4♣ K♣\nP1 col1: Q♥\nP1 grabuge: 6♣"
    )
    match.apply(PlaceInReserve(1, 2))
    events = match.state.events
    assert {e.actor for e in events if e.moved()} == {0, 1}, [e.text() for e in events]
    last = last_move_marks(events, 0)
    assert last.seat == 1 and last.cards == {parse_card("8♠")}
    assert last.targets == {"reserve.1.2"} and last.sources == {"turned.1"}
    assert match.fill(last.text) == "Boris puts 8♠ on reserve column 2"


# --- how the render shows it ------------------------------------------------------------------


def _drawn(pile: PileView, marks: Marks, mode: str = FULL) -> tuple[list[str], Canvas]:
    block = pile_block(pile, mode, 80, Ctx(marks=marks))
    canvas = Canvas(block.width, block.height)
    block.draw(canvas, 0, 0, [])
    return canvas.text(), canvas


def test_the_moved_card_has_a_rounded_frame_and_its_source_a_dashed_one() -> None:
    discard = PileView("discard", "discard", PileStyle.STACK, (parse_card("7♣"), S6, S5))
    stock = PileView("stock", "stock", PileStyle.STACK, (FACE_DOWN,) * 9)
    marks = Marks(last_cards=frozenset({S5}), last_from=frozenset({"stock"}),
                  last_to=frozenset({"discard"}))  # fmt: skip
    rows, canvas = _drawn(discard, marks)
    assert rows[1] == "╭─────╮" and rows[5].startswith("╰") and rows[5].endswith("╯"), rows
    assert canvas.keys[1][0] == "edge.moved" and canvas.keys[0][0] == "label.to"
    rows, canvas = _drawn(stock, marks)
    assert rows[1] == "┌╌╌╌╌╌┐" and rows[2][0] == "╎", rows
    assert canvas.keys[1][0] == "edge.from" and canvas.keys[0][0] == "label.from"
    # without the marks: the plain frames
    assert _drawn(discard, Marks())[0][1] == "┌─────┐"
    assert _drawn(stock, Marks())[0][1] == "┌─────┐"
    # compact: ⟨5♠⟩ for the card moved, < > around the pile it came from
    assert "⟨5♠⟩" in _drawn(discard, marks, COMPACT)[0][0]
    assert "<▒▒×9>" in _drawn(stock, marks, COMPACT)[0][0]


def test_the_mark_follows_the_card_not_the_pile() -> None:
    # 5♠ moved; 6♠ under it in a column is drawn as usual, and so is any card of another pile
    column = PileView("col", "column 1", PileStyle.COLUMN, (S6, S5))
    rows, _canvas = _drawn(column, Marks(last_cards=frozenset({S5})))
    text = "\n".join(rows)
    assert text.count("╭─────╮") == 1 and "6♠" in text
    other = PileView("col", "column 1", PileStyle.COLUMN, (S6, parse_card("4♠")))
    assert "╭" not in "\n".join(_drawn(other, Marks(last_cards=frozenset({S5})))[0])


def test_a_table_shows_the_bots_card_and_names_it_until_the_next_move() -> None:
    match = boris_played_five()
    view = match.view(0)
    last = last_move_marks(match.state.events, 0)
    marks = Marks(last=frozenset(p for e in match.state.events for p in e.moved()),
                  last_cards=last.cards, last_from=last.sources, last_to=last.targets)  # fmt: skip
    for size in ((120, 40), (80, 24)):
        painted = paint(Scene(view, marks=marks, last_move=match.fill(last.text)), *size)
        rows = painted.canvas.text()
        screen = "\n".join(rows)
        # the discard's 5♠ in its rounded frame (full or compact, whichever fits)
        assert ("╭─────╮" in screen and "│5♠   │" in screen) or "⟨5♠⟩" in screen, screen
        assert "Boris plays 5♠" in screen, screen
        keys = painted.canvas.keys
        at = [(y, x) for y, row in enumerate(rows) for x in range(len(row))
              if row.startswith("Boris plays 5♠", x) or row.startswith("▸ Boris plays 5♠", x)]  # fmt: skip
        assert any(keys[y][x] == "last.move" for y, x in at), size
        if size == (120, 40):
            assert "Last move" in screen
    # the next move (Anna's own) marks nothing: the frame and the line are gone
    after = last_move_marks([Played(0, parse_card("4♠"))], 0)
    assert not after and after.cards == frozenset() and after.text == ""
    plain = paint(Scene(view, marks=Marks(last_cards=after.cards), last_move=after.text), 120, 40)
    screen = "\n".join(plain.canvas.text())
    assert "╭─────╮" not in screen and "Last move" not in screen


def test_a_bots_card_in_a_trick_is_marked() -> None:
    seven = get_game("seven-up")
    match = Match(seven, [SeatInfo("Anna"), SeatInfo("Boris", "random")], seed=3)
    while match.to_move() != {0} or not match.state.table.cards("trick"):
        if match.bot_to_move() is not None:
            match.apply(match.choose_bot_move(1))
        else:
            match.apply(match.legal_moves(0)[0])
        assert not match.is_over()
    card = match.state.table.cards("trick")[-1]
    last = last_move_marks(match.state.events, 0)
    assert isinstance(card, Card) and card in last.cards
    view = match.view(0)
    painted = paint(Scene(view, marks=Marks(last_cards=last.cards)), 120, 40)
    rows = painted.canvas.text()
    assert any("╭─────╮" in row for row in rows), "\n".join(rows)
