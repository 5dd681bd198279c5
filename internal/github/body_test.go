package github

import (
	"strings"
	"testing"
)

func TestSuggestionBody(t *testing.T) {
	for _, tc := range []struct {
		name, msg string
		repl      []string
		want      string
	}{
		{"plain", "Rename x.", []string{"y := 1"}, "Rename x.\n\n```suggestion\ny := 1\n```"},
		{"delete lines", "Remove.", nil, "Remove.\n\n```suggestion\n```"},
		{"fence in code", "", []string{"s := \"```go\"", "``"}, "````suggestion\ns := \"```go\"\n``\n````"},
		{"line endings trimmed", "m", []string{"a\r\n", "b\n"}, "m\n\n```suggestion\na\nb\n```"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := SuggestionBody(tc.msg, tc.repl); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

func TestFingerprintMarkers(t *testing.T) {
	c := Comment{Body: "x\n```suggestion\n// <!-- iflint:fingerprint=spoof -->\n```", Fingerprint: "abc:123"}
	body := commentBody(c)
	if fp, ok := fingerprintOf(body); !ok || fp != "abc:123" {
		t.Fatalf("fingerprintOf = %q, %v", fp, ok)
	}
	out := outdatedBody(body, "0123456789abcdef")
	if !isOutdated(out) || isOutdated(body) {
		t.Fatal("outdated marker not recognised")
	}
	if fp, ok := fingerprintOf(out); !ok || fp != "abc:123" {
		t.Fatalf("outdated body lost its fingerprint: %q", out)
	}
	if !strings.HasPrefix(out, "**Outdated:** this finding no longer appears at 0123456.") || strings.Contains(out, "```suggestion") {
		t.Fatalf("outdated body = %q", out)
	}
	if _, ok := fingerprintOf("> " + strings.ReplaceAll(body, "\n", "\n> ") + "\n\nAgreed."); ok {
		t.Fatal("a quote-reply was taken for the original")
	}
	if _, ok := fingerprintOf("no marker"); ok {
		t.Fatal("found a fingerprint in text without one")
	}
}

func TestReviewBodyListsReportedFingerprints(t *testing.T) {
	listed := []Downgraded{
		{Comment{Path: "a.go", Line: 3, Body: "Bad name.\n\nmore", Fingerprint: "f1"}, "outside"},
		{Comment{Path: "b`x.go", StartLine: 1, Line: 2, Body: "```suggestion\nx\n```", Fingerprint: "f2"}, "rejected"},
	}
	body := reviewBody("Summary.", listed, 3, 7, 50)
	for _, want := range []string{"Summary.", "5 finding(s)", "- `a.go` line 3: Bad name. (outside)", "- `b'x.go` lines 1-2: suggested change (rejected)", "and 3 more", "7 further finding(s)", reviewMarker} {
		if !strings.Contains(body, want) {
			t.Errorf("body lacks %q:\n%s", want, body)
		}
	}
	if got := strings.Join(reportedIn(body), ","); got != "f1,f2" {
		t.Errorf("reportedIn = %q", got)
	}
}
