"""Bots: the registry, fairness, determinism, the rules of thumb of each game's §12, strength
against the random bot, and decision times.

Strength runs are kept small here (fixed seeds, clear margins); the large runs live in
``benchmarks/bot_strength.py``.
"""

from __future__ import annotations

import ast
import random
import statistics
import time
from pathlib import Path
from typing import Any

import pytest

from cardsuite.bots import (
    BOT_LEVELS,
    BOTS,
    NO_DECISIONS,
    Bot,
    RandomBot,
    bot_ids,
    bot_label,
    bot_levels_text,
    has_decisions,
    make_bot,
)
from cardsuite.bots.grabuge import GrabugeBot, need, quick_choice
from cardsuite.bots.rang import RangBot
from cardsuite.bots.search import SearchBot, reward
from cardsuite.core.cards import ACE, JOKER, Card, parse_cards, rank_index
from cardsuite.core.errors import OptionsError
from cardsuite.core.moves import Move
from cardsuite.core.outcome import Outcome
from cardsuite.core.protocol import AnyGame
from cardsuite.core.rng import make_rng
from cardsuite.core.table import HoldsRank, Seat, resample_hidden
from cardsuite.games import GAMES
from cardsuite.games.grabuge.engine import GRABUGE
from cardsuite.games.grabuge.model import FullGrabuge, PlaceInReserve, PlayReserve, turned_pile
from cardsuite.games.rang.engine import RANG
from cardsuite.games.rang.model import (
    DRAWN,
    LAST_WITH_CARDS,
    Draw,
    FullRang,
    Keep,
    Play,
    PlayJoker,
    hand,
)

BOTS_DIR = Path(__file__).resolve().parents[2] / "cardsuite" / "bots"


def seats_for(game: AnyGame) -> int:
    return 4 if 4 in game.seat_counts else min(game.seat_counts)


def asked(game: AnyGame, state: Any) -> Seat | None:
    """The seat a bot would be asked for: the one to move (on a clock, the lowest with
    something to weigh)."""
    return next((s for s in sorted(game.to_move(state)) if game.bot_moves(state, s)), None)


def ask(bot: Bot, game: AnyGame, state: Any, seed: int = 0) -> Move:
    """The bot's move in ``state`` for the seat asked, from that seat's observation."""
    seat = asked(game, state)
    assert seat is not None
    legal = game.bot_moves(state, seat)
    return bot.choose(game, game.observe(state, seat), legal, random.Random(seed))


def ready(game: AnyGame, state: Any) -> Any:
    """On a clock: the state once something falls due that gives a bot a move (the deal of a
    game on a clock may wait for a start signal)."""
    while game.to_move(state) and asked(game, state) is None:
        due = game.next_due(state)
        assert due is not None, "nobody can act and nothing is due"
        state = game.advance(state, due)
    return state


def play_game(
    game: AnyGame, bots: list[Bot], seed: int, clock: dict[str, list[float]] | None = None
) -> Outcome:
    """One game with ``bots[s]`` in seat s, each bot asked as the Match asks it."""
    state = game.new_game(seats=len(bots), seed=seed)
    ply = 0
    while True:
        to_move = game.to_move(state)
        if not to_move:
            break
        seat = min(to_move)
        legal = game.legal_moves(state, seat)
        obs = game.observe(state, seat)
        bot = bots[seat]
        start = time.perf_counter()
        move = bot.choose(game, obs, legal, make_rng(seed, "bot", seat, ply))
        if clock is not None:
            clock.setdefault(type(bot).__name__, []).append(time.perf_counter() - start)
        state = game.apply(state, move)
        ply += 1
    outcome = game.outcome(state)
    assert outcome is not None
    return outcome


