import os  # noqa
import sys  # noqa: F401
from x import *  # NOQA:F403,N811


def getName():  # noqa: N802
    pass


def fetch(userId):  # noqa:N803,E501 the rest is a reason
    return userId


def badIndent():
      return 1  # noqa: E111


# pylint: disable=invalid-name
mixedCase = 1
otherCase = 2
# pylint: enable=invalid-name
afterEnable = 3


class Widget:
    # pylint: disable=invalid-name,missing-function-docstring
    def doThing(self):
        pass

    def doOther(self):
        pass


def outside():
    x = 1  # pylint: disable=invalid-name
    # pylint: disable-next=C0103
    someName = 2
    return x, someName


# fmt: off
table = [
    1,   2,
]
# fmt: on
tail = [ 1 ]  # fmt: skip
s = "# noqa  # pylint: disable=all"
