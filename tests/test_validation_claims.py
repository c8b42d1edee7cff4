"""What a sentence claims, held to what its refs and its month say.

The data: Grace Hopper in acme/vision in March 2025. PR #11 skipped the scan tests and PR #12
re-enabled them; #13 is one PR of two commits (a Redis-free disk cache, then its eviction);
#14's title states a count of its own ("the 23 known loader bugs").
"""

from __future__ import annotations

from summarizer.models.history import History
from summarizer.validation import validate
from tests.vision_history import commit, errors, march


def history() -> History:
    return march([
        commit("a1", "2025-03-03", "Skip associative_scan tests in eager mode (#11)", "test/test_scan.py"),
        commit("b2", "2025-03-10", "Re-enable associative_scan tests in eager mode (#12)", "test/test_scan.py"),
        commit("c3", "2025-03-12", "Add a disk cache for decoded frames (#13)", "vision/cache.py"),
        commit("d4", "2025-03-13", "Evict the oldest frames when the disk cache is full (#13)", "vision/cache.py"),
        commit("e5", "2025-03-20", "Fix the 23 known loader bugs (#14)", "vision/loader.py"),
        commit("f6", "2025-03-24", "Speed up the JPEG decoder (#15)", "vision/jpeg.py"),
    ])


def test_a_ref_that_did_the_opposite_of_its_claim_is_wrong_evidence() -> None:
    (found,) = [f for f in validate("### March 2025\n- Re-enabled the associative_scan tests in eager mode (#11)", history()) if f.severity == "error"]
    assert (found.kind, found.text, found.suggestion) == ("wrong_evidence", "#11", "#12")


def test_a_ref_written_with_its_repository_is_held_to_its_item() -> None:
    for ref in ("acme/vision#11", "vision#11"):
        (found,) = [f for f in validate(f"### March 2025\n- Re-enabled the associative_scan tests in eager mode ({ref})", history()) if f.severity == "error"]
        assert (found.kind, found.text, found.suggestion) == ("wrong_evidence", ref, "#12")


def test_a_ref_written_with_the_repository_s_short_name_that_no_item_carries_is_unknown() -> None:
    assert errors("### March 2025\n- Re-enabled the associative_scan tests in eager mode (vision#99)", history()) == {("unknown_pr", "vision#99")}


def test_a_ref_whose_title_turns_the_claim_s_verb_round_is_wrong_evidence() -> None:
    month = march([commit("a1", "2025-03-03", "Reduce the decoded frame cache during playback (#16)", "vision/cache.py")])
    assert errors("### March 2025\n- Increased the decoded frame cache during playback (#16)", month) == {("wrong_evidence", "#16")}
    assert errors("### March 2025\n- Reduced the decoded frame cache during playback (#16)", month) == set()


def test_the_ref_that_did_what_the_claim_says_passes() -> None:
    assert errors("### March 2025\n- Re-enabled the associative_scan tests in eager mode (#12)", history()) == set()


def test_an_item_of_several_commits_is_told_by_each_of_their_subjects() -> None:
    assert errors("In March 2025, Grace made the disk cache evict the oldest frames when full (#13).", history()) == set()


def test_a_count_the_cited_item_states_is_its_figure_not_a_statistic() -> None:
    assert errors("In March 2025, Grace fixed the 23 known loader bugs (#14).", history()) == set()


def test_the_same_count_without_the_item_is_a_statistic() -> None:
    assert ("wrong_count", "23 known loader bugs") in errors("In March 2025, Grace fixed 23 known loader bugs.", history())


def test_a_product_name_no_commit_writes_is_an_ungrounded_term() -> None:
    assert ("ungrounded_term", "Redis") in errors("In March 2025, Grace moved the frame cache to Redis (#13).", history())


def test_a_short_language_name_in_prose_is_checked_as_written() -> None:
    assert ("unsupported_skill", "Go") in errors("In March 2025, Grace rewrote the JPEG decoder as a Go service (#15).", history())


def test_go_as_a_word_is_no_language() -> None:
    assert errors("In March 2025, Grace made the JPEG decoder go faster (#15).", history()) == set()


def test_a_figure_in_words_the_cited_item_does_not_state_is_unsupported() -> None:
    assert ("unsupported_number", "doubled") in errors("In March 2025, Grace doubled the speed of the JPEG decoder (#15).", history())


