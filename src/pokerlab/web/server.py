"""Serving the application with uvicorn: blocking for ``pokerlab serve``, or in a background
thread (the tests, ``pokerlab serve --check`` and ``benchmarks/web.py``).

The listening socket is bound here rather than by uvicorn, so a port in use or a bad host is
one clear ``ValueError`` naming the option, and port 0 (any free port) reports the port it got.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host``:``port`` (0: any free port)."""
    if not 0 <= port <= 65535:
        raise ValueError(f"--port: must be between 0 and 65535, not {port}")
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as exc:
        raise ValueError(f"--host {host}: {exc.strerror}") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as exc:
        sock.close()
        raise ValueError(f"--port {port}: cannot listen on {host}:{port} ({exc.strerror})") from None
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def address(sock: socket.socket) -> str:
    """The ``http://host:port`` address of a bound socket."""
    host, port = sock.getsockname()[:2]
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}"


@contextlib.contextmanager
def _running(app: Any, sock: socket.socket) -> Iterator[tuple[Any, threading.Event]]:
    """Run ``app`` on ``sock`` in a daemon thread; stop it (and close the socket) on exit. Yields
    the uvicorn server and an event set when it has stopped."""
    import uvicorn

    # log_config=None: uvicorn leaves logging alone (its own set-up would keep the streams of
    # whoever started it, a test runner's for instance, after they are closed)
    config = uvicorn.Config(app, log_config=None, log_level="warning", access_log=False, lifespan="on",
                            timeout_graceful_shutdown=5)
    server = uvicorn.Server(config)
    stopped = threading.Event()

    def run() -> None:
        try:
            server.run(sockets=[sock])
        finally:
            stopped.set()

    thread = threading.Thread(target=run, daemon=True, name="pokerlab-web")
    thread.start()
    try:
        yield server, stopped
    finally:
        server.should_exit = True
        # not thread.join: once a KeyboardInterrupt has interrupted a join, Python 3.11 takes the
        # thread for stopped and joins return at once, so the socket was closed under uvicorn's
        # shutdown (a traceback after "stopped (Ctrl-C)", and the lifespan's clean-up skipped)
        stopped.wait(timeout=15)
        sock.close()


@contextlib.contextmanager
def serving(app: Any, host: str = "127.0.0.1", port: int = 0) -> Iterator[str]:
    """Serve ``app`` in a background thread; yields its address and stops it on exit."""
    sock = bind(host, port)
    with _running(app, sock) as (server, stopped):
        while not server.started:
            if stopped.is_set():
                raise RuntimeError("the web server stopped while starting (see the log above)")
            time.sleep(0.005)
        yield address(sock)


def serve_forever(app: Any, sock: socket.socket) -> None:
    """Serve ``app`` on ``sock`` until Ctrl-C, which stops the server and then propagates as
    ``KeyboardInterrupt``."""
    with _running(app, sock) as (_, stopped):
        while not stopped.wait(0.2):
            pass
