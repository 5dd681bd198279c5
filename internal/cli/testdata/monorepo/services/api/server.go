// Package api serves the monorepo's data.
package api

// Health reports whether the service is up.
func Health() bool {
	return true
}

func Serve(addr string) error {
	return nil
}

func load_config() string {
	return ""
}
