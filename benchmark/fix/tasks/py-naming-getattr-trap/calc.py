"""A tiny stack calculator whose commands dispatch by method name."""

from tokens import tokenize


class Machine:
    def __init__(self):
        self.stack = []

    def doPush(self, value):
        self.stack.append(value)

    def doAdd(self):
        b, a = self.stack.pop(), self.stack.pop()
        self.stack.append(a + b)

    def doMul(self):
        b, a = self.stack.pop(), self.stack.pop()
        self.stack.append(a * b)

    def doDup(self):
        self.stack.append(self.stack[-1])

    def run(self, program):
        for kind, word in tokenize(program):
            if kind == "num":
                self.doPush(word)
            else:
                # "add" -> doAdd, "dup" -> doDup
                getattr(self, "do" + word.capitalize())()
        return self.stack[-1]
