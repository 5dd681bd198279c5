package util

func Do_thing() int {
	return 1
}
