"""What a claim's verb says of the work it cites: new work cited to a change of tests or docs
alone ("Added support for hl.grid" for "Move hl.grid tests to their own file"), and work cited to
the change that undid it ("Re-enabled the scan tests" for "Skip the scan tests")."""

from __future__ import annotations

import re

from summarizer.classification import FEATURE_VERBS
from summarizer.models.history import WorkItem
from summarizer.paths import is_docs_path, is_test_path
from summarizer.titles import PR_SUFFIX
from summarizer.validation.claims import files_of
from summarizer.validation.context import Context
from summarizer.validation.evidence import Evidence
from summarizer.validation.items import WORD, ref_of
from summarizer.validation.vocabulary import stem


def new_work_of_checks(claim: str, sentence: str, items: list[WorkItem], context: Context) -> tuple[str, str | None] | None:
    """A claim of new work ("Added support for hl.grid") whose every cited item only changes tests
    or docs ("Move hl.grid tests to their own file"), in a sentence that says nothing of tests or docs."""
    words = [word.lower() for word in WORD.findall(claim)]
    opening = next((index for index, word in enumerate(words[:3]) if _is_feature_verb(word) and (index == 0 or words[index - 1] not in _DETERMINERS)), None)
    # "The from_cache lookups were wired to query the backend": new work told in the passive.
    passive = next((index for index, word in enumerate(words) if index and words[index - 1] in _BE and _is_feature_verb(word)), None)
    if opening is None and passive is None:
        return None
    opening = passive if opening is None else opening
    # What the verb made: "Introduced retries for CI failures" made retries, for a reason that names
    # CI; "Added tests for the parser" made tests. The sentence's other claims may speak of checks.
    made = words[opening + 1 :]
    # "cute enabled for the AOT test suites": a verb with no object before "for" made what follows it.
    made = made[: next((index for index, word in enumerate(made) if word in _PURPOSE and index > 0), len(made))]
    if any(_is_check_word(word) for word in [*words[:opening], *made]):
        return None
    # "Added codegen for hl.rand, and enabled the RNG test files": a second verb's work is tests.
    second = next((index for index in range(opening + 1, len(words) - 1) if words[index] == "and" and words[index + 1].endswith("ed")), None)
    if second is not None and any(_is_check_word(word) for word in words[second + 1 :]):
        return None
    # "Added an entry … to the autotuner API docs": where it was added is the docs.
    if _INTO_CHECKS.search(claim):
        return None
    if not all(_only_checks(item) for item in items):
        return None
    # Read last, where the rest holds: a sentence of thousands of refs reads its words once a ref.
    if any(_is_check_word(word.lower()) for word in WORD.findall(sentence.replace(claim, " "))):
        return None
    # Told in the passive, the work is held only to changes whose files are tests or docs alone: a
    # title that says "Enable test random" may come with the code it tests.
    if opening == passive and not all(is_test_path(change.path) or is_docs_path(change.path) for change in files_of(items, context)):
        return None
    what = "tests" if items[0].class_rule.startswith("tests:") else "docs"
    return f"{ref_of(items[0])} is “{items[0].title}”, which only changes {what}: it adds none of what the claim says was added", None


_INTO_CHECKS = re.compile(r"\b(?:to|into|in)\s+(?:the\s+|its\s+)?(?:[\w.`-]+\s+){0,3}?(?:docs?|documentation|readme|guide|tests?|test suite)\b", re.IGNORECASE)
_WITH_CHECKS = re.compile(r"\w\s+(?:and|with|\+|&)\s+(?:(?:its|unit|a)\s+)?(?:tests?|docs?|documentation)\b", re.IGNORECASE)


def _only_checks(item: WorkItem) -> bool:
    """Whether an item changes tests or docs alone, and its title does not tell new work either:
    "Add claude skill for TPU development" changes docs only, and is new work all the same."""
    if item.class_rule in ("tests:title", "docs:title"):
        # "[Benchmark] jsd kernel and test": the tests come with the work the title names first.
        return _WITH_CHECKS.search(item.title) is None
    return item.class_rule.startswith(_CHECKS_ONLY) and not _tells_new_work(PR_SUFFIX.sub("", _TITLE_TAGS.sub("", item.title)))


def undoing(text: str, wide: str, claim: dict[str, str], items: list[WorkItem], scope: Evidence, context: Context) -> tuple[str, str | None] | None:
    """A claim told with one verb ("Re-enabled the scan tests") citing only changes told with its
    opposite ("Skip the scan tests"), when another item of the month tells it with the claim's own
    verb and every word of it those cited tell (that item did the work, the cited ones undid it),
    or when the cited title tells every word of the claim. Not where the whole claim the ref closes
    says both ("Added the pass and removed the fallback (#2007, #2026)")."""
    verb = _opening_verb(text)
    side = next((index for pair in _OPPOSITES for index, verbs in enumerate(pair) if verb in verbs), None)
    if side is None or scope.month is None or not claim:
        return None
    pair = next(pair for pair in _OPPOSITES if verb in pair[side])
    if any(stem(word.lower()) in pair[1 - side] for word in WORD.findall(wide)):
        return None
    if not all(_opening_verb(_TITLE_TAGS.sub("", item.title)) in pair[1 - side] for item in items):
        return None
    citations = context.citations
    told = max(citations.shared(claim, item, title=True) for item in items)
    cited = {item.id for item in items}
    doers = [
        item for item in citations.of_month(scope.month)
        if item.id not in cited and _opening_verb(_TITLE_TAGS.sub("", item.title)) in pair[side] and citations.shared(claim, item, title=True) >= max(told, 1)
    ]  # fmt: skip
    undone = f"{ref_of(items[0])} is “{items[0].title}”, the opposite of what the claim says"
    if not doers:
        # Nobody did it that month: wrong all the same where the cited title is the claim with its
        # verb turned round ("Added a cache around set_triton_allocator" for "Remove cache around …").
        # Words joined across a space ("JIT fast-path") are the claim's pairs, no title's words.
        singles = [key for key, word in claim.items() if " " not in word]
        return (undone, None) if singles and any(citations.shared(singles, item, title=True) == len(singles) for item in items) else None
    doer = max(doers, key=lambda item: citations.shared(claim, item, title=True))
    return f"{undone}; {ref_of(doer)} is “{doer.title}”", ref_of(doer)


