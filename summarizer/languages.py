"""File name to language, in the names GitHub's language bar uses.

A profile names the languages someone works in as GitHub would, so every name returned is
a language of GitHub linguist's languages.yml, which the `computer-languages` package
ships as data: each language's type and extensions. GitHub's bar counts linguist's
programming and markup languages only (Python, HTML, Jupyter Notebook, TeX …), so data and
prose (JSON, YAML, SQL, Protocol Buffer, Markdown, Text …) are not named here either.

The package has no whole file names, so those come from Pygments' mapping (Makefile,
CMakeLists.txt, Dockerfile, .bashrc …), with NAMES where linguist and Pygments disagree.
Any other file is known by its suffix, in lower case as linguist compares it, a two-part
suffix that either mapping lists (`.cmake.in`) before the last one:

1. linguist's claims decide; Pygments' mapping fills in the suffixes linguist lacks;
2. where several languages claim a suffix, those Pygments maps it to as well are kept
   (`.rs` is Rust, not RenderScript or XML; `.ts` TypeScript, not XML; `.md` Markdown,
   not GCC Machine Description);
3. where several still remain, only the content could tell (linguist reads it): CHOSEN
   decides the common suffixes, and any other is not named.

A Pygments language takes the linguist name that its own name, else its first alias,
matches once case and punctuation are ignored ("Bash", alias "shell" → Shell; "Docker",
alias "dockerfile" → Dockerfile; "Transact-SQL", alias "tsql" → TSQL); one without a match
is not named. Its upper-case patterns (`*.C` for C++, `*.S` for R) never meet a lower-case
suffix, and those that need more than the suffix (`*Spec.hs`) go unused.

Linguist's `group` (TSX counted as TypeScript, Fortran Free Form as Fortran) is not in the
package, so grouped languages keep their own linguist name.

Nothing here imports a lexer: pygments.lexers._mapping holds every lexer's patterns as
plain data. Both tables are built on the first call, and each distinct suffix or whole
name is decided once.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from fnmatch import fnmatchcase, translate
from functools import cache
from typing import Any, NamedTuple

# Linguist's types that GitHub's language bar counts (its blob_helper's DETECTABLE_TYPES).
SHOWN_TYPES = frozenset({"programming", "markup"})

# Suffixes only content can settle. Linguist's heuristics fall back to C, SQL and Starlark
# when no pattern matches; for the others the pick is the one language pre-commit's
# `identify` gives the suffix ("asm" for .s and .asm is linguist's alias of Assembly).
# Apex, TeX, VBA and OpenEdge ABL all write .cls, and identify names none.
CHOSEN: dict[str, str | None] = {
    ".h": "C", ".sql": "SQL", ".star": "Starlark",
    ".m": "Objective-C", ".pl": "Perl", ".pm": "Perl", ".r": "R", ".v": "Verilog", ".s": "Assembly",
    ".asm": "Assembly", ".bb": "BitBake", ".sc": "Scala", ".fs": "F#", ".gd": "GDScript",
    ".cls": None,
}  # fmt: skip
# Bazel and Buck files: Starlark to linguist, Python to Pygments.
NAMES = dict.fromkeys(("BUCK", "BUILD", "BUILD.bazel", "MODULE.bazel", "WORKSPACE", "WORKSPACE.bazel"), "Starlark")


@cache
def language_of(path: str) -> str | None:
    """The language GitHub would name for a file, or None for data, prose and unknown files."""
    name = path.rpartition("/")[2]
    if name in NAMES or _pygments().knows(name):
        return _language_of_name(name)
    suffix = _suffix(name)
    return _language_of_suffix(suffix) if suffix else None


class _Linguist(NamedTuple):
    claims: dict[str, frozenset[str]]  # suffix -> the languages that list it
    types: dict[str, str]
    by_key: dict[str, str]  # _key(name) -> name

    def name_for(self, names: Iterable[str]) -> str | None:
        return next((self.by_key[key] for key in map(_key, names) if key in self.by_key), None)


class _Pygments(NamedTuple):
    suffixes: dict[str, frozenset[str]]  # "*.ext" patterns, in linguist's names
    names: dict[str, frozenset[str]]  # whole names without wildcards
    globs: tuple[tuple[str, str], ...]  # the few other patterns ("*.php[345]", "Makefile.*")
    named: re.Pattern[str]  # any whole-name glob

    def knows(self, name: str) -> bool:
        return name in self.names or self.named.fullmatch(name) is not None

    def of_suffix(self, suffix: str) -> frozenset[str]:
        # A glob such as "*.php[345]" is tried on a stand-in name with that suffix.
        return self.suffixes.get(suffix, frozenset()) | self._globbed("x" + suffix)

    def of_name(self, name: str) -> frozenset[str]:
        return self.names.get(name, frozenset()) | self._globbed(name)

    def _globbed(self, name: str) -> frozenset[str]:
        return frozenset(language for pattern, language in self.globs if fnmatchcase(name, pattern))


def language_named(name: str) -> str | None:
    """The language GitHub's bar would show under `name` ("cuda" → Cuda, "HIP" → HIP), or None."""
    return _shown(_linguist().by_key.get(_key(name)))


