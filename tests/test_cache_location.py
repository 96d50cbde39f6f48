"""One cache folder, wherever pokerlab is started (issue 28).

After `make demo` or `make test`, a direct ``.venv/bin/pokerlab equity AcAd KhKs`` must find the
kernels they compiled: the Makefile once pointed numba's and pokerlab's caches into ``.venv``
while a direct run used ``~/.cache/pokerlab`` and the package's ``__pycache__``, so every kernel
compiled again (13 s). Now pokerlab resolves the one folder itself (:mod:`pokerlab._cache`).
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pokerlab import _cache
from pokerlab.errors import user_message

ROOT = Path(__file__).resolve().parents[1]
CACHE_VARS = ("POKERLAB_CACHE_DIR", "NUMBA_CACHE_DIR", "XDG_CACHE_HOME")
RESOLVE = (
    "import json, sys, pokerlab\n"
    "from pokerlab._cache import cache_root, numba_cache_dir\n"
    "import numba.core.config as config\n"
    "seen = {'cache': str(cache_root()), 'kernels': str(numba_cache_dir()), 'numba': config.CACHE_DIR}\n"
    "if sys.argv[1:] == ['kernels']:  # where numba's locator puts a pokerlab kernel\n"
    "    from pokerlab.evaluate import kernels\n"
    "    seen['eval7'] = kernels.eval7._cache._cache_path\n"
    "print(json.dumps(seen))\n"
)


def _clean_env(**extra: str) -> dict[str, str]:
    """A person's shell: no cache variables set."""
    env = {k: v for k, v in os.environ.items() if k not in CACHE_VARS}
    env.update(extra)
    return env


def _resolve(env: dict[str, str], cwd: Path, kernels: bool = False) -> dict[str, str]:
    argv = [sys.executable, "-c", RESOLVE, *(["kernels"] if kernels else [])]
    done = subprocess.run(argv, env=env, cwd=cwd, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def _makefile_env() -> dict[str, str]:
    """The environment the Makefile's recipes (``make demo``, ``make test``) run in."""
    if shutil.which("make") is None or not (ROOT / "Makefile").is_file():
        pytest.skip("needs make and the source checkout")
    done = subprocess.run(
        ["make", "-s", "--no-print-directory", "-o", ".venv/.installed",
         "--eval", "probe-env-for-test: ; @env", "probe-env-for-test"],
        cwd=ROOT, env=_clean_env(), capture_output=True, text=True, check=True)
    return dict(line.split("=", 1) for line in done.stdout.splitlines() if "=" in line)


def test_a_direct_run_resolves_the_caches_the_makefile_uses(tmp_path):
    made = _resolve(_makefile_env(), ROOT, kernels=True)
    direct = _resolve(_clean_env(), tmp_path, kernels=True)  # started from another folder, nothing set
    assert direct == made
    kernels = Path(direct["kernels"])
    assert kernels == Path(direct["cache"]) / "numba" == Path(direct["numba"])
    assert Path(direct["eval7"]).is_relative_to(kernels)  # numba's locator agrees


def test_make_cache_dir_prints_the_folders_a_direct_run_uses(tmp_path):
    _makefile_env()  # skips without make
    bin_dir = str(Path(sys.executable).parent)
    done = subprocess.run(["make", "-s", "--no-print-directory", "-o", ".venv/.installed",
                           f"BIN={bin_dir}", "cache-dir"],
                          cwd=ROOT, env=_clean_env(), capture_output=True, text=True, check=True)
    direct = _resolve(_clean_env(), tmp_path)
    assert done.stdout.split() == [direct["cache"], direct["kernels"]]


def test_explicit_settings_are_honoured(tmp_path):
    mine = _resolve(_clean_env(POKERLAB_CACHE_DIR=str(tmp_path / "c")), tmp_path)
    assert mine["cache"] == str(tmp_path / "c") and mine["numba"] == str(tmp_path / "c" / "numba")
    apart = _resolve(_clean_env(POKERLAB_CACHE_DIR=str(tmp_path / "c"), NUMBA_CACHE_DIR=str(tmp_path / "n")),
                     tmp_path)
    assert apart["numba"] == apart["kernels"] == str(tmp_path / "n")


def test_a_bad_cache_folder_names_the_variable(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("POKERLAB_CACHE_DIR", str(blocker / "cache"))
    with pytest.raises(_cache.CacheFolderError, match=r"^POKERLAB_CACHE_DIR=.*a-file/cache: cannot make"):
        _cache.cache_dir()
    with pytest.raises(_cache.CacheFolderError) as refused:
        _cache.cache_dir()
    # what the command line prints for it: one line naming the variable
    assert user_message(refused.value).startswith("POKERLAB_CACHE_DIR=")
    assert "(not a directory)" in user_message(refused.value)
