"""Checks of people's names, skill and language tags, and repeated text."""

from __future__ import annotations

import re
from collections.abc import Iterator
from difflib import SequenceMatcher

from summarizer.languages import language_named, language_of
from summarizer.models.findings import Finding, FindingKind
from summarizer.months import PRACTICES
from summarizer.people import handle_of, is_a_person
from summarizer.validation.acronyms import acronyms_of, in_order
from summarizer.validation.context import Context, finding
from summarizer.validation.evidence import Evidence, normalize
from summarizer.validation.items import BUMP, keys, parts, whole_keys
from summarizer.validation.sections import LIST_MARKER, PERSON, TAG_LINE, TAG_SEPARATOR, Sentence
from summarizer.validation.vocabulary import GENERIC_TERMS, HARDWARE_NOUNS, IMPORTED_AS

_FIGURES_LINE = re.compile(r"^\*\*\d[\d,]* commits? • ")
_PERSON_VERBS = (
    "landed|shipped|implemented|added|fixed|contributed|worked|led|delivered|built|wrote|authored|refactored|"
    "improved|introduced|made|drove|owned|focused|spent|created|designed|developed|maintained|merged|completed|"
    "also|has|had|was|is|helped|reviewed|co-authored|paired|joined|continued|started|finished|took|moved"
)
# A sentence's or a list item's opening verb ("Moved", "Redirected"), before what may be a name.
_OPENING_VERB = re.compile(r"[A-Z][a-z]{2,}ed")
_LINE_START = re.compile(rf"\s*{LIST_MARKER}?\s*")
# A lower-case word that opens a sentence, is someone's ("calebmkin's") or does the work ("adriangv focused"):
# where a login stands.
_LOWER_HANDLE = re.compile(
    rf"(?:^|(?<=[.!?]\s))[a-z][a-z0-9_-]{{4,}}(?=['’]s\b)|^[a-z][a-z0-9_-]{{4,}}\b|(?<![\w@/.`-])[a-z][a-z0-9_-]{{4,}}(?=\s+(?:{_PERSON_VERBS}|[a-z]{{3,}}ed)\b)"
)
_PERSON_AFTER = re.compile(rf"^(?:['’]s\b|\s+(?:{_PERSON_VERBS})\b)")
# Not "profiled it with Nsight Compute": what a thing was done with is a tool.
_LOGIN_AFTER = re.compile(r"^\s*\(\s*@?(?P<login>[\w.-]+)\s*\)")
_PERSON_BEFORE = re.compile(r"\b(?:by|(?<!\bit )(?<!\bthem )with|from|alongside|thanks to|co-authored with|paired with|reviewed by|developer|engineer)\s+$", re.IGNORECASE)
_NOT_NAMES = frozenset({
    "The", "This", "That", "These", "Those", "In", "On", "At", "By", "For", "From", "With", "Between", "During",
    "Over", "Most", "Her", "His", "Their", "Its", "Together", "Work", "Summary", "Overview", "Statistics",
    "Skills", "Languages", "Repositories", "Features", "Highlights", "Across", "Overall", "Also",
    "Monthly", "Month", "Pull", "Request", "Requests", "Commit", "Commits", "She", "He", "They", "It", "We",
    "Our", "Each", "Every", "All", "Both", "Several", "Many", "Some", "After", "Before", "When", "While",
    "Since", "Until", "Then", "Later", "Earlier", "First", "Second", "Third", "Last", "Next", "New", "Lines",
    "Technical", "Fixes", "Bugs", "Activity", "Drafted", "Unverified", "Repository", "Project", "Team",
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
    "November", "December", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
    "Of", "As", "To", "Into", "Among", "Under", "Through", "Within", "Without", "About", "Around", "Along",
    "Via", "Per", "Like", "Unlike", "Despite", "Once", "Where", "Although", "Because", "If", "Upon", "Alongside",
})  # fmt: skip
_EXPANDED = re.compile(r"\s*\([A-Z][A-Za-z0-9]*[A-Z][A-Za-z0-9]*\)")
_NOT_USED = re.compile(r"\b(?:instead of|rather than|avoids?|avoiding|without|replacing|replaced|away from|no longer)\s+(?:\w+\s+)?$", re.IGNORECASE)
_INLINED = re.compile(r"\b\w*inline\w*\s+$", re.IGNORECASE)
_EXPLANATION = re.compile(r"\((?:[^()]*#\d[^()]*|(?:[^()\s]+\s+){4,}[^()]*)\)")
# Programming languages named in prose: unambiguous names only ("Go", "C" and "R" are words too).
LANGUAGE_NAMES = (
    "Python", "Rust", "JavaScript", "TypeScript", "Java", "Kotlin", "Scala", "Ruby", "PHP", "Haskell", "Erlang",
    "Elixir", "OCaml", "Fortran", "COBOL", "CUDA", "Perl", "Lua", "Julia", "Swift", "Zig", "Clojure", "MATLAB",
    "Bash", "PowerShell", "Dart", "Groovy", "Verilog", "VHDL", "Solidity", "WebAssembly", "Objective-C",
    "C\\+\\+", "C#", "F#",
)  # fmt: skip
# "a CUDA-only assertion", "Rust-free": the language named to be left out.
# "CUDA 12.6", "Python 3.10": a runtime's version named, no skill claimed.
LANGUAGE = re.compile(r"(?<![\w#+-])(?P<language>" + "|".join(LANGUAGE_NAMES) + r")(?![\w#+]|-(?:only|specific|free)\b|\s+\d+\.\d)")
# "Go", "C" and "R" in prose are languages only as written, inside a sentence ("the Go record
# reader", "a C extension"), and not as a person's initial ("R. Smith").
_SHORT_LANGUAGE = re.compile(r"(?<=[a-z,;:(] )(?P<language>Go|C|R)(?![\w#+&'’-]|\.\s*[A-Z][a-z]|\.\w)")


