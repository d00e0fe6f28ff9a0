"""Released rules versions that are no longer current, each a byte-for-byte copy of its
package as released (the digests in ``domain/games/versions.lock.json`` prove it). Games
created under them are rebuilt, viewed, verified and exported with them for ever. Never edit
these: README.md says why and what may be added."""
