"""What every check shares: the evidence of each month, and how a Finding is made."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property

from summarizer.models.activity import Commit
from summarizer.models.findings import Finding, FindingKind, Severity
from summarizer.models.history import History
from summarizer.models.signals import Signals
from summarizer.paths import is_docs_path
from summarizer.people import name_words
from summarizer.period import month_label, months_between
from summarizer.validation.acronyms import spelled_out_forms
from summarizer.validation.evidence import Evidence, evidence_by_month, no_evidence, normalize
from summarizer.validation.items import ItemWords, keys, kind_keys, name_keys, whole_keys
from summarizer.validation.phrases import STOP_WORDS, Colleagues
from summarizer.validation.sections import PERSON, Sentence
from summarizer.validation.vocabulary import WORD, Vocabulary

_TRAILER = re.compile(r"^[A-Z][\w-]*(?: [A-Za-z][\w-]*)?: \S")


@dataclass
class Context:
    history: History
    evidence: dict[str | None, Evidence] = field(init=False)

    def __post_init__(self) -> None:
        self.evidence = evidence_by_month(self.history)

    @cached_property
    def vocabulary(self) -> Vocabulary:
        return Vocabulary(self.history)

    @cached_property
    def colleagues(self) -> Colleagues:
        return Colleagues(self.history)

    @cached_property
    def citations(self) -> ItemWords:
        """The developer's work items with their words: what a cited ref must tell."""
        return ItemWords.of(self.history)

    @cached_property
    def spelled_out(self) -> dict[str, set[str]]:
        """Acronym → the long forms the repositories' own text gives it."""
        return spelled_out_forms(self.history.spelled_out)

    @cached_property
    def own_names(self) -> frozenset[str]:
        """The words of the developer's names and of the repositories' names and languages: a claim's
        words that every item of theirs shares."""
        history = self.history
        # "In jupyter_server they …": a repository's name whole is as much theirs as its parts.
        names = {name for repository in history.repositories for name in (repository.name.lower(), repository.name.lower().rsplit("/", 1)[-1])}
        repositories = names | {part for name in names for part in re.split(r"[/._-]+", name)}
        languages = {language.lower() for language in history.totals.languages}
        return frozenset(repositories | languages | set(self.name_words) | set(self.vocabulary.developer))

    @cached_property
    def name_words(self) -> frozenset[str]:
        """Every word of a person's name or handle in the data (people.py): no skill tag is one."""
        return name_words(self.history)

    def commits_of(self, month: str | None) -> list[Commit]:
        """The developer's commits of a month (of the period for None)."""
        return [commit for each in self.history.months if month in (None, each.month) for commit in each.commits]

    @cached_property
    def code_prose(self) -> str:
        """The words of the code the developer changed, in the order they first came, normalized:
        a docstring's "uses a large language model" spells out LLM."""
        return normalize("\n".join(" ".join(commit.code) for month in self.history.months for commit in month.commits))

    @cached_property
    def code_names(self) -> frozenset[str]:
        """The whole keys of the dotted and snake_case names of the code the developer changed (`hl.grid`)."""
        return frozenset().union(*(whole_keys(word) for commit in self.commits_of(None) for word in commit.code if "." in word or "_" in word))

    @cached_property
    def docs_keys(self) -> dict[str, list[frozenset[str]]]:
        """Month -> the keys of each file of documentation the developer's commits of that month
        changed, with what the file is: docs/deployment_autotuning.md is documentation of deployment."""
        return {
            month.month: [keys(path) | kind_keys(path) for path in {change.path for commit in month.commits for change in commit.files if is_docs_path(change.path)}]
            for month in self.history.months
        }

    @cached_property
    def title_pairs(self) -> set[tuple[str, str]]:
        """Every two neighbouring words of the developer's titles, lower case: "added report writer"
        tells "Add report writer" in words each too common to tell it alone."""
        pairs: set[tuple[str, str]] = set()
        for month in self.history.months:
            for item in month.items:
                words = [word.lower() for word in WORD.findall(item.title)]
                # "for the" of a title is every sentence's: a pair tells the title by a word of its own.
                pairs |= {pair for pair in zip(words, words[1:]) if not set(pair) <= STOP_WORDS}
        return pairs

    @cached_property
    def written(self) -> str:
        """Every commit's message in the data, the developer's and the others': what the project
        itself writes ("Benchmark Dispatch" is a workflow's name, not a person's)."""
        return "\n".join([self.evidence[None].text, *(f"{commit.subject}\n{commit.body}" for commit in self.history.others)])

    @cached_property
    def written_lower(self) -> str:
        """The same, lower case: "from liger kernel" writes the library's name as no one writes a person's."""
        return self.written.lower()

    @cached_property
    def people(self) -> set[str]:
        """Every name the data gives a person (authors, co-authors, reviewers, names in messages),
        lower case, with each run of its words: "grace hopper", "grace", "hopper"."""
        # Of the others' commits, their authors and trailers ("Reviewed By: …"): prose there is not a name.
        others = {c.author_name for c in self.history.others} | {
            line for c in self.history.others for line in c.body.splitlines() if _TRAILER.match(line)
        }
        people: set[str] = set()
        for text in [self.evidence[None].text, *others]:
            for match in PERSON.finditer(text):
                words = match.group("name").lower().replace(".", ". ").split()
                people |= {" ".join(words[start:end]) for start in range(len(words)) for end in range(start + 1, len(words) + 1)}
        return people

    def signals_of(self, scope: Evidence) -> Signals:
        """The signals of the month a scope speaks of, else of the period."""
        signals = self.history.signals
        return signals.months[scope.month] if scope.month in signals.months else signals.period

    @property
    def name(self) -> str:
        return self.history.developer.name

    @property
    def period_months(self) -> list[str]:
        return self.history.period.months()

    @property
    def active_span(self) -> int:
        months = self.history.months
        return len(months_between(months[0].month, months[-1].month)) if months else 0

    def scope(self, month: str | None) -> Evidence:
        if month not in self.evidence:
            self.evidence[month] = no_evidence(self.history, month or "")
        return self.evidence[month]

    def read_scope(self, month: str | None) -> Evidence:
        """The evidence a sentence of `month` is read against: a period of one month is that month,
        whose items are weighed against each other as a month's are."""
        if month is None and len(self.period_months) == 1:
            month = self.period_months[0]
        return self.scope(month)

    def repositories_in(self, text: str) -> set[str]:
        """The developer's repositories a text names."""
        return {repository for word in re.findall(r"[\w./-]+", text) if (repository := self.repository_named(word))}

    def where(self, scope: Evidence) -> str:
        return f" in {month_label(scope.month)}" if scope.month else " in the period"

    def months_where(self, holds: Callable[[Evidence], bool]) -> list[str]:
        return sorted(month for month, evidence in self.evidence.items() if month is not None and evidence.stats.commits and holds(evidence))

    def placed_elsewhere(
        self, holds: Callable[[Evidence], bool], sentence: Sentence, where: re.Match[str] | tuple[int, int], scope: Evidence, what: str
    ) -> Finding | None:
        """`wrong_month` when a claim that fails in its month holds in others; None when it holds nowhere."""
        elsewhere = self.months_where(holds) if scope.month is not None else []
        if not elsewhere:
            return None
        months = " and ".join(month_label(month) for month in elsewhere[:2])
        return finding(FindingKind.WRONG_MONTH, sentence, where, scope, f"{what} belongs to {months}, not to {month_label(scope.month or '')}", elsewhere[0])

    @cached_property
    def repository_keys(self) -> frozenset[str]:
        """The keys of the repositories' names: work in tritonbench is benchmarking."""
        return frozenset().union(*(name_keys(repository.name.rsplit("/", 1)[-1]) for repository in self.history.repositories))

    def repository_named(self, name: str) -> str | None:
        """The contributed repository `name` refers to; owners are compared when both have one."""
        wanted = name.strip("`.,").lower()
        for repository in self.history.repositories:
            full = repository.name.lower()
            same_short_name = wanted.rsplit("/", 1)[-1] == full.rsplit("/", 1)[-1]
            if wanted == full or (same_short_name and ("/" not in wanted or "/" not in full)):
                return repository.name
        return None


def finding(
    kind: FindingKind,
    sentence: Sentence,
    where: re.Match[str] | tuple[int, int],
    scope: Evidence,
    message: str,
    suggestion: str | None = None,
    severity: Severity = "error",
) -> Finding:
    start, end = where.span() if isinstance(where, re.Match) else where
    return Finding(
        kind=kind,
        severity=severity,
        month=scope.month,
        text=sentence.text[start:end],
        message=message,
        suggestion=suggestion,
        offset=sentence.start + start,
        sentence=sentence.text,
    )
