"""Drafting's models: the words of a profile, how they were made, and the text the checker reads.

The drafts hold prose and citations only; every number a profile shows is taken from
the History's statistics when it is rendered, never from a drafter.

`MonthDraft.section()` and `ProfileDraft.section()` are the one place that writes a draft
as text ("### March 2025", the summary, the highlight lines, the skill tags) together with
where each part stands in it: the checker reads that text, and the drafter, the repair
and review map its findings back to the part they fall in by those spans.
"""

from __future__ import annotations

from typing import NamedTuple

from pydantic import BaseModel, Field

from summarizer.choices import Backend, ReviewState
from summarizer.models.findings import Finding
from summarizer.period import month_label

OVERVIEW = "overview"
SKILLS = "skills"


class Highlight(BaseModel):
    text: str
    # Commit SHAs (7+ hex) or PR refs ("#12", "owner/name#12") the text rests on.
    evidence: list[str]

    def line(self, refs: str | None = None, bullet: str = "-") -> str:
        """The highlight as a list line; `refs` stands for the plain evidence (e.g. with links)."""
        cited = refs if refs is not None else ", ".join(self.evidence)
        return f"{bullet} {self.text} ({cited})" if cited else f"{bullet} {self.text}"


class Span(NamedTuple):
    """Where one part of a draft stands in its section text."""

    section: str  # OVERVIEW, a month ("2025-03") or SKILLS
    part: str  # "summary", "highlight", "skills", "languages" or "technical"
    index: int  # the highlight's position; 0 for the other parts
    start: int
    end: int


class SectionText(NamedTuple):
    text: str
    spans: list[Span]

    def span_at(self, offset: int | None) -> Span | None:
        """The part that a finding at `offset` falls in (None for headings and separators)."""
        return next((span for span in self.spans if offset is not None and span.start <= offset < span.end), None)


class MonthDraft(BaseModel):
    month: str
    summary: str
    highlights: list[Highlight] = []
    skills: list[str] = []
    review: ReviewState = ReviewState.DRAFT

    def section(self) -> SectionText:
        """The month as a reader gets it: heading, summary, highlights, skill tags."""
        writer = _SectionWriter()
        writer.add(f"### {month_label(self.month)}")
        writer.add(self.summary, Span(self.month, "summary", 0, 0, 0))
        if self.highlights:
            writer.add_lines([(h.line(), Span(self.month, "highlight", i, 0, 0)) for i, h in enumerate(self.highlights)])
        if self.skills:
            writer.add("Skills: " + ", ".join(self.skills), Span(self.month, "skills", 0, 0, 0))
        return writer.done()


class Skills(BaseModel):
    languages: list[str] = []
    technical: list[str] = []


class ProfileDraft(BaseModel):
    overview: str
    overview_review: ReviewState = ReviewState.DRAFT
    months: list[MonthDraft]
    skills: Skills
    # Claims the drafter took out because they failed the check (reported, never printed as fact),
    # and the citations it corrected.
    removed: list[Finding] = []

    def section(self) -> SectionText:
        """The whole draft as the checker reads it: the overview, each month newest first, the skills."""
        writer = _SectionWriter()
        writer.add(self.overview, Span(OVERVIEW, "summary", 0, 0, 0))
        for month in sorted(self.months, key=lambda month: month.month, reverse=True):
            writer.add_section(month.section())
        writer.add("### Skills")
        if self.skills.languages:
            writer.add("Languages: " + ", ".join(self.skills.languages), Span(SKILLS, "languages", 0, 0, 0))
        if self.skills.technical:
            writer.add("Technical: " + ", ".join(self.skills.technical), Span(SKILLS, "technical", 0, 0, 0))
        return writer.done()

    def text(self) -> str:
        return self.section().text


class _SectionWriter:
    """Paragraphs joined by blank lines, with the span of each part recorded as it is written."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.length = 0
        self.spans: list[Span] = []

    def add(self, paragraph: str, span: Span | None = None) -> None:
        self.add_lines([(paragraph, span)])

    def add_lines(self, lines: list[tuple[str, Span | None]]) -> None:
        """One paragraph of lines (a highlight list), each line with its own span."""
        start = self._start()
        for number, (line, span) in enumerate(lines):
            if span is not None:
                self.spans.append(span._replace(start=start, end=start + len(line)))
            start += len(line) + 1
            self.parts.append(("\n" if number else "") + line)
        self.length = start - 1

    def add_section(self, section: SectionText) -> None:
        start = self._start()
        self.spans += [span._replace(start=span.start + start, end=span.end + start) for span in section.spans]
        self.parts.append(section.text.rstrip("\n"))
        self.length = start + len(section.text.rstrip("\n"))

    def _start(self) -> int:
        if self.parts:
            self.parts.append("\n\n")
            return self.length + 2
        return 0

    def done(self) -> SectionText:
        return SectionText("".join(self.parts) + "\n", self.spans)


class DraftingReport(BaseModel):
    backend: str
    model: str | None = None
    llm_calls: int = 0
    cache_hits: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    estimated_cost_usd: float | None = None
    # What the run had to fall back on, e.g. a month drafted offline after unusable answers.
    notes: list[str] = []


class DraftingOptions(BaseModel):
    backend: Backend = Backend.AUTO
    model: str | None = None
    jobs: int = Field(default=4, ge=1)
    # Seconds the model may stay silent, between two streamed pieces of an answer (not for the whole answer).
    timeout: float = Field(default=60.0, gt=0)
    max_retries: int = 2  # the SDK's own, on 429, 5xx and connection errors
    # Tokens of commit data in one month prompt; a larger month is drafted in chunks.
    budget: int = 6_000


class MonthPlan(BaseModel):
    month: str
    work_items: int
    chunks: int
    prompt_tokens: int


class DraftPlan(BaseModel):
    """What an LLM run would send, for --dry-run: nothing is sent to make it."""

    model: str
    months: list[MonthPlan]
    other_prompt_tokens: int  # merges, overview and skill tags
    calls: int
    prompt_tokens: int
    completion_tokens_estimate: int
    estimated_cost_usd: float | None
    approximate: bool



class TeamPlan(BaseModel):
    """A team's --dry-run: each developer's plan, by display name."""

    developers: dict[str, DraftPlan]

    @property
    def calls(self) -> int:
        return sum(plan.calls for plan in self.developers.values())

    @property
    def prompt_tokens(self) -> int:
        return sum(plan.prompt_tokens for plan in self.developers.values())

    @property
    def completion_tokens_estimate(self) -> int:
        return sum(plan.completion_tokens_estimate for plan in self.developers.values())

    @property
    def estimated_cost_usd(self) -> float | None:
        costs = [plan.estimated_cost_usd for plan in self.developers.values()]
        return None if any(cost is None for cost in costs) else round(sum(cost or 0.0 for cost in costs), 6)
