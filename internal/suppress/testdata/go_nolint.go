package p

import "fmt"

func a() {
	fmt.Println("x") //nolint:revive // this line only
	fmt.Println("y") // nolint
	fmt.Println("z") //nolint:errcheck
}

//nolint:revive // covers the whole declaration below
func Bad_name() {
	println(1)
	println(2)
}

// Doc comment of the next function.
//
//nolint:stylecheck,gofmt
func Other_name() {
	println(3)
}

//nolint:all
var (
	x_y = 1
	y_z = 2
)

func b() {
	//nolint:revive
	if true {
		println(4)
		//nolint:revive // the next line starts in another column: only this line
	}
	println(5)
}

var s = "//nolint"