def check_names(sentence: Sentence, scope: Evidence, context: Context) -> Iterator[Finding]:
    developer = context.history.developer
    own_tokens = {token.lower() for identity in developer.ids for token in re.split(r"[\s@.]+", identity) if token}
    name_tokens = {token.lower() for identity in developer.ids if "@" not in identity for token in identity.split()}
    for match in PERSON.finditer(sentence.text):
        name = match.group("name")
        tokens = name.replace(".", ". ").split()
        # "- Moved Triton's cache …": a line's opening verb is no part of a name.
        if len(tokens) > 1 and _OPENING_VERB.match(tokens[0]) and _LINE_START.fullmatch(sentence.text[: match.start()]):
            tokens = tokens[1:]
            name = " ".join(tokens)
        # Someone the data names (an author, a co-author, a reviewer), whole words only:
        # "Grace Hoppe" is not "Grace Hopper".
        if any(token in _NOT_NAMES for token in tokens) or " ".join(tokens).lower() in context.people:
            continue
        # "the Jupyter Server's configuration" of jupyter_server: the repository's name in words, no person.
        if normalize(name) in {normalize(repository.name.rsplit("/", 1)[-1]) for repository in context.history.repositories}:
            continue
        if all(token.lower().rstrip(".") in own_tokens or _is_initial_of(token, own_tokens) for token in tokens):
            continue
        after = sentence.text[match.end() : match.end() + _NEAR]
        if _spells_login(tokens, after, developer.ids):
            continue
        # "with Tensor Memory Accelerator (TMA)": an acronym's expansion, not a person.
        if _EXPANDED.match(after):
            continue
        near = _near_miss(tokens, name_tokens)
        # "Reed 60d65e6e maintainers": one word of a name, the rest of it the developer's own.
        rest = after.split()[: len(name_tokens) - len(tokens)]
        # "Ethan Chen (ethche)": a name given as the developer's, beside their login.
        login = _LOGIN_AFTER.match(after)
        beside_login = login is not None and login.group("login").lower() in own_tokens
        in_context = _PERSON_AFTER.match(after) or _PERSON_BEFORE.search(sentence.text[max(0, match.start() - _NEAR) : match.start()]) or beside_login
        in_context = in_context or bool(rest and all(word.lower() in name_tokens for word in rest))
        # What the project writes, in its messages or its code's docstrings ("the Random Forest's trees"), is no person.
        written = name in context.written or name.lower() in context.written_lower or normalize(name) in context.code_prose
        if (near and (len(tokens) > 1 or in_context)) or (in_context and len(tokens) > 1 and not written):
            message = f"“{name}” is not how the commits name {developer.name}" if near else f"“{name}” is neither {developer.name} nor anyone in the commits"
            yield finding(FindingKind.NAME_MISMATCH, sentence, (match.end("name") - len(name), match.end("name")), scope, message, developer.name)
    # "calebmkin's June": a login in lower case, a letter off, is no name PERSON reads.
    for match in _LOWER_HANDLE.finditer(sentence.text):
        login = near_login(match.group(0), context)
        if login:
            yield finding(FindingKind.NAME_MISMATCH, sentence, match.span(), scope, f"“{match.group(0)}” is not {context.name}: their login is {login}", login)
    logins = [handle for identity in developer.ids if " " not in identity.strip() and len(handle := handle_of(identity)) >= 5]
    for match in _WORD_TOKEN.finditer(sentence.text) if logins else ():
        login = _dressed_up_login(match.group(0), logins)
        if login and match.group(0) not in context.evidence[None].text:
            yield finding(FindingKind.NAME_MISMATCH, sentence, match.span(), scope, f"“{match.group(0)}” is not how {context.name} writes their login, {login}", login)


