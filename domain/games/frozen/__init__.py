"""Released rules versions that are no longer current, each a byte-for-byte copy of its
package as released (the digests in ``versions.lock.json`` prove it). Games created under
them are rebuilt, viewed, verified and exported with them for ever. Never edit these."""
