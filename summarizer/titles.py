"""The parts of a work item's title that mark it rather than say what it is about.

`[MPS] [Inductor] …` tags, a conventional-commit prefix (`feat(parser)!: …`) and GitHub's
`(#123)` suffix: classification, areas, themes and the offline drafter each read a title
past them, with these same patterns.
"""

from __future__ import annotations

import re

BRACKET_TAGS = re.compile(r"^\s*((?:\[[^\]]{1,40}\]\s*)+)")
CONVENTIONAL = re.compile(r"^(?P<type>[A-Za-z]+)(?:\((?P<scope>[^)]{1,40})\))?!?:\s+")
PR_SUFFIX = re.compile(r"\s*\(#\d+\)\s*$")
