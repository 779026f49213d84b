"""Grabuge: one test per acceptance scenario of the spec (§11), then the rules §11 leaves out.

Positions are written with :meth:`Grabuge.position`: a small text table, one pile per line,
with players named as in the spec (P1 is seat 0, P2 is seat 1)::

    packets: A 4        packets on the tableau, oldest first, by their top rank
    P1 grabuge: 2♣ 3♦   a grabuge or a stock, listed from the top
    P1 col2: 8♠ 4♥      a reserve column, from the bottom to the exposed card
    P2 won: 3           packets already won
    turn: P2            and the settings dealer, setup, converted and bonus

and the engine plays on from there to the first decision.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from typing import Any

import pytest

from cardsuite.core.cards import FACE_DOWN, Card, parse_cards
from cardsuite.core.errors import (
    GAME_OVER,
    NOT_YOUR_TURN,
    IllegalMoveError,
    NotationError,
    OptionsError,
)
from cardsuite.core.events import Event, TurnBegins
from cardsuite.core.options import options_from_strings
from cardsuite.core.series import Dealt, NextDeal
from cardsuite.core.table import resample_hidden
from cardsuite.core.text import fill
from cardsuite.games.grabuge.engine import (
    COLUMN_FREE,
    DOES_NOT_FIT,
    GRABUGE,
    NO_SUCH_COLUMN,
    NOT_NOW,
    RESERVE_FULL,
    AnyGrabugeMove,
    _Cascade,
)
from cardsuite.games.grabuge.model import (
    BatchTaken,
    BatchToOnlyColumn,
    BonusWon,
    Converted,
    Counted,
    DealWon,
    FullGrabuge,
    GrabugeEmpty,
    GrabugeMove,
    GrabugeOptions,
    PacketCrowned,
    Passed,
    PlaceInReserve,
    PlayedFromGrabuge,
    PlayReserve,
    Precedence,
    SetupAce,
    TurnedNoPlace,
    batch_pile,
    grabuge_pile,
    leftover_packets,
    packet_pile,
    packet_totals,
    reserve_pile,
    stock_pile,
    turned_pile,
    won_pile,
)

NAMES = ("Anna", "Boris")


# --- helpers -------------------------------------------------------------------------------


def position(text: str, **kwargs: Any) -> FullGrabuge:
    return GRABUGE.position(text, **kwargs)


def log(state: FullGrabuge) -> list[tuple[str, int | None, str]]:
    """The events as (event type, seat, card) triples ("" for an event without a card)."""
    out = []
    for e in state.events:
        played = getattr(e, "card", None)
        out.append(
            (type(e).__name__, getattr(e, "seat", None), "" if played is None else str(played))
        )
    return out


def kinds(state: FullGrabuge) -> list[str]:
    return [type(e).__name__ for e in state.events]


def card(text: str) -> Card:
    (c,) = parse_cards(text)
    return c


def pile(state: FullGrabuge, name: str) -> str:
    return " ".join(str(c) for c in state.table.cards(name))


def refused(state: FullGrabuge, move: AnyGrabugeMove, code: str) -> str:
    """Assert the move is refused with ``code``, the same by ``why_illegal`` and ``apply``,
    and that it changes nothing; return the refusal's text."""
    before = pickle.dumps(state)
    refusal = GRABUGE.why_illegal(state, move)
    assert refusal is not None and refusal.code == code, refusal
    with pytest.raises(IllegalMoveError) as error:
        GRABUGE.apply(state, move)
    assert error.value.code == code and error.value.reason == refusal.text
    assert pickle.dumps(state) == before
    return refusal.text


def play_random(
    seed: int, options: GrabugeOptions | None = None, *, check: bool = False
) -> list[FullGrabuge]:
    """Every state of one random game (the first is the deal)."""
    g = GRABUGE
    state = g.new_game(seats=2, options=options, seed=seed)
    rng = random.Random(seed)
    states = [state]
    deck = Counter(g.deck(state))
    for _ in range(10_000):
        if check:
            assert Counter(state.table.all_cards()) == deck, "cards are conserved"
        to_move = g.to_move(state)
        if not to_move:
            break
        (seat,) = to_move
        legal = g.legal_moves(state, seat)
        if check:
            assert legal, "a seat to move always has a legal move"
            accepted = tuple(
                m for m in g.candidates(state, seat) if g.why_illegal(state, m) is None
            )
            assert accepted == legal
            assert g.legal_moves(state, 1 - seat) == ()
            if state.series.between:
                assert legal == (NextDeal(seat),) and g.outcome(state) is None
        state = g.apply(state, legal[rng.randrange(len(legal))])
        states.append(state)
    else:
        raise AssertionError("the game did not end")
    assert state.over and not state.series.between and g.outcome(state) is not None
    return states


