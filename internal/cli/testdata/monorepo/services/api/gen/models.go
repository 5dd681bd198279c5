package gen

func Generated() int {
	return 1
}
