"""Counts the LLM calls and tokens a job spends, for run.json: the real OpenAI client, wrapped
so that every `chat.completions.create` is counted (the planner takes a client object)."""

from __future__ import annotations

from typing import Any

from text2db.config import Settings


class _Completions:
    def __init__(self, inner: Any, usage: "CountingClient") -> None:
        self._inner, self._usage = inner, usage

    def create(self, **kwargs: Any) -> Any:
        response = self._inner.create(**kwargs)
        self._usage.calls += 1
        self._usage.tokens += getattr(getattr(response, "usage", None), "total_tokens", 0) or 0
        return response


class _Chat:
    def __init__(self, inner: Any, usage: "CountingClient") -> None:
        self.completions = _Completions(inner.completions, usage)


class CountingClient:
    """An OpenAI-compatible client that keeps `calls` and `tokens` of what went through it."""

    def __init__(self, client: Any) -> None:
        self.calls = 0
        self.tokens = 0
        self.chat = _Chat(client.chat, self)


def counting_client(settings: Settings, timeout_factor: float = 1.0) -> CountingClient | None:
    """A counting client on settings.llm_base_url, or None when no LLM is configured."""
    if not settings.llm_base_url:
        return None
    from openai import OpenAI

    client = OpenAI(base_url=settings.llm_base_url, api_key=settings.llm_api_key, timeout=settings.llm_timeout_s * timeout_factor, max_retries=0)
    return CountingClient(client)