def all_events(states: list[FullGrabuge]) -> list[Event]:
    return [e for s in states for e in s.events]


# --- §11 scenarios -------------------------------------------------------------------------


def test_grabuge_s01_precedence() -> None:
    state = position("""
        P1 grabuge: 9♣ 5♦ 5♥
        P1 stock: K♠ K♥
        P2 grabuge: Q♦ 5♠ 5♣
        P2 stock: K♦ K♣
        dealer: P1
        setup: yes
    """)
    precedence = next(e for e in state.events if isinstance(e, Precedence))
    assert precedence == Precedence(1, (card("Q♦"), card("9♣")), tie=False)
    assert state.first == 1
    assert [e.seat for e in state.events if isinstance(e, TurnBegins)] == [1]
    assert GRABUGE.to_move(state) == {1}  # P2's first batch card waits for a place


def test_grabuge_s02_setup_aces() -> None:
    state = position("""
        P1 grabuge: A♠ A♥ 7♦ 9♣ 9♦ 9♥ 10♠ 10♣
        P1 stock: K♠ K♥
        P2 grabuge: 5♣ J♣ J♦
        P2 stock: K♦ K♣
        dealer: P2
        setup: yes
    """)
    assert state.packets == (1, 2)
    assert pile(state, packet_pile(1)) == "A♠" and pile(state, packet_pile(2)) == "A♥"
    grabuge = state.table.cards(grabuge_pile(0))
    assert len(grabuge) == 6 and grabuge[-1] == card("7♦")
    seen_by_p2 = GRABUGE.observe(state, 1).state.table.faces(grabuge_pile(0))
    assert seen_by_p2 == (FACE_DOWN,) * 5 + (card("7♦"),)  # face up, the rest face down
    assert [e for e in state.events if isinstance(e, SetupAce)] == [
        SetupAce(0, card("A♠"), packet_pile(1)),
        SetupAce(0, card("A♥"), packet_pile(2)),
    ]
    assert state.first == 0  # 7 beats 5


@pytest.mark.parametrize("dealer", [0, 1])
def test_grabuge_s03_tie(dealer: int) -> None:
    state = position(f"""
        P1 grabuge: 10♣ 5♦
        P1 stock: K♠ K♥
        P2 grabuge: 10♦ 5♠
        P2 stock: K♦ K♣
        dealer: P{dealer + 1}
        setup: yes
    """)
    precedence = next(e for e in state.events if isinstance(e, Precedence))
    assert precedence.tie
    assert state.first == precedence.seat == 1 - dealer


def test_grabuge_s04_grabuge_cascade_at_turn_start() -> None:
    state = position("""
        packets: A
        P1 grabuge: 2♣ 3♦ J♠ 8♥
        P1 stock: 9♥ 9♣ 9♦ 9♠
    """)
    events = log(state)
    draw = kinds(state).index("BatchTaken")
    plays = [i for i, (k, _, _) in enumerate(events) if k == "PlayedFromGrabuge"]
    assert [events[i][2] for i in plays] == ["2♣", "3♦"]
    assert all(i < draw for i in plays)
    assert state.table.cards(grabuge_pile(0))[-1] == card("J♠")
    assert pile(state, packet_pile(1)) == "A♦ 2♣ 3♦"


def test_grabuge_s05_priority_grabuge_then_reserve_then_batch() -> None:
    state = position("""
        packets: 4
        P1 grabuge: 6♣ 8♦ Q♠
        P1 col1: 7♥
        P1 stock: 5♣ 2♦
        P2 stock: K♦ K♣
    """)
    events = log(state)
    first_turn = events[: [k for k, _, _ in events].index("TurnBegins", 1)]
    assert [(k, c) for k, _, c in first_turn if k != "TurnBegins"] == [
        ("BatchTaken", ""),
        ("BatchPlayed", "5♣"),
        ("PlayedFromGrabuge", "6♣"),
        ("GrabugeShows", "8♦"),
        ("PlayedFromReserve", "7♥"),
        ("PlayedFromGrabuge", "8♦"),
        ("GrabugeShows", "Q♠"),
        ("BatchToOnlyColumn", "2♦"),
    ]


