"""Test-suite settings shared by every test module.

Hypothesis: no per-example deadline. The default (200 ms) fails tests under load (the CI
machine runs two workers on cores shared with other jobs) without saying anything about
the code; a test that needs a time limit says so itself.
"""

from hypothesis import settings

settings.register_profile("cgsat", deadline=None)
settings.load_profile("cgsat")
