"""The pure picking logic: slots, sources, targets, the action bar and choosers."""

from __future__ import annotations

from dataclasses import dataclass

from cardsuite.core.cards import FACE_DOWN, JOKER, Card, Suit
from cardsuite.core.moves import Gesture, Move
from cardsuite.core.view import PileStyle, PileView, SeatView, TableView
from cardsuite.games import get_game
from cardsuite.tui.selection import (
    Ask,
    Cancelled,
    Choice,
    Picked,
    Play,
    Refused,
    Selector,
    Slot,
    action_entries,
    answer,
    choose,
    explain_refusal,
    pile_slots,
    table_slots,
)

S6, H8, C9 = Card(6, Suit.SPADES), Card(8, Suit.HEARTS), Card(9, Suit.CLUBS)


@dataclass(frozen=True, slots=True)
class Put(Move):
    """A made-up move: put ``card`` from ``src`` on ``dst``; ``path`` tells twins apart."""

    card: Card | None
    src: str
    dst: str | None
    path: tuple[str, ...] = ()

    def label(self) -> str:
        return " ".join(("put", str(self.card), "on", str(self.dst), *self.path))

    def gesture(self) -> Gesture | None:
        return Gesture(self.src, self.card, self.dst)

    def choice_path(self) -> tuple[str, ...]:
        return self.path or (self.label(),)


@dataclass(frozen=True, slots=True)
class Act(Move):
    name: str
    path: tuple[str, ...] = ()

    def label(self) -> str:
        return self.name

    def choice_path(self) -> tuple[str, ...]:
        return self.path or (self.name,)


def table() -> TableView:
    me = SeatView(
        0, (PileView("hand", "hand", PileStyle.FAN, (S6, H8, C9, JOKER)),), "Anna", is_viewer=True
    )
    you = SeatView(1, (PileView("hand1", "hand", PileStyle.FAN, (FACE_DOWN,) * 4),), "Boris")
    centre = (
        PileView("stock", "stock", PileStyle.STACK, (FACE_DOWN,) * 10),
        PileView("discard", "discard", PileStyle.STACK, (Card(7, Suit.HEARTS),)),
        PileView("col", "column", PileStyle.COLUMN, (C9, S6)),
    )
    return TableView("Test", 0, (me, you), centre, "Anna to play")


def test_slots_follow_the_drawing_order_and_backs_are_one_slot() -> None:
    view = table()
    slots = table_slots(view)
    assert slots[:4] == [Slot("hand", 0), Slot("hand", 1), Slot("hand", 2), Slot("hand", 3)]
    assert Slot("hand1", 3) in slots and Slot("hand1", 0) not in slots
    assert pile_slots(view.pile("stock")) == [Slot("stock", None)]


def test_source_then_target_plays_and_targets_are_highlighted() -> None:
    view = table()
    play6 = Put(0, S6, "hand", "discard")
    sel = Selector(view, (play6, Put(0, H8, "hand", "discard")))
    assert sel.current == Slot("hand", 0)
    assert sel.sources() == {Slot("hand", 0), Slot("hand", 1)}
    result = sel.pick()
    assert isinstance(result, Picked) and result.targets == {"discard"}
    assert sel.targets() == {"discard"}
    assert sel.pick(Slot("discard")) == Play(play6)


def test_quick_play_plays_a_card_with_one_place_to_go() -> None:
    one = Put(0, S6, "hand", "discard")
    sel = Selector(table(), (one, Put(0, C9, "hand", "discard"), Put(0, C9, "hand", "col")))
    assert isinstance(sel.pick(Slot("hand", 0)), Picked)  # off by default: pick, then place
    sel.cancel()
    sel.quick_play = True
    assert sel.pick(Slot("hand", 0)) == Play(one)
    assert sel.source is None
    # two places to go: the player still chooses one
    assert sel.pick(Slot("hand", 2)) == Picked(Slot("hand", 2), sel.targets())
    assert set(sel.targets()) == {"discard", "col"}


def test_a_source_without_targets_plays_directly() -> None:
    draw = Put(0, None, "stock", None)
    sel = Selector(table(), (draw,))
    assert sel.pick(Slot("stock")) == Play(draw)


def test_refusals_and_cancel() -> None:
    sel = Selector(table(), (Put(0, S6, "hand", "discard"),), explain=lambda s, t: f"no {s} {t}")
    assert sel.pick(Slot("hand", 2)) == Refused("no hand[2] None")
    sel.pick(Slot("hand", 0))
    assert sel.pick(Slot("stock")) == Refused("no hand[0] stock")
    assert sel.source == Slot("hand", 0)  # still holding it
    assert isinstance(sel.cancel(), Cancelled) and sel.source is None


