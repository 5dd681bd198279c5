# flake8: noqa
def Bad():
    pass
