"""The rocks game: Rush Hour's board, the rock a cell of the fen."""

from .rushhour import draw

__all__ = ["draw"]
