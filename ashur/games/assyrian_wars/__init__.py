"""Assyrian Wars (UGG 2005)."""
