"""Effects claimed for work that no commit tells: "made the compiler faster" where nothing of
the month speaks of speed.

A model asked for business value adds effects the commits never state ("improved the reliability
and speed of the metal compiler"); a careful writer says them only where a commit does ("perf-tune
the kernels", "fix a flaky test"). An effect told alone, in a sentence that cites nothing and
states no figure (a figure's own check holds "3x faster"), is held to the messages of the items
its paragraph cites, else the rest of its month's text ("These changes made Pallas more robust"
beside a list of them), or, where none is cited, of its month's commits: one word of the effect's kind, as the beginning of any word of theirs ("perf" of perf-tune,
"crash" of crashes; not "race" of Grace), supports it.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Iterator

from summarizer.models.findings import Finding, FindingKind
from summarizer.models.history import WorkItem
from summarizer.validation.claims import cited_items, each_once, messages_of, refs_in
from summarizer.validation.context import Context, finding
from summarizer.validation.evidence import FIGURE, Evidence, in_words
from summarizer.validation.items import WORD, keys, ref_of, whole_keys
from summarizer.validation.phrases import STOP_WORDS
from summarizer.validation.prose import TAG_LINE
from summarizer.validation.sections import CLAUSE_REACH, Sentence, within_spans
from summarizer.validation.vocabulary import GENERIC_WORDS

# What the software can do made more of: new features, or a message that says so.
_FUNCTIONALITY = ("functional", "add", "support", "feature", "new", "enabl", "allow", "implement", "introduc", "expos", "extend")
_IMPROVED = r"(?:improv\w*|boost\w*|enhanc\w*|increas\w*|ensur\w*|optimi[sz]\w*|contribut\w*\s+to|better)\s+(?:the\s+|its\s+|their\s+)?(?:[\w'’-]+,?\s+){0,3}?"
# "moved the loop into the kernel for stability": the quality the work was done for, claimed.
_FOR_THE_SAKE = r"\bfor\s+(?:greater\s+|more\s+)?"
# … where the quality ends the clause: not "for performance testing", "High Level DSL for Performance Portable Kernels".
_CLAUSE_ENDS = r"(?=\s*(?:[,.;:)(]|$|\s(?:and|or|of|in|on|across|when|while|with|by)\b))"
# "the performance of the benchmark was improved": the same claim, said of the quality first.
_WAS_IMPROVED = r"(?:\s+of\s+(?:[\w'’-]+\s+){1,4}?)?\s*(?:was|were|is|are|has\s+been|have\s+been|got)\s+(?:\w+ly\s+)?(?:improved|boosted|enhanced|increased)"
# "more robust", "more competitive and reliable", "was stable and efficient", "remained a reliable …": a quality claimed.
_BECAME = r"(?:more\s+(?:\w+\s+and\s+)?|(?:was|were|is|are|be|been|remains?|remained|stays?|stayed)\s+(?:an?\s+)?(?:more\s+)?(?:\w+\s+and\s+)?)"
# Each kind of effect: how prose claims it, and the parts of words of the commits that tell it.
_EFFECTS = (
    (
        # "a noticeable reduction in the time it took to validate schemas" too.
        re.compile(rf"\b(?:faster|quicker|more\s+quickly|speed(?:s|ed|ing)?\s+up|sped\s+up|shorten\w*|more\s+performant|(?:reduction|decrease|drop)\s+in\s+(?:the\s+)?(?:\w+\s+)?(?:time|latency|runtime)|{_IMPROVED}(?:performance|speed|throughput|latency)|(?:performance|speed|throughput){_WAS_IMPROVED}|{_FOR_THE_SAKE}(?:performance|speed){_CLAUSE_ENDS}|optimi[sz](?:ed|es|ing)\s+(?:the\s+)?(?:code|implementation|logic)\b)\b", re.IGNORECASE),
        ("fast", "speed", "perf", "slow", "latenc", "overhead", "optimi", "throughput", "flops", "bandwidth", "quick", "sped"),
    ),
    (
        re.compile(rf"\b(?:{_BECAME}(?:reliabl[ey]|dependabl[ey]|robust(?:ly)?|stabl[ey]|resilient(?:ly)?)|{_IMPROVED}(?:reliability|dependability|robustness|stability|resilience)|(?:reliability|robustness|stability){_WAS_IMPROVED}|{_FOR_THE_SAKE}(?:reliability|robustness|stability){_CLAUSE_ENDS})\b", re.IGNORECASE),
        # A fix is no claim of reliability: "more robust" needs the commits to speak of it.
        ("reliab", "dependab", "robust", "stab", "noise", "noisy", "unstab", "flak", "crash", "retry", "retries", "hang", "timeout", "race", "resilien", "deadlock", "segfault", "failure", "exception", "unable to", "not able to"),
    ),
    (
        re.compile(rf"\b(?:(?:fully|more|entirely|bit-for-bit)\s+reproducible|{_IMPROVED}reproducibility)\b", re.IGNORECASE),
        ("reproduc", "determinis", "seed"),
    ),
    (
        re.compile(rf"\b(?:{_BECAME}efficient|{_IMPROVED}efficiency)\b", re.IGNORECASE),
        ("efficien", "memory", "overhead", "perf", "fast", "reduc", "cache", "waste", "alloc", "speed"),
    ),
    (
        # "reduced resource consumption", "a smaller memory footprint".
        re.compile(r"\b(?:(?:reduc\w*|lower\w*|cut|sav\w*|smaller|less|optimi[sz]\w*|improv\w*)\s+(?:the\s+|its\s+|their\s+)?(?:\w+\s+)?(?:resource|memory|cpu|gpu)\s+(?:consumption|usage|use|footprint)|less\s+memory|fewer\s+resources)\b", re.IGNORECASE),
        ("memory", "alloc", "footprint", "oom", "resource", "leak", "consum", "vram", "vmem", "hbm", "spill"),
    ),
    (
        # "eliminated failed releases", "preventing crashes", "eliminated every lint warning": failures ended, which a message must speak of.
        re.compile(
            r"\b(?:eliminat\w*|prevent\w*|avoid\w*|put\s+an\s+end\s+to)\s+(?:[\w-]+\s+){0,2}?"
            r"(?:failures?|failed|failing|crash(?:es)?|errors|breakages?|outages?|hangs|deadlocks?|regressions|warnings?)\b",
            re.IGNORECASE,
        ),
        ("fail", "crash", "error", "break", "broke", "hang", "deadlock", "regress", "flak", "fix", "warning"),
    ),
    (
        # "addressed critical issues": a severity the message must give.
        re.compile(r"\b(?:critical|severe|serious)\s+(?:issues?|bugs?|problems?|regressions?|flaws?)\b", re.IGNORECASE),
        ("critical", "severe", "serious", "crash", "regress", "secur", "vulnerab", "data loss", "corrupt", "segfault"),
    ),
    (
        # "a decrease in the number of failures", "fewer test errors": failures made rarer, which a message must speak of.
        re.compile(r"\b(?:(?:decrease|reduction|drop|decline)\s+in\s+(?:the\s+)?(?:number\s+of\s+)?(?:[\w-]+\s+)?(?:failures|errors|crashes|flakes)|fewer\s+(?:[\w-]+\s+)?(?:failures|errors|crashes))\b", re.IGNORECASE),
        ("fewer", "reduc", "flak", "fail", "crash", "error"),
    ),
    (
        # "improved the app's functionality": what the software can do, made more of: new features, or
        # a message that says so (not an upgrade or release notes).
        re.compile(rf"\b(?:{_IMPROVED}functionality|(?:better|greater|more|richer)\s+functionality)\b", re.IGNORECASE),
        _FUNCTIONALITY,
    ),
    (
        # "ensuring that all changes did not break existing functionality", "they did not impact the
        # performance of the application": a guarantee a message must give.
        re.compile(r"\b(?:ensur\w*\s+(?:that\s+)?(?:[\w-]+\s+){0,4}?(?:did|do|does|would|will)\s*(?:not|n['’]t)\s+break|without\s+breaking\s+(?:any\s+)?existing|(?:did|do|does)\s+not\s+break\s+(?:any\s+)?existing|(?:did|do|does|would|will)\s*(?:not|n['’]t)\s+(?:negatively\s+)?(?:impact|affect|degrade|hurt|slow\s+down)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?(?:performance|speed|behaviou?r|functionality|users))\b", re.IGNORECASE),
        ("regress", "backward", "compat", "break", "preserv", "no impact", "neutral", "unchanged"),
    ),
    (
        # "to ensure compatibility and security": a safety the message must name.
        re.compile(rf"\b(?:more\s+secure|{_IMPROVED}security|(?:ensur\w*|maintain\w*)\s+(?:\w+\s+and\s+)?security|{_FOR_THE_SAKE}security{_CLAUSE_ENDS})\b", re.IGNORECASE),
        ("secur", "vulnerab", "cve", "xss", "csrf", "sanitiz", "escap", "inject", "auth", "permission", "secret", "harden"),
    ),
    (
        # "to ensure compatibility", "improving compatibility with newer Pythons": what the message must say it keeps working with.
        re.compile(rf"\b(?:more\s+compatible|(?:ensur\w*|maintain\w*|preserv\w*|{_IMPROVED})(?:\w+\s+)?compatibility|{_FOR_THE_SAKE}compatibility{_CLAUSE_ENDS})\b", re.IGNORECASE),
        ("compat", "support", "version", "upgrad", "deprecat", "migrat", "python 3", "pin", "fallback", "fall back", "legacy", "old "),
    ),
    (
        # "a more flexible way to define data models": a latitude the message must give.
        re.compile(rf"\b(?:more\s+flexibl[ey]|greater\s+flexibility|{_IMPROVED}flexibility)\b", re.IGNORECASE),
        ("flexib", "config", "customiz", "option", "generaliz", "arbitrary", "pluggab", "extensib", "parameteriz", "allow"),
    ),
    (
        # "made stored passwords resistant to GPU cracking attacks": a defence the message must name.
        re.compile(r"\b(?:resistant\s+to|hardened\s+against|immune\s+to|protect\w*\s+(?:\w+\s+)?against)\b(?:\s+[\w-]+){0,3}?\s+(?:attacks?|exploits?|cracking|brute[- ]force)\b", re.IGNORECASE),
        ("attack", "exploit", "crack", "brute", "resist", "harden"),
    ),
    (
        # "fully safe for production", "production-ready": a fitness no fix or feature claims by itself.
        re.compile(r"\b(?:(?:fully|completely|entirely|totally)\s+safe|safe\s+(?:for|in)\s+production|production[- ]ready|bullet-?proof|rock[- ]solid)\b", re.IGNORECASE),
        ("safe", "production", "secur", "harden"),
    ),
    (
        # "eliminated a whole class of schema bugs": the reach of a fix, which its message would say.
        re.compile(r"\b(?:a\s+whole|an\s+entire)\s+(?:class|category|family)\s+of\b", re.IGNORECASE),
        ("class of", "category of", "family of", "all "),
    ),
    (
        # "exposing the tile.id for better debugging", "easier to debug": a help to whoever debugs, which the message must give.
        re.compile(rf"\b(?:{_IMPROVED}debugg(?:ing|ability)|(?:easier|simpler)\s+to\s+debug|for\s+(?:better|easier|simpler)\s+(?:debugging|repros?|reproduction))\b", re.IGNORECASE),
        ("debug", "repro", "print", "log", "trace", "diagnos", "inspect", "error message", "verbose", "dump", "stack"),
    ),
    (
        # "more accurate results", "improving the accuracy of data processing".
        re.compile(rf"\b(?:more\s+accurate(?:ly)?|{_IMPROVED}(?:accuracy|precision))\b", re.IGNORECASE),
        ("accura", "precis", "numeric", "toleranc", "exact"),
    ),
    (
        # "ensuring the integrity of the code": a guarantee the message must give.
        re.compile(r"\b(?:ensur\w*|maintain\w*|preserv\w*|protect\w*)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?integrity\b", re.IGNORECASE),
        ("integrity", "corrupt", "checksum", "consisten"),
    ),
    (
        # "ensuring that the documentation stayed up to date with the latest changes": a currency the message must give.
        re.compile(r"\b(?:ensur\w*|keep\w*|kept)\s+(?:that\s+)?(?:[\w'’-]+\s+){0,4}?(?:(?:stay\w*|remain\w*|is|are|was|were|be)\s+)?(?:\w+\s+and\s+)?(?:up[\s-]to[\s-]date|in\s+sync)\b", re.IGNORECASE),
        ("up to date", "up-to-date", "sync", "latest", "stale", "outdated", "refresh", "regenerat", "updat", "bump", "upgrad"),
    ),
    (
        # "performs well under various conditions", "on different hardware platforms": a reach over
        # cases no one listed, which the message must name.
        re.compile(
            r"\b(?:under|in|for|across|on)\s+(?:a\s+(?:wide\s+)?(?:range|variety)\s+of|various|different|diverse|many)\s+"
            r"(?:\w+\s+)?(?:conditions|scenarios|applications|use\s+cases|workloads|environments|datasets|platforms|configurations|benchmarks)\b",
            re.IGNORECASE,
        ),
        ("variou", "differen", "divers", "generali", "arbitrar", "portab", "platforms", "configurations", "cross-"),
    ),
    (
        # "enhanced the code's ability to handle complex transformations": a reach the message must claim.
        re.compile(r"\b(?:(?:abilit\w+|able|effective|capable|help\w*)\s+(?:\w+\s+)?(?:to|in|of|at)|could|can)\s+handl\w*\s+(?:more\s+)?complex\b", re.IGNORECASE),
        ("complex", "general", "arbitrar"),
    ),
    (
        re.compile(r"\b(?:scalab(?:le|ility))\b", re.IGNORECASE),
        ("scal", "shard", "parallel", "distribut", "large"),
    ),
    (
        # "streamlined the development process", "improved user experience", "easier to use", "easier for other developers to understand".
        re.compile(rf"\b(?:streamlin\w*|smoother|easier\s+to\s+(?:use|run|set\s+up|adopt|develop)|easier\s+for\s+(?:other\s+|new\s+)?(?:users|developers|contributors|maintainers|readers|reviewers|people|others)\s+to\s+\w+|more\s+(?:\w+\s+and\s+)?user[- ]friendly|more\s+seamless|seamless\s+(?:user\s+|developer\s+)?experience|{_IMPROVED}(?:(?:user|developer)\s+)?experience|{_IMPROVED}usability)\b", re.IGNORECASE),
        ("usab", "ux", "ergonom", "simplif", "easier", "friendl", "streamlin", "smooth", "convenien", "experience", "error message", "clearer", "contributing"),
    ),
    (
        # Praise of the person or of what the work did for others: no commit tells it.
        re.compile(
            r"\b(?:set\s+(?:a\s+)?new\s+(?:standard|bar)|rais(?:ed|es|ing)\s+the\s+bar|pay\s+dividends|engineering\s+(?:excellence|culture)"
            r"|(?:deep|strong|steady|unwavering|genuine)\s+(?:commitment|dedication|attention\s+to\s+detail)|(?:the\s+)?whole\s+team\s+more\s+productive"
            r"|a\s+joy\s+to\s+use|noticeably\s+more\s+pleasant|(?:had|have)\s+been\s+waiting\s+(?:on|for)|long[- ]awaited|eagerly\s+awaited"
            r"|(?:a\s+)?critical\s+(?:component|part|piece|step)|continu(?:e|es|ed)\s+to\s+(?:function|run|work|operate)\s+smoothly|necessary\s+for\s+maintaining"
            r"|singled\s+out|(?:the\s+)?most\s+valuable|(?:well|warmly)[\s-]+received|praised\s+by"
            # How others took it, and how the project stands: "The team observed …", "feature-rich", "a popular Python library".
            r"|(?:the\s+)?(?:team|maintainers|community|reviewers|contributors)\s+(?:has\s+|have\s+)?(?:observed|noticed|saw|experienced|appreciated|welcomed|praised|valued)"
            r"|feature[\s-]+rich|(?:popular|widely[\s-]+used|well[\s-]+known|beloved|leading)\s+(?:[\w-]+\s+){0,2}?(?:library|package|tool|framework|project)"
            # How well the work was done or who it showed the person to be: "well-documented and understood by the team", "demonstrate Karthick's expertise".
            r"|(?:well|thoroughly|comprehensively)[\s-]+documented|(?:thoroughly|extensively|rigorously)[\s-]+tested|thorough\s+(?:tests?|testing)|demonstrat\w*\s+(?:[\w'’]+\s+){0,2}?(?:expertise|proficiency|mastery|skills?\s+in)"
            # How much the work mattered: "a crucial step", "were valuable for testing", "benefiting the development of …".
            r"|(?:crucial|essential|vital|instrumental)\s+(?:for|to|in|step|part|role)|valuable\s+(?:addition|tool|asset|resource|insights?|contributions?|for)"
            r"|(?:is|was|were|are|be|been)\s+(?:both\s+|all\s+|very\s+|particularly\s+|especially\s+|highly\s+)?(?:valuable|beneficial|crucial|essential|vital)"
            r"|benefi(?:cial|ting|ted)\s+(?:for|to|the)|positive\s+(?:impact|effect|influence)"
            # What the writer guesses the work was: "likely focusing on fixing bugs and adding new features".
            r"|(?:likely|probably|presumably|possibly)\s+(?:focus\w*|work\w*|involv\w*|includ\w*|spen[dt]\w*|aim\w*|dedicat\w*)"
            # What the work may bring about some day: "which will likely lead to better performance analysis".
            r"|which\s+(?:will|would|could|may|might)\s+(?:likely\s+|also\s+|eventually\s+)?(?:lead|contribute|result)\s+(?:to|in)"
            r"|(?:is|was|were|a)\s+(?:a\s+)?(?:significant|major|substantial)\s+(?:improvement|enhancement|step|milestone|boost))\b",
            re.IGNORECASE,
        ),
        (),
    ),
    (
        re.compile(rf"\b(?:more\s+maintainable|(?:easier|simpler)\s+to\s+maintain|{_IMPROVED}(?:clarity|readability|maintainability|code\s+quality(?!\s+(?:with|through|via|by\s+adding)\s+(?:new\s+|more\s+)?tests?\b))|clarity\s+and\s+maintainability)\b", re.IGNORECASE),
        ("maintain", "readab", "clarit", "clean", "refactor", "simplif", "tidy", "dead code", "lint"),
    ),
)

# A figure right before an effect, which measures it: "20% more stable", "2x as reliable".
_MEASURE_BEFORE = re.compile(rf"(?:{FIGURE.pattern})\s+(?:\w+\s+)?$", re.IGNORECASE)
# The effects a figure measures, by the first word that tells each: speed, efficiency, resources, accuracy.
_MEASURED = tuple(parts for _, parts in _EFFECTS if parts[:1] in (("fast",), ("efficien",), ("memory",), ("accura",)))


def check_effects(sentence: Sentence, around: tuple[str, str], scope: Evidence, context: Context, cited_wrong: bool = False) -> Iterator[Finding]:
    """`ungrounded_text` on each effect ("faster", "more reliable") of a sentence with no ref and no
    figure that no message tells: of the items its paragraph cites, else those the rest of its
    month's text cites ("These changes made …" before a list of them), else of its month's
    commits (of the period's, unlabelled)."""
    if TAG_LINE.match(sentence.text):
        return
    # A period of one month is that month: what the sentence names is read among its items.
    scope = context.read_scope(scope.month)
    # A figure beside speed, efficiency, resources or accuracy ("31% faster") is the figure checks' to hold;
    # beside another effect ("by 100% …, resulting in … improved reliability") it measures none.
    # So is any effect a figure measures where it stands ("about 20% more stable").
    measured = _MEASURED if FIGURE.search(sentence.text) else ()
    claimed = [
        (match, parts) for pattern, parts in _EFFECTS if parts not in measured for match in pattern.finditer(sentence.text)
        if not _MEASURE_BEFORE.search(sentence.text, max(0, match.start() - 16), match.start())
    ]  # fmt: skip
    # A sentence that cites its work may tell what the work is in the words of an effect ("made the
    # fused attention kernel faster on long sequences (#12)"): the citation check holds those words.
    # Held to the cited items' messages are what it appends as the work's consequence (", which made
    # autotuning more stable"), an effect on the whole project ("made the helion project more stable
    # and reliable"), an effect that is all the claim says ("- Improved the stability and
    # performance of the compiler (#1794, #1798)") or that opens it as its verb ("- Improved
    # performance of scalar tensor broadcasting (#425)"), unless its ref is found to be another item's
    # (`cited_wrong`): that finding tells the claim. Praise ("which the team had been waiting on") is
    # a claim wherever it stands.
    if refs_in(sentence.text):
        in_outcome = within_spans(_outcomes(sentence.text))
        claimed = [
            (match, parts) for match, parts in claimed
            if in_outcome(match.start())
            or _OF_THE_WHOLE.search(sentence.text[max(0, match.start() - 40) : match.start()])
            or (not cited_wrong and (_effect_alone(sentence.text, match) or _OPENS.match(sentence.text[: match.start()]) is not None))
            or not parts
        ]  # fmt: skip
    if not claimed:
        return
    # The messages alone: the code of a month writes "fast" and "error" somewhere whatever it did.
    own_refs = cited_items(sentence.text, context)
    items = each_once(own_refs or cited_items(around[0], context) or cited_items(around[1], context))
    told = in_words(messages_of(items, context)).lower() if items else scope.said
    unsupported: list[tuple[re.Match[str], str, bool]] = []
    for match, parts in claimed:
        # "all aimed at improving the performance, usability …": an aim, no effect claimed.
        if _AIMED.search(sentence.text[max(0, match.start() - 40) : match.start()]):
            continue
        # "improved shutdown functionality" beside "Shutdown kernels/terminals on api/shutdown": the work named, no effect.
        if parts is _FUNCTIONALITY and _names_what_it_does(match.group(0), told):
            continue
        # "… and he threaded pallas_interpret through the launchers for better performance": the
        # effect of the work its clause names by the name its title gives, held to that work alone.
        named = _named_in_clause(sentence.text, match.start(), scope, context) or (_named_after(sentence.text, match.end(), scope, context) if not own_refs else [])
        # Not inside an identifier: "fast_accum" is a flag's name, no claim of speed.
        if not parts or not re.search(rf"\b(?:{'|'.join(parts)})(?!\w*_)", (in_words(messages_of(named, context)).lower() if named else told)):
            where = f"in {', '.join(ref_of(item) for item in named)}" if named else "in the items cited around it" if items else "of the month" if scope.month else "of the period"
            unsupported.append((match, where, not parts))
    # "improving the performance and reliability": one effect, not also its first half.
    inside = _inside_another([match.span() for match, _, _ in unsupported])
    # "was instrumental in enhancing the performance": praise and the effect it goes on to are one claim.
    claims: list[tuple[int, int, str, bool]] = []
    for match, where, praise in sorted((unsupported[index] for index in range(len(unsupported)) if index not in inside), key=lambda each: each[0].start()):
        start = _last_verb(match)
        if claims and claims[-1][3] and claims[-1][1] <= start and not sentence.text[claims[-1][1] : start].strip():
            claims[-1] = (claims[-1][0], match.end(), claims[-1][2], praise)
        else:
            claims.append((start, match.end(), where, praise))
    for start, end, where, _ in claims:
        yield finding(FindingKind.UNGROUNDED_TEXT, sentence, (start, end), scope, f"“{sentence.text[start:end]}” is an effect no work {where} speaks of")


def _names_what_it_does(effect: str, told: str) -> bool:
    """Whether the words between an improvement and the functionality it claims name what the
    messages tell the work did: "improved shutdown functionality", not "the app's functionality"."""
    between = WORD.findall(effect)[1:-1]
    return any(len(word) > 3 and word.lower() not in _NOT_CLAIMS and re.search(rf"\b{re.escape(word.lower())}", told) for word in between)


def _inside_another(spans: list[tuple[int, int]]) -> set[int]:
    """The indices of the spans another of them holds (two alike hold each other), read in order of
    their starts, the furthest end so far at hand: a pasted sentence claims thousands of effects."""
    alike = Counter(spans)
    inside, furthest = set(), -1
    for index in sorted(range(len(spans)), key=lambda at: (spans[at][0], -spans[at][1])):
        if alike[spans[index]] > 1 or furthest >= spans[index][1]:
            inside.add(index)
        furthest = max(furthest, spans[index][1])
    return inside


def check_consequences(sentence: Sentence, scope: Evidence, context: Context) -> Iterator[Finding]:
    """`ungrounded_text` on what a sentence that cites its work says the work brought about
    (", which eliminated register-spilling failures on AMD GPUs"), where most of its words, and two
    or more, are in none of the cited items: a claim of its own, which the citation does not back."""
    if TAG_LINE.match(sentence.text):
        return
    refs = refs_in(sentence.text)
    ends = [ref.end() for ref, _ in refs]
    for start, stop in _outcomes(sentence.text):
        # The work is what the refs before it cite (the nearest ones: a pasted run of thousands reads
        # in linear time), and the ref after it that closes the sentence ("…, which eliminated …
        # (#1273)"; "…, closing with the deprecation of the Gtk event loops (#1036)").
        closing = _CLOSING_REFS.match(sentence.text, stop)
        cited_before = bisect_right(ends, start)
        items = each_once(item for ref, kind in refs[max(0, cited_before - _NEAREST_REFS) : cited_before] for item in context.citations.cited(ref, kind))
        items += cited_items(closing.group(0), context) if closing else []
        told = sentence.text[start:stop]
        # A figure in it is the figure checks' to hold; a ref after it, in the sentence's middle, cites the
        # outcome's own work; "which was added by …" tells what a thing is, and only an effect in it ("which
        # was a boost to …") is a claim.
        after = _REFS_AFTER.match(sentence.text, stop)
        own_refs = refs_in(told) or (after is not None and refs_in(after.group(0)))
        if not items or (own_refs and not closing) or re.search(r"\d", told) or _WHICH_WAS.match(told):
            continue
        words = [word for word in WORD.findall(told) if len(word) > 2 and word.lower() not in _NOT_CLAIMS]
        # An outcome a title of theirs tells ("improving TPU attention perf") is that item's: a wrong ref is the citation check's to tell.
        if len(words) < 2 or context.citations.titled([keys(word) for word in words]):
            continue
        if not any(context.citations.shared(keys(word), item) for word in words for item in items):
            refs = ", ".join(ref_of(item) for item in items)
            yield finding(FindingKind.UNGROUNDED_TEXT, sentence, (start, stop), scope, f"“{told}” is an outcome no work cited ({refs}) speaks of")


# How many refs before an outcome tell the work it is of.
_NEAREST_REFS = 20


# Where an effect is the sentence's own verb: "- Improved performance and stability in …".
_OPENS = re.compile(r"^\s*(?:[-*]\s+)?$")


def _effect_alone(text: str, effect: re.Match[str]) -> bool:
    """Whether a sentence says little but the effect: two content words or fewer beside it and its refs."""
    rest = text[: effect.start()] + " " + text[effect.end() :]
    for ref, _ in reversed(refs_in(rest)):
        rest = rest[: ref.start()] + rest[ref.end() :]
    return len([word for word in WORD.findall(rest) if len(word) > 2 and word.lower() not in _NOT_CLAIMS]) <= _ALONE_WORDS


# The content words beside an effect that leave it all a claim says.
_ALONE_WORDS = 2


def _outcomes(text: str) -> list[tuple[int, int]]:
    """Where a sentence tells what its work brought about (", which made …", ", making …"), each to
    the end of its clause."""
    spans = []
    for consequence in _CONSEQUENCE.finditer(text):
        end = _CONSEQUENCE_END.search(text, consequence.end())
        stop = len(text[: end.start() if end else len(text)].rstrip())
        spans.append((consequence.start("what"), stop))
    return spans


_OF_THE_WHOLE = re.compile(r"\b(?:project|codebase|code\s+base|repository|system|framework)\b", re.IGNORECASE)
_CLOSING_REFS = re.compile(r"\s*\((?:[^()]*)\)[.;]?\s*$")
_REFS_AFTER = re.compile(r"\s*\([^()]*\)")
_WHICH_WAS = re.compile(r"which\s+(?:was|were)\b", re.IGNORECASE)
# The clause ends where the sentence goes on to other work: "…, eliminating …, and corrected the typing of …".
_CONSEQUENCE_END = re.compile(r"[.;:!?](?:\s|$)|\s[—–]\s|\(|,\s+and\s+(?:also\s+)?(?:[a-z]+ed|made|took|gave|kept|cut|put|brought|built|wrote|ran|set|split|sped|drew|led|won|became)\b")
_NOT_CLAIMS = STOP_WORDS | GENERIC_WORDS
# ", which made …", ", a change that eliminated …", ", making …", "— resulting in …": what follows is
# told as what the work brought about. Not ", which lets users cap …" (what the work is), nor ", which a teammate had added".
_CONSEQUENCE = re.compile(
    r"(?:,|\s[—–])\s+(?P<what>(?:which|an?\s+(?:[a-z]+\s+)?(?:change|fix|move|step|switch|update)\s+that)\s+(?:also\s+|then\s+|in\s+turn\s+|[a-z]+ly\s+)?"
    r"(?:[a-z]+ed|made|cut|gave|brought|led|kept|sped|put|took|drew|grew|won|became)\b"
    r"|which\s+(?:was|were)\b|(?:[a-z]+ly\s+)?(?:making|ensuring|improving|enhancing|boosting|increasing|reducing|speeding|eliminating|preventing|closing)\b|resulting\s+in|leading\s+to)",
    re.IGNORECASE,
)
# A motivation appended to the work ("…, all aimed at improving …", "focused on enhancing"); a sentence whose verb
# is the aim ("These improvements aim to enhance …") claims the effect all the same.
# Work done to an end ("adding tests to ensure its stability", "fixes to improve code quality") says what it was for.
_AIMED = re.compile(
    r"\b(?:aimed\s+at|intended\s+to|meant\s+to|in\s+order\s+to|focus(?:ed|es|ing)?\s+on|(?:tests?|fixes|changes|features|checks)\s+to)\s+$", re.IGNORECASE
)


def _last_verb(match: re.Match[str]) -> int:
    """Where an effect's own verb begins: "improving its performance" of "contributions to helion,
    improving its performance", whose first verb the pattern reached first; or, without one, its
    own words: "valuable" of "were both valuable"."""
    verbs = list(_VERB.finditer(match.group(0)))
    if verbs:
        return match.start() + verbs[-1].start()
    linking = _LINKING.match(match.group(0))
    return match.start() + (linking.end() if linking else 0)


_VERB = re.compile(r"\b(?:improv|boost|enhanc|increas|ensur)\w*", re.IGNORECASE)
# What links praise to its subject ("were both valuable"): the claim is the praise's own words.
_LINKING = re.compile(r"(?:(?:is|was|were|are|be|been|a|both|all|very|particularly|especially|highly)\s+)*", re.IGNORECASE)


def _named_in_clause(text: str, end: int, scope: Evidence, context: Context) -> list[WorkItem]:
    """The items of the month whose titles name an identifier (`pallas_interpret`, `hl.store`) that
    the clause ending at `end` names, where no more than two titles name it."""
    if scope.month is None:
        return []
    # "The implementation of `smid` …, as well as …, also contributed to …": an effect told as what
    # the sentence's subject did ("contributed to", "made") goes on with the work named before it.
    # ", improving the accuracy …" after a clause: the clause before the comma is the work it follows.
    before = text[max(0, end - CLAUSE_REACH) : end]
    clauses = [_CLAUSE_BREAK.split(before.rstrip(" ,;:"))[-1]]
    if _SUBJECTS_EFFECT.match(text, end):
        clauses.append(before)
    for clause in clauses:
        named: dict[str, WorkItem] = {}
        for word in (dotted or quoted for dotted, quoted in _CODE_NAME.findall(clause)):
            holders = {item.id: item for key in whole_keys(word) for item in context.citations.by_month_title_key.get((scope.month, key), [])}
            if len(holders) <= 2:
                named.update(holders)
        if named or _CODE_NAME.search(clause):
            return list(named.values())
    return []


def _named_after(text: str, start: int, scope: Evidence, context: Context) -> list[WorkItem]:
    """The items of the month whose titles hold the words of what a quality is said of, right
    after it ("more efficient indexing", "faster tile and load/store operations"), where no more
    than two titles hold them all: the work that effect is of. The longest run of those words
    that such titles hold, from the first."""
    said_of = _SAID_OF.match(text, start)
    if scope.month is None or not said_of or not _QUALITY.search(text, max(0, start - _LONGEST_QUALITY), start):
        return []
    words = [word for word in WORD.findall(said_of.group("what")) if len(word) > 2 and word.lower() not in _NOT_CLAIMS][:_OBJECT_WORDS]
    month_keys = context.citations.by_month_title_key
    for count in range(len(words), 0, -1):
        holders: dict[str, WorkItem] | None = None
        for word in words[:count]:
            holding = {item.id: item for key in keys(word) for item in month_keys.get((scope.month, key), [])}
            holders = holding if holders is None else {item_id: item for item_id, item in holders.items() if item_id in holding}
        if holders and len(holders) <= 2:
            return list(holders.values())
    return []


# What an effect is said of: the words right after it, to the clause's end ("more efficient indexing
# and reduced …" is said of indexing).
_SAID_OF = re.compile(r"\s+(?!(?:and|or|but|to|for|with|in|on|by|as)\b)(?P<what>[A-Za-z][\w/-]*(?:,?\s+(?!(?:and|or)\s+(?:[a-z]+ed|made)\b)[A-Za-z][\w/-]*){0,5})")
_OBJECT_WORDS = 4
# An effect that ends in the quality it gives what follows ("more efficient indexing"), read in the
# few characters before where it ends: a search anchored at the end runs from every start otherwise.
_LONGEST_QUALITY = 14
_QUALITY = re.compile(r"\b(?:efficient|robust|reliable|stable|accurate|faster|quicker|flexible|secure|maintainable|performant|scalable|reproducible|compatible)$", re.IGNORECASE)
_SUBJECTS_EFFECT = re.compile(r"(?:contribut|help|made|led|brought)\w*\b", re.IGNORECASE)
_CLAUSE_BREAK = re.compile(r"[,;:]\s|\s(?:and|while|but|whereas)\s")
# A name as code writes it: snake_case, camelCase or dotted.
_CODE_NAME = re.compile(r"`?([A-Za-z_][\w]*(?:[._][\w]+)+|[a-z]+[A-Z]\w*)`?|`([A-Za-z_]\w+)`")

