"""cetate: play and study city-building games (Citadels, Gates of the Citadel, Akropolis)."""

__version__ = "0.1.0"
