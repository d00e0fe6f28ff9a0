"""Checking the options a player asks for against the options a game offers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .canonical import json_equal
from .contract import OptionSpec
from .errors import BadOptions


def validate_options(specs: tuple[OptionSpec, ...],
                     given: Mapping[str, Any] | None) -> dict[str, Any]:
    """The complete options (defaults filled in), or BadOptions naming what is wrong."""
    given = dict(given or {})
    known = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise BadOptions(f"Unknown option {', '.join(unknown)}; this game offers "
                         f"{', '.join(sorted(known)) or 'no options'}.")
    return {name: _check(spec, given.get(name, spec.default)) for name, spec in known.items()}


def _check(spec: OptionSpec, value: Any) -> Any:
    if spec.kind == "bool":
        if not isinstance(value, bool):
            raise BadOptions(f"Option {spec.name} must be true or false.")
    elif spec.kind == "int":
        _check_int(spec, value)
    elif spec.kind == "choice":
        if not any(json_equal(value, choice) for choice in spec.choices):
            choices = ", ".join(map(str, spec.choices))
            raise BadOptions(f"Option {spec.name} must be one of {choices}.")
    elif spec.kind == "list":
        _check_list(spec, value)
    return value


def _check_int(spec: OptionSpec, value: Any) -> None:
    if value is None and spec.default is None:
        return  # an optional number, not set
    if not isinstance(value, int) or isinstance(value, bool):
        raise BadOptions(f"Option {spec.name} must be a whole number.")
    if spec.minimum is not None and value < spec.minimum:
        raise BadOptions(f"Option {spec.name} must be at least {spec.minimum}.")
    if spec.maximum is not None and value > spec.maximum:
        raise BadOptions(f"Option {spec.name} must be at most {spec.maximum}.")


def _check_list(spec: OptionSpec, value: Any) -> None:
    if value is None:
        return
    if not isinstance(value, list):
        raise BadOptions(f"Option {spec.name} must be a list.")
    strangers = [v for v in value if not any(json_equal(v, c) for c in spec.choices)]
    if strangers:
        raise BadOptions(f"Option {spec.name}: {', '.join(map(str, strangers))} not known.")
    if len(set(value)) != len(value):
        raise BadOptions(f"Option {spec.name} names an item twice.")
    if spec.minimum is not None and len(value) < spec.minimum:
        raise BadOptions(f"Option {spec.name} needs at least {spec.minimum} items.")
    if spec.maximum is not None and len(value) > spec.maximum:
        raise BadOptions(f"Option {spec.name} takes at most {spec.maximum} items.")
