"""The words of the period's data that a paragraph may name, indexed once per history."""

from __future__ import annotations

import re
from collections import Counter
from functools import cache, cached_property

from summarizer.models.history import History
from summarizer.validation.sections import months_named

WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*")
# Words any summary of any work could use: they name nothing in particular.
GENERIC_WORDS = frozenset("""
a about above across after again against all also although among an and another any are around as at away back based be
because been before being below between both but by can could did do does doing done down during each either else enough
even ever every few for from further had has have having here how however if in into is it its itself just least less
like made make makes making many may more most much must near need needed new next no not now of off often on once one
only onto or other others our out over own part per perhaps quite rather really same several shall should since so some
still such than that the their them then there these they this those though through throughout thus to together too
toward towards under until up upon us use used uses using very via was way ways we well were what when where whether which
while who whom whose why will with within without would yet you your
ability able activity analysis bug bugs fix fixes fixing landed landing merged performance analyze approach area areas aspect aspects based benefit better broad capability change
changes code codebase collected commit commits component components contribution contributions core data deliver delivered
details developer development effective efficiency efficient efficiently effort efforts enable enabled enables enhance
enhanced enhancement enhancements ensure ensured ensuring experience feature features focus focused functionality general
good great help helped high impact important improve improved improvement improvements improving include included includes
including information insight insights key level lines main maintain maintained make month months multiple number overall
period platform platforms process processes product progress project projects provide provided provides providing quality
range recent related reliability reliable dependable dependability robust robustness scope set significant significantly solution solutions
stability stable statistics strong summary support supported supporting system systems task tasks team technical
technology time tool tools total understanding user users valuable value various version visualize visualization whole
work worked working year years
able above access according account across action actual actually address allow allowed also always amount another answer
anything apply approach available avoid basic become began begin behind believe best better beyond block body bring build
built call called calls care certain chance check checked clear close come comes common complete completed concept consider
contain contained containing contains content context continue continued control correct could current currently date
days deal default define defined describe described description design detail determine different directly does done
during early easy either element elements else end entire error errors even event every everything exactly example examples
except expected explain fact false file files find first fixed follow following form format found full function functions
further gave generally get gets getting give given goes going gone group handle handled happen hard head hold however idea
important included increase input inside instead issue issues item items json keep keyword keywords kind known language
large last later latest least left less let level like likely line list lists little local long look looking lot low
made main major make many mean means method methods might mind mode model models more move much must name named names
need never next note nothing number object objects often old once only open order original output over page part particular
pass past people perform place point possible present previous problem problems process provide provided put question
quite rather read real reason recent record records relevant release released report request required requirement
result results return right run running same says second section see seem seen sense separate service short show shown
side simple since single small something sometimes source special specific start started state still string structure
such sure take taken test tests text than thing things think third though thought three through thus today together total
true turn type types under unit until updated upon usage use useful user users usually value values variety very view way
well what whole within without word words world write written yes yet upstream downstream internal internally external
fast faster fastest quicker confidence confident seamless seamlessly directory directories folder folders
existing unused obsolete stale redundant leftover
add added adding adds create created creates creating implement implemented implementing implements introduce introduced
introduces introducing remove removed removes removing
""".split())


_DOUBLED = re.compile(r"(?<=[aeiou])([bdgmnprt])\1$")


@cache
def stem(word: str) -> str:
    """A crude stem, enough to meet 'autotuning' with 'autotuner', 'caches' with 'cache', 'added' with 'add',
    'temporarily' with 'temporary'."""
    if word.endswith("ily") and len(word) >= 8:
        return word[:-3] + "y"
    for suffix in ("ations", "ation", "ings", "ing", "ions", "ion", "ers", "er", "ies", "ied", "es", "ed", "s", "ly", "e"):
        # Inflections may leave a short verb ("add", "fix"); other endings need a longer stem.
        shortest = 3 if suffix in ("ing", "es", "ed", "s") else 4
        if word.endswith(suffix) and len(word) - len(suffix) >= shortest:
            stemmed = word[: -len(suffix)]
            # "pinned", "hitting", "skipped" double the verb's last letter: pin, hit, skip ("added" keeps add).
            if suffix in ("ing", "ings", "ed", "er", "ers") and _DOUBLED.search(stemmed) and len(stemmed) > 3:
                return stemmed[:-1]
            return stemmed
    return word


GENERIC_STEMS = frozenset(stem(word) for word in GENERIC_WORDS)

