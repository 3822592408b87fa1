"""Finishing places: winners first, then the score toward the win, ties shared, absent last."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from parlour.core.places import finishing_places


def test_places_share_ties_and_follow_the_score_direction() -> None:
    assert finishing_places([10, 10, 7, 3], [0, 1], lower_score_wins=False) == [1, 1, 3, 4]
    assert finishing_places([30, 12, 30], [1], lower_score_wins=True) == [2, 1, 2]
    assert finishing_places([20, 12, 30], [1], lower_score_wins=True) == [2, 1, 3]


def test_a_winner_comes_first_whatever_the_score() -> None:
    assert finishing_places([5, 9, 7], [0], lower_score_wins=False) == [1, 2, 3]


def test_absent_seats_come_last_and_tie_among_themselves() -> None:
    assert finishing_places([10, 20, 5, 8], [1], False, absent={1}) == [1, 4, 3, 2]
    assert finishing_places([10, 20, 5, 8], [1], False, absent={0, 1}) == [3, 3, 2, 1]
    assert finishing_places([1, 2], [0, 1], False, absent={0, 1}) == [1, 1]


@st.composite
def endings(draw: st.DrawFn) -> tuple[list[int], set[int], bool, set[int]]:
    """Scores, winners, the score direction and absent seats of a game of 1-7 seats."""
    seats = draw(st.integers(1, 7))
    scores = draw(st.lists(st.integers(-5, 60), min_size=seats, max_size=seats))
    winners = draw(st.sets(st.integers(0, seats - 1)))
    absent = draw(st.sets(st.integers(0, seats - 1)))
    return scores, winners, draw(st.booleans()), absent


@given(endings())
def test_places_order_seats_by_presence_winning_and_score(
    ending: tuple[list[int], set[int], bool, set[int]],
) -> None:
    scores, winners, lower_score_wins, absent = ending
    places = finishing_places(scores, winners, lower_score_wins, absent)
    seats = range(len(scores))
    assert min(places) == 1 and all(1 <= place <= len(scores) for place in places)
    # Competition ranking: a place is one more than the seats strictly before it.
    for seat in seats:
        assert places[seat] == 1 + sum(places[other] < places[seat] for other in seats)
    present = [seat for seat in seats if seat not in absent]
    for seat in present:
        for other in absent:
            assert places[seat] < places[other]
        for other in present:
            if seat in winners and other not in winners:
                assert places[seat] < places[other]
            if (seat in winners) == (other in winners) and scores[seat] == scores[other]:
                assert places[seat] == places[other]
            toward_win = (
                scores[seat] < scores[other] if lower_score_wins else scores[seat] > scores[other]
            )
            if (seat in winners) == (other in winners) and toward_win:
                assert places[seat] < places[other]
    assert len({places[seat] for seat in absent}) <= 1
