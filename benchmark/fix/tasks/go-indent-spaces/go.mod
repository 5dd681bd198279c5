module example.com/go-indent-spaces

go 1.22