# Acronyms and names so common in writing about software that they claim nothing.
GENERIC_TERMS = frozenset({
    "API", "APIs", "CLI", "CI", "CD", "PR", "PRs", "UI", "UX", "URL", "URLs", "ID", "IDs", "OSS",
    "SDK", "SDKs", "README", "TODO", "FAQ", "JSON", "YAML", "TOML", "HTML", "CSS", "HTTP", "HTTPS",
    "UTC", "PDF", "CSV", "XML", "OK", "GitHub", "GitLab", "CPU", "CPUs", "GPU", "GPUs", "I", "II", "III", "IV", "Q1", "Q2", "Q3", "Q4",
    # The statistics' own words: a month's data gives its items' sizes as a median and a p90.
    "p90", "P90", "p50", "P50",
})  # fmt: skip


class Vocabulary:
    """What of the period's data a paragraph may name, indexed once per history."""

    def __init__(self, history: History) -> None:
        self.history = history

    @cached_property
    def developer(self) -> set[str]:
        tokens = set()
        for identity in self.history.developer.ids:
            local = identity.split("@", 1)[0]
            tokens |= {token.lower() for token in re.split(r"[\s._+-]+", local) if len(token) > 1}
        return tokens

    @cached_property
    def pieces(self) -> list[frozenset[str]]:
        """The specific stems of each title, path changed and repository name, one set a piece."""
        history = self.history
        texts = {item.title for month in history.months for item in month.items}
        texts |= {change.path for month in history.months for commit in month.commits for change in commit.files}
        texts |= {repository.name for repository in history.repositories}
        excluded = GENERIC_STEMS | {stem(word) for word in self.developer}
        pieces = {frozenset(stem(word.lower()) for word in WORD.findall(text) if _long_enough(word)) - excluded for text in texts}
        return [piece for piece in pieces if piece]

    @cached_property
    def stems(self) -> set[str]:
        """Specific stems of the titles and the paths changed."""
        return set().union(*self.pieces)

    def names_a_piece(self, stems: set[str]) -> bool:
        """Whether two of these stems come from one title, path or repository name: words of one work item, not scattered ones."""
        return len(stems) >= 2 and any(len(piece & stems) >= 2 for piece in self.pieces)

    @cached_property
    def code_stems(self) -> frozenset[str]:
        """Specific stems of the words of the code the developer's commits changed, each in the code
        of few of them (three, or a twentieth): words that tell one change, not every comment's."""
        held: Counter[str] = Counter()
        commits = [commit for month in self.history.months for commit in month.commits]
        for commit in commits:
            parts = {part for word in commit.code for part in re.split(r"[^a-z0-9]+", word.lower()) if _long_enough(part)}
            held.update({stem(part) for part in parts})
        few = max(3, len(commits) // 20)
        return frozenset(key for key, count in held.items() if count <= few) - GENERIC_STEMS - {stem(word) for word in self.developer}

    def code_words_named(self, paragraph: str) -> set[str]:
        """The stems of a paragraph's words that are specific words of the code the developer changed."""
        words = {word.lower() for word in WORD.findall(paragraph)}
        return {stem(word) for word in words if _long_enough(word)} & self.code_stems

    def specific_stems(self, paragraph: str) -> set[str]:
        """The stems of a paragraph's words that are specific words of the developer's titles and files."""
        words = {word.lower() for word in WORD.findall(paragraph)}
        return {stem(word) for word in words if _long_enough(word)} & self.stems

    def names_when_or_where(self, paragraph: str) -> bool:
        """Whether a paragraph names a month of the period or a repository of the developer's."""
        if set(months_named(paragraph)) & set(self.history.period.months()):
            return True
        names = {part.lower() for repository in self.history.repositories for part in (repository.name, repository.name.rsplit("/", 1)[-1])}
        return any(name in paragraph.lower() for name in names)


def _long_enough(word: str) -> bool:
    # Short words say little, unless they are shaped like identifiers ("fp8", "sm90").
    return len(word) >= 4 or (len(word) == 3 and any(character.isdigit() for character in word))


# Packages whose code imports them by another name: PyTorch is torch, NumPy np, scikit-learn sklearn.
IMPORTED_AS = {"pytorch": ("torch",), "numpy": ("np", "numpy"), "scikit-learn": ("sklearn",), "pillow": ("pil",), "opencv": ("cv2",)}


# What hardware is, beside whose it is or what runs on it: "AMD GPUs", "CUDA devices".
HARDWARE_NOUNS = frozenset("gpu gpus cpu cpus hardware device devices accelerator accelerators chip chips machine machines".split())
