"""The answers' JSON: Flask's JSON provider with orjson doing the encoding.

Flask's default provider encodes with the standard library, which cost about a tenth of the
server's CPU under load (a move's answer carries the mover's whole view). orjson writes the
same JSON values, keys sorted as Flask sorts them; what it does not encode itself (dates,
dataclasses, whatever else Flask's ``default`` knows) goes to Flask's ``default``, and a value
orjson refuses outright (an integer beyond 64 bits, a string that is not valid Unicode) is
encoded by the standard library, as before.
"""

from __future__ import annotations

from typing import Any

import orjson
from flask.json.provider import DefaultJSONProvider
from werkzeug.sansio.response import Response

OPTIONS = (orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME
           | orjson.OPT_PASSTHROUGH_DATACLASS)


class OrjsonProvider(DefaultJSONProvider):
    """Compact, sorted JSON from orjson (indented by the standard library in debug mode)."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        if kwargs:  # indentation or separators asked for: the standard library's own output
            return super().dumps(obj, **kwargs)
        try:
            return orjson.dumps(obj, default=self.default, option=OPTIONS).decode()
        except TypeError:
            return super().dumps(obj)

    def response(self, *args: Any, **kwargs: Any) -> Response:
        if self.compact is False or (self.compact is None and self._app.debug):
            return super().response(*args, **kwargs)
        body = self.dumps(self._prepare_response_obj(args, kwargs))
        response: Response = self._app.response_class(f"{body}\n", mimetype=self.mimetype)
        return response
