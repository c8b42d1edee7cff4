"""Readings a third blind round on helion (cases 2741-2815) asked of the check: a claim that tells
another item's title whole, cited to a change whose code only touches that work; a plain word
hyphened to a model's name; a phrase of the field with the developer's word inside it; CuTe DSL
kernels as CUDA work; memory usage "optimized"; and an effect quoted from its own verb.

The data: Grace Hopper in acme/vision (tests/vision_history.py), with the few commits each
behaviour needs written in the test.
"""

from __future__ import annotations

from summarizer.models.activity import Commit
from tests.vision_history import commit, errors, march, march_with_teammate, teammates


def _with(change: Commit, **update: object) -> Commit:
    return change.model_copy(update=update)


# Two changes of one module: the first made the analyzer, the second extended the code it wrote,
# so both changes' code words tell the analyzer.
_ANALYZER_CODE = ["analyze_unary_epilogue_chain", "Whitelisted", "unary", "chain", "detector", "splice", "inline"]
_ANALYZER = _with(commit("a1", "2025-03-03", "[cute] Add unary epilogue chain analyzer and splicing (#86)", "vision/epilogue.py"), code=_ANALYZER_CODE)
_AUX_LOADS = _with(
    commit("b2", "2025-03-04", "[cute] Fuse auxiliary tensor loads in epilogue chains (#87)", "vision/epilogue.py"),
    code=[*_ANALYZER_CODE, "auxiliary", "residual", "load"],
)


def test_a_claim_that_tells_another_items_title_whole_is_that_items() -> None:
    month = march([_ANALYZER, _AUX_LOADS])
    text = "- Added an analyzer that recognises unary epilogue chains and splices them inline (#87)"
    assert errors(text, month) == {("wrong_evidence", "#87")}
    assert errors(text.replace("#87", "#86"), month) == set()


def test_a_claim_that_says_a_word_of_the_cited_title_of_its_own_is_the_cited_items() -> None:
    month = march([_ANALYZER, _AUX_LOADS])
    text = "- Fused auxiliary tensor loads into the unary epilogue chain analyzer and its splicing (#87)"
    assert errors(text, month) == set()


def test_a_claim_the_cited_changes_own_message_tells_is_its_though_another_title_tells_it_too() -> None:
    plot = commit("a1", "2025-03-03", "Fix broken resize plot script (#88)", "vision/plot.py")
    dtypes = _with(
        commit("b2", "2025-03-05", "Implement and profile half precision dtypes in crop (#89)", "vision/crop.py"),
        body="Fixed the resize plot script, which was already broken, and ran crop with it.",
    )
    month = march([plot, dtypes])
    assert errors("- Fixed the broken resize plot script and ran crop with it (#89)", month) == set()


def test_a_compound_word_names_the_title_it_tells() -> None:
    state = commit("a1", "2025-03-03", "[cute] move CuTe state out of DeviceFunction (#90)", "vision/device_state.py")
    # The split moved code that reads the state: its code names it too.
    config = _with(commit("b2", "2025-03-04", "[cute] split CuTe tcgen05 config logic (#91)", "vision/cute_config.py"), code=["DeviceFunction", "state", "cute_state"])
    month = march([state, config])
    assert errors("- CuTe-specific state moved out of DeviceFunction into its own module (#91)", month) == {("wrong_evidence", "#91")}


def test_a_plain_word_hyphened_to_a_name_of_the_commits_is_a_word_of_the_sentence() -> None:
    tunables = _with(commit("a1", "2025-03-03", "Support AMD tunables (#92)", "vision/_compat.py"), code=["gfx908", "gfx1000", "arch"])
    month = march([tunables])
    assert errors("In March 2025, Grace gated the AMD tunables to a gfx908-or-newer architecture (#92).", month) == set()
    assert errors("In March 2025, Grace gated the AMD tunables to a gfx906-or-newer architecture (#92).", month) == {("ungrounded_term", "gfx906-or-newer")}



def test_a_phrase_of_the_field_with_the_developers_word_inside_it_is_noteammates() -> None:
    mine = [_with(commit("a1", "2025-03-03", "Support AMD tunables (#93)", "vision/config.py"), code=["Verify", "the", "passed", "Triton", "code_and_output"])]
    theirs = [teammates("c3", "[Benchmark CI] Print generated Triton code for the best config (#99)", "vision/benchmarks/run.py")]
    month = march_with_teammate(mine, theirs)
    assert errors("In March 2025, the tests check that the tunables reach the generated Triton code (#93).", month) == set()
    assert {kind for kind, _ in errors("In March 2025, Grace printed generated Triton code for the best config.", month)} == {"other_author"}


def test_kernels_written_with_cutlass_cute_dsl_are_cuda_work() -> None:
    cute = commit("a1", "2025-03-03", "[cutedsl] Add tcgen05 TMA store epilogue (#94)", "vision/cute/epilogue.py")
    plain = commit("a1", "2025-03-03", "Add TMA store epilogue (#94)", "vision/epilogue.py")
    text = "In March 2025, Grace added a TMA store epilogue (#94).\n\n**Skills:** Python, CUDA"
    assert errors(text, march([cute])) == set()
    assert errors(text, march([plain])) == {("unsupported_skill", "CUDA")}


def test_optimizing_memory_usage_is_an_effect_the_commits_must_tell() -> None:
    month = march([commit("a1", "2025-03-03", "Add split and join codegen (#95)", "vision/split.py")])
    assert errors("In March 2025, Grace added split and join codegen, which helps in optimizing memory usage.", month) == {
        ("ungrounded_text", "optimizing memory usage")
    }


def test_an_unsupported_effect_is_quoted_from_its_own_verb() -> None:
    month = march([commit("a1", "2025-03-03", "Add split and join codegen (#95)", "vision/split.py")])
    assert errors("In March 2025, Grace made contributions to vision, improving its performance.", month) == {("ungrounded_text", "improving its performance")}
