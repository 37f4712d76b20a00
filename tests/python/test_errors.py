# Errors in Python's words (issue 29, item 9): a wrong type is a TypeError, a value out of range
# a ValueError, each naming the function and the argument; never pybind11's signature dump, never
# the CLI's option names, never the columns of a JSON text the caller did not write.
import numpy as np
import pytest

import schedcert as sc

DUMP = ("incompatible function arguments", "incompatible constructor arguments",
        "Invoked with", "The following argument types are supported")


def raises(exc, call, *words):
    """call() raises exc (not a subclass of a different kind); its message has every word and
    none of pybind11's signature dump or a CLI option; returns the message."""
    with pytest.raises(exc) as e:
        call()
    text = str(e.value)
    for w in words:
        assert w in text, (w, text)
    for d in DUMP:
        assert d not in text, text
    assert "--" not in text, text
    return text


def test_negative_steps_is_a_value_error_naming_steps():
    t = raises(ValueError, lambda: sc.synthesize("Q3", "all-port", "broadcast", steps=-2),
               "synthesize()", "steps", ">= 0", "-2")
    assert t == "synthesize(): steps must be >= 0 (0: the least T from the lower bound), got -2"
    raises(ValueError, lambda: sc.synthesize("Q3", "all-port", "broadcast", max_steps=-1),
           "max_steps")
    raises(TypeError, lambda: sc.synthesize("Q3", "all-port", "broadcast", steps=2.5),
           "synthesize(): steps must be an int, not float")
    raises(TypeError, lambda: sc.synthesize("Q3", "all-port", "broadcast", timeout="1"),
           "timeout must be a number")
    raises(TypeError, lambda: sc.synthesize(3, "all-port", "broadcast"),
           "synthesize(): network must be a Network or a network spec")


def test_verify_none_is_a_type_error_naming_schedule():
    t = raises(TypeError, lambda: sc.verify(None), "verify()", "schedule", "Schedule", "None")
    assert t.startswith("verify(): schedule must be a Schedule")
    raises(TypeError, lambda: sc.verify(42), "not int")
    s = sc.generate("sbt-broadcast", dim=3)
    raises(TypeError, lambda: sc.verify(s, engine=None), "verify(): engine must be a str")
    raises(ValueError, lambda: sc.verify(s, timeout=-1), "verify(): timeout must be >= 0")
    raises(TypeError, lambda: sc.verify(s, progress=3), "progress must be a callable")


def test_verify_takes_a_path_as_the_cli_does(tmp_path, cli):
    s = sc.generate("sbt-broadcast", dim=4)
    f = tmp_path / "sbt4.json"
    s.save(f)  # os.PathLike accepted
    for arg in (str(f), f):
        v = sc.verify(arg)
        assert v.valid is True and v.metrics == sc.verify(s).metrics
    assert sc.load(f) == s and sc.Schedule.load(str(f)) == s
    with pytest.raises(FileNotFoundError) as e:
        sc.verify(str(tmp_path / "missing.json"))
    assert "missing.json" in str(e.value)
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    raises(ValueError, lambda: sc.verify(str(bad)), "bad.json")


def test_generate_dim_names_the_argument():
    t = raises(ValueError, lambda: sc.generate("sbt-broadcast", dim=0), "generate()", "dim", "0")
    assert "not given" not in t
    c = sc.construction("sbt-broadcast")
    assert t == "generate(): dim must be in [%d, %d] for construction sbt-broadcast, got 0" % (
        c["min_dim"], c["max_dim"])
    t = raises(ValueError, lambda: sc.generate("sbt-broadcast"), "needs dim")
    raises(ValueError, lambda: sc.generate("sbt-broadcast", dim=99), "dim", "99")
    raises(TypeError, lambda: sc.generate("sbt-broadcast", dim="3"),
           "generate(): dim must be an int or None, not str")
    raises(TypeError, lambda: sc.generate(None, dim=3), "generate(): name must be")
    # the library's messages with the Python keyword for the CLI's option
    t = raises(ValueError, lambda: sc.generate("sbt-broadcast", dim=3, packet_items=2),
               "packet_items")
    assert "does not take packet_items" in t
    raises(ValueError, lambda: sc.generate("sbt-broadcast", dim=3, messages=0),
           "generate(): messages must be >= 1, got 0")
    assert sc.generate("sbt-broadcast", dim=np.int64(3)).num_steps == 3  # numpy ints are ints