def test_tab_visits_playable_slots_only() -> None:
    sel = Selector(table(), (Put(0, S6, "hand", "discard"), Put(0, C9, "hand", "discard")))
    seen = []
    for _ in range(4):
        sel.tab()
        seen.append(sel.current)
    assert set(seen) == {Slot("hand", 0), Slot("hand", 2)}


def test_column_cards_must_reach_the_bottom() -> None:
    exposed = Put(0, S6, "col", "discard")
    sel = Selector(table(), (exposed,))
    assert sel.is_source(Slot("col", 1)) and not sel.is_source(Slot("col", 0))


def test_moves_sharing_a_gesture_ask_one_question_at_a_time() -> None:
    twins = [
        Put(0, JOKER, "hand", "discard", ("name 10", "no follow-up")),
        Put(0, JOKER, "hand", "discard", ("name 10", "then 9♣")),
        Put(0, JOKER, "hand", "discard", ("name K", "no follow-up")),
    ]
    first = choose(twins)
    assert isinstance(first, Choice)
    assert [o for o, _ in first.options] == ["name 10", "name K"]
    second = answer(first, 0)
    assert isinstance(second, Choice)
    assert [o for o, _ in second.options] == ["no follow-up", "then 9♣"]
    assert answer(second, 1) is twins[1]
    assert answer(first, 1) is twins[2]  # a single answer is not asked
    sel = Selector(table(), tuple(twins))
    sel.pick(Slot("hand", 3))
    assert isinstance(sel.pick(Slot("discard")), Ask)


def test_the_action_bar_lists_moves_without_a_place() -> None:
    view = table()
    moves = [
        Put(0, S6, "hand", "discard"),
        Put(0, None, "stock", None),  # no target
        Put(0, C9, "col", "tableau"),  # a target that is not drawn
        Act(0, "keep"),
        Act(0, "bid 1", ("bid", "1")),
        Act(0, "bid 2", ("bid", "2")),
    ]
    entries = action_entries(moves, view)
    assert [e.label for e in entries] == ["put None on None", "put 9♣ on tableau", "keep", "bid…"]
    assert entries[-1].asks


def test_refusal_uses_the_engine_reason_of_the_matching_candidate() -> None:
    view = table()
    candidates = [Put(0, S6, "hand", "discard"), Put(0, C9, "hand", "discard")]
    reason = explain_refusal(
        view, Slot("hand", 2), None, candidates, lambda m: f"{m.card} is not next to 7"
    )
    assert reason == "9♣ is not next to 7"
    plain = explain_refusal(view, Slot("hand1", 3), None, candidates, lambda m: None)
    assert plain == "nothing to do with the hand now"


def test_a_refused_target_is_answered_with_the_places_the_card_may_go() -> None:
    view = table()
    to_discard = Put(0, S6, "hand", "discard")
    to_column = Put(0, S6, "hand", "col")
    legal = {to_discard}
    reason = explain_refusal(
        view,
        Slot("hand", 0),
        "stock",
        [to_discard, to_column],
        lambda m: None if m in legal else "the column is closed",
    )
    assert reason == "6♠ cannot go to the stock; it may go to the discard"
    legal.add(to_column)
    reason = explain_refusal(
        view, Slot("hand", 0), "stock", [to_discard, to_column], lambda m: None
    )
    assert reason == "6♠ cannot go to the stock; it may go to the discard or the column"


def test_a_card_that_may_go_nowhere_gets_the_engine_reason() -> None:
    reason = explain_refusal(
        table(), Slot("hand", 0), "stock", [Put(0, S6, "hand", "discard")], lambda m: "draw first"
    )
    assert reason == "draw first"


def test_rang_joker_path_through_the_selector() -> None:
    game = get_game("rang")
    state = game.position("P1: JOKER 9♣\nP2: 2♠ 3♠\nP3: 4♠ 5♠\ndiscard: K♦")
    legal = game.legal_moves(state, 0)
    view = game.present(game.observe(state, 0)).named(("Anna", "Boris", "Vera"))
    sel = Selector(view, legal)
    joker = next(
        s
        for s in sel.slots
        if s.pile == "hand.0" and view.pile("hand.0").faces[s.index or 0] is JOKER
    )
    assert isinstance(sel.pick(joker), Picked)
    asked = sel.pick(Slot("discard"))
    assert isinstance(asked, Ask)
    assert len(asked.choice.options) == 13  # name A … K


