"""Project-wide pytest set-up.

Hypothesis explores new examples on every local run (that is how the fuzz tests find bugs),
but CI (``CI=true``) runs a fixed, derandomized set so that a submission's result does not
depend on the luck of the draw; a failure seen locally is fixed and pinned as a plain test.
"""

import logging
import os

import pytest
from hypothesis import settings

# The tests' local Ray instances (tests/test_executors.py) use token authentication, Ray's
# default for a local cluster since 2.59, which warns at every start unless RAY_AUTH_MODE says
# so. Ray reads the variable when it is imported, so it is set here, before any test imports it.
os.environ.setdefault("RAY_AUTH_MODE", "token")

# Modules the tests import, not tests: collected for doctests, draw_outsiders.py would register
# its bots at collection, in every worker, with no test to put the registry back.
collect_ignore = ["tests/support"]

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


def pytest_configure(config):
    """Before xdist starts its workers, compile the kernels they share
    (tests/support/warm_cache.py says why: on a cold cache each worker compiled them again)."""
    workers = getattr(config.option, "numprocesses", None)
    if workers and not hasattr(config, "workerinput") and not config.option.collectonly:
        from warm_cache import warm  # tests/support is on pytest's pythonpath

        warm()


@pytest.fixture
def registry_restored():
    """Bots a test registers or loads (``--bot-module``) leave the registry as the test found
    it, so that later tests in the same process list only the package's own bots."""
    from pokerlab.agents import registry

    registry.available()  # the package's own bots discovered first, so they are kept
    saved = [(table, dict(table)) for table in (registry._FACTORIES, registry._DESCRIPTIONS,
                                                registry._LOADED)]
    yield
    for table, copy in saved:
        table.clear()
        table.update(copy)


def pytest_sessionfinish(session):
    """An xdist worker collects its garbage before it reports that it finished, then freezes
    what is left, so that pytest's last collection at exit is quick.

    Once every worker has finished, execnet gives each 5 seconds to exit and then sends it
    SIGINT. A full collection of a worker's heap (numba, sympy, hypothesis) took longer than
    that on a busy machine, and the KeyboardInterrupt surfaced as "Exception ignored in
    gc_callback" at the end of ``make test``.
    """
    if hasattr(session.config, "workerinput"):
        import gc

        gc.collect()
        gc.freeze()


@pytest.fixture(scope="module")
def ray_address():
    """A local Ray instance with 2 CPUs for this module; yields the address of its GCS."""
    import ray
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    if not ray.is_initialized():
        ray.init(num_cpus=2, include_dashboard=False, object_store_memory=80 * 1024 * 1024,
                 log_to_driver=False, logging_level=logging.WARNING)
    yield ray.get_runtime_context().gcs_address
    ray.shutdown()
