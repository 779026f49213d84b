"""Applying a move just listed without judging it again, found by identity.

``RulesBase.apply`` skips ``why_illegal`` for a move of the legal moves last listed (see
``remember_legal``), finding it with ``in``: a test of equality against each move listed
before it, and a move's equality is a dataclass ``__eq__`` in Python.  Cassino and Laugh and
Lie Down list many captures, Рыба many asks, so this finds the move by identity first (a bot or a playout
applies one of the very objects it was given), and leaves everything else to
``RulesBase.apply``.

Written here, in one game's package, as core is not this change's to edit; Cassino, Laugh and
Lie Down and Рыба use it.
"""

from __future__ import annotations

from typing import Generic

from cardsuite.core.protocol import M, RulesBase, S, V


class ListedByIdentity(RulesBase[S, V, M], Generic[S, V, M]):
    """``apply`` that recognises a just-listed move by identity before equality."""

    def apply(self, state: S, move: M) -> S:
        memo_state, legal = self._legal_memo
        if memo_state is state:
            for listed in legal:
                if listed is move:
                    return self.perform(state, move)
        return super().apply(state, move)


__all__ = ["ListedByIdentity"]
