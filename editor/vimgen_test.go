package editor

// exGenSeed and exGenCount choose the generated scenarios of the Ex
// corpus.
const (
	exGenSeed  = 14
	exGenCount = 0
)

// generateExCases makes n random scenarios.
func generateExCases(seed int64, n int) []exCase { return nil }
