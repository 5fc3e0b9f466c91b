"""Akropolis (spec akropolis.md): the engine is being built.

For now the package holds the component data (`data`) and the hex-grid geometry (`hexes`); the game is not
registered yet.
"""
