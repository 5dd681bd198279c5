package bench

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/iflint/iflint/benchmark"
	"github.com/iflint/iflint/internal/constraint"
)

// Report is everything report.md is rendered from. Only Summary is
// required: a nil Paper drops the comparison with the published figures,
// empty Agreement the agreement table, empty Plots the plot links.
type Report struct {
	Summary   Summary
	Paper     *benchmark.Paper
	Agreement []Agreement
	// Plots are paths relative to the report's directory (as returned by
	// WritePlots), linked from the report.
	Plots []string
}

// WriteReport writes dir/plots/*.svg and then dir/report.md, each
// atomically. report.md comes last, so its presence means the plots it
// links are complete.
func WriteReport(dir string, s Summary, paper *benchmark.Paper, agreement []Agreement) error {
	if err := ensureDir(dir); err != nil {
		return err
	}
	plots, err := WritePlots(dir, s)
	if err != nil {
		return err
	}
	path := filepath.Join(dir, "report.md")
	err = WriteAtomic(path, func(w *bufio.Writer) error {
		return RenderReport(w, Report{Summary: s, Paper: paper, Agreement: agreement, Plots: plots})
	})
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// RenderReport writes the Markdown report. The output depends only on r,
// never on map order, so the same summary always gives the same bytes.
func RenderReport(w io.Writer, r Report) error {
	s := r.Summary
	s.Models = append([]ModelSummary(nil), s.Models...)
	sort.SliceStable(s.Models, func(i, j int) bool { return s.Models[i].Model < s.Models[j].Model })

	var b strings.Builder
	b.WriteString("# iflint benchmark report\n\n")
	if s.Partial {
		fmt.Fprintf(&b, "**Partial run:** %d samples were not decided", s.Pending)
		if s.Stopped != "" {
			fmt.Fprintf(&b, " (stopped: %s)", cellEscaper.Replace(s.Stopped))
		}
		b.WriteString(". They are counted as unverified below, so these rates are not the benchmark's; run the same command again to decide them (decided verdicts are cached).\n\n")
	}
	b.WriteString("Rates are over decided samples: unverified ones (no checker, judge or toolchain could decide them) are counted apart, never as failures. A `-` means nothing was decided.\n")
	if r.Paper != nil {
		mdSection(&b, "Against the paper")
		paperTable(&b, s, r.Paper)
	}
	mdSection(&b, "Models")
	modelTable(&b, s, r.Paper)
	mdSection(&b, "Categories")
	categoryTable(&b, s)
	mdSection(&b, "Constraint types")
	typeTable(&b, s)
	mdSection(&b, "Languages")
	rateMapTable(&b, s, "Language", func(m ModelSummary) map[string]Rate { return m.ByLanguage }, nil)
	mdSection(&b, "Deciding methods")
	methodTable(&b, s)
	levelTable(&b, s)
	roundTable(&b, s)
	misalignedTable(&b, s)
	agreementTable(&b, r.Agreement)
	if len(r.Plots) > 0 {
		mdSection(&b, "Plots")
		for _, p := range r.Plots {
			name := strings.TrimSuffix(filepath.Base(p), filepath.Ext(p))
			fmt.Fprintf(&b, "![%s](%s)\n\n", name, filepath.ToSlash(p))
		}
	}
	_, err := io.WriteString(w, strings.TrimRight(b.String(), "\n")+"\n")
	return err
}

func mdSection(b *strings.Builder, title string) { fmt.Fprintf(b, "\n## %s\n\n", title) }

// cellEscaper keeps a reason or file name holding a pipe or a newline
// from breaking a table's layout. Built once: building a Replacer costs
// far more than using it.
var cellEscaper = strings.NewReplacer("|", `\|`, "\r", " ", "\n", " ")

// table writes a Markdown table.
func mdTable(b *strings.Builder, head []string, rows [][]string) {
	line := func(cells []string) {
		b.WriteString("|")
		for _, c := range cells {
			c = cellEscaper.Replace(c)
			b.WriteString(" " + c + " |")
		}
		b.WriteString("\n")
	}
	line(head)
	sep := make([]string, len(head))
	for i := range sep {
		sep[i] = "---"
	}
	line(sep)
	for _, r := range rows {
		line(r)
	}
}

func pct(f float64) string { return percent(100 * f) }

// percent formats a figure already in percent, as paper.json holds them.
func percent(v float64) string { return fmt.Sprintf("%.1f%%", v) }

// rateOf recomputes the rate from the counts, so pooled and hand-built
// rates are formatted the same way as the ones in summary.json.
func rateOf(r Rate) float64 {
	if r.Decided == 0 {
		return 0
	}
	return float64(r.Satisfied) / float64(r.Decided)
}

func rateCell(r Rate) string {
	if r.Decided == 0 {
		return "-"
	}
	return pct(rateOf(r))
}

func addRate(a, b Rate) Rate {
	return Rate{Satisfied: a.Satisfied + b.Satisfied, Decided: a.Decided + b.Decided, Unverified: a.Unverified + b.Unverified}
}

func modelNames(s Summary) []string {
	out := make([]string, len(s.Models))
	for i, m := range s.Models {
		out[i] = m.Model
	}
	return out
}

func modelTable(b *strings.Builder, s Summary, p *benchmark.Paper) {
	head := []string{"Model", "SSR", "Satisfied / decided", "Unverified", "Macro SSR", "HSR"}
	if p != nil {
		head = append(head, "Paper SSR")
	}
	var rows [][]string
	for _, m := range s.Models {
		macro := "-"
		if m.SSR.Decided > 0 {
			macro = pct(m.MacroSSR)
		}
		row := []string{m.Model, rateCell(m.SSR), fmt.Sprintf("%d / %d", m.SSR.Satisfied, m.SSR.Decided),
			fmt.Sprint(m.SSR.Unverified), macro, rateCell(m.HSR)}
		if p != nil {
			cell := "-"
			if f, ok := modelFigure(p, m.Model); ok {
				cell = fmt.Sprintf("%s (%s)", percent(f.Percent), f.Model)
			}
			row = append(row, cell)
		}
		rows = append(rows, row)
	}
	mdTable(b, head, rows)
}

// rateMapTable writes one row per key (order first, then the remaining
// keys sorted) and one column per model, plus a pooled column.
func rateMapTable(b *strings.Builder, s Summary, key string, get func(ModelSummary) map[string]Rate, order []string) {
	seen := map[string]bool{}
	keys := append([]string(nil), order...)
	for _, k := range order {
		seen[k] = true
	}
	var extra []string
	for _, m := range s.Models {
		for k := range get(m) {
			if !seen[k] {
				seen[k] = true
				extra = append(extra, k)
			}
		}
	}
	sort.Strings(extra)
	keys = append(keys, extra...)
	head := append(append([]string{key}, modelNames(s)...), "All models")
	var rows [][]string
	for _, k := range keys {
		row := []string{k}
		var all Rate
		for _, m := range s.Models {
			r := get(m)[k]
			all = addRate(all, r)
			row = append(row, rateCell(r))
		}
		rows = append(rows, append(row, rateCell(all)))
	}
	mdTable(b, head, rows)
}

func categoryTable(b *strings.Builder, s Summary) {
	order := make([]string, len(constraint.Categories))
	for i, c := range constraint.Categories {
		order[i] = string(c)
	}
	rateMapTable(b, s, "Category", func(m ModelSummary) map[string]Rate { return m.ByCategory }, order)
}

// typeTable lists only the types some model has samples for: a run
// restricted to a few files should not print 27 rows of dashes.
func typeTable(b *strings.Builder, s Summary) {
	var order []string
	for _, in := range constraint.All() {
		for _, m := range s.Models {
			if _, ok := m.ByType[string(in.Type)]; ok {
				order = append(order, string(in.Type))
				break
			}
		}
	}
	rateMapTable(b, s, "Type", func(m ModelSummary) map[string]Rate { return m.ByType }, order)
}

// methodOrder is the Summary.Methods vocabulary in reading order.
var methodOrder = []string{"rule", "toolchain", "static", "llm", "recorded", "unverified"}

func methodTable(b *strings.Builder, s Summary) {
	cols := append([]string(nil), methodOrder...)
	known := map[string]bool{}
	for _, c := range cols {
		known[c] = true
	}
	var extra []string
	for _, m := range s.Models {
		for k := range m.Methods {
			if !known[k] {
				known[k] = true
				extra = append(extra, k)
			}
		}
	}
	sort.Strings(extra)
	cols = append(cols, extra...)
	var rows [][]string
	for _, m := range s.Models {
		row := []string{m.Model}
		for _, c := range cols {
			row = append(row, fmt.Sprint(m.Methods[c]))
		}
		rows = append(rows, row)
	}
	mdTable(b, append([]string{"Model"}, cols...), rows)
	b.WriteString("\nEach sample counts once: `unverified` when nothing decided it, `recorded` when its verdict was replayed from published ones, otherwise under the method that decided it.\n")
}

func levelTable(b *strings.Builder, s Summary) {
	var rows [][]string
	for _, m := range s.Models {
		levels := append([]LevelRate(nil), m.Levels...)
		sort.SliceStable(levels, func(i, j int) bool { return levels[i].Level < levels[j].Level })
		for _, l := range levels {
			ssr, hsr := "-", "-"
			if l.Tasks > 0 {
				ssr, hsr = pct(l.SSR), pct(l.HSR)
			}
			rows = append(rows, []string{m.Model, fmt.Sprint(l.Level), fmt.Sprint(l.Tasks), fmt.Sprint(l.Unverified), ssr, hsr})
		}
	}
	if len(rows) == 0 {
		return
	}
	mdSection(b, "Multi-level")
	b.WriteString("A level-k task holds only when its own constraint and the k before it in its chain all hold. Tasks counts fully decided tasks; a task with an unverified check is counted under Unverified instead.\n\n")
	mdTable(b, []string{"Model", "Level k", "Tasks", "Unverified", "SSR_k", "HSR_k"}, rows)
}

func roundTable(b *strings.Builder, s Summary) {
	maxRound := -1
	for _, m := range s.Models {
		for _, r := range m.Rounds {
			maxRound = max(maxRound, r.Round)
		}
	}
	if maxRound < 0 {
		return
	}
	mdSection(b, "Feedback rounds")
	b.WriteString("Round 0 is the first attempt; each later round repairs the failures of the one before.\n\n")
	head := []string{"Model"}
	for i := 0; i <= maxRound; i++ {
		head = append(head, fmt.Sprintf("Round %d", i))
	}
	var rows [][]string
	for _, m := range s.Models {
		if len(m.Rounds) == 0 {
			continue
		}
		row := []string{m.Model}
		for i := 0; i <= maxRound; i++ {
			cell := "-"
			for _, r := range m.Rounds {
				if r.Round == i && r.SSR.Decided > 0 {
					cell = fmt.Sprintf("%s (%d/%d)", rateCell(r.SSR), r.SSR.Satisfied, r.SSR.Decided)
				}
			}
			row = append(row, cell)
		}
		rows = append(rows, row)
	}
	mdTable(b, head, rows)
}

func misalignedTable(b *strings.Builder, s Summary) {
	if len(s.Misaligned) == 0 {
		return
	}
	mis := append([]Misalignment(nil), s.Misaligned...)
	sort.SliceStable(mis, func(i, j int) bool {
		a, c := mis[i], mis[j]
		if a.Model != c.Model {
			return a.Model < c.Model
		}
		if a.File != c.File {
			return a.File < c.File
		}
		return a.Index < c.Index
	})
	mdSection(b, "Misaligned generations (not scored)")
	var rows [][]string
	for _, m := range mis {
		entry := "whole file"
		if m.Index >= 0 {
			entry = fmt.Sprint(m.Index)
		}
		rows = append(rows, []string{m.Model, m.File, entry, m.Reason})
	}
	mdTable(b, []string{"Model", "File", "Entry", "Reason"}, rows)
}

func agreementTable(b *strings.Builder, agreement []Agreement) {
	if len(agreement) == 0 {
		return
	}
	ag := append([]Agreement(nil), agreement...)
	sort.SliceStable(ag, func(i, j int) bool { return ag[i].Type < ag[j].Type })
	mdSection(b, "Agreement with published verdicts")
	b.WriteString("An unverified sample counts as a disagreement. Confusion columns are ours/published.\n\n")
	var rows [][]string
	var tot Agreement
	row := func(name string, a Agreement) []string {
		return []string{name, fmt.Sprint(a.Total), fmt.Sprint(a.Agree), pct(a.Rate()), fmt.Sprint(a.Unverified),
			fmt.Sprint(a.PassPass), fmt.Sprint(a.PassFail), fmt.Sprint(a.FailPass), fmt.Sprint(a.FailFail)}
	}
	for _, a := range ag {
		rows = append(rows, row(string(a.Type), a))
		tot.Total += a.Total
		tot.Agree += a.Agree
		tot.Unverified += a.Unverified
		tot.PassPass += a.PassPass
		tot.PassFail += a.PassFail
		tot.FailPass += a.FailPass
		tot.FailFail += a.FailFail
	}
	rows = append(rows, row("**all**", tot))
	mdTable(b, []string{"Type", "Labelled", "Agree", "Rate", "Unverified", "pass/pass", "pass/fail", "fail/pass", "fail/fail"}, rows)
}

// ensureDir is shared by the writers: they create their directory so a
// caller can point them at a fresh output path.
func ensureDir(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("creating output directory %s: %w", dir, err)
	}
	return nil
}

