"""Replay documents: build, per-viewer events, verification, export. Pure functions over
records and documents; the fair-draw function they re-derive is specified in README.md."""

from .document import FORMAT, FORMAT_VERSION, build_document
from .events import Reader, visible_events
from .export import CSV_COLUMNS, CSV_HEADER, to_csv_lines, to_csv_rows, to_ndjson_lines
from .fold import is_complete, rules_of, state_at
from .receipts import verify_with_receipts
from .steps import steps_of
from .verify import Verdict, verify_document

__all__ = ["FORMAT", "FORMAT_VERSION", "build_document", "visible_events", "Reader", "rules_of",
           "CSV_COLUMNS", "CSV_HEADER", "to_csv_rows", "to_csv_lines", "to_ndjson_lines",
           "is_complete", "state_at", "steps_of", "Verdict",
           "verify_document", "verify_with_receipts"]
