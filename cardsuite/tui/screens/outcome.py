"""The end of a match: places, scores and the reason in words; rematch, lobby or quit."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle, Vertical
from textual.widgets import Footer, Static

from cardsuite.core.i18n import N_, _
from cardsuite.core.table import Seat
from cardsuite.core.text import fill
from cardsuite.match import Match
from cardsuite.tui.translated import TranslatedScreen

MEDALS = {1: "★", 2: "☆", 3: "·"}


def ordinal(n: int) -> str:
    """``n`` as a place: "1st", "2nd", "11th" (each form a message of its own, so a language
    can write its ordinals its own way)."""
    if 10 <= n % 100 <= 20:
        form = N_("{n}th")
    else:
        form = {1: N_("{n}st"), 2: N_("{n}nd"), 3: N_("{n}rd")}.get(n % 10, N_("{n}th"))
    return _(form).format(n=n)


def placing_lines(match: Match) -> list[tuple[int, str]]:
    """(place, line) for each seat, best first."""
    outcome = match.outcome()
    if outcome is None:
        return []
    rows = []
    tags = match.side_tags()
    names = [
        _("{name} (side {tag})").format(name=name, tag=tags[s]) if tags else name
        for s, name in enumerate(match.names)
    ]
    width = max(len(n) for n in names)
    kinds = max(len(_("(bot)")), len(_("(human)")))
    # partners share a place: list them together, side by side
    for seat in sorted(
        range(len(match.seats)), key=lambda s: (outcome.places[s], tags[s] if tags else "", s)
    ):
        place = outcome.places[seat]
        medal = f"{MEDALS.get(place, ' ')} {ordinal(place)}"
        name = names[seat].ljust(width)
        kind = _("(bot)") if match.seats[seat].is_bot else _("(human)")
        score = (
            "  " + _("score {score}").format(score=outcome.scores[seat])
            if outcome.scores is not None
            else ""
        )
        rows.append((place, f"{medal}   {name}  {kind.ljust(kinds)}{score}".rstrip()))
    return rows


class OutcomeScreen(TranslatedScreen[str]):
    """Dismissed with "rematch", "lobby", "table" or "quit"."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "choose('rematch')", N_("Rematch")),
        Binding("l", "choose('lobby')", N_("Lobby")),
        Binding("t", "choose('table')", N_("Table")),
        Binding("p", "replay", N_("Replay")),
        Binding("escape", "choose('table')", N_("Table"), show=False),
        Binding("q", "choose('quit')", N_("Quit")),
    ]

    def __init__(self, match: Match, viewer: Seat | None) -> None:
        super().__init__(classes="outcome")
        self.match = match
        self.viewer = viewer

    def compose(self) -> ComposeResult:
        match = self.match
        outcome = match.outcome()
        if outcome is not None:
            reason = fill(outcome.reason, match.names)
            reason = _("{reason}.").format(reason=reason[:1].upper() + reason[1:])
        else:
            reason = _("The game is over.")
        with Middle(), Center(), Vertical(id="outcome-box"):
            title = _(match.game.title)
            yield Static(_("{game} — game over").format(game=title), id="outcome-title")
            # The reason, the places and the log name the players: never read as markup.
            yield Static(reason, id="outcome-reason", markup=False)
            if match.practice:
                yield Static(
                    _("Practice game: an undo went back after cards had been shown."),
                    id="outcome-practice",
                )
            for place, line in placing_lines(match):
                yield Static(line, classes=f"placing place-{min(place, 4)}", markup=False)
            recent = match.log(self.viewer, last=4)
            if recent:
                yield Static("\n".join(recent), id="outcome-log", markup=False)
            code = match.deal_code()
            yield Static(
                _("Deal code {code} (to play it again: cardsuite deal {code})").format(code=code),
                id="outcome-code",
                markup=False,
            )
            yield Static(
                _("n rematch · l lobby · t look at the table · p replay · q quit"),
                id="outcome-keys",
            )
        yield Footer()

    def action_replay(self) -> None:
        from cardsuite.tui.screens.replay import ReplayScreen

        self.app.push_screen(ReplayScreen(self.match, self.match.journal_id))

    def action_choose(self, what: str) -> None:
        self.dismiss(what)
