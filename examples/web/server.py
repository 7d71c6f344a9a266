"""Embedding the web table in your own program: ``python examples/web/server.py``, then open :8000.

``cardrules serve`` does the same; here the app is yours to mount, wrap or configure, served
with the configuration ``cardrules serve`` uses, so that every refusal is the app's JSON error.
"""

import os
import sys

import uvicorn
from starlette.applications import Starlette

from cardrules.web import Limits, create_app, uvicorn_config

#: An hour's idle time before a table is evicted.
LIMITS = Limits(idle_seconds=3600)


def make_app(db: str | None, limits: Limits = LIMITS) -> Starlette:
    """The table server with one more Host name it answers to."""
    return create_app(db, hosts=["127.0.0.1", "localhost", "cards.lan"], limits=limits)


if __name__ == "__main__":
    if os.environ.get("CARDRULES_SMALL"):  # CI: one request in process instead of serving forever
        import warnings

        warnings.simplefilter("ignore")  # starlette's test client asks for httpx2
        from starlette.testclient import TestClient

        with TestClient(make_app(None), base_url="http://127.0.0.1") as client:
            sys.exit(client.get("/api/games").status_code != 200)
    uvicorn.Server(uvicorn_config(make_app("tables.sqlite3"), limits=LIMITS)).run()