def sample_states(game: AnyGame, games: int, every: int) -> list[Any]:
    """States met in random games (one in ``every``), where a seat has a real choice."""
    states = []
    rng = random.Random(7)
    for seed in range(games):
        state = ready(game, game.new_game(seats=seats_for(game), seed=seed))
        ply = 0
        while game.to_move(state):
            seat = asked(game, state)
            if seat is None:
                state = ready(game, state)
                continue
            legal = game.bot_moves(state, seat)
            if len(legal) > 1 and ply % every == 0:
                states.append(state)
            state = game.apply(state, legal[rng.randrange(len(legal))])
            ply += 1
    return states


def choices_met(game: AnyGame, games: int = 3) -> int:
    """How many times a seat had more than one move in a few random games."""
    rng = random.Random(3)
    met = 0
    for seed in range(games):
        state = ready(game, game.new_game(seats=seats_for(game), seed=seed))
        while game.to_move(state):
            seat = asked(game, state)
            if seat is None:
                state = ready(game, state)
                continue
            legal = game.bot_moves(state, seat)
            met += len(legal) > 1
            state = game.apply(state, legal[rng.randrange(len(legal))])
    return met


# Small search budgets keep the tests quick; the registered bots use larger ones.
def quick_bots(game: AnyGame) -> dict[str, Bot]:
    bots: dict[str, Bot] = {
        "heuristic": make_bot("heuristic", game),
        "generic": SearchBot(plies=300),
        "search": SearchBot(make_bot("heuristic", game) if game.id == "rang" else None, plies=300),
    }
    if game.id == "grabuge":
        bots["quick rules"] = GrabugeBot(samples=0)
    return bots


# --- the registry ----------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_bot_ids_weakest_first_and_all_playable(game_id: str) -> None:
    game = GAMES[game_id]
    ids = bot_ids(game)
    assert ids == (("easy", "normal", "hard") if has_decisions(game) else ("normal",))
    order = [level.id for level in BOT_LEVELS]
    assert list(ids) == sorted(ids, key=order.index)
    state = ready(game, game.new_game(seats=seats_for(game), seed=3))
    for bot_id in ids:
        bot = make_bot(bot_id, game)
        assert callable(bot.choose)
        move = ask(bot, game, state)
        assert game.why_illegal(state, move) is None


def test_each_game_gets_its_own_heuristic_bot() -> None:
    assert isinstance(make_bot("normal", GAMES["rang"]), RangBot)
    assert isinstance(make_bot("normal", GAMES["grabuge"]), GrabugeBot)
    assert isinstance(make_bot("easy", GAMES["rang"]), RandomBot)


def test_former_level_names_still_make_their_bots() -> None:
    """Saves and scripts from before the levels were named for players: random, heuristic and
    search are easy, normal and hard."""
    rang = GAMES["rang"]
    assert isinstance(make_bot("random", rang), RandomBot)
    assert isinstance(make_bot("heuristic", rang), RangBot)
    hard = make_bot("search", GAMES["grabuge"])
    assert isinstance(hard, SearchBot) and isinstance(hard.guide, GrabugeBot)


def test_hard_is_search_guided_by_the_normal_bot_with_kernel_playouts() -> None:
    for game_id in ("ryba", "seven-up", "cassino-clubs", "grabuge"):
        game = GAMES[game_id]
        hard = make_bot("hard", game)
        assert isinstance(hard, SearchBot)
        assert type(hard.guide) is type(make_bot("normal", game))
        assert hard.policy is None and hard.kernel_for(game) is not None
    # no budget where random playouts cannot tell moves apart: hard plays as normal (and on
    # a clock reacts faster)
    for game_id in ("rang", "spit", "nerts", "russian-bank"):
        game = GAMES[game_id]
        assert type(make_bot("hard", game)) is type(make_bot("normal", game))
    assert GAMES["spit"].reaction_ms("hard") < GAMES["spit"].reaction_ms("normal")


def test_a_game_without_decisions_offers_one_level_that_says_so() -> None:
    rubashka = GAMES["rubashka"]
    assert bot_ids(rubashka) == ("normal",)
    assert bot_levels_text(rubashka) == NO_DECISIONS
    # a save from before names another level: every bot plays alike, so any level will do
    assert isinstance(make_bot("hard", rubashka), RandomBot)
    with pytest.raises(OptionsError, match="unknown bot 'wizard'"):
        make_bot("wizard", rubashka)


