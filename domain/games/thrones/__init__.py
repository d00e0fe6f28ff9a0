"""Thrones: A Game of Thrones, The Card Game (first edition), the two-player box. Content only
so far (``cards``); the rules engine is next, and the game is registered once it plays."""