def test_from_lists_errors_name_the_place_not_columns():
    t = raises(ValueError, lambda: sc.Schedule.from_lists("Q2", "all-port", "broadcast",
                                                         [[[0, 1, 0]], [[0, 9, 0]]]),
               "from_lists(): steps[1][0][1]", "node 9 is out of range")
    assert "<lists>" not in t and ":1:" not in t
    raises(ValueError, lambda: sc.Schedule.from_lists("Q2", "all-port", "broadcast",
                                                     [[[0, 1]]]),
           "from_lists(): steps[0][0] must be [from, to, item]", "2 elements")
    raises(TypeError, lambda: sc.Schedule.from_lists("Q2", "all-port", "broadcast",
                                                    [[[0, 1.0, 0]]]),
           "from_lists(): steps[0][0][1] must be an int, not float")
    raises(TypeError, lambda: sc.Schedule.from_lists("Q2", "all-port", "broadcast", None),
           "from_lists(): steps must be a list")
    t = raises(ValueError, lambda: sc.Schedule.from_lists("Q2", "all-port", "broadcast",
                                                         [[[0, 1, 0]]], root=7),
               "from_lists(): problem.root")
    assert "<lists>" not in t
    # numpy ints inside the lists are plain ints
    s = sc.Schedule.from_lists("Q2", "all-port", "broadcast",
                               [[np.array([0, 1, 0]), [0, 2, np.int32(0)]], [[1, 3, 0]]])
    assert sc.verify(s).valid
    t = raises(ValueError, lambda: sc.Schedule.from_dict({"format": "schedcert-schedule"}),
               "from_dict(): ")
    assert "<dict>" not in t


def test_verdict_repr_names_the_rule_once():
    s = sc.generate("sbt-broadcast", dim=3)
    steps = s.to_lists()
    steps[1][0][0] = 7
    v = sc.verify(sc.Schedule.from_lists(s.network, s.model, s.problem, steps))
    assert v.rule == "causality"
    r = repr(v)
    assert r.count("causality") == 1, r
    assert r == "<Verdict invalid (native): %s>" % v.message
    assert v._repr_html_().count("causality") == 1
    e = sc.Schedule.from_numpy("Q2", "all-port", "broadcast", np.zeros((0, 5), np.int64),
                               num_steps=1)
    c = sc.verify(e)
    assert c.rule == "completion" and repr(c).count("completion") == 1, repr(c)


def test_from_numpy_refuses_floats():
    a = sc.generate("sbt-broadcast", dim=3).to_numpy()
    t = raises(TypeError, lambda: sc.Schedule.from_numpy("Q3", "all-port", "broadcast",
                                                        a.astype(float)),
               "from_numpy(): array must hold integers", "float64")
    assert "astype" in t
    raises(TypeError, lambda: sc.Schedule.from_numpy("Q2", "all-port", "broadcast",
                                                    [[1, 0, 0, 1.5, 0]]), "float64")
    # integer dtypes of any width are fine, and an empty float array holds no fraction
    b = sc.Schedule.from_numpy("Q3", "all-port", "broadcast", a.astype(np.int32))
    assert sc.verify(b).valid
    e = sc.Schedule.from_numpy("Q2", "all-port", "broadcast", np.zeros((0, 5)), num_steps=2)
    assert e.num_steps == 2
    raises(ValueError, lambda: sc.Schedule.from_numpy("Q2", "all-port", "broadcast", a,
                                                     num_steps=-1), "num_steps must be >= 0")


def test_other_entry_points_check_their_arguments():
    raises(TypeError, lambda: sc.Network(4), "Network(): spec must be a network spec")
    raises(TypeError, lambda: sc.Network("Q3").neighbours("a"), "Network.neighbours()", "str")
    raises(ValueError, lambda: sc.Problem("broadcast", root=-1), "Problem(): root must be >= 0")
    raises(TypeError, lambda: sc.Problem("broadcast", messages=1.5), "Problem(): messages")
    raises(TypeError, lambda: sc.bounds("Q3", 3, "broadcast"), "bounds(): model must be")
    raises(ValueError, lambda: sc.search_tree("Q3", root=-1), "search_tree(): root must be >= 0")
    raises(ValueError, lambda: sc.search_alpha(0), "search_alpha(): d must be >= 1")
    raises(ValueError, lambda: sc.search_alpha(3, symmetry=5), "symmetry must be <= 2")
    raises(ValueError, lambda: sc.desprez_lower_bound(-1, 2), "desprez_lower_bound(): p")
    raises(TypeError, lambda: sc.construction(None), "construction(): name must be")
    raises(TypeError, lambda: sc.model_name(3), "model_name(): name must be a str")
    raises(TypeError, lambda: sc.load(None), "load(): path must be a path")
    # the library's input errors are schedcert.InputError, a ValueError
    with pytest.raises(sc.InputError):
        sc.Network("Q4x")
    assert issubclass(sc.InputError, ValueError)


def test_synthesize_allocation_and_sources_in_python_words(cli):
    t = raises(ValueError, lambda: sc.synthesize("Q2", "all-port", "broadcast", allocation="free"),
               "synthesize(): allocation and sources are only for problem 'successive-broadcast'")
    raises(ValueError, lambda: sc.synthesize("Q2", "all-port", "successive-broadcast"),
           "exactly one of allocation='free', allocation='gray' or sources=[...]")
    raises(ValueError, lambda: sc.synthesize("Q2", "all-port", "successive-broadcast",
                                             allocation="grey"),
           "allocation must be 'free', 'gray' or None, got 'grey'")
    # the CLI refuses the same input (in its own words, naming its options)
    r = cli("synthesize", "-n", "Q2", "-p", "broadcast", "--allocation", "free")
    assert r.returncode == 2 and "--allocation" in r.stderr and t
