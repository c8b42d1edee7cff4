"""The parts of a work item's title, and of its commits' messages, that mark it rather than say
what it is about.

`[MPS] [Inductor] …` tags, a conventional-commit prefix (`feat(parser)!: …`) and GitHub's
`(#123)` suffix: classification, areas, themes and the offline drafter each read a title
past them, with these same patterns. A message's trailers of who and where ("Reviewed By: …",
"Differential Revision: D69618609") are read past by the drafter's data and by the check.
"""

from __future__ import annotations

import re

BRACKET_TAGS = re.compile(r"^\s*((?:\[[^\]]{1,40}\]\s*)+)")
CONVENTIONAL = re.compile(r"^(?P<type>[A-Za-z]+)(?:\((?P<scope>[^)]{1,40})\))?!?:\s+")
PR_SUFFIX = re.compile(r"\s*\(#\d+\)\s*$")
METADATA_TRAILERS = (
    r"signed-off-by|co-authored-by|reviewed[- ]by|approved by|differential revision|pull request resolved|"
    r"pulled by|fbshipit-source-id|ghstack-source-id|change-id|reviewers|subscribers|tags"
)
# Each such line of a message, whose words say nothing of the work ("Differential" is no "different").
METADATA_TRAILER = re.compile(rf"^[ \t]*(?:{METADATA_TRAILERS})\b.*$", re.IGNORECASE | re.MULTILINE)