def test_unknown_bot_is_an_options_error() -> None:
    with pytest.raises(OptionsError, match="unknown bot 'genius'"):
        make_bot("genius", GAMES["rang"])


def test_levels_have_lobby_labels() -> None:
    assert set(BOTS) == {level.id for level in BOT_LEVELS}
    assert bot_label("random") == "easy"
    for level in BOT_LEVELS:
        assert level.id and level.description
        assert bot_label(level.id) == level.id
    assert bot_label("nobody") == "nobody"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_lobby_explains_each_level_offered(game_id: str) -> None:
    game = GAMES[game_id]
    if not has_decisions(game):
        return  # one level, explained by test_a_game_without_decisions_offers_one_level…
    lines = bot_levels_text(game).splitlines()
    assert [line.split(":")[0] for line in lines] == [bot_label(b) for b in bot_ids(game)]
    assert all(len(line.split(": ", 1)[1]) > 10 for line in lines)


# --- fairness and determinism ----------------------------------------------------------------


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_same_observation_same_move_whatever_the_hidden_cards(game_id: str) -> None:
    """Fair by construction: deal the cards the bot's seat cannot see again at random; the
    observation is the same, and so is every bot's move (same rng seed)."""
    game = GAMES[game_id]
    rng = random.Random(11)
    states = sample_states(game, games=3, every=7)[:10]
    if not states:  # a game without decisions (Rubashka): a bot never has anything to choose
        assert choices_met(game) == 0
        return
    moved = 0
    for name, bot in quick_bots(game).items():
        for i, state in enumerate(states):
            seat = asked(game, state)
            assert seat is not None
            other = state._replace(table=resample_hidden(state.table, seat, rng))
            moved += other.table != state.table
            obs, obs_other = game.observe(state, seat), game.observe(other, seat)
            assert obs == obs_other
            legal = game.bot_moves(state, seat)
            assert legal == game.bot_moves(other, seat)
            first = bot.choose(game, obs, legal, random.Random(i))
            again = bot.choose(game, obs_other, legal, random.Random(i))
            assert first == again, f"{name} changed its move when hidden cards moved"
    assert moved  # the hidden cards really were dealt again


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_same_observation_and_seed_give_the_same_move(game_id: str) -> None:
    game = GAMES[game_id]
    for bot in quick_bots(game).values():
        for state in sample_states(game, games=2, every=9)[:6]:
            assert ask(bot, game, state, seed=5) == ask(bot, game, state, seed=5)


