// Package github is iflint's edge to GitHub's REST API, and the only
// importer of go-github. It reads a pull request's diff (ChangedFiles) and
// publishes findings as one review of suggestion comments (Publish).
//
// What GitHub accepts decides the design:
//
//   - A line comment must lie, start to end, inside one hunk of the RIGHT
//     (head) side of the diff; Diff.ValidComment checks that before
//     anything is sent, and comments that fail are downgraded into the
//     review body and PublishResult.Downgraded instead of failing the
//     review. Diff.Allowed applies the user's filter mode (added,
//     diff_context, file, nofilter).
//   - GitHub rejects a whole review for one bad comment without saying
//     which; Publish then bisects with pending reviews (invisible to others
//     and deleted at once), so at most one review is ever created.
//   - Re-runs must not repeat themselves: every comment ends with a hidden
//     <!-- iflint:fingerprint=… --> marker, and a review lists the
//     fingerprints it reported in its body. A finding already posted is
//     skipped; a comment whose finding is gone is edited once into an
//     "Outdated" note, its suggestion disarmed.
//   - Fork pull requests get read-only tokens: writes answer 403/404, and
//     Publish returns ErrNoWriteAccess before writing anything, so callers
//     can fall back to annotations.
//   - Secondary rate limits are waited out (Retry-After, x-ratelimit-reset)
//     with the injected clock, a bounded number of times; an exhausted
//     primary budget is an ErrRateLimited error naming the reset time.
//
// Bodies are built only from the data the caller passes; Publish refuses
// any containing the client's token, and errors are scrubbed of it.
// Package githubtest is a fake of the same API that enforces these rules.
package github
