"""A stand-in chat-completion endpoint on this machine, for trying a model's seat without a
model: it answers each conversation with ``reply(messages)``, by default the first legal
action listed in the last user message, said as a model might say it."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

__all__ = ["ChatStub", "first_listed"]

Reply = Callable[[list[dict[str, str]]], str]


def first_listed(messages: list[dict[str, str]]) -> str:
    """The first numbered action of the last user message, with a line of reasoning."""
    asked = next(m["content"] for m in reversed(messages) if m["role"] == "user")
    numbered = [line for line in asked.splitlines() if line.split(".", 1)[0].isdigit()]
    if not numbered:
        return "I do not see any legal action to choose."
    first = numbered[0].split(" ", 1)[1]
    return f"The first option looks as good as any.\nAction: {first}"


class ChatStub:
    """``POST /v1/chat/completions`` on ``host``:``port`` (0: a free port), in a thread.

    ``requests`` keeps every request body received, for tests and demonstrations.
    """

    def __init__(self, reply: Reply = first_listed, host: str = "127.0.0.1", port: int = 0):
        self.reply = reply
        self.requests: list[dict[str, Any]] = []
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                try:
                    length = int(self.headers.get("Content-Length", "0"))
                    body = json.loads(self.rfile.read(length))
                    messages = body["messages"]
                except (ValueError, KeyError, TypeError):
                    self._send(400, {"error": {"message": "expected a chat-completion request"}})
                    return
                if self.path.rstrip("/") != "/v1/chat/completions":
                    self._send(404, {"error": {"message": f"no route {self.path}"}})
                    return
                stub.requests.append(body)
                content = stub.reply(messages)
                message = {"role": "assistant", "content": content}
                self._send(
                    200,
                    {
                        "object": "chat.completion",
                        "model": body.get("model"),
                        "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
                    },
                )

            def _send(self, status: int, answer: dict[str, Any]) -> None:
                data = json.dumps(answer).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *_: Any) -> None:
                pass  # requests are kept in ``requests``; a log line each would be noise

        self.server = ThreadingHTTPServer((host, port), Handler)
        self.server.daemon_threads = True
        self.base = f"http://{host}:{self.server.server_port}/v1"
        self._thread = threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self._thread.start()

    def close(self) -> None:
        """Stop serving and free the port."""
        self.server.shutdown()
        self.server.server_close()
