"""The cluster route of docs/ray.md, as written (issue 28): ``ray start --head``, then
``pokerlab match ... --cluster HOST:PORT``. Ray 2.59 and later turn token authentication on for
``ray start --head`` whenever ``~/.ray/auth_token`` exists, and any local ``ray.init()`` (the
demo's) writes that file: the driver, which left ``RAY_AUTH_MODE`` unset, was then refused with
``InvalidAuthToken``. It now sends the token whenever one is at hand, as ``ray start`` does.

The slow test starts a real head in a subprocess, in a home folder of its own (with and
without a token, as after the demo and on a fresh machine), and stops exactly the processes it
started.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
import ray  # noqa: F401  (the ray extra, a test dependency: missing, this file fails, not skips)

from pokerlab import _cache
from pokerlab.executors import ray_token_auth

BIN = Path(sys.executable).parent


def test_the_driver_sends_a_token_when_one_is_at_hand(tmp_path):
    assert not ray_token_auth({}, home=str(tmp_path))  # a fresh machine
    (tmp_path / ".ray").mkdir()
    (tmp_path / ".ray" / "auth_token").write_text("a" * 64)
    assert ray_token_auth({}, home=str(tmp_path))  # after the demo: ray start requires it
    assert not ray_token_auth({"RAY_AUTH_MODE": "disabled"}, home=str(tmp_path))  # said outright
    assert ray_token_auth({"RAY_AUTH_TOKEN_PATH": str(tmp_path / ".ray" / "auth_token")}, home="/none")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _stop(head: subprocess.Popen) -> None:
    """Stop the head and every process it started (its own process group), nothing else."""
    if head.poll() is None:
        os.killpg(head.pid, signal.SIGTERM)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            os.killpg(head.pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.5)
    else:
        os.killpg(head.pid, signal.SIGKILL)
    head.wait(timeout=30)


@pytest.mark.slow
@pytest.mark.parametrize("after_the_demo", [True, False], ids=["after the demo", "fresh machine"])
def test_ray_start_head_then_match_on_the_cluster(after_the_demo, tmp_path):
    home = tmp_path / "home"
    (home / ".ray").mkdir(parents=True)
    if after_the_demo:  # what the demo's in-process Ray leaves behind
        (home / ".ray" / "auth_token").write_text("0123456789abcdef" * 4)
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAY_")}
    env.update(HOME=str(home), RAY_USAGE_STATS_ENABLED="0", COLUMNS="80",
               POKERLAB_CACHE_DIR=str(_cache.cache_root()), NUMBA_CACHE_DIR=str(_cache.numba_cache_dir()))
    temp = tempfile.mkdtemp(prefix="rayt", dir="/tmp")  # short: Ray's socket paths have a limit
    port = _free_port()
    head = subprocess.Popen(
        [str(BIN / "ray"), "start", "--head", "--block", "--node-ip-address", "127.0.0.1",
         "--port", str(port), "--num-cpus", "1", "--include-dashboard=false", "--disable-usage-stats",
         "--ray-client-server-port", str(_free_port()), "--dashboard-agent-listen-port", str(_free_port()),
         "--temp-dir", temp],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:  # the GCS answers once the head is up
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert head.poll() is None, head.stderr.read()
                time.sleep(1)
        time.sleep(3)
        done = subprocess.run(
            [str(BIN / "pokerlab"), "match", "raiser", "random", "--hands", "20", "--seed", "1",
             "--db", str(tmp_path / "m.sqlite"), "--cluster", f"127.0.0.1:{port}", "--no-progress"],
            env=env, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr[-3000:]
        assert "InvalidAuthToken" not in done.stderr
        assert "played on ray (1 node, 1 CPUs)" in done.stdout, done.stdout
    finally:
        _stop(head)
        shutil.rmtree(temp, ignore_errors=True)
