"""Drawing without widgets: card faces, piles and the whole table into one canvas."""
