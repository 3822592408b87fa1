"""Each game's part of the simulator, one module a game: its facts (the columns of a finished
game) and its section of ``parlour report`` as ``FACTS``, which the game declares on its
``Game`` (``facts="parlour.sim.games.<name>:FACTS"``); ``facts_for`` imports it on first use."""
