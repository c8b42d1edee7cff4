"""The data shapes every stage shares: commits, work items and months, drafts, findings, signals, profiles."""
