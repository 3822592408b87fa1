"""The security headers of every answer: a Content-Security-Policy that runs scripts from
the server's own files only, no framing, no guessed content types, no full referrers."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from fastapi import Request
from fastapi.responses import Response

__all__ = ["API_DOCS", "DOCS_POLICY", "POLICY", "add_security_headers"]

# Scripts and styles from the server's own files (no inline <script>, no on...= attribute,
# no eval); connections (fetch, WebSocket) to the server itself; no plugin, no <base>, no
# form sent elsewhere; and no page of another site may frame these (clickjacking). Inline
# style attributes stay allowed: they cannot run code, and the pages use a few.
POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)

# The OpenAPI page (FastAPI's Swagger UI) loads its script and style from a CDN and starts
# with an inline script; it shows no player's data, so it alone is allowed both.
API_DOCS = "/api/docs"
DOCS_CDN = "https://cdn.jsdelivr.net"
DOCS_POLICY = "; ".join(
    (
        "default-src 'self'",
        f"script-src 'self' 'unsafe-inline' {DOCS_CDN}",
        f"style-src 'self' {DOCS_CDN}",
        "img-src 'self' data: https://fastapi.tiangolo.com",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "frame-ancestors 'none'",
    )
)

_FIXED = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    # For browsers without CSP's frame-ancestors.
    "X-Frame-Options": "DENY",
}


async def add_security_headers(
    request: Request, call_next: Callable[[Request], Awaitable[Response]]
) -> Response:
    """Answer as the app does, with the security headers of every answer."""
    response = await call_next(request)
    policy = DOCS_POLICY if request.url.path == API_DOCS else POLICY
    response.headers.setdefault("Content-Security-Policy", policy)
    for name, value in _FIXED.items():
        response.headers.setdefault(name, value)
    return response