def test_grabuge_s06_reserve_full() -> None:
    state = position("""
        packets: 5 7
        P1 col1: 9♠
        P1 col2: J♠
        P1 col3: 3♠
        P1 col4: K♠
        P1 stock: Q♥
    """)
    assert state.table.cards(turned_pile(0)) == (card("Q♥"),)
    new_column = PlaceInReserve(0, None)
    reason = refused(state, new_column, RESERVE_FULL)
    assert "Q♥" in reason
    assert state.table.cards(turned_pile(0)) == (card("Q♥"),)
    assert new_column not in GRABUGE.legal_moves(state, 0)
    after = GRABUGE.apply(state, PlaceInReserve(0, 4))
    assert pile(after, reserve_pile(0, 4)) == "K♠ Q♥"


def test_grabuge_s07_covered_cards_are_dead() -> None:
    state = position("""
        packets: 7
        P1 col1: 8♠ 4♥
        P1 stock: K♣
    """)
    assert "PlayedFromReserve" not in kinds(state)
    assert pile(state, reserve_pile(0, 1)) == "8♠ 4♥"
    assert all(not isinstance(m, PlayReserve) for m in GRABUGE.legal_moves(state, 0))
    # At a choice between reserve columns, the covered 8 is no option either.
    choice = position("""
        packets: 7 2
        P1 col1: 8♠ 4♥
        P1 col2: 8♦
        P1 col3: 3♣
    """)
    assert GRABUGE.legal_moves(choice, 0) == (PlayReserve(0, 2), PlayReserve(0, 3))
    assert (
        refused(choice, PlayReserve(0, 1), DOES_NOT_FIT)
        == "the 4♥ exposed in column 1 does not fit any packet"
    )


def test_grabuge_s08_king_completes_a_packet() -> None:
    state = position("""
        packets: Q
        P1 grabuge: 5♦
        P1 stock: K♠
        P2 stock: 9♣ 9♦
    """)
    assert ("BatchPlayed", 0, "K♠") in log(state)
    packet = next(e for e in state.events if isinstance(e, PacketCrowned))
    assert packet == PacketCrowned(0, card("K♠"), 1)
    assert GRABUGE.won(state) == (1, 0)
    assert state.packets == ()  # the tableau is empty
    assert not any(name.startswith("packet.") for name in state.table.layout.ids)
    assert len(state.table.cards(won_pile(0))) == 13
    # With another packet on the tableau, only the crowned one leaves.
    two = position("""
        packets: Q 5
        P1 grabuge: 5♦
        P1 stock: K♠
        P2 stock: 9♣ 9♦
    """)
    assert two.packets == (2,) and GRABUGE.won(two) == (1, 0)


def test_grabuge_s09_bonus_once_only() -> None:
    state = position("""
        packets: 4
        P1 grabuge: 5♠
        P1 stock: 9♣
        P2 grabuge: 6♥
    """)
    assert state.bonus == (2, 0)
    assert [e for e in state.events if isinstance(e, (BonusWon, GrabugeEmpty))] == [
        BonusWon(0, 2),
        GrabugeEmpty(1),
    ]
    assert ("PlayedFromGrabuge", 1, "6♥") in log(state)  # P2's grabuge did empty
    assert state.over and GRABUGE.outcome(state).scores == (2, 0)  # type: ignore[union-attr]


def test_grabuge_s10_grabuge_used_as_stock() -> None:
    state = position("""
        packets: 3 5
        P1 grabuge: 9♠ J♦ 8♥
    """)
    assert state.events == (
        TurnBegins(0),
        Converted(0, card("9♠"), 3),
        BatchTaken(0, 3),
        BatchToOnlyColumn(0, card("9♠")),
        TurnedNoPlace(0, card("J♦")),
    )
    assert state.converted == (True, False)
    assert state.table.cards(grabuge_pile(0)) == () and pile(state, reserve_pile(0, 1)) == "9♠"
    state = GRABUGE.apply(state, PlaceInReserve(0, None))
    state = GRABUGE.apply(state, PlaceInReserve(0, None))  # the last card: the pile is empty
    assert state.over and state.bonus == (0, 0)
    assert "BonusWon" not in kinds(state)


def test_grabuge_s11_final_count() -> None:
    assert packet_totals(won=(3, 1), leftover=(13, 4), bonus=(0, 0)) == (3, 2)
    state = position("""
        P1 col1: 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠
        P1 col2: 2♥ 3♥ 4♥ 5♥ 6♥ 7♥
        P1 won: 3
        P2 col1: 9♦ 10♦ J♦ Q♦
        P2 won: 1
    """)
    assert state.over
    assert [e for e in state.events if isinstance(e, Counted)] == [
        Counted(0, won=3, leftover=0, bonus=0),
        Counted(1, won=1, leftover=1, bonus=0),
    ]
    outcome = GRABUGE.outcome(state)
    assert outcome is not None
    assert outcome.places == (1, 2) and outcome.scores == (3, 2)
    assert fill(outcome.reason, ["Pierre", "Paul"]) == "Pierre wins 3–2 on packets"


