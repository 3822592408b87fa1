"""Play in the browser: the FastAPI server, its store of tables, and the web client."""

from .app import create_app
from .serve import serve

__all__ = ["create_app", "serve"]
