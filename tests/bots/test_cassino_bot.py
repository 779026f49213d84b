"""The Cassino bot: the rules of thumb of rules/cassino-clubs.md §12 (no gifts of scoring cards,
a memory of the ranks a player lacks, the last deal played out), and strength against random
players (a seeded arena run, with room for noise)."""

from __future__ import annotations

import random

from cardsuite.arena import ArenaSpec, run_arena
from cardsuite.bots.cassino import CassinoBot
from cardsuite.core.cards import Card, parse_card
from cardsuite.core.moves import Move
from cardsuite.games.cassino import GAME
from cardsuite.games.cassino.model import Capture, FullCassino, Trail, hand

CASSINO = GAME.load()

G = CASSINO


def c(text: str) -> Card:
    return parse_card(text)


def ask(state: FullCassino, bot: CassinoBot | None = None) -> Move:
    seat = state.turn
    assert seat is not None
    legal = G.legal_moves(state, seat)
    return (bot or CassinoBot()).choose(G, G.observe(state, seat), legal, random.Random(0))


# --- no gifts ----------------------------------------------------------------------------------


def test_does_not_trail_the_ten_of_diamonds_when_another_trail_will_do() -> None:
    # Nothing can be captured; a 10 in the next hand would take the 10♦ at once.
    s = G.position("P1: 10♦ 4♠\nP2: 9♥ 6♠ 2♦\ntable: K♣ Q♥")
    assert ask(s) == Trail(0, c("4♠"))


def test_does_not_trail_the_two_of_clubs_when_another_trail_will_do() -> None:
    s = G.position("P1: 2♣ 9♠ 5♥\nP2: 9♥ 6♠ 2♦\ntable: K♣ Q♥ 7♦")
    move = ask(s)
    assert isinstance(move, Trail)
    assert move.card != c("2♣")


def test_captures_with_the_ten_of_diamonds_and_clears_the_table() -> None:
    # Either 10 takes the lot; playing the 10♦ puts it in the pile instead of risking it later.
    s = G.position("P1: 10♦ 10♠ 8♥\nP2: 9♥ 6♠ 2♦\ntable: 10♥ 2♠ 3♦ 5♥")
    assert ask(s) == Capture(0, c("10♦"), frozenset(map(c, ["10♥", "2♠", "3♦", "5♥"])))


# --- memory ------------------------------------------------------------------------------------


def _after_p2_trails_the_three() -> tuple[FullCassino, CassinoBot]:
    """P2 trails 3♦ on K♠ 7♦: capture being compulsory, he holds no 7 and no King."""
    s = G.position("P1: 4♥ 9♥\nP2: 3♦ 5♠\ntable: K♠ 7♦\nturn: P2")
    bot = CassinoBot()
    bot.observe(G, G.observe(s, 0))
    s = G.apply(s, Trail(1, c("3♦")))
    bot.observe(G, G.observe(s, 0))
    return s, bot


def test_remembers_the_ranks_a_player_who_trailed_lacks() -> None:
    s, bot = _after_p2_trails_the_three()
    assert bot.lacks.of(G.observe(s, 0).state, 1) == {7, 13}


def test_trails_a_card_whose_captures_need_a_rank_the_next_player_lacks() -> None:
    # The 4♥ makes 7 with the 3♦, but P2 has shown he holds no 7: trailing it is safe from
    # all but a 4.  Without that memory the bot keeps the 4♥ and trails the 9♥.
    s, bot = _after_p2_trails_the_three()
    assert ask(s, bot) == Trail(0, c("4♥"))
    assert ask(s) == Trail(0, c("9♥"))


def test_forgets_what_a_player_lacked_when_the_cards_are_dealt_again() -> None:
    s, bot = _after_p2_trails_the_three()
    s = G.apply(s, Trail(0, c("4♥")))
    s = G.apply(s, Trail(1, c("5♠")))  # on K♠ 7♦ 3♦ 4♥: he holds no 3, 4, 7, 10 (7 + 3), K
    bot.observe(G, G.observe(s, 0))
    assert bot.lacks.of(G.observe(s, 0).state, 1) == {3, 4, 7, 10, 13}
    s = G.apply(s, Capture(0, c("9♥"), frozenset({c("5♠"), c("4♥")})))
    bot.observe(G, G.observe(s, 0))  # every hand is empty: the dealer has dealt again
    assert G.observe(s, 0).state.table.count(hand(0)) == 4
    assert bot.lacks.of(G.observe(s, 0).state, 1) == frozenset()


# --- the last deal -----------------------------------------------------------------------------


def test_plays_the_last_deal_for_the_last_capture() -> None:
    # Stock empty: P1 knows P2's two 2s.  Trailing the 6♥ lets P2 trail a 2 that the 8♥ then
    # takes with the 6♥ — the last capture, which brings the rest of the table and most cards.
    # Trailing the 8♥ instead leaves P2's second 2 the last capture.
    s = G.position(
        "P1: 8♥ 6♥\nP2: 2♠ 2♦\ntable: A♥ 9♦\n"
        "won.P1: 4♠ A♣ 3♦ 10♠ 10♦ 9♥ A♠ 8♣ K♥ K♠ 6♦ 6♣ 6♠ 2♥ 4♥ 8♦ 8♠ 7♠ 7♣ 5♠ 5♣ K♣ K♦ 4♦ 4♣\n"
        "won.P2: 7♥ 7♦ Q♦ Q♥ 9♠ 9♣ 3♣ A♦ 2♣ 3♠ 3♥ J♠ J♣ 10♥ 10♣ 5♦ 5♥ J♥ J♦ Q♣ Q♠\n"
        "last: P2"
    )
    assert ask(s) == Trail(0, c("6♥"))


# --- strength ----------------------------------------------------------------------------------


def test_cassino_bot_beats_random_players() -> None:
    # 60 seat-rotated games at seed 3: measured 0.77 (0.62 to 0.80 over seeds 1-10; the bot
    # before its memory and its look at the next player's reply: 0.53 here).
    report = run_arena(ArenaSpec("cassino-clubs", 2, ("heuristic", "random"), 60, 3))
    assert report.bots[0].win_rate >= 0.6, report.bots[0]
