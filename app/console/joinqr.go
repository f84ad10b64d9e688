package console

import "github.com/skip2/go-qrcode"

// qrLevel is the error correction of the seats' QR codes: Medium (15% of
// the code may be lost), the usual trade between size and a scan off a
// screen with glare.
const qrLevel = qrcode.Medium
