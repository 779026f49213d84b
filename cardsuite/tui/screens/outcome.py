"""The end of a match: places, scores and the reason in words; rematch, lobby or quit."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle, Vertical
from textual.widgets import Static

from cardsuite.bots import has_decisions, level_word
from cardsuite.core.i18n import N_, _
from cardsuite.core.table import Seat
from cardsuite.core.text import fill, ordinal
from cardsuite.core.view import ScoreSheet
from cardsuite.match import Match
from cardsuite.tui.translated import TranslatedScreen, footer

MEDALS = {1: "★", 2: "☆", 3: "·"}

if TYPE_CHECKING:
    from cardsuite.tui.played import TableMatch


def placing_lines(match: TableMatch) -> list[tuple[int, str]]:
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
    levels = has_decisions(match.game)  # a bot's level, where there is anything to decide
    seat_kinds = [
        (
            _("(human)")
            if not info.is_bot
            else _("(bot · {level})").format(level=level_word(info.bot or ""))
            if levels
            else _("(bot)")
        )
        for info in match.seats
    ]
    kinds = max(len(kind) for kind in seat_kinds)
    # partners share a place: list them together, side by side
    for seat in sorted(
        range(len(match.seats)), key=lambda s: (outcome.places[s], tags[s] if tags else "", s)
    ):
        place = outcome.places[seat]
        medal = f"{MEDALS.get(place, ' ')} {ordinal(place)}"
        name = names[seat].ljust(width)
        kind = seat_kinds[seat]
        # the score in the game's own terms: "7 tricks", "0 chips left"
        score = outcome.amount(seat)
        rows.append((place, f"{medal}   {name}  {kind.ljust(kinds)}  {score}".rstrip()))
    return rows


def measure_hint(match: TableMatch) -> str:
    """What the scores beside the places must be read with ("Chips left: fewer is better."),
    or ""."""
    outcome = match.outcome()
    if outcome is None or outcome.scores is None or outcome.measure is None:
        return ""
    return outcome.measure.hint()


class OutcomeScreen(TranslatedScreen[str]):
    """Dismissed with "rematch", "lobby", "table" or "quit"."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "choose('rematch')", N_("Rematch")),
        Binding("l", "choose('lobby')", N_("Lobby")),
        Binding("t", "choose('table')", N_("Table")),
        Binding("p", "replay", N_("Replay")),
        Binding("s", "scores", N_("Scores")),
        Binding("escape", "choose('table')", N_("Table"), show=False),
        Binding("q", "choose('quit')", N_("Quit")),
    ]

    def __init__(self, match: TableMatch, viewer: Seat | None) -> None:
        super().__init__(classes="outcome")
        self.match = match
        # A match played here; not a seat at a server (its match is the host's to replay).
        self.local = isinstance(match, Match)
        self.viewer = viewer
        # A match of several deals: its score sheet, deal by deal (s shows it).
        self.sheet: ScoreSheet | None = match.view(viewer).scores

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
            hint = measure_hint(match)
            if hint:
                yield Static(hint, id="outcome-measure", markup=False)
            recent = match.log(self.viewer, last=4)
            if recent:
                yield Static("\n".join(recent), id="outcome-log", markup=False)
            if isinstance(match, Match):
                code = match.deal_code()
                yield Static(
                    _("Deal code {code} (to play it again: cardsuite deal {code})").format(
                        code=code
                    ),
                    id="outcome-code",
                    markup=False,
                )
            if not self.local:
                keys = _("l lobby · t look at the table · q quit")
            elif self.sheet is not None:
                keys = _("n rematch · l lobby · t table · s scores · p replay · q quit")
            else:
                keys = _("n rematch · l lobby · t look at the table · p replay · q quit")
            yield Static(keys, id="outcome-keys")
        yield footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "scores":
            return self.sheet is not None
        if action in ("replay", "choose") and not self.local:
            return action == "choose" and parameters != ("rematch",)
        return True

    def action_scores(self) -> None:
        from cardsuite.tui.screens.scores import ScoreSheetScreen

        sheet = self.sheet
        if sheet is not None:
            self.app.push_screen(ScoreSheetScreen(sheet))

    def action_replay(self) -> None:
        from cardsuite.tui.screens.replay import ReplayScreen

        if isinstance(self.match, Match):
            self.app.push_screen(ReplayScreen(self.match, self.match.journal_id))

    def action_choose(self, what: str) -> None:
        self.dismiss(what)
