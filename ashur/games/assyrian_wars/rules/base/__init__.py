"""The shared queries of the rules: players, pieces, forces, control, territory, terrain, losses, ships."""
