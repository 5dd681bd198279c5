# Runs the installed pycodestyle on each case (a JSON list of sources on
# stdin) as its own test suite does, and prints the codes it reports.
import json
import sys

import pycodestyle


class Report(pycodestyle.BaseReport):
    def __init__(self, options):
        super().__init__(options)
        self.codes = []

    def error(self, line_number, offset, text, check):
        self.codes.append(text[:4])
        return super().error(line_number, offset, text, check)


out = []
for src in json.load(sys.stdin):
    guide = pycodestyle.StyleGuide(select=('E', 'W'), max_doc_length=72)
    report = guide.init_report(Report)
    guide.input_file(filename='case.py', lines=src.splitlines(True))
    out.append(report.codes)
json.dump({"version": pycodestyle.__version__, "codes": out}, sys.stdout)
