module example.com/go-naming-test-call-trap

go 1.22
