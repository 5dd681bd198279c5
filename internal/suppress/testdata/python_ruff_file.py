# ruff: noqa: N802
def Bad():
    pass
# pylint: skip-file
