def first():  # pylint: disable=all
    pass


# yapf: disable
matrix = [
    1,0,
    0,1,
]
# yapf: enable


class Thing:
    # pylint: disable=all
    def Method(self):
        pass
    # pylint: enable=all

    def Other(self):
        pass
