"""Secrets a commit's text may carry become [REDACTED]; a link keeps no credentials.

The tokens are built from their prefix and a made-up tail, so no scanner takes this file for a leak.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from summarizer.sanitize import REDACTED, redact, without_credentials
from tests.conftest import run_cli
from tests.gitrepo import GitRepo

AZURE_KEY = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=="
STRIPE_KEY = "sk_live_" + "51H8abcdEFGHijklMNOPqrstUVwx"
NPM_TOKEN = "npm_" + "abcdefghijklmnopqrstuvwxyz0123456789"


@pytest.mark.parametrize(
    "secret",
    [
        STRIPE_KEY,
        "sk_test_" + "4eC39HqLyjWDarjtT1zdp7dc",
        "rk_live_" + "51H8abcdEFGHijklMNOPqrstUVwx",
        NPM_TOKEN,
    ],
    ids=["stripe secret key", "stripe test key", "stripe restricted key", "npm token"],
)
def test_token_shapes_are_redacted(secret: str) -> None:
    assert redact(f"Rotate {secret} now") == f"Rotate {REDACTED} now"


def test_an_azure_storage_account_key_is_redacted_and_its_connection_string_still_reads() -> None:
    connection = f"DefaultEndpointsProtocol=https;AccountName=acme;AccountKey={AZURE_KEY};EndpointSuffix=core.windows.net"
    assert redact(connection) == f"DefaultEndpointsProtocol=https;AccountName=acme;AccountKey={REDACTED};EndpointSuffix=core.windows.net"


def test_an_azure_shared_access_key_is_redacted() -> None:
    connection = "Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=Root;SharedAccessKey=" + AZURE_KEY[:44]
    assert redact(connection) == f"Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=Root;SharedAccessKey={REDACTED}"


def test_text_that_only_names_those_prefixes_is_untouched() -> None:
    text = "Read npm_config_registry; add an sk_live_mode flag; set AccountKey=<key> in the template"
    assert redact(text) == text


@pytest.mark.parametrize(
    ("url", "link"),
    [
        ("https://user:hunter2@github.com/acme/base", "https://github.com/acme/base"),
        ("https://" + "ghp_" + "abcdefghijklmnopqrstuvwxyz0123456789" + "@github.com/acme/base", "https://github.com/acme/base"),
        ("https://github.com/acme/base", "https://github.com/acme/base"),
        ("https://github.com/acme/base/issues?q=author@example.com", "https://github.com/acme/base/issues?q=author@example.com"),
    ],
    ids=["user and password", "token as user", "no credentials", "an @ after the host"],
)
def test_a_link_loses_the_credentials_it_carries_and_nothing_else(url: str, link: str) -> None:
    assert without_credentials(url) == link


def test_none_of_them_reaches_a_fetched_activity_file(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "repo")
    repo.commit(f"Rotate {STRIPE_KEY}\n\nPublish with {NPM_TOKEN}; storage at AccountKey={AZURE_KEY};EndpointSuffix=core.windows.net")
    result = run_cli("fetch", str(repo.path), "-a", "grace", "--since", "2025-01", "--until", "2025-01", "-o", "-")
    assert result.returncode == 0, result.stderr
    (commit,) = json.loads(result.stdout)["commits"]
    assert commit["subject"] == f"Rotate {REDACTED}"
    assert commit["body"] == f"Publish with {REDACTED}; storage at AccountKey={REDACTED};EndpointSuffix=core.windows.net"
