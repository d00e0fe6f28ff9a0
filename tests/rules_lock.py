"""The digest of each released rules version's code and data, recorded in
``domain/games/versions.lock.json``, so that a change to a game package cannot slip in under
an unchanged version string (``test_rules_lock.py``).

    python -m tests.rules_lock            # check (exit 1 on a mismatch)
    python -m tests.rules_lock --update   # re-record the digests of current versions

A package's digest is SHA-256 over its files in sorted order (path, NUL, the file's SHA-256,
newline), leaving out what cannot change an outcome: README.md, bots.py, narration.py (the
game's words, domain.kernel.narration), decktext.py (a decklist as players write it) and
caches. A game's asking.py (the windows a seat may choose not to be asked in,
domain.kernel.asking) is in the digest: which window a pass by preference may skip decides
whether a history verifies. Only a change that alters no outcome may be re-recorded under
the same version, and only while every golden replay of that version still verifies; frozen
versions are never re-recorded.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import sys
from pathlib import Path

from domain.games import RELEASES

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "domain" / "games" / "versions.lock.json"
LEFT_OUT = {"README.md", "bots.py", "narration.py", "decktext.py"}


def package_folder(module: str) -> Path:
    spec = importlib.util.find_spec(module)
    assert spec is not None and spec.origin is not None, module
    return Path(spec.origin).parent


def digest(folder: Path) -> str:
    lines = []
    for path in sorted(folder.rglob("*")):
        if path.is_dir() or "__pycache__" in path.parts or path.name in LEFT_OUT:
            continue
        relative = path.relative_to(folder).as_posix()
        lines.append(f"{relative}\0{hashlib.sha256(path.read_bytes()).hexdigest()}\n")
    return hashlib.sha256("".join(lines).encode()).hexdigest()


def current_digests() -> dict[str, dict[str, str]]:
    return {game: {version: digest(package_folder(module))
                   for version, module in releases.items()}
            for game, releases in RELEASES.items()}


def recorded() -> dict[str, dict[str, str]]:
    result: dict[str, dict[str, str]] = json.loads(LOCK.read_text())
    return result


def main() -> None:
    if "--update" in sys.argv[1:]:
        old = recorded() if LOCK.exists() else {}
        new = current_digests()
        for game, digests in old.items():  # frozen versions keep their recorded digest
            for version in list(digests)[:-1]:
                if new.get(game, {}).get(version) != digests[version]:
                    sys.exit(f"{game} {version} is frozen, and its files changed: restore them")
        LOCK.write_text(json.dumps(new, indent=2) + "\n")
        print(f"recorded {LOCK.relative_to(ROOT)}")
        return
    if current_digests() != recorded():
        sys.exit("a rules package changed while its version did not: see tests/rules_lock.py")
    print("every rules version matches its recorded digest")


if __name__ == "__main__":
    main()
