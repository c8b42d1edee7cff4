"""Drafting: the words of a profile, from a History (SPEC §5).

`draft.draft_profile` is the entry point: the offline drafter (`offline.py`), or the LLM
drafter (`llm_draft.py`) over the client in `llm.py`; `backend.py` says which drafts.
The models it produces are in `summarizer.models.drafts`.
"""
