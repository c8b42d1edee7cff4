"""Checks of technical terms, acronym expansions and repository names against the evidence."""

from __future__ import annotations

import re
from collections.abc import Iterator
from difflib import SequenceMatcher
from importlib import resources

from summarizer.models.findings import Finding, FindingKind
from summarizer.validation.acronyms import Expansion, expansions, glossary, standard
from summarizer.validation.claims import count_spans
from summarizer.validation.colleagues import landed_by_another
from summarizer.validation.context import Context, finding
from summarizer.validation.evidence import FIGURE, Evidence, normalize
from summarizer.validation.items import NUMBER_WORDS, joined_key, parts, whole_keys
from summarizer.validation.items import keys as keys_of
from summarizer.validation.prose import LANGUAGE, TAG_LINE, near_login
from summarizer.validation.sections import PR_REF, SHA, Sentence
from summarizer.validation.vocabulary import GENERIC_TERMS, GENERIC_WORDS, IMPORTED_AS


def _tools() -> list[str]:
    """The tools and libraries named in lower case (tools.txt), longest first."""
    text = resources.files("summarizer.validation").joinpath("tools.txt").read_text(encoding="utf-8")
    return sorted((line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")), key=len, reverse=True)


TERM = re.compile(
    r"`(?P<code>[^`\n]+)`"
    r"|(?P<dotted>(?<![\w.@/])[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+(?:\(\))?)"
    r"|(?P<snake>(?<![\w.@/])_*[A-Za-z][A-Za-z0-9]*(?:_+[A-Za-z0-9]+)+(?![\w@]))"
    r"|(?P<camel>(?<![\w@/])_*(?=[A-Za-z0-9]*(?:[a-z][A-Z]|[A-Z]{2}[a-z]{2}))[A-Za-z][A-Za-z0-9]*(?![\w@]))"
    r"|(?P<digits>(?<![\w@/#.-])(?<!\d,)(?=[A-Za-z0-9-]*\d)(?=[A-Za-z0-9-]*[A-Za-z])[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*(?![\w@]))"
    r"|(?P<caps>(?<![\w@/])[A-Z][A-Z0-9]*[A-Z][A-Z0-9]*s?(?![\w@]))"
    r"|(?P<mixed>(?<![\w@/])[A-Z]{2,}[a-z]{1,2}(?![\w@]))"
    # A technique named with a letter: Stream-K, Split-K.
    r"|(?P<lettered>(?<![\w@/-])[A-Z][a-z]+-[A-Z][A-Z0-9]{0,2}(?![\w@-]))"
    # A tool named in lower case: "adopted isort", "built on mkdocs-material".
    r"|(?P<tool>(?<![\w@/.-])(?:" + "|".join(map(re.escape, _tools())) + r")(?![\w@/-]))"
)
# A product's or tool's name in prose ("a Redis cache", "deployed on Kubernetes", "profiled with
# Nsight Compute"): capitalised words inside a sentence, after a lower-case word, or before a suffix
# of kind ("a Ruff-based lint step").
_PROPER = re.compile(
    r"(?<=[a-z] )(?P<proper>[A-Z][a-z]{2,}[a-z0-9]*(?:\s[A-Z][a-z]{2,}[a-z0-9]*)*)\b"
    r"(?![@/.'’]\w|-(?!(?:based|powered|driven|backed|style|like|compatible)\b)\w|\s+[A-Z0-9])"
)
_CALENDAR = frozenset("""
january february march april may june july august september october november december
monday tuesday wednesday thursday friday saturday sunday english
""".split())
_NOT_A_TERM = re.compile(
    r"^(?:\d+-?(?:st|nd|rd|th|s|k|K|M|x|ms|GB|MB|KB|TB|B|bit)|Q[1-4]|[ivxIVX]+|e\.g|i\.e|(?:[A-Za-z]\.)+[A-Za-z]?)$"
)
_ALPHANUMERIC = re.compile(r"[A-Za-z0-9]")
_URL_OR_EMAIL = re.compile(r"https?://\S+|(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_OWNER_NAME = re.compile(r"(?<![\w./@:-])(?P<token>[A-Za-z][\w.-]*/[A-Za-z0-9][\w.-]*[A-Za-z0-9])(?![\w/])")
_NOT_REPOSITORIES = re.compile(r"^(?:and/or|I/O|w/o|try/(?:catch|except)|if/else|[kMGT]i?B/s|tokens/s|it/s|req/s)$", re.IGNORECASE)
_REPOSITORY_CONTEXT_BEFORE = re.compile(r"\b(?:repo|repository|in|to|into|at|from|for|on|across)\s+(?:the\s+)?`?$", re.IGNORECASE)
# Where work lands, before a pair of words: "in pytorch/pytorch", not "a strategy for load/store".
_PLACE_BEFORE = re.compile(r"\b(?:repo|repository|in|to|into|at|from|across)\s+(?:the\s+)?`?$", re.IGNORECASE)
_LISTED_AFTER = re.compile(r"`?(?P<previous>[\w./-]+)`?(?:,\s*|\s+and\s+)`?$")
_LISTED_REPOSITORIES = re.compile(r"\b(?:across|in|on|to|between)\s+(?P<first>[a-z][\w.-]*[a-z0-9])\s+and\s+(?P<second>[a-z][\w.-]*[a-z0-9])(?=\s*(?:[,.;:)]|$)|\s+(?:[a-z]+ed|was|were)\b)")
_REPOSITORY_CONTEXT_AFTER = re.compile(r"^`?(?:#\d|\s+(?:repo|repository)\b)", re.IGNORECASE)
_NAMED_REPOSITORY = re.compile(
    r"(?<![\w.-])(?:the\s+)?`?(?<![\w.-])(?P<before>[A-Za-z][\w.-]*)`?\s(?:repository|repositories|repos?)\b"
    r"|\b(?:repository|repo)\s+`?(?P<after>[A-Za-z][\w./-]*[A-Za-z0-9])`?",
    re.IGNORECASE,
)
_NOT_REPOSITORY_NAMES = frozenset({
    "the", "same", "main", "new", "this", "that", "her", "his", "their", "its", "a", "an", "other", "each",
    "every", "one", "upstream", "whole", "entire", "github", "gitlab", "monorepo", "internal", "core", "shared",
    "single", "own", "existing", "separate", "companion", "sister", "sibling", "parent", "partner", "downstream", "open-source", "opensource", "oss",
    "bootstrap", "setup", "layout", "structure", "root", "history", "settings", "hygiene", "maintenance", "public", "private", "different", "git", "code", "source", "project",
    "and", "or", "in", "of", "per", "across", "into", "to", "from", "for", "fork", "forked", "docs", "doc", "documentation", "website", "site",
    "check", "checks", "rules", "hooks", "review", "metadata", "config", "configuration", "level", "wide", "health",
})  # fmt: skip


def check_terms(sentence: Sentence, scope: Evidence, context: Context, expanded: set[str]) -> Iterator[Finding]:
    if TAG_LINE.match(sentence.text):
        return  # a skills line's tags are checked as skills (prose.check_skills)
    masked = _mask(sentence)
    # An acronym spelled out as the repository spells it ("a Python-embedded domain-specific
    # language (DSL)") says what the project is, no work of anyone's.
    expanded = expanded | {expansion.acronym for expansion in expansions(sentence.text) if _spelled_in_evidence(expansion, context)}
    for match in TERM.finditer(masked):
        kind = match.lastgroup or ""
        term = match.group(kind)
        if kind == "code":
            # A command line quoted whole is an example of use, not a name to find; nor are words quoted as code.
            if len(term) > _LONGEST_NAME or len(term.split()) >= _QUOTED_WORDS:
                continue
            # `f(x)` names f; `TRITON_INTERPRET=1` names the variable it sets.
            term = re.sub(r"\(.*\)$|(?<=\w)=[^\s=]*$", "", term).strip()
        base = term[:-1] if kind == "caps" and term.endswith("s") and len(term) > 2 else term
        # A one-letter name (`a`, `x`) is a variable's, which no writer invents; an operator (`==`) is no name.
        if len(term) < 2 or not _ALPHANUMERIC.search(term) or base in GENERIC_TERMS or term in GENERIC_TERMS or _NOT_A_TERM.match(term) or base in expanded:
            continue
        if LANGUAGE.fullmatch(term):
            continue  # a language named is a skill claim, checked as one
        if scope.mentions(term) or scope.mentions(base) or context.repository_named(term) or _matches_written(term, scope, context):
            continue
        if kind in _IDENTIFIER_KINDS and _numbered_in_code(term, scope, context):
            continue
        # Said in other words than the commits': `BF16` for bfloat16, FSDP for FullyShardedDataParallel.
        told = context.citations.told(scope.month)
        if _told_by_keys(term, told, scope, context) or _told_in_parts(term, kind, scope, context) or _sized(term, scope, context) or _their_typo(term, told):
            continue
        if _joined_with_neighbour(masked, match.start(kind), match.end(kind), told) or (_NAME_RUN.fullmatch(term) and _inside_their_names(term, scope, context)):
            continue
        if kind in ("camel", "code") and _typed_in_their_code(term, scope, context):
            continue
        # A package named as its code imports it: PyTorch where they write torch. A vendor named by its
        # hardware: NVIDIA where they write B200.
        if any(name in told for name in IMPORTED_AS.get(term.lower(), ())) or _made_by(term, scope):
            continue
        span = (match.start(kind), match.end(kind))
        # Another month's, in its messages or, an identifier, in the code it changed (as it is spelt).
        spelt = whole_keys(term) - {"".join(part[0] for part in parts(term))} if kind in _IDENTIFIER_KINDS else frozenset()
        elsewhere = context.placed_elsewhere(
            lambda evidence: evidence.mentions(term) or evidence.mentions(base) or bool(spelt & context.citations.told(evidence.month)),
            sentence, span, scope, f"“{term}”",
        )  # fmt: skip
        others = landed_by_another(term, sentence, scope, context) if elsewhere is None else False
        if others is True:
            continue  # a teammate's, and the sentence says so
        if others and _GPU_MODEL.fullmatch(term):
            others = False  # a GPU's model (H100, MI300X) a teammate's commit names is hardware, no one's work
        login = near_login(term, context)
        if elsewhere is None and not others and login:
            yield finding(FindingKind.NAME_MISMATCH, sentence, span, scope, f"“{term}” is not {context.name}: their login is {login}", login)
            continue
        # "worked across jupyter_client and jupyter_server": a repository read for the period where
        # they landed nothing, or a name listed with theirs, is a repository they did not work in.
        if elsewhere is None and (_read_not_theirs(term, context) or _listed_with_theirs(masked[max(0, match.start(kind) - _LISTED_REACH) : match.start(kind)], context)):
            names = ", ".join(repository.name for repository in context.history.repositories)
            yield finding(FindingKind.UNKNOWN_REPO, sentence, span, scope, f"{context.name} has no commits in {term} in the period", names)
            continue
        yield elsewhere or others or finding(FindingKind.UNGROUNDED_TERM, sentence, span, scope, f"“{term}” appears in no commit{context.where(scope)}")
    if not sentence.text.lstrip().startswith(("#", "|")):
        yield from _proper_names(sentence, masked, scope, context)


def _read_not_theirs(term: str, context: Context) -> bool:
    """Whether a term names a repository whose commits were read (their teammates') but none of theirs."""
    wanted = term.strip("`").lower()
    return any(wanted in (commit.repo.lower(), commit.repo.lower().rsplit("/", 1)[-1]) for commit in context.history.others)


# How far back a list's previous name is read: a `$`-anchored search over a whole pasted blob
# would start again at every character.
_LISTED_REACH = 160


def _listed_with_theirs(before: str, context: Context) -> bool:
    """Whether the words before a term end on a repository of theirs in a list: "jupyter_server, jupyter_client and "."""
    listed = _LISTED_AFTER.search(before)
    return listed is not None and context.repository_named(listed.group("previous")) is not None


# A dotted or snake_case name, which may be a run of the words of a longer one: `bwd_da` of
# squeeze_and_excitation_net_bwd_da.
_NAME_RUN = re.compile(r"[A-Za-z_]\w*(?:[._][A-Za-z_0-9]\w*)+(?:\(\))?")


def _made_by(vendor: str, scope: Evidence) -> bool:
    """Whether the commits name hardware, or a platform, of this vendor: NVIDIA's B200 or CUDA, AMD's MI300 or ROCm."""
    made = _HARDWARE_OF.get(vendor.lower())
    return made is not None and made.search(scope.text) is not None


_GPU_MODEL = re.compile(r"(?:[ABHLV]\d{2,3}[A-Z]?|GB\d{3}|T4|MI\d{3}[A-Z]?)s?")
_HARDWARE_OF = {
    "nvidia": re.compile(r"\b(?:[ABHL]\d{2,3}[A-Z]?|GB\d{3}|V100|T4|cuda|cutlass|hopper|blackwell|ampere)\b", re.IGNORECASE),
    "amd": re.compile(r"\b(?:MI\d{3}[A-Z]?|rocm|hip)\b", re.IGNORECASE),
}


def _inside_their_names(term: str, scope: Evidence, context: Context) -> bool:
    """Whether a dotted or snake_case name is a run of the words of a name in the code of the scope's
    commits: `torch.compile` where they wrote torch_compile_int4_gemm, `aten.full` in
    torch.ops.aten.full.default, `bwd_da` in squeeze_and_excitation_net_bwd_da;
    or a module and a name their code imports from it: `triton.testing.do_bench` where it wrote
    `from triton.testing import do_bench`."""
    words = {word.lower() for word in _code_words(scope, context)}
    # A name longer than any of theirs is inside none, nor made of two (a pasted 100 kB run of "ab.").
    longest = max(map(len, words), default=0)
    if len(term) > 2 * longest + 1:
        return False
    parts = [part.lower() for part in term.removesuffix("()").split(".")]
    if len(term) <= longest:
        inside = re.compile(r"(?:^|[._])" + r"[._]".join(map(re.escape, parts)) + r"(?:[._]|$)")
        if any(inside.search(word) for word in words):
            return True
    return any(".".join(parts[:cut]) in words and ".".join(parts[cut:]) in words for cut in range(1, len(parts)))


def _typed_in_their_code(term: str, scope: Evidence, context: Context) -> bool:
    """Whether their code names the term's type or class by one more word: SymFloat where it
    writes SymFloatType.new_unbacked, a `Tile` where it writes TileClass."""
    typed = {f"{term}{suffix}" for suffix in _TYPE_SUFFIXES}
    return any(piece in typed for word in _code_words(scope, context) for piece in word.split("."))


_TYPE_SUFFIXES = ("Type", "Types", "Class", "Impl", "Info")


def _joined_with_neighbour(text: str, start: int, end: int, told: frozenset[str]) -> bool:
    """Whether a term and the word beside it are one word of the commits: "RMS norm" where they
    write rmsnorm."""
    after = _NEXT_WORD.match(text, end)
    # The few characters before it: a search anchored at the end runs from every start otherwise.
    before = _PREVIOUS_WORD.search(text[max(0, start - _NEIGHBOUR) : start])
    term = text[start:end]
    return bool((after and joined_key(term, after.group(1)) in told) or (before and joined_key(before.group(1), term) in told))


_NEIGHBOUR = 64
_NEXT_WORD = re.compile(r"[ -]([A-Za-z][A-Za-z0-9]*)")
_PREVIOUS_WORD = re.compile(r"([A-Za-z][A-Za-z0-9]*)[ -]$")


def _numbered_in_code(term: str, scope: Evidence, context: Context) -> bool:
    """Whether the code of the scope's commits names numbered ones of a name: `test_add_tilend` for
    its test_add_tilend0 … test_add_tilend3."""
    pattern = re.compile(rf"{re.escape(term)}_?\d+")
    return any(pattern.fullmatch(word) for word in _code_words(scope, context))


def _matches_written(term: str, scope: Evidence, context: Context) -> bool:
    """Whether a name with a wildcard (`use_*_in_kernel`) matches one the scope's messages or code write."""
    if "*" not in term.strip("*"):
        return False
    pattern = re.compile("".join(r"\w*" if character == "*" else re.escape(character) for character in term), re.IGNORECASE)
    return pattern.search(scope.text) is not None or any(pattern.fullmatch(word) for word in _code_words(scope, context))


def _code_words(scope: Evidence, context: Context) -> Iterator[str]:
    """The words of the code the scope's commits changed."""
    return (word for commit in context.commits_of(scope.month) for word in commit.code)


_LONGEST_NAME = 80
# "`feature allowing validator and serializer functions to have default values`": prose in backticks.
_QUOTED_WORDS = 5
_IDENTIFIER_KINDS = frozenset({"code", "dotted", "snake", "camel"})


def _sized(term: str, scope: Evidence, context: Context) -> bool:
    """Whether a size told as a compound is the commits': "a 147-line guide" where a file of the
    scope's commits added 147 lines, "3-section output" where they write "three sections"."""
    sized = _SIZED.match(term)
    if sized is None:
        return False
    number, unit = int(sized.group("number")), sized.group("unit").lower()
    if unit == "line":
        changes = [change for commit in context.commits_of(scope.month) for change in commit.files]
        return any(number in (change.added, change.deleted, change.added + change.deleted) for change in changes)
    said = [str(number)] + [word for word, value in NUMBER_WORDS.items() if value == number]
    # "2-bit" where they write int2 or W2A16: a type's width.
    if unit == "bit" and re.search(rf"\b(?:u?int|fp|float|bf|w){number}(?!\d)", scope.text, re.IGNORECASE):
        return True
    return any(re.search(rf"\b{re.escape(word)}[\s-]+{unit}", scope.text, re.IGNORECASE) for word in said)


# A size as a compound: a number, a hyphen and a plain word, perhaps what it sizes ("2-bit-weight GEMM").
_SIZED = re.compile(r"^(?P<number>\d{1,6})-(?P<unit>[a-z]{3,}?)s?(?:-[a-z]+)*$")


def _told_by_keys(term: str, told: frozenset[str], scope: Evidence, context: Context) -> bool:
    """Whether a key of the term (`_compared_keys`) is told; its initials only where the commits
    write them as a word of their own (FSDP), not as the initials of a name of theirs: the code's
    policy.corr_regs does not tell a PreparedCallRegistry."""
    found = _compared_keys(term, told) & told
    pieces = parts(term)
    initials = "".join(piece[0] for piece in pieces)
    if len(pieces) < 3 or found != {initials} or initials == "".join(pieces).lower():
        return bool(found)
    return scope.mentions(initials) or any(word.lower() == initials for commit in context.commits_of(scope.month) for word in commit.code)


def _compared_keys(term: str, told: frozenset[str]) -> frozenset[str]:
    """The keys a term is told by: itself joined, or, an acronym of its words (FullyShardedDataParallel
    where the title says FSDP); not its initials where the commits write a name a letter or two from
    it (PersistantProgramIDs misspells their PersistentProgramIDs, whose initials are the same)."""
    keys = whole_keys(term)
    pieces = parts(term)
    initials = "".join(piece[0] for piece in pieces)
    # A snake_case name is no class's, and its initials no acronym: HELION_AUTOTUNE_SEED is not "has".
    if "_" in term and len(pieces) >= 3:
        return keys - {initials}
    if len(pieces) < 3 or initials not in told or (keys - {initials}) & told:
        return keys
    joined = "".join(pieces)
    if joined in told:
        return keys  # the commits' own name ("e5m2"), whose parts are its initials
    near = [key for key in told if key[:4] == joined[:4] and abs(len(key) - len(joined)) <= 2]
    return keys - {initials} if any(SequenceMatcher(None, key, joined).ratio() >= 0.9 for key in near) else keys


def _told_in_parts(term: str, kind: str, scope: Evidence, context: Context) -> bool:
    """Whether each part of a compound term is the commits': "E2M1-to-FP16" where they write E2M1
    and float16, "JAX/Pallas" where they write both, `hl.dot` where they write hl and dot, `tensor is None`; its joining words and
    keywords aside. A letter is a part no commit tells alone: "Stream-K" is a name of its own."""
    # A dotted name is split only in code, or where each part is shaped as code
    # (IfGraphInfo.get_branches_return_names): "Chart.js" in prose is a product's name.
    coded = kind == "code" or all(_CODE_SHAPED.search(part) for part in term.split("."))
    raw = [part for part in re.split(r"[-./\s\[\]():=,]+" if coded else r"[-/]", term) if part]
    named = [part for part in raw if part.lower() not in _JOINING]
    if len(raw) < 2 or any(len(part) == 1 for part in named):
        return False
    # Outside code a plain lower-case word is a word of the sentence, not of a name: "gfx908-or-newer"
    # names gfx908, as "gfx908 or newer" would.
    if not coded:
        named = [part for part in named if not (part.isalpha() and part.islower())] or named
    told = context.citations.told(scope.month)  # keywords alone (`is not None`) name nothing to tell
    return all(scope.mentions(part) or whole_keys(part) & told for part in named)


_CODE_SHAPED = re.compile(r"[a-z0-9]_[a-z]|[a-z][A-Z]")


def _their_typo(term: str, told: frozenset[str]) -> bool:
    """Whether the developer wrote the term with a letter dropped or two swapped ("cutlas 3.6" for
    CUTLASS): the claim spells their word right. A letter changed ("Kernal") is the writer's typo."""
    if not term.isalpha() or not 6 <= len(term) <= _LONGEST_NAME:
        return False  # a compound ("Chart.js", "Stream-K") is no slip of one letter
    for key in whole_keys(term):
        if len(key) >= 5:
            typos = {key[:i] + key[i + 1 :] for i in range(len(key))} | {key[:i] + key[i + 1] + key[i] + key[i + 2 :] for i in range(len(key) - 1)}
            if (typos - {key}) & told:
                return True
    return False


# Words that join a compound's parts, and a code expression's keywords.
_JOINING = frozenset("to and or of per in on for vs around is not none true false if else return".split())


def _proper_names(sentence: Sentence, masked: str, scope: Evidence, context: Context) -> Iterator[Finding]:
    """A product's or tool's name the commits never write ("moved the cache to Redis"):
    `ungrounded_term`, as an identifier would be."""
    for match in _PROPER.finditer(masked):
        name = match.group("proper")
        lowered = name.lower()
        previous = masked[max(0, match.start() - 40) : match.start()].split()
        if previous and previous[-1].lstrip("([“\"'")[:1].isupper():
            continue
        if lowered in _CALENDAR or lowered in context.own_names or lowered in context.name_words or lowered in context.people or LANGUAGE.fullmatch(name):
            continue
        if context.evidence[None].mentions(name) or whole_keys(name) & context.citations.told(None):
            continue
        # A name of several words ("Nsight Compute") is a tool's whose first word no commit writes;
        # "Apple Silicon", "Sphinx Gallery" and "March Markus Hoehnerbach" begin with words they do.
        first = name.split()[0]
        if first != name and (
            first.lower() in _CALENDAR | context.own_names | context.name_words or context.evidence[None].mentions(first) or whole_keys(first) & context.citations.told(None)
        ):
            continue
        others = landed_by_another(name, sentence, scope, context)
        if others is True:
            continue
        yield others or finding(FindingKind.UNGROUNDED_TERM, sentence, match.span("proper"), scope, f"“{name}” appears in no commit{context.where(scope)}")


def check_expansions(sentence: Sentence, context: Context) -> Iterator[Finding]:
    """'TPU (Tensor Parallel Unit)' and 'Tensor Parallel Unit (TPU)' must be a standard expansion of
    the field (the acronym itself is still a term to ground), or spelled so by the evidence."""
    for expansion in expansions(sentence.text):
        if standard(expansion.acronym, expansion.spelled) or _spelled_in_evidence(expansion, context):
            continue
        yield finding(
            FindingKind.UNSUPPORTED_EXPANSION, sentence, expansion.span, context.scope(sentence.month),
            f"neither a commit nor the repository's own text spells {expansion.acronym} out as “{expansion.spelled}”", None,
        )  # fmt: skip


def _spelled_in_evidence(expansion: Expansion, context: Context) -> bool:
    """Whether the developer's commits, the code they changed or the repositories' own text at the tip spell the acronym so."""
    form = normalize(expansion.spelled)
    if context.evidence[None].mentions(expansion.spelled) or form in context.spelled_out.get(expansion.acronym, ()) or form in context.code_prose:
        return True
    # "Technical Steering Committee (TSC)" where their charter's text names TSC and each of those
    # words: a commit's code words are kept once each, so the phrase is never written whole there.
    # Not an acronym the field spells one way: "Tensor Memory Allocator (TMA)" needs those words together.
    words = [word.lower() for word in re.findall(r"[A-Za-z]+", expansion.spelled) if word.lower() not in _JOINING]
    if "".join(word[0] for word in words) != expansion.acronym.lower() or expansion.acronym.lower() in glossary():
        return False
    for commit in context.commits_of(None):
        code = {word.lower() for word in commit.code}
        if expansion.acronym.lower() in code and code.issuperset(words):
            return True
    return False


_JOINING = frozenset("of and for the to in on a an".split())


def expanded_acronyms(findings: list[Finding]) -> set[str]:
    """The acronyms of unsupported expansions: reported once, not again as ungrounded terms."""
    acronyms = set()
    for item in findings:
        acronym = re.search(r"\b[A-Z][A-Z0-9]+", item.text) if item.kind == FindingKind.UNSUPPORTED_EXPANSION else None
        if acronym:
            acronyms.add(acronym.group(0))
    return acronyms


def check_repositories(sentence: Sentence, scope: Evidence, context: Context) -> Iterator[Finding]:
    masked = _mask(sentence)
    for match in _OWNER_NAME.finditer(masked):
        token = match.group("token")
        if _NOT_REPOSITORIES.match(token):
            continue
        yield from _check_repository(token, match.span("token"), sentence, scope, context, named=False)
    # "across helion and torchtitan", "work in helion and tritonbench centred on …": a name listed beside
    # a repository of theirs is one too.
    for match in _LISTED_REPOSITORIES.finditer(masked):
        token = match.group("second")
        if context.repository_named(match.group("first")) is None or token.lower() in _NOT_REPOSITORY_NAMES or token.lower() in GENERIC_WORDS:
            continue
        # A word of theirs is no repository; a name of parts is one whole ("pydantic-settings" beside pydantic).
        if context.evidence[None].mentions(token) or (whole_keys(token) if len(parts(token)) > 1 else keys_of(token)) & context.citations.told(None):
            continue
        yield from _check_repository(token, match.span("second"), sentence, scope, context, named=True)
    for match in _NAMED_REPOSITORY.finditer(masked):
        group = "before" if match.group("before") else "after"
        token = match.group(group)
        if token.lower() in _NOT_REPOSITORY_NAMES or token.lower() in GENERIC_WORDS or "/" in token:
            continue  # "AGENTS.md with repository guidelines": a word of the sentence, no name
        # The commits' own words ("Update DLRM repo instructions") name no repository of hers.
        if context.evidence[None].mentions(re.sub(r"^the\s+|`", "", match.group(0), flags=re.IGNORECASE)):
            continue
        # "the Triton Benchmark repository": tritonbench spelled out, its name begun by the words before.
        if group == "before" and _spelled_out_repository(masked[max(0, match.start(group) - 64) : match.start(group)], token, context):
            continue
        yield from _check_repository(token, match.span(group), sentence, scope, context, named=True)


def _spelled_out_repository(before: str, token: str, context: Context) -> bool:
    """Whether the words before a repository's name and the name, joined, spell one of the
    repositories: "Triton Benchmark" is tritonbench, a name its words begin."""
    previous = re.search(r"([A-Za-z]+)\s+$", before)
    if previous is None:
        return False
    joined = f"{previous.group(1)}{token}".lower()
    # "Jupyter Server" is jupyter_server: a name compared by its letters and digits.
    names = {re.sub(r"[^a-z0-9]", "", repository.name.rsplit("/", 1)[-1].lower()) for repository in context.history.repositories}
    return any(len(name) >= 5 and joined.startswith(name) for name in names)


def _check_repository(
    token: str, span: tuple[int, int], sentence: Sentence, scope: Evidence, context: Context, named: bool
) -> Iterator[Finding]:
    repository = context.repository_named(token)
    if repository is not None:
        if scope.month is not None and repository not in scope.repositories:
            active = context.months_where(lambda evidence: repository in evidence.repositories)
            yield finding(FindingKind.WRONG_MONTH, sentence, span, scope, f"no commit landed in {repository}{context.where(scope)}", active[0] if active else None)
        return
    if not named and context.evidence[None].mentions(token):
        return  # a path or a reference the commits themselves make
    # "into autotuner/benchmarking", a path a teammate's commit changed: a folder of the repository
    # (whose work it was is the colleague check's to tell), no repository.
    wanted = token.lower()
    if not named and any(wanted in change.path.lower() for commit in context.history.others for change in commit.files):
        return
    before, after = sentence.text[max(0, span[0] - 160) : span[0]], sentence.text[span[1] :]
    # A pair written as a repository where a repository is named is one: "landed … in pytorch/pytorch".
    shaped = re.fullmatch(r"[a-z0-9-]+/[a-z0-9.-]+", token) is not None and _PLACE_BEFORE.search(before) is not None
    if not named and not shaped and not _REPOSITORY_CONTEXT_AFTER.match(after) and _told_in_parts(token, "prose", context.evidence[None], context):
        return  # "Pallas/JAX", "fori_loop/emit_pipeline": two of the developer's own words, no owner/name
    # Only the words right before the token matter (`before`); a `$`-anchored search over all of
    # them would go back to the sentence's start for every token (minutes on one pasted blob).
    listed_with = _LISTED_AFTER.search(before)
    owner = token.split("/")[0].lower()
    if (
        named
        or _REPOSITORY_CONTEXT_BEFORE.search(before)
        or _REPOSITORY_CONTEXT_AFTER.match(after)
        or (listed_with and context.repository_named(listed_with.group("previous")))
        or any(repository.name.lower().startswith(owner + "/") for repository in context.history.repositories)
    ):
        names = ", ".join(repository.name for repository in context.history.repositories)
        yield finding(FindingKind.UNKNOWN_REPO, sentence, span, scope, f"{context.name} has no commits in {token} in the period", names)
    elif re.search(r"[\d_.-]|[A-Z]", token):
        # Shaped like a path or an identifier rather than a pair of words ("read/write").
        yield finding(FindingKind.UNGROUNDED_TERM, sentence, span, scope, f"“{token}” appears in no commit{context.where(scope)}")


def _mask(sentence: Sentence) -> str:
    """The sentence with URLs, e-mails, hashes, PR refs, figures and expansions blanked out."""
    text = sentence.text
    spans = [m.span() for pattern in (_URL_OR_EMAIL, SHA, FIGURE) for m in pattern.finditer(text)]
    # A PR ref's repository stays visible to the repository check: only its number is blanked.
    spans += [(m.end("repo") if m.group("repo") else m.start(), m.end()) for m in PR_REF.finditer(text)]
    spans += count_spans(sentence)
    # An acronym's spelled-out words are checked as an expansion, not word by word (and a
    # slashed acronym, "CI/CD", with them: it is not an owner/name).
    spans += [expansion.span if "/" in expansion.acronym else expansion.words for expansion in expansions(text)]
    characters = list(text)
    for start, end in spans:
        characters[start:end] = " " * (end - start)
    return "".join(characters)
