package lex

// Tokenise runs chroma's own lexing loop (LexerState.Iterator, chroma
// v2.27) over chroma's own compiled rules, cheaper in three ways that
// leave every token as chroma makes it:
//
//   - A rule that cannot match at the current position, judged by the
//     next two runes and whether a line starts there, is not tried
//     (firstset.go). chroma tries every rule of a state in order, and
//     most tries fail on their first runes, yet each regexp2 call costs
//     a runner, allocations and an interpreter start.
//   - Rules within a plain subset of regexp2's syntax are matched by a
//     backtracking matcher over regexp2's own parse tree of the rule,
//     which tries alternatives in regexp2's order (native.go).
//   - A rule that emits its whole match as one token and has no mutator
//     hands the token back directly instead of through an emitter.
//
// The start conditions only ever err towards trying a rule, and the
// native matcher stands aside for anything it does not cover, so the
// rule that matches, and its match, are the ones chroma finds; the tests
// hold both to regexp2 on LintEval text and by fuzzing.

import (
	"fmt"
	"reflect"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/alecthomas/chroma/v2"
)

// fastLexer is what the loop needs of a compiled chroma.RegexLexer.
type fastLexer struct {
	ok       bool
	rules    chroma.CompiledRules
	registry *chroma.LexerRegistry
	filters  map[string][]ruleFilter
}

// ruleFilter pairs a compiled rule with where a match may start.
// The rule pointer guards against a state's rules having changed since.
type ruleFilter struct {
	rule  *chroma.CompiledRule
	start *startSet
	// plain: the rule emits one token of the whole match, or nothing,
	// and its mutator, if any, only pushes and pops states.
	plain bool
	// native matches the rule without regexp2, when it can (nil); for a
	// plain rule it gives the token, for others it rules out misses.
	native *native
}

var fastLexers sync.Map // *chroma.RegexLexer -> *fastLexer

// Tokenise is l.Tokenise(nil, text), token for token. Lexers that are not
// plain regex lexers, or whose internals do not look as expected, go
// through chroma unchanged.
func Tokenise(l chroma.Lexer, text string) (chroma.Iterator, error) {
	rl, ok := l.(*chroma.RegexLexer)
	if !ok {
		return l.Tokenise(nil, text)
	}
	f, err := fastFor(rl)
	if err != nil {
		return nil, err
	}
	if !f.ok {
		return l.Tokenise(nil, text)
	}
	return f.iterator(rl, text), nil
}

func fastFor(rl *chroma.RegexLexer) (*fastLexer, error) {
	if f, ok := fastLexers.Load(rl); ok {
		return f.(*fastLexer), nil
	}
	// Tokenising nothing compiles the rules (once, under chroma's lock),
	// and reports a lexer whose rules do not compile.
	if _, err := rl.Tokenise(nil, ""); err != nil {
		return nil, err
	}
	f := &fastLexer{}
	// chroma keeps the compiled rules and the registry unexported; they
	// are read, never written, and only after compilation has finished.
	v := reflect.ValueOf(rl).Elem()
	rf, gf := v.FieldByName("rules"), v.FieldByName("registry")
	if rf.IsValid() && gf.IsValid() &&
		rf.Type() == reflect.TypeOf(map[string][]*chroma.CompiledRule(nil)) &&
		gf.Type() == reflect.TypeOf((*chroma.LexerRegistry)(nil)) {
		f.rules = *(*map[string][]*chroma.CompiledRule)(unsafe.Pointer(rf.UnsafeAddr()))
		f.registry = *(**chroma.LexerRegistry)(unsafe.Pointer(gf.UnsafeAddr()))
		f.filters = make(map[string][]ruleFilter, len(f.rules))
		for state, rules := range f.rules {
			fs := make([]ruleFilter, len(rules))
			for i, r := range rules {
				_, token := r.Type.(chroma.TokenType)
				plain := (token || r.Type == nil) && (r.Mutator == nil || stackOnly(r.Mutator))
				fs[i] = ruleFilter{rule: r, start: startSetOf(r), plain: plain, native: nativeOf(r)}
			}
			f.filters[state] = fs
		}
		f.ok = f.rules != nil
	}
	got, _ := fastLexers.LoadOrStore(rl, f)
	return got.(*fastLexer), nil
}

