package langtype

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/go-enry/go-enry/v2"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/constraint"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
	"github.com/iflint/iflint/internal/work"
)

// The lint profile's language classifier: weighted language evidence
// (distinctive syntax, features.go), how cleanly each candidate
// tree-sitter grammar parses the code, and go-enry's Bayesian classifier
// as a tie-breaker, over Guesslang's language set. On short snippets it
// is right where the Guesslang model, trained on whole files, guesses
// wrong (README, "language_type in the lint profile").

// checkLint names the language the classifier identifies and compares it
// with the required one after resolving aliases such as "cpp", "golang"
// or "js" (the paper compares raw lowercase names).
func checkLint(u *check.Unit, c constraint.Constraint) check.Result {
	g := u.Memo("language_type.guess", func() any { return guessLanguage(u) }).(languageGuess)
	if g.name == "" {
		return check.Failed("no programming language detected: " + g.why)
	}
	in, found := lang.Lookup(g.name)
	if found && in.ID == c.Lang {
		return check.Passed(fmt.Sprintf("identified as %s (%s)", g.name, g.why))
	}
	return check.Failed(fmt.Sprintf("identified as %s, not %s (%s)", g.name, c.LangName, g.why),
		check.Finding{Start: 0, End: len(u.Src), Message: fmt.Sprintf("code looks like %s, not %s", g.name, c.LangName)})
}

// guesslangNames is Guesslang's output set, with the go-enry names where
// they differ.
var guesslangNames = map[string]string{
	"Assembly": "Assembly", "Batchfile": "Batchfile", "C": "C", "C#": "C#", "C++": "C++",
	"Clojure": "Clojure", "CMake": "CMake", "COBOL": "COBOL", "CoffeeScript": "CoffeeScript",
	"CSS": "CSS", "CSV": "CSV", "Dart": "Dart", "DM": "DM", "Dockerfile": "Dockerfile",
	"Elixir": "Elixir", "Erlang": "Erlang", "Fortran": "Fortran", "Go": "Go", "Groovy": "Groovy",
	"Haskell": "Haskell", "HTML": "HTML", "INI": "INI", "Java": "Java", "JavaScript": "JavaScript",
	"JSON": "JSON", "Julia": "Julia", "Kotlin": "Kotlin", "Lisp": "Common Lisp", "Lua": "Lua",
	"Makefile": "Makefile", "Markdown": "Markdown", "Matlab": "MATLAB", "Objective-C": "Objective-C",
	"OCaml": "OCaml", "Pascal": "Pascal", "Perl": "Perl", "PHP": "PHP", "PowerShell": "PowerShell",
	"Prolog": "Prolog", "Python": "Python", "R": "R", "Ruby": "Ruby", "Rust": "Rust", "Scala": "Scala",
	"Shell": "Shell", "SQL": "SQL", "Swift": "Swift", "TeX": "TeX", "TOML": "TOML",
	"TypeScript": "TypeScript", "Verilog": "Verilog", "Visual Basic": "Visual Basic .NET",
	"XML": "XML", "YAML": "YAML",
}

// grammarOf maps Guesslang names to the tree-sitter grammars we bundle.
var grammarOf = map[string]lang.ID{
	"Python": lang.Python, "Java": lang.Java, "JavaScript": lang.JavaScript, "TypeScript": lang.TypeScript,
	"Go": lang.Go, "Rust": lang.Rust, "C": lang.C, "C++": lang.CPP, "C#": lang.CSharp, "Kotlin": lang.Kotlin,
	"Lua": lang.Lua, "Ruby": lang.Ruby, "Haskell": lang.Haskell,
}

var enryCandidates, enryToGuesslang = func() ([]string, map[string]string) {
	var c []string
	back := map[string]string{}
	for g, e := range guesslangNames {
		c = append(c, e)
		back[e] = g
	}
	sort.Strings(c)
	return c, back
}()

type languageGuess struct {
	name string // Guesslang name, "" when nothing reliable was found
	why  string
}

type scored struct {
	name  string
	score float64
	notes []string
	// syntax is set when the language's own syntax (a feature or a clean
	// parse) supports it, not just the statistical prior.
	syntax bool
}

// Limits keep the classifier fast on huge inputs: the evidence saturates
// long before these sizes.
const (
	guessMaxBytes = 64 << 10
)

