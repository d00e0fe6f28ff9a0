"""revolution-1's words: the current package's narration (``domain.games.revolution
.narration``), whose state shapes are revolution-1's, with revolution-1's one difference in
what a seat knows: in secret random it knows its own face-down tiles (this version's views
show them to it), so its log line of the deal names them to it. A re-triggered tile has no
seat of its own here (its pending ability has no ``facing``): the line names who re-triggered
it."""

from __future__ import annotations

from domain.games.revolution.narration import Words

NARRATION = Words(owner_sees_face_down=True).narration()
