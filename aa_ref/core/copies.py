"""A deep copy of a document's model, faster than pydantic's `model_copy(deep=True)` (speed only).

Pydantic's deep copy goes through `copy.deepcopy`, with its memo of every object met; a game's state is a tree
of models, dicts, lists and scalars, as read from YAML, so `deep_copy` walks that tree directly. Objects of any
other type are handed to `copy.deepcopy`. Shared objects inside the tree are copied once per place they occur
(as a model read from its file has them), so the copy never shares anything with the original.
"""

from __future__ import annotations

import copy
from typing import TypeVar

from pydantic import BaseModel
from pydantic_core import PydanticUndefined

T = TypeVar("T")

_ATOMS = frozenset({str, int, float, bool, type(None)})


def deep_copy(value: T) -> T:
    """A copy of `value` sharing no mutable part with it: models (their fields, the fields set, extra and private
    values), dicts, lists and tuples copied, scalars kept."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is dict:
        return _copied_dict(value)  # type: ignore[arg-type, return-value]
    if kind is list:
        return [item if type(item) in _ATOMS else deep_copy(item) for item in value]  # type: ignore[attr-defined, return-value]
    if kind is tuple:
        return tuple(deep_copy(item) for item in value)  # type: ignore[attr-defined, return-value]
    if isinstance(value, BaseModel):
        new = kind.__new__(kind)
        setattr_ = object.__setattr__
        setattr_(new, "__dict__", _copied_dict(value.__dict__))
        setattr_(new, "__pydantic_fields_set__", set(value.__pydantic_fields_set__))
        setattr_(new, "__pydantic_extra__", deep_copy(value.__pydantic_extra__))
        private = getattr(value, "__pydantic_private__", None)
        setattr_(new, "__pydantic_private__", None if private is None else
                 {key: deep_copy(item) for key, item in private.items() if item is not PydanticUndefined})
        return new
    return copy.deepcopy(value)


def _copied_dict(value: dict) -> dict:
    """A dict copied at C speed, then its values that are not scalars copied in turn."""
    new = value.copy()
    for key, item in value.items():
        if type(item) not in _ATOMS:
            new[key] = deep_copy(item)
    return new
