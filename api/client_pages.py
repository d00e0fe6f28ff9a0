"""The browser client: one page at ``/`` (lobby, play, replay viewer, routed in the URL's
fragment) and its ES modules and stylesheet under ``/web/``, all served by the app itself (no
CDN, no build step).

The page's Content-Security-Policy allows only the app's own scripts, styles and API, so a
hostile string that slipped into the page as HTML could still run nothing. Tokens travel in
the fragment of invitation links (never sent to the server, so never in a server log) and in
the browser's local storage; requests carry them in the Authorization header."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, send_from_directory

FILES = Path(__file__).with_name("web")
POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
          "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")

blp = Blueprint("client", __name__)


@blp.route("/", methods=["GET"])
def page() -> Response:
    """The client's one page."""
    return _protected(send_from_directory(FILES, "index.html", max_age=0))


@blp.route("/web/<path:filename>", methods=["GET"])
def asset(filename: str) -> Response:
    """A module, stylesheet or icon of the client."""
    return _protected(send_from_directory(FILES, filename, max_age=0))


def _protected(response: Response) -> Response:
    response.headers["Content-Security-Policy"] = POLICY
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    return response