def test_a_figure_in_words_is_no_figure_where_it_says_what_a_thing_is() -> None:
    assert errors("In March 2025, Grace made the disk cache, which doubles as a frame store (#13).", history()) == set()


def test_a_claim_in_common_words_cited_to_an_item_that_tells_none_of_them_is_wrong_evidence() -> None:
    # "autotuner" is a word of most of this month's items: the claim is told by "error handling" too.
    subjects = [
        "Refactor autotune error handling (#20)", "Ignore router errors while autotuning (#21)", "Add SKIP_CACHE env (#22)",
        *(f"Autotune step {n} faster (#{n})" for n in range(23, 27)),
    ]  # fmt: skip
    month = march([commit(f"{n:02x}", f"2025-03-{n - 10:02}", subject, "vision/autotuner.py") for n, subject in zip(range(20, 27), subjects)])
    (found,) = [f for f in validate("### March 2025\n- Enhanced autotuner error handling (#22)", month) if f.severity == "error"]
    assert (found.kind, found.text, found.suggestion) == ("wrong_evidence", "#22", "#20")


def test_a_bug_fix_cited_to_new_work_is_wrong_evidence() -> None:
    assert ("wrong_evidence", "#13") in errors("### March 2025\n- Fixed a bug in the disk cache for decoded frames (#13)", history())


def test_a_bug_fix_cited_to_a_fix_passes() -> None:
    assert errors("### March 2025\n- Fixed the known loader bugs (#14)", history()) == set()


def test_a_sentence_that_names_no_work_beside_one_that_does_is_ungrounded() -> None:
    filler = "These updates helped the team move forward across the board."
    assert errors(f"In March 2025, Grace made the JPEG decoder faster (#15). {filler}", history()) == {("ungrounded_text", filler)}


def test_the_effects_of_a_sentence_that_names_no_work_are_each_told() -> None:
    filler = "These updates helped ensure data integrity across different hardware configurations."
    found = errors(f"In March 2025, Grace made the JPEG decoder faster (#15). {filler}", history())
    assert found == {("ungrounded_text", "ensure data integrity"), ("ungrounded_text", "across different hardware configurations")}


def test_a_sentence_of_value_that_names_the_work_passes() -> None:
    assert errors("In March 2025, Grace made the JPEG decoder faster (#15). Loading frames no longer waits on the decoder.", history()) == set()


def test_a_sentence_that_names_the_languages_of_the_changed_files_names_work() -> None:
    # The statistics' language line, as the offline drafter writes it: the files are Python.
    assert errors("In March 2025, Grace made the JPEG decoder faster (#15). The code she changed this month was almost all written in Python.", history()) == set()


def test_a_sentence_that_tells_a_title_in_its_common_words_names_work() -> None:
    # Every word of "Add report writer" is an everyday one: two of them side by side are the title.
    month = march([
        commit("a1", "2025-03-03", "Speed up the JPEG decoder (#15)", "vision/jpeg.py"),
        commit("b2", "2025-03-04", "Add report writer (#16)", "tools/output.py"),
    ])  # fmt: skip
    text = "In March 2025, Grace made the JPEG decoder faster (#15). She also added the report writer that all of the reviews are written with."
    assert errors(text, month) == set()


def test_a_claim_another_item_writes_word_for_word_is_wrong_evidence_for_the_ref_that_does_not() -> None:
    # Two decoder tunings whose titles say nothing apart; only #17's message tells the claim.
    tuned = commit("a1", "2025-03-03", "Tune the JPEG decoder (#16)", "vision/jpeg.py")
    tuned_further = commit("b2", "2025-03-05", "Tune the JPEG decoder further (#17)", "vision/jpeg.py").model_copy(
        update={"body": "Computes the chroma upsampling as one lookup table instead of a strided loop."}
    )
    month = march([tuned, tuned_further])
    claim = "### March 2025\n- The chroma upsampling is now computed as one lookup table instead of a strided loop ({})"
    assert {(f.kind, f.text, f.suggestion) for f in validate(claim.format("#16"), month) if f.severity == "error"} == {("wrong_evidence", "#16", "#17")}
    assert errors(claim.format("#17"), month) == set()


def test_a_ref_after_words_that_only_point_at_it_is_cited_for_the_words_after_it() -> None:
    text = "In March 2025, Grace touched the scan tests twice: the first (#11) skipped them in eager mode; the second (#12) re-enabled them."
    assert errors(text, history()) == set()