# --- the count -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("leftover", "packets"),
    [((13, 4), (0, 1)), ((4, 13), (1, 0)), ((7, 7), (0, 0)), ((0, 4), (0, 0)), ((0, 10), (2, 0))],
)
def test_leftover_packets_go_to_the_player_with_fewer_cards(
    leftover: tuple[int, int], packets: tuple[int, int]
) -> None:
    assert leftover_packets(leftover) == packets


def test_equal_totals_are_a_draw() -> None:
    state = position("""
        P1 col1: 5♠
        P1 won: 1
        P2 col1: 6♦
        P2 won: 1
    """)
    outcome = GRABUGE.outcome(state)
    assert outcome is not None and outcome.is_draw
    assert outcome.places == (1, 1) and outcome.reason == "a draw at 1–1"
    assert state.events[-1] == DealWon(None, 1)


def test_bonus_counts_in_the_total() -> None:
    state = position("P2 col1: 6♦\nbonus: P2")
    assert GRABUGE.outcome(state).scores == (0, 2)  # type: ignore[union-attr]


# --- turns and the end ---------------------------------------------------------------------


def test_the_game_goes_on_while_the_other_player_has_a_card_that_fits() -> None:
    state = position("""
        packets: A
        P2 col1: 2♣
    """)
    assert [(k, s) for k, s, _ in log(state)] == [
        ("TurnBegins", 0),
        ("Passed", 0),
        ("TurnBegins", 1),
        ("PlayedFromReserve", 1),
        ("Counted", 0),
        ("Counted", 1),
        ("DealWon", None),
    ]
    assert state.over and GRABUGE.to_move(state) == frozenset()


def test_the_end_waits_for_both_stocks_and_grabuges() -> None:
    # P1 has nothing left and nothing fits, but P2 still has a grabuge: play goes on.
    state = position("""
        P1 col1: 7♠
        P2 grabuge: 9♣
        P2 stock: 8♣ 8♦
    """)
    assert not state.over
    assert Passed(0) in state.events
    assert GRABUGE.to_move(state) == {1}


def test_placing_the_turned_card_lets_nothing_new_play() -> None:
    """The turned card fits no packet (§6.4) and nothing else changes when it is placed, so the
    engine goes straight on with the batch: the state is the one a full settle (§6.3) first
    would give."""
    placements = 0
    for seed in range(20):
        for state in play_random(seed):
            if state.over:
                continue
            for move in GRABUGE.legal_moves(state, state.active):
                if isinstance(move, PlaceInReserve):
                    work = _Cascade(state)
                    work.place(move.column)
                    work.run()  # settles before the next batch card
                    assert GRABUGE.apply(state, move) == work.freeze()
                    placements += 1
    assert placements > 1000


def test_the_waiting_players_grabuge_is_never_played_on_the_other_turn() -> None:
    state = position("""
        packets: 3
        P1 col1: K♥
        P1 stock: 4♣ 9♦
        P2 grabuge: 5♥ 10♣
        P2 stock: Q♣
    """)
    assert pile(state, packet_pile(1)).endswith("4♣")  # P2's 5♥ fits from here on
    assert all(e.actor != 1 for e in state.events)
    assert state.table.cards(grabuge_pile(1))[-1] == card("5♥")
    after = GRABUGE.apply(state, PlaceInReserve(0, 1))
    turn = after.events.index(TurnBegins(1))
    assert after.events[turn + 1] == PlayedFromGrabuge(  # first thing on his own turn
        1, card("5♥"), card("4♣"), packet_pile(1)
    )


def test_a_card_goes_on_the_oldest_packet_that_takes_it() -> None:
    state = position("""
        packets: 3 3 5
        P1 stock: 4♠ 4♥ K♣ K♦
    """)
    assert pile(state, packet_pile(1)).endswith("3♦ 4♠")
    assert pile(state, packet_pile(2)).endswith("3♥ 4♥")  # the next 4 finds packet 1 taken
    ace = position("""
        packets: 2
        P1 stock: A♠ K♣ K♦
    """)
    # An Ace starts the newest packet.
    assert ace.packets == (1, 2) and pile(ace, packet_pile(2)) == "A♠"


