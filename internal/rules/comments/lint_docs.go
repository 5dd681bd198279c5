package comments

import (
	"fmt"

	"github.com/iflint/iflint/internal/check"
	"github.com/iflint/iflint/internal/rules/comments/doclint"
)

// checkDocStyle is the lint profile's verdict of a documentation rule
// (doclint): its issues as findings, each carrying its fix, and the
// declarations it checked.
func checkDocStyle(u *check.Unit, ds *doclint.Style) check.Result {
	r := doclint.Run(u, ds)
	res := docVerdict(u, ds, r)
	res.Checked = r.Checked
	return res
}

func docVerdict(u *check.Unit, ds *doclint.Style, r doclint.Report) check.Result {
	note := ""
	if r.Partial {
		note = "; the file has syntax errors, and declarations inside them were not checked"
	}
	switch {
	case r.Err != nil:
		return check.Result{Verdict: check.Unverified, Reason: r.Err.Error()}
	case r.Skip != "":
		return check.Passed(r.Skip)
	case len(r.Issues) > 0:
		fs := make([]check.Finding, len(r.Issues))
		for i, is := range r.Issues {
			fs[i] = is.Finding
		}
		attachDocIssueFixes(u, ds, r.Issues, fs)
		return check.Failed(fmt.Sprintf("%d %s finding(s) in %d declaration(s) checked (%s: %s)%s", len(fs), ds.Title, r.Checked, ds.Peer, ds.Scope(), note), fs...)
	case r.Checked == 0:
		return check.Passed(fmt.Sprintf("no declaration here needs a %s comment (%s: %s)%s", ds.Title, ds.Peer, ds.Scope(), note))
	}
	return check.Passed(fmt.Sprintf("all %d declaration(s) checked are documented (%s: %s)%s", r.Checked, ds.Peer, ds.Scope(), note))
}
