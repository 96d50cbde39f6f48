"""The quick start prints no warning (issue 28): `make demo` in a fresh clone printed about 45 lines
of setuptools deprecation warnings, three times, because ``pyproject.toml`` gave the licence as a
TOML table. An SPDX string needs setuptools 77 or later, which the build system asks for."""

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = ROOT / "pyproject.toml"

pytestmark = pytest.mark.skipif(not PYPROJECT.is_file(), reason="needs the source checkout")


def _setuptools_floor(requires: list[str]) -> tuple[int, ...]:
    for requirement in requires:
        match = re.fullmatch(r"setuptools\s*>=\s*([\d.]+)", requirement.strip())
        if match:
            return tuple(int(p) for p in match.group(1).split("."))
    return (0,)


def test_the_licence_is_an_spdx_string_setuptools_reads_without_warning():
    data = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    licence = data["project"]["license"]
    assert isinstance(licence, str) and re.fullmatch(r"[A-Za-z0-9.+-]+( (AND|OR) [A-Za-z0-9.+-]+)*", licence)
    assert _setuptools_floor(data["build-system"]["requires"]) >= (77,)
    # licence classifiers beside an SPDX licence are an error for setuptools 77+
    assert not [c for c in data["project"].get("classifiers", []) if c.startswith("License ::")]


@pytest.mark.slow
def test_building_the_package_prints_no_warning(tmp_path):
    """Build the wheel as `make` does (an isolated build with today's setuptools, from PyPI)."""
    if shutil.which("git") is None:
        pytest.skip("needs git")
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
    shutil.copy(PYPROJECT, clone / "pyproject.toml")  # the working copy's, committed or not
    argv = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "--disable-pip-version-check",
            "-w", str(tmp_path / "wheel"), str(clone)]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "warning" not in (done.stdout + done.stderr).lower(), done.stderr[-2000:]
