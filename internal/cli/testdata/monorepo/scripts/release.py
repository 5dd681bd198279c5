def bumpVersion(version):
    major, minor = version.split(".")
    return major + "." + str(int(minor) + 1)


def make_tag(version):
    return "v" + version
