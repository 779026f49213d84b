"""Grabush (Грабуш): the spec's §11 scenarios and the other rules of §5–§8."""

from __future__ import annotations

from typing import Any

import pytest

from cardsuite.core.cards import FACE_DOWN, parse_card
from cardsuite.core.errors import IllegalMoveError, OptionsError
from cardsuite.core.outcome import Better
from cardsuite.core.series import NextDeal
from cardsuite.games.grabush.engine import GRABUSH, ILLEGAL_MOVE, ILLEGAL_SOURCE
from cardsuite.games.grabush.model import (
    CARDS_LEFT,
    DEALS_WON,
    Accuse,
    Discard,
    FullGrabush,
    GrabushOptions,
    Pass,
    PenaltyCard,
    PenaltyInsert,
    PenaltySkip,
    Play,
    Refilled,
)

G = GRABUSH


def c(text: str) -> Any:
    return parse_card(text)


def play(state: FullGrabush, seat: int, card: str, source: str, onto: int) -> FullGrabush:
    return G.apply(state, Play(seat, c(card), source, onto))


def refused(state: FullGrabush, move: Any) -> str:
    with pytest.raises(IllegalMoveError) as error:
        G.apply(state, move)
    return error.value.code


def stack_tops(state: FullGrabush) -> list[int]:
    return [state.table.count(f"stack.{i}") for i in state.stacks]


# --- §11 scenarios ------------------------------------------------------------------------------


def test_grabush_s01_deal_four_players() -> None:
    state = G.new_game(seats=4, seed=7)
    table = state.table
    assert len(table.all_cards()) == 156
    assert table.count("team.0") == table.count("team.1") == 20
    assert [table.count(f"hand.{p}") for p in range(4)] == [5, 5, 5, 5]
    assert table.count("stock") == 96
    assert state.stacks == () and all(table.count(f"stack.{i}") == 0 for i in range(12))
    assert all(table.count(f"discard.{p}.0") == 0 for p in range(4))
    assert G.to_move(state) == {(state.dealer + 1) % 4}
    seen = G.observe(state, 1).state.table
    for t in (0, 1):  # each team pile's top card is face up, the others hidden
        faces = seen.faces(f"team.{t}")
        assert faces[-1] is table.cards(f"team.{t}")[-1] and faces[0] is FACE_DOWN


def test_grabush_s02_deal_eight_players() -> None:
    state = G.new_game(seats=8, seed=3)
    table = state.table
    assert len(table.all_cards()) == 208
    assert table.count("team.0") == table.count("team.1") == 20
    assert [table.count(f"hand.{p}") for p in range(8)] == [5] * 8
    assert table.count("stock") == 128


def test_grabush_s03_stack_rules() -> None:
    state = G.position("P0: A♦ 2♣ 3♠ 9♥ 10♥\nturn: P0")
    assert refused(state, Play(0, c("2♣"), "hand.0", 0)) == ILLEGAL_MOVE
    state = play(state, 0, "A♦", "hand.0", 0)
    assert stack_tops(state) == [1]
    assert refused(state, Play(0, c("3♠"), "hand.0", 1)) == ILLEGAL_MOVE
    state = play(state, 0, "2♣", "hand.0", 1)
    assert stack_tops(state) == [2]


def test_grabush_s04_team_pile() -> None:
    state = G.position("team.0: 8♦ 9♣ 4♥\nstacks: 3\nturn: P2\nP2: 7♠ 7♦")
    state = play(state, 2, "4♥", "team.0", 3)
    assert stack_tops(state) == [4]
    assert state.table.top("team.0") is c("9♣")
    assert state.table.count("team.0") == 2
    assert G.observe(state, 1).state.table.faces("team.0")[-1] is c("9♣")


