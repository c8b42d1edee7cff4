"""Whose names the data holds: a skill tag is never one of them."""

from __future__ import annotations

import re

from summarizer.models.history import History

# Bots and merge tools author commits too: "PyTorch MergeBot" does not make PyTorch a person.
_BOT = re.compile(r"bot(?:\b|\[|$)", re.IGNORECASE)
_IDENTITY = re.compile(r"^(?P<name>[^<]*?)\s*(?:<(?P<email>[^>]*)>)?$")


def name_words(history: History) -> frozenset[str]:
    """Every word of a person's name or handle in the data, lower case: the developer's names,
    e-mail user names and logins, and every author's and co-author's ("jason", "ansel", "jansel")."""
    commits = [commit for month in history.months for commit in month.commits] + history.others
    identities = [(commit.author_name, commit.author_email) for commit in commits]
    identities += [_name_and_email(co_author) for commit in commits for co_author in commit.co_authors]
    identities += [("", identity) if "@" in identity else (identity, "") for identity in [history.developer.name, *history.developer.ids]]
    return frozenset(word for name, email in identities if not (_BOT.search(name) or _BOT.search(email)) for word in _words_of(name, email))


def is_a_person(tag: str, people: frozenset[str]) -> bool:
    """Whether every word of `tag` is a word of someone's name or handle ("Jason Ansel", "jansel")."""
    words = tag.lower().split()
    return bool(words) and all(word in people for word in words)


def _name_and_email(identity: str) -> tuple[str, str]:
    match = _IDENTITY.match(identity.strip())
    return (match.group("name"), match.group("email") or "") if match else (identity, "")


def handle_of(identity: str) -> str:
    """The handle an identity gives: an address's user, the login of a GitHub no-reply address
    ("12345+login@…", after the plus); a login as it is."""
    return identity.split("@", 1)[0].split("+")[-1]


def _words_of(name: str, email: str) -> set[str]:
    user = handle_of(email).lower()
    handles = {user, *re.split(r"[._-]+", user)} if user else set()
    return set(name.lower().split()) | {handle for handle in handles if handle}
