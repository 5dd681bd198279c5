package action

// maxBodyFindings caps the findings listed in a review body; the job
// summary and the SARIF file have the rest.
const maxBodyFindings = 20

// maxDocListed caps the findings and files a review document lists
// beyond its suggestions: the body shows maxBodyFindings of them.
const maxDocListed = 100

// reviewBody is the text of the review this run posts (see
// reviewDoc.body).
func (r *report) reviewBody() string { return newReviewDoc(r).body(rendering{}) }

// testCommand is the command that verified the suggestions, if any ran.
func (r *report) testCommand() string {
	for _, s := range r.Suggestions {
		if t := s.Proof.V.Tests; t != nil {
			return t.Command
		}
	}
	return ""
}