_WORD_TOKEN = re.compile(r"(?<![\w@/.`-])[A-Za-z][A-Za-z0-9]{4,}(?![\w@/`-])")


def _dressed_up_login(word: str, logins: list[str]) -> str | None:
    """The login a word writes as a name it is not: with capitals it does not have ("AdriangB" for
    adriangb; a sentence's capital first letter is no change), or with letters put into it ("JohnTPio"
    for jtpio: its first and last letters, and the rest in order)."""
    lowered = word.lower()
    for login in logins:
        own = login.lower()
        if lowered == own:
            if word not in {login, own, login[:1].upper() + login[1:], own[:1].upper() + own[1:]}:
                return login
        elif word[0].isupper() and len(lowered) >= len(own) + 2 and lowered[0] == own[0] and lowered[-1] == own[-1] and in_order(own, lowered):
            return login
    return None


# How far around a name its context is read ("reviewed by …", "… (ethche)"): a pasted run of names reads in linear time.
_NEAR = 160


def _spells_login(tokens: list[str], after: str, ids: list[str]) -> bool:
    """Whether a name is the developer's login read as one: "Caleb M. Kim" or "Caleb Kim" of calebmkim
    (its middle initial left out), "Caleb M." before "Kim"."""
    words = [token.rstrip(".").lower() for token in tokens]
    following = re.match(r"\.?\s*([A-Z][a-z]+)", after)
    joined = "".join(words)
    for identity in ids:
        handle = handle_of(identity).lower()
        if handle in (joined, joined + (following.group(1).lower() if following else "")):
            return True
        if len(words) == 2 and len(handle) == len(joined) + 1 and handle.startswith(words[0]) and handle.endswith(words[1]):
            return True
    return False


def near_login(term: str, context: Context) -> str | None:
    """The developer's login or handle a term misspells ("shunting341" for shunting314)."""
    lowered = term.lower()
    # A name ("Jialiang Qu") is no handle: "jialiangqu" is their login, not a misspelling of it.
    handles = [handle_of(identity) for identity in context.history.developer.ids if " " not in identity.strip()]
    if lowered in {handle.lower() for handle in handles}:
        return None
    for handle in handles:
        lower = handle.lower()
        if len(lower) >= 5 and lower[:3] == lowered[:3] and SequenceMatcher(None, lower, lowered).ratio() >= 0.8:
            return handle
    return None


