"""God of War: The Card Game (co-operative, 1-4 players and solo). Content only so far
(``content``: the authored pack, its schema and validator); the rules engine is next, and the
game is registered once it plays."""
