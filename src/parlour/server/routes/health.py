"""What operators and their tools ask a server process: is it alive (``/api/health/live``),
is it ready to serve (``/api/health/ready``), and its metrics (``/metrics``)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from .. import metrics
from ..deps import ClusterDep, HubDep, SettingsDep
from ..errors import RequestError, error_body
from ..health import Readiness

__all__ = ["router"]

router = APIRouter()


@router.api_route("/api/health/live", methods=["GET", "HEAD"])
async def live() -> dict[str, Any]:
    """200 while the process runs and its event loop answers (liveness)."""
    return {"status": "live"}


@router.api_route("/api/health/ready", methods=["GET", "HEAD"], response_model=None)
async def ready(request: Request) -> dict[str, Any] | JSONResponse:
    """200 while the database and the bot processes answer; else 503 saying which does not
    (readiness: a proxy sends this process no players until it is ready again)."""
    readiness: Readiness = request.app.state.readiness
    trouble = await readiness.trouble()
    if trouble is not None:
        return JSONResponse(error_body(f"not ready: {trouble}"), 503)
    return {"status": "ready"}


@router.get("/metrics", include_in_schema=False)
async def metrics_text(
    request: Request, settings: SettingsDep, hub: HubDep, cluster: ClusterDep
) -> Response:
    """The server's metrics in Prometheus's text format, to the addresses the operator allows
    (``parlour serve --metrics-allow``); 403 to any other."""
    host = request.client.host if request.client is not None else None
    if not settings.metrics_allow.allows(host):
        raise RequestError(403, "the metrics are served only to the addresses the operator allows")
    metrics.sample(hub, cluster)
    return Response(metrics.render(), media_type=metrics.CONTENT_TYPE)