def check_skills(sentence: Sentence, scope: Evidence, context: Context) -> Iterator[Finding]:
    tag_line = TAG_LINE.match(sentence.text)
    if tag_line:
        position = tag_line.start("tags")
        # "Documentation (API docs updated when …, #1791)" explains a tag; "code generation (Triton,
        # CuTe, Metal/MSL)" lists more of them.
        tags = _EXPLANATION.sub(lambda match: " " * len(match.group(0)), tag_line.group("tags"))
        first = TAG_SEPARATOR.split(tags)[0]
        if len(first.split()) > _LONGEST_TAG and ("(#" in tags or _LIST_ITEM.match(sentence.text)):
            return  # "- Language: hl.triton_kernel for calling Triton JIT functions … (#1150)": a highlight's label
        for tag in TAG_SEPARATOR.split(tags):
            start = sentence.text.find(tag, position)
            if start < 0:
                continue
            position = start + len(tag)
            # "Languages: Python · Areas: Pallas, Triton": a second label within the line heads its own tags.
            clean = _INNER_LABEL.sub("", tag.strip()).strip("*_`. ")
            # A tag line closing a month's section may name the period's skills: either scope shows
            # them. A list of languages is the month's files' ("Languages: Python, Dockerfile" under February).
            of_files = tag_line.group("label").lower().startswith("language") and "skill" not in tag_line.group("label").lower()
            # "Python packaging (pyproject.toml)": a file in parentheses says where a skill shows.
            qualifier = sentence.text[:start].rstrip().endswith("(") and _a_place(clean, scope, context)
            unsupported = _unsupported_tag(clean, scope, context, of_files) if clean and not qualifier else None
            if unsupported and scope.month is not None and not (of_files and _is_language(clean)) and not _unsupported_tag(clean, context.scope(None), context, of_files):
                unsupported = None
            if unsupported:
                offset = start + tag.find(clean)
                yield finding(FindingKind.UNSUPPORTED_SKILL, sentence, (offset, offset + len(clean)), scope, unsupported)
        return
    for match in [*LANGUAGE.finditer(sentence.text), *_SHORT_LANGUAGE.finditer(sentence.text)]:
        # "built on Triton atomics instead of CUDA inline PTX": a language named as what was not used.
        if _NOT_USED.search(sentence.text[max(0, match.start() - 30) : match.start()]):
            continue
        language = match.group("language")
        # "a small load_inline C++ shim": source of that language inlined in theirs, as their code says.
        inlined = _INLINED.search(sentence.text[max(0, match.start() - 64) : match.start()]) is not None and bool(keys("inline") & context.citations.told(scope.month))
        named = _names_their_code(language, sentence.text[: match.start()], sentence.text[match.end() :], scope, context)
        if not inlined and not _language_supported(language, scope, context) and not named:
            yield finding(FindingKind.UNSUPPORTED_SKILL, sentence, match, scope, f"no {match.group('language')} file or mention{context.where(scope)}")


def find_duplicates(sentences: list[Sentence], context: Context) -> Iterator[Finding]:
    """A sentence of six words or more said twice: the second saying is the finding."""
    seen: set[str] = set()
    for sentence in sentences:
        words = re.findall(r"\w+", sentence.text.lower())
        # Tag lists, headings, table rows and a profile's line of month figures repeat by design.
        text = sentence.text.lstrip()
        if len(words) < 6 or TAG_LINE.match(sentence.text) or text.startswith(("#", "|")) or _FIGURES_LINE.match(text):
            continue
        key = " ".join(words)
        if key in seen:
            text = sentence.text.strip()
            start = sentence.text.index(text)
            yield finding(FindingKind.DUPLICATE_TEXT, sentence, (start, start + len(text)), context.scope(sentence.month), "this sentence was said before", None, "warning")
        seen.add(key)


# A tag runs to a few words ("Triton autotune configs"); a first "tag" longer is a sentence.
_LONGEST_TAG = 6
_LIST_ITEM = re.compile(rf"^\s*{LIST_MARKER}\s")


def _unsupported_tag(tag: str, scope: Evidence, context: Context, of_files: bool = True) -> str | None:
    """Why a skill tag is not one the data shows, or None when it is. The data mentions its
    people and its folders too, and neither is a skill: "Jason Ansel", "docs/api"."""
    # A language in a list of languages is a claim about the code: the files must show it, as GitHub's
    # bar would. Among skills ("code generation (Triton, Metal)") it may be a backend the work names.
    # "docs" names the practice, though a folder is called so too.
    tag = "Documentation" if tag.lower() in ("docs", "doc") else tag
    language = _is_language(tag)
    if language:
        # A history of messages alone (no file changed) shows its languages only in their words.
        by_words = not of_files or not any(commit.files for commit in context.commits_of(scope.month))
        supported = language.lower() in {known.lower() for known in scope.stats.languages} or (by_words and _language_supported(language, scope, context))
        # Among skills, a platform their code's own prose names ("requires CUDA/NCCL" in a skip
        # message of theirs), not an identifier's part (torch.cuda).
        supported = supported or (not of_files and any(tag in commit.code or language in commit.code for commit in context.commits_of(scope.month)))
    elif tag in PRACTICES:
        # "Benchmarking" where a title of the month says "Adding flex_attention benchmark …".
        supported = tag in scope.stats.practices or _titled(tag, scope, context)
    elif is_a_person(tag, context.name_words):
        return f"“{tag}” is a person's name, not a skill"
    elif context.repository_named(tag) is None and _a_place(tag, scope, context):
        return f"“{tag}” is a place in the repository, not a skill"
    elif "/" in tag.strip("/") and all(len(part.strip()) > 1 for part in tag.split("/")):
        # "Pallas/JAX": each of the pair a skill the data shows; not "A/B testing" or "I/O".
        return next((why for part in tag.split("/") if (why := _unsupported_tag(part.strip(), scope, context, of_files))), None)
    else:
        # "continuous integration" where the messages say CI: a glossary acronym spelled out.
        spelled = any(scope.mentions(acronym) for acronym in acronyms_of(tag))
        supported = spelled or scope.mentions(tag) or context.repository_named(tag) is not None or _told_word_by_word(tag, scope, context)
    # "NumPy" (a language to pygments) where their code calls np.mean, "scikit-learn" where it imports sklearn.ensemble.
    supported = supported or any(name in context.citations.told(scope.month) for name in IMPORTED_AS.get(tag.lower(), ()))
    return None if supported else f"nothing{context.where(scope)} shows “{tag}”"


