// Command winres writes the Windows resources of one hexslinger program:
// an icon (.ico) made from the app's PNG icon, and a resource script (.rc)
// naming that icon and the program's version information from
// FyneApp.toml. scripts/windows.sh compiles the .rc with mingw's windres
// into a .syso, which go build links into the .exe:
//
//	go run ./scripts/winres -app FyneApp.toml -exe hexslinger.exe \
//	    -desc "hexslinger, the Judge's console" -o build/windows/res/hexslinger
//	x86_64-w64-mingw32-windres -O coff -o rsrc_windows_amd64.syso build/windows/res/hexslinger.rc
//
// The icon holds the PNG scaled to 256, 64, 48, 32 and 16 pixels, each
// stored as PNG (the ICO format allows it since Windows Vista).
package main

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/image/draw"
)

// iconSizes are the icon's sizes in pixels, largest first.
var iconSizes = []int{256, 64, 48, 32, 16}

// App is what FyneApp.toml says of the app.
type App struct {
	Name, ID, Icon, Version string
	Build                   int
}

func main() {
	appFile := flag.String("app", "FyneApp.toml", "the app's FyneApp.toml (name, version, build, icon)")
	exe := flag.String("exe", "", "the program's file name, as hexslinger.exe")
	desc := flag.String("desc", "", "the program's description, shown by Windows")
	out := flag.String("o", "", "the output files' path without extension: OUT.ico and OUT.rc are written")
	flag.Parse()
	if *exe == "" || *desc == "" || *out == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: winres -app FyneApp.toml -exe NAME.exe -desc TEXT -o OUT")
		os.Exit(2)
	}
	if err := run(*appFile, *exe, *desc, *out); err != nil {
		fmt.Fprintln(os.Stderr, "winres:", err)
		os.Exit(1)
	}
}

