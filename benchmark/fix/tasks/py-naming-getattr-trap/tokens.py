"""Splits a calculator program into numbers and command words."""


def isNumber(word):
    return word.lstrip("-").isdigit()


def classifyWord(word):
    return ("num", int(word)) if isNumber(word) else ("cmd", word.lower())


def tokenize(program):
    return [classifyWord(w) for w in program.split()]
