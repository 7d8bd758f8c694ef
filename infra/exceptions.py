"""Errors of the local stack: each says which command fixes it."""

from __future__ import annotations

from text2db.errors import Terminal, Text2DbError, Transient


class BrokerNotRunning(Text2DbError, Transient):
    """No broker answers where the settings or the stack state say it should."""

    hint = "start the local one with `text2db stack up`, or set TEXT2DB_BOOTSTRAP_SERVERS"


class BrokerStartFailed(Text2DbError, Terminal):
    """The Tansu binary exited or never listened; its log tail is in the message."""

    hint = "check `<home>/broker.log`; a port just freed by another broker needs ~5 s"


class S3rverMissing(Text2DbError, Terminal):
    """Durable mode needs the npm package s3rver@3 and it could not be installed."""

    hint = "install it: `npm install --prefix .text2db/npm s3rver@3`"
