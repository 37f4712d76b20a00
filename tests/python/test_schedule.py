# Networks, problems, constructions, generate + verify, and the conversions of a schedule (JSON,
# lists, numpy): the same format as the CLI, byte for byte.
import json

import numpy as np
import pytest

import schedcert as sc


def test_network_properties():
    q = sc.Network("Q4")
    assert (q.name, q.nodes, q.ports, q.diameter, q.dims) == ("Q4", 16, 4, 4, 4)
    assert q.neighbours(0) == [1, 2, 4, 8]
    assert q.distance(0, 15) == 4 and q.adjacent(0, 8) and not q.adjacent(0, 3)
    t = sc.Network("C3xC3")
    assert (t.nodes, t.ports, t.diameter, t.factors) == (9, 4, 2, ["C3", "C3"])


def test_bad_network_spec_is_value_error_naming_the_token(cli):
    with pytest.raises(ValueError) as e:
        sc.Network("Q4x")
    assert "Q4x" in str(e.value)
    # the CLI's words exactly
    err = cli("bound", "-n", "Q4x", "-p", "broadcast").stderr
    assert str(e.value) in err


def test_bad_model_problem_and_node_name_the_field():
    with pytest.raises(ValueError, match="model 'nope'"):
        sc.model_name("nope")
    with pytest.raises(ValueError, match="problem 'nope'"):
        sc.Problem("nope")
    with pytest.raises(ValueError, match="problem.root"):
        sc.Problem("broadcast", root=99).validate(sc.Network("Q3"))
    with pytest.raises(ValueError, match="out of range"):
        sc.Network("Q3").neighbours(8)
    with pytest.raises(ValueError, match="construction"):
        sc.generate("no-such-construction", dim=3)
    assert sc.model_name("SLA") == "single-port-full"
    assert "shout-whisper" in sc.models() and "total-exchange" in sc.problems()


def test_constructions_list_matches_cli(cli):
    ours = [(c["name"], c["paper"], c["problem"], c["models"], c["min_dim"], c["max_dim"])
            for c in sc.constructions()]
    theirs = [(c["name"], c["paper"], c["problem"], c["models"], c["min_dim"], c["max_dim"])
              for c in json.loads(cli("list", "--json").stdout)]
    assert ours == theirs


def test_generate_and_verify_valid():
    s = sc.generate("sbt-broadcast", dim=4)
    assert (s.num_steps, s.num_transmissions, s.model) == (4, 15, "all-port")
    v = sc.verify(s)
    assert v.valid is True and v.status == "valid" and v.engine == "native" and v.rule is None
    assert v.metrics["steps"] == 4 and v.metrics["transmissions"] == 15


def test_json_identical_to_cli_generate(cli, tmp_path):
    for name, dim, extra in [("sbt-broadcast", 3, []), ("bertsekas-mnb", 3, []),
                             ("bertsekas-te", 2, []), ("hj-msbt-broadcast", 3, ["-m", "single-port-half"])]:
        out = tmp_path / (name + ".json")
        r = cli("generate", name, "--dim", dim, *extra, "-o", out)
        assert r.returncode == 0, r.stderr
        model = extra[1] if extra else None
        s = sc.generate(name, dim=dim, model=model)
        assert s.to_json() == out.read_text()
        s.save(str(tmp_path / "py.json"))
        assert (tmp_path / "py.json").read_bytes() == out.read_bytes()
        assert sc.Schedule.load(str(out)).to_json() == out.read_text()
        assert sc.Schedule.from_json(out.read_text()).to_json() == out.read_text()
        assert sc.Schedule.from_dict(s.to_dict()) == s