def test_grabush_s05_partner_pile_versus_opponent_pile() -> None:
    text = "discard.2.0: 5♠\nstacks: 4\nP0: 9♥\nP1: 9♦\n"
    mine = G.position(text + "turn: P0")
    after = play(mine, 0, "5♠", "discard.2.0", 4)
    assert stack_tops(after) == [5]
    theirs = G.position(text + "turn: P1")
    assert refused(theirs, Play(1, c("5♠"), "discard.2.0", 4)) == ILLEGAL_SOURCE


def test_grabush_s06_discard_ends_the_turn() -> None:
    state = G.position("P0: 7♦ 9♠ K♣\nP1: 2♦ 3♦ 4♦\nteam.0: 5♥ 6♥\nturn: P0")
    state = G.apply(state, Discard(0, c("9♠")))
    assert state.table.top("discard.0.0") is c("9♠")
    assert state.table.count("hand.0") == 2
    assert G.to_move(state) == {1}
    assert state.table.count("hand.1") == 3
    assert not any(isinstance(e, Refilled) for e in state.events)


def test_grabush_s07_ace_obligation() -> None:
    state = G.position("P0: A♠ 8♦\nturn: P0")
    assert refused(state, Discard(0, c("8♦"))) == ILLEGAL_MOVE
    assert refused(state, Discard(0, c("A♠"))) == ILLEGAL_MOVE
    state = play(state, 0, "A♠", "hand.0", 0)
    state = G.apply(state, Discard(0, c("8♦")))
    assert G.to_move(state) == {1}


def test_grabush_s08_mid_turn_refill() -> None:
    state = G.position("P0: 6♣\nstacks: 5\nstock_size: 96\nturn: P0")
    state = play(state, 0, "6♣", "hand.0", 5)
    assert state.table.count("hand.0") == 5
    assert state.table.count("stock") == 91
    assert G.to_move(state) == {0}


def test_grabush_s09_completion() -> None:
    state = G.position("P0: K♥ 2♠\nstacks: Q\nstock_size: 50\nturn: P0")
    state = play(state, 0, "K♥", "hand.0", 12)
    assert state.stacks == ()
    assert state.table.count("books") == 13
    assert state.table.count("stock") == 50


def test_grabush_s10_books_as_supply() -> None:
    state = G.position("P2: 9♠\nstock_size: 0\nbooks_size: 13\nturn: P2\nP0: 2♦\nP1: 2♣")
    state = G.apply(state, Discard(2, c("9♠")))
    assert G.to_move(state) == {3}
    assert state.table.count("hand.3") == 5 and state.table.count("books") == 8
    state = G.position("P2: 9♠\nstock_size: 2\nbooks_size: 13\nturn: P2\nP0: 2♦\nP1: 2♣")
    state = G.apply(state, Discard(2, c("9♠")))
    drew = next(e for e in state.events if isinstance(e, Refilled))
    assert (drew.seat, drew.from_stock, drew.from_books) == (3, 2, 3)
    assert state.table.count("stock") == 0 and state.table.count("books") == 10


def test_grabush_s11_immediate_win() -> None:
    state = G.position("team.1: 7♣\nstacks: 6\nturn: P1\nP1: 9♦ 9♣")
    state = play(state, 1, "7♣", "team.1", 6)
    assert G.to_move(state) == frozenset()
    outcome = G.outcome(state)
    assert outcome is not None
    # two teams: team B first, team A second (not "3rd", as if each partner were a rival)
    assert outcome.places == (2, 1, 2, 1)
    assert outcome.ending == "pile-empty"
    assert outcome.scores is not None and outcome.scores[1] == 0
    # the scores are the cards left in each team pile, and fewer is better (§7)
    assert outcome.measure is CARDS_LEFT and outcome.measure.better is Better.FEWER
    assert outcome.amount(1) == "0 cards left" and outcome.amount(0) == "20 cards left"


# --- other rules ----------------------------------------------------------------------------------


