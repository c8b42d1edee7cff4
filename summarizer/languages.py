"""File name to programming language, through the mapping Pygments maintains.

Pygments knows some five hundred languages by their file names; only data and prose
formats are set aside here (a profile lists the languages someone programs in, as
GitHub's language bar does), plus the few names Pygments lacks.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import PurePosixPath

# Pygments names of formats that are data or prose, not programming languages.
NOT_PROGRAMMING = frozenset({
    "Text only", "Text output", "JSON", "JSONBareObject", "JSON-LD", "YAML", "TOML", "INI",
    "Properties", "Markdown", "reStructuredText", "XML", "Diff", "Gettext Catalog",
    "BibTeX", "TeX", "Org Mode", "AsciiDoc", "Rich Text Format",
})  # fmt: skip
# Suffixes Pygments does not map.
ADDITIONS = {".ipynb": "Jupyter Notebook", ".mlir": "MLIR"}


def language_of(path: str) -> str | None:
    """The programming language of a file, or None for data, prose and unknown files."""
    name = PurePosixPath(path).name
    suffix = PurePosixPath(name).suffix.lower()
    if suffix in ADDITIONS:
        return ADDITIONS[suffix]
    # Most names are decided by their suffix alone; special names (Makefile,
    # CMakeLists.txt, Dockerfile) are looked up whole.
    language = _language_by_name(name if name in _special_names() or not suffix else "x" + suffix)
    return None if language in NOT_PROGRAMMING else language


@lru_cache(maxsize=4096)
def _language_by_name(name: str) -> str | None:
    from pygments.lexers import find_lexer_class_for_filename
    from pygments.util import ClassNotFound

    try:
        lexer = find_lexer_class_for_filename(name)
    except ClassNotFound:
        return None
    return lexer.name if lexer else None


@lru_cache(maxsize=1)
def _special_names() -> frozenset[str]:
    from pygments.lexers import get_all_lexers

    return frozenset(
        pattern for _, _, patterns, _ in get_all_lexers() for pattern in patterns if not any(c in pattern for c in "*?[")
    )