def _titled(tag: str, scope: Evidence, context: Context) -> bool:
    """Whether a title of the scope's items holds the tag, one word: "benchmark" for Benchmarking."""
    citations = context.citations
    if len(tag.split()) > 1:
        return False
    if scope.month is None:
        return any(key in citations.by_title_key for key in keys(tag))
    return any((scope.month, key) in citations.by_month_title_key for key in keys(tag))


def _is_language(tag: str) -> str | None:
    return language_named(tag) or (tag if LANGUAGE.fullmatch(tag) else None)


def _told_word_by_word(tag: str, scope: Evidence, context: Context) -> bool:
    """Whether each word of a tag of several ("Triton autotune configs", "GitHub Actions CI") is a
    word of the developer's items or of what their files show, but for the field's words for kinds
    of work ("benchmark infrastructure", "unit testing", "technical documentation")."""
    told = context.citations.told(scope.month)
    # "performance improvement" claims performance: the improvement is what any work is.
    meant = [word for word in tag.split() if word.lower() not in _IMPROVEMENT]
    if meant and len(meant) < len(tag.split()):
        return _told_word_by_word(" ".join(meant), scope, context)
    if len(tag.split()) == 1:
        # "autotuning" where they wrote autotune; a name of parts whole: "TensorFlow" is not "tensor";
        # "packaging" where a title says sdist.
        told_so = bool(whole_keys(tag) & told) if len(parts(tag)) > 1 else _told_keys(keys(tag), scope, context)
        return told_so or _told_otherwise(tag, scope)
    # "source maps" where a title says sourcemap: a compound the messages write as one word.
    if whole_keys(tag) & told:
        return True
    # A tag of the field's nouns alone ("performance profiling") is told by any of them.
    words = [word for word in tag.split() if word.lower() not in _SKILL_NOUNS]
    if not words:
        return any(_told_keys(keys(word), scope, context) or scope.mentions(word) or _told_otherwise(word, scope) for word in tag.split())
    # "GEMM benchmarking" in tritonbench: the repository's name says what all its work is.
    told = [keys(word) & context.repository_keys or _told_keys(keys(word), scope, context) or scope.mentions(word) or _told_otherwise(word, scope) for word in words]
    # A generic term ("API", "GPU") needs no telling beside a word that is told; alone ("GPU programming") it is the claim.
    generic = [word in GENERIC_TERMS for word in words]
    return all(is_told or is_generic for is_told, is_generic in zip(told, generic)) and (any(told) or not all(generic))


def _told_otherwise(word: str, scope: Evidence) -> bool:
    """Whether the messages tell a word of a skill in the words developers use for it: performance
    by speed ("⚡️ Speed up `to_snake()` by 27%"), dependencies by a bump ("Bump minimatch from 3.1.2 to 3.1.5")."""
    told = _TOLD_OTHERWISE.get(word.lower())
    return told is not None and told.search(scope.text) is not None


def _told_keys(words: frozenset[str], scope: Evidence, context: Context) -> bool:
    """Whether the scope's items hold one of the keys, or, of five letters or more, a word it begins
    or that begins it (`ItemWords.holding`): "deprecations" where a title says "Deprecate"."""
    citations = context.citations
    if words & citations.told(scope.month):
        return True
    months = [scope.month] if scope.month is not None else context.period_months
    return any(citations.holding(key, month) for key in words for month in months)