def test_an_arranged_position_must_be_consistent() -> None:
    with pytest.raises(NotationError, match="must be empty"):
        position("P1 grabuge: 5♠\nconverted: P1")
    with pytest.raises(NotationError, match="must be empty"):
        position(f"{batch_pile(0)}: 5♠")
    # Packets are written by their top rank, so each runs from an Ace upwards without a gap;
    # anything else written for the tableau is refused, never silently dropped.
    packets = position("packets: 3 J\nP1 stock: K♣")
    assert [pile(packets, packet_pile(n)) for n in (1, 2)] == [
        "A♦ 2♦ 3♦",
        "A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥",
    ]
    with pytest.raises(NotationError, match="3♠"):
        position("packets: A 3♠")
    with pytest.raises(NotationError, match=r"packet\.1"):
        position("packet.1: A♠ 3♠")
    with pytest.raises(NotationError, match="unknown pile"):
        position("P1 col5: 3♠")
    with pytest.raises(NotationError, match="trun"):
        position("P1 col1: 3♠\ntrun: P2")
    with pytest.raises(NotationError, match="P3"):
        position("P3 col1: 3♠")
    with pytest.raises(NotationError, match="number of packets"):
        position("P1 won: three")


def test_position_settings() -> None:
    state = position("""
        P1 stock: 9♣
        P2 stock: 9♦ 9♥
        turn: P2
        dealer: P1
    """)
    assert state.active == state.first == 1 and state.dealer == 0
    assert state.events[:2] == (TurnBegins(1), BatchTaken(1, 2))
    assert state.bonus == (0, 0) and state.converted == (False, False)
    state = position("P1 stock: 9♣\nP2 col1: 7♦\nconverted: P2\nbonus: P1")
    assert state.converted == (False, True) and state.bonus == (2, 0)


def test_several_reserve_cards_play_in_the_chosen_order() -> None:
    state = position("""
        packets: 7 2
        P1 col1: 8♦
        P1 col2: 3♣
    """)
    assert GRABUGE.to_move(state) == {0}
    first_three = GRABUGE.apply(state, PlayReserve(0, 2))
    plays = [c for k, _, c in log(first_three) if k == "PlayedFromReserve"]
    assert plays == ["3♣", "8♦"]  # the chosen one, then the only one left


def test_a_short_last_batch_with_an_odd_grabuge_size() -> None:
    states = play_random(3, GrabugeOptions(grabuge_size=6))
    for s in (0, 1):
        draws = []
        for e in all_events(states):
            if isinstance(e, Converted) and e.seat == s:
                break
            if isinstance(e, BatchTaken) and e.seat == s:
                draws.append(e.count)
        assert draws == [4] * 11 + [2]  # 46 cards in the original stock


# --- options -------------------------------------------------------------------------------


def test_default_options() -> None:
    options = GrabugeOptions()
    assert (options.decks, options.grabuge_size, options.match_deals) == (2, 8, 1)
    assert options_from_strings(GrabugeOptions, {"decks": "4", "grabuge-size": "30"}) == (
        GrabugeOptions(decks=4, grabuge_size=30)
    )


@pytest.mark.parametrize(
    ("values", "named"),
    [
        ({"decks": 3}, "3"),
        ({"grabuge_size": 0}, "0"),
        ({"grabuge_size": 53}, "53"),
        ({"decks": 4, "grabuge_size": 105}, "105"),
        ({"match_deals": 0}, "0"),
        ({"match_deals": "2"}, "'2'"),
    ],
)
def test_bad_options_are_refused_with_the_value_named(values: dict[str, Any], named: str) -> None:
    with pytest.raises(OptionsError, match=named):
        GrabugeOptions(**values)


@pytest.mark.parametrize("decks", [2, 4, 6, 8])
def test_each_player_gets_26_cards_per_deck(decks: int) -> None:
    state = GRABUGE.new_game(seats=2, options=GrabugeOptions(decks=decks), seed=decks)
    assert len(GRABUGE.deck(state)) == 52 * decks
    assert Counter(state.table.all_cards()) == Counter(GRABUGE.deck(state))
    second = 1 - state.first  # has not played yet
    assert len(state.table.cards(stock_pile(second))) == 26 * decks - 8
    aces = sum(1 for e in state.events if isinstance(e, SetupAce) and e.seat == second)
    assert len(state.table.cards(grabuge_pile(second))) + aces == 8


