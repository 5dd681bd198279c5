// Package action is iflint's GitHub Action: `iflint action` reads the
// action's inputs and the triggering event from the environment, checks
// the files a pull request changes, and reports through every channel a
// workflow offers: one review of verified suggestion comments, annotations,
// the job summary, step outputs and a SARIF file for code scanning.
//
// Decisions a reader would otherwise have to reverse-engineer:
//
//   - Only verified fixes become suggestions. In suggest mode engine.Fix
//     proposes and proves fixes (syntax, findings, regressions, the
//     repository's tests); its fixers are only shown the findings the
//     filter mode keeps, so a fix does not reach into lines the pull
//     request did not touch. A file's verified change is suggested whole
//     or not at all: applying some of its hunks is not what was tested.
//   - Findings without a suggestion are listed in the review body (capped),
//     the job summary and annotations. A review is only posted when it has
//     line comments (github.Publish never posts a body alone, so re-runs do
//     not repeat it); check mode therefore posts no review and leaves
//     earlier suggestions alone.
//   - The SARIF file holds the head's findings as checked, filtered by the
//     filter mode, not what would remain after the suggestions are applied:
//     a suggestion changes nothing until the author commits it, and code
//     scanning should describe the commit it is uploaded for. fail-on and
//     the findings output use the same set.
//   - pull_request_target is refused unless allow-pull-request-target is
//     set: such a workflow holds a write token and secrets while the
//     checked-out head is untrusted code, and suggest mode runs the
//     repository's test command on it.
//   - Secrets (the token and the LLM key) are masked first, go only into
//     HTTP clients, never reach the test command (its environment is an
//     allowlist, and iflint's own environment block is emptied before
//     anything runs, see internal/procenv), and are redacted from
//     everything the action writes as a last defence.
//   - The test command runs in the strongest sandbox the runner allows
//     (internal/sandbox; bubblewrap where it works), named in the job
//     summary. A pull request from a fork (head repository other than
//     the base's) runs its test command only in a real sandbox; without
//     one, only fixes that cannot change behaviour are suggested.
//   - A token that cannot write (fork pull requests) is not a failure: the
//     findings go to annotations and the summary, with a notice saying why.
package action
