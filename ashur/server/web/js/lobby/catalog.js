// The server's catalog of games (GET /api/catalog: scenarios with roles, options, bot kinds), read once
// per page.

import { api } from "../api.js";

let loaded = null;

export function loadCatalog() {
  if (!loaded) loaded = api("/api/catalog");
  return loaded;
}

export async function findGame(id) {
  return (await loadCatalog()).find((game) => game.id === id) || null;
}

export function findScenario(game, id) {
  return (game && game.scenarios.find((sc) => sc.id === id)) || { id, name: id, summary: "", roles: [] };
}
