"""The web app: a FastAPI server over the game protocol (see docs/server.md)."""
