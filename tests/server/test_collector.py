"""The server's collector policy: collections of the older generations leave their survivors
frozen, and after the period one full collection walks everything."""

from __future__ import annotations

import gc

from parlour.server.collector import keep_pauses_short


def test_a_full_collection_freezes_its_survivors_and_the_next_after_the_period_thaws() -> None:
    undo = keep_pauses_short(full_every=3600.0)
    try:
        gc.collect()
        assert gc.get_freeze_count() > 0  # the next full collections walk only newer objects
    finally:
        undo()
    assert gc.get_freeze_count() == 0
    undo = keep_pauses_short(full_every=0.0)
    try:
        gc.collect()  # the period is over at once: everything is thawed for the next one
        assert gc.get_freeze_count() == 0
    finally:
        undo()
    gc.collect()
    assert gc.get_freeze_count() == 0  # undone: nothing is frozen any more


def test_a_middle_collection_freezes_too_and_a_thaw_waits_for_a_full_one() -> None:
    undo = keep_pauses_short(full_every=3600.0)
    try:
        gc.collect(1)
        assert gc.get_freeze_count() > 0  # a crowd's new objects are not walked again
    finally:
        undo()
    undo = keep_pauses_short(full_every=0.0)
    try:
        gc.collect(1)  # the period is over: thawed, and frozen again by no middle collection
        gc.collect(1)
        assert gc.get_freeze_count() == 0
        gc.collect()  # the full collection walked everything: what it left is frozen
        assert gc.get_freeze_count() > 0
    finally:
        undo()
    assert gc.get_freeze_count() == 0
