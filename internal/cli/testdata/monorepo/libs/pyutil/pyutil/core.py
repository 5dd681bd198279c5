def parse_line(line):
    return line.split(",")


def loadAll(path):
    with open(path) as f:
        return [parse_line(l) for l in f]


def writeAll(path, rows):
    with open(path, "w") as f:
        for r in rows:
            f.write(",".join(r) + "\n")
