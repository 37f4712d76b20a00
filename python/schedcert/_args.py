"""Argument checks of the public functions (issue 29, item 9).

pybind11 answers an argument of the wrong type with a TypeError that dumps every signature of
the function, and a negative number given for an unsigned parameter the same way; the library's
own messages name the command line's options (`--dim`, `--allocation`). Here every public
function checks its arguments before the bindings see them and raises what Python itself would:

* TypeError("f(): name must be an int, not str") for a wrong type,
* ValueError("f(): name must be >= 0, got -2") for a value out of its range,

and `library_errors(f)` turns the library's InputError (a ValueError) into the same words with the
option names spelled as the Python keywords (`--packet-items` -> `packet_items`). A pybind11
TypeError that still gets through (a method not checked here) is shortened to one line listing
the arguments' types instead of the signature dump.
"""
import functools
import math
import numbers
import operator
import os
import re

from . import _schedcert

InputError = _schedcert.InputError  # a ValueError subclass: the library's own input errors

_FLAG = re.compile(r"(?<![\w-])--([a-z][a-z0-9-]*)")
_UINT32 = 2 ** 32 - 1
_INT32 = 2 ** 31 - 1


def python_words(message):
    """The library's message with `--option` spelled as the Python keyword `option`."""
    return _FLAG.sub(lambda m: m.group(1).replace("-", "_"), message)


def _type_name(value):
    return "None" if value is None else type(value).__name__


def integer(func, name, value, minimum=None, maximum=_INT32, none=False, hint=""):
    """value as an int; bool and float are refused (1.5 is not silently 1)."""
    if value is None and none:
        return None
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):  # numpy ints have it
        raise TypeError("%s(): %s must be an int%s, not %s"
                        % (func, name, " or None" if none else "", _type_name(value)))
    value = operator.index(value)
    if minimum is not None and value < minimum:
        raise ValueError("%s(): %s must be >= %d%s, got %d" % (func, name, minimum, hint, value))
    if maximum is not None and value > maximum:
        raise ValueError("%s(): %s must be <= %d%s, got %d" % (func, name, maximum, hint, value))
    return value


def unsigned(func, name, value, minimum=0, none=False, hint=""):
    return integer(func, name, value, minimum, _UINT32, none, hint)


def number(func, name, value, minimum=0.0, hint=""):
    """A finite float >= minimum (timeouts, intervals)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError("%s(): %s must be a number (seconds), not %s"
                        % (func, name, _type_name(value)))
    value = float(value)
    if math.isnan(value) or value < minimum:
        raise ValueError("%s(): %s must be >= %g%s, got %r" % (func, name, minimum, hint, value))
    return value


def boolean(func, name, value):
    if not isinstance(value, bool):
        raise TypeError("%s(): %s must be True or False, not %s" % (func, name, _type_name(value)))
    return value


def string(func, name, value, none=False, what="a str"):
    if value is None and none:
        return None
    if not isinstance(value, str):
        raise TypeError("%s(): %s must be %s%s, not %s"
                        % (func, name, what, " or None" if none else "", _type_name(value)))
    return value


def callback(func, name, value):
    if value is not None and not callable(value):
        raise TypeError("%s(): %s must be a callable or None, not %s"
                        % (func, name, _type_name(value)))
    return value


def node_list(func, name, value):
    """A list of node ids (sources)."""
    if value is None:
        return []
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise TypeError("%s(): %s must be a list of node ids, not %s"
                        % (func, name, _type_name(value)))
    return [unsigned(func, "%s[%d]" % (name, i), v) for i, v in enumerate(value)]


def path(func, name, value):
    """A file path: str or os.PathLike."""
    if not isinstance(value, (str, os.PathLike)):
        raise TypeError("%s(): %s must be a path (str or os.PathLike), not %s"
                        % (func, name, _type_name(value)))
    return os.fspath(value)


def instance(func, name, value, cls, what):
    if not isinstance(value, cls):
        raise TypeError("%s(): %s must be %s, not %s" % (func, name, what, _type_name(value)))
    return value


def _short_type_error(func, args, kwargs):
    given = ["%s" % _type_name(a) for a in args] + ["%s=%s" % (k, _type_name(v))
                                                   for k, v in kwargs.items()]
    return TypeError("%s(): incompatible argument types (%s); see help(%s)"
                     % (func, ", ".join(given), func))


def library_errors(func, prefix=False):
    """Decorator: the library's InputError in Python's words (option names as keywords; with
    prefix, 'func(): ' in front), and pybind11's signature dumps shortened."""
    def wrap(f):
        @functools.wraps(f)
        def call(*args, **kwargs):
            try:
                return f(*args, **kwargs)
            except InputError as e:
                text = python_words(str(e))
                raise InputError(("%s(): %s" % (func, text)) if prefix else text) from None
            except TypeError as e:
                text = str(e)
                if ("incompatible function arguments" in text
                        or "incompatible constructor arguments" in text):
                    raise _short_type_error(func, args, kwargs) from None
                raise
        return call
    return wrap
