"""Feed sources: a folder, a JSONL/JSON file, or http(s) URLs, read as DocumentEvents."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.request import Request, urlopen

from text2db.errors import ConfigError
from text2db.orchestration.exceptions import FeedUnavailable
from text2db.schemas.events import DocumentEvent

_SKIPPED = {"head", "script", "style", "noscript", "template"}
_BLOCKS = {"p", "div", "br", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "table", "section",
           "article", "header", "footer", "blockquote", "pre", "hr", "main", "aside", "nav"}


class _TextOfHtml(HTMLParser):
    """Visible text: block elements become line breaks, inline ones (b, a, span) do not."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag in _SKIPPED:
            self._skip += 1
        elif tag in _BLOCKS:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIPPED:
            self._skip = max(0, self._skip - 1)
        elif tag in _BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.parts.append(data)


def html_text(html: str) -> str:
    parser = _TextOfHtml()
    parser.feed(html)
    parser.close()
    lines = (" ".join(line.split()) for line in "".join(parser.parts).split("\n"))
    return "\n".join(line for line in lines if line)


def read_urls(urls: Iterable[str], job: str, timeout: float = 30.0) -> Iterator[DocumentEvent]:
    """One document per URL (HTML reduced to its text); the id hashes the URL and the text, so
    an unchanged page is the same document on every run."""
    from text2db.consumers.publish import document_from

    for url in urls:
        request = Request(url, headers={"User-Agent": "text2db-feed"})
        try:
            with urlopen(request, timeout=timeout) as response:  # noqa: S310 - operator-configured URLs
                charset = response.headers.get_content_charset() or "utf-8"
                body = response.read().decode(charset, errors="replace")
                is_html = "html" in (response.headers.get_content_type() or "")
        except OSError as exc:
            raise FeedUnavailable(f"could not fetch {url}: {exc}") from exc
        # the same id as `text2db publish` gives a JSON document with this text and source
        yield document_from({"text": html_text(body) if is_html else body, "source": {"url": url}}, job, None, url)


def read_source(source: str | list[str], job: str) -> list[DocumentEvent]:
    """Documents of a feed source: a folder or a .jsonl/.json file (read exactly as `text2db
    publish` reads them, so both give a document the same id), or http(s) URLs (a list, or
    one string separated by whitespace or commas)."""
    from text2db.consumers.exceptions import NothingToPublish
    from text2db.consumers.publish import collect_documents

    if isinstance(source, list) or str(source).startswith(("http://", "https://")):
        urls = source if isinstance(source, list) else str(source).replace(",", " ").split()
        return list(read_urls(urls, job))
    path = Path(str(source)).expanduser()
    if not path.exists():
        raise ConfigError(f"feed source {source!r} is not a folder, a file or http(s) URLs")
    try:
        return collect_documents([str(path)], job, None)
    except NothingToPublish:  # an empty folder is a quiet feed, not an error
        return []