_SPEED = re.compile(r"\b(?:speed(?:s|ed)?\s+up|faster|latency|throughput)\b", re.IGNORECASE)
_PACKAGING = re.compile(r"\b(?:pyproject|setup\.py|setup\.cfg|sdist|wheels?|hatch(?:ling)?|setuptools|flit|package\s+data|manifest|trove|classifiers|project\s+urls)\b", re.IGNORECASE)
# The JavaScript ecosystem's tools: a bundler (inside a plugin's name too: `JSONLicenseWebpackPlugin`),
# a package manager, a monorepo's tooling, a linter and a test runner. Not prettier nor Node.js
# itself: a Python project formats its Markdown with the one and sets up the other in CI.
_JS_TOOLS = re.compile(r"webpack|\b(?:lerna|npm|yarn|jlpm|pnpm|jest|eslint|babel|package\.json|node_modules|tsconfig|esbuild|rollup|vite)\b", re.IGNORECASE)
_TOLD_OTHERWISE = {
    **dict.fromkeys(("performance", "optimization", "optimisation"), _SPEED),
    **dict.fromkeys(("dependency", "dependencies"), BUMP),
    # "Python version support" where a title says "Bump min Python … test up to 3.14".
    **dict.fromkeys(("version", "versions"), re.compile(r"\b(?:v?\d+\.\d+\w*|bump\w*|upgrad\w*)\b", re.IGNORECASE)),
    **dict.fromkeys(("packaging", "package", "metadata"), _PACKAGING),
    # npm and Node.js by the tools of their ecosystem ("Enable lerna caching for build scripts").
    **dict.fromkeys(("npm", "node.js", "nodejs", "node"), _JS_TOOLS),
    "maintenance": re.compile(r"\b(?:clean(?:s|ed)?\s*up|cleanup|chore|bump\w*|tidy|lint\w*|refactor\w*)\b", re.IGNORECASE),
    # "static typing", "type annotations" where the titles say typings and mypy.
    **dict.fromkeys(("static", "type", "checking", "annotations", "hints"), re.compile(r"\b(?:typings?|typed|mypy|pyright|pyrefly|type\s+(?:hints?|check\w*|annotations?))\b", re.IGNORECASE)),
    # A vendor named before its tool ("NVIDIA nvtx", "AMD ROCm"), told by what is theirs.
    "nvidia": re.compile(r"\b(?:cuda\w*|nvtx|nsys|nsight|ncu|cudnn|cublas\w*|cutlass|nccl|nvcc|ptx|[abh]100|[gb]?b200|hopper|blackwell|sm_?[89]0a?|sm_?100a?)\b", re.IGNORECASE),
    "amd": re.compile(r"\b(?:rocm|hip|rocprof\w*|rccl|mi[23]\d\dx?|cdna\d?|gfx9\w*)\b", re.IGNORECASE),
    "google": re.compile(r"\b(?:tpus?|jax|xla|pallas|v[456][ep])\b", re.IGNORECASE),
    "intel": re.compile(r"\b(?:xpu|oneapi|sycl|gaudi)\b", re.IGNORECASE),
    # "GPU programming" where the work speaks of CUDA, its SMs, warps and tensor cores, ROCm.
    **dict.fromkeys(("gpu", "gpus"), re.compile(r"\b(?:cuda\w*|nvidia|rocm|hip|sms?|warps?|warpspec\w*|tensor\s+cores?|[abh]100|mi[23]\d\dx?|cutlass|ptx|nvcc|tcgen05)\b", re.IGNORECASE)),
}


# What a skill of several words may be a kind of, beside the words of the work.
_SKILL_NOUNS = frozenset(
    "infrastructure tooling tools engineering development optimization performance design automation integration "
    "analysis profiling debugging maintenance technical developer unit interface software systems operations ops handling management "
    "code compatibility frameworks framework process processes practices programming operation support on of and for in".split()
)
_IMPROVEMENT = frozenset("improvement improvements enhancement enhancements".split())
_INNER_LABEL = re.compile(r"^(?:\*\*|__)?[A-Z][A-Za-z ]{1,24}:(?:\*\*|__)?\s+")


