"""Reinforcement learning: action indices, observation encoders, and the standard interfaces.

``parlour.rl.pettingzoo``, ``parlour.rl.gymnasium`` and ``parlour.rl.openspiel`` need the
``rl`` extra (``pip install 'parlour[rl]'``); this package itself needs only NumPy.
"""

from .actions import ActionIndex
from .encoders import Encoder, encoder

__all__ = ["ActionIndex", "Encoder", "encoder"]