def test_grabush_teams_alternate_and_share_places() -> None:
    state = G.new_game(seats=6, seed=1)
    assert G.sides(state) == (frozenset({0, 2, 4}), frozenset({1, 3, 5}))


def test_grabush_other_team_pile_and_covered_cards_are_illegal_sources() -> None:
    state = G.position("team.1: 3♦ 2♥\ndiscard.2.0: 2♣ 9♦\nstacks: 1\nP0: 9♥\nturn: P0")
    assert refused(state, Play(0, c("2♥"), "team.1", 1)) == ILLEGAL_SOURCE
    assert refused(state, Play(0, c("2♣"), "discard.2.0", 1)) == ILLEGAL_SOURCE
    assert refused(state, Play(0, c("2♦"), "hand.0", 1)) == ILLEGAL_SOURCE


def test_grabush_own_discard_pile_can_be_forbidden() -> None:
    text = "discard.0.0: 2♣\ndiscard.2.0: 2♦\nstacks: 1\nP0: 9♥\nturn: P0"
    off = GrabushOptions(own_discard_playable=False)
    state = G.position(text, options=off)
    assert refused(state, Play(0, c("2♣"), "discard.0.0", 1)) == ILLEGAL_SOURCE
    assert stack_tops(play(state, 0, "2♦", "discard.2.0", 1)) == [2]
    on = G.position(text)
    assert stack_tops(play(on, 0, "2♣", "discard.0.0", 1)) == [2]
    two = G.position("seats: 2\ndiscard.0.0: 2♣\nstacks: 1\nP0: 9♥\nturn: P0", options=off)
    assert stack_tops(play(two, 0, "2♣", "discard.0.0", 1)) == [2]  # always on for two


def test_grabush_same_top_rank_goes_on_the_oldest_stack() -> None:
    state = G.position("stacks: 5 3 5\nP0: 6♥ 9♣\nturn: P0")
    plays = [m for m in G.legal_moves(state, 0) if isinstance(m, Play)]
    assert len([m for m in plays if m.card is c("6♥")]) == 1
    state = play(state, 0, "6♥", "hand.0", 5)
    assert stack_tops(state) == [6, 3, 5]


def test_grabush_ace_on_team_pile_must_be_played() -> None:
    state = G.position("team.0: 9♣ A♥\nP0: 8♦ 7♦\nturn: P0")
    assert refused(state, Discard(0, c("8♦"))) == ILLEGAL_MOVE
    state = play(state, 0, "A♥", "team.0", 0)
    assert Discard(0, c("8♦")) in G.legal_moves(state, 0)


def test_grabush_pass_only_with_empty_hand_and_no_supply() -> None:
    state = G.position("seats: 2\nP0: 8♦\nstock_size: 0\nturn: P0\nP1: 9♦")
    assert refused(state, Pass(0)) == ILLEGAL_MOVE
    state = G.apply(state, Discard(0, c("8♦")))
    state = G.apply(state, Discard(1, c("9♦")))
    assert G.legal_moves(state, 0) == (Pass(0),)


