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
import html as _html
import json as _json

from ._schedcert import (  # noqa: F401  (re-exported)
    AlphaResult, Bound, LowerBounds, Network, Problem, Schedule, SynthesisResult, TreeAnswer,
    Unknown, Verdict, __version__, construction, constructions, desprez_lower_bound, generate,
    max_leaves_upper_bound, model_name, models, problems, search_alpha, search_tree, verify,
)
from . import _schedcert

__all__ = [
    "AlphaResult", "Bound", "LowerBounds", "Network", "Problem", "Schedule", "SweepResult",
    "SynthesisResult", "TreeAnswer", "Unknown", "Verdict", "bounds", "construction",
    "constructions", "desprez_lower_bound", "generate", "max_leaves_upper_bound", "model_name",
    "models", "problems", "search_alpha", "search_tree", "sweep", "synthesize", "verify",
]


def _network(n):
    return n if isinstance(n, Network) else Network(str(n))


def _problem(problem, root=0, messages=1, packet_items=1, sources=None):
    if isinstance(problem, Problem):
        return problem
    return Problem(str(problem), root=root, messages=messages, packet_items=packet_items,
                   sources=list(sources or []))


# ---- Schedule conveniences -------------------------------------------------------------------

def _to_dict(self):
    """The schedule file as a dict (json.loads of to_json(): the same format)."""
    return _json.loads(self.to_json())


def _from_dict(d, source="<dict>"):
    """A schedule from a dict in the file format, checked by the library's strict loader."""
    return Schedule.from_json(_json.dumps(d), source)


def _from_lists(network, model, problem, steps, root=0, messages=1, packet_items=1, sources=None):
    """A schedule from plain lists: steps[k] = [[from, to, item or [items]], ...] (step k + 1).

    Goes through the file loader, so the checks and messages are the JSON file's."""
    net = _network(network)
    p = _problem(problem, root, messages, packet_items, sources)
    prob = {"kind": p.kind}
    if p.has_root:
        prob["root"] = p.root
    if p.messages != 1:
        prob["messages"] = p.messages
    if p.packet_items != 1:
        prob["packet_items"] = p.packet_items
    if p.kind == "successive-broadcast":
        prob["sources"] = list(p.sources)
    d = {"format": "schedcert-schedule", "version": 1, "network": net.name,
         "model": model_name(model), "problem": prob,
         "steps": [[list(t) if not isinstance(t, list) else t for t in step] for step in steps]}
    return _from_dict(d, "<lists>")


_from_numpy_native = Schedule.from_numpy


def _from_numpy(network, model, problem, array, num_steps=None, root=0, messages=1,
                packet_items=1, sources=None):
    """A schedule from an int array (rows, 5): step (from 1), tx, from, to, item, as to_numpy
    writes it; rows of one tx form one packet. num_steps adds trailing empty steps."""
    return _from_numpy_native(_network(network), model_name(model),
                              _problem(problem, root, messages, packet_items, sources), array,
                              num_steps)


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
Schedule.from_dict = staticmethod(_from_dict)
Schedule.from_lists = staticmethod(_from_lists)
Schedule.from_numpy = staticmethod(_from_numpy)
Schedule.html = _html_page
Schedule._repr_html_ = _schedule_repr_html
Schedule.__eq__ = lambda a, b: isinstance(b, Schedule) and a.to_json() == b.to_json()
Schedule.__hash__ = None


# ---- bounds, synthesis, sweep ----------------------------------------------------------------

def bounds(network, model, problem, root=0, messages=1, packet_items=1, sources=None,
           leaves=None, leaves_argument=""):
    """Lower bounds on steps and transmissions (`schedcert bound`), each with its argument.

    leaves: a proven upper bound on the leaves of a spanning tree (e.g. search_alpha's), used by
    the arguments that need one, named by leaves_argument. Without it, the certified alpha(d) is
    used where schedcert knows it (Q_d, d <= 5, exclusive models), as `schedcert bound` does."""
    return _schedcert._lower_bounds(_network(network), model,
                                    _problem(problem, root, messages, packet_items, sources),
                                    leaves, leaves_argument)


def _lower_bounds_repr_html(self):
    rows = "".join("<tr><td>steps &ge; %d</td><td>%s</td></tr>" % (c.value, _html.escape(c.argument))
                   for c in self.step_candidates)
    return ("<table><tr><th>bound</th><th>argument</th></tr>%s<tr><td>transmissions &ge; %d</td>"
            "<td>%s</td></tr></table>" % (rows, self.transmissions.value,
                                          _html.escape(self.transmissions.argument)))


LowerBounds._repr_html_ = _lower_bounds_repr_html


def synthesize(network, model, problem, steps=0, max_steps=0, root=0, messages=1, sources=None,
               allocation=None, timeout=600.0, engine="auto", symmetry=True, skip=(), progress=None):
    """Bounded synthesis (`schedcert synthesize`): steps > 0 decides that T; otherwise the least T
    from the computed lower bound (up to max_steps, default bound + 64), with the certificate
    that T - 1 is impossible. Status 'found', 'impossible' or 'unknown' (never an optimum then).
    skip: pipeline phases to leave out, as `synthesize --no-<name>`: "cayley", "routes",
    "bounds" (the walk then starts at T = 0), "slack", "counts"; issue 19's exact mode is
    skip=("cayley", "bounds", "slack")."""
    if isinstance(skip, str):
        skip = (skip,)
    return _schedcert._synthesize(_network(network), model,
                                  _problem(problem, root, messages, 1, sources), steps, max_steps,
                                  timeout, engine, symmetry, allocation or "", list(skip), progress)


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