func run(appFile, exe, desc, out string) error {
	app, err := readApp(appFile)
	if err != nil {
		return err
	}
	iconPath := filepath.Join(filepath.Dir(appFile), app.Icon)
	f, err := os.Open(iconPath)
	if err != nil {
		return err
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return fmt.Errorf("%s: %w", iconPath, err)
	}
	ico, err := ICO(img, iconSizes)
	if err != nil {
		return fmt.Errorf("%s: %w", iconPath, err)
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(out+".ico", ico, 0o644); err != nil {
		return err
	}
	rc, err := RC(app, exe, desc, filepath.Base(out)+".ico")
	if err != nil {
		return fmt.Errorf("%s: %w", appFile, err)
	}
	return os.WriteFile(out+".rc", []byte(rc), 0o644)
}

// readApp reads the [Details] of FyneApp.toml: the simple `Key = value`
// lines it holds (strings quoted, Build a number).
func readApp(path string) (App, error) {
	var a App
	data, err := os.ReadFile(path)
	if err != nil {
		return a, err
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		k, v, ok := strings.Cut(line, "=")
		if !ok || strings.HasPrefix(line, "#") {
			continue
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if s, err := strconv.Unquote(v); err == nil {
			v = s
		}
		switch k {
		case "Name":
			a.Name = v
		case "ID":
			a.ID = v
		case "Icon":
			a.Icon = v
		case "Version":
			a.Version = v
		case "Build":
			if a.Build, err = strconv.Atoi(v); err != nil {
				return a, fmt.Errorf("%s:%d: Build %q is not a number", path, n, v)
			}
		}
	}
	switch {
	case a.Name == "":
		return a, fmt.Errorf("%s: no Name", path)
	case a.Icon == "":
		return a, fmt.Errorf("%s: no Icon", path)
	case a.Version == "":
		return a, fmt.Errorf("%s: no Version", path)
	}
	return a, nil
}

// ICO encodes img as an icon file holding it at each of sizes (square,
// 1 to 256 pixels), each image PNG-encoded.
func ICO(img image.Image, sizes []int) ([]byte, error) {
	if len(sizes) == 0 {
		return nil, errors.New("no icon sizes")
	}
	var images [][]byte
	for _, s := range sizes {
		if s < 1 || s > 256 {
			return nil, fmt.Errorf("icon size %d is not 1 to 256", s)
		}
		dst := image.NewNRGBA(image.Rect(0, 0, s, s))
		draw.CatmullRom.Scale(dst, dst.Bounds(), img, img.Bounds(), draw.Src, nil)
		var b bytes.Buffer
		if err := png.Encode(&b, dst); err != nil {
			return nil, err
		}
		images = append(images, b.Bytes())
	}
	var out bytes.Buffer
	le := binary.LittleEndian
	// ICONDIR: reserved, type 1 (icon), count.
	out.Write(le.AppendUint16(le.AppendUint16(le.AppendUint16(nil, 0), 1), uint16(len(sizes))))
	offset := 6 + 16*len(sizes)
	for i, s := range sizes {
		dim := byte(s)
		if s == 256 {
			dim = 0 // 256 is written as 0
		}
		// ICONDIRENTRY: width, height, colours, reserved, planes, bits
		// per pixel, size of the image, its offset in the file.
		e := []byte{dim, dim, 0, 0}
		e = le.AppendUint16(e, 1)
		e = le.AppendUint16(e, 32)
		e = le.AppendUint32(e, uint32(len(images[i])))
		e = le.AppendUint32(e, uint32(offset))
		out.Write(e)
		offset += len(images[i])
	}
	for _, im := range images {
		out.Write(im)
	}
	return out.Bytes(), nil
}

// RC is the resource script of the program exe: its icon (the file ico,
// beside the script; the first icon group is the one Explorer shows) and
// its version information.
func RC(a App, exe, desc, ico string) (string, error) {
	var nums [4]int
	parts := strings.Split(a.Version, ".")
	if len(parts) > 3 {
		return "", fmt.Errorf("Version %q has more than three numbers", a.Version)
	}
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || n > 65535 {
			return "", fmt.Errorf("Version %q: %q is not a number from 0 to 65535", a.Version, p)
		}
		nums[i] = n
	}
	if a.Build < 0 || a.Build > 65535 {
		return "", fmt.Errorf("Build %d is not from 0 to 65535", a.Build)
	}
	nums[3] = a.Build
	bin := fmt.Sprintf("%d,%d,%d,%d", nums[0], nums[1], nums[2], nums[3])
	q := func(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }
	var b strings.Builder
	fmt.Fprintf(&b, "// %s's resources, written by scripts/winres from FyneApp.toml.\n", exe)
	fmt.Fprintf(&b, "#pragma code_page(65001)\n")
	fmt.Fprintf(&b, "1 ICON %s\n\n", q(ico))
	fmt.Fprintf(&b, "1 VERSIONINFO\nFILEVERSION %s\nPRODUCTVERSION %s\nFILEOS 0x40004\nFILETYPE 0x1\n", bin, bin)
	fmt.Fprintf(&b, "BEGIN\n  BLOCK \"StringFileInfo\"\n  BEGIN\n    BLOCK \"040904B0\"\n    BEGIN\n")
	for _, kv := range [][2]string{
		{"CompanyName", a.Name},
		{"FileDescription", desc},
		{"FileVersion", a.Version},
		{"InternalName", strings.TrimSuffix(exe, ".exe")},
		{"OriginalFilename", exe},
		{"ProductName", a.Name},
		{"ProductVersion", a.Version},
	} {
		fmt.Fprintf(&b, "      VALUE %s, %s\n", q(kv[0]), q(kv[1]))
	}
	fmt.Fprintf(&b, "    END\n  END\n  BLOCK \"VarFileInfo\"\n  BEGIN\n    VALUE \"Translation\", 0x0409, 0x04B0\n  END\nEND\n")
	return b.String(), nil
}