@pytest.mark.parametrize("source", ["team.0", "discard.0.0"])
def test_grabush_s6_5_empty_hand_refills_after_team_pile_play(source: str) -> None:
    # §6.2: whenever it is his turn and his hand is empty he draws, before anything else;
    # §6.5: PASS only once stock and books are both exhausted.  P0 starts his turn with an
    # empty hand and nothing to draw, then completes a stack from his team pile (or his
    # discard pile): the 13 cards go to the books, and he draws five of them at once.
    text = f"seats: 2\n{source}: 9♣ K♥\nstacks: Q\nstock_size: 0\nturn: P0\nP1: 9♦"
    state = G.position(text)
    assert state.table.count("hand.0") == 0 and Pass(0) in G.legal_moves(state, 0)
    state = play(state, 0, "K♥", source, 12)
    assert state.table.count("books") == 8 and state.table.count("hand.0") == 5
    drew = [e for e in state.events if isinstance(e, Refilled)]
    assert [(e.seat, e.from_stock, e.from_books) for e in drew] == [(0, 0, 5)]
    assert G.to_move(state) == {0}
    assert Pass(0) not in G.legal_moves(state, 0)
    refusal = G.why_illegal(state, Pass(0))
    assert refusal is not None and refusal.code == ILLEGAL_MOVE
    assert "discard" in refusal.text
    # A table where the hand is empty while cards are left to draw (no play reaches it):
    # PASS is refused there too, naming the rule, and legal_moves agrees.
    books = state.table.cards("books") + state.table.cards("hand.0")
    empty = state._replace(table=state.table.replaced({"hand.0": (), "books": books}))
    refusal = G.why_illegal(empty, Pass(0))
    assert refusal is not None and refusal.code == ILLEGAL_MOVE
    assert "stock" in refusal.text and "books" in refusal.text
    assert Pass(0) not in G.legal_moves(empty, 0)


def test_grabush_blocked_deal_fewer_team_cards_wins() -> None:
    text = "seats: 2\nteam.0: 9♣ 9♦\nteam.1: 9♥\nstock_size: 0\nturn: P0"
    state = G.position(text)
    state = G.apply(state, Pass(0))
    assert G.to_move(state) == {1}
    state = G.apply(state, Pass(1))
    outcome = G.outcome(state)
    assert outcome is not None and outcome.ending == "blocked"
    assert outcome.places == (2, 1) and outcome.scores == (2, 1)


def test_grabush_blocked_draw_counts_for_nobody_and_a_new_deal_follows() -> None:
    text = "seats: 2\nteam.0: 9♣\nteam.1: 9♥\nstock_size: 0\nturn: P0\ndealer: P1"
    state = G.apply(G.apply(G.position(text), Pass(0)), Pass(1))
    assert G.outcome(state) is None and state.wins == (0, 0)
    assert G.to_move(state) == {0}  # the next dealer deals
    state = G.apply(state, NextDeal(0))
    assert state.table.count("team.0") == 20 and state.series.number == 1


def test_grabush_a_pass_after_plays_does_not_count_towards_a_block() -> None:
    text = "seats: 2\nteam.0: 9♣ 9♦\nteam.1: 9♥\ndiscard.0.0: 2♣\nstacks: 1\nstock_size: 0"
    state = G.position(text + "\nturn: P0")
    state = play(state, 0, "2♣", "discard.0.0", 1)
    state = G.apply(G.apply(state, Pass(0)), Pass(1))
    assert G.outcome(state) is None and G.to_move(state) == {0}


def test_grabush_several_discard_piles() -> None:
    opts = GrabushOptions(discard_piles_per_player=3)
    state = G.position("P0: 8♦ 7♦ 6♦\nP1: 9♦ 9♣ 9♥\nP2: 2♦\nP3: 2♣\nturn: P0", options=opts)
    discards = [m for m in G.legal_moves(state, 0) if isinstance(m, Discard)]
    assert {m.pile for m in discards} == {0}  # no pile yet: only the first, as a new one
    assert refused(state, Discard(0, c("8♦"), 2)) == ILLEGAL_MOVE
    state = G.apply(state, Discard(0, c("8♦"), 0))
    for seat, card in ((1, "9♦"), (2, "2♦"), (3, "2♣")):
        state = G.apply(state, Discard(seat, c(card), 0))
    assert {m.pile for m in G.legal_moves(state, 0) if isinstance(m, Discard)} == {0, 1}
    state = G.apply(state, Discard(0, c("7♦"), 1))
    assert state.table.top("discard.0.1") is c("7♦") and state.table.top("discard.0.0") is c("8♦")


def test_grabush_options_are_checked() -> None:
    with pytest.raises(OptionsError):
        GrabushOptions(discard_piles_per_player=5)
    with pytest.raises(OptionsError):
        GrabushOptions(match_wins=0)
    with pytest.raises(OptionsError):
        G.new_game(seats=3)


