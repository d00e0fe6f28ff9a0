"""Game logic and the event-sourced Game: the kernel contract, the games, the aggregate and the
application. Nothing here imports the API, the projections or the replay store."""
