package profile

import "testing"

func TestProfileURL(t *testing.T) {
	if got := ProfileURL("https://example.com", 7); got != "https://example.com/users/7" {
		t.Fatalf("ProfileURL = %q", got)
	}
}

func TestParseID(t *testing.T) {
	id, err := ParseID(`{"id": 42}`)
	if err != nil || id != 42 {
		t.Fatalf("ParseID = %d, %v", id, err)
	}
	if _, err := ParseID(`not json`); err == nil {
		t.Fatal("want an error for bad JSON")
	}
}
