"""schedcert: communication schedules on hypercubes, tori and product networks.

The Python face of the library the `schedcert` command line links (pybind11 bindings in
python/*.cpp): every answer comes from the same C++ code. This file only adds conveniences:
names accepted as strings, dict/list/numpy conversions, and the Jupyter HTML views.

    import schedcert as sc
    s = sc.generate("sbt-broadcast", dim=4)
    sc.verify(s)                  # <Verdict valid (native)>

Long calls (verify with engine="smt", synthesize, search_alpha, search_tree, sweep) release the
GIL, stop cleanly on Ctrl-C (KeyboardInterrupt) and call `progress(info)` about once a second
when given (info: elapsed, phase, ...); an exception raised by progress stops the search too.
"""
import errno as _errno
import html as _html
import json as _json
import os as _os
import re as _re

from ._schedcert import (  # noqa: F401  (re-exported)
    AlphaResult, Bound, InputError, LowerBounds, Network, Problem, Schedule, SynthesisResult,
    TreeAnswer, Unknown, Verdict, __version__, constructions, models, problems,
)
from . import _schedcert
from . import _args as _a

__all__ = [
    "AlphaResult", "Bound", "InputError", "LowerBounds", "Network", "Problem", "Schedule",
    "SweepResult", "SynthesisResult", "TreeAnswer", "Unknown", "Verdict", "bounds", "construction",
    "constructions", "desprez_lower_bound", "generate", "load", "max_leaves_upper_bound",
    "model_name", "models", "problems", "search_alpha", "search_tree", "sweep", "synthesize",
    "verify",
]

# Every public function checks its arguments here (python/schedcert/_args.py): a wrong type is a
# TypeError, a value out of range a ValueError, both naming the function and the argument in
# Python's words; the library's own input errors (schedcert.InputError, a ValueError) name the
# Python keywords instead of the CLI's options.


def _network(func, n, name="network"):
    if isinstance(n, Network):
        return n
    return Network(_a.string(func, name, n, what="a Network or a network spec such as 'Q4'"))


def _model(func, model):
    return _a.string(func, "model", model, what="a model name such as 'all-port'")


def _problem(func, problem, root=0, messages=1, packet_items=1, sources=None):
    if isinstance(problem, Problem):
        return problem
    _a.string(func, "problem", problem, what="a Problem or a problem name such as 'broadcast'")
    return Problem(problem, root=_a.unsigned(func, "root", root),
                   messages=_a.unsigned(func, "messages", messages, 1),
                   packet_items=_a.unsigned(func, "packet_items", packet_items, 1),
                   sources=_a.node_list(func, "sources", sources))


_network_init = Network.__init__


def _network_init_checked(self, spec):
    _network_init(self, _a.string("Network", "spec", spec,
                                  what="a network spec such as 'Q4', 'C5' or 'C3xC3'"))


Network.__init__ = _network_init_checked
for _m in ("neighbours", "distance", "adjacent", "degree", "eccentricity"):
    setattr(Network, _m, _a.library_errors("Network." + _m)(getattr(Network, _m)))

_problem_init = Problem.__init__


def _problem_init_checked(self, kind, root=0, messages=1, packet_items=1, sources=()):
    f = "Problem"
    _problem_init(self, _a.string(f, "kind", kind, what="a problem name such as 'broadcast'"),
                  root=_a.unsigned(f, "root", root),
                  messages=_a.unsigned(f, "messages", messages, 1),
                  packet_items=_a.unsigned(f, "packet_items", packet_items, 1),
                  sources=_a.node_list(f, "sources", sources))


Problem.__init__ = _problem_init_checked


@_a.library_errors("model_name")
def model_name(name):
    """The canonical name of a model (ValueError listing the valid names)."""
    return _schedcert.model_name(_a.string("model_name", "name", name))


@_a.library_errors("construction")
def construction(name):
    """A registered construction's metadata (paper, section, problem, models, parameters)."""
    return _schedcert.construction(
        _a.string("construction", "name", name, what="a construction name (see constructions())"))


