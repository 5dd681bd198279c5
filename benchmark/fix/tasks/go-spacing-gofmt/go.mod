module example.com/go-spacing-gofmt

go 1.22