@pytest.mark.parametrize("size", [1, 5, 20, 52])
def test_grabuge_size_option(size: int) -> None:
    state = GRABUGE.new_game(seats=2, options=GrabugeOptions(grabuge_size=size), seed=11)
    second = 1 - state.first
    aces = sum(1 for e in state.events if isinstance(e, SetupAce) and e.seat == second)
    assert len(state.table.cards(stock_pile(second))) == 52 - size
    assert len(state.table.cards(grabuge_pile(second))) + aces == size


def test_a_match_alternates_the_dealer_and_adds_the_deals() -> None:
    states = play_random(7, GrabugeOptions(match_deals=3), check=True)
    final = states[-1]
    dealers = [e.seat for e in all_events(states) if isinstance(e, Dealt)]
    first = dealers[0]
    assert dealers == [first, 1 - first, first]
    assert [e.number for e in all_events(states) if isinstance(e, DealWon)] == [1, 2, 3]
    # After each deal but the last the match waits for the next dealer to deal.
    waits = [s for s in states if s.series.between]
    assert [s.series.next_dealer(2) for s in waits] == dealers[1:]
    for wait in waits:
        view = GRABUGE.present(GRABUGE.observe(wait, None)).named(NAMES)
        assert view.summary is not None and view.summary.title.startswith("Deal ")
    results = final.series.results
    assert len(results) == 3 and [r.dealer for r in results] == dealers
    outcome = GRABUGE.outcome(final)
    assert outcome is not None
    assert outcome.scores == tuple(sum(r.scores[s] for r in results) for s in (0, 1))
    assert outcome.scores == GRABUGE.totals(final)
    assert "over 3 deals" in outcome.reason or "after 3 deals" in outcome.reason
    view = GRABUGE.present(GRABUGE.observe(final, None)).named(NAMES)
    for n, result in enumerate(results, start=1):
        a, b = result.scores
        assert f"Deal {n}: Anna {a} – Boris {b}" in view.info


def test_no_outcome_before_the_end() -> None:
    state = GRABUGE.new_game(seats=2, seed=1)
    assert GRABUGE.outcome(state) is None and not state.over


def test_between_deals_only_the_next_dealer_deals() -> None:
    options = GrabugeOptions(match_deals=2)
    state = position("P1 col1: 5♠\nP1 won: 2\nP2 col1: 6♦\ndealer: P1", options=options)
    assert state.over and state.series.between
    assert GRABUGE.to_move(state) == {1} and GRABUGE.outcome(state) is None
    assert GRABUGE.totals(state) == (2, 0)
    assert GRABUGE.legal_moves(state, 1) == (NextDeal(1),)
    assert GRABUGE.legal_moves(state, 0) == ()
    refused(state, NextDeal(0), NOT_YOUR_TURN)
    refused(state, PlayReserve(1, 1), NOT_NOW)
    view = GRABUGE.present(GRABUGE.observe(state, 0)).named(NAMES)
    assert view.status == "Deal over: Boris deals the next hand"
    assert view.summary is not None and view.summary.title == "Deal 1 of 2 is over"
    dealt = GRABUGE.apply(state, NextDeal(1))
    assert not dealt.over and not dealt.series.between
    assert dealt.dealer == 1 and dealt.series.number == 1
    assert dealt.events[0] == Dealt(1, 2)
    assert Counter(dealt.table.all_cards()) == Counter(GRABUGE.deck(dealt))
    assert GRABUGE.totals(dealt) == (2, 0) and dealt.bonus == (0, 0)
    fresh = position("packets: 5\nP1 col1: 9♠\nP1 stock: Q♥", options=options)
    assert GRABUGE.to_move(fresh) == {0}
    refused(fresh, NextDeal(0), NOT_NOW)  # the deal is not over


# --- bonus ---------------------------------------------------------------------------------


def test_the_bonus_comes_only_from_playing_a_grabuge_out() -> None:
    for seed in range(40):
        events = all_events(play_random(seed, GrabugeOptions(grabuge_size=3)))
        for i, e in enumerate(events):
            if isinstance(e, BonusWon):
                crowned = isinstance(events[i - 1], PacketCrowned)
                before = events[i - 2] if crowned else events[i - 1]
                assert isinstance(before, (PlayedFromGrabuge, SetupAce))
                assert before.seat == e.seat
        assert sum(isinstance(e, BonusWon) for e in events) <= 1


def test_setup_aces_that_empty_the_grabuge_earn_the_bonus_non_dealer_first() -> None:
    state = position("""
        P1 grabuge: A♠
        P1 stock: K♠ K♥
        P2 grabuge: A♦
        P2 stock: K♦ K♣
        dealer: P1
        setup: yes
    """)
    assert state.bonus == (0, 2)  # P2 did not deal: his Ace went first


