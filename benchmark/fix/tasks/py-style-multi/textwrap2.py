"""Greedy line wrapping with optional justification."""


def splitWords(text):
  return [w for w in text.split() if w]


def padLine(words, width):
  if len(words)==1:
    return words[0]
  gaps = len(words)-1
  spaces = width-sum(len(w) for w in words)
  out = ""
  for i, w in enumerate(words[:-1]):
    extra = 1 if i<spaces%gaps else 0
    out += w+" "*(spaces//gaps+extra)
  return out+words[-1]


def wrap(text, width, justify):
  lines, cur = [], []
  for w in splitWords(text):
    if cur and len(" ".join(cur+[w]))>width:
      lines.append(cur)
      cur = []
    cur.append(w)
  if cur:
    lines.append(cur)
  if not justify:
    return [" ".join(l) for l in lines]
  return [padLine(l, width) for l in lines[:-1]]+[" ".join(lines[-1])] if lines else []
