"""Details of the card drawing that the snapshots would only show by chance."""

from __future__ import annotations

import re

import pytest

from cardsuite.core.cards import FACE_DOWN, JOKER, Card, Suit
from cardsuite.core.table import PileId
from cardsuite.core.view import PileStyle, PileView, SeatView, TableView
from cardsuite.games import get_game
from cardsuite.match import Match, SeatInfo
from cardsuite.tui.render.canvas import Canvas
from cardsuite.tui.render.cards import COMPACT, FULL, Ctx, pile_block
from cardsuite.tui.render.table import Painted, Scene, paint, seat_box


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


def _top_line(seat: SeatView, width: int, tag: str) -> str:
    block = seat_box(seat, COMPACT, width, Ctx(), tag)
    canvas = Canvas(block.width, block.height)
    block.draw(canvas, 0, 0, [])
    return canvas.text()[0]


def test_a_narrow_seat_box_keeps_the_bot_tag_before_the_status_and_the_count() -> None:
    hand = PileView("hand.1", "hand", PileStyle.FAN, (FACE_DOWN,) * 5)
    seat = SeatView(1, (hand,), "Boris", status="dealer")
    top = _top_line(seat, 60, "bot · normal")
    assert "╭ Boris · bot · normal ─" in top and "hand 5 · dealer ╮" in top, top
    # narrow: the bot's level and "dealer" go; the seat's kind and the count stay
    for width in (25, 24):
        top = _top_line(seat, width, "bot · normal")
        assert "╭ Boris · bot ─" in top and "hand 5 ╮" in top, (width, top)
        assert "dealer" not in top and "normal" not in top, top
    # narrower still: the count goes from the title (the hand shows it: [▒▒×5]), not the tag
    top = _top_line(seat, 22, "bot · normal")
    assert top.startswith("╭ Boris · bot ─") and top.endswith("─ ╮"), top


def test_a_bot_that_deals_keeps_its_tag_before_its_status_score_and_count() -> None:
    hand = PileView("hand.3", "hand", PileStyle.FAN, (FACE_DOWN,) * 9)
    seat = SeatView(3, (hand,), "Zhenya", status="dealer", score="2 losses", to_move=True)
    for width in (20, 24, 26, 30, 36):
        top = _top_line(seat, width, "bot · strong")
        assert top.startswith("╭ ▶ Zhenya · bot ─"), (width, top)
        assert ("hand 9" in top) == (width >= 30), (width, top)
    # partners: "side B" shortens to "B" before the tag goes; a long name is clipped last
    seat = SeatView(1, (hand,), "Konstantin", status="dealer", side="B")
    assert _top_line(seat, 29, "bot · easy").startswith("╭ Konstantin · side B · bot ")
    assert _top_line(seat, 24, "bot · easy").startswith("╭ Konstantin · B · bot ")
    assert _top_line(seat, 18, "bot · easy").startswith("╭ Kon… · B · bot ")


def test_a_face_down_hand_keeps_one_short_form_whatever_its_size() -> None:
    for mode in (FULL, COMPACT):
        forms = set()
        for n in range(1, 16):
            pile = PileView("hand.1", "hand", PileStyle.FAN, (FACE_DOWN,) * n)
            block = pile_block(pile, mode, 80, Ctx(), label=False)
            canvas = Canvas(block.width, block.height)
            block.draw(canvas, 0, 0, [])
            text = "\n".join(canvas.text()).strip()
            assert text == f"[▒▒×{n}]", (mode, n, text)
            forms.add(re.sub(r"\d+", "N", text))
        assert forms == {"[▒▒×N]"}


# --- the legal moves beside the viewer's hand -------------------------------------------------


def _viewer_box(
    hand: tuple[Card, ...], legal: list[str], mode: str = FULL, width: int = 80
) -> list[str]:
    pile = PileView("hand.0", "hand", PileStyle.FAN, hand)
    seat = SeatView(0, (pile,), "Anna", is_viewer=True, to_move=True)
    block = seat_box(seat, mode, width, Ctx(), "you", stretch=True, side_lines=legal)
    canvas = Canvas(block.width, block.height)
    block.draw(canvas, 0, 0, [])
    return canvas.text()


def _legal_part(rows: list[str]) -> str:
    """The text right of "Legal now:" (the list), without the box's borders."""
    x = next(row.index("Legal now:") for row in rows if "Legal now:" in row)
    return "\n".join(row[x:-1] for row in rows[1:-1])


SIX = ["play 6♠", "play 6♦", "play 6♥", "play 8♣", "JOKER (choose…)", "draw"]
HAND = tuple(Card(r, s) for r, s in ((6, Suit.SPADES), (6, Suit.DIAMONDS), (6, Suit.HEARTS),
                                     (8, Suit.CLUBS), (9, Suit.SPADES))) + (JOKER,)  # fmt: skip


def test_six_legal_moves_are_all_listed_beside_the_hand_when_there_is_room() -> None:
    rows = _viewer_box(HAND, SIX)
    listed = _legal_part(rows)
    assert "more" not in listed, listed
    for card in ("6♠", "6♦", "6♥", "8♣", "JOKER", "draw"):
        assert card in listed, (card, listed)
    assert "play 6♠ 6♦ 6♥ 8♣" in listed  # grouped by their shared words


