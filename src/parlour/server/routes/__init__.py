"""The routes of the server, one router a part: ``pages`` (for people), ``tables`` (the JSON
API) and ``live`` (the WebSocket of a table)."""
