//go:build !linux

package sandbox

// kernelForbids: namespaces, bubblewrap and cgroups are Linux's; the
// process group is all other systems offer.
func kernelForbids(m Mechanism) string {
	if m == ProcessGroup {
		return ""
	}
	return "only Linux has it"
}

// overlayForbidden: only Linux has bubblewrap's overlays.
func overlayForbidden(string) string { return "only Linux has it" }
