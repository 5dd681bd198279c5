package profile

import (
	"encoding/json"
	"fmt"
)

// ProfileURL is the address of a user's profile page.
func ProfileURL(base string, id int) string {
	return user_url(base, id)
}

// ParseID reads the "id" field of a JSON object.
func ParseID(raw string) (int, error) {
	return parse_json_id([]byte(raw))
}

func user_url(base string, user_id int) string {
	return fmt.Sprintf("%s/users/%d", base, user_id)
}

func parse_json_id(raw []byte) (int, error) {
	var doc struct {
		Id int `json:"id"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		return 0, err
	}
	return doc.Id, nil
}