def test_many_legal_moves_go_into_columns_before_any_is_left_out() -> None:
    many = [f"{verb} {n}" for verb in ("bid", "ask", "pass") for n in range(1, 5)]
    many += [f"move{n}" for n in range(8)]
    rows = _viewer_box(HAND, many)
    listed = _legal_part(rows)
    assert "more" not in listed, listed
    for word in ("bid 1–4", "ask 1–4", "pass 1–4", *(f"move{n}" for n in range(8))):
        assert word in listed, (word, listed)


def test_more_is_said_only_when_there_is_no_room() -> None:
    from cardsuite.tui.render.table import legal_lines

    items = [f"move{n}" for n in range(30)]
    lines = legal_lines(items, 40, 3)
    text = "\n".join(lines)
    shown = [item for item in items if re.search(rf"\b{item}\b", text)]
    m = re.search(r"… (\d+) more", text)
    assert m is not None, text
    assert shown == items[: len(items) - int(m.group(1))], text
    assert all(len(line) <= 40 for line in lines) and len(lines) <= 3
    # one row only (a compact hand): the heading and the moves share it
    assert legal_lines(["play 6♠", "play 8♦", "draw"], 60, 1) == ["Legal now: play 6♠ 8♦ · draw"]
    # the same moves with room: all of them, no "more"
    assert "more" not in "\n".join(legal_lines(items, 120, 6))


def test_the_viewer_box_grows_for_its_legal_moves_when_the_screen_has_rows_to_spare() -> None:
    pile = PileView("hand.0", "hand", PileStyle.FAN, HAND)
    seat = SeatView(0, (pile,), "Anna", is_viewer=True, to_move=True)
    moves = [*SIX, "keep the drawn card", "pass"]

    def box(rows: int) -> list[str]:
        block = seat_box(seat, COMPACT, 70, Ctx(), "you", stretch=True, side_lines=moves,
                         legal_rows=rows)  # fmt: skip
        canvas = Canvas(block.width, block.height)
        block.draw(canvas, 0, 0, [])
        return canvas.text()

    tight = box(0)  # no row to spare: one line, and "more"
    assert len(tight) == 3 and "more" in tight[1], tight
    roomy = box(8)  # rows to spare: as many as the list needs, no more
    text = "\n".join(roomy)
    assert "more" not in text and "keep the drawn card" in text and "pass" in text, text
    assert 3 < len(roomy) < 10, roomy


# --- a table that keeps its shape for the deal (issue 19, item 12) ----------------------------


def _nerts_deal(players: int, seed: int, game: str = "nerts") -> Match:
    """A deal played to its end by bots (Nerts on the match's virtual clock)."""
    seats = [SeatInfo("Anna", "heuristic")]
    seats += [SeatInfo(f"Bot {n}", "heuristic") for n in range(1, players)]
    match = Match(get_game(game), seats, seed=seed)
    match.play_bots()
    assert match.is_over()
    return match


def _anchors(view: TableView, painted: Painted) -> dict[PileId, tuple[int, int]]:
    """Where each pile of the viewer and of the centre starts on the screen (its first slot),
    and the line each other seat's pile is on."""
    rects: dict[PileId, list[tuple[int, int]]] = {}
    for slot, (x, y, _w, _h) in painted.hits:
        rects.setdefault(slot.pile, []).append((x, y))
    others = {p.id for seat in view.seats[1:] for p in seat.piles}
    return {
        pile: (-1 if pile in others else min(xs)[0], min(y for _x, y in xs))
        for pile, xs in rects.items()
    }


@pytest.mark.parametrize(
    ("players", "seed", "size", "viewer_mode"),
    [(4, 6, (120, 40), FULL), (2, 7, (80, 24), COMPACT), (4, 6, (80, 24), COMPACT)],
    ids=["4-players-120x40", "2-players-80x24", "4-players-80x24"],
)
def test_nerts_keeps_one_layout_and_every_pile_in_place_while_rows_grow(
    players: int, seed: int, size: tuple[int, int], viewer_mode: str
) -> None:
    match = _nerts_deal(players, seed)
    configs = set()
    places: dict[PileId, set[tuple[int, int]]] = {}
    longest = 0
    for index in range(len(match.states)):
        view = match.view_at(index, 0)
        painted = paint(Scene(view), *size)
        configs.add(painted.config)
        for pile, at in _anchors(view, painted).items():
            places.setdefault(pile, set()).add(at)
        longest = max(longest, *(len(p.faces) for p in view.seats[0].piles[1:5]))
    assert longest >= 10, longest  # the viewer's rows grew long
    assert len(configs) == 1, configs  # one level of detail for the whole deal
    (config,) = configs
    assert config[2] == viewer_mode, config  # at 120×40 the viewer's piles stay cards
    moved = {pile: at for pile, at in places.items() if len(at) > 1}
    assert not moved, moved