def test_a_list_item_labelled_by_a_month_speaks_of_that_month_and_a_totals_item_of_the_period() -> None:
    months = march([
        commit("a1", "2025-03-03", "Add a disk cache for decoded frames (#13)", "vision/cache.py"),
    ])
    text = "- March 2025: a disk cache for decoded frames (#13).\n- Totals: 1 commit, +5 / −0 lines."
    assert errors(text, months) == set()


def test_british_spelling_meets_the_commits_american() -> None:
    month = march([commit("a1", "2025-03-03", "Normalize the frame timestamps (#16)", "vision/frames.py")])
    assert errors("In March 2025, Grace started normalising the frame timestamps (#16).", month) == set()


def test_a_number_the_right_item_states_is_told_by_the_wrong_ref_alone() -> None:
    text = "### March 2025\n- Fixed the 23 known loader bugs (#15)"
    assert {(f.kind, f.text) for f in validate(text, history()) if f.severity == "error"} == {("wrong_evidence", "#15")}


def test_a_claim_naming_what_sets_a_sibling_title_apart_cites_the_sibling() -> None:
    month = march([
        commit("a1", "2025-03-03", "Add tuple comprehension support (#16)", "vision/frontend.py"),
        commit("b2", "2025-03-04", "Add dict comprehension support (#17)", "vision/frontend.py"),
    ])
    claim = "### March 2025\n- Dict comprehensions are now unrolled at compile time ({})"
    assert {(f.kind, f.text, f.suggestion) for f in validate(claim.format("#16"), month) if f.severity == "error"} == {("wrong_evidence", "#16", "#17")}
    assert errors(claim.format("#17"), month) == set()


def test_a_hash_of_letters_or_digits_alone_in_parentheses_is_a_ref() -> None:
    month = march([
        commit("12", "2025-03-03", "Add a disk cache for decoded frames", "vision/cache.py"),
        commit("ab", "2025-03-04", "Speed up the JPEG decoder", "vision/jpeg.py"),
    ])
    assert errors("In March 2025, Grace added a disk cache for decoded frames (1212121).", month) == set()
    assert errors("In March 2025, Grace sped up the JPEG decoder (abababa).", month) == set()
    assert ("wrong_evidence", "1212121") in errors("In March 2025, Grace sped up the JPEG decoder (1212121).", month)


def resize_and_decoder() -> History:
    """#40 adds the Resize2 examples, each checked against a reference output; #41 to #45 are decoder
    changes, so "decoder" tells no item apart."""
    return march([
        commit("a1", "2025-03-03", "Add Resize2 examples (#40)", "examples/resize_demo.py").model_copy(update={"body": "Each checks a reference output."}),
        commit("b2", "2025-03-10", "Fix the JPEG decoder's reference output (#41)", "vision/jpeg.py"),
        *(commit(f"c{n}", f"2025-03-{10 + n}", f"Tidy the decoder, part {n} (#{41 + n})", "vision/decoder.py") for n in range(1, 5)),
    ])  # fmt: skip


def test_a_file_another_item_changed_named_for_a_ref_is_wrong_evidence() -> None:
    (found,) = [f for f in validate("### March 2025\n- Wrote examples/resize_demo.py for the JPEG decoder (#41)", resize_and_decoder()) if f.severity == "error"]
    assert (found.kind, found.text, found.suggestion) == ("wrong_evidence", "#41", "#40")


def test_a_name_of_an_item_the_sentence_cites_too_tells_no_other_ref_wrong() -> None:
    text = "In March 2025, the Resize2 examples (#40) arrived with examples/resize_demo.py, a decoder tidy (#42)."
    assert errors(text, resize_and_decoder()) == set()


def test_what_each_of_the_work_came_with_is_cited_with_the_work_it_describes() -> None:
    text = "### March 2025\n- Added the Resize2 examples, each with a reference output (#41)"
    assert errors(text, resize_and_decoder()) == {("wrong_evidence", "#41")}


def test_a_ref_in_a_list_items_bold_label_is_cited_for_what_the_item_says_after_it() -> None:
    text = "### March 2025\n- **Upkeep (#41).** Fixed the JPEG decoder's reference output."
    assert errors(text, resize_and_decoder()) == set()


def test_a_ref_that_opens_a_clause_after_a_closed_citation_is_cited_for_the_words_after_it() -> None:
    text = "In March 2025, the Resize2 examples landed (#40), and #41 fixed the JPEG decoder's reference output."
    assert errors(text, resize_and_decoder()) == set()