@_a.library_errors("generate")
def generate(name, dim=None, radix=0, network="", model=None, root=0, messages=1, packet_items=1,
             variant="", root_only=False):
    """A construction's schedule (`schedcert generate`); dim is required by every construction
    (its range: construction(name)["min_dim"], ["max_dim"]). root_only: the root-0 schedule of a
    translated multinode construction (for verify(engine="symmetric"))."""
    f = "generate"
    c = construction(_a.string(f, "name", name, what="a construction name (see constructions())"))
    dim = _a.integer(f, "dim", dim, none=True)
    if dim is None:
        raise ValueError("%s(): construction %s needs dim, an int in [%d, %d]"
                         % (f, name, c["min_dim"], c["max_dim"]))
    if dim < c["min_dim"]:
        raise ValueError("%s(): dim must be in [%d, %d] for construction %s, got %d"
                         % (f, c["min_dim"], c["max_dim"], name, dim))
    if isinstance(network, Network):
        network = network.name
    return _schedcert.generate(
        name, dim, _a.integer(f, "radix", radix, 0),
        _a.string(f, "network", network, what="a network spec"),
        _a.string(f, "model", model, none=True), _a.unsigned(f, "root", root),
        _a.unsigned(f, "messages", messages, 1), _a.unsigned(f, "packet_items", packet_items, 1),
        _a.string(f, "variant", variant), _a.boolean(f, "root_only", root_only))


def load(path):
    """The schedule in a file (docs/schedule-format.md), read by the library's strict loader.
    FileNotFoundError when there is no such file; ValueError naming the line, column and field
    of the first error in it."""
    p = _a.path("load", "path", path)
    if not _os.path.exists(p):
        raise FileNotFoundError(_errno.ENOENT, "no such schedule file", p)
    return _load_native(p)


_load_native = Schedule.load
_save_native = Schedule.save


def _save(self, path):
    """Writes the file atomically, as `schedcert generate -o` does."""
    _save_native(self, _a.path("save", "path", path))


@_a.library_errors("verify")
def verify(schedule, engine="native", timeout=60.0, progress=None):
    """Checks a schedule: engine "native" (the native verifier), "smt" (Z3; status "unknown"
    when Z3 gives up), "symmetric" (the schedule is a root-0 schedule; the verdict is on its
    translate to every root). schedule: a Schedule, or the path of a schedule file (str or
    os.PathLike), which is loaded first as load(path) does (as `schedcert verify FILE`)."""
    f = "verify"
    if isinstance(schedule, (str, _os.PathLike)):
        schedule = load(schedule)
    _a.instance(f, "schedule", schedule, Schedule,
                "a Schedule (from generate(), load(path), Schedule.from_json(), ...) or a path")
    return _schedcert.verify(schedule, _a.string(f, "engine", engine),
                             _a.number(f, "timeout", timeout), _a.callback(f, "progress", progress))


# ---- Schedule conveniences -------------------------------------------------------------------

def _to_dict(self):
    """The schedule file as a dict (json.loads of to_json(): the same format)."""
    return _json.loads(self.to_json())


_POSITION = _re.compile(r"^<(dict|lists)>:\d+:\d+: ")


def _from_dict(d, source="<dict>"):
    """A schedule from a dict in the file format, checked by the library's strict loader."""
    func = "from_lists" if source == "<lists>" else "from_dict"
    _a.instance(func, "d", d, dict, "a dict in the schedule file format")
    try:
        text = _json.dumps(d)
    except TypeError as e:
        raise TypeError("%s(): %s" % (func, e)) from None
    try:
        return Schedule.from_json(text, source)
    except InputError as e:
        # the columns of the JSON text made here mean nothing to the caller: the field path does
        raise InputError(_POSITION.sub(func + "(): ", _a.python_words(str(e)))) from None


def _from_dict_public(d):
    """A schedule from a dict in the file format, checked by the library's strict loader."""
    return _from_dict(d)


def _transmission(func, where, t):
    if isinstance(t, (str, bytes, dict)) or not hasattr(t, "__len__"):
        raise TypeError("%s(): %s must be [from, to, item] or [from, to, [items]], not %s"
                        % (func, where, type(t).__name__))
    if len(t) != 3:
        raise ValueError("%s(): %s must be [from, to, item] or [from, to, [items]]; it has %d "
                         "elements" % (func, where, len(t)))
    a = _a.integer(func, where + "[0]", t[0], None, None)
    b = _a.integer(func, where + "[1]", t[1], None, None)
    p = t[2]
    if hasattr(p, "__len__") and not isinstance(p, (str, bytes)):
        p = [_a.integer(func, "%s[2][%d]" % (where, i), x, None, None) for i, x in enumerate(p)]
    else:
        p = _a.integer(func, where + "[2]", p, None, None)
    return [a, b, p]


