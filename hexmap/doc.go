// Package hexmap is hexslinger's hex geometry and map model: axial
// coordinates, directions and facings, pixel layouts, the terrain, elevation
// and features of a battle map, movement cost and pathfinding, and the map
// file format. It imports no GUI toolkit.
package hexmap
