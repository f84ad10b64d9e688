package console

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// variantTheme is the default theme held to one variant, light or dark,
// whatever the desktop prefers.
type variantTheme struct {
	fyne.Theme
	variant fyne.ThemeVariant
}

func (t variantTheme) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	return t.Theme.Color(n, t.variant)
}

// toggleTheme switches between the light and the dark theme, and
// remembers the choice.
func (c *Console) toggleTheme() {
	c.dark = !c.dark
	c.applyTheme()
	if a := fyne.CurrentApp(); a != nil {
		a.Preferences().SetBool("dark_theme", c.dark)
	}
}

// applyTheme sets the app's theme to the console's choice.
func (c *Console) applyTheme() {
	a := fyne.CurrentApp()
	if a == nil {
		return
	}
	v := theme.VariantLight
	if c.dark {
		v = theme.VariantDark
	}
	a.Settings().SetTheme(variantTheme{Theme: theme.DefaultTheme(), variant: v})
	c.track.refresh()
}
