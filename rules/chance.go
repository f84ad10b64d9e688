package rules

// Chances returns, for a pool against a TN, the exact probability of at
// least 1, 2, … Count successes (index 0 is "at least one": the hit chance
// of a single action). Open-ended dice count: the highest die showing its
// top face is rolled again once and added.
func Chances(p Pool, tn int) []float64 {
	out := make([]float64, p.Count)
	if p.Count == 0 {
		return out
	}
	s, b := p.Sides, p.Bonus
	if tn <= s+b {
		// A top face already succeeds, so the reroll changes no count:
		// each die succeeds alone with q, the count is binomial.
		q := float64(min(s, max(0, s+b-tn+1))) / float64(s)
		// P(exactly k) by the binomial, then tails.
		exact := binomial(p.Count, q)
		tail := 0.0
		for k := p.Count; k >= 1; k-- {
			tail += exact[k]
			out[k-1] = tail
		}
		return out
	}
	// Only the highest die, with a top face and a high enough reroll, can
	// reach the TN.
	need := tn - s - b // the reroll must show at least this
	if need > s {
		return out
	}
	pTop := 1 - pow(float64(s-1)/float64(s), p.Count)
	out[0] = pTop * float64(s-need+1) / float64(s)
	return out
}

// binomial returns P(exactly k of n succeed), k = 0…n, each with chance q.
func binomial(n int, q float64) []float64 {
	out := make([]float64, n+1)
	out[0] = 1
	for i := 0; i < n; i++ {
		for k := i + 1; k >= 1; k-- {
			out[k] = out[k]*(1-q) + out[k-1]*q
		}
		out[0] *= 1 - q
	}
	return out
}

func pow(x float64, n int) float64 {
	r := 1.0
	for ; n > 0; n-- {
		r *= x
	}
	return r
}
