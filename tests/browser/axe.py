"""axe-core in the browser tests: the engine ships in a PyPI package (axe-playwright-python, in
the dev extra: its ``axe.min.js``), read from the installed package and run in the page, so
nothing is fetched at test time."""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from typing import Any

# label-content-name-mismatch is experimental in axe (off by default): a control's name must
# hold the words it shows (issue 24 found 13-31 nodes a page without it).
OPTIONS = {"resultTypes": ["violations"],
           "rules": {"label-content-name-mismatch": {"enabled": True}}}


@cache
def engine() -> str:
    return files("axe_playwright_python").joinpath("axe.min.js").read_text(encoding="utf-8")


def violations(page: Any) -> list[str]:
    """Every axe violation on the page as it stands, one line each (rule, impact, nodes)."""
    page.evaluate(engine())
    found = page.evaluate("options => axe.run(document, options).then(r => r.violations)",
                          OPTIONS)
    return [f"{v['id']} ({v['impact']}): {v['help']} at "
            + "; ".join(" ".join(node["target"]) for node in v["nodes"][:5]) for v in found]
