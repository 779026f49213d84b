"""Key bindings described in the interface's language.

Textual reads a class's ``BINDINGS`` once, when the class is created, and every Footer, key
panel and tooltip shows ``Binding.description`` as it is.  The descriptions are therefore
written in English and marked with :func:`~cardsuite.core.i18n.N_`, and the screens below hand
Textual translated copies of their active bindings each time it asks for them: the words go
through :func:`~cardsuite.core.i18n._` when they are displayed, in whatever language is
current then (a catalogue switched later applies at the next redraw of the Footer).

A description with an ``{n}`` field (``N_("Action {n}")``) is filled with the first argument
of the binding's action (``action(3)`` gives "Action 3").
"""

from __future__ import annotations

import dataclasses
from typing import TypeVar

from textual.actions import ActionError, parse
from textual.binding import ActiveBinding, Binding
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer

from cardsuite.core.i18n import N_, _, language

ResultT = TypeVar("ResultT")

# Textual's own words that reach the player: the command palette's key in the Footer and its
# tooltip, and the system commands of the palette (translated in CardsuiteApp).
TEXTUAL_WORDS = (
    N_("palette"),
    N_("Open the command palette"),
    N_("Quit the app and return to the command prompt."),
    N_("Theme"),
    N_("Change the current theme"),
    N_("Quit"),
    N_("Quit the application as soon as possible"),
    N_("Keys"),
    N_("Hide the keys and widget help panel"),
    N_("Show help for the focused widget and a summary of available keys"),
    N_("Minimize"),
    N_("Minimize the widget and restore to normal size"),
    N_("Maximize"),
    N_("Maximize the focused widget"),
    N_("Screenshot"),
    N_("Save an SVG 'screenshot' of the current screen"),
)


def maybe(text: str) -> str:
    """``text`` translated, or "" for "" (a catalogue's translation of "" is its header)."""
    return _(text) if text else ""


def _action_args(action: str) -> tuple[object, ...]:
    try:
        return parse(action)[2]
    except ActionError:  # an action Textual itself cannot parse has no arguments to show
        return ()


def translate_binding(binding: Binding) -> Binding:
    """The binding with its description and tooltip in the interface's language."""
    description = maybe(binding.description)
    if "{n}" in binding.description:
        args = _action_args(binding.action)
        description = description.format(n=args[0] if args else "")
    tooltip = maybe(binding.tooltip)
    if description == binding.description and tooltip == binding.tooltip:
        return binding
    return dataclasses.replace(binding, description=description, tooltip=tooltip)


def translate_bindings(bindings: dict[str, ActiveBinding]) -> dict[str, ActiveBinding]:
    """Active bindings (as ``Screen.active_bindings`` gives them) with translated words."""
    out: dict[str, ActiveBinding] = {}
    for key, active in bindings.items():
        binding = translate_binding(active.binding)
        tooltip = maybe(active.tooltip)
        out[key] = ActiveBinding(active.node, binding, active.enabled, tooltip)
    return out


class TranslatedScreen(Screen[ResultT]):
    """A screen whose Footer shows its keys in the interface's language."""

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        return translate_bindings(super().active_bindings)


class TranslatedModalScreen(ModalScreen[ResultT]):
    """A modal screen whose Footer shows its keys in the interface's language."""

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        return translate_bindings(super().active_bindings)


def footer() -> Footer:
    """The key line of a screen: compact (less space between the keys) in the languages whose
    words are longer than English, so that a table's keys still fit in 80 columns."""
    return Footer(compact=language() != "en")