# --- moves, refusals and notation ----------------------------------------------------------


def test_illegal_moves_are_refused_with_a_reason_and_change_nothing() -> None:
    state = position("""
        packets: 5
        P1 col1: 9♠
        P1 stock: Q♥
    """)
    cases: dict[GrabugeMove, tuple[str, str]] = {
        PlaceInReserve(1, 1): (NOT_YOUR_TURN, "it is not {s1}'s turn"),
        PlayReserve(0, 1): (NOT_NOW, "Q♥ fits no packet and must first go to the reserve"),
        PlaceInReserve(0, 2): (COLUMN_FREE, "column 2 is free"),
        PlaceInReserve(0, 5): (NO_SUCH_COLUMN, "there is no reserve column 5"),
    }
    for move, (code, expected) in cases.items():
        assert refused(state, move, code).startswith(expected)
        assert state.table.cards(turned_pile(0)) == (card("Q♥"),)
    choice = position("""
        packets: 7 2
        P1 col1: 8♦
        P1 col2: 3♣
    """)
    assert refused(choice, PlaceInReserve(0, 1), NOT_NOW).startswith("no turned card")
    assert refused(choice, PlayReserve(0, 3), NOT_NOW) == "reserve column 3 is empty"
    assert refused(choice, PlayReserve(0, 5), NO_SUCH_COLUMN).startswith(
        "there is no reserve column 5"
    )
    over = position("P1 col1: 5♠")
    assert refused(over, PlayReserve(0, 1), GAME_OVER) == "the game is over"


def test_labels_notation_and_gestures() -> None:
    state = position("""
        packets: 5
        P1 col1: 9♠
        P1 stock: Q♥
    """)
    on_column, new_column = GRABUGE.legal_moves(state, 0)
    assert isinstance(new_column, PlaceInReserve)
    assert on_column.label() == "put Q♥ on column 1" and on_column.notation() == "reserve 1"
    assert new_column.label() == "start a new column with Q♥"
    assert new_column.notation() == "reserve new"
    assert new_column.gesture().target == reserve_pile(0, 2)
    assert new_column.gesture().source == turned_pile(0)
    assert new_column.gesture().card == card("Q♥")
    choice = position("""
        packets: 7 2
        P1 col1: 8♦
        P1 col2: 3♣
    """)
    play = GRABUGE.legal_moves(choice, 0)[1]
    assert isinstance(play, PlayReserve)
    assert play.label() == "play 3♣ from column 2" and play.notation() == "play column 2"
    gesture = play.gesture()
    # Picking the column is the whole decision: the card's packet is forced, so no target.
    assert (gesture.source, gesture.card, gesture.target) == (reserve_pile(0, 2), card("3♣"), None)
    assert play.target == packet_pile(2)
    assert GRABUGE.move_from_text(choice, "Play Column 1") == PlayReserve(0, 1)
    assert GRABUGE.move_from_text(choice, "play 3C from column 2") == PlayReserve(0, 2)
    with pytest.raises(NotationError):
        GRABUGE.move_from_text(choice, "reserve new")


def test_notation_round_trip() -> None:
    for seed in range(3):
        for state in play_random(seed):
            for s in GRABUGE.to_move(state):
                for move in GRABUGE.legal_moves(state, s):
                    assert GRABUGE.move_from_text(state, GRABUGE.move_to_text(move)) == move
                    assert GRABUGE.move_from_text(state, move.label()) == move


# --- the contract, in small ----------------------------------------------------------------


def test_random_games_end_conserve_cards_and_agree_with_why_illegal() -> None:
    for decks in (2, 4, 6, 8):
        for size in (1, 8, 26):
            for seed in range(3):
                options = GrabugeOptions(decks=decks, grabuge_size=size, match_deals=2)
                play_random(seed, options, check=True)


def test_deals_are_deterministic_and_apply_is_pure() -> None:
    a = GRABUGE.new_game(seats=2, seed=42)
    b = GRABUGE.new_game(seats=2, seed=42)
    assert a == b
    move = GRABUGE.legal_moves(a, a.active)[0]
    snapshot = pickle.dumps(a)
    assert GRABUGE.apply(a, move) == GRABUGE.apply(b, move)
    assert pickle.dumps(a) == snapshot


def test_only_two_players() -> None:
    with pytest.raises(OptionsError):
        GRABUGE.new_game(seats=3)


