"""The closed sets of values that the command line, the models and the JSON share.

Each is a `str` Enum, so that it is written to JSON and compared as its plain value, and
each member says what it means. This module imports nothing heavy: the command line
offers these choices before anything else is loaded.
"""

from __future__ import annotations

from enum import Enum


class Choice(str, Enum):
    def __str__(self) -> str:
        return self.value


class Backend(Choice):
    """Who drafts the words."""

    AUTO = "auto"  # openai when OPENAI_API_KEY or OPENAI_BASE_URL is set, else offline
    OFFLINE = "offline"  # the deterministic drafter: no network
    OPENAI = "openai"  # any OpenAI-compatible Chat Completions server


class ProfileFormat(Choice):
    """How a profile is written out."""

    MARKDOWN = "markdown"  # a developer profile page in Markdown
    JSON = "json"  # the profile as data (SPEC §5)
    HTML = "html"  # one self-contained page: inline CSS and SVG, no script

    @property
    def suffix(self) -> str:
        """A file's name ends so when it holds a profile of this format."""
        return ".md" if self is ProfileFormat.MARKDOWN else f".{self.value}"


class FindingsFormat(Choice):
    """How `check` reports its findings."""

    TEXT = "text"  # for a person: each sentence with the offending span marked
    JSON = "json"  # for a program: {"findings": [...]}


class ReviewState(Choice):
    """Where a section stands in review."""

    DRAFT = "draft"  # as the drafter wrote it; nobody has looked at it
    ACCEPTED = "accepted"  # a person read the draft and kept it
    EDITED = "edited"  # a person rewrote it; their text wins
    STALE = "stale"  # reviewed, but the commits under it changed since


class FindingKind(Choice):
    """What a finding says is wrong with a claim (SPEC §6)."""

    UNKNOWN_SHA = "unknown_sha"  # a commit hash that is none of the developer's (in that month)
    UNKNOWN_PR = "unknown_pr"  # a PR or issue number no work item of that month carries
    WRONG_MONTH = "wrong_month"  # work, a term or a figure placed in a month in which it did not land
    WRONG_COUNT = "wrong_count"  # a count, share or line total the statistics contradict
    UNSUPPORTED_NUMBER = "unsupported_number"  # a figure ("4.1 TB/s", "40% faster") found in no commit
    NAME_MISMATCH = "name_mismatch"  # the developer called by a name that is not theirs
    UNKNOWN_REPO = "unknown_repo"  # a repository the developer did not commit to in the period
    UNGROUNDED_TERM = "ungrounded_term"  # an identifier or technical term found in no commit of that month
    UNSUPPORTED_EXPANSION = "unsupported_expansion"  # an acronym spelled out as neither a commit nor the repository spells it
    DUPLICATE_TEXT = "duplicate_text"  # a sentence said twice
    UNSUPPORTED_SKILL = "unsupported_skill"  # a language or skill tag with no file or mention behind it
    UNGROUNDED_TEXT = "ungrounded_text"  # a paragraph that names nothing of the work, or not the developer
    OTHER_AUTHOR = "other_author"  # work another author landed, credited to the developer
    PROMPT_ECHO = "prompt_echo"  # a sentence that repeats the drafting instructions, not the work
    WRONG_EVIDENCE = "wrong_evidence"  # a real ref of the developer cited for work it did not do


class Forge(Choice):
    """Where a repository lives on the web, which decides how its pull requests and commits are linked."""

    GITHUB = "github"  # /pull/N, /commit/SHA
    GITLAB = "gitlab"  # /-/merge_requests/N, /-/commit/SHA
    BITBUCKET = "bitbucket"  # /pull-requests/N, /commits/SHA
    CODEBERG = "codeberg"  # Forgejo: /pulls/N, /commit/SHA
    SOURCEHUT = "sourcehut"  # patches go by mail, so no PR pages: /commit/SHA
