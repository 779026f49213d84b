"""The badge's countdown to a timed event, and the event's name held up a moment once it has
fallen due (issue 19, item 15): Spit's spit comes 800 ms after both players are ready, too
short to read as a countdown alone."""

from __future__ import annotations

from cardsuite.games import get_game
from cardsuite.match import Match, SeatInfo
from cardsuite.runner.clock import CUE_HOLD_MS, Countdown

STEP = 50  # ms between two frames of the table


def test_countdown_counts_down_then_holds_the_name_of_what_fell_due() -> None:
    cue = Countdown()
    assert cue.text("Spit!", 5800, 5000) == "Spit! 1"
    assert cue.text("Spit!", 5800, 5799) == "Spit! 1"
    # the spit fell due at 5800: nothing pending now, the name stays up for the hold
    assert cue.text("Next", None, 5800, fired=5800) == "Spit!"
    assert cue.text("Next", None, 5800 + CUE_HOLD_MS - 1, fired=5800) == "Spit!"
    assert cue.text("Next", None, 5800 + CUE_HOLD_MS, fired=5800) == ""
    # a countdown that starts again at once goes on counting
    cue.text("Spit!", 6600, 5900)
    assert cue.text("Spit!", 6600, 6600, fired=6600) == "Spit! 0"
    assert cue.text("Spit!", 7400, 6650, fired=6600) == "Spit! 1"
    # another event pending: the one that fell due keeps the badge for the hold
    cue = Countdown()
    assert cue.text("Go!", 3000, 0) == "Go! 3"
    assert cue.text("Everyone stuck in", 63000, 3100, fired=3000) == "Go!"
    assert cue.text("Everyone stuck in", 63000, 3000 + CUE_HOLD_MS, fired=3000) == (
        "Everyone stuck in 59"
    )
    # a countdown that was called off (a card to play again) shows nothing afterwards
    cue = Countdown()
    cue.text("Spit!", 5800, 5000)
    assert cue.text("Next", None, 5400, fired=None) == ""


def test_every_spit_of_a_spit_match_can_be_read_for_a_second_and_a_half() -> None:
    """Two bots play Spit on a virtual clock; the table draws every 50 ms.  Each spit falls
    due exactly when the game says (800 ms after both are ready), and its name is on the
    badge for at least 1.5 s, counting down and then held."""
    game = get_game("spit")
    match = Match(game, [SeatInfo("Anna", "heuristic"), SeatInfo("Boris", "heuristic")], seed=3)
    cue = Countdown()
    shown: list[tuple[int, bool]] = []
    for now in range(0, 40_000, STEP):
        match.advance_to(now)
        if match.is_over():
            break
        view = match.view(0)
        fired = match.timed_at[-1] if match.timed_at else None
        text = cue.text(view.countdown or "Next", game.next_due(match.state), now, fired)
        shown.append((now, text.startswith("Spit!")))
    spits = [t for t in match.timed_at if t < shown[-1][0] - CUE_HOLD_MS]
    assert len(spits) >= 3, match.timed_at
    for at in spits:
        # shown from its countdown to the end of the hold
        before = [t for t, on in shown if t < at and not on]
        start = max(before) + STEP if before else 0
        after = [t for t, on in shown if t >= at and not on]
        end = min(after) if after else shown[-1][0]
        assert end - start >= 1500, (at, start, end)