def _a_place(tag: str, scope: Evidence, context: Context) -> bool:
    """Whether `tag` is a run of the folders or files the scope's commits changed ("docs/api"), or one
    folder or file of theirs the messages never name ("lowering", "lint.sh"): "update fbgemm to
    a3da0f3" names the library whose submodule submodules/FBGEMM is."""
    wanted = tag.strip("/").lower()
    commits = context.commits_of(scope.month)
    paths = [f"/{change.path.lower()}" for commit in commits for change in commit.files]
    if not any(path.endswith(f"/{wanted}") or f"/{wanted}/" in path for path in paths):
        return False
    written = "\n".join(f"{commit.subject}\n{commit.body}" for commit in commits).lower()
    return "/" in wanted or not re.search(rf"(?<![\w/]){re.escape(wanted)}(?![\w/])", written)


def _names_their_code(language: str, before: str, after: str, scope: Evidence, context: Context) -> bool:
    """Whether a language names a thing of the code they changed, or the platform it runs on, not
    code written in it: "the CUDA cache" where their code calls torch.cuda.empty_cache, "for CUDA
    GPUs" and "For CUDA, …" where it reads torch.cuda.get_device_properties; not "CUDA kernels",
    nor "written in CUDA."."""
    told = context.citations.told(scope.month)
    if len(language) <= 3 or not whole_keys(language) & told:
        return False
    thing = _THING.match(after)
    if thing is None:
        return _WRITTEN_BEFORE.search(before) is None
    word = thing.group(1).lower()
    # "a CUDA development image": what it is comes last.
    if word in _IMAGE_KINDS and thing.group(2):
        word = thing.group(2).lower()
    return word not in _WRITTEN_IN and (word in _PLATFORM_NOUNS or bool(keys(word) & told))


_SHELLS = frozenset("bash zsh sh".split())
_THING = re.compile(r"\s+([A-Za-z]+)(?:\s+([A-Za-z]+))?")
_IMAGE_KINDS = frozenset("development devel base docker runtime".split())
_WRITTEN_BEFORE = re.compile(r"\b(?:in|into|using|with)\s+$", re.IGNORECASE)
# What a platform is, or what is built on it: "CUDA GPUs", "CUDA targets", "a CUDA development image".
_PLATFORM_NOUNS = HARDWARE_NOUNS | frozenset("platform platforms targets image images container containers toolkit".split())
# What a program is written as: "CUDA kernels", "Rust code" say the language was written.
_WRITTEN_IN = frozenset("""
code codes kernel kernels file files source sources implementation implementations rewrite port program programs script scripts
extension extensions module modules library libraries binding bindings version versions backend backends
""".split())


# A path as a message writes it: folders, then a file with its suffix.
_PATH = re.compile(r"(?<![\w/~.-])(?:[\w.-]+/)+[\w.-]*\w\.[A-Za-z][\w+]{0,5}\b")
# A platform told by its own libraries and tools: "Catch missing cudnn error" is CUDA work, and so
# are kernels written with CUTLASS's CuTe DSL ("[cutedsl] …").
_TOLD_BY = {
    # JavaScript by those tools; TypeScript by its own (a linter or a bundler serves plain JavaScript too).
    # "Bump JS packages to rc.0": its abbreviation, in capitals, not Node.js's.
    "javascript": re.compile(rf"{_JS_TOOLS.pattern}|(?<![\w.])(?-i:JS)\b", re.IGNORECASE),
    "typescript": re.compile(r"\b(?:tsconfig|tsc|ts-node|tslib|\w+\.tsx?|\.d\.ts)\b", re.IGNORECASE),
    "cuda": re.compile(r"\b(?:cudnn|cublas(?:lt)?|cutlass|cute(?:_?dsl)?|nvcc|nvrtc|cupti|cufft|curand|cusparse)\b", re.IGNORECASE),
    # Python by its tools, its PEPs, its dunder names, its own exceptions and its snake_case
    # decorators: "Add mypy 1.5.0", "Use `PEP570` syntax", "Support `__get_validators__`",
    # "Fix for `UnboundLocalError` in shutdown", "Add `examples` to `@computed_field`".
    "python": re.compile(
        r"\b(?:pytest|mypy|pyright|pyrefly|pypi|setuptools|pyproject|setup\.(?:py|cfg)|tox\.ini|flake8|isort|ruff|pylint|sdist|sphinx|virtualenv|cython|cffi|ipython|ipykernel"
        r"|asyncio|docstrings?|dataclass(?:es)?|typeddict|pep\s?\d{3,4}|(?:__future__|future)\s+imports?)\b"
        r"|(?<!\w)__[a-z]\w*__(?!\w)"
        r"|\b(?:UnboundLocal|Attribute|Import|ModuleNotFound|Key|Index|Name|Value|ZeroDivision|Recursion|NotImplemented)Error\b"
        r"|`@[a-z]+_[a-z_]+`",
        re.IGNORECASE,
    ),
}