# --- after a pick: one stop per legal target, arrows among the targets ----------------------


def grabuge_like() -> TableView:
    """A picked card with three columns to go to, each with buried cards, and other piles
    around that are no target."""
    me = SeatView(
        0,
        (
            PileView("turned", "turned", PileStyle.STACK, (Card(12, Suit.HEARTS),)),
            PileView("col1", "column 1", PileStyle.COLUMN, (C9, S6, H8)),
            PileView("col2", "column 2", PileStyle.COLUMN, (S6, C9)),
            PileView("col3", "column 3", PileStyle.COLUMN, (H8,)),
            PileView("stock", "stock", PileStyle.STACK, (FACE_DOWN,) * 4),
        ),
        "Anna",
        is_viewer=True,
    )
    you = SeatView(1, (PileView("col.b", "column", PileStyle.COLUMN, (S6, H8)),), "Boris")
    centre = (PileView("packet", "packet 1", PileStyle.STACK, (Card(5, Suit.DIAMONDS),)),)
    return TableView("Test", 0, (me, you), centre, "Anna: where does Q♥ go?")


def placed(view: TableView) -> tuple[Move, ...]:
    queen = Card(12, Suit.HEARTS)
    return tuple(Put(0, queen, "turned", col) for col in ("col1", "col2", "col3"))


def test_tab_after_a_pick_stops_once_per_target_on_its_top_card() -> None:
    view = grabuge_like()
    sel = Selector(view, placed(view))
    assert isinstance(sel.pick(Slot("turned")), Picked)
    tops = {Slot("col1", 2), Slot("col2", 1), Slot("col3", 0)}
    assert sel.marked() == tops
    stops = []
    for _ in range(6):
        sel.tab()
        stops.append(sel.current)
    assert set(stops) == tops and stops[:3] == stops[3:]  # one stop each, in a cycle
    for _ in range(6):
        sel.tab(-1)
        assert sel.current in tops


def test_arrows_after_a_pick_move_only_among_the_targets_and_the_source() -> None:
    from cardsuite.tui.render.table import Scene, paint

    view = grabuge_like()
    allowed = {Slot("col1", 2), Slot("col2", 1), Slot("col3", 0), Slot("turned")}
    for size in ((120, 40), (80, 24)):
        sel = Selector(view, placed(view))
        rects = paint(Scene(view), *size).rects()
        sel.pick(Slot("turned"))
        seen = set()
        for key in ("down", "up", "left", "right", "down", "right", "up", "left", "up") * 3:
            sel.go(key, rects)
            assert sel.current in allowed, (size, key, sel.current)
            seen.add(sel.current)
        assert len(seen) >= 3, seen  # the arrows do move, among the targets
        # back on the source, picking it again cancels
        sel.move_to(Slot("turned"))
        assert isinstance(sel.pick(), Cancelled)
        # with nothing picked, the arrows go anywhere again
        sel.go("up", rects)
        assert sel.current not in allowed


def test_every_legal_move_is_summarised_without_a_limit() -> None:
    from cardsuite.tui.selection import group_words, summarise

    moves = [Act(0, f"bid {n}") for n in range(1, 13)]
    assert summarise(moves) == [f"bid {n}" for n in range(1, 13)]
    assert summarise(moves, limit=4)[-1] == "… 9 more"
    assert group_words(["play 6♠", "draw", "play 8♦", "put Q♥ on column 2"]) == [
        ("play", ["6♠", "8♦"]),
        ("draw", []),
        ("put Q♥ on column 2", []),
    ]


def test_moves_of_one_message_are_grouped_by_their_data_in_any_language() -> None:
    # Asks of one opponent for different ranks share the message with the rank left out, in
    # the language's own order of words ("ask Boris for …", «спросить у игрока Boris …»).
    from cardsuite.core import i18n
    from cardsuite.games.ryba.model import Ask
    from cardsuite.tui.selection import shared_words

    for language in ("en", "ru", "uk"):
        with i18n.speaking(language):
            labels = [Ask(0, 1, rank).label() for rank in (7, 12)]
            prefix = i18n._("ask {who} for {rank}").partition("{rank}")[0]
            assert shared_words(labels) == prefix.format(who="{s1}").rstrip(" :"), language
    # words that are no one message still share the words they start with
    assert shared_words(["play 6♠", "play 8♦"]) == "play"
