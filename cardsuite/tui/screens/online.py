"""Play over the network, from the lobby: join a table by its invite, or host the game set up
in the lobby's form at a match server this app runs (``cardsuite host`` in the app).

The screen only gathers what is needed; the app connects (:meth:`CardsuiteApp.join_table`)
or serves (:meth:`CardsuiteApp.host_table`), and the table screen shows the waiting room.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Middle, Vertical
from textual.widgets import Button, Input, Static

from cardsuite.core.errors import CardsuiteError
from cardsuite.core.i18n import N_, _
from cardsuite.core.text import plain
from cardsuite.net.server import parse_address
from cardsuite.tui.translated import TranslatedModalScreen

DEFAULT_ADDRESS = "127.0.0.1:7777"
INVITE_DIGITS = 32


@dataclass(frozen=True)
class JoinChoice:
    """Join the table of ``invite`` at the server at ``address`` (host, port) as ``name``."""

    address: tuple[str, int]
    invite: str
    name: str


@dataclass(frozen=True)
class HostChoice:
    """Host the lobby's game at a server listening on ``address`` (host, port)."""

    address: tuple[str, int]


class OnlineScreen(TranslatedModalScreen[JoinChoice | HostChoice | None]):
    """Dismissed with what to do, or None (Esc)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", N_("Back")),
    ]

    def __init__(self, name: str, game_title: str) -> None:
        super().__init__()
        self.player = name
        self.game_title = game_title

    def compose(self) -> ComposeResult:
        with Middle(), Center(), Vertical(id="online-box"):
            yield Static(_("Play over the network"), id="online-title")
            yield Static(_("Join a table by the invite its host gave you"), classes="online-head")
            with Horizontal(classes="online-row"):
                yield Static(_("Server"), classes="online-label")
                yield Input(DEFAULT_ADDRESS, id="join-address", compact=True)
            with Horizontal(classes="online-row"):
                yield Static(_("Invite"), classes="online-label")
                yield Input(
                    "", placeholder=_("32 hexadecimal digits"), id="join-invite", compact=True
                )
            with Horizontal(classes="online-row"):
                yield Static(_("Your name"), classes="online-label")
                yield Input(self.player, id="join-name", compact=True)
            yield Button(_("Join"), id="join", variant="primary", compact=True)
            yield Static(
                _("Host {game} as set in the lobby: an invite for each person").format(
                    game=self.game_title
                ),
                classes="online-head",
                markup=False,
            )
            with Horizontal(classes="online-row"):
                yield Static(_("Listen on"), classes="online-label")
                yield Input(DEFAULT_ADDRESS, id="host-address", compact=True)
            yield Static(
                _("127.0.0.1: this computer only · 0.0.0.0: your whole network"),
                classes="online-note",
            )
            yield Button(_("Host"), id="host", compact=True)
            yield Static("", id="online-error", markup=False)
            yield Static(
                _("Tab: next field · Enter: go · Esc: back to the lobby"), classes="online-note"
            )

    def on_mount(self) -> None:
        self.query_one("#join-invite", Input).focus()

    @on(Button.Pressed, "#join")
    @on(Input.Submitted, "#join-address, #join-invite, #join-name")
    def join(self) -> None:
        address = self.address("#join-address")
        if address is None:
            return
        invite = self.query_one("#join-invite", Input).value.strip().lower()
        if len(invite) != INVITE_DIGITS or any(c not in "0123456789abcdef" for c in invite):
            self.refuse(_("An invite is 32 hexadecimal digits: ask the host for yours."))
            return
        name = self.query_one("#join-name", Input).value.strip()
        self.dismiss(JoinChoice(address, invite, name))

    @on(Button.Pressed, "#host")
    @on(Input.Submitted, "#host-address")
    def host(self) -> None:
        address = self.address("#host-address")
        if address is not None:
            self.dismiss(HostChoice(address))

    def address(self, field: str) -> tuple[str, int] | None:
        """The HOST:PORT typed in ``field``, or None (and why, said)."""
        try:
            return parse_address(self.query_one(field, Input).value)
        except CardsuiteError as problem:
            self.refuse(str(problem))
            return None

    def refuse(self, text: str) -> None:
        self.query_one("#online-error", Static).update(plain(text))

    def action_back(self) -> None:
        self.dismiss(None)
