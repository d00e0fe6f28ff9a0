"""Examples of the research package at work (docs/research.md)."""
