package board

// The measure of the map window's text: every text say writes can be
// told, with the height of its capitals on the screen, to a census (the
// tests read the table scene with it, and the note quotes it).

// textCensus, when set, is told of every text say writes: its words and
// how tall its capitals stand on the screen, in pixels.
var textCensus func(s string, capPx float64)

// textScale is how many screen pixels a pixel of the image being drawn
// becomes: 1, or 1/superScale while supersample paints a sprite.
var textScale = 1.0

// capHeight is how tall the capitals of face size px stand, in pixels.
func capHeight(px float64, bold bool) float64 { return face(px, bold).Metrics().CapHeight }

// census tells textCensus of s written in face f.
func census(s string, capPx float64) {
	if textCensus != nil && s != "" {
		textCensus(s, capPx*textScale)
	}
}