_ECOSYSTEMS = {
    "python": re.compile(
        r"\b(?:jupyter_\w+|traitlets|pydantic(?:_core)?|nbconvert|nbformat|nbclient|ipywidgets|numpy|pandas|scipy|django|flask|fastapi|pyodide|conda"
        r"|version_info|type\s?vars?|(?:dict|sys|os)\.\w+)\b",
        re.IGNORECASE,
    ),
}


def _language_supported(language: str, scope: Evidence, context: Context) -> bool:
    known = {name.lower() for name in scope.stats.languages}
    # "a Bash script" where they wrote scripts/run-on-tpu.sh: a shell's language is Shell.
    if language.lower() in known or (language.lower() in _SHELLS and "shell" in known):
        return True
    # "Go", "C", "R" are words too: a short name counts only as written. A longer one may begin a
    # name the commits use ("CUDA graphs" where they wrote cudagraph), or end one ("non-CUDA").
    if len(language) > 3:
        told = _TOLD_BY.get(language.lower())
        if told is not None and told.search(scope.text):
            return True
        # A history told by titles alone (a changelog's: no files) shows its language by the names of
        # its ecosystem too: "Add support for jupyter_client 8", "Expose `version_info`", pydantic's own.
        ecosystem = _ECOSYSTEMS.get(language.lower())
        if ecosystem is not None and ecosystem.search(scope.text) and not any(commit.files for commit in context.commits_of(scope.month)):
            return True
        written = re.search(rf"(?:(?<![A-Za-z#+-])|(?<=non-)){re.escape(language)}", scope.text, re.IGNORECASE) is not None
    else:
        # A name of symbols may close a compound ("Python-to-C++"); a letter's ("C") may not ("Objective-C").
        before = r"(?<![\w#+])" if not language.isalpha() else r"(?<![\w#+-])"
        written = re.search(rf"{before}{re.escape(language)}(?![\w#+])", scope.text) is not None
    # A file of the repository a message names ("Speed up `to_snake()` in `pydantic/alias_generators.py`"):
    # under a folder their commits changed or one named as the repository is; not a traceback's /home/….
    if written:
        return True
    paths = [path for path in _PATH.findall(scope.text) if language_of(path) == language]
    if not paths:
        return False
    folders = _own_folders(context)
    return any(path.split("/")[0].lower() in folders for path in paths)


def _own_folders(context: Context) -> frozenset[str]:
    """The top folders the developer's commits changed, and the repositories' own names."""
    changed = {change.path.split("/")[0].lower() for commit in context.commits_of(None) for change in commit.files if "/" in change.path}
    return frozenset(changed | {repository.name.rsplit("/", 1)[-1].lower() for repository in context.history.repositories})


def _is_initial_of(token: str, own_tokens: set[str]) -> bool:
    return len(token) == 2 and token.endswith(".") and any(own.startswith(token[0].lower()) for own in own_tokens)


def _near_miss(tokens: list[str], name_tokens: set[str]) -> bool:
    """'Grace Hoper', 'Grace Hopp', 'Grece Hopper' or 'Gina Hopper' for Grace Hopper: close to the name, but not it."""
    lowered = [token.lower() for token in tokens if not token.endswith(".")]
    # Beside a part that is exactly theirs ("Xu Zhou" for Xu Zhao), a short part may be two letters off too.
    anchored = any(token in name_tokens for token in lowered)
    similar = [any(token == own or _close(token, own, anchored) for own in name_tokens if len(own) > 2) for token in lowered]
    return any(similar) and not all(token in name_tokens for token in lowered)


def _close(token: str, own: str, anchored: bool = False) -> bool:
    """One or two letters off (one for short names, unless `anchored`), or the name cut short."""
    if len(token) >= 3 and own.startswith(token):
        return True
    return _edits(token, own) <= (1 if len(own) <= 4 and not (anchored and len(own) == 4) else 2)


def _edits(first: str, second: str) -> int:
    """The Levenshtein distance: letters inserted, deleted or changed to turn one word into the other."""
    previous = list(range(len(second) + 1))
    for i, a in enumerate(first, 1):
        current = [i]
        for j, b in enumerate(second, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a != b)))
        previous = current
    return previous[-1]
