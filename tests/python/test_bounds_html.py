# Lower bounds against `schedcert bound`, and the HTML viewer against `schedcert render`.
import html
import re

import schedcert as sc

CASES = [("Q4", "single-port-full", "total-exchange", []),
         ("Q5", "all-port", "broadcast", []),
         ("C3xC3", "single-port-half", "multinode-broadcast", []),
         ("Q3", "shout-whisper", "successive-broadcast", ["--sources", "0", "1", "3", "2", "6", "7", "5", "4"])]


def cli_bounds(cli, net, model, problem, extra):
    out = cli("bound", "-n", net, "-m", model, "-p", problem, *extra).stdout
    steps = [int(x) for x in re.findall(r"^(?:steps)?\s+>= (\d+)", out, re.M)]
    tx = int(re.search(r"transmissions >= (\d+)", out).group(1))
    return steps, tx, out


def test_bounds_match_cli(cli):
    for net, model, problem, extra in CASES:
        sources = [int(x) for x in extra[1:]]
        b = sc.bounds(net, model, problem, sources=sources)
        steps, tx, out = cli_bounds(cli, net, model, problem, extra)
        assert b.steps.value == steps[0] and b.transmissions.value == tx
        assert "(" + b.steps.argument + ")" in out
        assert sorted(c.value for c in b.step_candidates) == sorted(steps)
    b = sc.bounds(sc.Network("Q4"), "all-port", sc.Problem("scatter", root=3))
    assert b.steps.value >= 4 and "<table>" in b._repr_html_()


def test_desprez_bound_from_alpha():
    assert sc.desprez_lower_bound(32, 22) == 41


def test_html_is_the_render_page(cli, tmp_path):
    s = sc.generate("sbt-broadcast", dim=3)
    f = tmp_path / "s.json"
    s.save(str(f))
    page = cli("render", f).stdout
    assert s.html() == page and "valid-marker" in page
    r = s._repr_html_()
    assert r.startswith("<iframe")
    srcdoc = re.search(r'srcdoc="([^"]*)"', r).group(1)
    assert html.unescape(srcdoc) == page
    v = sc.verify(s)
    assert "valid" in v._repr_html_()


def test_repr_html_of_large_schedules_degrades_to_text():
    big = sc.generate("sbt-broadcast", dim=13)  # 8192 nodes: above the viewer's 4096
    r = big._repr_html_()
    assert "no viewer" in r and "4096" in r
    te = sc.generate("bertsekas-te", dim=9)  # 1,179,648 transmissions: not embedded
    assert te._repr_html_() is None
