"""Play in the browser: the FastAPI server, its store of tables, and the web client."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import create_app
    from .serve import serve

__all__ = ["create_app", "serve"]


def __getattr__(name: str) -> Any:
    """``create_app`` and ``serve``, loaded on first use: a bot process imports ``botpool``
    from this package and needs none of the web stack (FastAPI, SQLAlchemy, uvicorn: 68 MB
    of a bot process's 92 MB when it was imported here)."""
    if name == "create_app":
        from .app import create_app

        return create_app
    if name == "serve":
        from .serve import serve

        # Importing the module ``serve`` made it this package's ``serve``: the function is.
        globals()["serve"] = serve
        return serve
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
