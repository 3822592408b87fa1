"""How a request is refused: one exception, ``RequestError``, and one handler that answers it
(and the framework's own errors: no route, a bad body, the database down) with the error
body of API.md, ``{"type": "error", "message": "..."}``, or, for a browser outside the
API, with a page that says what happened (``pages.problem_page``)."""

from __future__ import annotations

from typing import Any, cast

from fastapi import Request
from fastapi.exception_handlers import request_validation_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException

from .hub import database_trouble
from .pages import Link, problem_page, wants_page
from .redact import shown_reason
from .schemas import REFUSED

__all__ = [
    "HANDLED",
    "RequestError",
    "error_body",
    "error_response",
    "json_object",
    "refused",
    "unavailable",
]


class RequestError(Exception):
    """A request that changes nothing: its status code, the sentence saying why, the links a
    page for people offers besides the lobby's, and for a limit (429) the seconds until it
    may be sent again (its ``Retry-After``)."""

    def __init__(
        self,
        status: int,
        message: str,
        links: tuple[Link, ...] = (),
        retry_after: int | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.links = links
        self.retry_after = retry_after


async def json_object(request: Request, shape: str) -> dict[str, Any]:
    """The request's JSON object; 400 for anything else, saying the ``shape`` it should have
    (e.g. ``{"username": ..., "password": ...}``)."""
    try:
        body = await request.json()
    except ValueError:
        raise RequestError(400, "the body must be JSON") from None
    if not isinstance(body, dict):
        raise RequestError(400, f"send a JSON object: {shape}")
    return body


def error_body(message: str) -> dict[str, str]:
    """The error of API.md, for HTTP answers and WebSocket messages alike."""
    return {"type": "error", "message": message}


def error_response(status: int, message: str) -> JSONResponse:
    """The error of API.md as an HTTP answer with ``status``."""
    return JSONResponse(error_body(message), status)


def unavailable(error: SQLAlchemyError) -> str:
    """The sentence for a request the database could not serve (never where the database
    server is: that is the operator's to know)."""
    reason = shown_reason(database_trouble(error))
    return f"the database is unavailable ({reason}); try again in a moment"


def _body_problem(error: RequestValidationError) -> str | None:
    """The sentence for a request body that is refused; ``None`` where the problem is in
    the path or the query instead."""
    first = error.errors()[0]
    location = tuple(first.get("loc", ()))
    if location[:1] != ("body",):
        return None
    if first["type"] == REFUSED:  # a request model's own sentence
        return str(first["msg"])
    if first["type"] == "json_invalid" or location == ("body",):  # not JSON, or no body
        return "the body must be JSON"
    # Past the request models' own checks: the framework's sentence, where it found it.
    return f"{'.'.join(map(str, location[1:]))}: {first['msg']}"


def _refusal(request: Request, error: Exception) -> RequestError | None:
    """``error`` as a refusal; ``None`` for a path or query parameter of the wrong type."""
    if isinstance(error, RequestError):
        return error
    if isinstance(error, SQLAlchemyError):
        # Down, full or read-only: nothing was changed, and the request may be sent again.
        return RequestError(503, unavailable(error))
    if isinstance(error, RequestValidationError):
        message = _body_problem(error)
        return None if message is None else RequestError(400, message)
    # The framework's own: no route (404), a method the route does not take (405).
    http = cast(HTTPException, error)
    message = str(http.detail)
    if http.status_code == 404 and message == "Not Found":  # no route: an unknown path
        message = f"there is no page at {request.url.path}"
    return RequestError(http.status_code, message)


async def refused(request: Request, error: Exception) -> Response:
    """The answer to a refused request: a page for a browser outside ``/api/``, else JSON."""
    refusal = _refusal(request, error)
    if refusal is None:
        # FastAPI's own answer (422), as it always was for parameters of the wrong type.
        return await request_validation_exception_handler(
            request, cast(RequestValidationError, error)
        )
    answer: Response
    if wants_page(request):
        answer = problem_page(refusal.status, refusal.message, refusal.links)
    else:
        answer = error_response(refusal.status, refusal.message)
    if refusal.retry_after is not None:
        answer.headers["Retry-After"] = str(refusal.retry_after)
    return answer


# The exceptions ``refused`` answers, registered with ``app.add_exception_handler``.
HANDLED: tuple[type[Exception], ...] = (
    RequestError,
    HTTPException,
    RequestValidationError,
    SQLAlchemyError,
)
