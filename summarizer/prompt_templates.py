"""Prompt templates: the files in prompts/, validated on load and rendered strictly.

A template file has a front matter (name, version, max_tokens: the bound on the answer's
length, sized from what its schema needs), a `# system` and a `# user` part, and
`{{variable}}` placeholders; rendering with a variable missing or unknown is an
error, so a prompt and the code that fills it cannot drift apart unnoticed.
"""

from __future__ import annotations

import hashlib
import re
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from summarizer.errors import SummarizerError

_PLACEHOLDER = re.compile(r"\{\{\s*(\w+)\s*\}\}")
_FILE = re.compile(r"\A---\n(?P<front>.*?)\n---\n+# system\n(?P<system>.*?)\n# user\n(?P<user>.*)\Z", re.DOTALL)


class PromptTemplate(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    version: int
    max_tokens: int = Field(gt=0)
    system: str
    user: str

    @property
    def variables(self) -> set[str]:
        return set(_PLACEHOLDER.findall(self.system + self.user))

    @property
    def content(self) -> str:
        """What identifies the template in a cache key: any edit changes it."""
        return f"{self.name}@{self.version} max_tokens={self.max_tokens}\n{self.system}\n{self.user}"

    def render(self, **values: str) -> list[dict[str, str]]:
        missing, unknown = self.variables - set(values), set(values) - self.variables
        if missing or unknown:
            raise SummarizerError(f"prompt {self.name}: missing {sorted(missing)}, unknown {sorted(unknown)}")

        def fill(text: str) -> str:
            return _PLACEHOLDER.sub(lambda match: values[match.group(1)], text)

        return [{"role": "system", "content": fill(self.system)}, {"role": "user", "content": fill(self.user)}]


def prompts_dir() -> Path:
    package = Path(__file__).resolve().parent
    # An installed wheel carries them in the package; a source checkout has them at the top.
    for candidate in (package / "prompts", package.parent / "prompts"):
        if candidate.is_dir():
            return candidate
    raise SummarizerError("the prompt templates are missing from this installation; reinstall summarizer")


@cache
def prompts_digest() -> str:
    """Every template's text at once, and the retired examples the check reads, for a key that must
    change with any of them."""
    digest = hashlib.sha256()
    for path in sorted([*prompts_dir().glob("*.md"), *prompts_dir().glob("*.jsonl")]):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


@cache
def load_prompt(name: str) -> PromptTemplate:
    path = prompts_dir() / f"{name}.md"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise SummarizerError(f"cannot read prompt template {path}: {error.strerror or error}") from error
    match = _FILE.match(text)
    if not match:
        raise SummarizerError(f"prompt template {path} needs a front matter, a '# system' and a '# user' part")
    front = {
        key.strip(): value.strip()
        for key, _, value in (line.partition(":") for line in match.group("front").splitlines() if not line.startswith("#"))
    }
    try:
        return PromptTemplate(
            name=front.get("name", ""),
            version=int(front.get("version", "0")),
            max_tokens=int(front.get("max_tokens", "0")),
            system=match.group("system").strip(),
            user=match.group("user").strip(),
        )
    except ValueError as error:
        raise SummarizerError(f"prompt template {path} has a bad front matter: {error}") from error
