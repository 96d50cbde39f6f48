"""``pokerlab.strength`` loads its modules on first use (issue 16) and keeps every public name."""

import subprocess
import sys


def test_every_public_name_and_the_functions_named_like_their_modules():
    # A fresh interpreter: the submodules load before their names are asked for, so the
    # package's attributes ``equity`` and ``hand_strength`` must stay the functions.
    code = (
        "import inspect, sys\n"
        "import pokerlab.strength\n"
        "assert 'pokerlab.strength.potential' not in sys.modules\n"
        "import pokerlab.strength.equity, pokerlab.strength.hand_strength\n"
        "from pokerlab.strength import equity, hand_strength\n"
        "assert inspect.isfunction(equity) and inspect.isfunction(hand_strength)\n"
        "import pokerlab.strength.hand_strength as hs\n"
        "assert hs is hand_strength\n"
        "from pokerlab.strength import *\n"
        "from pokerlab.strength import potential\n"
        "assert inspect.ismodule(potential) and potential.hand_potential is hand_potential\n"
        "assert set(pokerlab.strength.__all__) == set(pokerlab.strength._HOME)\n"
        "assert set(pokerlab.strength.__all__) <= set(dir(pokerlab.strength))\n"
        "print(sorted(n for n in pokerlab.strength.__all__ if n not in globals()))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_an_unknown_name_is_an_attribute_error():
    import pokerlab.strength

    try:
        pokerlab.strength.no_such_name  # noqa: B018
    except AttributeError as e:
        assert "no_such_name" in str(e)
    else:
        raise AssertionError("pokerlab.strength.no_such_name resolved")
