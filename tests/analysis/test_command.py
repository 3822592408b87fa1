"""``parlour analyze`` on a finished game of each game: the page, the plot and the data."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli.conftest import Invoke, invoke  # noqa: F401  (the fixture)

from .conftest import record_of

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(("game", "players"), [("fearless", 3), ("citadels", 2), ("foolsblade", 2)])
def test_the_command_writes_its_page_plot_and_data(
    invoke: Invoke,  # noqa: F811
    tmp_path: Path,
    game: str,
    players: int,
) -> None:
    record = record_of(game, players)
    saved = tmp_path / "game.json"
    saved.write_text(json.dumps(record))
    result = invoke(f"analyze {saved} --seat 1 --iterations 2 --depth 4 --jobs 1 --out report")
    assert result.exit_code == 0, result.output
    out = tmp_path / "report"
    assert (out / "curve.png").read_bytes().startswith(PNG)
    page = (out / "index.html").read_text()
    # The API's seat 1 is the second player, as people count.
    assert "<h2>Player 2</h2>" in page and 'src="curve.png"' in page
    data = json.loads((out / "analysis.json").read_text())
    assert data["game"] == game and [s["seat"] for s in data["seats"]] == [1]
    assert len(data["seats"][0]["decisions"]) > 3
    text = " ".join(result.output.split())
    assert "analysis" in text and "Wrote" in text and "index.html" in text


def test_bad_command_lines_say_what_is_wrong(invoke: Invoke, tmp_path: Path) -> None:  # noqa: F811
    missing = invoke("analyze nowhere.json --out report")
    assert missing.exit_code == 1
    assert "cannot read the record 'nowhere.json'" in " ".join(missing.output.split())
    saved = tmp_path / "game.json"
    saved.write_text(json.dumps(record_of("fearless", 3)))
    seat = invoke(f"analyze {saved} --seat 5 --out report")
    assert seat.exit_code == 2
    assert "--seat must be a seat from 0 to 2, not 5" in " ".join(seat.output.split())
    assert not (tmp_path / "report").exists()


def test_the_help_is_plain_and_names_every_option(invoke: Invoke) -> None:  # noqa: F811
    result = invoke("analyze --help")
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    assert "╭" not in text and "<bool>" not in text
    for option in ("--out", "--seat", "--iterations", "--depth", "--jobs", "--seed"):
        assert option in text
