module example.com/profile

go 1.21