func guessLanguage(u *check.Unit) languageGuess {
	src := u.Src
	if len(src) > guessMaxBytes {
		src = src[:guessMaxBytes]
	}
	m := work.Of(u)
	m.Add(2 * len(src)) // the copy and the hint scan
	text := strings.ReplaceAll(string(src), "\r\n", "\n")
	if strings.TrimSpace(text) == "" {
		return languageGuess{why: "the code is empty"}
	}
	scores := map[string]*scored{}
	get := func(name string) *scored {
		s, ok := scores[name]
		if !ok {
			s = &scored{name: name}
			scores[name] = s
		}
		return s
	}
	for name := range guesslangNames {
		get(name)
	}
	// Distinctive syntax, counted with a cap so one repeated idiom cannot
	// outvote everything else.
	hl := featureHints().scan(text)
	for _, f := range languageFeatures() {
		if n := countFeatureIn(text, f, hl, m); n > 0 {
			s := get(f.lang)
			s.score += f.weight * float64(n)
			s.syntax = true
		}
	}
	all := make([]*scored, 0, len(scores))
	for _, s := range scores {
		all = append(all, s)
	}
	rank := func() {
		sort.Slice(all, func(i, j int) bool {
			if all[i].score != all[j].score {
				return all[i].score > all[j].score
			}
			return all[i].name < all[j].name
		})
	}
	// go-enry's Bayesian classifier: a weak prior by rank (+2, +1, +0.5).
	// It can move a margin by at most 2, so it is consulted only when the
	// syntax evidence is that close.
	rank()
	if all[0].score-all[1].score <= 2 {
		m.Add(len(src) * len(enryCandidates)) // a score per candidate over the tokens
		ranked := enry.GetLanguagesByClassifier("", src, enryCandidates)
		for i, w := range []float64{2, 1, 0.5} {
			if i < len(ranked) {
				if g, ok := enryToGuesslang[ranked[i]]; ok {
					get(g).score += w
				}
			}
		}
	}
	// Parse cleanliness: a language whose grammar chokes on the code is
	// unlikely, however familiar its keywords look. A parse moves a score
	// by -8..+1; parsing is the costly part, so grammars are run only
	// until no parse could change the winner.
	parsed := map[string]bool{}
	open := func(s *scored) bool {
		_, hasGrammar := grammarOf[s.name]
		return hasGrammar && !parsed[s.name] && s.score > 0
	}
	for {
		rank()
		lo := func(s *scored) float64 {
			if open(s) {
				return s.score - 8
			}
			return s.score
		}
		hi := func(s *scored) float64 {
			if open(s) {
				return s.score + 1
			}
			return s.score
		}
		lead := all[0]
		for _, s := range all {
			if lo(s) > lo(lead) {
				lead = s
			}
		}
		settled := true
		var next *scored
		for _, s := range all {
			if s != lead && hi(s) >= lo(lead) {
				settled = false
			}
			if open(s) && (next == nil || hi(s) > hi(next)) {
				next = s
			}
		}
		if settled || next == nil {
			break
		}
		parsed[next.name] = true
		ratio, ok := errorRatio(u, grammarOf[next.name], src)
		if !ok {
			continue
		}
		if ratio == 0 {
			next.score++
			next.syntax = true
			next.notes = append(next.notes, "parses cleanly")
		} else {
			next.score -= 8 * math.Min(1, ratio*4)
			next.notes = append(next.notes, fmt.Sprintf("%.1f%% of it does not parse", 100*ratio))
		}
	}
	rank()
	best, second := all[0], all[1]
	if best.score <= 0 || !best.syntax {
		// Like Guesslang's reliability test: a guess resting on no
		// syntax of its own is no guess.
		return languageGuess{why: "no distinctive syntax of any supported language"}
	}
	why := fmt.Sprintf("score %.1f vs %s %.1f", best.score, second.name, second.score)
	if second.score <= 0 {
		why = fmt.Sprintf("score %.1f, no evidence for any other language", best.score)
	}
	if len(best.notes) > 0 {
		why = strings.Join(best.notes, ", ") + "; " + why
	}
	return languageGuess{name: best.name, why: why}
}

// errorRatio parses src with a grammar and returns the share of bytes
// inside ERROR or MISSING nodes.
func errorRatio(u *check.Unit, id lang.ID, src []byte) (float64, bool) {
	var tree *syntax.Tree
	var err error
	if len(src) == len(u.Src) {
		tree, err = u.Tree(id)
	} else {
		tree, err = syntax.Parse(u.Ctx, id, src)
	}
	if err != nil || tree == nil || len(src) == 0 {
		return 0, false
	}
	m := work.Of(u)
	m.Add(len(src)) // the parse
	root := tree.Root()
	if !root.HasError() {
		return 0, true
	}
	bad := 0
	root.Walk(func(n syntax.Node) bool {
		m.Add(1)
		if n.IsError() {
			bad += n.End() - n.Start()
			return false
		}
		if n.IsMissing() {
			bad += 4
			return false
		}
		return n.HasError()
	})
	if bad == 0 {
		bad = 1
	}
	return math.Min(1, float64(bad)/float64(len(src))), true
}
