# synthesize, search_alpha, search_tree and the sweep: the same answers as the CLI (and the
# papers' numbers), with unknowns reported as such.
import json
import os
import re

import pytest

import schedcert as sc


def test_synthesize_small_broadcasts(cli):
    r = sc.synthesize("Q3", "all-port", "broadcast")
    assert r.status == "found" and r.optimum == 3 and r.lower_bound == 3
    assert "impossible" in r.certificate or "counting" in r.certificate
    assert sc.verify(r.schedule).valid and r.schedule.num_steps == 3
    r2 = sc.synthesize("Q2", "single-port-full", "broadcast")
    out = cli("synthesize", "-n", "Q2", "-m", "single-port-full", "-p", "broadcast", "-q").stdout
    assert r2.optimum == int(re.search(r"optimum: (\d+) steps", out).group(1)) == 2
    r3 = sc.synthesize("Q3", "all-port", "broadcast", steps=2)
    assert r3.status == "impossible" and r3.steps == 2 and r3.schedule is None
    # successive broadcasts with the Gray-code allocation of Desprez et al. 1993
    r4 = sc.synthesize("Q2", "shout-whisper", "successive-broadcast", allocation="gray")
    assert r4.status == "found" and sc.verify(r4.schedule).valid


def test_synthesize_routes_as_the_cli(cli):
    # free allocation: the exact successive-broadcast encoding, the same optimum as the CLI's
    r = sc.synthesize("Q2", "shout-whisper", "successive-broadcast", allocation="free")
    out = cli("synthesize", "-n", "Q2", "-m", "shout-whisper", "-p", "successive-broadcast",
              "--allocation", "free", "-q").stdout
    assert r.optimum == int(re.search(r"optimum: (\d+) steps", out).group(1))
    assert "lower bound %d (%s)" % (r.lower_bound, r.lower_bound_argument) in out
    # the same input refused, the CLI naming its options and Python its keywords (issue 29)
    err = cli("synthesize", "-n", "Q2", "-p", "broadcast", "--allocation", "free").stderr
    assert "--allocation/--sources: only for --problem successive-broadcast" in err
    with pytest.raises(ValueError) as e:
        sc.synthesize("Q2", "all-port", "broadcast", allocation="free")
    assert str(e.value) == ("synthesize(): allocation and sources are only for problem "
                            "'successive-broadcast', not 'broadcast'")


def test_synthesize_skips_phases_as_the_cli(cli):
    # issue 19's exact mode: the tight C4xC4 total exchange at T = 8 (512 hops on 64 links x 8
    # steps, Bertsekas et al. 1991's hop count), found on balanced routes, as the CLI finds it
    r = sc.synthesize("C4xC4", "all-port", "total-exchange", steps=8, engine="cadical",
                      skip=("cayley", "bounds", "slack"))
    out = cli("synthesize", "-n", "C4xC4", "-p", "total-exchange", "--steps", 8, "--engine",
              "cadical", "--no-cayley", "--no-bounds", "--no-slack", "-q").stdout
    assert r.status == "found" and "T = 8: found" in out
    assert sc.verify(r.schedule).valid and r.schedule.num_transmissions == 512
    # without bounds the walk starts at T = 0: T = 1 is refuted by the query, T = 2 found
    w = sc.synthesize("C4", "all-port", "total-exchange", skip="bounds")
    assert w.optimum == 2 and w.certificate.startswith("UNSAT of query")
    # the same input errors, in the same words
    with pytest.raises(ValueError) as e:
        sc.synthesize("Q2", "all-port", "broadcast", skip=["cayleigh"])
    assert "'cayleigh' is not a phase" in str(e.value)
    err = cli("synthesize", "-n", "Q2", "-p", "successive-broadcast", "--allocation", "gray",
              "--no-routes").stderr
    with pytest.raises(ValueError) as e:
        sc.synthesize("Q2", "all-port", "successive-broadcast", allocation="gray", skip=["routes"])
    assert str(e.value) in err


def test_search_alpha_matches_cli_and_desprez(cli):
    for d in (4, 5):
        r = sc.search_alpha(d)
        out = cli("search", "alpha", "--dim", d, "--quiet").stdout
        assert r.alpha == int(re.search(r"\): (\d+) \(certified exact\)", out).group(1))
        assert r.status == "exact" and r.proof_checked
        assert r.desprez_bound == int(re.search(r"at least (\d+) steps", out).group(1))
    r5 = sc.search_alpha(5)
    assert r5.alpha == 22  # docs/alpha.md, docs/desprez1993.md: alpha(5) = 22, Prop. 2 bound 41
    assert "alpha(5) = <b>22</b>" in r5._repr_html_() and "41" in r5._repr_html_()


def test_search_tree_max_leaves():
    a = sc.search_tree("Q4", objective="max-leaves")
    assert a.status == "optimal" and a.lower == a.upper == sc.search_alpha(4).alpha
    assert a.parent[0] is None and len(a.parent) == 16
    assert a.metrics["leaves"] == a.lower
    assert "optimal" in a._repr_html_()


def test_sweep_small_matches_cli(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TMPDIR", str(tmp_path))  # SHORTER witnesses: $TMPDIR/schedcert-sweep-*
    r = sc.sweep(networks=["Q2"], problems=["broadcast"], models=["all-port", "single-port-full"])
    out = json.loads(cli("sweep", "--networks", "Q2", "--problems", "broadcast", "--models",
                         "all-port", "single-port-full", "--format", "json", "-q").stdout)
    key = lambda row: (row["network"], row["model"], row["problem"], row["source"], row["steps"],
                       row["lower_bound"], row["verdict"])
    assert [key(x) for x in r.rows] == [key(x) for x in out["rows"]]
    assert r.summary["rows"] == len(r.rows) and r.exit_code == 0
    assert "<table>" in r._repr_html_()
    kept = [x["witness_file"] for x in r.rows if x["verdict"] == "shorter schedule found"]
    assert kept and all(os.path.isfile(f) and f.startswith(str(tmp_path / "schedcert-sweep-"))
                        for f in kept)  # the findings were kept, in a temporary directory
