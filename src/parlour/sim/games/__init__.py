"""Each game's part of the simulator, one module a game: its facts (the columns of a finished
game) and its section of ``parlour report``, registered with ``facts.register``. ``facts_for``
imports them on first use, so that importing the facts loads no game."""

from . import citadels, fearless, foolsblade

__all__ = ["citadels", "fearless", "foolsblade"]