def fix_of_no_fault(claim: str, items: list[WorkItem]) -> tuple[str, str | None] | None:
    """A claim that a bug was fixed, its fault unnamed ("Fixed a bug in the performance dashboard"), whose every cited
    item is no bug fix and its title names no fault ("New performance dashboard with GitHub Pages
    deployment", "Improve error message for overpacked tiles"); unless the claim says how ("… by
    adding a guard")."""
    if not _A_BUG_FIXED.match(claim) or _HOW.search(claim):
        return None
    for item in items:
        # "Improve error message for overpacked tiles" tells of messages, no fault of the tiles.
        title = _MESSAGES.sub(" ", PR_SUFFIX.sub("", _TITLE_TAGS.sub("", item.title)))
        if item.item_class == "bug" or _opening_verb(title) in _FIX_VERBS or any(stem(word.lower()) in _FAULTS for word in WORD.findall(title)):
            return None
    return f"{ref_of(items[0])} is “{items[0].title}”, which fixes nothing its title tells", None


def _opening_verb(text: str) -> str:
    words = [word.lower().replace("-", "") for word in WORD.findall(text)]
    while words and words[0] in ("also", "and", "then", "he", "she", "they", "we", "it"):
        words = words[1:]
    return stem(words[0]) if words else ""


_FIX_VERBS = frozenset("fix resolv repair correct patch".split())
# "Fixed a bug with …", "Resolved several issues in …": a fix claimed, its fault unnamed.
_A_BUG_FIXED = re.compile(
    r"^\W*(?:(?:also|then|and|he|she|they)\s+)*(?:fixe[ds]|fix|resolved|repaired|corrected|patched)\s+"
    r"(?:(?:a|an|the|some|several|multiple|various|two|three|minor)\s+)?(?:\w+\s+)?(?:bugs?|issues?|problems?)\b",
    re.IGNORECASE,
)
# The words of a title that name a fault its work may fix.
_FAULTS = frozenset(stem(word) for word in "fix bug crash error errors fail failure hang leak broken regression issue wrong incorrect flaky".split())
_HOW = re.compile(r"\bby\s+\w+ing\b", re.IGNORECASE)
_MESSAGES = re.compile(r"\berror\s+messages?\b", re.IGNORECASE)
# Verbs that undo each other, as `stem` leaves them.
_OPPOSITES = (
    (frozenset("enabl reenabl unskip".split()), frozenset("disabl skip".split())),
    (frozenset("add introduc".split()), frozenset("remov delet drop".split())),
    (frozenset("increas rais grow".split()), frozenset("clear reduc decreas lower shrink".split())),
)
# The tags a title may open with: "[Ref Mode] Expand …", "inductor: Skip …".
_TITLE_TAGS = re.compile(r"^\s*(?:\[[^\]]*\]\s*|[\w./-]+:\s+)*")


def _is_feature_verb(word: str) -> bool:
    return word in _NEW_WORK_VERBS or (word.endswith("ed") and (word[:-1] in _NEW_WORK_VERBS or word[:-2] in _NEW_WORK_VERBS))


def _tells_new_work(title: str) -> bool:
    """Whether a title tells new work by its verb, in any form: "Add …", "Adding …", "Setting up …",
    "Update logo and add events for …"."""
    if _AND_ADDS.search(title):
        return True
    words = WORD.findall(title.lower())[:2]
    if not words:
        return False
    first = words[0]
    gerund = first.endswith("ing") and any(_is_feature_verb(base) for base in (first[:-3], first[:-3] + "e"))
    return _is_feature_verb(first) or gerund or (first in _SET and words[1:] == ["up"])


_SET = frozenset("set sets setting".split())
_AND_ADDS = re.compile(r"\band\s+(?:add|adds|adding|introduce|introduces|implement|implements|create|creates)\b", re.IGNORECASE)


# The verbs a title's class is told by, and those a prose claim of new work opens with besides
# (their past tense is read from them: launched, developed, designed).
_NEW_WORK_VERBS = FEATURE_VERBS | frozenset("launch built develop design shipped wrote made let wire".split())
_BE = frozenset("was were is are been got".split())
# After these a verb's form is a noun: "described the build".
_DETERMINERS = frozenset("the a an this that its their his her our".split())
# Words that end what a verb made and begin what it was for: "retries for CI failures". Where it
# was put ("to the docs", "in the tests") is still what was made.
_PURPOSE = frozenset("for so because when where after against across from".split())


# The classes of a change of tests or docs alone (classification.classify's rules).
_CHECKS_ONLY = ("tests:", "docs:")
# A sentence that says any of these speaks of tests or docs itself.
_CHECK_WORDS = frozenset(
    "test tests testing tested unittest unittests subtest subtests coverage regression ci check checks checked benchmark benchmarks doc docs "
    "documentation documented document documents docstring docstrings readme guide guides tutorial tutorials example examples reference "
    "notebook notebooks suite suites "
    "comment comments typo typos lint linter assertion assertions expected fixture fixtures".split()
)


def _is_check_word(word: str) -> bool:
    return word in _CHECK_WORDS or word.startswith(("test", "doc"))
