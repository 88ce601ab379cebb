"""A small language for declaring plain-data messages: types, fields, maps of fields, and maps
told apart by a tag. A declaration checks a value (listing what is wrong with it, by path)
and names itself for the generated reference (see spec.py for the protocol's declarations).
"""
from dataclasses import dataclass, field, make_dataclass, replace
from functools import cached_property


@dataclass(frozen=True)
class Type:
    """A value's type: its name in the reference, and the test a value must pass."""
    name: str
    test: object

    @property
    def type_name(self) -> str:
        return self.name

    def problems(self, value, path: str) -> list[str]:
        return [] if self.test(value) else [f"{path} must be {self.name}"]


def nullable(t) -> Type:
    return Type(f"{t.name} or null", lambda v: v is None or not t.problems(v, ""))


def one_of(*values: str) -> Type:
    return Type(" or ".join(f"`{v}`" for v in values), lambda v: v in values)


def list_of(t) -> Type:
    return Type(f"a list of {t.name}", lambda v: type(v) is list and not any(t.problems(x, "") for x in v))


@dataclass(frozen=True)
class Field:
    name: str
    type: object                 # a Type or a Shape
    doc: str = ""
    optional: bool = False       # may be left out


@dataclass(frozen=True)
class Shape:
    """A map with declared fields: anything undeclared, missing or of the wrong type is a problem."""
    name: str
    fields: tuple
    doc: str = ""
    who: str = ""                # who sends or receives it

    @cached_property
    def declared(self) -> frozenset:
        """The field names, to tell undeclared keys (built once per shape)."""
        return frozenset(f.name for f in self.fields)

    @property
    def noun(self) -> str:
        return f"{self.name} map"

    @property
    def type_name(self) -> str:
        return _a(self.noun)

    def problems(self, value, path: str = "") -> list[str]:
        path = path or self.name
        if type(value) is not dict:
            return [f"{path} must be {self.type_name}"]
        found = []
        for key in value:
            if key not in self.declared:
                found.append(f"unexpected field {str(key)[:40]!r} in {path}")
        for f in self.fields:
            if f.name not in value:
                if not f.optional:
                    found.append(f"{path} needs {f.name!r}")
            else:
                found += f.type.problems(value[f.name], f"{path}.{f.name}")
        return found

    def record(self, name: str, module: str, leave_out: tuple = ()) -> type:
        """A frozen class ``module.name`` with these fields (but ``leave_out``), given by name; an
        optional one defaults to None. The client's typed messages (views.py, sent.py)."""
        fields = [(f.name, object, field(default=None)) if f.optional else (f.name, object)
                  for f in self.fields if f.name not in leave_out]
        cls = make_dataclass(name, fields, frozen=True, slots=True, kw_only=True)
        cls.__module__ = module
        cls.__doc__ = f"A {self.name} (spec.py): {', '.join(name for name, *_ in fields) or 'no fields'}."
        return cls

    def partial(self, name: str) -> "Shape":
        """The same map with every field optional (an update's `table`: only what changed)."""
        return replace(self, name=name, fields=tuple(replace(f, optional=True) for f in self.fields))


class Tagged:
    """A map whose ``tag`` field says which of several shapes it is (events by type, actions by kind)."""

    def __init__(self, name: str, tag: str, shapes: dict):
        self.name, self.tag, self.shapes = name, tag, shapes
        self.noun = f"{name} map"
        self.type_name = _a(self.noun)

    def problems(self, value, path: str) -> list[str]:
        tag = value.get(self.tag) if type(value) is dict else None
        shape = self.shapes.get(tag) if type(tag) is str else None      # (a list or a map as the tag: no key)
        if shape is None:
            return [f"{path} must be {self.type_name} with a known {self.tag}"]
        return shape.problems(value, path)


def _a(noun: str) -> str:
    return f"an {noun}" if noun[0] in "aeiou" else f"a {noun}"


def list_of_shape(shape) -> Type:
    return Type(f"a list of {shape.noun}s",
                lambda v: type(v) is list and not any(shape.problems(x, "") for x in v))
