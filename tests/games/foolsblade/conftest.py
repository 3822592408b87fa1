"""Fixtures for the Fool's Blade engine tests: the card sets the tests write."""

from __future__ import annotations

import pytest

from .cardsets import FEATURES, NUMBERS, RULES, write_set


@pytest.fixture(scope="session")
def features(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The folder of the test card set with a card for every primitive."""
    return write_set(tmp_path_factory.mktemp("features"), FEATURES)


@pytest.fixture(scope="session")
def numbers(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The folder of the numbers-only test card set."""
    return write_set(tmp_path_factory.mktemp("numbers"), NUMBERS)


@pytest.fixture(scope="session")
def rules(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The folder of the test card set with the cards of the rules fixed later."""
    return write_set(tmp_path_factory.mktemp("rules"), RULES)