def test_lists_and_numpy_round_trip():
    for s in [sc.generate("bertsekas-mnb", dim=3), sc.generate("bertsekas-mna", dim=3)]:
        steps = s.to_lists()
        assert len(steps) == s.num_steps
        back = sc.Schedule.from_lists(s.network, s.model, s.problem, steps)
        assert back.to_lists() == steps
        assert sc.verify(back).valid == sc.verify(s).valid
        a = s.to_numpy()
        assert a.dtype == np.int64 and a.shape[1] == 5
        assert a[:, 0].min() == 1 and a[:, 0].max() == s.num_steps
        b = sc.Schedule.from_numpy(s.network, s.model, s.problem, a, num_steps=s.num_steps)
        assert b.to_lists() == steps
        assert np.array_equal(b.to_numpy(), a)
    # multi-item packets (combining accumulation): one row per item, grouped by tx
    s = sc.generate("bertsekas-mna", dim=3)
    a = s.to_numpy()
    assert len(a) > s.num_transmissions and len(np.unique(a[:, 1])) == s.num_transmissions
    # names as strings, plain lists as the array, empty schedules
    b = sc.Schedule.from_numpy("Q2", "MLA", "broadcast", [[1, 0, 0, 1, 0], [1, 1, 0, 2, 0], [2, 2, 1, 3, 0]])
    assert b.to_lists() == [[[0, 1, 0], [0, 2, 0]], [[1, 3, 0]]] and sc.verify(b).valid
    e = sc.Schedule.from_numpy("Q2", "all-port", "broadcast", np.zeros((0, 5), np.int64), num_steps=2)
    assert e.num_steps == 2 and e.to_numpy().shape == (0, 5) and sc.verify(e).rule == "completion"
    with pytest.raises(ValueError, match="row 0, to: node 5 is out of range"):
        sc.Schedule.from_numpy("Q2", "all-port", "broadcast", [[1, 0, 0, 5, 0]])
    with pytest.raises(ValueError, match="step order"):
        sc.Schedule.from_numpy("Q2", "all-port", "broadcast", [[2, 0, 0, 1, 0], [1, 1, 0, 2, 0]])
    # plain Python values in
    s = sc.Schedule.from_lists("Q2", "all-port", "broadcast", [[[0, 1, 0], [0, 2, 0]], [[1, 3, 0]]])
    assert sc.verify(s).valid
    with pytest.raises(ValueError, match="steps"):
        sc.Schedule.from_lists("Q2", "all-port", "broadcast", [[[0, 9, 0]]])


def test_mutated_schedule_rejected_with_the_native_rule_and_step(cli, tmp_path):
    s = sc.generate("sbt-broadcast", dim=3)
    steps = s.to_lists()
    steps[1][0][0] = 7  # 7 sends item 0 at step 2 before it has it
    m = sc.Schedule.from_lists(s.network, s.model, s.problem, steps)
    v = sc.verify(m)
    assert v.valid is False and v.status == "invalid"
    f = tmp_path / "m.json"
    f.write_text(m.to_json())
    r = json.loads(cli("verify", "--json", f).stdout)["reports"][0]["violation"]
    assert (v.rule, v.step, v.transmission, v.message) == (r["rule"], r["step"], r["transmission"],
                                                           r["message"])
    assert v.rule == "causality" and v.step == 2
    # the Z3 engine agrees on the first violation
    z = sc.verify(m, engine="smt")
    assert (z.status, z.rule, z.step, z.transmission) == ("invalid", v.rule, v.step, v.transmission)
    assert sc.verify(s, engine="smt").valid is True


def test_symmetric_engine_on_a_root_schedule():
    root = sc.generate("bertsekas-mnb", dim=4, root_only=True)
    v = sc.verify(root, engine="symmetric")
    assert v.valid is True and v.engine == "symmetric"
    full = sc.generate("bertsekas-mnb", dim=4)
    assert v.metrics == sc.verify(full).metrics
    with pytest.raises(ValueError, match="engine"):
        sc.verify(root, engine="magic")


def test_smt_unknown_is_a_status_not_validity():
    s = sc.generate("bertsekas-te", dim=4)
    v = sc.verify(s, engine="smt", timeout=0.001)
    assert v.status in ("unknown", "valid")  # a 1 ms Z3 budget: unknown, unless Z3 is that fast
    if v.status == "unknown":
        assert v.valid is None and "smt" in v.message
