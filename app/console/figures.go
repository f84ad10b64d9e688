package console

import (
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"hexslinger/app/session"
)

// figuresPanel is the table of figures: name, side, AP left, hex, facing.
type figuresPanel struct {
	st    *session.State
	table *widget.Table
}

var figureColumns = []struct {
	title string
	width float32
}{{"Figure", 170}, {"Side", 80}, {"AP", 40}, {"Hex", 50}, {"Facing", 60}}

func newFiguresPanel(st *session.State) *figuresPanel {
	p := &figuresPanel{st: st}
	p.table = widget.NewTable(
		func() (int, int) { return len(p.st.Order), len(figureColumns) },
		func() fyne.CanvasObject { return widget.NewLabel("Miranda Valentine") },
		func(id widget.TableCellID, o fyne.CanvasObject) {
			o.(*widget.Label).SetText(p.cell(id.Row, id.Col))
		},
	)
	p.table.ShowHeaderRow = true
	p.table.CreateHeader = func() fyne.CanvasObject {
		return widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	}
	p.table.UpdateHeader = func(id widget.TableCellID, o fyne.CanvasObject) {
		if id.Col >= 0 {
			o.(*widget.Label).SetText(figureColumns[id.Col].title)
		}
	}
	for i, c := range figureColumns {
		p.table.SetColumnWidth(i, c.width)
	}
	return p
}

// cell is the text of one table cell.
func (p *figuresPanel) cell(row, col int) string {
	f := p.st.Figures[p.st.Order[row]]
	switch col {
	case 0:
		return p.st.FigureName(f.ID)
	case 1:
		return f.Side
	case 2:
		return strconv.Itoa(f.AP)
	case 3:
		return p.st.Map.Label(f.At)
	case 4:
		return p.st.Map.Orientation.SideNames()[f.Facing]
	}
	return ""
}