// ImplicitCategories are the categories the paper's "implicit or
// abstract" figure is compared with: the four whose tasks carry no
// explicit constraint field (situation, example, code_contextual,
// non_functional_requirements). The other five are explicit.
var ImplicitCategories = []constraint.Category{constraint.CodeQuality, constraint.Scenario, constraint.CodeContext, constraint.Exemplar}

// modelFigure finds the paper's figure for one of our models: by its
// results directory; a figure without one matches by case-insensitive
// name prefix ("Claude-3-7-Sonnet" ~ "claude-3-7-sonnet-20250219"), the
// longest prefix winning so the choice never depends on order.
func modelFigure(p *benchmark.Paper, model string) (benchmark.ModelFigure, bool) {
	for _, f := range p.Models {
		if f.ResultsDir != "" && f.ResultsDir == model {
			return f, true
		}
	}
	var best benchmark.ModelFigure
	ok := false
	for _, f := range p.Models {
		if f.ResultsDir == "" && f.Model != "" && strings.HasPrefix(strings.ToLower(model), strings.ToLower(f.Model)) &&
			(!ok || len(f.Model) > len(best.Model) || len(f.Model) == len(best.Model) && f.Model < best.Model) {
			best, ok = f, true
		}
	}
	return best, ok
}

func paperTable(b *strings.Builder, s Summary, p *benchmark.Paper) {
	fmt.Fprintf(b, "Published figures from %q (arXiv %s); each row names where ours comes from.\n\n", p.Title, p.ArXiv)
	var rows [][]string
	figs := append([]benchmark.ModelFigure(nil), p.Models...)
	sort.SliceStable(figs, func(i, j int) bool { return figs[i].Model < figs[j].Model })
	for _, f := range figs {
		ours, how := "-", "no such model in this run"
		for _, m := range s.Models {
			if g, ok := modelFigure(p, m.Model); ok && g.Model == f.Model {
				ours, how = rateCell(m.SSR), "SSR of "+m.Model
			}
		}
		rows = append(rows, []string{"SSR, " + f.Model, percent(f.Percent), ours, how})
	}
	for _, f := range figs {
		if !f.Best || len(s.Models) == 0 {
			continue
		}
		ob := s.Models[0]
		for _, m := range s.Models {
			if rateOf(m.SSR) > rateOf(ob.SSR) {
				ob = m
			}
		}
		rows = append(rows, []string{"Best model", fmt.Sprintf("%s (%s)", percent(f.Percent), f.Model),
			fmt.Sprintf("%s (%s)", rateCell(ob.SSR), ob.Model), "highest SSR"})
	}
	explicit, implicit := groupRates(s)
	for _, c := range p.Constraint {
		bound := map[string]string{"above": "> ", "below": "< "}[c.Bound] + percent(c.Percent)
		ours, how := "-", "no category grouping for this kind"
		switch c.Kind {
		case "explicit":
			ours, how = rateCell(explicit), "pooled over models and the other 5 categories"
		case "implicit":
			ours, how = rateCell(implicit), "pooled over models: "+joinCategories(ImplicitCategories)
		}
		rows = append(rows, []string{c.Kind + " constraints", bound, ours, how})
	}
	var sum float64
	n := 0
	for _, m := range s.Models {
		if m.SSR.Decided > 0 {
			sum += rateOf(m.SSR)
			n++
		}
	}
	rows = append(rows, []string{"Single-level", percent(p.Levels.SingleLevel), meanCell(sum, n), "mean SSR over " + modelCount(n)})
	sum, n = 0, 0
	for _, m := range s.Models {
		if l, ok := deepest(m.Levels); ok {
			sum += l.HSR
			n++
		}
	}
	rows = append(rows, []string{"Multi-level", percent(p.Levels.MultiLevel), meanCell(sum, n), "mean HSR at the deepest level over " + modelCount(n)})
	name := fmt.Sprintf("Feedback, %d rounds", p.Feedback.Rounds)
	published := fmt.Sprintf("%s → %s", percent(p.Feedback.From), percent(p.Feedback.To))
	found := false
	for _, m := range s.Models {
		if len(m.Rounds) < 2 {
			continue
		}
		rs := append([]RoundRate(nil), m.Rounds...)
		sort.SliceStable(rs, func(i, j int) bool { return rs[i].Round < rs[j].Round })
		first, last := rs[0], rs[len(rs)-1]
		rows = append(rows, []string{name, published, fmt.Sprintf("%s → %s", rateCell(first.SSR), rateCell(last.SSR)),
			fmt.Sprintf("%s, round %d → %d", m.Model, first.Round, last.Round)})
		found = true
	}
	if !found {
		rows = append(rows, []string{name, published, "-", "no feedback rounds in this run"})
	}
	mdTable(b, []string{"Figure", "Paper", "Ours", "Ours is"}, rows)
	if p.Judge.Paper != "" {
		fmt.Fprintf(b, "\nLLM-judged types: the paper's judge is %s; its released code uses %s (%s).\n", p.Judge.Paper, p.Judge.Code, p.Judge.CodeRule)
	}
}

func modelCount(n int) string {
	if n == 1 {
		return "1 model"
	}
	return fmt.Sprintf("%d models", n)
}

func meanCell(sum float64, n int) string {
	if n == 0 {
		return "-"
	}
	return pct(sum / float64(n))
}

func joinCategories(cs []constraint.Category) string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = string(c)
	}
	return strings.Join(out, ", ")
}

// groupRates pools every model's rates over the 9 categories into
// explicit and implicit; a category outside the taxonomy is neither.
func groupRates(s Summary) (explicit, implicit Rate) {
	isImplicit := map[constraint.Category]bool{}
	for _, c := range ImplicitCategories {
		isImplicit[c] = true
	}
	for _, m := range s.Models {
		for _, c := range constraint.Categories {
			if r := m.ByCategory[string(c)]; isImplicit[c] {
				implicit = addRate(implicit, r)
			} else {
				explicit = addRate(explicit, r)
			}
		}
	}
	return
}

func deepest(levels []LevelRate) (LevelRate, bool) {
	var out LevelRate
	ok := false
	for _, l := range levels {
		if l.Tasks > 0 && (!ok || l.Level > out.Level) {
			out, ok = l, true
		}
	}
	return out, ok
}