def test_grabush_refill_cards_are_private() -> None:
    state = G.position("P0: 6♣\nstacks: 5\nturn: P0")
    state = play(state, 0, "6♣", "hand.0", 5)
    drew = next(e for e in G.observe(state, 1).state.events if isinstance(e, Refilled))
    assert drew.cards == (FACE_DOWN,) * 5
    mine = next(e for e in G.observe(state, 0).state.events if isinstance(e, Refilled))
    assert mine.cards == state.table.cards("hand.0")


# --- the table-talk penalty ---------------------------------------------------------------------


def test_grabush_accuse_is_an_option_and_a_first_action() -> None:
    text = "P0: 5♦ 6♦\nP2: 7♣ 8♣\nstacks: 4\nturn: P0"
    assert refused(G.position(text), Accuse(0)) == ILLEGAL_MOVE
    opts = GrabushOptions(table_talk_penalty=True)
    state = G.position(text, options=opts)
    assert Accuse(0) in G.legal_moves(state, 0)
    after_play = play(state, 0, "5♦", "hand.0", 4)
    assert refused(after_play, Accuse(0)) == ILLEGAL_MOVE


def test_grabush_penalty_cards_go_under_the_accused_pile_top() -> None:
    opts = GrabushOptions(table_talk_penalty=True)
    text = "P0: 5♦ 6♦\nP2: 7♣\nteam.1: 2♥ 3♥ 4♥ K♠\nturn: P0"
    state = G.apply(G.position(text, options=opts), Accuse(0))
    assert G.to_move(state) == {0}
    state = G.apply(state, PenaltyInsert(0, c("5♦")))
    assert G.to_move(state) == {2}
    state = G.apply(state, PenaltyInsert(2, c("7♣")))
    pile = state.table.cards("team.1")
    assert len(pile) == 6 and pile[-1] is c("K♠")
    assert c("5♦") in pile[:-1] and c("7♣") in pile[:-1]
    # only the giver learns which card went in (the event's card is private)
    given = [e for e in G.observe(state, 2).state.events if isinstance(e, PenaltyCard)]
    assert given and given[0].card is c("7♣")
    hidden = [e for e in G.observe(state, 1).state.events if isinstance(e, PenaltyCard)]
    assert hidden and hidden[0].card is FACE_DOWN
    assert c("7♣") not in G.observe(state, 1).state.table.faces("team.1")
    assert G.to_move(state) == {0}  # the accuser continues his turn
    assert refused(state, Accuse(0)) == ILLEGAL_MOVE  # once per turn
    # P2 emptied his hand: he refills at the start of his next turn
    assert state.table.count("hand.2") == 0


def test_grabush_penalty_skip_and_accuser_refill() -> None:
    opts = GrabushOptions(table_talk_penalty=True)
    state = G.position("P0: 5♦\nP2: 7♣\nturn: P0", options=opts)
    state = G.apply(state, Accuse(0))
    state = G.apply(state, PenaltyInsert(0, c("5♦")))
    assert refused(state, Discard(0, c("5♦"))) == ILLEGAL_MOVE  # P2 pays first
    state = G.apply(state, PenaltySkip(2))
    assert G.to_move(state) == {0}
    assert state.table.count("hand.0") == 5  # his hand was empty: he refills


