"""The labelled validation corpus (fixtures/validation/cases): recall per kind, no false positives.

Each case names an activity (fixtures/validation/*.json, written by make_activities.py and,
from the real histories, make_real_activities.py), the findings planted in its text as
`expect: kind "text"` lines, then `---` and the text. A case with no `expect` line is a
correct text: it must give no error-level finding. A finding meets a planted one when it
is of its kind and one text holds the other (where a phrase begins and ends is a
judgement; which words it covers is not).
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
from pathlib import Path

import pytest

from summarizer.models.history import History
from summarizer.months import build_history
from summarizer.sources.activity_file import read_activity
from summarizer.validation import Checker, FindingKind

CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "validation"
KINDS = {kind.value for kind in FindingKind}


def load_case(path: Path) -> tuple[str, set[tuple[str, str]], str]:
    header, text = path.read_text().split("\n---\n", 1)
    activity = re.search(r"^activity: (\S+)$", header, re.MULTILINE).group(1)  # type: ignore[union-attr]
    expected = {(kind, quoted) for kind, quoted in re.findall(r'^expect: (\w+) "(.*)"$', header, re.MULTILINE)}
    return activity, expected, text


@lru_cache
def history(name: str) -> History:
    return build_history(read_activity(CORPUS / f"{name}.json"))


@lru_cache
def checker(name: str) -> Checker:
    """One checker per activity, as review keeps one for the texts it checks again: what it reads
    of the history (the items' words, the teammates' phrases) is read once for all its cases."""
    return Checker(history(name))


CASES = sorted((CORPUS / "cases").glob("*.md"))
# Cases of the blind corpus (written from the commits, not from the checker) that the check does
# not meet yet, each with why: kept visible, and strict, so a fix shows as an unexpected pass.
KNOWN_GAPS = {
    "2957-month-wrong-ref-teammate-fix-yarongmu": "'repaired a test that the reduction change had broken by switching it to `env.backend_name`': Yifei Xu's 'Fix test broken by #2033: use env.backend_name' told in other verbs, and env.backend_name is in the developer's own code",
    "2959-overview-count-expansion-hardware-yarongmu": "'validated on TPU v5e (#2033)': v5e is in the code of #2024 of the same month (its VMEM capacity table); a term is held to the month, not to the item cited",
    "2979-month-paragraph-wrong-evidence-dguessous": "'(#49), which put an end to the team's recurring install breakages': #49's code says install, and an outcome with a word of its cited item is passed",
    "2989-month-paragraph-teammate-work-karthick25a": "'… and hooked it into the TritonBench benchmark runner (#794)': the clause the ref closes is #794's as much (both [Benchmark] items); the dropout example before it is #641's",
    "2995-overview-teammate-count-asangiorgi25a": "'made LFBOPatternSearch the default autotuner': ethche's 'Set LFBOPatternSearch as default', but the developer's own HELION_AUTOTUNER parsing code names LFBOPatternSearch",
    "3013-real-model-october-helionpzhang": "'all with minimal code changes': a size in words that no rule holds to the lines (+683 / −369)",
    "3014-real-model-june-tritonbenchszhong": "the skill JIT (labeller unsure): tritonbench's bundle carries no code, where @triton.jit would show it",
    "3016-real-model-march-helionaditya": "'These changes were made in response to pre-commit pyrefly on macOS': an invented cause no rule reads; 'improved code readability' of a refactor (#1850) is told by 'refactor' by design, which the labeller rejects",
    "3017-real-model-april-helionaditya": "'added support for inlining Metal code': 'inlining' is in no commit but the sentence holds other words of the month; '(#1991, #1992)' for 'Metal APIs and test job to the CI test matrix': refs cited together, each telling a part ('Metal')",
    "3018-real-model-july-heliontarindu": "'ran significantly faster', 'improving the overall performance of the Helion project': the month's 'Perf-tune the linear-attention kernels' tells performance, which supports the effect by design (the labeller: no before/after is stated); 'Deep Learning', 'Machine Learning' (labeller unsure) are flagged",
    "3019-real-model-august-heliontarindu": "'focusing on both code optimizations and documentation updates': a class of work the month lacks (no docs file changed in August), which no rule reads",
    "3020-real-model-march-helionuchand": "'ensuring that the software was both stable and optimized …': 'test failures' in the month's fix titles tells stability; '#1677' beside #1674 for 'Reduced the autotuning time' (labeller unsure) is flagged",
    "2954-real-model-june-helioniaryendu": "'reduced the cost of collecting … dataset (#2770)': #2770's 'cost-model dataset' holds the word, and no rule tells a cost reduced from a cost model",
    "963-correct-overview-business-value-oulgen": "'a scheduled, sharded workflow (#559, #561, …)': #559 'Kick off benchmarks at midnight' is the schedule, in words no key meets",
    "810-real-model-november-part3-seed": "'Followed up on bug fixes and improved the performance (#33)': #33 traces follow-up fixes, in those words; that it made the run slower is in no title",
    "811-real-model-november-part1-filler-seed": "a sentence of filler ('The team's work was well-received') inside a paragraph that names the work: ungrounded_text reads paragraphs",
    "812-real-model-november-part2-filler-seed": "the same, in part 2 ('… his colleagues, and it resulted in a significant improvement')",
    "1021-wrong-evidence-faketensormode-opposite-yifei": "#2071 replaced the FakeTensorMode wrap that the claim credits it with; its title names the wrap, and no rule reads 'replace X with Y' as undoing X",
    "1029-wrong-evidence-tpu-memory-profiler-yifei": "'a TPU memory profiler (#2459)': #2459 tells TPU and the benchmark; that no commit speaks of a profiler is no rule (paraphrase words are often in no commit)",
    "464-other-author-prefill-decode-xzhao": "'prefill and decode' runs across a conjunction, which no colleague phrase does",
    "1068-wrong-evidence-default-subprocess-jchoi": "'Made the autotune benchmark subprocess the default (#2377)': only 'default' tells #2372 from #2377, and it is an everyday word",
    "1071-other-author-cuda-oom-jchoi": "ethche's 'Handle PyTorch CUDA OOM as a skippable error' told as 'treat PyTorch CUDA out-of-memory errors as skippable': every pair of its words is one the developer's own work uses",
    "1104-wrong-evidence-pallas-standalone-dlu": "#3181 and #3184 are the same option for two backends; the claim's backend (Pallas, TorchTPU) is in #3181's code, and #3184's title lacks #3181's 'standalone'",
    "1112-wrong-month-hbm-windows-dlu": "'staging aligned dynamic HBM windows' (August's #3389) told in July: July's code moves (#3049, #3090) hold every word of it",
    "1120-real-model-april-jchoi": "'Overall, his contributions to helion demonstrated his ability to deliver high-quality software': praise that names the repository, which grounds a sentence",
    "1121-real-model-may-jchoi": "'the AOT compiler': AOT and compiler are each his words; that he built no AOT compiler is a phrase no check reads",
    "1148-wrong-month-dashboard-syu": "'stood up the nightly dashboard for the pretuned kernels' (June's #2865) told in July: July's items (#3212, pretuned dashboard failures) hold the words",
    "1170-wrong-evidence-autotune-hashing-amainz": "'hashed all autotune configs (a65d827)': a65d827 sets up autotune configs in the logger; 'hashed' alone tells 892a0e3 from it",
    "1204-wrong-evidence-is-none-mhoehnerbach": "'tensor is None checks (#1453)': #1369's title is 'v0i0/fix is none', whose words are stop words and keywords; nothing rare tells it",
    "108-other-author-gemm-analyzer-long": "'a gemm analyzer': gemm is Nick's own word and 'analyzer' a generic noun, which together read as his subject in everyday words ('autotuner work', 'Pallas side'), not as Xu Zhao's tool",
    "1257-expansion-name-ethche": "'Ethan Chen' is a letter from 'Ethan Che', a co-author in ethche's own commit trailers: a person of the data, not read as a misspelling of the developer",
    "1263-july-cute-wrongev-skill-ethche": "'exposed tcgen05 loop orders to the autotuner … (#3121)': #3132's title tells it, but #3121's large CuTe change holds every word of the long claim in its code",
    "1301-gather-dim-wrong-sha-tcombes": "the claim (a non-zero gather dim, #2558's title) is the sentence before the ref's; the ref's own sentence (moveaxis, a 3-D table) #2550's gather code holds as well",
    "1315-ab-module-jqu": "'restructured into three sections — Configuration Analysis … (b2d6b19)': the section names are in a742130's body, not its title, and the rule that moves a citation reads titles",
    "1324-real-model-june-ethche": "praise that names the repository ('… usability of Helion') grounds a sentence (labellers disagree: 801, 805, 807 leave it); #2712, cited beside #2710, shares its loads/triton words and, in its code, MemoryOpFact, which five of the month's 13 items hold; #2849 ('in the Pallas and Triton libraries') is Pallas work",
    "1325-real-model-july-ethche": "'Ethan Che' is the name in ethche's own co-author trailers; 'faster execution times … in the compiler's output' names the compiler; #3132 beside the unknown #3031 shares 'loop'",
    "1326-real-model-may-tcombes": "'Fixed bug in int32 gather lowering (#2550)': a fix cited to new work whose title names no fault is wrong_evidence to the check, framing to the labeller; the filler sentence names tests",
    "1327-real-model-june-tcombes": "'Fixed several issues and added new features (#2560, #2637, #2663)': the check finds no feature in #2560 and #2663 (the labeller: arguable); the invented effect is caught",
    "1362-library-home-for-dist-shunting": "'written with inline PTX atomics': no commit of shunting314 writes PTX (their code has PTXASError): the labeller's knowledge, an ungrounded term to the check",
    "1390-june-bullets-hinrik": "'a mamba2_chunk_scan-style mix of scalar and int-tensor indices' reads as Oguz Ulgen's 'mixed scalar/block stores'",
    "1415-msl-signature-wrong-ref-nvfp4-hinrik": "'the MSL kernel signature is now emitted with one parameter per line (#2441)': #2441's MSL codegen change holds the words; #2442's title tells no word #2441 lacks",
    "1418-overview-arc-nriasanovsky2025": "'OpenAI' is the labeller's reading of the commits' OAI: a product's name no commit writes is an ungrounded term",
    "1425-june-misc-wrong-pr-count-nriasanovsky2025": "'a workaround … that blocked local testing (ab2c869)': ab2c869 is classed a test change by its title ('Enable Local testing …'), and a claim of added work cited to a test change is wrong_evidence; its body says it is a workaround in the code",
    "1432-june-bullets-nriasanovsky2025": "'OpenAI' for the commits' OAI, as 1418",
    "1471-cuda13-wrong-ref-count-oulgen2026": "'made cute require CUDA 13+ … (#2622)': CUDA, a language's name, is no claim word, and #2623 that tells the rest is of June; #2622's title shares cute",
    "1478-stats-table-uchand": "'The test_print rewrite alone removed 159 lines.': the item is named by its test, not cited, so its size is no figure the sentence may give",
    "1486-march-rocm-skips-uchand": "'Helion's test suite' in March reads as April's #2049 ('… distributed test suites'): a field phrase that one title of another month holds",
    "1489-overview-skills-filler-uchand": "'reduced the number of tests skipped on ROCm (#1790, #1820, #1831)': 'reduced' is in #1674's title ('… reduce …'), so it is a claim word the three skip changes lack; the April refs for 'kept the AMD benchmark runners and the tritonbench pin up to date' each tell a part in words #2106 tells best",
    "1495-march-grid-minimums-uchand": "'ROCm test coverage' in March reads as April's #2049 ('expands ROCm test coverage'); #1674 and #1677 are sibling autotuner heuristics whose code overlaps",
    "1528-oct-terse-bullets-xzhao2024": "'Bootstrapped the repo (14d58fe)': 14d58fe is 'Initial commit', whose words tell no bootstrap",
    "1538-amd-thread-xzhao2024": "'TMA (Tensor Memory Accelerator)' is the field's expansion, in no text of this metadata-only history; 'fixed … requires TMA (2ea5e4f)' is a fix cited to an item whose title names no fault",
    "1539-oct-docker-fa2-xzhao2024": "'fixed the initial docker build (#3)': 'initial' is in 14d58fe's title ('Initial commit'), read as a rare claim word #3 lacks",
    "1544-period-bullets-xzhao2024": "'Repo bootstrap … (14d58fe, 20cb0a9, #2)': 'Initial commit' tells no bootstrap, as 1528",
    "1546-nov-test-org-prose-xzhao2024": "'a separate triton-main skiplist (#72)': 95ca077's title 'Use skiplist to manage CI' holds skiplist and #72's 'Fix the PR CI' does not; the labeller reads it in #72's message",
    "1122-real-model-july-dlu": "'Moved Pallas launchers into launcher.py (#3182, #3183)': #3183 edits that launcher.py, making it dependency-free; the labeller reads it as no move",
    "1491-lines-mi325-uchand": "'retired the MI325X benchmark runners, deleting … (#1835)': read as one claim, #1835's CI matrix change holds MI325X and the runner words, as #2096 does",
    "1591-aug-pretune-bullets-tarindu": "'The sm100 heuristic for B200 followed … (#3298)': #3298's own code names B200 and sm100 ('Off until sm100 AOT heuristic lands'), so only 're-enabling' tells #3328 from it",
    "1595-aug-preamble-fla-tarindu": "'… behind use_qk_l2norm_in_kernel … (#3289)': the varlen forward #3289 passes the same flags in its code, so every identifier of the claim is #3289's as well as #3288's",
    "1607-aug-other-author-tarindu": "Parshant Sharma's 'Fix rank mismatch for size-1 slice store patterns' landed on 2026-08-01 UTC but in July by its own time zone: told in August, it is no colleague's work of August",
    "1663-echo-overrides-ref-aditya": "'MetalOverrides supply … tgid/tid indexing … (#1761)': #1761's backend registration code holds the override words as well as #1852 does; 'index' reads as Markus Hoehnerbach's 'index type'",
    "1664-compact-overview-aditya": "'exercised by a dedicated test suite and a CI job (#1992, #1862)': #1992 adds test/test_metal.py but its title tells no test, and #1862's title tells the job; refs cited together, each a part",
    "1677-july-stage-stack-bullets-calebmkim": "'per_feature_accumulator … (#2829)': #2829 and #2830 are sibling reduction-seed changes whose code both write per_feature_accumulator",
    "1681-narrow-fallback-wrong-ref-calebmkim": "'after three config-validity fixes' in an uncited sentence is #3036's own count (its body), but the sentence cites nothing: read as a count of the period's 2 fixes",
    "1713-nov-ai-wrong-ref-yhao": "'arithmetic intensity weighted by dram_bytes (#42)': metadata only, and #42's ncu analyzer title shares ncu and metrics words with #37; nothing rare tells them apart",
    "1727-repo-filler-yhao": "'pytorch/benchmark': tritonbench's own messages name it (the project it came from), so it is no repository the text invents",
    "1742-autodiff-thread-karthick": "'Loop-carried accumulators' reads as Oguz Ulgen's phrase",
    "1744-stats-heavy-karthick": "'May 2026 had 4 commits … June 2026 had 5 — 1 feature, 1 fix … The one fix of the period' is read under May by the paragraph's opening month",
    "1746-june-infra-mixed-karthick": "'no custom baseline on TPU': #2969's code writes custom and baseline, but the sentence cites nothing and a colleague's message writes the pair (reading the month's code for colleague phrases cost more catches than it saved)",
    "1751-may-offsets-filler-karthick": "#2283 shares the offsets words with #2153 in code; 'additions to Helion' reads as a colleague's; the filler's effect ('made every release smoother') is caught",
    "1764-june-paragraph-yifei2026b": "'extent' is all that is left of a colleague's phrase, a plain word Yifei's own words do not write: not yet traced",
    "1765-composite-actions-cites-bridge-yifei2026b": "'composite actions … (#3028)': #3028's workflow change writes the same action paths as #3083: sibling CI changes",
    "1766-stats-overview-yifei2026b": "'Pallas accounted for 11 of the items': the offline profile's themes count (Pallas, 11 items) is no statistic or signal the check reads",
    "1774-acronyms-bullets-yifei2026b": "'relaxed tolerance' reads as Emilio Cota's",
    "1778-dashboard-focus-yifei2026b": "'giving' is all that is left of calebmkim's phrase: a participle the developer's words happen not to write",
    "1779-listimpls-cites-sync-fix-yifei2026b": "'a TPU-aware --list-impls-for-benchmark-ci (#3110)': #3110 edits the same benchmarks/run.py whose code holds the flag",
    "1787-invented-lock-number-yifei2026b": "'30-second' is read as a term (a sized compound whose unit is no word of the commits) rather than as a figure",
    "1793-thunderkittens-backward-xzhao2025b": "'enabled the backward pass for ThunderKittens … (#179)': #179 and #196 are sibling ThunderKittens changes whose titles differ in words the claim does not use",
    "1794-amd-work-xzhao2025b": "'ROCm' is in no text of this metadata-only history's April and May (the labeller's knowledge of AITER)",
    "1815-prompt-echo-lines-xzhao2025b": "'with 3,640 lines added' (3,460): 'with' before a count reads it as a part of the whole, and 3,640 is under the period's 6,060 lines changed; 'As instructed …' is caught",
    "1843-may-interpret-ci-err-dlu2026a": "'bumped the CI libtpu pin to 0.0.40' (April's #2017) in a sentence citing May's #2298, whose code bumps pins too; the colleague's 'CI job' is caught",
    "1882-skills-amainz2025": "'kernels' is all that is left of Nick Riasanovsky's phrase, a plain word Adam Mainz's titles never write; 'kernel benchmarking' is a skill no word of his metadata-only commits writes",
    "1892-we-prefill-amainz2025": "the second '(99ff9b6)' is cited for the prefill/decode split (adacbda's): 99ff9b6's title 'adding llama shapes and warp spec' shares 'fp8 GEMM shapes' with it; 30% is caught",
    "1919-misread-fail-job-wfeng2025b": "'fixed the failing unit tests in the distributed CI job (#1125)': #1125 'Fail the distributed CI job if any unit test fails' holds every word of the claim; that it fails the job, not fixes tests, is what the words mean, which the check does not read",
    "1922-examples-move-count-wfeng2025b": "'the examples README.rst gained a Distributed Operations section (#1240)': #1240 moves the same examples and writes the README words in its code; #1241 is the README change. '31 commits' is caught",
    "1926-autotuner-filler-wfeng2025b": "'… suggests passing a custom autotune_baseline_fn (#1136)': #1136 and #1092 are both autotuner baseline changes of November, and #1136's code writes the claim's words; the invented effect is caught",
    "1945-docs-gallery-oulgen2025b": "'These improvements made the documentation a joy to use …' names documentation, a word of the work, and no effect the check knows; #1320 shares the gallery words with #1301",
    "1970-launcher-memory-narrative-tcombes2026b": "'Its scalar metadata tables are copied into SMEM': 'scalar metadata' is Jongsok Choi's title pair; Theotime Combes's code writes the two words apart",
    "1986-real-model-november-wfeng2025b": "the model's 'Fixed errors in the device loop (#1076, #1078, #1079)': #1078 prints a repro on device IR lowering errors, its title holding 'device' and 'error'; 'Supported more complex operations in the compiler (#1102, #1111, #1116)': #1102 and #1111 change files under helion/_compiler (a rule holding such vague claims to titles and messages flagged 9 true texts). 5 of 8 errors caught",
    "1987-real-model-december-wfeng2025b": "'further expanded the project's capabilities' names no effect the check knows; #1217 (the memory-leak fix) cited for shape specialization shares 'tensor' with it; #1240 and #1241 (moving the distributed examples) cited for 'expanded the distributed examples'. 3 of 7 caught",
    "1988-real-model-november-oulgen2025b": "'an increase in test coverage' and 'a decrease in lines of code' are no effect or count the check reads; the invented 'more robust and faster' and the misspelt tests_debug_utils.py are caught",
    "1990-real-model-april-dlu2026a": "'particularly effective in handling complex tensor operations' names no effect the check knows; #1985 and #1986 cited for hl.grid offsets share hl.grid with it; the labeller judged '#1935' (a refactor of if-else branches cited for 'fixed issues with if-else branches') true, the check does not (the title says refactor)",
    "1991-real-model-may-dlu2026a": "'a Pallas TPU framework' and 'for better performance' (of #2524, in a sentence citing nothing, beside attention-perf items) pass; #2212 shares 'loop bounds' with #2211 ('bind', of 4 in 25 items, marks it); #2302, #2373, #2374 cited together with right refs share their words; the labeller left '#2556' (a fix) under 'Improved performance and reliability' unlabelled, the check flags it",
    "2004-pipeline-families-jansel2026": "'pipeline-family normalization (#3229)': #3229 and #3230 are sibling flash-pipeline changes whose code shares the words; 'FlashScheduleVerifier' is caught",
    "2034-pretuned-scale-mm-syu2026b": "'pretuned scale' reads as Yash Bishnoi's pair: 'scale' is part of scale_mm_cute, a name her code writes, but 'pretuned' is in no title of hers (reading it from all her words lost 2002's catch)",
    "1371-april-config-filter-echo-shunting": "'… or return a modified copy to use instead (#1823)': the clause the ref closes now reads with the one before it ('…, which can have …'), and #1823 tells its words; the echo is caught",
    "1487-bullets-prompt-echo-uchand": "'…, with a regression test `test_llvm_translation_failure_skips_config` (#1821)': a clause opening on 'with' reads with the one before, and that one quotes another item's title, which is blanked as a quoted title is: the ref is then read as citing its own title; the echo is caught",
    "2060-dev-shorthand-jchoi2025": "'cache hits … are reported': Oguz Ulgen's #1006/#1007 say cache hit; Jongsok Choi's #817 says it as 'Found cached config', in code only",
    "2064-overview-bullets-pzhang": "'Stopped combining unrolling with warp specialization in autotuner configs (#967)': #920's title says 'combination of unrolling', a rarer word than #967's 'warp spec'",
    "2065-kldiv-wrong-ref-pzhang": "'reworked the KL divergence example … register_block_size … vocabulary (#733)': #733 (JSD) and #822 (KL div) are sibling examples whose code writes the same words",
    "2069-int4-wrong-ref-number-pzhang": "'unpacks the low and high 4-bit halves … (#1010)': what tells #751 apart is in its code alone, and #1010's title tells int4 gemm too; the invented 1.8x is caught",
    "2090-err-we-blackwell-intro-mhoehnerbach2025": "'introduced examples/blackwell_attention.py (#969)': #969 changed that file too; that #918 created it (+280 −0) is no rule",
    "2107-err-we-linter-rocprof-szhong": "'rocprof', a tool named in lower case, is no term the check reads; the wrong ref is caught",
    "2113-july-bullets-signal-ref-jdong": "'Added hl.signal, which sets signal-pad entries … (#243)': #243 (hl.wait on several barriers) names hl.signal in its code",
    "2127-allreduce-ref-echo-jdong": "'Wrote examples/all_reduce.py, …, and sums the peer buffers (#261)': the ref closes a list of clauses and #261 tells the last; the file is #245's only by its whole name, which #245's title does not write; the echo is caught",
    "2137-real-model-november-jchoi2025": "'showed improved clarity and maintainability' names no effect the check knows; 'was robust' is caught",
    "2138-real-model-september-mhoehnerbach2025": "'a significant speed-up' is told beside commits that do speak of speed ('faster rms norm backwards kernel'); #669 (forward perf) cited beside #624 for the faster backward kernel tells rms norm too; 'reduced resource consumption' and both skills are caught",
    "2139-real-model-october-mhoehnerbach2025": "'addressed bugs in … Blackwell attention with triton attributes': #918 is a new example, and a claim of a bug fix in a list of fixes is no rule; 'improving performance' is caught",
    "2195-closures-term-jansel": "'ClosureMutation and GlobalMutation errors are raised on writes (a163b51)': the example commit's code names closures and globals, so the joined names read as its words",
    "2202-april-indexing-prose-jansel": "'an indexing_strategy.py module … (0a75b2d)': 0a75b2d, titled 'Improve header import generation', created the file; a034a1d's title tells block pointers and tensor descriptors, and outweighs it",
    "2205-reductions-skill-jansel": "'softmax example … (#15)' (#13's) is missed: #15 names softmax in its code",
    "2240-real-model-april-dkaushal": "'added support for AMD-specific functions' tells the opposite of 1887f12 (removing blockwise from AMD): the invented operator names are caught, the inverted claim is not",
    "2249-attention-readme-jansel2025c": "'added an attention example … with triton.testing.do_bench (#58)' (#56's): the joined name reads as held wherever a word begins with triton, which #58's code does",
    "2319-streamk-fix-cited-wrong-sginzburg": "'smaller than the CU count': CU (compute unit) is the writer's AMD word for the body's NUM_SMS=304, in a teammate's commit only, so it reads as theirs",
    "2325-h100-numbers-cited-wrong-sginzburg": "'after profiling with rocprof': a tool named in lower case is no term the check reads (the wrong ref is caught by its figure)",
    "2329-real-model-may-wfeng2025c": "'to ensure better performance' is told beside a month whose messages say 'perf boost' and 'quick testing'; the skill 'CUDA' (labelled unsupported) is written in the prose of their own code, which tells a skills line's platform",
    "2333-real-model-march-tritonbenchpzhang": "the model cites a commit by its title, '(PartitionK fp32 accumulator + interleave loads)', which is no ref the check reads",
    "2339-norm-kernels-wfeng2025d": "'improved rms_norm forward performance' (Markus Hoehnerbach's #669): rms_norm and forward are Will Feng's words too, and performance is a generic word, so no pair of the phrase is the teammate's alone",
    "2391-evidence-dec-and-term-hyutb": "'updated the FBGEMM submodule to pull in the warp-specialized FP8 rowwise kernel (#122)' (#123's): #122's title tells warp-specialized FP8, and a month of two items has no rare word to weigh them by",
    "2416-real-model-september-helionmengluy": "'Added backward kernels for rms_norm and layer_norm (#597)' is caught as a wrong ref (#603 tells layer_norm), not as Will Feng's layer_norm backward kernels (#588)",
    "2420-real-model-august-helionsekyonda": "'for better readability and functionality (#401)' cites a ref, and an effect beside a ref is held to it by the citation check alone; 'easier for users to navigate' is in no form the check knows; JavaScript is written in August's code, which a skills line reads as its evidence",
    "2421-real-model-september-helionsekyonda": "'were tested with tests and are being verified' and 'improved the overall quality of the documentation' are in no form of effect the check knows",
    "213-other-author-amd-installation": "'AMD' alone: Xu Zhao's January fixes FBGEMM's RoCM build, so AMD is a word of his month too (the teammate's phrase around it is caught)",
    "2446-compiler-teammate-wfeng2025e": "'added tile.count' (Oguz Ulgen's #955): tile and count are each words of Will Feng's own code, so the dotted name reads as told in its parts",
    "2463-nov-label-fix-ethche2025": "'contributed the DE-Surrogate hybrid autotuning algorithm' (a teammate's #1096) is caught in part ('autotuning algorithm, with an early-stopping option'); '#1115' for the label flip of #1170 is missed: #1115's code holds the claim's words",
    "2491-dec-reduction-we-sijiactb": "'a reduction GEMM operator … (188ae1c)' (f307e5d's): in a month of two items the other title holds three of the claim's words against one, short of the margins that call a ref wrong",
    "2507-real-model-february-helionethche2025": "'helped the compiler more quickly find optimal settings' is in no form of effect the check knows; 'LFBO (Log-Free Binary Search)' is spelled with initials that do not give LFBO, so it reads as no expansion",
    "2508-real-model-december-helionmhoehnerbach2025b": "'Autotuner' in the skills line is read as the folder helion/autotuner, which December's messages never name (the labeller let it stand)",
    "2511-real-model-december-tritonbenchsijiac": "'This resulted in 328 new lines' gives one item's size in a sentence that names no item; 'C' is written in December's commit text, which a skills line reads as its evidence",
    "2531-overview-bullets-syu2026a": "'a new maybe_reshape_reduction backend hook (#2483)': 'backend hook' is Yifei Xu's phrase (#2282); Shangdi Yu's hook is in helion/_compiler/backend.py, a file name the colleague check does not read as her word",
    "2533-flowing-prose-syu2026a": "the same 'backend hook' as 2531",
    "2546-month-skills-mhoehnerbach2026b": "'CUDA' in a skills line where the month's only CUDA is torch.cuda calls in code: read as 2237 and 2329 are labelled (unsupported); the writer calls it true",
    "2560-profiling-bullets-xzhaotb2024b": "'Added Proton profiler support … (#111)' (#102's): #111, 'Support flops metric in proton profiling', holds proton and profiling in its title",
    "2562-bwd-and-deps-xzhaotb2024b": "'disabling donated_buffer for the backward benchmarking of all operators' (Yueming Hao's #104): Xu Zhao's own #88 disables donated_buffer for layer_norm's backward, so the phrase's pairs are his too",
    "2578-july-gdpa-overhead-yhaotb2025": "'a fix for the mis-sync that diff-train had caused … (#305)' (#315's): in a month of three items of titles alone, the margins that call a ref wrong are not met",
    "2580-install-flag-typo-param-yhaotb2025": "'enable_launch_tracing' for their enable_launch_trace reads as told in its parts; '3cb819c' for the --tritonparse option of #239 is missed in a history of titles and paths alone",
    "2609-months-bullets-rsqrt-jansel26a": "'Added an rsqrt lowering …, and enabled more cute tests (#1490)': #1490 enabled the tests; that the rsqrt half is #1512's is a clause-by-clause reading no rule makes of one ref",
    "2610-remote-gpu-tooling-jansel26a": "'telling agents to start a persistent pod' is read as Oguz Ulgen's 'Tell AGENTS to not run git push': a verb with the name of a file they changed (.agents) is no rule of the colleague check",
    "2636-july-compiler-bullets-oulgen25a": "'Added an hl.dot() API for FP8 GEMM kernels': the planted other_author is caught, and FP8 GEMM, of the same teammate's title, is told a second time",
    "2647-july-bullets-speedup-mren25": "'… for Blackwell performance measurement, and added skip entries to the H100 test lists (#278)' (#268's): the clause the ref closes holds words no item's words hold, and the clause before is not weighed",
    "2650-themed-highlights-mren25": "'benchmarking' as a skill of work in tritonbench whose titles say 'for performance measurement': no rule reads measuring performance as benchmarking",
    "2651-month-paragraphs-count-mren25": "'three were features' after '5 commits, of which': a count of a class in that shape is not read; and #260 cited for #263's 'blackwell version of FA', whose title's FA is not read as flash attention",
    "2657-wrong-ref-autotune-nrias25a": "'doubled M block size (0a255d2)': the planted wrong ref is caught, and 'doubled' is held to the wrong ref too, though 3e547ce, the suggestion, says 'doubling'",
    "2664-real-model-october-helionjansel2025d": "'catching missing triton errors' (a garble of #873's cudnn error) is a list of work in plain words no rule holds to the items",
    "2665-real-model-december-helionoulgen2025d": "'a software library for machine learning and computer vision' describes the project, which no rule checks; and the skills 'GPU' and 'Machine Learning', which the labeller left, are flagged",
    "2671-errors-benchmarks-jansel25e": "'added TritonBench benchmarks for embedding and rms_norm' (Will Feng's #248, #253): the developer's own words (benchmark, embedding, rms_norm) recombine into a teammate's work, which the colleague check reads as theirs",
    "2677-typing-filler-jansel25e": "'improved `Tensor.item()` handling … (#306)', #307's 'Improve Tensor.item() handling': #306's code names item and tensors, and the copied title of another item is not weighed against it",
    "2697-prose-teammate-tcombes26a": "'renamed the default pallas_loop_type value to unroll' (Yifei Xu's #2155): pallas_loop_type is the developer's word too, and 'unroll' alone beside it is no pair of the teammate's title",
    "2698-flowing-prose-tcombes26a": "'All four of his features and bug fixes came with test changes.', a closing paragraph of one sentence, is read as naming no work: a count written as a word in the grounding check is not read",
    "2724-we-dobench-echo-wfeng25f": "'timed the Helion MoE kernel … using triton.testing.do_bench (#118)' (#110's): #118's title holds MoE, and #110 holds the benchmark words in its code, not its title: the margins that call a ref wrong are not met",
    "2729-priors-prose-expansion-jansel26b": "#2679 ('per-fragment config priors') cited for #2680's cute priors: the claim's words (static-persistent, tvm-ffi, staging, warp) are in a dozen items of the month each, #2679's code among them, and 'priors' is in both titles",
    "2733-compat-bullets-term-jansel26b": "#2653 cited for #2678's validate_environment hook: the clause the ref closes ('tvm-ffi or CUDA >= 13 is missing') is in many items, and validate_environment and CuteBackendUnavailable are in #2678's code, not its title, which the rule for another item's name needs",
    "2807-amd-cites-ci-jchoi25c": "'Validated the new knobs with rocprof traces on MI300': a tool named in lower case is a plain word to the check, which holds only identifiers, acronyms and capitalised names to the commits",
    "2811-real-model-april-helionjansel2026c": "'speeding up tests with #2008, #2014, and #2020': the three refs close one claim and each is read as telling a part of it, #2020's code writing 'operation'; 'ensuring more efficient development' is held to the refs its paragraph cites, and #2008's 'Refactor reductions' begins with 'reduc', a word of efficiency",
    "2812-real-model-may-helionjansel2026c": "'reducing the number of iterations required for matmul computations': a count said to fall is no effect the check reads; 'improving the efficiency of the epilogue stages' (left unlabelled, unsure) is held to the items the month's highlights cite, none of which speaks of efficiency, while the month's epilogue changes (#2255 'trim tcgen05 epilogue barrier', #2510 'vectorize and stage aux epilogue stores') do that work without saying so",
    "2824-logging-wrong-evidence-oulgen25e": "'A new helion/_logging package … LogRegistery … (#68)' for #26's work: #68 documents HELION_LOGS in the README, whose text names the logging, levels and kernel output, and #26's title ('Add HELION_LOGS') holds none of the package's other words",
    "2826-ci-wrong-evidence-other-author-oulgen25e": "'Fixed CI workflows running twice on ghstack pull requests … (#27)' for #54's fix: #27 'Trigger CI on pull requests made by ghstack' tells ghstack, CI and the test workflow itself",
    "2828-count-expansion-oulgen25e": "'PEP 621 (the Python Extension Proposal for project metadata)': the acronym is not beside its words (a number between), and PEP is not in the glossary",
    "2837-td-container-wrongref-ethche26c": "'added dynamic TD layout guards for tensors passed inside lists and tuples … (#2356)' for #2370's: #2356 'Enable tensor_descriptor for static_shapes = False' changed the same guards' code, which names lists, tuples and dicts",
    "2839-rope-wrongref-otherauthor-ethche26c": "'… wrapped in a torch.autograd.Function, with a pretuned sm90 heuristics file checked in next to it (#2392)' for #2415's RoPE kernels: the clause the ref closes is #2392's ('Autotuner heuristics', sm90 in its code), and the RoPE words are in a clause before",
    "2851-fastmath-docs-wrongref-skill-hinrik26a": "'documented in docs/api/settings.md what fast_math turns on … and controlled by HELION_FAST_MATH (#1564)' for #1669's: the clause the ref closes is #1564's, whose code writes HELION_FAST_MATH",
    "2877-real-model-may-helionoulgen2025e": "'Improved CI pipeline and tests (#103, #104, #106)': the claim's one specific word, pipeline, is in no item, and refs cited together for a claim in plain words each tell a part; 'enhanced the readability of the README' (true but vague, the labeller says) is an effect no README change states",
    "2878-real-model-july-helionecota2026a": "'Improved synchronization with TorchTPU (#3013, #3014)': #3014 'torch_tpu: update pin …' tells TorchTPU, a part of the claim, beside #3013, which tells the rest; the skill 'numpy' (left unlabelled, unsure) is flagged: the code writes jnp, JAX's numpy, and no numpy",
    "2879-real-model-june-helionjdong2025a": "the skills 'Compiler optimizations' (unsure) and 'Language enhancements' (true, the labeller says) are tags of no language or tool the commits show",
    "2862-ordered-carry-wrong-evidence-ecota26a": "'… the new test covers a 2D jagged-dense bmm loop (#3076)' for #3077's: the clause the ref closes names #3077's test, but the whole sentence tells 'ordered carry', #3076's title words too, and a ref fails only where both readings fail",
    "3094-real-model-november-pydanticsrunkle-2023": "'which is a more flexible way to define data models': flexibility is no effect the check reads, and the clause says what the work is rather than what it brought about",
    "3097-real-model-august-pydantickludex": "'the reversion of the fix … (#6827) was not successful': a failure claimed for a revert is no effect the check reads",
    "3109-month-paragraph-other-author-x1": "'… (#1623) and ran the prerelease tests on 3.14 as well': minrk's 'run prerelease tests on 3.14' told in the past of an irregular verb, which the teammate checks do not read as the same verb",
    "3181-skills-line-unsupported-y1": "'jupyter_client gained a Dependabot configuration (#876)' for #870's: #876 'Add coverage config' holds configuration as #870 'Add dependabot' holds Dependabot, one word each",
    "3187-downstream-unknown-repo-y1": "'brought the same Dependabot setup to jupyter_core as well': a repository named after 'to', in a list of two of theirs told clauses before, is read as a teammate's title word (davidbrochart's '… from jupyter_core')",
    "3207-march-paragraph-name-echo-evidence-y2": "'The downstream tests were cleaned up (#725)' for #700's: #725's title holds 'clean up' and 'tests' too, and 'downstream' alone tells them apart",
    "3211-bullets-wrong-evidence-other-author-y3": "'made it possible to update a kernel's environment between restarts': a teammate's 'Update kernel env to reflect changes in session', whose words the developer's own revert of it holds",
    "3248-real-model-december-jupyterianthomas23": "'also resolved a bug related to the CI process': #1068 'Attempt to fix CI' holds the words; that the attempt resolved it is no claim the check reads",
    "3273-bullets-other-author-z2": "'Made traitlets' warnings more helpful' (no ref): NickCrews's 'Better warnings' in other words, which no teammate check reads as the same work",
    "3284-bullets-swapped-refs-repo-z3": "'Dropped Python 3.9 … (#1078)', #1076's work cited wrong (found): 'Dropped Python' is also read as davidbrochart's 'Drop Python 3.8', since the developer's own 'Drop 3.9' never writes Python",
    "3285-stats-line-skills-z3": "'Python 3.14', 'free-threaded Python': the titles say 'Start testing on 3.14 and 3.14-free-threaded' and never Python, in a history without files",
    "3291-overview-echo-term-z3": "'all built around Jupyter Releaser': a capitalised name that begins with the repositories' own word (Jupyter) is read as theirs",
    "3298-by-month-terse-z4": "'don't fail if the kernel isn't found at shutdown (#694)': #694 says 'Prevent failure … when shutting it down', words the claim's fail and shutdown do not meet, and #579's title says shutdown twice (failure read as fail lost 2841's #2276)",
    "3306-real-model-november-jupyterblink1073-2023c": "the bullet and sentence that copy the prompt's example ('blank rows') are condemned whole, so the labelled #992 and 'improving the accuracy …' inside them are not told apart; 'Fixed several bugs … (#1353, #1354, #1356)' is found as refs that fix nothing rather than as a count; #1351 ('Clean up lint and typing') beside #1350 holds typing",
    "3307-real-model-june-jupytercarreau-2026b": "'enhancing the reliability of jupyter_client, jupyter_server, traitlets …': #1626's 'to fix strict validation failures' tells reliability to the effect check (failure is one of its words)",
    "3132-prose-wrong-evidence-x2": "'retries kernel updates with exponential backoff (#1256)': a technique in plain lower-case words is no term the check reads, and #1256's title says retry",
    "3308-real-model-june-helionsyu": "'#2759' (a specialization key) and '#2774' (fp8 decode closing a GEMV perf gap) each tell a part (fp8, performance) of the claims they are cited for; 'scalability' is told by the month's distributed examples",
    "3310-real-model-may-helionhinrik": "'by addressing several critical issues': a severity no rule reads; 'Git' as a skill where the developer changed .gitignore",
    "3311-real-model-june-helionhinrik": "'Added a new Types module for better type safety (#2603)': #2603 migrates Types to a dedicated module, and 'type safety' is told by its word Types",
    "3312-real-model-march-helionshunting": "'improved the performance … through autotuning', in the summary and the bullet, is flagged where the labeller reads autotuning as performance work",
    "3320-real-model-april-pydanticviicos": "'The work was documented well' (the labeller unsure: #8682 is docs work) is praise of how, in no form the check knows",
    "3322-real-model-april-jupyterafshin": "'improved the server's reliability' is told by #459's port-retries; 'a significant improvement in the Changelog to Sphinx Docs' names #465's work, and the check reads it as praise where the labeller, unsure, left it",
    "3324-real-model-november-tritonbenchamainz": "'improved the performance … making it a more robust and reliable tool': a body explaining why averages showed 'better latency performance', and 'fail fast … failure', tell speed and robustness to the effect check",
    "3326-real-model-july-tritonbenchjqu": "'This made the code more maintainable and easier to read for other developers.' goes on from the sentence before; a filler sentence to the check, left unlabelled by the labeller (unsure: a maintainability commit is in the month)",
    "3329-real-model-december-tritonbenchyhao": "'git' as a skill where the developer changed .gitignore: the labeller, unsure, left it, where 3310's labelled Git unsupported",
    "3378-real-model-august-helionsyu2026b": "'the examples repository' names helion's examples folder as a repository; 'examples' is an everyday word to the repository check",
    "3379-real-model-march-helionhinrik2026a": "'These improvements resulted in faster compile times and improved overall performance': 'Add fast triton sigmoid support' tells fast to the effect check",
    "3382-real-model-june-helionecota": "'GPU programming' for TPU work, where the code of #2697 names GPU; 'enhance the performance and reliability', which the labeller, unsure (#2599, #2732 tell part of it), left",
    "3383-real-model-august-pydanticscolvin": "'improved … by removing unused `type ignores` with Pyright' and 'by updating the badge for download links': two items told as cause and effect, which no rule reads",
    "3384-real-model-april-jupyterjtpio": "'server reliability' as a skill tag is flagged where the labeller, unsure, left it",
    "3385-real-model-november-tritonbenchmren": "'- Improving performance and enabling support for … (#69, #62, #69)': the effect of a bullet whose ref is found wrong is left to that finding; 'These changes were made in response to a PR54': a cause no rule reads",
    "3386-real-model-december-tritonbenchmren": "Hongtao's finding, told in #77's body, told as Manman Ren's (no commit of Hongtao's in the month says it); '306 lines of code' and 'the number of lines to 10' told as effects; the sentence naming Hongtao is read as naming nothing",
    "3387-real-model-december-helionrechen": "'which improved the quality of the codebase' is told by lint work (pyrefly, lint.yml) to the check, where the labeller reads it as unsupported",
    "3388-real-model-april-tritonbenchdrisspg": "'the pre-commit added lots of options to FlexAttention': #194's work told of #195 in words, without a ref",
    "3396-real-model-june-tritonbenchtrobie": "'ensuring that the `utils` code is more robust and faster', beside an OOM fix, is flagged where the labeller, unsure, left it",
    "3399-real-model-july-pydanticsmisra": "'Misra saurabh1', the login split in two, is read as the login; the skill 'Algorithms' is flagged where the labeller, unsure, left it",
    "3400-real-model-september-pydanticsmisra": "'by 100% across several key performance-critical functions': #9950's figure told of several functions, whose words its title holds",
    "3401-real-model-march-jupyterlabhbcarlos": "'#13578', the original PR a backport's title gives ('Documentation RTC and user service (#13578) (#13591)'), is unknown_pr where the labeller, unsure, left it; 2953's labeller labelled the same shape unknown_pr",
    "3402-real-model-march-jupyterdavidbrochart": "'to ensure data is saved consistently before and after operations': a guarantee of consistency no rule reads",
    "3403-real-model-march-jupyterlabfcollonval": "'HTML' and 'CSS' as skills are flagged where the labeller, unsure, left them (sanitize-html, style imports, icon colours in titles)",
    "3405-real-model-april-helionyarongmu": "'improving their functionality and robustness' beside an OOM guard is flagged where the labeller, unsure, left it; OOM tells no robustness to the check (case 2963's planted error)",
    "3406-real-model-may-helionkarthick": "'more accurate and efficient calculations' is told by the month's tolerance work to the check",
    "3411-real-model-june-jupyterlabmuffanuj": "'Python' in a history of titles without its tools, which this labeller left (a Python project) and older ones labelled",
    "3412-real-model-march-jupyterlabjtpio": "#17345 cited beside #17327 and #17364, whose titles tell only part of the bullet; 'HTML/CSS' and 'Python' in a history of titles without its tools, which this labeller left (a Python project) and older ones labelled; 'JTPio' for jtpio is name_mismatch where this labeller left it (3437's labelled 'AdriangB' so)",
    "3414-real-model-june-nbconverttuncbkose": "'a smoother conversion process' for conversion fixes is flagged where the labeller, unsure, left it",
    "3418-month-stats-skills-jlkrassowski26": "'upgraded the build to Rspack 2.0', jtpio's #18467: a version the developer's own titles give too (2.0) is read as theirs",
    "3426-bullets-wrong-evidence-other-author-jlfcollonval23b": "'added the `copyAbsolutePath` page option' is found other_author, quoted from the term to the clause's end ('copyAbsolutePath` page option so users can copy …'): the right finding, a span neither quote holds",
    "3171-real-model-january-jupyterblink1073-2023": "'Python' in jupyter_server's history of titles: this labeller labelled it, later ones (3409, 3413, 3437, 3441-3443) left it in Python projects' titles-only histories, which show Python by the ecosystem's names (jupyter_server)",
    "3172-real-model-september-jupyterzsailer-2022b": "'Python' in jupyter_server's history of titles, labelled here and left by later labellers (as 3171)",
    "3249-real-model-january-jupyterjmabille-2026": "'Python' in jupyter_server's history of titles, beside a jupyter_client title, labelled here and left by later labellers (as 3171; 3442's left it beside 'Add support for jupyter_client 8')",
    "3431-real-model-july-helionjdong": "'Fortran', the prompt's example skill, is prompt_echo (the skills line) and unsupported_skill too; 'autotuner' is a folder of theirs no message names, a place to the check (test_skill_tags.py), a skill to this labeller",
    "3432-real-model-august-helionjdong": "'#479' ('Improve Stacktensor Doc', whose code names signal_wait) cited beside #478 for the signal/wait docs; '#346' ('Add multicast tensor', which added stack_tensor.py) for 'Added support for StackTensor' is wrong_evidence to the check, #261's title being the claim ('Add StackTensor support to hl.signal & hl.wait'), and left by the labeller",
    "3437-real-model-september-pydanticadriangb": "'significantly improved the performance … by addressing a bug …, adding caches' is flagged where the labeller, unsure, left it: no cited item's message says speed (#7565's 'faster startup times' is cited nowhere)",
    "3440-real-model-may-jupyterlabbrichet": "'which enhances the functionality and customization options' after a feature told but cited to wrong refs, and 'HTML' among skills, are flagged where the labeller, unsure, left them",
    "3441-real-model-february-notebookjtpio2024": "'worked on JupyterLab' in notebook's history: JupyterLab is a word of its titles ('Update to JupyterLab 4.1.0'), a dependency, not a repository read",
    "3444-real-model-december-nbconvertblink10732022": "'to streamline the development process' and 'This work improved the quality and maintainability of the project.' after ruff and lint work are flagged where the labeller, unsure, left them (the second as a sentence naming none of the work)",
    "3449-overview-swapped-ref-ikcarreau": "'(#1337), restoring Spyder users' ability to launch kernels' for 'Try to fix spyder kernel install': an outcome in the cited title's words, a success the title does not claim",
    "3462-real-model-july-ipykernelcarreau": "'This work improved the reliability of the testing process' beside #1324 ('Don't rerun test with --lf it hides failures') is flagged where the labeller, unsure, left it",
    "3463-real-model-june-ipykernelsylvaincorlay": "'#651' (debugging with native coroutines) cited for 'Fix bugs in downstream `nbclient` tests using native coroutines': it tells the coroutines part, #641 the nbclient part",
    "3467-real-model-july-tritonbenchmren2025": "'improving the performance of tritonbench' is told to the check by #260's body ('configs for different optimization variants')",
    "3499-real-model-january-jupyter2rgbkrk": "'These fixes made the package more stable and reliable for users': fixes of flaky tests and of a channel's cleanup tell reliability to the check, which reads no 'for users' as the claim's reach",
    "3500-real-model-september-jupyter3mrenou": "'These changes help maintain the stability and reliability of Jupyter notebooks': 'Prevent failure if kernel is not found when shutting it down' tells reliability to the check, which reads no 'of Jupyter notebooks' as the claim's reach",
    "3502-real-model-december-jupyteryuvipanda": "`version_info` and `activity_metrics` for 'metric with version information' and 'Expose 3 activity metrics': a name written with the titles' words joined is theirs to the check (the issue's normalised comparison), in a history without code where the labeller read them as names made up; 'valuable insights' of metrics is praise to the check, which the labeller left",
    "3504-real-model-september-jupyter3metaperl": "'made the documentation for help parameters more accurate' for 'Documented help parameter of TraitType.__init__()' is flagged where the labeller left it",
    "3507-real-model-february-helionoulgen2026a": "'#1574' ('Add Pallas fori_loop with async DMA …', whose code names a launcher) cited for 'more efficient indexing and reduced launcher overhead': a word of its code tells a part of the claim",
    "3508-real-model-june-tritonbenchyhao2025": "'more robust and easier to use' after a fix of repeated calls and an added install step is flagged where the labeller left it; 'improving its internal testing capabilities' is no effect the check knows",
    "3522-by-month-wrong-month-evidence-ao": "'January's work went into keeping the project's builds healthy.': a lead-in of nine words that names the month without its year and a kind of work ('builds') no title of January's says; a paragraph that names none of the work to the check",
    "3543-real-model-november-nbdimefcollonval": "'enhancing its functionality and usability' is flagged where the labeller left it: the items cited around it add things, but none speaks of usability",
    "3545-real-model-november-nbdimevidartf": "'Python' in nbdime's titles alone, which name no Python tool or name of the project's: flagged where the labeller, unsure (a Python project), left it",
    "3546-real-model-november-nbdimekrassowski": "'Python' and 'HTML/CSS' ('Use pseudo-elements instead of border') are flagged where the labeller, unsure, left them; 'made the documentation easier to read and used for more advanced functionalities' is told by the month's readthedocs config to the check",
    "3547-real-model-september-nbdimekrassowski": "'Python' in nbdime's titles alone, flagged where the labeller, unsure, left it",
    "3548-real-model-january-nbdimecarreau": "'removed the `master -> main` workflow from the repository' for 'master -> main (#789)': a wrong account of what the title's arrow means, in the title's own words",
    "3549-real-model-february-nbdimecarreau": "'GitHub' is named by the .github/workflows path of January's title; 'running Jupyter notebooks locally' (Binder runs them online) is a fact about a tool no commit states; 'Jupyter' and 'improves performance' (debounced queries) are flagged where the labeller left them",
    "3550-real-model-february-helionjchoi2026a": "'made it easier for users to find relevant discussions' for a Discourse link pointed at the Helion category is flagged where the labeller read it as plainly implied",
    "3552-real-model-march-helionoulgen2026b": "'The compiler's performance was improved by 74 lines' is found as a wrong count of lines, where the labeller labelled the effect; 'fixed the git push command for AGENTS' for 'Tell AGENTS to not run git push' is a paraphrase in words of the title",
    "3555-real-model-may-tritonbenchxzhao2025b": "the bullet '- Optimized code for loading operators with metadata' repeats the prose's claim, which the labeller labelled once; 'Benchmarks' is a folder of tritonbench's to the check",
    "3556-real-model-july-pydanticviicos2024b": "'enhance the library's flexibility' for default values of validator functions (#9478, cited as #9479, which is found wrong): the cited items around it tell no flexibility",
    "3170-real-model-may-jupyterminrk-2021": "'Added validation checks for `ExtensionPoint` (#503)' for 'return True on successful validate()' and 'to restore user preferences' for 'restore preference for SelectorEventLoop': the cited titles hold the claims' words, told of other things",
}


def meets(finding: tuple[str, str], planted: tuple[str, str], text: str = "") -> bool:
    """Whether a finding is the planted error: of its kind, quoting its words; or, where the labeller
    quoted the phrase a ref closes ("wrong_month: Quote the phrase or the ref"), quoting that ref."""
    if finding[0] != planted[0]:
        return False
    closed = re.search(rf"{re.escape(planted[1])}[\s,.;:]*\([^)]*{re.escape(finding[1])}[^)]*\)", text) is not None
    return planted[1] in finding[1] or finding[1] in planted[1] or closed


@lru_cache(maxsize=None)
def checked(path: Path) -> tuple[set[tuple[str, str]], set[tuple[str, str]], set[tuple[str, str]], str]:
    """A case's planted findings, every finding of its text, the error-level ones and the text:
    checked once for the case's own test and the corpus's figures."""
    activity, expected, text = load_case(path)
    findings = checker(activity)(text)
    return expected, {(str(f.kind), f.text) for f in findings}, {(str(f.kind), f.text) for f in findings if f.severity == "error"}, text


@pytest.mark.parametrize(
    "path",
    [pytest.param(path, marks=pytest.mark.xfail(strict=True, reason=KNOWN_GAPS[path.stem])) if path.stem in KNOWN_GAPS else path for path in CASES],
    ids=[path.stem for path in CASES],
)
def test_case(path: Path) -> None:
    expected, found, errors, text = checked(path)
    missed = {planted for planted in expected if not any(meets(f, planted, text) for f in found)}
    assert not missed, f"missed: {missed}; found: {found}"
    wrong = {f for f in errors if not any(meets(f, planted, text) for planted in expected)}
    assert not wrong, f"false positives: {wrong}"


def test_corpus_recall_per_kind_and_false_positives() -> None:
    planted, caught, reported, right = Counter(), Counter(), Counter(), Counter()
    false_positives, correct_texts, gaps = 0, 0, 0
    for path in CASES:
        expected, found, errors, text = checked(path)
        correct_texts += not expected
        missed = [planted_one for planted_one in expected if not any(meets(f, planted_one, text) for f in found)]
        wrong = [f for f in errors if not any(meets(f, planted_one, text) for planted_one in expected)]
        for planted_one in expected:
            planted[planted_one[0]] += 1
            caught[planted_one[0]] += planted_one not in missed
        for kind, _ in errors:
            reported[kind] += 1
        for kind, quoted in errors:
            right[kind] += (kind, quoted) not in wrong
        if path.stem in KNOWN_GAPS:
            gaps += bool(missed or wrong)
            continue
        false_positives += len(wrong)
        assert not missed, f"{path.stem} missed {missed}"
    print(f"\n{len(CASES)} cases, {correct_texts} correct texts, {false_positives} false positives, {gaps} known gaps")
    for kind in sorted(KINDS):
        precision = f"{right[kind]}/{reported[kind]} = {right[kind] / max(reported[kind], 1):.0%}"
        print(f"  {kind:24} recall {caught[kind]}/{planted[kind]} = {caught[kind] / max(planted[kind], 1):.0%}   precision {precision}")
    assert len(CASES) >= 222 and correct_texts >= 70
    assert set(planted) == KINDS, f"kinds without a planted case: {KINDS - set(planted)}"
    assert gaps == len(KNOWN_GAPS), "a known gap is met now: take it off KNOWN_GAPS"
    assert false_positives == 0