@pytest.mark.parametrize(
    ("players", "size"),
    [(4, (120, 40)), (2, (120, 40)), (2, (80, 24)), (4, (80, 24))],
    ids=["4-players-120x40", "2-players-120x40", "2-players-80x24", "4-players-80x24"],
)
def test_grabush_keeps_one_layout_and_every_pile_in_place_for_the_deal(
    players: int, size: tuple[int, int]
) -> None:
    match = _nerts_deal(players, 1, "grabush")
    configs = set()
    places: dict[PileId, set[tuple[int, int]]] = {}
    stacks = 0
    for index in range(len(match.states)):
        view = match.view_at(index, 0)
        if view.summary is not None:  # the deal is over
            break
        painted = paint(Scene(view), *size)
        configs.add(painted.config)
        for pile, at in _anchors(view, painted).items():
            places.setdefault(pile, set()).add(at)
        stacks = max(stacks, sum(1 for p in view.centre if p.id.startswith("stack") and p.faces))
    assert stacks >= 6, stacks  # stacks were opened (and completed) during the deal
    assert len(configs) == 1, configs
    if size == (120, 40):
        assert configs == {(FULL, FULL, FULL)}, configs
    moved = {pile: at for pile, at in places.items() if len(at) > 1}
    assert not moved, moved


# --- names on the table, legal moves in words, key legends (issue 19, items 15 and 16) -------


def test_a_numbered_label_is_shown_whole_above_its_card() -> None:
    pile = PileView("found.11", "foundation 12", PileStyle.STACK, (Card(3, Suit.HEARTS),))
    block = pile_block(pile, FULL, 80, Ctx())
    canvas = Canvas(block.width, block.height)
    block.draw(canvas, 0, 0, [])
    assert canvas.text()[0].strip() == "foundation 12"


def test_nerts_foundations_are_drawn_under_the_names_the_moves_give_them() -> None:
    match = _nerts_deal(4, 6)
    named = 0
    for index in range(0, len(match.states), 5):
        view = match.view_at(index, 0)
        places = {
            m.group(0)
            for move in match.game.legal_moves(match.states[index], 0)
            for m in re.finditer(r"foundation \d+", move.label())
        }
        for size in ((120, 40), (80, 24)):
            text = "\n".join(paint(Scene(view), *size).canvas.text())
            for place in places:
                assert re.search(rf"{place}\b", text), (index, size, place)
        named += len(places)
    assert named > 10  # the deal had moves to foundations to check


def test_moves_to_numbered_places_say_which_in_words() -> None:
    from cardsuite.tui.render.table import legal_lines

    moves = ["4♥ from the waste to foundation 6", "4♥ from the waste to foundation 9", "flip"]
    assert legal_lines(moves, 60, 3) == [
        "Legal now:",
        "4♥ from the waste to foundation 6 or 9",
        "flip",
    ]
    three = ["put 10♣ on column 2", "put 10♣ on column 4", "put 10♣ on column 7"]
    assert legal_lines(three, 60, 1) == ["Legal now: put 10♣ on column 2, 4 or 7"]
    cuts = [f"cut the pack at card {n}" for n in range(1, 41)]
    assert legal_lines(cuts, 60, 1) == ["Legal now: cut the pack at card 1–40"]
    # cards after their verb stay as they were
    assert legal_lines(["play 6♠", "play 8♦", "draw"], 60, 1) == ["Legal now: play 6♠ 8♦ · draw"]


SPIT_KEYS = ["Q s1→C1", "W s2→C1", "E s3→C1", "A s1→C2", "S s2→C2", "D s3→C2", "X spit"]


def test_a_key_legend_breaks_only_between_its_entries() -> None:
    from cardsuite.tui.render.table import key_legend_lines

    for width in range(12, 70):
        lines = key_legend_lines(SPIT_KEYS, width, head="Anna:")
        assert all(len(line) <= width for line in lines), (width, lines)
        assert lines[0].startswith("Anna:") and all(line.startswith("  ") for line in lines[1:])
        parts = [line.removeprefix("Anna:").strip() for line in lines]
        entries = [e for part in parts if part for e in part.split(" · ")]
        assert entries == SPIT_KEYS, (width, lines)
    assert key_legend_lines(SPIT_KEYS, 26, head="Anna:") == [
        "Anna: Q s1→C1 · W s2→C1",
        "  E s3→C1 · A s1→C2",
        "  S s2→C2 · D s3→C2",
        "  X spit",
    ]


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_the_key_legends_on_the_info_lines_keep_each_key_with_its_move(
    size: tuple[int, int],
) -> None:
    match = Match(get_game("spit"), [SeatInfo("Anna"), SeatInfo("Boris")], seed=1)
    legends = [f"{name}: " + " · ".join(SPIT_KEYS) for name in ("Anna", "Boris")]
    text = "\n".join(paint(Scene(match.view(0), info=legends), *size).canvas.text())
    assert "Anna: Q s1→C1" in text, text
    assert not re.search(r"(?<![A-Z] )s\d→C\d", text), text  # no move without its key
    if size == (120, 40):  # the side panel has room for both legends
        for entry in SPIT_KEYS:
            assert text.count(entry) == 2, (entry, text)
