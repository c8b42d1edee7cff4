"""summarizer: a fact-checked monthly work history of one developer, from their commits."""

__version__ = "0.1.0"
