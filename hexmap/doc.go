// Package hexmap is hexslinger's hex geometry and map model: axial
// coordinates, directions and facings, pixel layouts, the terrain, elevation
// and features of a battle map, movement cost and pathfinding, line of
// sight, the map file format, the UVTT maps it imports, the checks of a
// map's picture, and writing a file whole. It imports no GUI toolkit.
package hexmap