// ensureLF is chroma's: CRLF and lone CR become LF.
func ensureLF(text string) string {
	if !strings.ContainsRune(text, '\r') {
		return text
	}
	return strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
}

// iterator mirrors RegexLexer.Tokenise with default options (state
// "root", EnsureLF, not nested) and LexerState.Iterator without tracing.
func (f *fastLexer) iterator(rl *chroma.RegexLexer, text string) chroma.Iterator {
	const root = "root"
	text = ensureLF(text)
	newlineAdded := false
	if rl.Config().EnsureNL && !strings.HasSuffix(text, "\n") {
		text += "\n"
		newlineAdded = true
	}
	l := &chroma.LexerState{
		Registry:       f.registry,
		Lexer:          rl,
		Text:           []rune(text),
		Stack:          []string{root},
		Rules:          f.rules,
		MutatorContext: map[any]any{},
	}
	var pending []chroma.Iterator
	var nr nativeRun
	// drain returns the next token of the emitters' iterators, if any.
	drain := func() (chroma.Token, bool) {
		for len(pending) > 0 {
			n := len(pending) - 1
			t := pending[n]()
			if t.Type == chroma.Ignore {
				continue
			}
			if t == chroma.EOF {
				pending = pending[:n]
				continue
			}
			return t, true
		}
		return chroma.Token{}, false
	}
	return func() chroma.Token {
		end := len(l.Text)
		if newlineAdded {
			end--
		}
		for l.Pos < end && len(l.Stack) > 0 {
			if t, ok := drain(); ok {
				return t
			}
			l.State = l.Stack[len(l.Stack)-1]
			selected, ok := l.Rules[l.State]
			if !ok {
				panic("unknown state " + l.State)
			}
			m := f.matchRules(&nr, l.Text, l.Pos, f.filters[l.State], selected)
			if m.rule == nil {
				// Pygments: an unmatched newline resets the stack to root.
				if l.Text[l.Pos] == '\n' && l.State != root {
					l.Stack = []string{root}
					continue
				}
				l.Pos++
				return chroma.Token{Type: chroma.Error, Value: string(l.Text[l.Pos-1 : l.Pos])}
			}
			rule := m.rule
			l.Rule = m.index
			if m.groups == nil {
				// A plain rule: a mutator that only moves the state stack,
				// and a token emitter that would hand back the whole match,
				// which pending is drained of before anything else happens.
				// Neither reads the groups.
				l.Groups, l.NamedGroups = nil, nil
				l.Pos += utf8.RuneCountInString(m.text)
				if rule.Mutator != nil {
					if err := rule.Mutator.Mutate(l); err != nil {
						panic(err)
					}
				}
				if t, ok := rule.Type.(chroma.TokenType); ok && t != chroma.Ignore {
					return chroma.Token{Type: t, Value: m.text}
				}
				continue
			}
			l.Groups = m.groups
			l.NamedGroups = m.named
			l.Pos += utf8.RuneCountInString(m.groups[0])
			if rule.Mutator != nil {
				if err := rule.Mutator.Mutate(l); err != nil {
					panic(err)
				}
			}
			if rule.Type != nil {
				pending = append(pending, rule.Type.Emit(l.Groups, l))
			}
		}
		if t, ok := drain(); ok {
			return t
		}
		// Text left after the state stack emptied is one error token.
		if l.Pos != len(l.Text) && len(l.Stack) == 0 {
			value := string(l.Text[l.Pos:])
			l.Pos = len(l.Text)
			return chroma.Token{Type: chroma.Error, Value: value}
		}
		return chroma.EOF
	}
}

// verifySkips makes matchRules run every skipped rule anyway and panic if
// it matches, and check every native match against regexp2: tests set it
// to check the start conditions and the native matcher on real input.
var verifySkips = false

