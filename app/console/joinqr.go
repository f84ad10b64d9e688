package console

import (
	"image"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"github.com/skip2/go-qrcode"
)

// qrLevel is the error correction of the seats' QR codes: Medium (15% of
// the code may be lost), the usual trade between size and a scan off a
// screen with glare.
const qrLevel = qrcode.Medium

// qrSide is the side of a seat's QR code in the table panel: large
// enough for a phone to scan it off the Judge's screen.
const qrSide = 180

// qrImage is the QR code of link, one pixel a module with its quiet zone,
// drawn at least side units a side and scaled by nearest neighbour so
// that its modules stay crisp; nil if link cannot be encoded.
func qrImage(link string, side float32) *canvas.Image {
	q, err := qrcode.New(link, qrLevel)
	if err != nil {
		return nil
	}
	bits := q.Bitmap()
	img := image.NewGray(image.Rect(0, 0, len(bits), len(bits)))
	for y, row := range bits {
		for x, dark := range row {
			if !dark {
				img.SetGray(x, y, color.Gray{Y: 0xff})
			}
		}
	}
	out := canvas.NewImageFromImage(img)
	out.ScaleMode = canvas.ImageScalePixels
	out.FillMode = canvas.ImageFillContain
	out.SetMinSize(fyne.NewSquareSize(side))
	return out
}
