"""MkDocs hooks of pokerlab's documentation (mkdocs.yml: ``hooks``).

The Commands page is written at build time from the program's own help pages
(:func:`pokerlab.cli.reference.markdown`), in place of its ``<!-- commands -->`` line.
"""

from __future__ import annotations

from typing import Any

MARKER = "<!-- commands -->"


def on_page_markdown(markdown: str, page: Any, **_: Any) -> str:
    if MARKER not in markdown:
        return markdown
    from pokerlab.cli.reference import markdown as reference

    return markdown.replace(MARKER, reference())