def _from_lists(network, model, problem, steps, root=0, messages=1, packet_items=1, sources=None):
    """A schedule from plain lists: steps[k] = [[from, to, item or [items]], ...] (step k + 1).

    Goes through the file loader, so the checks are the JSON file's; an error names the place
    as steps[k][j][f] (Python indices)."""
    f = "from_lists"
    net = _network(f, network)
    p = _problem(f, problem, root, messages, packet_items, sources)
    prob = {"kind": p.kind}
    if p.has_root:
        prob["root"] = p.root
    if p.messages != 1:
        prob["messages"] = p.messages
    if p.packet_items != 1:
        prob["packet_items"] = p.packet_items
    if p.kind == "successive-broadcast":
        prob["sources"] = list(p.sources)
    if isinstance(steps, (str, bytes, dict)) or not hasattr(steps, "__len__"):
        raise TypeError("%s(): steps must be a list of steps, not %s" % (f, type(steps).__name__))
    out = []
    for k, step in enumerate(steps):
        if isinstance(step, (str, bytes, dict)) or not hasattr(step, "__len__"):
            raise TypeError("%s(): steps[%d] must be a list of transmissions, not %s"
                            % (f, k, type(step).__name__))
        out.append([_transmission(f, "steps[%d][%d]" % (k, j), t) for j, t in enumerate(step)])
    d = {"format": "schedcert-schedule", "version": 1, "network": net.name,
         "model": model_name(_model(f, model)), "problem": prob, "steps": out}
    return _from_dict(d, "<lists>")


_from_numpy_native = Schedule.from_numpy


@_a.library_errors("from_numpy")
def _from_numpy(network, model, problem, array, num_steps=None, root=0, messages=1,
                packet_items=1, sources=None):
    """A schedule from an int array (rows, 5): step (from 1), tx, from, to, item, as to_numpy
    writes it; rows of one tx form one packet. num_steps adds trailing empty steps. The array
    must hold integers: floats are refused (TypeError), not truncated."""
    import numpy as np
    f = "from_numpy"
    a = np.asarray(array)
    if a.size > 0 and a.dtype.kind not in "iu":
        raise TypeError("%s(): array must hold integers (dtype int64, as to_numpy() writes), not "
                        "dtype %s; whole numbers convert with array.astype(numpy.int64)"
                        % (f, a.dtype))
    if a.size == 0 and a.dtype.kind not in "iuf":
        raise TypeError("%s(): array must hold integers, not dtype %s" % (f, a.dtype))
    return _from_numpy_native(_network(f, network), model_name(_model(f, model)),
                              _problem(f, problem, root, messages, packet_items, sources),
                              a.astype(np.int64, copy=False),
                              _a.unsigned(f, "num_steps", num_steps, none=True))


def _html_page(self):
    """The page `schedcert render` writes for this schedule (native verdict embedded)."""
    return _schedcert._html(self)


# Above this many transmissions a notebook shows the text repr instead of embedding the viewer
# (the page holds every transmission); Schedule.html() still gives the page.
HTML_INLINE_LIMIT = 100000


def _schedule_repr_html(self):
    # The viewer is a whole page with its own script and style: an iframe keeps it apart from the
    # notebook's page (srcdoc holds exactly html()).
    if self.num_transmissions > HTML_INLINE_LIMIT:
        return None
    try:
        page = self.html()
    except ValueError as e:  # e.g. a network above the viewer's 4096 nodes
        return "<div>%s<br>(no viewer: %s)</div>" % (_html.escape(repr(self)), _html.escape(str(e)))
    return ('<iframe style="width:100%;height:620px;border:0" sandbox="allow-scripts" srcdoc="'
            + _html.escape(page, quote=True) + '"></iframe>')


Schedule.to_dict = _to_dict
Schedule.from_dict = staticmethod(_from_dict_public)
Schedule.load = staticmethod(load)
Schedule.save = _save
Schedule.from_lists = staticmethod(_from_lists)
Schedule.from_numpy = staticmethod(_from_numpy)
Schedule.html = _html_page
Schedule._repr_html_ = _schedule_repr_html
Schedule.__eq__ = lambda a, b: isinstance(b, Schedule) and a.to_json() == b.to_json()
Schedule.__hash__ = None


# ---- bounds, synthesis, sweep ----------------------------------------------------------------

