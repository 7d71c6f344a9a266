"""A web table for every cardrules game, for several people at once (the ``web`` extra).

:func:`create_app` is an ASGI app (Starlette); :func:`serve` runs it with
uvicorn as ``cardrules serve`` does, configured by :func:`uvicorn_config`.
A table hands out one secret link per human seat; bots fill the other seats;
the server draws the seed and sends each client only its own seat's view (or
a spectator's), pushed over a WebSocket as it changes.  Tables live in SQLite
and survive a restart.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from .._extras import missing_extra

try:
    import starlette  # noqa: F401
    import uvicorn  # noqa: F401
    import websockets  # noqa: F401
except ImportError as error:
    raise missing_extra("cardrules.web", "Starlette, uvicorn and websockets", "web") from error

from ._app import DEFAULT_HOSTS, create_app
from ._limits import Limits, checked_address, checked_db, checked_names
from ._server import uvicorn_config
from ._storage import default_db

__all__ = ["DEFAULT_HOSTS", "Limits", "create_app", "default_db", "serve", "uvicorn_config"]


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | Path | None = None,
    *,
    allowed_hosts: Iterable[str] = (),
) -> None:
    """Serve the web table on ``host:port`` until interrupted, tables kept in ``db``.

    ``db`` defaults to :func:`default_db`, whose folder is made (owner only)
    if need be; a file that is not a database of tables raises
    :class:`~cardrules.ConfigError` naming it.  Only 127.0.0.1 by default.  The app answers to the Host names
    ``localhost``, ``127.0.0.1``, ``[::1]``, ``host`` and ``allowed_hosts``
    (the names other machines reach it by, when ``host`` lets them in).
    """
    import uvicorn

    host, port = checked_address("serve", host, port)
    db = checked_db("serve", db)
    hosts = {
        *DEFAULT_HOSTS,
        host if ":" not in host else f"[{host}]",
        *checked_names("serve: allowed_hosts", allowed_hosts),
    }
    limits = Limits()
    if db is None:
        db = default_db()
        db.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    app = create_app(db, hosts=hosts, limits=limits)
    uvicorn.Server(uvicorn_config(app, host, port, limits=limits)).run()
