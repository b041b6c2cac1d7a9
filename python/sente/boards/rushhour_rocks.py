"""The rocks game: Rush Hour's board, the rock a cell of the fen."""

from .rushhour import draw

__all__ = ["draw"]

NAME = 'Rush Hour against a rock player'
"""The game's name in words."""

NOTATION = (
    "A car move is written as in Rush Hour ('A+1', one cell at a time); a rock is '@' then "
    "its row and column from 0 at the top left: '@30' is row 3, column 0. The cars win when "
    'the red car gets out within the limit of car moves (max_turns=).'
)
"""How its moves are written (help(sente.State) lists it)."""
