"""``pokerlab serve``: a local web application to play the bots, explore the strategies and
watch matches.

The web layer holds no poker logic: every page calls the library functions the command line
calls (:mod:`pokerlab.threshold.reporting.report`, :mod:`pokerlab.models.report`,
:mod:`pokerlab.arena.session`, :mod:`pokerlab.arena.match`) and turns their plain data into
JSON; the pages draw that data as HTML and SVG with a little plain JavaScript.

- :mod:`~pokerlab.web.app`: the Starlette application, its pages and its JSON API;
- :mod:`~pokerlab.web.forms`: reading request fields, with a clear message naming a bad one;
- :mod:`~pokerlab.web.server`: serving it (blocking for ``pokerlab serve``, in a background
  thread for the tests, the self-check and the load benchmark).
"""
