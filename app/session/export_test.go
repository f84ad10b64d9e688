package session

// The package's own test helpers, for its external tests (wire_test.go,
// access_test.go), which need the transport as well and so cannot be in
// the package.
var (
	OpenDemo        = open
	BundledFight    = bundledFight
	BundledNames    = bundledNames
	RandomCommand   = randomCommand
	SecretWords     = secretWords
	SeatSecretWords = seatSecretWords
	Leaks           = leaks
	PlayersSeat     = seat
	SeatMapSide     = mapSide
)
