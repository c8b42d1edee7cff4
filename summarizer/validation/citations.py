"""A claim and the items it cites: each ref a sentence gives must be work the sentence tells.

"Added out_dtype to hl.dot (#914)" cites a pull request the developer did land that month, but
#914 is "Verify compiled kernels in subprocess": the ref is real, the claim is not its work.
The sentence's specific words — content words, less the generic, action and value words, the
names of months, repositories and people — are looked for in each cited item's title, its
commits' messages and the paths they changed. A ref whose item holds none of them is
`wrong_evidence`; the developer's item that holds most of them (of the month first) is its
suggestion, so the citation can be mended instead of the sentence lost. A ref whose item holds
some of them is wrong all the same when another item of the month tells the claim far better:
its title holds a rare word of the claim that no cited item holds, every rare word the cited
items hold, and, each word weighed by how few of the month's items hold it, twice their weight.
Refs cited together for a claim of several parts each tell a part. What the claim's verb says of
the cited work — new work cited to tests alone, work cited to its undoing — is validation/verbs.py's.

Words are compared as validation/items.py `keys` them.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import NamedTuple

from summarizer.models.findings import Finding, FindingKind
from summarizer.models.history import WorkItem
from summarizer.period import month_label
from summarizer.titles import BRACKET_TAGS, PR_SUFFIX
from summarizer.validation.claims import files_of, refs_in
from summarizer.validation.context import Context, finding
from summarizer.validation.evidence import FIGURE, Evidence, unit_name
from summarizer.validation.items import MAJOR_VERSION, VERSION, WORD, ItemWords, joined_key, keys, parts, ref_of, whole_keys, word_runs
from summarizer.validation.phrases import ACTION_STEMS, FUNCTION_WORDS, STOP_WORDS
from summarizer.validation.prose import LANGUAGE_NAMES, TAG_LINE
from summarizer.validation.sections import Sentence
from summarizer.validation.verbs import fix_of_no_fault, new_work_of_checks, undoing
from summarizer.validation.vocabulary import GENERIC_STEMS, stem
from summarizer.validation.vocabulary import WORD as PLAIN_WORD

# Words that say what the work was worth, not what it was: a claim is not its value.
_VALUE_WORDS = frozenset(stem(word) for word in """
accurate accuracy clearer clean cleaner cleanup correct correctly easier easy fast slower smoother simpler
better best clear readable readability usable usability friendly friendlier reliable faster quicker safer safe
developers engineers contributors maintainers people customers newcomers teams reviewers downstream upstream
added adds lets let allowing allows allowed gave gives giving kept keeps keep tightened tightening improved
improve improves improving enhanced enhance enhances enhancing
new newly old older existing several various numerous lot lots many handful bunch couple
first second third last latest next previous earlier later before after during since while across along around
helped helps made makes moved landed shipped delivered wired brought brings bring turned turns took takes needed needs went came rest remainder
besides further furthermore moreover additional additionally extra meanwhile finally notably highlights highlight elsewhere otherwise quick quickly plus
largest biggest smallest longest shortest busiest heaviest
pull request requests prs passes pass rounds round
""".split())
_MONTH_WORDS = frozenset(
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec".split()
)


def claim_keys(text: str, context: Context) -> dict[str, str]:
    """The specific words of a claim, by key: what the work was, not what it was worth. Two
    neighbouring specific words count joined too ("layer norm" is `layernorm`)."""
    skipped = _skipped_words(context)
    claim: dict[str, str] = {}
    previous: re.Match[str] | None = None
    for match in WORD.finditer(text):
        word = match.group(0)
        specific = [part for part in parts(word) if _is_specific(part, skipped)]
        # An identifier, or a model's or version's name of letters and digits ("B200", "MI300"), is a word whole.
        if not specific and (_CODE.search(word) or _LETTERS_AND_DIGITS.fullmatch(word)) and word.lower() not in skipped:
            specific = [word]
        joins = previous is not None and text[previous.end() : match.start()] in (" ", "-")
        if specific and joins and previous is not None:
            claim.setdefault(joined_key(previous.group(0), word), f"{previous.group(0)} {word}")
        # A generic word, or a language's name, may begin a compound all the same: "list comprehension"
        # is `listcomp`, "CUDA graph" `cudagraph`.
        previous = match if specific or (len(word) > 2 and word.lower() not in STOP_WORDS | context.own_names) else None
        if not specific:
            continue
        # An identifier (`_run`, `hl.dot`) is specific whole, whatever words it is made of.
        whole = whole_keys(word) if len(specific) > 1 or _CODE.search(word) else frozenset()
        for key in {key for part in specific for key in keys(part)} | whole:
            claim.setdefault(key, word)
    for pattern in (VERSION, MAJOR_VERSION):
        for match in pattern.finditer(text):
            claim.setdefault(f"v{match.group(1)}", match.group(0).replace(" ", ""))
    return claim


_LETTERS_AND_DIGITS = re.compile(r"[A-Za-z]+\d+[A-Za-z0-9]*")


def _is_specific(part: str, skipped: frozenset[str]) -> bool:
    """A word that says what the work was: a content word (`_is_content`), neither generic nor a hash."""
    return _is_content(part, skipped) and stem(part) not in GENERIC_STEMS and not re.fullmatch(r"[0-9a-f]{7,40}", part)


def _skipped_words(context: Context) -> frozenset[str]:
    """Names of the developer, of the repositories and of languages: every item of theirs is
    theirs, in those repositories, and a language is checked as a skill, not as work."""
    return context.own_names | _LANGUAGES


_LANGUAGES = frozenset(name.lower().replace("\\", "") for name in LANGUAGE_NAMES)


def check_citations(sentence: Sentence, scope: Evidence, context: Context) -> Iterator[Finding]:
    """`wrong_evidence` for each ref of the sentence whose item does not tell what it is cited for:
    none of the claim's words, or, cited alone, far fewer than another item of the month tells.
    The claim is read twice, as the clause the citation closes and as all the words since the last
    citation: a ref fails only when it fails both."""
    text = sentence.text
    if TAG_LINE.match(text) or text.lstrip().startswith("|"):
        return
    scope = context.read_scope(scope.month)
    # A number in parentheses ("numel (2097152) exceeds …") is a hash only where a commit begins with it.
    refs = [(match, kind) for match, kind in refs_in(text) if not (kind == "sha" and match.group(0).isdigit() and not context.citations.cited(match, kind))]
    matches = [match for match, _ in refs]
    wide = _claims(text, matches)
    cited_by_claim: dict[str, dict[str, WorkItem]] = {}
    for (match, kind), claim in zip(refs, wide):
        cited_by_claim.setdefault(claim, {}).update((item.id, item) for item in context.citations.cited(match, kind))
    # An item the sentence cites is no other item its words may belong to: "The multicast tensor
    # (#346) arrived with test_stack_tensor.py, StackTensor support in signal/wait (#261) …".
    in_sentence = frozenset(id_ for cited in cited_by_claim.values() for id_ in cited)
    # What each ref of the sentence was read as, and the refs found wrong with the ref they should be.
    read: list[_Read] = []
    suggested: dict[str, str] = {}
    for (match, kind), claims in zip(refs, zip(_claims(text, matches, narrow=True), wide)):
        # A ref of another month is told so (wrong_month), not held to this month's items.
        items = [item for item in context.citations.cited(match, kind) if scope.month in (None, item.month)]
        # The items cited beside it for the same claim: where one of them tells it best, it is told.
        together = frozenset(cited_by_claim[claims[1]].keys() - {item.id for item in items})
        # The cited item's own title, quoted (and blanked by validation/quotes.py), is its claim.
        if not items or _QUOTED_BLANK.search(claims[0]):
            continue
        # Refs cited together for one claim ("(#248, #257, #264)") each tell a part of it.
        # The same ref given twice ("(#a9a819a) (#a9a819a)") is cited alone all the same.
        alone = wide.count(claims[1]) == 1 or cited_by_claim[claims[1]].keys() <= {item.id for item in items}
        narrow_claim = _checkable(claim_keys(claims[0], context), scope, context)
        read.append(_Read(match, items, narrow_claim, alone, together, _every_key(claims[0])))
        narrow = _misplaced(narrow_claim, items, scope, context, alone, together, in_sentence)
        wide_claim = narrow_claim if claims[1] == claims[0] else _checkable(claim_keys(claims[1], context), scope, context)
        # A last clause of words most of the month's items hold ("every developer's profile and a
        # team index") tells nothing alone: the claim is the whole of what the ref closes.
        continued = not _OWN_CLAUSE.match(claims[0])
        telling = narrow is not None or _telling(narrow_claim, scope, context)
        if not telling and wide_claim is not narrow_claim and continued:
            narrow = _misplaced(wide_claim, items, scope, context, alone, together, in_sentence)
        # A ref given in apposition ("The one bug fix, 59927cc, fixed …") has no words before it to be read by.
        verdicts = [narrow, narrow if wide_claim is narrow_claim or narrow is None or not wide_claim else _misplaced(wide_claim, items, scope, context, alone, together, in_sentence)]
        # "The CI setup was cleaned up (#35)" for "Clean up CI checks", beside "Use base setup dependency
        # type": one specific word of a claim, where the cited title holds more of all its words, tells no other item.
        if len(narrow_claim) == 1 and _titled_more(_every_key(claims[0]), items, verdicts[0], scope, context):
            verdicts = [None, None]
        copied = _copied_title(claims[0], items, scope, context) if alone else None
        # New work cited to a change of docs beside the change that made it ("Added AGENTS.md and updated it (#1100, #1128)") is told.
        claimed = items + [item for id_, item in cited_by_claim[claims[1]].items() if id_ in together]
        checks_only = new_work_of_checks(claims[0], text, claimed, context) or new_work_of_checks(claims[1], text, claimed, context)
        # "Added the no-background logo and the canonical URL (#663)" for "No background image": a
        # change of the docs whose title tells no docs made what the claim says where it holds every
        # word of it (a pair of them read as one, "Added GitHub", aside). A test's words are the
        # feature it tests, which it did not make.
        single = [key for key, word in narrow_claim.items() if " " not in word]
        if checks_only is not None and len(single) >= 2 and any(
            item.class_rule == "docs:files" and context.citations.shared(single, item) == len(single) for item in claimed
        ):
            checks_only = None
        undone = undoing(claims[0], claims[1], narrow_claim, items, scope, context) or fix_of_no_fault(claims[1], items)
        if copied is not None:
            verdicts = [copied, copied]
        elif undone is not None:
            verdicts = [undone, undone]
        elif checks_only is not None:
            verdicts = [checks_only, checks_only]
        elif not alone and narrow is None and not narrow_claim:
            # "Enhanced error handling (#200, #201, #202)": each ref of a claim in plain words must
            # tell one of them, as another of the refs does in its title.
            beside = [item for id_, item in cited_by_claim[claims[1]].items() if id_ in together]
            verdicts = [_apart_in_plain_words(claims[0], items, beside, context)] * 2
        elif alone and narrow is None and not telling:
            # Told in words every title uses ("Added multiple inputs support", "Enhanced autotuner
            # error handling"): wrong only where another item's title holds them all and the cited
            # item none of them.
            verdicts = [_misplaced_in_plain_words(claims[0], items, scope, context)] * 2
        # "X now does A, …; Y remains as it was (#12)": the last clause may be #12's code's, but the
        # sentence names an identifier of another item's title that #12 never writes, and cites nothing else for it.
        # Not where the cited title tells the last clause: "…, added tflops to grouped_gemm (#254)" after uncited work.
        untitled = not any(context.citations.shared(narrow_claim, item, title=True) for item in items)
        if alone and verdicts[0] is None and wide_claim is not narrow_claim and untitled and (named := _named_elsewhere(wide_claim, items, scope, context, in_sentence, titled=True, dotted=True)):
            verdicts = [_never_names(items, *named)] * 2
        # "…: the launcher gained BlockSpec support, `prims.iota` is now lowered (#1548)": the words
        # before may be #1548's, but the clause it closes names another item's identifier, which #1548 never writes.
        elif alone and verdicts[0] is not None and verdicts[1] is None and untitled and (named := _named_elsewhere(narrow_claim, items, scope, context, in_sentence, titled=True, dotted=True)):
            verdicts = [_never_names(items, *named)] * 2
        # A claim another item writes word for word is that item's: wrong where it passed, and the
        # suggestion where it failed with none.
        unsuggested = all(verdict is not None for verdict in verdicts) and verdicts[-1][1] is None  # type: ignore[index]
        if alone and (verdicts[0] is None or unsuggested) and (phrased := _phrased_elsewhere(claims[0], items, scope, context)):
            verdicts = [phrased] * 2
        # Sibling titles ("Implement torch.sort support", "… torch.topk support"): the claim names what
        # tells them apart, the other's.
        if alone and None in verdicts:
            plain = _plain_claim(claims[1], context)
            if sibling := _siblings_word(wide_claim, items, scope, context, plain):
                verdicts = [sibling] * 2
            elif covered := _title_told_whole(claims[1], plain, items, scope, context):
                verdicts = [covered] * 2
        # "Added fusion-aware autotuning tests (#1904, #1906)": the ref beside it tells the claim; this one only some of its words.
        if not alone and all(verdict is None for verdict in verdicts):
            beside = [item for id_, item in cited_by_claim[claims[1]].items() if id_ in together]
            if (nothing_added := _adds_nothing(wide_claim, items, beside, context)) is not None:
                yield finding(FindingKind.WRONG_EVIDENCE, sentence, match, scope, *nothing_added)
                continue
        # A part told in plain words ("functions") saves a ref that holds none of a claim's several specific words only where those are few.
        plain_part = together and (len(wide_claim) < 3 or any(context.citations.shared(wide_claim, item) for item in items))
        if (
            all(verdict is not None for verdict in verdicts)
            and not (plain_part and _tells_another_part(claims[1], items, verdicts[-1][1], cited_by_claim[claims[1]], context, wide_claim))  # type: ignore[index]
            and not _in_the_repository_named(claims[0], items, verdicts[-1][1], scope, context)  # type: ignore[index]
        ):
            yield finding(FindingKind.WRONG_EVIDENCE, sentence, match, scope, *verdicts[-1])  # type: ignore[misc]
            suggested[ref_of(items[0])] = verdicts[-1][1]  # type: ignore[index]
    yield from _swapped(read, suggested, in_sentence, sentence, scope, context)


def swapped_between(claims: list[Sentence], found: list[Finding], context: Context) -> Iterator[Finding]:
    """Two bullets whose refs are swapped ("Pinned virtualenv … (#939)", "Removed the pinning on
    virtualenv (#937)"): where one's ref is found to be the other's, the other's ref, cited alone, is
    wrong where the first's title tells its claim better than its own title does."""
    wrong = {(f.month, f.text): f.suggestion for f in found if f.kind == FindingKind.WRONG_EVIDENCE and f.suggestion}
    flagged = {(f.month, f.offset) for f in found if f.kind == FindingKind.WRONG_EVIDENCE}
    for sentence in claims:
        refs = refs_in(sentence.text)
        if len(refs) != 1 or TAG_LINE.match(sentence.text):
            continue
        match, kind = refs[0]
        items = context.citations.cited(match, kind)
        scope = context.read_scope(sentence.month)
        month = scope.month
        if len(items) != 1 or (month, sentence.start + match.start()) in flagged:
            continue
        ref = ref_of(items[0])
        # A ref found wrong elsewhere in the month whose suggestion is this one: the item it was cited for.
        given = [other for (where, text), suggestion in wrong.items() if where == month and suggestion == ref for other in _month_items(text, month, context)]
        if not given:
            continue
        told = sentence.text[: match.start()]
        claim = _checkable(claim_keys(told, context), scope, context)
        # Its specific words first, then all its words, verbs too ("Removed the pinning" of "Removed pinning").
        every = _every_key(told)

        def fit(item: WorkItem) -> tuple[int, int]:
            return context.citations.shared(claim, item, title=True), context.citations.shared(every, item, title=True)

        better = next((other for other in given if fit(other) > fit(items[0])), None)
        if better is not None:
            message = f"{ref} is “{items[0].title}”; {ref_of(better)}, cited for {ref}'s work elsewhere, is “{better.title}”"
            yield finding(FindingKind.WRONG_EVIDENCE, sentence, match, scope, message, ref_of(better))


def _month_items(ref: str, month: str | None, context: Context) -> list[WorkItem]:
    """The items of a month (of the period for None) a ref as written names."""
    return [item for item in context.citations.in_scope(month) if ref_of(item) == ref.lstrip("(").rstrip(")")]


class _Read(NamedTuple):
    """What a ref of a sentence was read as: its items, its claim's keys, whether it was cited alone,
    the items cited beside it for the same claim, and the keys of all the claim's words."""

    match: re.Match[str]
    items: list[WorkItem]
    claim: dict[str, str]
    alone: bool
    together: frozenset[str]
    every: frozenset[str]


def _every_key(text: str) -> frozenset[str]:
    """The keys of all a claim's words, verbs and generic words too ("fixed the event page")."""
    return frozenset(key for word in WORD.findall(text) if word.lower() not in STOP_WORDS for key in keys(word))


def _swapped(
    read: list[_Read],
    suggested: dict[str, str], in_sentence: frozenset[str], sentence: Sentence, scope: Evidence, context: Context,
) -> Iterator[Finding]:
    """Two refs of one sentence cited each for the other's work ("pinned … (#1317), and … updated …
    in a change that touched atomic_ops.py (#1318)"): where one is found to be the other's, the other
    is read again with the first no longer counted as cited, and wrong where its claim is the first's.
    So is a ref cited beside one found wrong ("schema generation for forward refs (#8526, #8552)"),
    read without it, where the item that tells the claim is the one suggested for both."""
    if not suggested:
        return
    for each in read:
        items = each.items
        if not items or ref_of(items[0]) in suggested:
            continue
        swapped_with = [ref for ref, suggestion in suggested.items() if suggestion == ref_of(items[0])]
        wrong_beside = {item.id: suggested[ref_of(item)] for other in read for item in other.items if item.id in each.together and ref_of(item) in suggested}
        if swapped_with:
            others = frozenset(item.id for other in read for item in other.items if ref_of(item) in swapped_with)
            verdict = _misplaced(each.claim, items, scope, context, each.alone, each.together, in_sentence - others)
            if verdict is not None and verdict[1] in swapped_with:
                yield finding(FindingKind.WRONG_EVIDENCE, sentence, each.match, scope, *verdict)
            elif not each.claim and (told_better := _titled_better(each.every, items, [item for other in read for item in other.items if item.id in others], context)):
                # In plain words ("and then fixed the event page (#1321)"): the title of the ref it was swapped with holds more of them.
                message = f"{ref_of(items[0])} is “{items[0].title}”; {ref_of(told_better)}, cited for its work, is “{told_better.title}”"
                yield finding(FindingKind.WRONG_EVIDENCE, sentence, each.match, scope, message, ref_of(told_better))
        elif wrong_beside:
            left = each.together - wrong_beside.keys()
            verdict = _misplaced(each.claim, items, scope, context, not left, left, in_sentence - wrong_beside.keys())
            if verdict is not None and verdict[1] in wrong_beside.values():
                yield finding(FindingKind.WRONG_EVIDENCE, sentence, each.match, scope, *verdict)


def _titled_more(every: frozenset[str], items: list[WorkItem], verdict: tuple[str, str | None] | None, scope: Evidence, context: Context) -> bool:
    """Whether the cited items' titles hold two or more of a claim's words, and more of them than the
    title of the item the verdict offers instead."""
    if verdict is None or verdict[1] is None:
        return False
    own = max((context.citations.shared(every, item, title=True) for item in items), default=0)
    offered = _month_items(verdict[1], scope.month, context)
    return own >= 2 and all(context.citations.shared(every, item, title=True) < own for item in offered)


def _titled_better(every: frozenset[str], items: list[WorkItem], partners: list[WorkItem], context: Context) -> WorkItem | None:
    """The partner whose title holds more of a claim's words than the cited items' titles do."""
    own = max((context.citations.shared(every, item, title=True) for item in items), default=0)
    return next((partner for partner in partners if context.citations.shared(every, partner, title=True) > own), None)


def _in_the_repository_named(text: str, items: list[WorkItem], suggested: str | None, scope: Evidence, context: Context) -> bool:
    """Whether a claim names the repository the cited item landed in, and not the one of the item it
    would be given to: "Adopted sp-repo-review in jupyter_client (#971)", beside jupyter_server's
    "Adopt sp-repo-review (#1324)"."""
    if len(context.history.repositories) < 2 or suggested is None:
        return False
    named = context.repositories_in(text)
    others = [item for item in context.citations.in_scope(scope.month) if ref_of(item) == suggested and item not in items]
    return any(item.repo in named for item in items) and bool(others) and all(other.repo not in named for other in others)


def _tells_another_part(text: str, items: list[WorkItem], suggested: str | None, beside: dict[str, WorkItem], context: Context, specific: dict[str, str]) -> bool:
    """Whether, of a claim cited to several refs, the cited title tells a word that the title of
    the ref cited beside it, which the finding would suggest, does not: "Fixed lint and test issues
    (#1098, #1101)", #1098 "Fix lint in newer triton", #1101 "Add skipIfRocm to failing test".
    With no suggestion, a ref beside it that holds the claim's `specific` words stands for it, and
    the cited title need only tell a word of the claim: "the CI setup (#2, #4, #7)", #7's code the
    setup, #2 "Add CI workflow"."""
    claim = _plain_claim(text, context)
    titles = context.citations.titles
    suggestion = next((item for item in beside.values() if ref_of(item) == suggested), None)
    if suggestion is None:
        holders = [item for item in beside.values() if item not in items and specific and context.citations.shared(specific, item) == len(specific)]
        return bool(holders) and any(claim.keys() & titles[item.id] for item in items)
    return any(claim.keys() & titles[item.id] - titles[suggestion.id] for item in items)


def _adds_nothing(claim: dict[str, str], items: list[WorkItem], beside: list[WorkItem], context: Context) -> tuple[str, str | None] | None:
    """A ref cited beside refs whose titles tell a claim (three in four of its words, or all), where
    its own title tells fewer than half of them, and its words fewer than those titles do, only
    words the month's items write every day (`_everyday`): "Added fusion-aware autotuning tests
    (#1904, #1906)", #1906 moving a field of the autotuner's cache key. The claim is the refs
    beside it; this one is cited for work it did not do."""
    citations = context.citations
    single = {key for key, word in claim.items() if " " not in word}
    if len(single) < 3 or not beside:
        return None
    titled = [{key for key in single if citations.shared((key,), other, title=True)} for other in beside]
    by_beside = set().union(*titled)
    # Told by one of them in half its words at least, not by a list of refs a word each ("embedding, rms_norm, … (#1, #2, …)").
    if 4 * len(by_beside) < 3 * len(single) or not any(2 * len(told) >= len(single) for told in titled):
        return None
    for item in items:
        told = {key for key in single if citations.shared((key,), item)}
        in_title = {key for key in single if citations.shared((key,), item, title=True)}
        if 2 * len(in_title) < len(single) and told < by_beside and all(_everyday(key, item.month, citations) for key in told):
            others = ", ".join(ref_of(other) for other in beside)
            words = ", ".join(sorted({claim[key] for key in in_title}))
            told_here = f"tells only {words} of the claim" if words else "tells none of the claim"
            return f"{ref_of(item)} is “{item.title}”, which {told_here}; {others}, cited beside it, tell it", None
    return None


def _everyday(key: str, month: str, citations: ItemWords) -> bool:
    """Whether a word is the month's everyday work, no item's mark: held by half its items, or by
    more than a fifth of them and more than _EVERYDAY. "repro" of five of 24 items still marks them."""
    held, month_items = len(citations.holding(key, month)), len(citations.of_month(month))
    return 2 * held >= month_items or held > max(_EVERYDAY, month_items // 5)


_EVERYDAY = 5


# A file named by its path or its name: "kernels/profile.py", "runpod.py".
_FILE_NAME = re.compile(r"[\w./-]*\w\.[a-z]{1,5}")


def _of_its_files(claim: dict[str, str], item: WorkItem, context: Context) -> bool:
    """Whether a claim names a file the item changed ("kernels/profile.py") and, beside the parts of
    its path, only verbs, generic words and adverbs ("updated … accordingly")."""
    words = [word for value in claim.values() for word in value.split()]
    files = [word.lower() for word in words if _FILE_NAME.fullmatch(word)]
    if not files:
        return False
    paths = [change.path.lower() for change in files_of([item], context)]
    parts_of = {part for path in paths for part in (*path.split("/"), *re.split(r"[/._-]", path))}
    return any(name in parts_of for name in files) and all(
        word.lower() in parts_of or stem(word.lower()) in ACTION_STEMS | GENERIC_STEMS or word.lower().endswith("ly") for word in words
    )


def _changed_each(item: WorkItem, names: set[str], context: Context) -> bool:
    """Whether the item changed a file of each name ("runpod.py")."""
    changed = {change.path.rsplit("/", 1)[-1].lower() for change in files_of([item], context)}
    return all(name.lower() in changed for name in names)


def _written_in_body(item: WorkItem, wanted: set[str], context: Context) -> bool:
    """Whether the item's commit messages write each of the keys: "materialize clipped scheduler
    metadata" in the body of #3314, whose sibling's title names the scheduler."""
    body = " ".join(commit.body for sha in item.commits if (commit := context.citations.commits.get(sha)))
    written = {key for word in WORD.findall(body) for key in keys(word)}
    return wanted <= written


def _siblings_word(claim: dict[str, str], items: list[WorkItem], scope: Evidence, context: Context, plain: dict[str, str]) -> tuple[str, str] | None:
    """The item of the month whose title is the cited item's but for a word or three, where the claim
    names the sibling's own words, a word both share (in `plain` words: "A GEGLU example …" of
    "geglu example and test"), and none of the cited title's own: "Dict comprehensions are now
    unrolled (#1190)", #1190 "Add tuple comprehension support", #1191 "Add dict comprehension support"."""
    if scope.month is None or len(items) != 1:
        return None
    titles, said = context.citations.titles, set(claim)
    cited = items[0]
    for other in context.citations.of_month(scope.month):
        shared, own, theirs = titles[cited.id] & titles[other.id], titles[cited.id] - titles[other.id], titles[other.id] - titles[cited.id]
        if other.id == cited.id or len(shared) < 2 or not own or not theirs:
            continue
        # "Pin pyrefly in lint.yml to 0.46.2" is "Update pyrefly to 0.46.2" but for two words, lint.yml one of them.
        if len(own) > _SIBLING_WORDS and _words_apart(cited.title, titles[other.id]) > _SIBLING_WORDS:
            continue
        if len(theirs) > _SIBLING_WORDS and _words_apart(other.title, titles[cited.id]) > _SIBLING_WORDS:
            continue
        # "extended runpod.py (#1776)", #1776 "Add runpod SKILL.md", which changed scripts/runpod.py too.
        if said & theirs and (said | plain.keys()) & shared and not (said | plain.keys()) & own and not _changed_each(cited, {claim[key] for key in said & theirs}, context) and not _written_in_body(cited, said & theirs, context):
            named = ", ".join(sorted({claim[key] for key in said & theirs}))
            return f"{ref_of(cited)} is “{cited.title}”; {ref_of(other)}, “{other.title}”, is the one that names {named}", ref_of(other)
    return None


@functools.cache
def _words_apart(title: str, other: frozenset[str]) -> int:
    """How far a title is from another: the keys of its words the other's keys do not hold, stop
    words aside, but a file's name ("lint.yml") counted as its parts, not also as their joining."""
    apart = 0
    for word in WORD.findall(PR_SUFFIX.sub("", title)):
        parts = [part for part in word.split(".") if part] if "." in word else [word]
        apart += sum(len(keys(part) - other) for part in parts if part.lower() not in STOP_WORDS)
    return apart


def _title_told_whole(text: str, plain: dict[str, str], items: list[WorkItem], scope: Evidence, context: Context) -> tuple[str, str] | None:
    """The item of the month whose title's content words (four or more) the claim says every one of,
    where it says none of the cited title's own: "Added an analyzer that recognises unary epilogue
    chains … and splices them (#2387)", #2386 "Add unary epilogue chain analyzer and splicing",
    #2387 "Fuse auxiliary tensor loads in epilogue chains"."""
    if scope.month is None or len(items) != 1:
        return None
    said = set(plain)
    if "-" in text:  # "CuTe-specific" says CuTe
        said |= set(_plain_claim(text.replace("-", " "), context))
    if len(said) < _TOLD_WHOLE:
        return None
    cited = items[0]
    skipped = _skipped_words(context)
    cited_keys = _content_keys(cited.title, skipped)
    # Only a title that holds that many of the claim's words may be told whole by it.
    scores = context.citations.title_scores(said, scope.month)
    for other in context.citations.of_month(scope.month):
        if scores[other.id] < _TOLD_WHOLE or other.id == cited.id:
            continue
        theirs = _content_keys(other.title, skipped)
        own = cited_keys - theirs
        if len(theirs) < _TOLD_WHOLE or not theirs <= said or not own or own & said:
            continue
        # What the cited change's own message says of it ("Fixed the benchmark plotting script …"
        # in its body) is its work, whatever other title tells the same; its code may only touch it.
        bodies = [commit.body for sha in cited.commits if (commit := context.citations.commits.get(sha)) is not None]
        if theirs <= set(_plain_claim("\n".join(bodies), context)):
            continue
        return f"{ref_of(cited)} is “{cited.title}”; the claim tells {ref_of(other)}, “{other.title}”", ref_of(other)
    return None


@functools.cache
def _content_keys(title: str, skipped: frozenset[str]) -> frozenset[str]:
    """The content words of a title, its bracketed tags ("[cutedsl]") aside; each title read once."""
    text = BRACKET_TAGS.sub("", PR_SUFFIX.sub("", title))
    return frozenset(key for word in WORD.findall(text) if _is_plain_content(word, skipped) for key in keys(word))


# A title told whole in this many content words or more is the claim's.
_TOLD_WHOLE = 4


# Titles that differ in this many keys or fewer are siblings.
_SIBLING_WORDS = 3


def _phrased_elsewhere(claim: str, items: list[WorkItem], scope: Evidence, context: Context) -> tuple[str, str] | None:
    """The item of the month whose messages or code write a phrase of the claim word for word (four
    words or more), where the cited items write none of its runs of three nor an identifier of the
    claim that item never writes."""
    if scope.month is None:
        return None
    wanted = word_runs(claim)
    if len(wanted) < 2:
        return None
    citations = context.citations
    if any(wanted & citations.runs(item) for item in items):
        return None
    cited = {item.id for item in items}
    shared = [(len(wanted & citations.runs(item)), item) for item in citations.of_month(scope.month) if item.id not in cited]
    count, holder = max(shared, key=lambda pair: pair[0], default=(0, None))
    if holder is None or count < 2:
        return None
    # "Added env variable support for JUPYTER_TOKEN_FILE (#462)": the identifier the cited title
    # names, and the other item never writes, is what the claim is of.
    named = [keys(name) for name in _IDENTIFIER.findall(claim)]
    if any(citations.shared(name, item, title=True) == len(name) and not citations.shared(name, holder) for name in named if name for item in items):
        return None
    cited_item = items[0]
    return f"{ref_of(cited_item)} is “{cited_item.title}”; {ref_of(holder)} writes the claim's words: “{holder.title}”", ref_of(holder)


def _never_names(items: list[WorkItem], holder: WorkItem, name: str) -> tuple[str, str]:
    cited = items[0]
    return f"{ref_of(cited)} is “{cited.title}”, which never names {name}; {ref_of(holder)} does: “{holder.title}”", ref_of(holder)


def _named_elsewhere(
    claim: dict[str, str], items: list[WorkItem], scope: Evidence, context: Context, in_sentence: frozenset[str] = frozenset(), titled: bool = False,
    dotted: bool = False,
) -> tuple[WorkItem, str] | None:
    """The item of the month that names an identifier of the claim the cited items never name, and
    that identifier (the first such), an item whose title names it first; `titled`, only such an
    item; `dotted`, a dotted name too where the cited items never write its last part. None when
    there is none, or when an item the sentence cites names it (`in_sentence`)."""
    if scope.month is None:
        return None
    citations = context.citations
    cited = {item.id for item in items}
    for key, word in claim.items():
        # The name whole: a part of it ("conditions" of test_conditions.py) names another item as often as not.
        named = _IDENTIFIER.fullmatch(word) or (dotted and _DOTTED.fullmatch(word) and not any(citations.shared(keys(word.rsplit(".", 1)[-1].rstrip("()")), item) for item in items))
        if not named or key not in whole_keys(word):
            continue
        # Named whole, not as a word that begins it ("func" of functools.lru_cache).
        ids = frozenset(id_ for id_ in citations.holding(key, scope.month) if any(word.startswith(key) for word in citations.words[id_]))
        if ids and len(ids) <= _FEW and not ids & cited and not ids & in_sentence:
            holder = max(
                (item for item in citations.of_month(scope.month) if item.id in ids),
                key=lambda item: (key in citations.titles[item.id], citations.shared(claim, item)),
            )
            if not titled or key in citations.titles[holder.id]:
                return holder, word
    return None


# An identifier's name as code writes it, snake_case or camelCase: no product's name (PyTorch, GitHub).
# A file named so ("all_reduce.py", "test_signal_wait.expected") is one too.
_IDENTIFIER = re.compile(r"(?:\w+\.)*(?:_*[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+|[a-z]+[A-Z][A-Za-z0-9]*)(?:\(\)|\.[a-z]{1,8})?")
# A dotted name in lower case ("prims.iota"), whose last part may be told alone ("torch.compile").
_DOTTED = re.compile(r"[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)+(?:\(\))?")


def _checkable(claim: dict[str, str], scope: Evidence, context: Context) -> dict[str, str]:
    """A claim without the words of how it was told that no title of its month holds: a verb or an
    adverb of the writer's ("error handling was hardened", "quickly folded into", "updated it
    twice"), or a scrap of a compound ("ups" of "Follow-ups"). They tell no item from another."""
    if scope.month is None:
        return claim
    citations = context.citations
    month = citations.of_month(scope.month)
    kept = {
        key: word for key, word in claim.items()
        if not ((_TOLD_HOW.fullmatch(word) or len(key) <= 3) and not citations.by_month_title_key.get((scope.month, key)))
        # A word every item of the month holds and no title ("triton" of tritonbench/ in every path) tells none apart.
        and not (len(month) >= 3 and not citations.by_month_title_key.get((scope.month, key)) and all(citations.shared((key,), item) for item in month))
    }  # fmt: skip
    # Words joined across a space are a pair of the claim's words: with none of its words left alone
    # ("more try" of "more try/except blocks"), a pair tells nothing either.
    return kept if any(" " not in word for word in kept.values()) else {}


# A word of how something was told: a participle or an adverb, alone or two together. Not a word
# in -ing, which names work as often as not (sharding, caching, tiling); a short acronym no item
# holds is left to the term check.
_TOLD_HOW = re.compile(r"(?:[A-Za-z]+(?:ly|ed)\s+)?(?:[A-Za-z]+(?:ly|ed)|twice|once|again)", re.IGNORECASE)


def _telling(claim: dict[str, str], scope: Evidence, context: Context) -> bool:
    """Whether a claim holds a word few of its month's items hold (a tenth of them, or _FEW)."""
    if scope.month is None:
        return True
    few = max(_FEW, len(context.citations.of_month(scope.month)) // 10)
    return any(0 < len(context.citations.holding(key, scope.month)) <= few for key in claim)


def _misplaced(
    claim: dict[str, str],
    items: list[WorkItem],
    scope: Evidence,
    context: Context,
    alone: bool,
    together: frozenset[str] = frozenset(),
    in_sentence: frozenset[str] = frozenset(),
) -> tuple[str, str | None] | None:
    """Why the cited items do not tell the claim, and the ref that does; None when they tell it
    (or tell a part of it, and an item cited beside them, `together`, tells another)."""
    if not claim:
        return None
    citations = context.citations
    # "#245 updated kernels/profile.py accordingly": a claim of a file alone, which the cited change changed, is told.
    if any(_of_its_files(claim, item, context) for item in items):
        return None
    cited = max(items, key=lambda item: citations.shared(claim, item))
    told, in_title = citations.shared(claim, cited), citations.shared(claim, cited, title=True)
    better, better_told, better_in_title = _best_other(claim, citations, scope, {item.id for item in items})
    outweighing = (_told_better(claim, items, scope, context) or _rare_words_elsewhere(claim, items, scope, context)) if alone and told else None
    # A claim of several parts, cited to several refs: one beside it tells some parts best; this one
    # may tell the rest. Where the one beside it tells the whole claim, this one adds nothing.
    if in_title and better is not None and better.id in together and 4 * better_in_title < 3 * len(claim) and not _titles_all(claim, better, citations):
        return None
    # An identifier the claim names ("store_cache_modifiers"), in none of the cited items' words
    # or code and in a few other items of the month: those tell the claim, whatever else it shares.
    named = _named_elsewhere(claim, items, scope, context, in_sentence, dotted=True) if alone else None
    if named is not None:
        return _never_names([cited], *named)
    if outweighing is not None:
        better = outweighing
    elif told and not (
        (in_title == 0 and better_in_title >= 2 and better_told > told)
        or (alone and better_in_title >= 2 * in_title + 2 and better_told >= told + 2)
        or (alone and better is not None and _titles_all(claim, better, citations) and better_in_title >= in_title + 2)
        # Another title that holds three in four of the claim's words, twice what the cited one holds.
        or (alone and 4 * better_in_title >= 3 * len(claim) and better_in_title >= 2 * in_title and better_told > told)
        # A ref whose title tells none of the claim, where another's title is the claim: cited beside
        # it, or not cited at all ("Moved … out of the examples/ folder (#1791, #1797)" for #1771's "move … out of examples/ folder").
        or (in_title == 0 and better is not None and (better.id in together or (not alone and len(claim) >= 3)) and (4 * better_in_title >= 3 * len(claim) or _titles_all(claim, better, citations)))
    ):
        return None
    words = ", ".join(sorted(set(claim.values()))[:4])
    # A claim in words no item of the month holds at all ("typo" for "Minor fix to test file name",
    # "the CI setup" for "Add CI workflow") is a paraphrase the words cannot judge, not a wrong ref.
    if better is None and scope.month is not None and not any(citations.holding(key, scope.month) for key in claim):
        return None
    if better is None:
        return f"{ref_of(cited)} is “{cited.title}”, which tells nothing of {words}, nor does the title of another work item of {context.name}", None
    # A better item that tells one word of a claim of several ("size" of "reduced size of generated
    # code", for "fix size hint lint") is named, not offered as the ref: a drafter would re-cite the
    # claim to it, and keep it.
    told_words = {word for key, word in claim.items() if " " not in word and citations.shared((key,), better)}
    whole_words = {word for word in claim.values() if " " not in word}
    suggestion = ref_of(better) if len(told_words) >= 2 or told_words == whole_words else None
    return f"{ref_of(cited)} is “{cited.title}”, which tells little of {words}; {ref_of(better)} is “{better.title}”", suggestion


def _told_better(claim: dict[str, str], items: list[WorkItem], scope: Evidence, context: Context) -> WorkItem | None:
    """The item of the month that tells a claim far better than those cited: its title holds a rare
    word of the claim that no cited item holds anywhere, and, each word weighed by how few of the
    month's items hold it (twice in a title), it tells the claim at least twice as well."""
    citations = context.citations
    if scope.month is None or not claim or any(_titles_all(claim, item, citations) for item in items):
        return None
    holding = {key: citations.holding(key, scope.month) for key in claim}
    cited = {item.id for item in items}
    # A joining the cited items write apart ("TMA load" of "TMA-load"), or a part of a word their
    # titles hold whole ("torch" of a PyTorch they write pytorch2.9), is no word they lack.
    # Rare in the month's words; or a name (Mamba2, GDN) one title alone tells, that many items' code names.
    missing = [
        key for key, ids in holding.items()
        if ids and not ids & cited and len(key) > 2  # "cu" and "te" of CuTe are no words
        and not _TOLD_HOW.fullmatch(claim[key])  # "passed it from the workflow": the writer's verb, whatever title says "passing"
        and (len(ids) <= _FEW or (_NAME.search(claim[key]) is not None and len(citations.by_month_title_key.get((scope.month, key), ())) == 1))
        and not _held_apart(claim[key], items, citations)
        and not any(whole_keys(claim[key]) & citations.titles[item.id] for item in items)
    ]  # fmt: skip
    if not missing:
        return None

    def weight(item: WorkItem) -> float:
        return sum((1 + bool(citations.shared((key,), item, title=True))) / len(ids) for key, ids in holding.items() if item.id in ids)

    told_by_cited = [ids for ids in holding.values() if ids & cited and len(ids) <= _FEW]
    # An item that tells a part the other does not ("locking the memory frequency and tuning the GPU")
    # is cited for that part: only an item that tells every rare word the cited ones do, and more,
    # in a title that tells the claim in no fewer words, replaces them.
    in_titles = max(citations.shared(claim, item, title=True) for item in items)
    candidates = [
        item for item in citations.of_month(scope.month)
        if item.id not in cited and citations.shared(missing, item, title=True) and all(item.id in ids for ids in told_by_cited)
        and citations.shared(claim, item, title=True) >= in_titles
    ]  # fmt: skip
    if not candidates:
        return None
    better = max(candidates, key=weight)
    told = max(weight(item) for item in items)
    if weight(better) >= 2 * told and weight(better) >= told + 1:
        return better
    # Or its title tells every word of the claim the cited titles tell, and the rare words they lack:
    # "adding the Mamba2 and GDN kernels to the nightly benchmarks (#2419)", #2419 adding RoPE to them.
    in_cited_titles = {key for key in claim for item in items if citations.shared((key,), item, title=True)}
    dominates = all(citations.shared((key,), better, title=True) for key in in_cited_titles)
    return better if dominates and weight(better) > told else None


def _rare_words_elsewhere(claim: dict[str, str], items: list[WorkItem], scope: Evidence, context: Context) -> WorkItem | None:
    """The one item that holds two or more of a claim's rare words, and half of them, where the cited
    items hold none, and whose title holds one: "shared-memory out-of-resources error … (#679)" for
    "Skip Triton shared memory OOM", #679 allowing compilation errors. Rare: held by a tenth of the
    month's items, or _FEW."""
    citations = context.citations
    if scope.month is None or any(_titles_all(claim, item, citations) for item in items):
        return None
    month = citations.of_month(scope.month)
    few = max(_FEW, len(month) // 10)
    holding: dict[str, set[str]] = {}  # a word of the claim -> the items that hold a key of it
    rare: set[str] = set()
    for key, word in claim.items():
        ids = citations.holding(key, scope.month)
        holding.setdefault(word, set()).update(ids)
        if 0 < len(ids) <= few:
            rare.add(word)
    cited = {item.id for item in items}
    if len(rare) < 2 or any(holding[word] & cited for word in rare):
        return None
    def held(item: WorkItem) -> int:
        return sum(1 for word in rare if item.id in holding[word])

    titled = [
        item for item in month
        if held(item) >= max(2, (len(rare) + 1) // 2) and any(claim[key] in rare and citations.shared((key,), item, title=True) for key in claim)
    ]  # fmt: skip
    return titled[0] if len(titled) == 1 else None


def _held_apart(phrase: str, items: list[WorkItem], citations: ItemWords) -> bool:
    """Whether a cited item's title holds each word of a joining ("AST-to-MSL" where it writes "MSL
    AST"): not a title of "jagged" and code that sums somewhere, for "Jagged sum"."""
    words = [word for word in PLAIN_WORD.findall(phrase) if word.lower() not in STOP_WORDS]
    return len(words) > 1 and any(all(citations.shared(keys(word), item, title=True) for word in words) for item in items)


def _titles_all(claim: dict[str, str], item: WorkItem, citations: ItemWords) -> bool:
    """Whether an item's title tells every word of a claim of two words or more (their joinings aside):
    the claim is that item's title in other words."""
    words = {key for key, word in claim.items() if " " not in word}
    # A title of many clauses holds the words of many claims: it is no claim's other wording.
    short = len(WORD.findall(item.title)) <= 4 * (len(words) + 1)
    return len(words) >= 2 and short and citations.shared(words, item, title=True) == len(words)


def _copied_title(text: str, items: list[WorkItem], scope: Evidence, context: Context) -> tuple[str, str | None] | None:
    """A claim that is another item's title word for word (of three words or more, its verb in any
    form: "Updated pyrefly to 0.46.2" of "Update pyrefly to 0.46.2"), cited with a ref whose title
    it is not and holds no more of the claim's words: that item is the one it tells."""
    if scope.month is None:
        return None
    said = f" {_compared_words(text)} "
    cited = {item.id for item in items}
    cited_titles = [_title_words(item) for item in items]
    if any(f" {title} " in said for title in cited_titles):
        return None
    # "Fixed `register_block_size` codegen to handle block size constexpr assignment in host code (#678)":
    # another title copied, and more words of the cited title's than that title has.
    words = set(said.split()) - STOP_WORDS
    told_by_cited = [set(title.split()) & words for title in cited_titles]
    cited_told = max(len(told) for told in told_by_cited)
    for item in context.citations.of_month(scope.month):
        title = _title_words(item)
        # A revert's title holds the title it reverts: the claim tells the revert too.
        if item.id not in cited and len(title.split()) >= 3 and f" {title} " in said and not any(title in other for other in cited_titles) and cited_told <= len(set(title.split()) - STOP_WORDS):
            # "fixed downstream workflow by ensuring qtconsole is enabled in downstream checks (#1090)":
            # two words of its own in the claim, the cited title tells a part of the work.
            if any(len(told - set(title.split())) >= 2 for told in told_by_cited):
                continue
            return f"{ref_of(items[0])} is “{items[0].title}”; the claim is the title of {ref_of(item)}, “{item.title}”", ref_of(item)
    return None


def _title_words(item: WorkItem) -> str:
    return _title_text(item.title)


@functools.cache
def _title_text(title: str) -> str:
    """A title's words as a claim's are compared with it: each claim is compared with every title
    of its month, so each title is read once."""
    return _compared_words(title)


def _compared_words(text: str) -> str:
    """A text's words, lower case and stemmed, its PR suffix aside: "updated" is "update"."""
    return " ".join(stem(word).removesuffix("e") for word in WORD.findall(PR_SUFFIX.sub("", text).lower()))


def _plain_claim(text: str, context: Context) -> dict[str, str]:
    """A claim's content words by key, common ones included: how a claim in plain words is read."""
    skipped = _skipped_words(context)
    return {key: word for word in WORD.findall(text) if _is_plain_content(word, skipped) for key in keys(word)}


def _is_plain_content(word: str, skipped: frozenset[str]) -> bool:
    # A two-letter acronym ("CI", "IR") is a word of the work all the same.
    return _is_content(word, skipped) or _TWO_CAPITALS.fullmatch(word) is not None


_TWO_CAPITALS = re.compile(r"[A-Z]{2}")


def _apart_in_plain_words(text: str, items: list[WorkItem], beside: list[WorkItem], context: Context) -> tuple[str, str | None] | None:
    """For a claim in plain words cited to several refs: this one says none of its words anywhere,
    where another of the refs says one of them in its title."""
    claim = _plain_claim(text, context)
    citations = context.citations
    if not claim or any(citations.shared(claim, item) for item in items):
        return None
    telling = [item for item in beside if citations.shared(claim, item, title=True)]
    if not telling:
        return None
    words = ", ".join(sorted(set(claim.values())))
    return f"{ref_of(items[0])} is “{items[0].title}”, which tells nothing of {words}; {ref_of(telling[0])} is “{telling[0].title}”", None


def _misplaced_in_plain_words(text: str, items: list[WorkItem], scope: Evidence, context: Context) -> tuple[str, str | None] | None:
    """For a claim told only in words many titles use: the cited item's title tells none of them
    (nor does all it says tell them all), and one other item of the month has them all in its title."""
    claim = _plain_claim(text, context)
    citations = context.citations
    if len(set(claim.values())) < 2 or scope.month is None:
        return None
    if any(citations.shared(claim, item, title=True) or citations.shared(claim, item) == len(claim) for item in items):
        return None
    cited = {item.id for item in items}
    whole = [item for item in citations.of_month(scope.month) if item.id not in cited and citations.shared(claim, item, title=True) == len(claim)]
    if len(whole) > 1:
        # Of several, the one whose title holds most of the claim's other words too ("handling").
        every = {key for word in WORD.findall(text) for key in keys(word)}
        scores = [citations.shared(every, item, title=True) for item in whole]
        whole = [item for item, score in zip(whole, scores) if score == max(scores)]
    if len(whole) != 1:
        return None
    words = ", ".join(sorted(set(claim.values())))
    return f"{ref_of(items[0])} is “{items[0].title}”, which tells nothing of {words}; {ref_of(whole[0])} is “{whole[0].title}”", ref_of(whole[0])


# A word shaped like code: `_run`, `hl.dot`, `out_dtype`, `GraphModule`.
_CODE = re.compile(r"^_|[a-z0-9][._][A-Za-z]|[A-Z0-9][._][a-z]|[a-z][A-Z]|[A-Z0-9]_[A-Z]")
# A citation that only lists examples of what came before: "landed 40 commits, among them #2690".
_LISTING = re.compile(r"\b(?:among them|among these|including|such as|e\.g\.|namely|for example)[\s:,(]*$", re.IGNORECASE)
_CLAUSE_BREAK = re.compile(
    r"[,;:]\s|\s[–—-]\s"
    # "… and fixed the linter (#250)": a conjunction before a verb opens a claim of its own.
    r"|\s(?:and|then|while|but)\s(?=(?:also\s+)?(?:[a-z]+ed|made|built|wrote|ran|set|put|led|cut|kept|gave|took|brought|sped|taught)(?![\w-]))"
)
# How a clause that makes a claim of its own opens ("…, and his indexing fixes (#424)"), where one
# that goes on with the list before it ("a roster in, every developer's profile out") does not.
_OWN_CLAUSE = re.compile(r"\s*(?:and|or|but|then|while|so|his|her|their|its|which|who|also)\b", re.IGNORECASE)
# How a clause that says why or how the work came about, or what came of it, opens.
_REASON = re.compile(
    r"\s*(?:following|after|per|thanks to|in response to|as requested|as suggested|based on|prompted by|at the request of"
    # …or what came of it: "…, so the second stage learns from the LLM (#2091)" claims the work before it.
    r"|so|so that|thus|thereby|allowing|enabling|letting|which"
    # …or why: "…, since nothing else in the kernel reads the C tensor (0a6f4ad)".
    r"|since|because|as\s+(?:it|they|the|its|their|nothing|no)"
    # …or how it was done: "…, by merging the stripped defaults back in (#1522)".
    r"|by\s+[a-z]+ing"
    # …or what it did besides, told by a participle: "…, verifying its SHA256 before loading it (#3034)".
    r"|[a-z]{3,}ing"
    # …or what each of them came with: "Mamba2 chunk scan and chunk state kernels, each with a PyTorch reference (#918)".
    r"|(?:each|both|all|every\s+one)(?:\s+(?:with|of\s+them))?|with)\b",
    re.IGNORECASE,
)
# A word written as a name, not as plain English: capitals past its first letter, digits, an
# underscore, or dotted (`torch.gather`).
_NAME = re.compile(r"^.+[A-Z0-9_]|\w\.\w")
_QUOTED_BLANK = re.compile(r"[“\"]\s+[”\"]")
# What may stand between refs of one citation: "(#12, #13 and #14)".
_BETWEEN_REFS = re.compile(r"^[\s,;()\[\]/&+]*(?:and|or)?[\s,;()\[\]/&+]*$")


# What stands between two refs where the first one's parenthesis closed before the second: "), and ".
_CLOSED_BEFORE = re.compile(r"\)[^(]*$")
# A list item's bold label ("**Follow-up.** "), no words of a claim.
_LABEL = re.compile(r"^\s*(?:[-*]\s+)?(?:\*\*|__)[^*_]+(?:\*\*|__)\s*")
_NAMED_IN = re.compile(r"\b(?:in|from|by|via|of|see)\s*[(\[]?\s*$", re.IGNORECASE)
# Words that point at the item a ref names, before it: "the second (#3200)", "and then (#12)".
_POINTING = re.compile(
    r"\s*(?:(?:and|then|while|but|whereas)\s+)*(?:(?:the\s+)?(?:first|second|third|fourth|fifth|last|latter|former|other|next|final|another|one|"
    r"later one|follow-up|followup)(?:\s+(?:one|pass|change|step|part|PR|commit))?"
    # "Commit a6edcf1 then taught …", "PR #12 adds …": the ref named as what it is.
    r"|(?:(?:the|his|her|their|a)\s+)?(?:commit|PR|pull\s+request|patch)"
    # "A week after #1760 added …": a time beside the ref, whose claim follows it.
    r"|(?:(?:a|an|one|two|three|four|a few|several|\d+)\s+(?:days?|weeks?|months?|hours?)\s+)?(?:after|before|since|until|once|when))?\s*[(\[]?",
    re.IGNORECASE,
)


# A verb after a ref that is its clause's subject: "#2137 then made", "#3323 canonicalized".
_SUBJECT_VERB = re.compile(
    r"\s+(?:(?:then|also|later|further|now|first|finally)\s+)?(?:[a-z]+ed|[a-z]{3,}(?<!s)s|made|built|wrote|ran|set|put|led|cut|kept|gave|took|brought|sped|taught)\b(?!\s*\()"
)
_SENTENCE_END = re.compile(r"[.!?]\s+")
# Words that introduce a ref before its clause: "With #1802, …", "In #1969, …".
_INTRODUCING = re.compile(r"\s*(?:(?:and|then)\s+)?(?:with|in|through|via|under|for)\s*", re.IGNORECASE)


def _claims(text: str, refs: list[re.Match[str]], narrow: bool = False) -> list[str]:
    """For each ref, the words it is cited for: those since the last citation (refs cited together
    share them) or, `narrow`, the clause the citation closes; for a citation that opens the
    sentence, the words after it."""
    claims: list[str] = []
    theme = _theme_end(text, refs)
    for index, ref in enumerate(refs):
        between = text[refs[index - 1].end() : ref.start()] if index else ""
        # "(#950), and #969 updated …": a ref after the parenthesis of the one before closed is no part of its citation.
        if index and _BETWEEN_REFS.match(between) and not _CLOSED_BEFORE.search(between):
            claims.append(claims[-1])
            continue
        clause = text[refs[index - 1].end() if index else theme : ref.start()]
        if _LISTING.search(clause):
            claims.append("")  # "40 commits, among them #2690": an example of a count, no claim of its own
            continue
        # "…; the second (#3200) computes …": a ref after the words that only point at it is cited
        # for the words after it.
        pointing = _LABEL.sub("", _CLAUSE_BREAK.split(clause)[-1])
        # "…, #2055 turns an invalid pallas_loop_type into a ValueError", "With #1802, the compiler
        # records …": a ref that is its clause's subject, or opens it, is cited for the words after it.
        bare = text[ref.start() - 1 : ref.start()] != "("
        # A hash opens a sentence in lower case ("… across ranks. c22ee64 adds …"): the sentence before is not its.
        opening = _SENTENCE_END.split(pointing)[-1]
        subject = bare and (not WORD.search(opening) or _POINTING.fullmatch(opening)) and _SUBJECT_VERB.match(text, ref.end())
        if subject or (bare and _INTRODUCING.fullmatch(pointing) and text.startswith(",", ref.end())):
            following = refs[index + 1].start() if index + 1 < len(refs) else len(text)
            claims.append(text[ref.end() : following])
            continue
        if WORD.search(pointing) and _POINTING.fullmatch(pointing):
            following = refs[index + 1].start() if index + 1 < len(refs) else len(text)
            claims.append(text[ref.end() : following])
            continue
        if narrow:
            clauses = _CLAUSE_BREAK.split(clause)
            # "…, following reviewer feedback (#208)": a clause that gives a reason claims nothing alone.
            # A ref named inside its clause ("reading the facts added in #2761") is that clause's.
            while len(clauses) > 1 and _REASON.match(clauses[-1]) and not _NAMED_IN.search(clauses[-1]):
                clauses[-2:] = [f"{clauses[-2]} {clauses[-1]}"]
            clause = clauses[-1]
        if not WORD.search(clause) and index:
            claims.append(claims[-1])  # '“Revert "… (#652)"” (#698)': cited for what the ref before it was
            continue
        if not WORD.search(clause):
            following = refs[index + 1].start() if index + 1 < len(refs) else len(text)
            clause = text[ref.end() : following]
        elif (closing := _CLOSES_LABEL.match(text, ref.end())) and _LABEL_OPENS.match(text):
            # "- **Test upkeep (#432).** Regenerated test_signal_wait.expected": a label's refs are cited for what the item says after it.
            following = next((later.start() for later in refs[index + 1 :] if later.start() >= closing.end()), len(text))
            clause = f"{clause} {text[closing.end() : following]}"
        claims.append(clause)
    return claims


def _theme_end(text: str, refs: list[re.Match[str]]) -> int:
    """Where the words that open a sentence as the theme of what follows end: "Keyboard shortcuts
    were a recurring theme: she refactored the shortcuts UI (#16043), fixed … (#16214)" says of all
    the refs after the colon what they share, and the first of them is cited for its own clause
    only, where that clause tells work done. A colon before one ref ("Autotuner: added …") is a
    label of that ref's claim; a clause that only points ("… took a few rounds: the first attempt
    (#705) was reverted") is cited for the theme."""
    colon = _THEME.search(text, 0, refs[0].start()) if refs else None
    if colon is None or len(refs) < 2 or not _DONE.search(text, colon.end(), refs[0].start()):
        return 0
    return colon.end()


_THEME = re.compile(r"(?<![*_`]):\s+")
_DONE = re.compile(r"\b(?:[a-z]{3,}ed|made|built|wrote|rewrote|set|put|cut|kept|gave|took|brought|sped|taught)\b")


# A ref closing a list item's bold label ("**Test upkeep (#432).**", "**Grouped GEMM** (6aa7ddd):"),
# and a list item that opens with one.
_CLOSES_LABEL = re.compile(r"(?:\s*[,;&]\s*(?:and\s+)?(?:#\d+|[0-9a-f]{7,40}))*[)\]]?(?:[.:]?(?:\*\*|__)|:)")
_LABEL_OPENS = re.compile(r"^\s*(?:(?:[-*]|\d+[.)])\s+)?(?:\*\*|__)")


def check_figure_sources(sentence: Sentence, scope: Evidence, context: Context) -> Iterator[Finding]:
    """A figure supports only a claim about the work it came from: "2x" in the body of a cache change
    does not make "the new parser made imports 2x faster" true. Each figure the month's commits state
    must stand in an item that tells one of the sentence's specific words."""
    text = sentence.text
    if scope.month is None or TAG_LINE.match(text) or text.lstrip().startswith("|"):
        return
    matches = [match for match in FIGURE.finditer(text) if (float(match.group("value")), unit_name(match.group("unit"))) in scope.figures]
    if not matches:
        return
    claim = claim_keys(FIGURE.sub(" ", text), context)
    if not claim:
        return
    citations = context.citations
    month_items = citations.of_month(scope.month)
    refs = refs_in(text)
    cited = [item for match, kind in refs for item in citations.cited(match, kind) if item.month == scope.month]
    for match in matches:
        figure = (float(match.group("value")), unit_name(match.group("unit")))
        stating = [item for item in month_items if figure in citations.figures[item.id]]
        # The one ref a sentence gives for a figure another item of the month states: "on H100 it
        # reached only 103.698 TFLOPS (0a6f4ad)", where e57b2b7's table gives it.
        if len(refs) == 1 and cited and stating and not any(figure in citations.figures[item.id] for item in cited):
            message = f"{match.group(0)} is {ref_of(stating[0])}'s figure (“{stating[0].title}”), not {ref_of(cited[0])}'s (“{cited[0].title}”)"
            yield finding(FindingKind.WRONG_EVIDENCE, sentence, refs[0][0], scope, message, ref_of(stating[0]))
            continue
        if not stating or any(citations.shared(claim, item) for item in stating):
            continue
        item = stating[0]
        told = ", ".join(sorted(set(claim.values()))[:4])
        message = f"{match.group(0)} is {ref_of(item)}'s figure (“{item.title}”), which tells nothing of {told}"
        yield finding(FindingKind.UNSUPPORTED_NUMBER, sentence, match, scope, message)


def check_months_of_work(sentence: Sentence, scope: Evidence, context: Context) -> Iterator[Finding]:
    """`wrong_month` for work told in plain words in a month it did not land in: a phrase of two
    content words, one of them specific, rare in the repositories' commits, that the titles of a
    few of the developer's items of another month tell, and no word of this month's items; or a
    version so told. Words a ref cites are not read (the citation checks them), those after the
    last ref are."""
    text = sentence.text
    if scope.month is None or TAG_LINE.match(text):
        return
    # What the refs cite is theirs to tell (check_citations): only the words after the last are read here.
    refs = refs_in(text)
    uncited = refs[-1][0].end() if refs else 0
    citations = context.citations
    skipped = _skipped_words(context)
    words = [match for match in WORD.finditer(text, uncited) if _is_content(match.group(0), skipped)]
    here = citations.of_month(scope.month)
    found: list[tuple[int, int, WorkItem]] = []
    for first, second in zip(words, words[1:]):
        if text[first.end() : second.start()] not in (" ", "-"):
            continue
        if not any(_is_specific(part, skipped) for word in (first, second) for part in parts(word.group(0))):
            continue
        # A phrase the field uses everywhere ("flash attention" in a kernels benchmark) is nobody's month.
        pair = (stem(first.group(0).lower()), stem(second.group(0).lower()))
        if context.history.others and context.colleagues.used[pair] > context.colleagues.rare:
            continue
        wanted = [keys(first.group(0)), keys(second.group(0))]
        # Told by another month's title, and by no word of this month's items: the work is that month's.
        telling = citations.titled(wanted)
        if not telling or len(telling) > _FEW or any(item.month == scope.month for item in telling):
            continue
        if any(all(key_set & citations.words[item.id] for key_set in wanted) for item in here):
            continue
        if found and found[-1][1] >= first.start() and found[-1][2].id == telling[0].id:
            found[-1] = (found[-1][0], second.end(), telling[0])  # "AMD Trunk experiment": one phrase
        else:
            found.append((first.start(), second.end(), telling[0]))
    # A version ("Python 3.14 support") that only another month's titles give.
    for match in VERSION.finditer(text, uncited):
        key = f"v{match.group(1)}"
        telling = citations.by_title_key.get(key, [])
        if not telling or len(telling) > _FEW or any(item.month == scope.month for item in telling) or any(key in citations.words[item.id] for item in here):
            continue
        before = re.search(r"[\w.-]+\s+$", text[: match.start()])
        found.append((before.start() if before else match.start(), match.end(), telling[0]))
    found = found or _titles_told(text, uncited, scope, context, skipped)
    if found:
        start, end, item = min(found, key=lambda phrase: phrase[0])
        message = f"“{text[start:end]}” is {ref_of(item)} “{item.title}”, of {month_label(item.month)}, not of {month_label(scope.month)}"
        yield finding(FindingKind.WRONG_MONTH, sentence, (start, end), scope, message, item.month)


def _titles_told(text: str, uncited: int, scope: Evidence, context: Context, skipped: frozenset[str]) -> list[tuple[int, int, WorkItem]]:
    """A clause that tells an item's title of another month, in most of its words ("adding support for
    block size variable outside of the hl.tile loop", #619's "Support using block size var outside of
    hl.tile loop", told in October), where no item of the month named says all the words it tells (in
    its title, messages or code): that month's work."""
    citations = context.citations
    found = []
    for clause in _CLAUSE.finditer(text, uncited):
        said = {key for word in WORD.findall(clause.group(0)) if _is_content(word, skipped) for key in keys(word)}
        if len(said) < _TITLE_TOLD:
            continue
        best: tuple[int, WorkItem] | None = None
        for id_, score in citations.title_scores(said, None).most_common():
            if score < _TITLE_TOLD:
                break
            item = citations.item(id_)
            told = _title_words_told(item.title, said, skipped)
            if best is None or told > best[0]:
                best = (told, item)
        if best is None or best[1].month == scope.month:
            continue
        told, item = best
        words = [word for word in WORD.findall(item.title) if _is_specific(word, skipped)]
        if told < _TITLE_TOLD or 3 * told < 2 * len(words):
            continue
        wanted = [keys(word) for word in words if _title_words_told(word, said, skipped)]
        if any(all(citations.shared(key_set, each) for key_set in wanted) for each in citations.of_month(scope.month or "")):
            continue
        start = clause.start() + len(clause.group(0)) - len(clause.group(0).lstrip())
        found.append((start, clause.end(), item))
    return found


def _title_words_told(title: str, said: set[str], skipped: frozenset[str]) -> int:
    """How many of a title's specific words a clause's keys tell: the same key, or one that begins
    the other ("var" of variable)."""
    told = 0
    for word in WORD.findall(title):
        if _is_specific(word, skipped) and any(key == other or (min(len(key), len(other)) >= 3 and (key.startswith(other) or other.startswith(key))) for key in keys(word) for other in said):
            told += 1
    return told


# A clause: what runs between commas, semicolons, colons and a joining "and".
_CLAUSE = re.compile(r"[^,;:]+?(?=\s+and\s+|[,;:]|[.!?]?\s*$)")
# A title told in another month's words: this many of its specific words, and two in three of them.
_TITLE_TOLD = 3


def _is_content(word: str, skipped: frozenset[str]) -> bool:
    """A word that may stand in a phrase of the work: no stop, action or value word, name or number."""
    lowered = word.lower()
    stemmed = stem(lowered)
    return not (
        lowered in skipped or lowered in STOP_WORDS or lowered in FUNCTION_WORDS or lowered in _MONTH_WORDS or len(lowered) < 3 or lowered.isdigit()
        or stemmed in ACTION_STEMS or stemmed in _VALUE_WORDS
    )  # fmt: skip


# A phrase more of the developer's items tell than this is their everyday work, no one item's.
_FEW = 3


def _best_other(claim: dict[str, str], citations: ItemWords, scope: Evidence, cited: set[str]) -> tuple[WorkItem | None, int, int]:
    """The developer's item, other than those cited, whose title tells most of the claim (of the
    sentence's month; of the period when it names none): the item, how many claim words it tells in
    all, in its title. Only items whose titles hold one of the claim's keys are weighed."""
    month = scope.month
    titled = (citations.by_title_key.get(key, ()) if month is None else citations.by_month_title_key.get((month, key), ()) for key in claim)
    candidates = {item.id: item for items in titled for item in items if item.id not in cited}
    if not candidates:
        return None, 0, 0
    # Weighed by title first; all an item says is counted for the few titles that tell most.
    scores = citations.title_scores(claim, month)
    by_title = sorted(((scores[item.id], item) for item in candidates.values()), key=lambda pair: -pair[0])[:_WEIGHED]
    in_title, told, item = max(((in_title, citations.shared(claim, item), item) for in_title, item in by_title), key=lambda score: (score[0], score[1]))
    return (item, told, in_title) if told else (None, 0, 0)


# How many of the best titles are weighed by all they say.
_WEIGHED = 3
