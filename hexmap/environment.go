package hexmap

// Environment is a map's lighting as another tool drew it (a UVTT file's
// "environment"): its ambient light, "aarrggbb" as UVTT writes it, and
// whether the light is baked into the picture. hexslinger keeps it with
// the map and writes it out again; it does not change the fog of war.
type Environment struct {
	AmbientLight  string `json:"ambient_light,omitempty"`
	BakedLighting bool   `json:"baked_lighting"`
}

// maxAmbientLight is the longest ambient light kept.
const maxAmbientLight = 16

// sameEnvironment reports whether two maps' environments are the same.
func sameEnvironment(a, b *Environment) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}
