package judge

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"

	"github.com/iflint/iflint/internal/check"
)

// reading is what one reply says.
type reading struct {
	verdict check.Verdict // Pass, Fail, or Unverified when unreadable
	reason  string        // the judge's reason, or why the reply is unreadable
}

func (r reading) decided() bool { return r.verdict != check.Unverified }

// refusal matches the usual ways a model declines to answer.
var refusal = regexp.MustCompile(`(?i)\b(i\s*(can['’]?t|cannot|am unable|'m unable|am not able|'m not able|won['’]?t)|i['’]m sorry|as an ai)\b`)

const maxReason = 400

// readReply reads the strict format: a JSON object {"verdict":"yes"|"no",
// "reason":...}, possibly wrapped in prose or a ``` fence. A bare YES or NO
// (nothing else) is also unambiguous and accepted. Anything else, including
// objects that disagree with each other, is unreadable: never a guess.
func readReply(text string) reading {
	s := strings.TrimSpace(text)
	if s == "" {
		return reading{check.Unverified, "empty reply"}
	}
	var found []reading
	var bad string
	for i := 0; i < len(s); i++ {
		if s[i] != '{' {
			continue
		}
		var obj struct {
			Verdict *string `json:"verdict"`
			Reason  any     `json:"reason"`
		}
		dec := json.NewDecoder(strings.NewReader(s[i:]))
		if dec.Decode(&obj) != nil || obj.Verdict == nil {
			continue
		}
		// Skip the object just read so braces inside it are not re-read.
		i += int(dec.InputOffset()) - 1
		v := verdictWord(*obj.Verdict)
		if v == check.Unverified {
			bad = *obj.Verdict
			continue
		}
		reason, _ := obj.Reason.(string)
		found = append(found, reading{v, cleanReason(reason)})
	}
	switch {
	case len(found) > 0:
		for _, f := range found[1:] {
			if f.verdict != found[0].verdict {
				return reading{check.Unverified, "reply holds conflicting verdicts"}
			}
		}
		if found[0].reason == "" {
			found[0].reason = "no reason given"
		}
		return found[0]
	case bad != "":
		return reading{check.Unverified, "verdict " + quote(bad) + " is neither yes nor no"}
	}
	if v := verdictWord(strings.Trim(s, "*_`\"' .!")); v != check.Unverified {
		return reading{v, "answered " + strings.ToUpper(string(yesNo(v))) + " without a reason"}
	}
	if refusal.MatchString(s) {
		return reading{check.Unverified, "judge refused: " + quote(cleanReason(s))}
	}
	return reading{check.Unverified, "no JSON verdict in reply: " + quote(cleanReason(s))}
}

// readCompat is the MultiCodeIF reading: satisfied when the lowercased
// reply contains "yes" anywhere. Every reply is decided.
func readCompat(text string) reading {
	if strings.Contains(strings.ToLower(text), "yes") {
		return reading{check.Pass, `reply contains "yes" (MultiCodeIF reading)`}
	}
	return reading{check.Fail, `reply does not contain "yes" (MultiCodeIF reading)`}
}

func verdictWord(w string) check.Verdict {
	switch strings.ToLower(strings.TrimSpace(w)) {
	case "yes":
		return check.Pass
	case "no":
		return check.Fail
	}
	return check.Unverified
}

func yesNo(v check.Verdict) string {
	if v == check.Pass {
		return "yes"
	}
	return "no"
}

// cleanReason folds a reason onto one line of bounded length so reports
// stay readable whatever the model sends.
func cleanReason(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > maxReason {
		s = string(r[:maxReason]) + "…"
	}
	return s
}

func quote(s string) string { return strconv.Quote(s) }
