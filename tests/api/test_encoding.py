"""The answers' JSON (orjson through Flask's provider) reads as the standard library's did."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, date, datetime
from decimal import Decimal
from uuid import UUID

from flask import Flask
from flask.json.provider import DefaultJSONProvider

from api.encoding import OrjsonProvider


@dataclass
class Seat:
    seat: int
    name: str


VALUES = [
    {"b": 1, "a": {"d": [1, 2.5, None, True], "c": "Ærøskøbing 東京 🎲"}},
    {3: "int keys", 1: "become strings"},
    {"big": 2**70, "negative": -(2**65)},
    {"lone surrogate": "\ud800"},
    {"when": datetime(2026, 11, 25, 15, 0, tzinfo=UTC), "day": date(2026, 11, 25)},
    {"id": UUID(int=7), "seat": Seat(1, "bob"), "price": Decimal("1.50")},
]


def test_every_answer_reads_as_the_standard_librarys_encoding_of_it():
    app = Flask(__name__)
    fast, standard = OrjsonProvider(app), DefaultJSONProvider(app)
    for value in VALUES:
        assert json.loads(fast.dumps(value)) == json.loads(standard.dumps(value)), value


def test_an_answers_keys_are_sorted_and_its_json_compact():
    app = Flask(__name__)
    with app.app_context():
        body = OrjsonProvider(app).response({"b": [1, 2], "a": {"z": 1, "y": 2}}).get_data()
    assert body == b'{"a":{"y":2,"z":1},"b":[1,2]}\n'
