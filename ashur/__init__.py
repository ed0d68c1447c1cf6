"""Ashur: a rules-enforced digital table for the strategy games of the ancient Near East."""

__version__ = "0.1.0"
