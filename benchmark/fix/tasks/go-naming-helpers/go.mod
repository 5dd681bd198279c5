module example.com/go-naming-helpers

go 1.22
