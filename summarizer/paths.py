"""What a changed file's path says of it: a test, documentation, a folder it sits in.

Read by the statistics (months.py), the quality signals and the themes alike, so that a
test file is one everywhere.
"""

from __future__ import annotations

import re
from functools import cache

# Test files as each language's conventions name them: a tests folder (Ruby's spec, Jest's
# __tests__, Android's androidTest too), pytest's test_*.py and conftest.py, Go's *_test.go,
# JS/TS *.test.ts and *.spec.js, Ruby's *_spec.rb, C++'s *_unittest.cc, and JUnit, NUnit,
# XCTest and PHPUnit classes (FooTest.java, FooTests.cs, FooIT.kt).
_TEST_FOLDERS = {"test", "tests", "testing", "__tests__", "spec", "specs", "unittests", "androidTest"}
_TEST_NAME = re.compile(
    # "io.spec.js", "io_spec.rb"; a Python "config_spec.py" is a specification of config, no test.
    r"^(?:test_.*|conftest\.py|.*[._-](?:test|tests|unittest)\.\w+|.*\.spec\.\w+|.*[_-]spec\.(?:rb|js|ts|jsx|tsx|mjs)"
    r"|.*[a-z0-9](?:Test|Tests|Spec|IT)\.(?:java|kt|kts|scala|groovy|php|cs|swift|m|mm|fs))$"
)


def in_folder(path: str, names: set[str]) -> bool:
    return not names.isdisjoint(path.split("/")[:-1])


def file_name(path: str) -> str:
    return path.rsplit("/", 1)[-1]


# A history's files come back commit after commit: each path is read once.
@cache
def is_test_path(path: str) -> bool:
    return in_folder(path, _TEST_FOLDERS) or bool(_TEST_NAME.match(file_name(path)))


def is_docs_path(path: str) -> bool:
    return path.startswith(("docs/", "doc/")) or path.endswith((".md", ".rst"))
