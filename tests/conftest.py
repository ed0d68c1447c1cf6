"""Test-wide settings: states shared by copy on write are read-only (statedata.STRICT), so a rules change
that bypasses the copy-on-write accessors fails in the tests instead of corrupting an undo snapshot."""

from ashur.core import statedata

statedata.STRICT = True