@cache
def _language_of_suffix(suffix: str) -> str | None:
    if suffix in CHOSEN:
        return _shown(CHOSEN[suffix])
    linguist = _linguist().claims.get(suffix, frozenset())
    pygments = _pygments().of_suffix(suffix)
    return _shown(_only((linguist & pygments) or linguist or pygments))


@cache
def _language_of_name(name: str) -> str | None:
    return _shown(NAMES.get(name) or _only(_pygments().of_name(name)))


def _suffix(name: str) -> str:
    lower = name.lower()
    dot = lower.rfind(".")
    if dot <= 0:  # no suffix, or a dot file such as .gitignore
        return ""
    before = lower.rfind(".", 0, dot)
    if before > 0 and lower[before:] in _two_part_suffixes():
        return lower[before:]
    return lower[dot:]


def _only(languages: frozenset[str]) -> str | None:
    return next(iter(languages)) if len(languages) == 1 else None


def _shown(language: str | None) -> str | None:
    return language if language and _linguist().types[language] in SHOWN_TYPES else None


def _key(name: str) -> str:
    # Keeps "+", "#" and "*" so that C++, C# and F* stay apart from C and F.
    return re.sub(r"[^0-9a-z+#*]", "", name.lower())


@cache
def _linguist() -> _Linguist:
    # The package replaces its module with linguist's {name: {"type", "extensions"}}; it is
    # loaded on first use, as the mapping below is, since a warm rerun names no language.
    import computer_languages

    languages: Mapping[str, Mapping[str, Any]] = computer_languages
    claims: dict[str, set[str]] = {}
    for name, facts in languages.items():
        for extension in facts["extensions"]:
            claims.setdefault(extension.lower(), set()).add(name)
    return _Linguist(
        claims={suffix: frozenset(names) for suffix, names in claims.items()},
        types={name: facts["type"] for name, facts in languages.items()},
        by_key={_key(name): name for name in languages},
    )


@cache
def _pygments() -> _Pygments:
    from pygments.lexers._mapping import LEXERS  # on first use, as linguist's

    linguist = _linguist()
    suffixes: dict[str, set[str]] = {}
    names: dict[str, set[str]] = {}
    globs: list[tuple[str, str]] = []
    for _module, name, aliases, patterns, _mimetypes in LEXERS.values():
        language = linguist.name_for((name, *aliases))
        if language is None:
            continue
        for pattern in patterns:
            if not re.search(r"[*?\[]", pattern):
                names.setdefault(pattern, set()).add(language)
            elif pattern.startswith("*.") and not re.search(r"[*?\[]", pattern[2:]):
                suffixes.setdefault(pattern[1:], set()).add(language)
            else:
                globs.append((pattern, language))
    whole_name_globs = [translate(pattern) for pattern, _ in globs if not pattern.startswith("*")]
    return _Pygments(
        suffixes={suffix: frozenset(languages) for suffix, languages in suffixes.items()},
        names={name: frozenset(languages) for name, languages in names.items()},
        globs=tuple(globs),
        named=re.compile("|".join(whole_name_globs)),
    )


@cache
def _two_part_suffixes() -> frozenset[str]:
    return frozenset(suffix for suffix in (*_linguist().claims, *_pygments().suffixes) if suffix.count(".") > 1)
