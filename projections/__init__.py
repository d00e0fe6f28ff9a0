"""Read models built from events: per-seat hand views, the board view and the game index,
kept in Redis (``store`` is the only module that talks to it) and rebuilt from the event store
(``rebuild``) whenever Redis is empty or behind."""

from .audit import Auditor, stored_sources
from .projector import Projector, view_text
from .rebuild import catch_up, rebuild
from .store import UNAVAILABLE, Subscription, ViewStore, connect
from .views import seat_field, seat_view, summary

__all__ = ["Auditor", "stored_sources", "Projector", "view_text", "catch_up", "rebuild",
           "Subscription", "ViewStore", "connect", "UNAVAILABLE", "seat_field", "seat_view",
           "summary"]
