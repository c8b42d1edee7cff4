"""The model's answers: the JSON each prompt asks for, as pydantic models (their JSON schema is
the `response_format` a request carries), and a month's answer as the draft it becomes."""

from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel, Field

from summarizer.models.drafts import Highlight, MonthDraft


# The answers' lists are bounded in their schema (maxItems, which OpenAI's strict mode,
# llama.cpp, vLLM and Ollama all enforce while the answer is generated): a small model
# that starts repeating list entries is stopped at the bound instead of at max_tokens.
class AnswerHighlight(BaseModel):
    text: str
    evidence: list[str] = Field(max_length=3)


class MonthAnswer(BaseModel):
    summary: str
    highlights: list[AnswerHighlight] = Field(max_length=5)
    skills: list[str] = Field(max_length=6)


class OverviewAnswer(BaseModel):
    overview: str


class SkillsAnswer(BaseModel):
    languages: list[str] = Field(max_length=8)
    technical: list[str] = Field(max_length=10)


# The answers that hold a summary: a month's, or the overview's.
Draft = TypeVar("Draft", MonthAnswer, OverviewAnswer)


def month_draft(month: str, answer: MonthAnswer) -> MonthDraft:
    highlights = [Highlight(text=h.text, evidence=h.evidence) for h in answer.highlights]
    return MonthDraft(month=month, summary=answer.summary, highlights=highlights, skills=answer.skills)
