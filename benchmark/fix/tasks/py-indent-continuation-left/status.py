"""HTTP status classification. Blocks are indented with tabs; the pasted
table of redirect codes continues at column 2, inside its brackets."""


def classify(code, follow_redirects):
	if follow_redirects:
		redirects = {301: "moved", 302: "found", 303: "see other",
  307: "temporary", 308: "permanent"}
		if code in redirects:
			return "redirect:" + redirects[code]
	if 200 <= code < 300:
		return "ok"
	return "error"
