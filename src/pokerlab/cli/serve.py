"""``pokerlab serve``: the web page (play the bots, explore the strategies, watch matches)."""

from __future__ import annotations

from pathlib import Path

import typer

from pokerlab.cli.common import (
    console,
    err_console,
    output_file,
    print_json,
    removed_unless_done,
    table,
    user_errors,
)


def register(app: typer.Typer) -> None:
    """Add the ``serve`` command to ``app``."""

    @app.command("serve")
    @user_errors
    def serve(
        host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on."),
        port: int = typer.Option(8000, "--port", help="Port to listen on (0: any free port)."),
        db: Path = typer.Option(Path("pokerlab-match.sqlite"), "--db",
                                help="SQLite file of the tables' and matches' hands (as pokerlab match)."),
        check: bool = typer.Option(False, "--check",
                                   help="Start, use every page through the HTTP API, report, stop."),
        as_json: bool = typer.Option(False, "--json", help="With --check: print one JSON object."),
    ) -> None:
        """Serve the web page until Ctrl-C; open the printed address in a browser."""
        from pokerlab.arena.storage import MatchStore

        if not 0 <= port <= 65535:
            raise ValueError(f"--port: must be between 0 and 65535, not {port}")
        output_file(db, "--db")
        try:
            from pokerlab.web.app import create_app
            from pokerlab.web.server import address, bind, serve_forever, serving
        except ImportError as exc:
            raise ValueError(f"serve needs the web extra: pip install 'pokerlab[web]' ({exc})") from None

        if check:
            from pokerlab.web.check import self_check

            with removed_unless_done(db):  # a taken port leaves no new database behind
                MatchStore(db).close()  # a folder, a text file, a damaged database: refused first
                with serving(create_app(db), host, port) as url:
                    if not as_json:
                        console.print(f"pokerlab serve: {url} (checking every page, then stopping)",
                                      soft_wrap=True, highlight=False)
                    rows = self_check(url)
            if as_json:
                print_json({"address": url, "checks": rows})
                return
            console.print(table("Checked through the HTTP API", ["check", "seconds", "result"],
                                [[r["check"], f"{r['seconds']:.2f}", str(r["result"])] for r in rows]))
            return
        sock = bind(host, port)  # a taken port is refused before the database is created
        try:
            MatchStore(db).close()  # a folder, a text file, a damaged database: refused before serving
        except BaseException:
            sock.close()
            raise
        console.print(f"pokerlab serve: {address(sock)} (Ctrl-C stops; hands are stored in {db})",
                      soft_wrap=True, highlight=False)
        try:
            serve_forever(create_app(db), sock)
        except KeyboardInterrupt:
            err_console.print("stopped (Ctrl-C)")
            raise typer.Exit(code=130) from None
