"""Lookup by name for the schema models (plan, observation, design): one place, one KeyError."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

T = TypeVar("T")


def by_name(items: Iterable[T], name: str, attr: str = "name") -> T:
    """The item whose `attr` equals `name`; KeyError(name) when there is none."""
    for item in items:
        if getattr(item, attr) == name:
            return item
    raise KeyError(name)
