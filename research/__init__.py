"""The games as research environments (docs/research.md): PettingZoo AEC environments
(``envs``) and a Gymnasium one-seat wrapper (``single``) over the exact rules the service
plays, replays as training data (``dataset``), and an analysis report (``analyze``).

It imports the rules and the pure replay functions, never the service: an episode is walked
by ``episode`` with the service's own chance and bot derivations, and exported as the replay
document the service would record (``record``).
"""
