package langtype

import (
	"regexp"
	"regexp/syntax"
	"sort"
	"strings"
	"sync"

	"github.com/iflint/iflint/internal/work"
)

// The lint classifier's evidence: idioms that point at one language, each
// a regexp with a weight and a cap. A feature's regexp runs only on the
// lines holding one of its hint literals (found in one pass by the
// hintScanner, hints.go), and of those only on the lines holding every
// literal its regexp needs (needs, read off the parsed regexp), where it
// could match at all.

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

// countFeatureIn counts f's matches (up to its cap) on the lines holding
// one of its hints, or in the whole text for a feature without hints.
//
// m is charged per byte the regexp and the needed literals search: the
// text once per match searched for, a hinted line once per literal and
// match.
func countFeatureIn(text string, f langFeature, hl *hintLines, m *work.Meter) int {
	if len(f.hints) == 0 {
		m.Add(len(text) * f.cap)
		return len(f.re.FindAllStringIndex(text, f.cap))
	}
	var lines []int32
	for _, id := range f.hintIDs {
		lines = append(lines, hl.byHint[id]...)
	}
	if len(lines) == 0 {
		return 0
	}
	m.Add(len(lines) * (1 + work.Log(len(lines))))
	sort.Slice(lines, func(i, j int) bool { return lines[i] < lines[j] })
	n, prev := 0, int32(-1)
	for _, l := range lines {
		if l == prev {
			continue
		}
		prev = l
		sp := hl.spans[l]
		line := text[sp[0]:sp[1]]
		m.Add(1 + len(line)*(1+len(f.needs)+f.cap-n))
		if !holds(f.needs, line) {
			continue
		}
		n += len(f.re.FindAllStringIndex(line, f.cap-n))
		if n >= f.cap {
			return f.cap
		}
	}
	return n
}

// needs lists, for a feature regexp, alternatives of literals a line must
// all hold for the regexp to match in it (any one alternative will do).
// It is read off the parsed regexp: literals required by every match of a
// branch, through captures and repetitions of at least one. Anything it
// cannot read (case folding, an alternation too wide to multiply out)
// only weakens the condition, so a line it rules out has no match; nil
// means no condition.
func needs(pattern string) [][]string {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return nil
	}
	alts := required(re.Simplify())
	for _, a := range alts {
		if len(a) == 0 {
			return nil
		}
	}
	return alts
}

const maxNeeds = 32

func required(re *syntax.Regexp) [][]string {
	none := [][]string{{}}
	switch re.Op {
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 || len(re.Rune) == 0 {
			return none
		}
		return [][]string{{string(re.Rune)}}
	case syntax.OpCapture, syntax.OpPlus:
		return required(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return required(re.Sub[0])
		}
	case syntax.OpAlternate:
		var out [][]string
		for _, s := range re.Sub {
			out = append(out, required(s)...)
			if len(out) > maxNeeds {
				return none
			}
		}
		return out
	case syntax.OpConcat:
		out := none
		for _, s := range re.Sub {
			d := required(s)
			if len(out)*len(d) > maxNeeds {
				continue // dropping a requirement only weakens the condition
			}
			var next [][]string
			for _, a := range out {
				for _, b := range d {
					next = append(next, append(append([]string(nil), a...), b...))
				}
			}
			out = next
		}
		return out
	}
	return none
}

// holds reports whether line meets one of needs' alternatives.
func holds(alts [][]string, line string) bool {
	if alts == nil {
		return true
	}
	for _, a := range alts {
		ok := true
		for _, lit := range a {
			if !strings.Contains(line, lit) {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}
