"""The Ashur game server: HTTP API and websockets over the game-module contract only (docs/server.md)."""
