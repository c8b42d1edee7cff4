"""What a command asks for: whose activity, from where, for when."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, model_validator

from summarizer.errors import SummarizerError
from summarizer.models.activity import developer_identities


class ActivityRequest(BaseModel):
    """Whose activity, from where, for when: SOURCEs read now, or a saved `fetch` output.

    Built once from the command line; git, GitHub and the workspace all take the
    developer's identities from it.
    """

    sources: list[str] = []
    authors: list[str] = []
    since: str | None = None
    until: str | None = None
    branch: str | None = None
    # The developer's login on each forge, by source (SourceQuery.logins).
    logins: dict[str, str] = {}
    activity_file: Path | None = None

    @model_validator(mode="after")
    def _names_someone(self) -> ActivityRequest:
        if self.activity_file is None and not self.identities:
            raise SummarizerError("--author is required: a name, e-mail or login of the developer, as in `git log`")
        return self

    @property
    def identities(self) -> list[str]:
        return developer_identities(self.authors, list(self.logins.values()))
