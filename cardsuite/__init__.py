"""cardsuite: traditional card games in the terminal, hot-seat or against fair bots."""

__version__ = "0.1.0"
