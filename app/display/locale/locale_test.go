package locale

import (
	"os"
	"testing"
)

func TestQuietLocale(t *testing.T) {
	tests := []struct {
		name                string
		lcAll, lang, langIn string
		want                string
	}{
		{name: "C.UTF-8 reads English", lang: "C.UTF-8", want: "en"},
		{name: "LC_ALL wins", lcAll: "POSIX.UTF-8", lang: "de_DE.UTF-8", want: "en"},
		{name: "a language is kept", lang: "de_DE.UTF-8", want: ""},
		{name: "plain C is already quiet", lang: "C", want: ""},
		{name: "LANGUAGE set is kept", lang: "C.UTF-8", langIn: "fr", want: "fr"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("LC_ALL", tc.lcAll)
			t.Setenv("LC_MESSAGES", "")
			t.Setenv("LANG", tc.lang)
			t.Setenv("LANGUAGE", tc.langIn)
			Quiet()
			if got := os.Getenv("LANGUAGE"); got != tc.want {
				t.Errorf("LANGUAGE = %q, want %q", got, tc.want)
			}
		})
	}
}
