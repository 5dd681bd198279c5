class shape_base:  # iflint:ignore[naming_convention] kept for the old API
    pass


class circle:
    def Area(self):
        return 3.14


def ok_function():
    badName = 1
    return badName
