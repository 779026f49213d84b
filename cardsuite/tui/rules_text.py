"""A game's rules as Markdown: its rulebook, then its options explained (works for any game).

Shared by the rules screen and ``cardsuite rules``; nothing here needs Textual.
"""

from __future__ import annotations

from cardsuite.core.i18n import C_, _
from cardsuite.core.options import OptionInfo, describe_options
from cardsuite.core.protocol import AnyGame


def choice_word(choice: object) -> str:
    """An option's choice as the lobby lists it: a word of the game in the interface's
    language ("realtime" → «в реальном времени»), a number as it is.  The command line
    takes the choices as they are written in the options (``--opt mode=realtime``)."""
    return _(C_("option value", choice)) if isinstance(choice, str) else str(choice)


def _choice_line(choice: object) -> str:
    """A choice for the rules page: its word, and how ``--opt`` writes it where that differs."""
    word = choice_word(choice)
    return word if word == str(choice) else f"{word} (`{choice}`)"


def _option_line(info: OptionInfo) -> str:
    """One item of the options list: "- **Deals** (`match_deals`, default 1) — deals in the
    match; fewest losses wins. At least 1 and at most 50."."""
    default = info.default
    if info.kind == "bool":
        default = _("on") if default else _("off")
    elif info.choices is not None:
        default = _choice_line(default)
    extra = ""
    if info.choices is not None:
        extra = " " + _("Choices: {choices}.").format(
            choices=", ".join(_choice_line(c) for c in info.choices)
        )
    elif info.kind == "int":
        low, high = info.minimum, info.maximum
        if low is not None and high is not None:
            extra = " " + _("At least {low} and at most {high}.").format(low=low, high=high)
        elif low is not None:
            extra = " " + _("At least {low}.").format(low=low)
        elif high is not None:
            extra = " " + _("At most {high}.").format(high=high)
    # the Markdown marks stay out of the messages: the label bold, the name as code
    label = f"**{_(info.label) if info.label else info.name}**"
    name = f"`{info.name}`"
    if info.help:
        line = _("{label} ({name}, default {default}) — {help}.").format(
            label=label, name=name, default=default, help=_(info.help)
        )
    else:
        line = _("{label} ({name}, default {default}).").format(
            label=label, name=name, default=default
        )
    return f"- {line}{extra}"


def rules_markdown(game: AnyGame) -> str:
    """The rules text and a generated section on the options (works for any game)."""
    try:
        text = game.rules()
    except (OSError, AttributeError) as exc:
        missing = _("The full rules text is not installed ({error}).").format(
            error=type(exc).__name__
        )
        text = f"# {_(game.title)}\n\n*{_(game.summary)}*\n\n{missing}"
    players = ", ".join(str(n) for n in game.seat_counts)
    lines = [text.rstrip(), "", "## " + _("Options in cardsuite"), ""]
    lines.append(_("Players: {counts}.").format(counts=players))
    lines.append("")
    for info in describe_options(game.Options):
        lines.append(_option_line(info))
    return "\n".join(lines) + "\n"
