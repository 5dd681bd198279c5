package main

func gofmtCases(goroot string) ([]labelled, error) { return nil, nil }
