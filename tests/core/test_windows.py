"""Response windows: turn order from the opener, responses reopen, passes in a row close."""

from __future__ import annotations

from parlour.core.windows import ResponseWindow


def everyone(seat: int) -> bool:
    return True


def test_every_seat_is_asked_once_in_turn_order_from_the_opener() -> None:
    window = ResponseWindow.open("test", 2, 4, everyone)
    asked = []
    while window is not None:
        asked.append(window.seat)
        window = window.passed(everyone)
    assert asked == [2, 3, 0, 1]


def test_a_response_keeps_the_seat_asked_and_needs_a_full_round_of_passes() -> None:
    window = ResponseWindow.open("test", 0, 3, everyone)
    assert window is not None
    window = window.passed(everyone)  # seat 0
    assert window is not None and window.seat == 1
    window = window.responded(everyone)  # seat 1 answers and is asked again
    assert window is not None and window.seat == 1 and window.passes == 0
    asked = []
    while window is not None:
        asked.append(window.seat)
        window = window.passed(everyone)
    assert asked == [1, 2, 0]


def test_seats_that_cannot_respond_are_skipped_as_passes() -> None:
    def only_seat_3(seat: int) -> bool:
        return seat == 3

    window = ResponseWindow.open("graveyard", 1, 5, only_seat_3)
    assert window is not None and window.seat == 3
    assert window.passed(only_seat_3) is None
    assert ResponseWindow.open("test", 0, 4, lambda seat: False) is None
