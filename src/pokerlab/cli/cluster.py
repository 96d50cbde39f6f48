"""The ``--cluster`` option shared by the commands that run their tasks on an executor."""

from __future__ import annotations

from typing import Any

import typer

CLUSTER_HELP = ("Run the tasks on a Ray cluster: auto (one started here with ray start --head), "
                "ray://HOST:PORT or HOST:PORT; needs pip install 'pokerlab[ray]'.")


def cluster_option() -> Any:
    """``--cluster ADDRESS`` (default: the ``RAY_ADDRESS`` environment variable, else none)."""
    return typer.Option(None, "--cluster", envvar="RAY_ADDRESS", show_envvar=True, help=CLUSTER_HELP)


def progress_label(what: str, where: dict[str, Any]) -> str:
    """A progress bar's description naming where the work runs when that is not here.

    Examples
    --------
    >>> progress_label("hands", {"backend": "ray", "nodes": 2, "cpus": 16})
    'hands on ray (2 nodes, 16 CPUs)'
    >>> progress_label("hands", {"backend": "in-process", "nodes": 1, "cpus": 1})
    'hands'
    """
    if where["backend"] == "in-process":
        return what
    nodes = f"{where['nodes']} node{'s' if where['nodes'] != 1 else ''}, "
    return f"{what} on {where['backend']} ({nodes if where['backend'] == 'ray' else ''}{where['cpus']} CPUs)"
