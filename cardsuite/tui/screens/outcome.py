"""The end of a match: places, scores and the reason in words; rematch, lobby or quit."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from cardsuite.core.table import Seat
from cardsuite.core.text import fill
from cardsuite.match import Match

MEDALS = {1: "★ 1st", 2: "☆ 2nd", 3: "· 3rd"}


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def placing_lines(match: Match) -> list[tuple[int, str]]:
    """(place, line) for each seat, best first."""
    outcome = match.outcome()
    if outcome is None:
        return []
    rows = []
    width = max(len(n) for n in match.names)
    for seat in sorted(range(len(match.seats)), key=lambda s: (outcome.places[s], s)):
        place = outcome.places[seat]
        medal = MEDALS.get(place, f"  {ordinal(place)}")
        name = match.names[seat].ljust(width)
        kind = "(bot)" if match.seats[seat].is_bot else "(human)"
        score = f"  score {outcome.scores[seat]}" if outcome.scores is not None else ""
        rows.append((place, f"{medal}   {name}  {kind.ljust(7)}{score}".rstrip()))
    return rows


class OutcomeScreen(Screen[str]):
    """Dismissed with "rematch", "lobby", "table" or "quit"."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "choose('rematch')", "Rematch"),
        Binding("l", "choose('lobby')", "Lobby"),
        Binding("t", "choose('table')", "Table"),
        Binding("escape", "choose('table')", "Table", show=False),
        Binding("q", "choose('quit')", "Quit"),
    ]

    def __init__(self, match: Match, viewer: Seat | None) -> None:
        super().__init__(classes="outcome")
        self.match = match
        self.viewer = viewer

    def compose(self) -> ComposeResult:
        match = self.match
        outcome = match.outcome()
        reason = fill(outcome.reason, match.names) if outcome else "The game is over."
        with Middle(), Center(), Vertical(id="outcome-box"):
            yield Static(f"{match.game.title} — game over", id="outcome-title")
            yield Static(reason[:1].upper() + reason[1:] + ".", id="outcome-reason")
            for place, line in placing_lines(match):
                yield Static(line, classes=f"placing place-{min(place, 4)}")
            recent = match.log(self.viewer, last=4)
            if recent:
                yield Static("\n".join(recent), id="outcome-log")
            yield Static("n rematch · l lobby · t look at the table · q quit", id="outcome-keys")
        yield Footer()

    def action_choose(self, what: str) -> None:
        self.dismiss(what)
