"""Assyria (Ystari 2009, by Emanuele Ornella) as an Ashur game module.

Content as data in :mod:`.content`; the rules by phase in :mod:`.rules`; the contract glue in :mod:`.game`.
"""
