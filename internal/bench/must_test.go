package bench

// mustLevels is EvaluateLevels' result for tests: a rule's internal
// failure fails the test with its stack.
func mustLevels(ls []LevelSample, err error) []LevelSample {
	if err != nil {
		panic(err)
	}
	return ls
}
