package langtype

import (
	"fmt"
	"math"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/go-enry/go-enry/v2"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/lang"
	"github.com/iflint/iflint/internal/syntax"
)

// The lint profile's language classifier: weighted language evidence
// (distinctive syntax), how cleanly each candidate tree-sitter grammar
// parses the code, and go-enry's Bayesian classifier as a tie-breaker,
// over Guesslang's language set. On short snippets it is right where the
// Guesslang model, trained on whole files, guesses wrong (README,
// "language_type in the lint profile").

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
		if n := countFeatureIn(text, f, hl); n > 0 {
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
	root := tree.Root()
	if !root.HasError() {
		return 0, true
	}
	bad := 0
	root.Walk(func(n syntax.Node) bool {
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

type langFeature struct {
	lang    string
	re      *regexp.Regexp
	weight  float64
	cap     int
	hints   []string
	hintIDs []int
	needs   [][]string // see needs
}

var (
	featuresOnce sync.Once
	features     []langFeature
	hintScan     *hintScanner
)

func languageFeatures() []langFeature {
	featuresOnce.Do(func() {
		for _, f := range featureTable {
			features = append(features, langFeature{lang: f.lang, re: regexp.MustCompile(f.pattern), weight: f.weight, cap: f.cap,
				hints: strings.Fields(f.hint), needs: needs(f.pattern)})
		}
		hintScan = newHintScanner(hintIDs(features))
	})
	return features
}

func featureHints() *hintScanner {
	languageFeatures()
	return hintScan
}

// featureTable lists idioms that point at one language. Weights are
// relative: 3 is near-decisive, 1 is a hint shared with a few languages.
var featureTable = []struct {
	lang    string
	pattern string
	weight  float64
	cap     int
	// hint lists literals (space-separated) of which one must occur for
	// the pattern to match: a cheap filter before the regexp runs.
	hint string
}{
	// Python
	{"Python", `(?m)^[ \t]*(?:async[ \t]+)?def[ \t]+\w+[ \t]*\(.*\)[ \t]*(?:->[^:\n]+)?:[ \t]*(?:#.*)?$`, 3, 3, `def`},
	{"Python", `(?m)^[ \t]*class[ \t]+\w+(?:\(.*\))?[ \t]*:[ \t]*$`, 3, 2, `class`},
	{"Python", `(?m)^[ \t]*(?:if|elif|while|for|with|try|except|else)\b.*:[ \t]*(?:#.*)?$`, 1, 3, `if while for with try else`},
	{"Python", `\belif\b|\bself\.|__\w+__|\bNone\b|\bTrue\b|\bFalse\b`, 1, 3, `elif self. __ None True False`},
	{"Python", `(?m)^[ \t]*(?:from[ \t]+[\w.]+[ \t]+import[ \t]+\w|import[ \t]+[a-z_][\w.]*(?:[ \t]+as[ \t]+\w+)?[ \t]*$)`, 2, 2, `import`},
	{"Python", `\[[^\[\]\n]+ for [^\[\]\n]+ in [^\[\]\n]+\]`, 1.5, 2, ` for `},
	{"Python", `(?m)^[ \t]*#[ \t]`, 0.5, 2, `#`},
	{"Python", `\blambda\b[^:\n]*:|\bprint\(|\brange\(|\blen\(|\bf"|\bf'`, 1, 3, `lambda print( range( len( f" f'`},
	// Julia
	{"Julia", `(?m)^[ \t]*(?:@\w+[ \t]+)?function[ \t]+[\w.!]+(?:\{.*\})?\(.*\)[ \t]*(?:::[ \t]*\w+)?[ \t]*$`, 2, 3, `function`},
	{"Julia", `\w\.\(|\.[\^*/+\-]=?[ (\w]|\.==`, 2.5, 2, `.( .^ .* ./ .+ .- .==`},
	{"Julia", `::[ \t]*(?:Int|Float|UInt|String|Vector|Array|Bool|Any|Dict|Matrix|Real|Number|Abstract)\w*`, 2, 3, `::`},
	{"Julia", `(?m)^[ \t]*using[ \t]+[A-Z]\w*(?:[ \t]*,[ \t]*\w+)*[ \t]*$`, 3, 2, `using`},
	{"Julia", `\bprintln\(|\bFloat64\b|\bInt64\b|\bnothing\b|\bnamedtuple\b|\belseif\b`, 1.5, 3, `println( Float64 Int64 nothing namedtuple elseif`},
	{"Julia", `\bin[ \t]+1:\w|(?m)@(?:everywhere|distributed|threads|time|inbounds|cuda|async|spawn|assert|show|test)\b`, 2, 2, `1: @`},
	{"Julia", `(?m)^[ \t]*end[ \t]*$`, 0.5, 3, `end`},
	// Lua
	{"Lua", `\blocal[ \t]+(?:function[ \t]+)?\w+`, 3, 3, `local`},
	{"Lua", `\bthen\b[ \t]*$|\bthen\b[ \t]*--`, 1.5, 2, `then`},
	{"Lua", `~=|\bipairs\(|\bpairs\(|\btable\.(?:insert|remove|concat|sort|unpack)\b|\bstring\.(?:format|sub|upper|lower|rep|gsub|gmatch|match|find|len)\b`, 2.5, 3, `~= pairs( table. string.`},
	{"Lua", `(?m)^[ \t]*--(?:\[\[)?[ \t]`, 0.5, 2, `--`},
	{"Lua", `\bfunction[ \t]*\(|\bnil\b|\belseif\b|\.\.[ \t]*["\w]`, 1, 3, `function nil elseif ..`},
	// Ruby
	{"Ruby", `(?m)^[ \t]*def[ \t]+[\w.?!]+(?:\(.*\))?[ \t]*$`, 2, 3, `def`},
	{"Ruby", `\bputs\b|\belsif\b|\battr_(?:accessor|reader|writer)\b|\.each(?:_with_index)? do\b|\bdo[ \t]*\|[\w, ]+\||\bunless\b`, 2, 3, `puts elsif attr_ .each unless |`},
	{"Ruby", `(?m)^[ \t]*require[ \t]+['"][\w/]+['"][ \t]*$|\bnil\b|:\w+[ \t]*=>`, 1, 3, `require nil =>`},
	// CoffeeScript: thin arrows, paren-less calls, @ members
	{"CoffeeScript", `(?m)(?:\w[ \t]+|[=:(,][ \t]*|^[ \t]*|\)[ \t]*)->[ \t]*$`, 3, 3, `->`},
	{"CoffeeScript", `(?:\([\w, @.=]*\)|[=:(,])[ \t]*->[ \t]*\S`, 2, 3, `->`},
	{"CoffeeScript", `(?m)^[ \t]*(?:\w+|\{[ \t]*[\w, ]+\})[ \t]*=[ \t]*require[ \t]+['"]|\bconsole\.log[ \t]+[^( \t]`, 3, 2, `require console.log`},
	{"CoffeeScript", `[(,=][ \t]*@[a-z]\w*\b|(?m)^[ \t]*@[a-z]\w*[ \t]*=[^=]|\bunless\b|\bisnt\b|#\{`, 1, 3, `@ unless isnt #{`},
	// Prolog
	{"Prolog", `:-`, 3, 4, `:-`},
	{"Prolog", `(?m)^[a-z]\w*\((?:[^()\n]|\([^()\n]*\))*\)[ \t]*\.[ \t]*(?:%.*)?$`, 1.5, 4, `)`},
	{"Prolog", `\[[A-Z_]\w*[ \t]*\|[ \t]*[A-Z_]\w*\]|\\\+|=:=|=\\=|\bis[ \t]+[A-Z]`, 1.5, 3, `| \+ =:= =\= is`},
	{"Prolog", `(?m)^[ \t]*%`, 0.5, 2, `%`},
	// Haskell
	{"Haskell", `(?m)^[a-z]\w*'*[ \t]+::[ \t]+\S`, 3, 3, `::`},
	{"Haskell", `(?m)^import[ \t]+(?:qualified[ \t]+)?[A-Z][\w.]*`, 3, 2, `import`},
	{"Haskell", `(?m)^module[ \t]+[A-Z][\w.]*|\bwhere[ \t]*$|\bderiving\b|(?m)^data[ \t]+[A-Z]|(?m)^[ \t]*main[ \t]*=[ \t]*do\b`, 2.5, 3, `module where deriving data main`},
	{"Haskell", "\\\\\\w+[ \\t]*->|`\\w+`|\\bputStrLn\\b|\\bmapM_\\b|\\bfoldr\\b|\\bfoldl'?\\b|\\$[ \\t]|\\bJust\\b|\\bNothing\\b|\\bMaybe\\b|<\\$>|>>=", 1.5, 3, "\\ ` putStrLn mapM_ foldr foldl $ Just Nothing Maybe <$> >>="},
	// Java
	{"Java", `\bSystem\.(?:out|err)\.print|\bString\[\][ \t]+args\b|@Override\b`, 3, 2, `System. String[] @Override`},
	{"Java", `(?m)^[ \t]*(?:import[ \t]+(?:static[ \t]+)?[a-z][\w.]*(?:\.\*)?;|package[ \t]+[\w.]+;)`, 2.5, 2, `import package`},
	{"Java", `\b(?:public|private|protected)[ \t]+(?:static[ \t]+)?(?:final[ \t]+)?(?:class|interface|enum|void|int|String|boolean|List<|Map<)\b`, 1.5, 3, `public private protected`},
	// C#
	{"C#", `(?m)^[ \t]*using[ \t]+System[\w.]*;|\bConsole\.Write|\bnamespace[ \t]+[\w.]+|\{[ \t]*get;|\bforeach[ \t]*\(`, 3, 3, `using Console namespace get; foreach`},
	// C++ and C
	{"C++", `\bstd::|\bcout\b|\bcin\b|\btemplate[ \t]*<|\bnullptr\b|#include[ \t]*<(?:iostream|vector|string|map|algorithm|memory|cmath|unordered_map|thread)>|\busing namespace\b`, 3, 3, `std:: cout cin template nullptr #include using`},
	{"C", `#include[ \t]*<(?:stdio|stdlib|string|math|stdint|stdbool|unistd)\.h>|\bprintf\(|\bmalloc\(|\bscanf\(`, 2, 3, `#include printf( malloc( scanf(`},
	// Go
	{"Go", `(?m)^package[ \t]+\w+[ \t]*$|\bfunc[ \t]+(?:\([^)]*\)[ \t]*)?\w+\(|\bfmt\.\w+\(|:=`, 2, 4, `package func fmt. :=`},
	// Rust
	{"Rust", `\bfn[ \t]+\w+|\blet[ \t]+mut\b|\bimpl\b|\bpub[ \t]+(?:fn|struct|enum)\b|\buse[ \t]+(?:std|crate)::|\b(?:println|vec|format|panic)!`, 2.5, 4, `fn let impl pub use println! vec! format! panic!`},
	{"Rust", `&mut\b|&str\b|\bVec<|::<|\bSome\(|\bOk\(`, 1, 3, `&mut &str Vec< ::< Some( Ok(`},
	// JavaScript and TypeScript
	{"JavaScript", `\bconst[ \t]+\w+[ \t]*=|\blet[ \t]+\w+[ \t]*=|=>|===|!==|\bconsole\.log\(|\bfunction[ \t]*\w*[ \t]*\(|\brequire\(|\bdocument\.|\bwindow\.|\bmodule\.exports\b|\bexport[ \t]+default\b`, 1, 4, `const let => === !== console.log( function require( document. window. module.exports export`},
	{"TypeScript", `\binterface[ \t]+\w+[ \t]*\{|:[ \t]*(?:string|number|boolean|any|void|unknown|never)\b|\btype[ \t]+\w+[ \t]*=|\bas[ \t]+(?:string|number|any)\b|\b(?:private|public|readonly)[ \t]+\w+[ \t]*:|<\w+(?:\[\])?>\(`, 2, 3, `interface string number boolean any void unknown never type readonly private public >(`},
	// Kotlin, Scala, Swift
	{"Kotlin", `\bfun[ \t]+\w+[ \t]*\(|\bval[ \t]+\w+|\bdata[ \t]+class\b`, 2.5, 3, `fun val data`},
	{"Scala", `\bobject[ \t]+\w+|\bdef[ \t]+\w+\(.*\)[ \t]*:[ \t]*\w+[ \t]*=|\bcase[ \t]+class\b`, 2, 3, `object case def`},
	{"Swift", `\bimport[ \t]+(?:Foundation|UIKit|SwiftUI)\b|\bguard[ \t]+let\b|\bfunc[ \t]+\w+\(.*\)[ \t]*->`, 3, 2, `Foundation UIKit SwiftUI guard ->`},
	// Others
	{"PHP", `<\?php|\$this->|\becho[ \t]+\$`, 4, 2, `<?php $this-> echo`},
	{"Perl", `\bmy[ \t]+[$@%]\w+|\buse[ \t]+strict;`, 3, 2, `my use`},
	{"Shell", `(?m)^#!/(?:usr/)?bin/(?:env[ \t]+)?(?:ba|z)?sh|(?m)^[ \t]*(?:fi|done|esac)[ \t]*$`, 3, 2, `#! fi done esac`},
	{"R", `<-[ \t]*function[ \t]*\(|\blibrary\(\w+\)`, 3, 2, `<- library(`},
	{"SQL", `(?im)^[ \t]*(?:select\b[^;]+\bfrom\b|create[ \t]+table\b|insert[ \t]+into\b)`, 1.5, 2, ``},
	{"Erlang", `(?m)^-(?:module|export|record|define)\(|\bio:format\(|\blists:\w+\(|(?m)^[ \t]*end\.[ \t]*$`, 3, 3, `-module -export -record -define io:format lists: end.`},
	{"Elixir", `\bdefmodule\b|(?m)^[ \t]*defp?[ \t]+\w+.*[ \t]do[ \t]*$|\|>`, 2.5, 3, `defmodule def |>`},
}