def test_bots_never_see_the_state() -> None:
    """The bot modules take no state and reach for nothing that holds hidden cards: no match,
    no redaction undone, no stored seed."""
    forbidden_imports = {"cardsuite.match", "cardsuite.tui", "cardsuite.store"}
    forbidden_names = {"resample_hidden", "redact", "perform"}
    for path in sorted(BOTS_DIR.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert node.module not in forbidden_imports, f"{path.name} imports {node.module}"
                names = {alias.name for alias in node.names}
                assert not names & forbidden_names, f"{path.name} imports {names}"
            if isinstance(node, ast.Attribute):
                assert node.attr not in forbidden_names, f"{path.name} uses .{node.attr}"
                assert node.attr != "seed" or path.name == "search.py", path.name
            if isinstance(node, ast.FunctionDef) and node.name == "choose":
                params = [a.arg for a in node.args.args]
                assert params == ["self", "game", "obs", "legal", "rng"], path.name


# --- Rang: §12 ------------------------------------------------------------------------------


def rang_move(state: FullRang) -> Move:
    return ask(RangBot(), RANG, state)


def c(text: str) -> Card:
    (card,) = parse_cards(text)
    return card


def test_rang_plays_the_normal_card_that_keeps_a_follow_up() -> None:
    # T = 7: the 8 keeps the 9 as a follow-up; the 6 would leave nothing next to it.
    s = RANG.position("P1: 6♠ 8♥ 9♦ K♣ 3♠\nP2: 2♣ 2♦ 4♣ 4♦ 5♣\ndiscard: 7♣")
    assert rang_move(s) == Play(0, c("8♥"))


def test_rang_brings_back_the_pending_player_when_two_are_left() -> None:
    # Seat 0 has gone out; drawing would finish him and leave seat 1 alone with cards.
    s = RANG.position("P1: -\nP2: A♦ 3♠ 5♣ J♥ Q♦ 2♠\ndiscard: 8♣\nturn: P2\npending: P1")
    assert Draw(1) in RANG.legal_moves(s, 1)
    assert rang_move(s) == Play(1, c("A♦"))
    s = RANG.position("""
        P1: -
        P2: JOKER 3♠ 5♣ J♥ Q♦ 2♠
        P3: 4♣
        discard: 8♣
        turn: P2
        pending: P1
        out: P3
    """)
    move = rang_move(s)
    assert isinstance(move, PlayJoker)


def test_rang_brings_back_a_pending_player_with_more_players_left() -> None:
    s = RANG.position("""
        P1: -
        P2: A♦ 3♠ 5♣ J♥ Q♦ 2♠
        P3: 4♣ 4♦
        P4: 6♣ 6♦
        discard: 8♣
        turn: P2
        pending: P1
    """)
    assert rang_move(s) == Play(1, c("A♦"))


def test_rang_keeps_aces_and_draws_while_the_hand_is_large() -> None:
    s = RANG.position("P1: A♦ 3♠ 5♣ J♥ Q♦ 2♠\nP2: 4♣ 4♦ 6♣\ndiscard: 8♣")
    assert rang_move(s) == Draw(0)


def test_rang_uses_the_exception_when_low_on_cards() -> None:
    s = RANG.position("P1: A♦ 3♠\nP2: 4♣ 4♦ 6♣\ndiscard: 8♣")
    assert rang_move(s) == Play(0, c("A♦"))


def test_rang_joker_names_a_rank_that_empties_the_hand() -> None:
    s = RANG.position("P1: JOKER 5♠\nP2: 4♣ 4♦ 6♣\ndiscard: 9♣")
    move = rang_move(s)
    assert isinstance(move, PlayJoker) and move.follow == c("5♠")
    assert move.rank in (4, 6)


def test_rang_joker_without_follow_up_names_a_hard_rank() -> None:
    # Only the joker left: name the rank the next player is least likely to answer.  Every
    # 2 and 4 is on the discard pile, so after "3" he would need an Ace or a joker.
    s = RANG.position("P1: JOKER\nP2: K♣ K♦ 9♣\ndiscard: 2♣ 2♦ 2♥ 2♠ 4♣ 4♦ 4♥ 4♠ 9♠\nturn: P1")
    move = rang_move(s)
    assert isinstance(move, PlayJoker) and move.follow is None and move.rank == 3


def test_rang_plays_the_drawn_card_when_it_fits() -> None:
    s = RANG.position("P1: 3♠ 5♣ J♥ Q♦\nP2: 4♣ 4♦ 6♣\ndiscard: 8♣\nstock: 9♥")
    s = RANG.apply(s, Draw(0))
    assert s.phase == DRAWN
    assert rang_move(s) == Play(0, c("9♥"))


def test_rang_keeps_a_drawn_ace_while_the_hand_is_large() -> None:
    s = RANG.position("P1: 3♠ 5♣ J♥ Q♦\nP2: 4♣ 4♦ 6♣\ndiscard: 8♣\nstock: A♥")
    s = RANG.apply(s, Draw(0))
    assert s.phase == DRAWN
    assert rang_move(s) == Keep(0)


def test_rang_spends_spares_once_no_ordinary_card_is_left() -> None:
    # Issue 8: a hand of three spares is not "a large hand".  Counting them as one made the
    # bot draw here (and go on drawing), which kept deals between normal bots going.
    s = RANG.position("P1: A♦ A♣ JOKER\nP2: 4♣ 4♦ 6♣\ndiscard: 8♣")
    assert rang_move(s) != Draw(0)
    s = RANG.position("P1: A♦ A♣ 3♠\nP2: 4♣ 4♦ 6♣\ndiscard: 8♣")  # one ordinary card
    assert rang_move(s) == Play(0, c("A♦"))


def test_rang_hoards_every_spare_with_one_pack_but_one_with_two() -> None:
    hand_text = "A♦ A♣ 3♠ 5♣ J♥ Q♦"  # stuck on 8 with two Aces and four ordinary cards
    s = RANG.position(f"P1: {hand_text}\nP2: 4♣ 4♦ 6♣\ndiscard: 8♣")
    assert rang_move(s) == Draw(0)
    s = RANG.position(f"P1: {hand_text}\nP2: 4♣ 4♦\nP3: 6♣\nP4: 6♦\nP5: 2♣\ndiscard: 8♣")
    assert RANG.deck(s).count(JOKER) == 4  # five players: two packs, twelve spares
    move = rang_move(s)
    assert isinstance(move, Play) and move.card.rank == ACE  # the second Ace goes


def test_rang_bot_uses_only_its_own_hand() -> None:
    s = RANG.position("P1: 6♠ 8♥ 9♦ K♣ 3♠\nP2: 7♦ 9♣ JOKER A♣ A♠\ndiscard: 7♣")
    obs = RANG.observe(s, 0)
    assert obs.state.seed is None
    assert JOKER not in obs.state.table.faces(hand(1))  # the other hand is face down
    assert obs.state.table.visible(hand(1)) == ()
    assert RangBot().choose(RANG, obs, RANG.legal_moves(s, 0), random.Random(0)) in (
        RANG.legal_moves(s, 0)
    )


# --- Grabuge: §12 ---------------------------------------------------------------------------


def grabuge_position(columns: dict[int, str], turned: str, packet_top: int) -> FullGrabuge:
    """Seat 0 to move with the given reserve columns; its first batch card is ``turned`` and
    one packet on the tableau is built up to ``packet_top``."""
    text = f"""
        packets: {rank_index(packet_top)}
        P1 grabuge: Q♥
        P1 stock: {turned} 10♠ 10♥ 10♦
        P2 grabuge: K♥
        P2 stock: 9♣ 9♠ 9♥ 9♦ J♣ J♠ J♥ J♦
    """
    for k, cards in columns.items():
        text += f"P1 col{k}: {cards}\n"
    return GRABUGE.position(text)


def test_grabuge_puts_the_card_on_the_column_exposing_one_rank_higher() -> None:
    s = grabuge_position({1: "K♠", 2: "9♦", 3: "6♥"}, turned="8♠", packet_top=2)
    assert s.table.cards(turned_pile(0)) == parse_cards("8♠")
    move = ask(GrabugeBot(), GRABUGE, s)
    assert move == PlaceInReserve(0, 2)
    assert quick_choice(s, GRABUGE.legal_moves(s, 0)) == PlaceInReserve(0, 2)


def test_grabuge_prefers_a_higher_card_with_the_smallest_gap() -> None:
    s = grabuge_position({1: "3♠", 2: "5♦", 3: "K♥", 4: "J♣"}, turned="7♠", packet_top=1)
    assert ask(GrabugeBot(), GRABUGE, s) == PlaceInReserve(0, 4)  # J: not the 3, 5 or K


def test_grabuge_opens_a_column_rather_than_cover_a_lower_card() -> None:
    s = grabuge_position({1: "3♠", 2: "5♦"}, turned="9♠", packet_top=1)
    assert ask(GrabugeBot(), GRABUGE, s) == PlaceInReserve(0, None)


def test_grabuge_covers_the_card_least_needed_when_full() -> None:
    # Every column exposes a lower card; the packet stands at 2, so the 3 is needed first
    # and the 6 last.
    s = grabuge_position({1: "3♠", 2: "6♦", 3: "4♥", 4: "5♣"}, turned="8♠", packet_top=1)
    assert need(6, [1]) > need(3, [1])
    assert quick_choice(s, GRABUGE.legal_moves(s, 0)) == PlaceInReserve(0, 2)
    assert ask(GrabugeBot(), GRABUGE, s) == PlaceInReserve(0, 2)


def test_grabuge_plays_first_the_column_that_unwinds() -> None:
    # Two exposed 6s and one packet at 5: the 6 lying on a 7 lets the 7 follow at once.
    s = GRABUGE.position("""
        packets: 5
        P1 grabuge: Q♥
        P1 stock: 10♣ 10♠ 10♥ 10♦
        P1 col1: 9♠ 6♠
        P1 col2: 7♦ 6♦
        P2 stock: J♣ J♠ J♥ J♦
    """)
    assert set(GRABUGE.legal_moves(s, 0)) == {PlayReserve(0, 1), PlayReserve(0, 2)}
    assert ask(GrabugeBot(), GRABUGE, s) == PlayReserve(0, 2)


# --- the generic search bot -----------------------------------------------------------------


def test_reward_counts_seats_beaten() -> None:
    assert reward(Outcome.from_scores([1, 0, 0, 0], "", higher_wins=False), 1) == 2 / 3
    assert reward(Outcome.from_scores([1, 0, 0, 0], "", higher_wins=False), 0) == 0.0
    assert reward(Outcome.from_scores([3, 3], ""), 0) == 0.5
    assert reward(None, 0) == 0.5


def test_search_takes_the_only_move_at_once() -> None:
    s = RANG.position("P1: 6♠ 9♥ J♦\nP2: 2♣ 2♦\ndiscard: 7♣")
    assert ask(SearchBot(plies=10**9), RANG, s) == Play(0, c("6♠"))


class LastMove:
    """A playout policy that always takes the last legal move."""

    id = "last"

    def choose(self, game: AnyGame, obs: Any, legal: tuple[Move, ...], rng: Any) -> Move:
        return legal[-1]


def test_search_falls_back_on_a_position_the_deck_cannot_fill() -> None:
    # A hand-made position: seat 1 is said to hold a King, but seat 0 sees all four, so no
    # deal of the cards hidden from seat 0 fits what it knows and determinize refuses.  The
    # search must still answer: its policy's move, or a legal one without a policy.
    s = RANG.position("P1: 6♠ 8♥ K♠ K♥\nP2: 2♣ 3♦\ndiscard: K♣ K♦ 7♣")
    s = s._replace(table=s.table._replace(known=(HoldsRank(hand(1), 13),)))
    with pytest.raises(ValueError, match="rank 13"):
        RANG.determinize(RANG.observe(s, 0), random.Random(0))
    legal = RANG.legal_moves(s, 0)
    assert len(legal) == 2  # a real choice: the search does not answer at once
    for seed in range(6):
        assert ask(SearchBot(plies=200), RANG, s, seed) in legal
        assert ask(SearchBot(LastMove(), plies=200), RANG, s, seed) == legal[-1]


# --- strength and speed ---------------------------------------------------------------------


def losses(game: AnyGame, hero: Bot, seats: int, games: int, clock: Any = None) -> int:
    """Games lost by ``hero`` against random bots, changing its seat each game."""
    lost = 0
    for seed in range(games):
        seat = seed % seats
        bots: list[Bot] = [RandomBot() for _ in range(seats)]
        bots[seat] = hero
        outcome = play_game(game, bots, 1000 + seed, clock)
        lost += outcome.places[seat] == max(outcome.places) and not outcome.is_draw
    return lost


def wins(game: AnyGame, hero: Bot, games: int, clock: Any = None) -> tuple[int, int]:
    """(wins, losses) of ``hero`` against a random bot in a two-player game."""
    won = lost = 0
    for seed in range(games):
        seat = seed % 2
        bots: list[Bot] = [RandomBot(), RandomBot()]
        bots[seat] = hero
        outcome = play_game(game, bots, 2000 + seed, clock)
        if not outcome.is_draw:
            won += outcome.places[seat] == 1
            lost += outcome.places[seat] == 2
    return won, lost


def test_rang_heuristic_loses_far_less_than_random() -> None:
    clock: dict[str, list[float]] = {}
    lost = losses(RANG, RangBot(), seats=4, games=100, clock=clock)
    print(f"Rang heuristic, 1 vs 3 random, 100 games: lost {lost} (chance would be 25)")
    assert lost < 15  # 12.5 % over 200 other seeds in benchmarks/bot_strength.py
    times = clock["RangBot"]
    mean = sum(times) / len(times)
    print(f"Rang heuristic: {mean * 1e6:.0f} µs per decision over {len(times)} decisions")
    assert mean < 1e-3


def test_rang_heuristic_beats_random_head_to_head() -> None:
    won, lost = wins(RANG, RangBot(), games=60)
    print(f"Rang heuristic vs random, 2 players, 60 games: {won}-{lost}")
    assert won >= 42


def rang_deals(seats: int, seeds: range) -> list[tuple[int, str | None]]:
    """(turns, ending) of seeded deals between normal bots."""
    deals = []
    for seed in seeds:
        bots = [RangBot() for _seat in range(seats)]
        state = RANG.new_game(seats=seats, seed=seed)
        while to_move := RANG.to_move(state):
            seat = min(to_move)
            legal = RANG.legal_moves(state, seat)
            move = bots[seat].choose(RANG, RANG.observe(state, seat), legal, random.Random(0))
            state = RANG.apply(state, move)
        outcome = RANG.outcome(state)
        assert outcome is not None
        deals.append((state.turns, outcome.ending))
    return deals


def test_rang_normal_bots_end_deals_by_the_rules_well_before_the_stop() -> None:
    # Issue 8: deals between normal bots ran far longer than random play, and with two packs
    # a quarter of them reached the 10,000-turn stop.  Measured with these seeds: two players,
    # median 277 turns (the old hoarding bot: 732); six players, at most 2,028 turns (old:
    # 9,803 median, 9,985 max).  Over 200 seeds: medians 277 and 1,462, maxima 2,245 and 4,452.
    two = rang_deals(2, range(40))
    assert {ending for _turns, ending in two} == {LAST_WITH_CARDS}
    median = statistics.median(turns for turns, _ending in two)
    print(f"Rang, 2 normal bots, 40 deals: median {median:.0f} turns")
    assert median < 450
    six = rang_deals(6, range(4))
    assert {ending for _turns, ending in six} == {LAST_WITH_CARDS}
    print(f"Rang, 6 normal bots, 4 deals: {sorted(turns for turns, _ending in six)} turns")
    assert max(turns for turns, _ending in six) < 6_000


def test_grabuge_heuristic_beats_random() -> None:
    clock: dict[str, list[float]] = {}
    won, lost = wins(GRABUGE, GrabugeBot(), games=30, clock=clock)
    times = clock["GrabugeBot"]
    mean = sum(times) / len(times)
    print(f"Grabuge heuristic vs random, 30 games: {won}-{lost}, {mean * 1e3:.2f} ms per decision")
    assert won >= 2 * lost and won >= 18
    assert mean < 0.05


def test_generic_search_does_not_draw_into_a_lost_deal() -> None:
    # Seat 0 has gone out; a draw would finish him and leave seat 1 alone with cards, which
    # loses at once.  The Ace as the exception brings seat 0 back.  Random playouts alone
    # must see that.
    s = RANG.position("P1: -\nP2: A♦ 3♠ 5♣ J♥ Q♦ 2♠\ndiscard: 8♣\nturn: P2\npending: P1")
    assert Draw(1) in RANG.legal_moves(s, 1)
    assert RANG.outcome(RANG.apply(s, Draw(1))) is not None
    move = ask(SearchBot(plies=3_000), RANG, s)
    assert isinstance(move, Play) and move.card == c("A♦")