def test_grabush_s8_penalty_insert_counts_as_card_moved() -> None:
    # §7: the deal is blocked after n turns in a row that end in PASS with no card moved.
    # A penalty card inserted during the accuser's turn (§8) is a card moved: that turn
    # starts the count afresh, so four more card-free turns (not three) block the deal.
    opts = GrabushOptions(table_talk_penalty=True)
    text = "team.0: 9♣ 9♦ 9♠\nteam.1: 9♥\nP0: 8♦\nstock_size: 0\nturn: P0"
    state = G.position(text, options=opts)
    state = G.apply(state, Accuse(0))
    state = G.apply(state, PenaltyInsert(0, c("8♦")))
    state = G.apply(state, PenaltySkip(2))  # P2's hand is empty
    assert state.table.count("team.1") == 2 and state.table.count("hand.0") == 0
    state = G.apply(state, Pass(0))
    for seat in (1, 2, 3):
        assert G.outcome(state) is None and G.to_move(state) == {seat}
        state = G.apply(state, Pass(seat))
    assert G.outcome(state) is None and G.to_move(state) == {0}
    state = G.apply(state, Pass(0))
    outcome = G.outcome(state)
    assert outcome is not None and outcome.ending == "blocked"
    assert outcome.places == (2, 1, 2, 1)  # team B wins, 2 cards left (its penalty card) to 3


# --- match play -----------------------------------------------------------------------------------


def test_grabush_match_of_deals() -> None:
    opts = GrabushOptions(match_wins=2)
    state = G.position("team.1: 7♣\nstacks: 6\nturn: P1\nP1: 9♦\ndealer: P0", options=opts)
    state = play(state, 1, "7♣", "team.1", 6)
    assert G.outcome(state) is None and state.wins == (0, 1)
    assert G.to_move(state) == {1}
    state = G.apply(state, NextDeal(1))
    assert state.dealer == 1 and G.to_move(state) == {2}
    assert state.wins == (0, 1)
    text = "team.1: 7♣\nstacks: 6\nturn: P1\nP1: 9♦\nwins: 0 1"
    won = play(G.position(text, options=opts), 1, "7♣", "team.1", 6)
    outcome = G.outcome(won)
    assert outcome is not None and outcome.places == (2, 1, 2, 1) and outcome.scores == (0, 2, 0, 2)
    assert outcome.measure is DEALS_WON and outcome.amount(1) == "2 deals won"


def test_grabush_every_ace_on_a_stack_leaves_no_new_stack() -> None:
    # Eight players, four packs: 16 Aces, so at most 16 stacks at once.
    state = G.position("seats: 8\nstacks: " + " ".join(["2"] * 16) + "\nP0: 3♦ 9♣\nturn: P0")
    assert len(state.stacks) == 16
    assert refused(state, Play(0, c("9♣"), "hand.0", 0)) == ILLEGAL_MOVE
    legal = G.legal_moves(state, 0)
    assert [m.onto for m in legal if isinstance(m, Play)] == [2]
    assert all(isinstance(m, Play | Discard) for m in legal)


def test_grabush_turn_limit_ends_the_deal_as_a_block_would() -> None:
    state = G.position("seats: 2\nteam.0: 9♣ 9♦\nteam.1: 9♥\nP0: 8♦ 7♦\nturn: P0")
    state = state._replace(turns=2000)  # the safety cap
    state = G.apply(state, Discard(0, c("8♦")))
    outcome = G.outcome(state)
    assert outcome is not None and outcome.ending == "safety:turn-limit"
    assert outcome.places == (2, 1)  # team B has fewer cards left


def test_a_move_freezes_the_next_state_in_the_field_order() -> None:
    """The working copy freezes its state positionally (the hot path): the fields stay in the
    order freeze lists them."""
    from cardsuite.games.grabush.model import GrabushState

    assert GrabushState._fields == (
        "table", "seed", "events", "options", "seats", "series", "turn", "stacks", "moved",
        "accused", "penalty", "idle", "turns", "wins", "over",
    )  # fmt: skip
    s = G.new_game(seats=4, seed=2)
    seat = next(iter(G.to_move(s)))
    after = G.apply(s, G.legal_moves(s, seat)[-1])
    assert (after.seed, after.options, after.seats, after.wins) == (s.seed, s.options, 4, (0, 0))
    assert after.series is s.series and not after.over
