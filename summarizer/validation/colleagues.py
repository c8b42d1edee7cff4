"""A colleague's work credited to the developer: phrases their commits never use, another author's do.

The most damaging error a profile makes gives one person's work to another: "added
bilinear resampling" in the developer's month, when a teammate landed it. Capitalised
terms are checked elsewhere; this looks at the content of every sentence, lowercase
words included, as pairs of neighbouring content words ("bilinear resampling", "weight
offload"): stop words left out, each word stemmed, never across punctuation. A pair
is reported when none of the developer's commits of the period uses it, a commit another
author landed in their repositories in that month does, and it is specific: at least one
of its words is not a generic one, and few of the period's commits — theirs and others' —
use it (at most RARE_SHARE of them, and never fewer than RARE_LEAST), so that
"performance improvements" never counts as anyone's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import lru_cache

from summarizer.models.activity import Commit
from summarizer.models.findings import Finding, FindingKind
from summarizer.validation.acronyms import acronyms_of
from summarizer.validation.claims import cited_items, refs_in
from summarizer.validation.context import Context, finding
from summarizer.validation.evidence import Evidence, normalize
from summarizer.validation.items import VERSION, WORD, joined_key, keys, version_keys, whole_keys
from summarizer.validation.phrases import ACTION_STEMS, FIELD_PHRASES, FUNCTION_WORDS, STOP_WORDS, TITLE_WORD, Token, follows, saying, tokens
from summarizer.validation.prose import TAG_LINE
from summarizer.validation.sections import CLAUSE_REACH, Sentence
from summarizer.validation.vocabulary import HARDWARE_NOUNS, stem

_GIVEN_TO_OTHERS = re.compile(
    # "Alongside this, she …", "Alongside a bf16 GEMM example, he …" go on with their own work:
    # alongside gives away only what it puts beside a person.
    r"\b(?:teammates?|colleagues?|coworkers?|co-workers?|the team|others|together with|helped by|with help from|in collaboration with"
    r"|alongside(?=\s+(?:(?:his|her|their)\s+)?(?:teammates?|colleagues?|(?-i:[A-Z][a-z]+\s+[A-Z][a-z]+)(?:['’]s)?\b)))\b",
    re.IGNORECASE,
)


def _credited_in(sentence: Sentence) -> Callable[[Commit], bool]:
    """Whether the sentence names whoever landed a commit ("Will Feng's layer_norm kernels")."""
    named = _capitalized(sentence.text)
    return lambda commit: any(word.lower() in named for word in commit.author_name.split())


# Read once a sentence: a pasted one names a teammate's term thousands of times.
@lru_cache(maxsize=256)
def _capitalized(text: str) -> frozenset[str]:
    return frozenset(word.lower() for word in re.findall(r"[A-Z][a-z]{2,}", text))


@lru_cache(maxsize=256)
def _given_away_at(text: str) -> int | None:
    given_away = _GIVEN_TO_OTHERS.search(text)
    return given_away.start() if given_away else None


def landed_by_another(term: str, sentence: Sentence, scope: Evidence, context: Context) -> Finding | bool:
    """A term none of the developer's commits names, which a teammate's commit of the month does:
    `other_author`, naming that commit; True when the sentence gives it to whoever landed it (nothing
    to report), False when no teammate's commit names it either (the term check asks this before
    calling a term ungrounded)."""
    if not context.history.others:
        return False  # nobody else's commits were read: no index to build
    every_month = [month.month for month in context.history.months]
    # A teammate's of another month of the period is theirs all the same.
    commits = context.colleagues.mentioning(term, [scope.month] if scope.month else every_month) or context.colleagues.mentioning(term, every_month)
    if not commits:
        return False
    given_away = _given_away_at(sentence.text)
    start = sentence.text.find(term)
    credited = _credited_in(sentence)
    if (given_away is not None and start > given_away) or any(credited(commit) for commit in commits):
        return True
    commit = commits[0]
    message = f"landed by {commit.author_name} in {commit.short_sha}, not by {context.name}: “{commit.subject}”"
    return finding(FindingKind.OTHER_AUTHOR, sentence, (_their_words_before(sentence.text, start, commit.subject), start + len(term)), scope, message)


def _their_words_before(text: str, start: int, subject: str) -> int:
    """Where the phrase of a teammate's term begins: at the first of two words running of their title
    in the clause before it ("added Pallas reduction support so that `test_reductions` could run",
    of "Add Pallas reduction support and enable test_reductions"), else at the term."""
    clause = max(start - CLAUSE_REACH, *(text.rfind(mark, 0, start) + 1 for mark in ",;:.()"))
    theirs = {stem(word.lower()) for word in TITLE_WORD.findall(subject) if word.lower() not in STOP_WORDS}
    said = [match for match in TITLE_WORD.finditer(text, clause, start) if match.group(0).lower() not in STOP_WORDS]
    for first, second in zip(said, said[1:]):
        if stem(first.group(0).lower()) in theirs and stem(second.group(0).lower()) in theirs:
            return first.start()
    return start


def _said_by_them(first: str, second: str, context: Context, compounded: tuple[bool, bool] = (False, False)) -> bool:
    """Whether the developer's own work says the two words as one, in another spelling: "layer norm"
    where they wrote layernorm, "jagged tensors" where a title of theirs wrote KeyedJaggedTensor.
    `compounded` tells which of the two are part of a compound of theirs beside them in the sentence."""
    citations = context.citations
    # Written side by side in their own messages or code ("RNG codegen" in a test's docstring).
    pair = f"{first} {second}"
    if joined_key(first, second) in citations.everywhere or context.evidence[None].mentions(pair) or normalize(pair) in context.code_prose:
        return True
    # Or as its acronym: "shared memory" where they write smem.
    if any(acronym in citations.everywhere for acronym in acronyms_of(pair)):
        return True
    # Beside a function word ("config when"), a word their own titles use is theirs; beside a
    # generic noun it may be another's tool ("gemm analyzer"), and both must be theirs. A word of
    # their own compound ("buffer ops in the matmul", where they wrote bufferops) is theirs.
    content = [(word, theirs) for word, theirs in zip((first, second), compounded) if word.lower() not in FUNCTION_WORDS | HARDWARE_NOUNS]
    wanted = [_with_prefixes(keys(word)) for word, theirs in content if not theirs]
    if content and not wanted:
        return True
    return all(citations.titled([keys]) for keys in wanted) if wanted else False


def _one_page_says(words: tuple[str, str], months: list[str], context: Context) -> bool:
    """Whether one page of documentation the developer changed in the months is named by both words:
    "the deployment guide" of their docs/deployment_autotuning.md."""
    wanted = [keys(word) for word in words]
    return any(all(key & found for key in wanted) for month in months for found in context.docs_keys.get(month, ()))


def _with_prefixes(found: frozenset[str]) -> frozenset[str]:
    """A word's keys and those of the compounds a prefix makes of it: "tuned" is theirs where
    their titles say autotune."""
    return found | {prefix + key for prefix in _PREFIXES for key in found if len(key) >= 3}


_PREFIXES = ("auto", "re", "pre", "un", "sub", "multi", "over", "under", "inter", "cross")


def _uncited_tail(text: str) -> int:
    """Where work told after a sentence's last ref, as a clause of its own, begins ("…, fixed their
    schema references (#7646), and fixed the JSON schema for sequences of …"): none of its refs cites
    it. The sentence's end when there is none."""
    refs = refs_in(text)
    if not refs:
        return len(text)
    last = refs[-1][0].end()
    tail = _NEW_CLAUSE.match(text, last)
    return tail.end() if tail else len(text)


_NEW_CLAUSE = re.compile(r"[)\]]*\s*,?\s+(?:and|while|plus)\s+(?:also\s+)?(?=(?:[a-z]+ed|ran|made|wrote|built|took|gave|kept|led|put|set|cut|brought|began)\b)")


def _cited_title_keys(sentence: Sentence, context: Context) -> frozenset[str]:
    """The keys of the titles of the developer's items the sentence cites."""
    return frozenset().union(*(context.citations.titles[item.id] for item in cited_items(sentence.text, context)))


def _cited_words(sentence: Sentence, context: Context) -> frozenset[str]:
    """The keys of all the words of the developer's items the sentence cites: titles, messages, paths and code."""
    return frozenset().union(*(context.citations.words[item.id] for item in cited_items(sentence.text, context)))


def _cited_messages_and_paths(sentence: Sentence, context: Context) -> frozenset[str]:
    """The keys of the messages and changed paths of the developer's items the sentence cites."""
    commits = context.citations.commits
    said = [
        text for item in cited_items(sentence.text, context) for sha in item.commits if (commit := commits.get(sha)) is not None
        for text in (commit.subject, commit.body, *(change.path for change in commit.files))
    ]  # fmt: skip
    return frozenset(key for text in said for word in WORD.findall(text) for key in keys(word))


def _in_their_compounds(run: list[Token], text: str, context: Context) -> set[Token]:
    """The words of a run that, with a neighbour written beside them, make a word of the developer's
    own work ("buffer ops" of bufferops)."""
    theirs: set[Token] = set()
    for first, second in zip(run, run[1:]):
        if text[first.end : second.start] in (" ", "-") and joined_key(text[first.start : first.end], text[second.start : second.end]) in context.citations.everywhere:
            theirs |= {first, second}
    return theirs


def _written_by_them(text: str, context: Context) -> list[tuple[int, int]]:
    """The spans of the paths and identifiers of the sentence that the developer's own commits write
    whole (`examples/split_k_barrier.py`), in their messages or their code (`hl.grid`): their words are theirs."""
    return [
        match.span() for match in _PATH_OR_NAME.finditer(text)
        if context.evidence[None].mentions(match.group(0)) or whole_keys(match.group(0)) & context.code_names
    ]  # fmt: skip


_PATH_OR_NAME = re.compile(r"(?<![\w.-])[\w.-]*[/_.][\w./-]*\w")
_PLAIN = re.compile(r"[A-Za-z][a-z]+")


def check_colleagues(sentence: Sentence, scope: Evidence, context: Context) -> Iterator[Finding]:
    if not context.history.others or TAG_LINE.match(sentence.text) or sentence.text.lstrip().startswith(("#", "|")):
        return
    colleagues = context.colleagues
    months = [scope.month] if scope.month else [month.month for month in context.history.months]
    # "… while teammates reworked the theme": what follows is given to others, as it should be.
    given_away = _GIVEN_TO_OTHERS.search(sentence.text)
    end = given_away.start() if given_away else len(sentence.text)
    credited = _credited_in(sentence)

    copied = list(_their_titles(sentence.text[:end], sentence, scope, context, credited))
    yield from copied
    yield from _their_versions(sentence.text[:end], sentence, scope, months, context, credited)
    phrases: list[tuple[list[Token], list[Commit]]] = []
    cited = _cited_title_keys(sentence, context)
    cited_words = _cited_words(sentence, context)
    written = _written_by_them(sentence.text, context)
    uncited = _uncited_tail(sentence.text)
    for run in tokens(sentence.text[:end]):
        named = {token for token in run if any(start <= token.start < stop for start, stop in written)}
        theirs = _in_their_compounds(run, sentence.text, context) | named
        for index, (first, second) in enumerate(zip(run, run[1:])):
            # A person's name is a name, checked as one, not work.
            if sentence.text[first.start : second.end].lower() in context.people:
                continue
            # "an `hl.grid` loop": a word after a name of their own says what the name is.
            if first in named and second not in named and not sentence.text[first.end : second.start].strip("` "):
                continue
            words = (sentence.text[first.start : first.end], sentence.text[second.start : second.end])
            # A word the title of an item the sentence cites holds: the pair tells that item of theirs
            # ("the pre-commit and lint instructions (#836)", where #836 is "Consistent pre-commit/lint").
            if first.start < uncited and any(keys(word) & cited for word in words if word.lower() not in FUNCTION_WORDS):
                continue
            # Both words of the pair in what a cited item says or changed ("rather than miscompiling
            # them (#2841)", whose code says "rather than silently miscompiled"): the pair tells it.
            if first.start < uncited and all(_with_prefixes(keys(word)) & cited_words for word in words):
                continue
            if _said_by_them(*words, context, (first in theirs, second in theirs)) or _one_page_says(words, months, context):
                continue
            # "the FP8 rowwise GEMM benchmark", where their title says "FP8 rowwise gemm": a pair that
            # goes on from one of theirs names their own thing by one more word.
            if index and (run[index - 1].stem, first.stem) in colleagues.mine and sentence.text[run[index - 1].end : first.start] in (" ", "-"):
                continue
            # "the generated Triton code", where Triton is theirs: a phrase of the field ("generated
            # code") with their word inside it.
            if index + 2 < len(run) and (first.stem, run[index + 2].stem) in FIELD_PHRASES and keys(words[1]) & context.citations.everywhere:
                continue
            commits = colleagues.landed_by_others((first.stem, second.stem), months)
            if not commits:
                continue
            gap = sentence.text[phrases[-1][0][-1].end : first.start] if phrases else "."
            if phrases and (phrases[-1][0][-1] == first or not gap.strip(" _-")):  # one phrase, however many pairs it holds
                phrases[-1][0].extend([first, second] if phrases[-1][0][-1] != first else [second])
                phrases[-1][1].extend(commits)
            else:
                phrases.append(([first, second], commits))
    for words, commits in phrases:
        # Credited to whoever landed it ("Will Feng's layer_norm kernels"): nothing is taken from anyone.
        if any(credited(commit) for commit in commits):
            continue
        # The commit the phrase shares most with is the one it describes.
        commit = max(commits, key=commits.count)
        # "added bilinear resampling support": the phrase is the specific words, not the verbs and generic words about them.
        while len(words) > 1 and colleagues.is_generic(words[0].stem):
            words.pop(0)
        while len(words) > 1 and colleagues.is_generic(words[-1].stem):
            words.pop()
        # What is left is the repository's or the developer's name ("helion", "the tritonbench repository"): everyone's, no one's work.
        if all(sentence.text[word.start : word.end].lower() in context.own_names | _REPOSITORY_NOUNS for word in words):
            continue
        # One plain word left that their own work writes too ("kernels", "giving"), or a prefix ("non"
        # of non-performing): no phrase of anyone's.
        single = sentence.text[words[0].start : words[0].end]
        if len(words) == 1 and _PLAIN.fullmatch(single) and (keys(single) & context.citations.everywhere or len(single) < 4):
            continue
        # A phrase that begins inside an identifier ("is_row_map_axis legality gate") begins with it.
        start = words[0].start
        while start > 0 and (sentence.text[start - 1].isalnum() or sentence.text[start - 1] == "_"):
            start -= 1
        if any(title.offset is not None and title.offset <= sentence.start + start < title.offset + len(title.text) for title in copied):
            continue  # inside a teammate's title, told already
        message = f"landed by {commit.author_name} in {commit.short_sha}, not by {context.name}: “{commit.subject}”"
        yield finding(FindingKind.OTHER_AUTHOR, sentence, (start, words[-1].end), scope, message)


def _their_titles(text: str, sentence: Sentence, scope: Evidence, context: Context, credited: Callable[[Commit], bool]) -> Iterator[Finding]:
    """`other_author` where a sentence tells a teammate's title of its month as the developer's work,
    its words in their order ("added torch.stack support" for Will Feng's "Add torch.stack support
    (#524)"), though each of its words is the developer's too: a title no title of theirs tells."""
    said = [(stem(match.group(0).lower()), match.span()) for match in TITLE_WORD.finditer(text) if match.group(0).lower() not in STOP_WORDS]
    words = tuple(word for word, _ in said)
    months = [scope.month] if scope.month else [month.month for month in context.history.months]
    cited: frozenset[str] | None = None
    in_sentence = saying([words])
    for month in months:
        # The title that tells most of the sentence's words is the one it copies.
        found = []
        for title, commit in context.colleagues.titled_by_others(month):
            if not in_sentence(title[0]) and not in_sentence(_told_part(title)[0]):
                continue  # said neither whole nor without its verb
            where = follows(title, words)
            if where is None and (where := follows(_told_part(title), words)) is not None:
                # Retold without its verb, a title whose every word the messages or paths of an item
                # the sentence cites say is that item's telling too: "operators, migrated from
                # pytorch/benchmark (#21)", #21's body "Migrated from …/pytorch/benchmark/pull/2507".
                # Without its verb a title must still say a word no title of theirs does: "the
                # autotuner's error handling" is told by "Allow skipping Triton compilation error" and
                # "[Autotune] Handle …" as much as by "Refactor autotune error handling".
                cited = _cited_messages_and_paths(sentence, context) if cited is None else cited
                specific = [word for word in _told_part(title) if not context.colleagues.is_generic(word)]
                told = all(keys(word) & cited for word in _told_part(title)) or all(context.citations.titled([keys(word)]) for word in specific)
                where = None if told else where
                # "made the long flash attention …" for "Make long flash attention …": its verb in another
                # form. "Fixed pyrefly type-checking errors" fixes what "Use pyrefly for type checking" began.
                before = words[where[0] - 1] if where is not None and where[0] else None
                if before in _FIXING and title[0] not in _FIXING:
                    where = None
                elif where is not None and before in ACTION_STEMS:
                    where = (where[0] - 1, where[1])
            if where is not None and not credited(commit):
                found.append((where, commit))
        if found:
            where, commit = max(found, key=lambda each: each[0][1] - each[0][0])
            message = f"landed by {commit.author_name} in {commit.short_sha}, not by {context.name}: “{commit.subject}”"
            yield finding(FindingKind.OTHER_AUTHOR, sentence, (said[where[0]][1][0], said[where[1]][1][1]), scope, message)
            return


_REPOSITORY_NOUNS = frozenset({"repository", "repositories", "repo", "repos", "codebase", "project"})
_FIXING = frozenset(stem(word) for word in ("fix", "fixed", "fixes", "repair", "repaired"))


def _their_versions(text: str, sentence: Sentence, scope: Evidence, months: list[str], context: Context, credited: Callable[[Commit], bool]) -> Iterator[Finding]:
    """`other_author` for a version no item of the developer's gives and a teammate's title of the
    month does ("bumped ruff to 0.14.10", Oguz Ulgen's "Bump ruff to 0.14.10"), with the name before it."""
    for match in VERSION.finditer(text):
        key = f"v{match.group(1)}"
        if key in context.citations.everywhere:
            continue
        commit = next((each for each in context.history.others if each.month in months and key in version_keys(each.subject) and not credited(each)), None)
        if commit is not None:
            named = _NAMED_BEFORE.search(text[: match.start()])
            message = f"landed by {commit.author_name} in {commit.short_sha}, not by {context.name}: “{commit.subject}”"
            yield finding(FindingKind.OTHER_AUTHOR, sentence, (named.start() if named else match.start(), match.end()), scope, message)


# "ruff to 0.14.10", "pyrefly 0.46": the name a version is of.
_NAMED_BEFORE = re.compile(r"[\w.-]+\s+(?:(?:to|from|at|of|v)\s+)?$")


def _told_part(title: tuple[str, ...]) -> tuple[str, ...]:
    """The words of a title a sentence retells: its opening verb left out where three words follow
    ("extended it with a progress bar for precompiling" tells "Add progress bar for precompiling")."""
    return title[1:] if len(title) > 3 and title[0] in ACTION_STEMS else title
