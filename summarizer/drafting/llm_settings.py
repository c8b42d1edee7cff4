"""Which model a run asks, where, and how patiently: the settings, read from the openai SDK's own variables."""

from __future__ import annotations

import os

from pydantic import BaseModel, SecretStr

from summarizer.errors import SummarizerError
from summarizer.urls import url_setting

DEFAULT_MODEL = "gpt-4.1-mini"
OPENAI_API = "https://api.openai.com/v1"


class LLMSettings(BaseModel):
    model: str
    base_url: str
    api_key: SecretStr
    jobs: int = 4
    timeout: float = 60.0
    max_retries: int = 2


def llm_settings(
    model: str | None, jobs: int, timeout: float = 60.0, max_retries: int = 2, require_key: bool = True
) -> LLMSettings:
    """Settings from the SDK's own variables; a missing key for api.openai.com is an error."""
    base_url = url_setting("OPENAI_BASE_URL", OPENAI_API, "http://localhost:8000/v1").rstrip("/")
    key = os.environ.get("OPENAI_API_KEY")
    if not key:
        if base_url == OPENAI_API and require_key:
            raise SummarizerError("OPENAI_API_KEY is not set: api.openai.com needs a key (or use --backend offline)")
        key = "unused"  # local servers (Ollama, llama.cpp, LM Studio) want a key but ignore it
    return LLMSettings(
        model=model or os.environ.get("SUMMARIZER_MODEL") or DEFAULT_MODEL,
        base_url=base_url,
        api_key=SecretStr(key),
        jobs=jobs,
        timeout=timeout,
        max_retries=max_retries,
    )
