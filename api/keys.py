"""The public keys move receipts are signed with."""

from __future__ import annotations

from typing import Any

from .blueprint import Blueprint
from .hall import hall
from .schemas import KeysSchema

blp = Blueprint("keys", __name__, url_prefix="/keys",
                description="The server's receipt-signing keys.")


@blp.route("", methods=["GET"])
@blp.response(200, KeysSchema)
def keys() -> dict[str, Any]:
    """The Ed25519 public keys move receipts are signed with, by key id: the current key, then
    retired ones (receipts signed before a rotation keep verifying)."""
    return {"keys": hall().service.receipts.keys()}
