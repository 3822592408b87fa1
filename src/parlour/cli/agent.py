"""``parlour agent``: seat a program or a language model at a server's table, or show what
an agent is asked."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

from .. import bots, load
from ..agents import prompt
from ..agents.player import FALLBACKS, AgentBot
from ..agents.program import message
from ..agents.protocol import AgentError, Request
from ..core import GameError, derive_seed
from ..core.views import seat_name
from .common import EXIT_USAGE, fail

__all__ = ["agent_app"]

agent_app = typer.Typer(
    help="Seat any program or language model: at a server's table (join), or see what an "
    "agent is asked (show). Locally, name one as a bot: --bots 'cmd:python my_agent.py'.",
    no_args_is_help=True,
    rich_markup_mode=None,
)


def _bot(
    cmd: str | None,
    llm: str | None,
    seed: int,
    timeout: float,
    retries: int,
    fallback: str,
    transcript: Path | None,
) -> AgentBot:
    """The agent bot the options name (exactly one of ``--cmd`` and ``--llm``)."""
    if (cmd is None) == (llm is None):
        fail("say which agent plays: --cmd 'COMMAND' or --llm 'base=URL:model=NAME'", EXIT_USAGE)
    spec = f"cmd:{cmd}" if cmd is not None else f"llm:{llm}"
    settings: dict[str, Any] = {"timeout": timeout, "retries": retries, "fallback": fallback}
    if transcript is not None:
        settings["transcript"] = str(transcript)
    made = bots.make(spec, seed=seed, **settings)
    assert isinstance(made, AgentBot)
    return made


@agent_app.command()
def join(
    url: Annotated[
        str,
        typer.Argument(
            help="The seat's link (http://HOST:PORT/table/ID#seat=N&token=T) or the table's."
        ),
    ],
    token: Annotated[
        str | None, typer.Option(help="The seat's token, when the link does not carry it.")
    ] = None,
    cmd: Annotated[
        str | None, typer.Option(help="The program to run; it speaks JSON lines (docs/agents.md).")
    ] = None,
    llm: Annotated[
        str | None,
        typer.Option(help="A chat-completion endpoint and model: base=URL:model=NAME[:...]."),
    ] = None,
    timeout: Annotated[float, typer.Option(help="Seconds the agent has for a decision.")] = 30.0,
    retries: Annotated[int, typer.Option(help="Asks again after an illegal answer.", min=0)] = 2,
    fallback: Annotated[
        str, typer.Option(help=f"The move when no legal answer comes: {', '.join(FALLBACKS)}.")
    ] = "random",
    transcript: Annotated[
        Path | None, typer.Option(help="Write every prompt and answer to this JSON-lines file.")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the random fallback.")] = 0,
) -> None:
    """Sit an agent at a server's table and play the seat until the game ends."""
    from ..agents.remote import join as join_table  # the WebSocket client loads only here

    console = Console(soft_wrap=True, highlight=False)
    try:
        bot = _bot(cmd, llm, seed, timeout, retries, fallback, transcript)
    except GameError as error:
        fail(str(error), EXIT_USAGE)

    def show(message: Any) -> None:
        for event in message.get("events", []) if message.get("type") == "state" else []:
            console.print(Text(str(event.get("text", ""))))

    try:
        final = join_table(url, token, bot, on_message=show)
    except AgentError as error:
        fail(str(error))
    except KeyboardInterrupt:
        console.print("Stopped; the seat stays open for another player or agent.")
        raise typer.Exit(130) from None
    finally:
        bot.close()
    seat = final.get("seat")
    winners = final.get("winners", [])
    result = "won" if seat in winners else "did not win"
    console.print(
        f"Game over: the agent ({seat_name(seat) if isinstance(seat, int) else 'a spectator'}) "
        f"{result}; scores {final.get('scores')}; "
        f"{bot.fallbacks} fallback moves."
    )


@agent_app.command()
def show(
    game: Annotated[str, typer.Argument(help="The game (see `parlour games`).")],
    players: Annotated[int | None, typer.Option("--players", "-n", help="Seats.")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the deal.")] = 1,
    moves: Annotated[int, typer.Option(help="Random moves played first.", min=0)] = 0,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the request a program receives, as JSON.")
    ] = False,
) -> None:
    """Print what an agent is asked at a decision: the prompt, or the whole JSON request."""
    try:
        chosen = load(game)
        state = chosen.new_game(players or chosen.min_players, seed=seed)
        mover = bots.make("random", seed=derive_seed(seed, "show"))
        for _ in range(moves):
            if state.is_over:
                break
            state.apply(mover.choose(state))
    except GameError as error:
        fail(str(error), EXIT_USAGE)
    if state.is_over:
        fail(f"the game ended within {moves} moves; ask for fewer")
    assert state.current_player is not None
    view = state.view(state.current_player)
    if as_json:
        request = Request(view, view["legal_actions"], prompt(view))
        typer.echo(json.dumps(message(request)))
    else:
        typer.echo(prompt(view))


@agent_app.command()
def stub(
    port: Annotated[int, typer.Option(help="Port on 127.0.0.1 (0: any free one).", min=0)] = 8765,
) -> None:
    """Serve a stand-in chat-completion endpoint (no model: it answers the first legal action)
    on 127.0.0.1, to try an llm: seat end to end."""
    from ..agents.stub import ChatStub

    try:
        endpoint = ChatStub(port=port)
    except OSError as error:
        fail(f"cannot listen on 127.0.0.1:{port}: {error.strerror or error}")
    typer.echo(f"A stand-in model answers at {endpoint.base} (Ctrl-C stops it); seat it with")
    typer.echo(f'  --bots "llm:base={endpoint.base}:model=stub,random,random"')
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        endpoint.close()
