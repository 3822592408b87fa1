"""The built-in games, registered by name; each module is imported on first use."""

from ..core.registry import register

register("fearless", "parlour.games.fearless")
register("citadels", "parlour.games.citadels", aliases=("ohne-furcht-und-adel",))
register("foolsblade", "parlour.games.foolsblade", aliases=("fools-blade",))
