"""Fool's Blade: weapon crafting and monster combat for 2 to 6 players."""
