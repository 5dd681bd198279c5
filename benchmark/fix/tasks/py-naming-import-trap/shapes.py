"""Areas and perimeters of simple shapes."""

import math


def getArea(kind, *dims):
    if kind == "circle":
        return math.pi * dims[0] ** 2
    if kind == "rect":
        return dims[0] * dims[1]
    if kind == "triangle":
        a, b, c = dims
        s = (a + b + c) / 2
        return math.sqrt(s * (s - a) * (s - b) * (s - c))
    raise ValueError(f"unknown shape {kind!r}")


def total_area(shapes):
    return sum(getArea(kind, *dims) for kind, dims in shapes)