def test_metadata_and_rules_text() -> None:
    assert (GRABUGE.id, GRABUGE.title, GRABUGE.original_name) == ("grabuge", "Grabuge", "Grabuge")
    assert GRABUGE.aliases == ("grabouge",) and GRABUGE.seat_counts == (2,)
    assert GRABUGE.Options is GrabugeOptions
    rules = GRABUGE.rules()
    assert rules.startswith("# Grabuge") and "grabuge_size" in rules and "match_deals" in rules


def test_hidden_cards_stay_hidden() -> None:
    state = GRABUGE.new_game(seats=2, seed=9)
    for viewer in (0, 1, None):
        table = GRABUGE.observe(state, viewer).state.table
        for s in (0, 1):
            assert set(table.faces(stock_pile(s))) <= {FACE_DOWN}
            assert set(table.faces(batch_pile(s))) <= {FACE_DOWN}
            grabuge = table.faces(grabuge_pile(s))
            assert set(grabuge[:-1]) <= {FACE_DOWN}
            assert grabuge[-1:] == state.table.cards(grabuge_pile(s))[-1:]
        shuffled = state._replace(table=resample_hidden(state.table, viewer, random.Random(1)))
        assert GRABUGE.observe(shuffled, viewer) == GRABUGE.observe(state, viewer)
    obs = GRABUGE.observe(state, 0)
    guess = GRABUGE.determinize(obs, random.Random(2))
    assert GRABUGE.observe(guess, 0).state.table == obs.state.table


def test_every_event_has_words() -> None:
    events = [
        e
        for seed in range(15)
        for e in all_events(play_random(seed, GrabugeOptions(grabuge_size=2, match_deals=2)))
    ]
    for event in events:
        text = event.text()
        assert text and text != type(event).__name__
    assert BatchToOnlyColumn(0, card("9♦")).text() == (
        "{s0} turns 9♦ — no place — reserve column 1"
    )


# --- presentation --------------------------------------------------------------------------


def test_present_shows_the_choice_and_the_piles() -> None:
    state = position("""
        packets: 5 3
        P1 col1: 9♠
        P1 stock: Q♥
        P2 col2: 8♣
        P2 won: 2
    """)
    view = GRABUGE.present(GRABUGE.observe(state, 1)).named(NAMES)
    assert view.status == "Anna: where does Q♥ go?"
    assert [s.seat for s in view.seats] == [1, 0] and view.seats[0].is_viewer
    assert view.seat(0).name == "Anna" and view.seat(1).name == "Boris"
    anna = view.seat(0)
    assert anna.to_move and not view.seat(1).to_move
    assert [p.id for p in anna.piles] == [
        "grabuge.0", "stock.0", "batch.0", "turned.0",
        "reserve.0.1", "reserve.0.2", "reserve.0.3", "reserve.0.4", "won.0",
    ]  # fmt: skip
    assert view.pile(reserve_pile(0, 2)).placeholder == "free column"
    assert view.pile(won_pile(1)).note == "2 packets"
    assert [p.id for p in view.centre] == [packet_pile(1), packet_pile(2)]
    assert view.centre[0].note == "needs 6"
    choice = position("""
        packets: 7 2
        P1 col1: 8♦
        P1 col2: 3♣
    """)
    assert GRABUGE.present(GRABUGE.observe(choice, 0)).named(NAMES).status == (
        "Anna: which reserve column plays first?"
    )


def test_present_never_shows_a_hidden_card() -> None:
    # §3: everything is open except the face-down cards: the stock, the grabuge under its top
    # card and the batch cards not yet turned.  Those must be drawn face down, for every
    # viewer (the owner included); every other card drawn is the real one.
    checked: Counter[str] = Counter()
    for state in play_random(4)[:20]:
        for viewer in (0, 1, None):
            view = GRABUGE.present(GRABUGE.observe(state, viewer))
            for p in view.piles():
                real = state.table.cards(p.id)
                for shown, actual in zip(p.faces, real, strict=True):
                    assert shown is FACE_DOWN or shown is actual
            for s in (0, 1):
                under_top = view.pile(grabuge_pile(s)).faces[:-1]
                for kind, faces in (
                    ("stock", view.pile(stock_pile(s)).faces),
                    ("batch", view.pile(batch_pile(s)).faces),
                    ("grabuge", under_top),
                ):
                    assert set(faces) <= {FACE_DOWN}, f"{viewer} sees the {kind} of {s}: {faces}"
                    checked[kind] += len(faces)
    assert checked["stock"] and checked["batch"] and checked["grabuge"], checked
