"""A crowd of spectators joining one table: their first ``state`` shares one build of the
log (the same bytes on the wire as a fresh build, never reused once the log grew or a name
changed), and who-is-here counts each seat's connections as they come and go."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from parlour.server.frames import encode
from parlour.server.hub import Client, Hub, Table, event_json

from .test_memory import run_with_hub


def fresh_state(table: Table, seat: int | None) -> dict[str, Any]:
    """The first ``state`` of a connection of ``seat``, built from nothing."""
    names = table.sentence_names
    events = [event_json(event, seat, names) for event in table.log]
    return {"type": "state", "view": table.view(seat), "events": events, "log_from": 0}


def test_spectators_share_the_log_until_it_grows_or_a_name_changes(tmp_path: Path) -> None:
    async def game(hub: Hub) -> None:
        table, _tokens = await hub.create("fearless", 3, {}, 7, {})
        heard: list[dict[str, Any]] = []

        async def keep(message: dict[str, Any]) -> None:
            if message["type"] == "state":
                heard.append(message)

        for _ in range(3):
            seat = table.state.current_player
            assert seat is not None
            await hub.play(table, seat, str(table.state.legal_actions()[0]), table.move)
        await hub.join(table, Client(None, keep))
        await hub.join(table, Client(None, keep))
        first, second = heard
        assert first["events"] is second["events"]  # built once
        assert encode(first) == encode(second) == encode(fresh_state(table, None))

        seat = table.state.current_player
        assert seat is not None
        await hub.play(table, seat, str(table.state.legal_actions()[0]), table.move)
        heard.clear()
        await hub.join(table, Client(None, keep))
        grown = next(m for m in heard if m["log_from"] == 0)
        assert grown["events"] is not first["events"]
        assert len(grown["events"]) == len(table.log) > len(first["events"])
        assert encode(grown) == encode(fresh_state(table, None))

        # A name changes every sentence: each spectator's whole log is built again, once.
        table.info.seats[0].name = "Ana"
        table.renamed()
        heard.clear()
        await hub.resend(table, full_log=True)
        assert len(heard) == 3 and all(m["events"] is heard[0]["events"] for m in heard)
        assert heard[0]["events"] is not grown["events"]
        assert "Ana" in encode(heard[0]).decode()
        assert all(encode(m) == encode(fresh_state(table, None)) for m in heard)

    run_with_hub(tmp_path, game)


def test_a_seat_connection_gets_its_own_log(tmp_path: Path) -> None:
    # A seat's log is redacted for it: never a spectator's, even with the same length.
    async def game(hub: Hub) -> None:
        table, _tokens = await hub.create("citadels", 4, {}, 7, {})
        for _ in range(12):
            seat = table.state.current_player
            assert seat is not None
            await hub.play(table, seat, str(table.state.legal_actions()[0]), table.move)
        heard: dict[int | None, dict[str, Any]] = {}

        def keeper(seat: int | None) -> Any:
            async def keep(message: dict[str, Any]) -> None:
                if message["type"] == "state":
                    heard[seat] = message

            return keep

        for seat in (None, 0, 1):
            await hub.join(table, Client(seat, keeper(seat)))
        for seat in (None, 0, 1):
            assert encode(heard[seat]) == encode(fresh_state(table, seat))
        assert heard[0]["events"] is not heard[None]["events"]
        assert heard[0]["events"] != heard[1]["events"]  # each seat's own draft

    run_with_hub(tmp_path, game)


def test_who_is_here_counts_the_connections_as_they_come_and_go(tmp_path: Path) -> None:
    async def game(hub: Hub) -> None:
        table, _tokens = await hub.create("fearless", 3, {}, 7, {})

        async def reads(_message: dict[str, Any]) -> None:
            pass

        async def broken(_message: dict[str, Any]) -> None:
            raise ConnectionError

        def connected() -> list[bool]:
            return [seat["connected"] for seat in table.describe()["seats"]]

        spectators = [Client(None, reads) for _ in range(5)]
        seats = [Client(0, reads), Client(0, reads), Client(2, reads)]
        for client in spectators + seats:
            await hub.join(table, client)
        assert table.connected == Counter(c.seat for c in table.clients) == {None: 5, 0: 2, 2: 1}
        assert connected() == [True, False, True]
        await hub.leave(table, seats[0])
        await hub.leave(table, seats[0])  # a second leave of one connection counts once
        assert connected() == [True, False, True]
        await hub.leave(table, seats[1])
        await hub.leave(table, spectators[0])
        assert connected() == [False, False, True]
        # A connection dropped because a message to it failed.
        table.clients[-1].send = broken
        await hub.send_all(table, {"type": "chat", "text": "hello"})
        assert table.connected == Counter(c.seat for c in table.clients) == {None: 4}
        assert connected() == [False, False, False]

    run_with_hub(tmp_path, game)