@_a.library_errors("bounds")
def bounds(network, model, problem, root=0, messages=1, packet_items=1, sources=None,
           leaves=None, leaves_argument=""):
    """Lower bounds on steps and transmissions (`schedcert bound`), each with its argument.

    leaves: a proven upper bound on the leaves of a spanning tree (e.g. search_alpha's), used by
    the arguments that need one, named by leaves_argument. Without it, the certified alpha(d) is
    used where schedcert knows it (Q_d, d <= 5, exclusive models), as `schedcert bound` does."""
    f = "bounds"
    return _schedcert._lower_bounds(_network(f, network), _model(f, model),
                                    _problem(f, problem, root, messages, packet_items, sources),
                                    _a.integer(f, "leaves", leaves, 0, None, none=True),
                                    _a.string(f, "leaves_argument", leaves_argument))


def _lower_bounds_repr_html(self):
    rows = "".join("<tr><td>steps &ge; %d</td><td>%s</td></tr>" % (c.value, _html.escape(c.argument))
                   for c in self.step_candidates)
    return ("<table><tr><th>bound</th><th>argument</th></tr>%s<tr><td>transmissions &ge; %d</td>"
            "<td>%s</td></tr></table>" % (rows, self.transmissions.value,
                                          _html.escape(self.transmissions.argument)))


LowerBounds._repr_html_ = _lower_bounds_repr_html


@_a.library_errors("synthesize")
def synthesize(network, model, problem, steps=0, max_steps=0, root=0, messages=1, sources=None,
               allocation=None, timeout=600.0, engine="auto", symmetry=True, skip=(), progress=None):
    """Bounded synthesis (`schedcert synthesize`): steps > 0 decides that T; otherwise the least T
    from the computed lower bound (up to max_steps, default bound + 64), with the certificate
    that T - 1 is impossible. Status 'found', 'impossible' or 'unknown' (never an optimum then).
    allocation ("free" or "gray") or sources (a list of nodes): only for successive-broadcast,
    which needs exactly one of them.
    skip: pipeline phases to leave out, as `synthesize --no-<name>`: "cayley", "routes",
    "bounds" (the walk then starts at T = 0), "slack", "counts"; issue 19's exact mode is
    skip=("cayley", "bounds", "slack")."""
    f = "synthesize"
    steps = _a.unsigned(f, "steps", steps, hint=" (0: the least T from the lower bound)")
    max_steps = _a.unsigned(f, "max_steps", max_steps, hint=" (0: the lower bound + 64)")
    allocation = _a.string(f, "allocation", allocation, none=True, what="'free' or 'gray'")
    if allocation not in (None, "", "free", "gray"):
        raise ValueError("%s(): allocation must be 'free', 'gray' or None, got %r"
                         % (f, allocation))
    srcs = _a.node_list(f, "sources", sources)
    p = _problem(f, problem, root, messages, 1, srcs)
    if p.kind == "successive-broadcast":
        if bool(allocation) == bool(p.sources):
            raise ValueError("%s(): successive-broadcast needs exactly one of allocation='free', "
                             "allocation='gray' or sources=[...]" % f)
    elif allocation or p.sources:
        raise ValueError("%s(): allocation and sources are only for problem "
                         "'successive-broadcast', not %r" % (f, p.kind))
    if isinstance(skip, str):
        skip = (skip,)
    skip = [_a.string(f, "skip[%d]" % i, x, what="a phase name") for i, x in
            enumerate(_a.instance(f, "skip", skip, (list, tuple, set, frozenset),
                                  "a phase name or a list of them"))]
    return _schedcert._synthesize(_network(f, network), _model(f, model), p, steps, max_steps,
                                  _a.number(f, "timeout", timeout), _a.string(f, "engine", engine),
                                  _a.boolean(f, "symmetry", symmetry), allocation or "", skip,
                                  _a.callback(f, "progress", progress))


@_a.library_errors("search_alpha")
def search_alpha(d, timeout=60.0, engine="cadical", symmetry=1, check_proof=True, probe=0,
                 cert_dir="", progress=None):
    """alpha(d), the most leaves of a spanning tree of Q_d, certified (`schedcert search
    alpha`)."""
    f = "search_alpha"
    return _schedcert.search_alpha(
        _a.integer(f, "d", d, 1), _a.number(f, "timeout", timeout), _a.string(f, "engine", engine),
        _a.integer(f, "symmetry", symmetry, 0, 2), _a.boolean(f, "check_proof", check_proof),
        _a.unsigned(f, "probe", probe), _a.path(f, "cert_dir", cert_dir),
        _a.callback(f, "progress", progress))


