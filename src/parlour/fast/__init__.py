"""Batched engines: many games advanced together with NumPy, for simulation and search."""
