package bench

import (
	"bufio"
	"errors"
	"fmt"
	"image/color"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/iflint/iflint/internal/constraint"
)

// palette is Okabe-Ito: distinguishable by colour-blind readers, and
// ours rather than plotutil's mutable global, so plots never change
// because another package reassigned it.
var palette = []color.Color{
	color.RGBA{0, 114, 178, 255},
	color.RGBA{230, 159, 0, 255},
	color.RGBA{0, 158, 115, 255},
	color.RGBA{213, 94, 0, 255},
	color.RGBA{204, 121, 167, 255},
	color.RGBA{86, 180, 233, 255},
	color.RGBA{240, 228, 66, 255},
	color.RGBA{0, 0, 0, 255},
}

func modelColor(i int) color.Color { return palette[i%len(palette)] }

// namedPlot is one plot file: its name under plots/ and its size.
type namedPlot struct {
	name string
	w, h vg.Length
	p    *plot.Plot
}

// WritePlots writes dir/plots/categories.svg, rounds.svg and levels.svg,
// skipping (and removing a stale copy of) each plot the summary has no
// data for, and returns the paths
// written, relative to dir, in that order. Each file is written
// atomically. Fonts are referenced, not embedded: a plot stays a few
// kilobytes and its bytes depend only on the summary.
func WritePlots(dir string, s Summary) ([]string, error) {
	s.Models = append([]ModelSummary(nil), s.Models...)
	sort.SliceStable(s.Models, func(i, j int) bool { return s.Models[i].Model < s.Models[j].Model })
	pdir := filepath.Join(dir, "plots")
	var plots []namedPlot
	for _, np := range []namedPlot{
		{"categories.svg", 11 * vg.Inch, 5 * vg.Inch, categoryPlot(s)},
		{"rounds.svg", 9 * vg.Inch, 4.5 * vg.Inch, roundPlot(s)},
		{"levels.svg", 9 * vg.Inch, 4.5 * vg.Inch, levelPlot(s)},
	} {
		if np.p != nil {
			plots = append(plots, np)
			continue
		}
		// A plot left from an earlier run into the same directory would
		// show data this run does not have.
		if err := os.Remove(filepath.Join(pdir, np.name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("removing stale plot: %w", err)
		}
	}
	if len(plots) == 0 {
		return nil, nil
	}
	if err := ensureDir(pdir); err != nil {
		return nil, err
	}
	var out []string
	for _, np := range plots {
		path := filepath.Join(pdir, np.name)
		err := WriteAtomic(path, func(w *bufio.Writer) error {
			c := vgsvg.New(np.w, np.h)
			drawSideLegend(draw.New(c), np.p)
			_, err := c.WriteTo(w)
			return err
		})
		if err != nil {
			return out, fmt.Errorf("writing plot %s: %w", path, err)
		}
		out = append(out, filepath.Join("plots", np.name))
	}
	return out, nil
}

// drawSideLegend draws the legend in a column right of the plot: inside
// the plot area it would hide the bars and points near 100% that matter
// most.
func drawSideLegend(c draw.Canvas, p *plot.Plot) {
	leg := p.Legend
	p.Legend = plot.NewLegend()
	pad := vg.Points(8)
	width := leg.Rectangle(c).Size().X + 2*pad
	p.Draw(draw.Crop(c, 0, -width, 0, 0))
	leg.Top = true
	leg.Left = false
	leg.Draw(draw.Crop(c, 0, -pad, 0, -3*pad))
}

func newPercentPlot(title, xLabel string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = xLabel
	p.Y.Label.Text = "satisfied (%)"
	p.Y.Min, p.Y.Max = 0, 100
	p.Add(plotter.NewGrid())
	return p
}

// categoryPlot groups one bar per model under each category that some
// model has decided samples for; a category nobody decided is left out
// rather than drawn as a misleading 0%.
func categoryPlot(s Summary) *plot.Plot {
	var cats []string
	for _, c := range constraint.Categories {
		for _, m := range s.Models {
			if m.ByCategory[string(c)].Decided > 0 {
				cats = append(cats, string(c))
				break
			}
		}
	}
	if len(cats) == 0 {
		return nil
	}
	p := newPercentPlot("Constraint satisfaction per category", "")
	n := len(s.Models)
	// About 7.5in of the 11in canvas is left for the bars once the side
	// legend and the axis are drawn; a group takes 80% of its slot so
	// neighbouring groups stay apart.
	w := min(vg.Points(10), 7.5*vg.Inch*0.8/vg.Length(len(cats)*n))
	for i, m := range s.Models {
		vals := make(plotter.Values, len(cats))
		for j, c := range cats {
			vals[j] = 100 * rateOf(m.ByCategory[c])
		}
		bars, err := plotter.NewBarChart(vals, w)
		if err != nil {
			continue // only fails on NaN or infinite values, which rateOf never gives
		}
		bars.Color = modelColor(i)
		bars.LineStyle.Width = 0
		bars.Offset = w * vg.Length(float64(i)-float64(n-1)/2)
		p.Add(bars)
		p.Legend.Add(m.Model, bars)
	}
	p.NominalX(cats...)
	p.X.Tick.Label.Rotation = math.Pi / 8
	p.X.Tick.Label.XAlign = draw.XRight
	p.X.Tick.Label.YAlign = draw.YTop
	return p
}

// roundPlot draws the feedback-round curve of every model that has one.
func roundPlot(s Summary) *plot.Plot {
	p := newPercentPlot("Feedback rounds", "round")
	found := false
	last := 0
	for i, m := range s.Models {
		rs := append([]RoundRate(nil), m.Rounds...)
		sort.SliceStable(rs, func(a, b int) bool { return rs[a].Round < rs[b].Round })
		var xys plotter.XYs
		for _, r := range rs {
			if r.SSR.Decided > 0 {
				xys = append(xys, plotter.XY{X: float64(r.Round), Y: 100 * rateOf(r.SSR)})
				last = max(last, r.Round)
			}
		}
		if addLine(p, xys, m.Model, modelColor(i), nil, true) {
			found = true
		}
	}
	if !found {
		return nil
	}
	integerAxis(p, last)
	return p
}

// levelPlot draws SSR_k (solid) and HSR_k (dashed) per model.
func levelPlot(s Summary) *plot.Plot {
	p := newPercentPlot("Multi-level: SSR_k (solid) and HSR_k (dashed)", "level k")
	found := false
	last := 0
	for i, m := range s.Models {
		ls := append([]LevelRate(nil), m.Levels...)
		sort.SliceStable(ls, func(a, b int) bool { return ls[a].Level < ls[b].Level })
		var ssr, hsr plotter.XYs
		for _, l := range ls {
			if l.Tasks > 0 {
				ssr = append(ssr, plotter.XY{X: float64(l.Level), Y: 100 * l.SSR})
				hsr = append(hsr, plotter.XY{X: float64(l.Level), Y: 100 * l.HSR})
				last = max(last, l.Level)
			}
		}
		// One legend entry per model: the title says which line is which.
		if addLine(p, ssr, m.Model, modelColor(i), nil, true) {
			found = true
			addLine(p, hsr, m.Model, modelColor(i), []vg.Length{vg.Points(4), vg.Points(3)}, false)
		}
	}
	if !found {
		return nil
	}
	integerAxis(p, last)
	return p
}

func addLine(p *plot.Plot, xys plotter.XYs, label string, c color.Color, dashes []vg.Length, legend bool) bool {
	if len(xys) == 0 {
		return false
	}
	line, points, err := plotter.NewLinePoints(xys)
	if err != nil {
		return false // only fails on NaN or infinite values
	}
	line.Color = c
	line.Dashes = dashes
	points.Color = c
	p.Add(line, points)
	if legend {
		p.Legend.Add(label, line, points)
	}
	return true
}

// integerAxis pads the x axis by a quarter step so the first and last
// points are not cut by the plot's edge, and ticks whole steps only.
func integerAxis(p *plot.Plot, last int) {
	p.X.Min, p.X.Max = -0.25, float64(last)+0.25
	p.X.Tick.Marker = plot.TickerFunc(integerTicks)
}

// integerTicks labels whole rounds and levels only: "0.5 rounds" means
// nothing.
func integerTicks(lo, hi float64) []plot.Tick {
	var ticks []plot.Tick
	for v := math.Ceil(lo); v <= hi; v++ {
		ticks = append(ticks, plot.Tick{Value: v, Label: fmt.Sprint(int(v))})
	}
	return ticks
}