@_a.library_errors("search_tree")
def search_tree(network, root=0, objective="max-leaves", max_height=None, max_subtree=None,
                min_leaves=None, timeout=60.0, symmetry=True, progress=None):
    """A spanning tree with an objective (max-leaves, balanced, min-height) and constraints, with
    a certificate (`schedcert search tree`)."""
    f = "search_tree"
    net = _network(f, network)
    return _schedcert.search_tree(
        net.name, _a.unsigned(f, "root", root), _a.string(f, "objective", objective),
        _a.unsigned(f, "max_height", max_height, none=True),
        _a.unsigned(f, "max_subtree", max_subtree, none=True),
        _a.unsigned(f, "min_leaves", min_leaves, none=True), _a.number(f, "timeout", timeout),
        _a.boolean(f, "symmetry", symmetry), _a.callback(f, "progress", progress))


@_a.library_errors("desprez_lower_bound")
def desprez_lower_bound(p, alpha):
    """Desprez et al. 1993 Prop. 2: 2p - alpha - 1 steps for p successive broadcasts."""
    f = "desprez_lower_bound"
    return _schedcert.desprez_lower_bound(_a.integer(f, "p", p, 0, None),
                                          _a.integer(f, "alpha", alpha, 0, None))


@_a.library_errors("max_leaves_upper_bound")
def max_leaves_upper_bound(network):
    """An upper bound on the leaves of a spanning tree of the network."""
    return _schedcert.max_leaves_upper_bound(_network("max_leaves_upper_bound", network))


def _synth_repr_html(self):
    s = "<b>%s</b>" % _html.escape(self.status)
    if self.optimum is not None:
        s += ": optimum %d steps" % self.optimum
    if self.certificate:
        s += "<br>certificate: " + _html.escape(self.certificate)
    if self.schedule is not None:
        s += "<br>" + self.schedule._repr_html_()
    return "<div>" + s + "</div>"


SynthesisResult._repr_html_ = _synth_repr_html


def _alpha_repr_html(self):
    head = ("alpha(%d) = <b>%d</b> (certified)" % (self.d, self.alpha) if self.alpha is not None
            else "alpha(%d) in [%d, %d] (gap: time budget reached)" % (self.d, self.lower, self.upper))
    return ("<div>%s; Desprez et al. 1993 Prop. 2: successive broadcasts on Q%d take &ge; %d steps"
            "<br><small>%s</small></div>" % (head, self.d, self.desprez_bound,
                                             _html.escape(self.certificate)))


def _tree_repr_html(self):
    return ("<div>%s on %s (root %d): <b>%s</b>, %d..%d<br><small>%s</small></div>"
            % (_html.escape(self.objective), _html.escape(self.network), self.root,
               _html.escape(self.status), self.lower, self.upper, _html.escape(self.certificate)))


AlphaResult._repr_html_ = _alpha_repr_html
TreeAnswer._repr_html_ = _tree_repr_html


class SweepResult:
    """The optimality sweep's rows (`schedcert sweep --format json`: the same JSON)."""

    def __init__(self, text, exit_code):
        self.json = text
        self.exit_code = exit_code
        data = _json.loads(text)
        self.rows = data["rows"]
        self.summary = data["summary"]

    def __repr__(self):
        return "<SweepResult %d rows: %s>" % (len(self.rows), self.summary)

    def _repr_html_(self):
        head = "<tr>" + "".join("<th>%s</th>" % h for h in
                                ("network", "model", "problem", "source", "steps", "bound",
                                 "verdict")) + "</tr>"
        body = "".join(
            "<tr>" + "".join("<td>%s</td>" % _html.escape(str(r.get(k))) for k in
                             ("network", "model", "problem", "source", "steps", "lower_bound",
                              "verdict")) + "</tr>" for r in self.rows)
        return "<table>%s%s</table>" % (head, body)


def sweep(networks=("Q2", "Q3", "Q4", "C3xC3"), problems=(), models=(), timeout=60.0,
          max_extra=8, out_dir="", progress=None):
    """The optimality sweep (`schedcert sweep`): every network x model x problem asked for
    (problems/models empty: all of them). progress(info) gets rows_done, current and last."""
    text, code = _schedcert._sweep(list(networks), list(problems), list(models), timeout,
                                   max_extra, out_dir, progress)
    return SweepResult(text, code)
