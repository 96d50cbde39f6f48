"""Starting a command as a terminal would, for the tests that press Ctrl-C at it."""

from __future__ import annotations

import signal


def ctrl_c_as_in_a_terminal() -> None:
    """``preexec_fn`` of a child process a test sends SIGINT: SIGINT at its default.

    A process started in the background by a non-interactive shell (or under nohup) inherits
    SIGINT ignored, and so does everything it starts; Python then installs no
    KeyboardInterrupt handler, and the command never sees the Ctrl-C the test sends (the slow
    suite, run in the background, saw a three-player solve run on to its end). A terminal's
    foreground command has SIGINT at its default.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)
