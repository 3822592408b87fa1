"""Put on a server's ``PYTHONPATH`` by ``benchmarks/spectators.py``: records, in
``$PARLOUR_LOOP_PASSES.<pid>``, one line for each

- pass of the process's asyncio event loop that handled a socket or took over 2 ms of the
  thread's CPU time: ``pass <wall clock at its start> <its wall ms> <its CPU ms> <sockets
  ready>``;
- ``ping`` read from a WebSocket (``ping <wall clock>``) and ``pong`` written
  (``pong <wall clock>``);
- WebSocket close frame read (``close <wall clock>``), and connection's end, the socket
  closed (``lost <wall clock>``);
- garbage collection over 1 ms of CPU (``gc <wall clock at its end> <CPU ms> <generation>``).

A pass is what the loop runs between two polls of its sockets, so no other message is read
during it. Its CPU time does not count the time the process waited for a core, so the
longest pass is the server's own contribution to a message's wait, whatever the load. The
ping's lines, with the client's own clock on the same machine, tell where a slow ping
waited: before the server read it (the kernel, the poll, the passes before it), in the
server, or after it was written (the pinger's own process).
"""

import asyncio.base_events
import asyncio.selector_events
import os
import time

_folder = os.environ.get("PARLOUR_LOOP_PASSES")
if _folder:
    _out = open(f"{_folder}.{os.getpid()}", "a")  # noqa: SIM115 (the process's life)
    _lines: list[str] = []
    _flushed = [time.time()]
    _ready = [0]

    def _keep(line: str) -> None:
        _lines.append(line)

    def _flush() -> None:
        _out.write("".join(_lines))
        _out.flush()
        _lines.clear()

    _run_once = asyncio.base_events.BaseEventLoop._run_once
    _process_events = asyncio.selector_events.BaseSelectorEventLoop._process_events

    def _counted_process_events(self: object, event_list: list[object]) -> None:
        _ready[0] = len(event_list)
        _process_events(self, event_list)  # type: ignore[arg-type]

    def _timed_run_once(self: asyncio.base_events.BaseEventLoop) -> None:
        _ready[0] = 0
        wall = time.time()
        started = time.thread_time()
        _run_once(self)  # type: ignore[attr-defined]
        took = time.thread_time() - started
        ended = time.time()
        if _ready[0] or took > 0.002:
            _keep(f"pass {wall:.6f} {(ended - wall) * 1000:.3f} {took * 1000:.3f} {_ready[0]}\n")
        if _lines and ended - _flushed[0] > 0.2:  # uvicorn's loop wakes every 0.1 s
            _flushed[0] = ended
            _flush()

    asyncio.base_events.BaseEventLoop._run_once = _timed_run_once  # type: ignore[attr-defined]
    asyncio.selector_events.BaseSelectorEventLoop._process_events = _counted_process_events  # type: ignore[method-assign]

    import gc

    _collecting = [0.0]

    def _collection(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            _collecting[0] = time.thread_time()
        else:
            took = (time.thread_time() - _collecting[0]) * 1000
            if took > 1:
                _keep(f"gc {time.time():.6f} {took:.3f} {info['generation']}\n")

    gc.callbacks.append(_collection)

    from uvicorn.protocols.websockets import websockets_sansio_impl as _sansio

    _Protocol = _sansio.WebSocketsSansIOProtocol
    _handle_text = _Protocol.handle_text
    _handle_close = _Protocol.handle_close
    _connection_lost = _Protocol.connection_lost
    _send = _Protocol.send

    def _timed_handle_text(self: _sansio.WebSocketsSansIOProtocol, event: object) -> None:
        if b'"ping"' in event.data:  # type: ignore[attr-defined]
            _keep(f"ping {time.time():.6f}\n")
        _handle_text(self, event)  # type: ignore[arg-type]

    def _timed_handle_close(self: _sansio.WebSocketsSansIOProtocol, event: object) -> None:
        _keep(f"close {time.time():.6f}\n")
        _handle_close(self, event)  # type: ignore[arg-type]

    def _timed_connection_lost(
        self: _sansio.WebSocketsSansIOProtocol, exc: Exception | None
    ) -> None:
        _connection_lost(self, exc)
        _keep(f"lost {time.time():.6f}\n")

    async def _timed_send(self: _sansio.WebSocketsSansIOProtocol, message: dict) -> None:  # type: ignore[type-arg]
        # Before the write: the pinger may read the pong before this process runs again.
        if '"pong"' in (message.get("text") or ""):
            _keep(f"pong {time.time():.6f}\n")
        await _send(self, message)  # type: ignore[arg-type]

    _Protocol.handle_text = _timed_handle_text  # type: ignore[method-assign,assignment]
    _Protocol.handle_close = _timed_handle_close  # type: ignore[method-assign,assignment]
    _Protocol.connection_lost = _timed_connection_lost  # type: ignore[method-assign]
    _Protocol.send = _timed_send  # type: ignore[method-assign,assignment]