// ruleMatch is the rule that matched (nil: none) with its groups, or for
// a plain rule only the text of the match.
type ruleMatch struct {
	index  int
	rule   *chroma.CompiledRule
	text   string
	groups []string
	named  map[string]string
}

func (f *fastLexer) matchRules(nr *nativeRun, text []rune, pos int, fs []ruleFilter, rules []*chroma.CompiledRule) ruleMatch {
	for i, rule := range rules {
		known := i < len(fs) && fs[i].rule == rule
		if known && !fs[i].start.may(text, pos) {
			if verifySkips {
				if m, err := rule.Regexp.FindRunesMatchStartingAt(text, pos); m != nil && err == nil && m.RuneIndex == pos {
					panic("lex: skipped rule " + rule.Pattern + " matches at " + string(text[pos:min(pos+20, len(text))]))
				}
			}
			continue
		}
		if known && fs[i].native != nil {
			if end, ok := fs[i].native.match(nr, text, pos); ok {
				if verifySkips {
					verifyNative(rule, text, pos, end)
				}
				if end < 0 {
					continue
				}
				if fs[i].plain {
					return ruleMatch{index: i, rule: rule, text: string(text[pos:end])}
				}
				// The rule's emitter or mutator reads its groups, which
				// regexp2 provides; the native matcher only ruled out the
				// far more common misses.
			}
		}
		match, err := rule.Regexp.FindRunesMatchStartingAt(text, pos)
		if match != nil && err == nil && match.RuneIndex == pos {
			if i < len(fs) && fs[i].rule == rule && fs[i].plain {
				// Only this match's emitter and mutator ever read the
				// groups (emitted iterators are drained before the next
				// match), and a plain token emitter reads just the whole
				// match.
				return ruleMatch{index: i, rule: rule, text: match.String()}
			}
			// chroma's loop, sized up front and with each group's text
			// built once.
			gs := match.Groups()
			groups := make([]string, 0, len(gs))
			namedGroups := make(map[string]string, len(gs))
			for _, g := range gs {
				text := g.String()
				namedGroups[g.Name] = text
				groups = append(groups, text)
			}
			return ruleMatch{index: i, rule: rule, groups: groups, named: namedGroups}
		}
	}
	return ruleMatch{}
}

// verifyNative panics when the native match of rule at pos ends
// elsewhere than regexp2's, and reports whether regexp2 answered.
func verifyNative(rule *chroma.CompiledRule, text []rune, pos, end int) bool {
	m, err := rule.Regexp.FindRunesMatchStartingAt(text, pos)
	if err != nil {
		// regexp2 gave up (its match timeout, which a loaded machine
		// reaches on the long operator alternations): no answer to
		// compare with, which is not a mismatch.
		return false
	}
	want := -1
	if m != nil && err == nil && m.RuneIndex == pos {
		want = pos + m.RuneLength
	}
	if end != want {
		panic(fmt.Sprintf("lex: native match of %s at %q ends at %d, regexp2 at %d", rule.Pattern, string(text[pos:min(pos+20, len(text))]), end-pos, want-pos))
	}
	return true
}

// The types of chroma's Push, Pop and Mutators mutators.
var (
	pushType  = reflect.TypeOf(chroma.Push())
	popType   = reflect.TypeOf(chroma.Pop(1))
	multiType = reflect.TypeOf(chroma.Mutators())
)

// stackOnly reports whether m is chroma's Push or Pop, or a Mutators of
// those: they change LexerState.Stack and nothing else, and read only
// State and Stack.
func stackOnly(m chroma.Mutator) bool {
	switch reflect.TypeOf(m) {
	case pushType, popType:
		return true
	case multiType:
		ms, ok := reflect.ValueOf(m).Elem().FieldByName("Mutators").Interface().([]chroma.Mutator)
		if !ok {
			return false
		}
		for _, sub := range ms {
			if !stackOnly(sub) {
				return false
			}
		}
		return true
	}
	return false
}
