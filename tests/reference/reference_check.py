#!/usr/bin/env python3
"""A second, independent reference checker for schedcert schedule files (issue 13, part 5).

Written from the papers' model as the documentation states it (docs/schedule-format.md, the rule
list of verifier/verdict.hpp, the item numbering of schedules/problem.hpp, the communication
models of schedules/model.hpp, docs/trust.md "The rules made explicit"). It shares no code with
the C++ verifier and is deliberately naive: holdings are a dict (node, item) -> arrival step,
capacity and port limits are loops over the transmissions already seen in the step, adjacency
decodes node ids digit by digit. Standard library only. docs/reference-python.md lists its rules
next to the native verifier's.

Two modes:

  reference_check.py FILE [FILE ...]
      print the verdict of each schedule file: "valid", or "invalid <rule> step S transmission K
      item I node V" for the first violation (or "skipped: <reason>" for a network or problem
      this checker does not decode). Exit 0 if all valid, 1 if any invalid, 2 on skips/errors.

  reference_check.py --schedcert BIN --fixtures DIR [--mutants N] [--seed S] [--jobs J]
      driver: every fixture's verdict is compared with its "expect" block and with
      `BIN verify FILE --engine native --json`; then N mutants of valid schedules (the valid
      fixtures plus schedules written by `BIN generate`) are compared with the native verifier on
      validity, the first violated rule, its step and transmission, and the item (and node, for
      completion) where the rule is about one. Exit 0 only when there is no disagreement.
"""

import argparse
import concurrent.futures
import copy
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

RULES = ["adjacency", "packet", "link-capacity", "port", "causality", "duplicate", "order",
         "completion"]
RULE_RANK = {r: i for i, r in enumerate(RULES)}

MODELS = {
    "all-port": "all-port", "MLA": "all-port", "mla": "all-port", "multiport": "all-port",
    "single-port-full": "single-port-full", "SLA": "single-port-full",
    "sla": "single-port-full", "1port-full": "single-port-full",
    "single-port-half": "single-port-half", "1port-half": "single-port-half",
    "shout-whisper": "shout-whisper",
}

KINDS = {
    "broadcast": "broadcast", "accumulation": "accumulation", "reduce": "accumulation",
    "scatter": "scatter", "gather": "gather",
    "multinode-broadcast": "multinode-broadcast", "allgather": "multinode-broadcast",
    "multinode-accumulation": "multinode-accumulation", "allreduce": "allreduce",
    "reduce-scatter": "multinode-accumulation",
    "total-exchange": "total-exchange", "all-to-all": "total-exchange",
    "alltoall": "total-exchange",
    "successive-broadcast": "successive-broadcast",
}

# Networks larger than this are refused (counted as skipped): the naive checker loops over nodes.
MAX_NODES = 1 << 16
MAX_ITEMS = 1 << 22


class Skip(Exception):
    """The file uses something this reference does not decode; never a silent pass."""


class BadFile(Exception):
    """The file is not a loadable schedule (the native loader would give an input error)."""


# ---------------------------------------------------------------------------------------------
# Network: a product of factor graphs, dimension 0 the least significant mixed-radix digit.

def parse_network(spec):
    """'Q3', 'C3^2', 'C5xP4xK3', 'Q2xC3' -> list of (kind, size), dimension 0 first."""
    if not isinstance(spec, str) or spec == "":
        raise Skip("network spec is not a non-empty string")
    factors = []
    for part in spec.split("x"):
        m = re.fullmatch(r"([QCPK])([0-9]+)(?:\^([0-9]+))?", part)
        if not m:
            raise Skip("network spec %r: factor %r not understood" % (spec, part))
        kind, n, power = m.group(1), int(m.group(2)), int(m.group(3) or "1")
        if power < 1:
            raise Skip("network spec %r: power 0" % spec)
        if kind == "Q":
            if n < 1:
                raise Skip("network spec %r: Q0" % spec)
            one = [("K", 2)] * n  # Q<d> is d copies of K2
        else:
            if n < 2:
                raise Skip("network spec %r: factor with fewer than 2 vertices" % spec)
            one = [(kind, n)]
        factors.extend(one * power)
    nodes = 1
    for _, n in factors:
        nodes *= n
        if nodes > MAX_NODES:
            raise Skip("network %s has more than %d nodes (too large for this reference)"
                       % (spec, MAX_NODES))
    return factors, nodes


def digits(factors, v):
    out = []
    for _, n in factors:
        out.append(v % n)
        v //= n
    return out


def factor_adjacent(kind, n, a, b):
    if a == b:
        return False
    if kind == "K":  # complete graph (K2 = one hypercube dimension)
        return True
    if kind == "C":  # ring
        return b == (a + 1) % n or a == (b + 1) % n
    if kind == "P":  # path
        return abs(a - b) == 1
    raise Skip("factor kind %r" % kind)


def adjacent(factors, nodes, u, v):
    if not (0 <= u < nodes and 0 <= v < nodes):
        return False
    du, dv = digits(factors, u), digits(factors, v)
    differ = [j for j in range(len(factors)) if du[j] != dv[j]]
    if len(differ) != 1:
        return False
    j = differ[0]
    kind, n = factors[j]
    return factor_adjacent(kind, n, du[j], dv[j])


def neighbours(factors, nodes, u):
    return [v for v in range(nodes) if adjacent(factors, nodes, u, v)]


# ---------------------------------------------------------------------------------------------
# Problem: item count, origin, who needs the item (None = every node), combining, ordered.

class Problem:
    def __init__(self, obj, nodes):
        if not isinstance(obj, dict) or "kind" not in obj:
            raise BadFile("problem is not an object with a kind")
        if obj["kind"] not in KINDS:
            raise BadFile("problem kind %r unknown" % obj["kind"])
        self.kind = KINDS[obj["kind"]]
        self.n = nodes
        self.root = obj.get("root", None)
        self.M = obj.get("messages", 1)
        self.B = obj.get("packet_items", 1)
        self.sources = obj.get("sources", None)
        rooted = self.kind in ("broadcast", "accumulation", "scatter", "gather")
        if rooted != (self.root is not None):
            raise BadFile("root present/absent wrongly for %s" % self.kind)
        if rooted and not (isinstance(self.root, int) and 0 <= self.root < nodes):
            raise BadFile("root out of range")
        if (self.kind == "successive-broadcast") != (self.sources is not None):
            raise BadFile("sources present/absent wrongly")
        if self.kind == "successive-broadcast":
            if "messages" in obj:
                raise BadFile("messages on a successive broadcast")
            if not self.sources or any(not (isinstance(s, int) and 0 <= s < nodes)
                                       for s in self.sources):
                raise BadFile("sources empty or out of range")
        if not (isinstance(self.M, int) and self.M >= 1 and isinstance(self.B, int)
                and self.B >= 1):
            raise BadFile("messages / packet_items must be positive integers")
        self.combining = self.kind in ("accumulation", "multinode-accumulation", "allreduce")
        self.allreduce = self.kind == "allreduce"
        if self.combining and not self.allreduce and self.M != 1:
            raise BadFile("accumulations take exactly one message")
        self.ordered = self.kind == "successive-broadcast"
        n, M = nodes, self.M
        self.count = {
            "broadcast": M, "accumulation": n, "scatter": n * M, "gather": n * M,
            "multinode-broadcast": n * M, "multinode-accumulation": n * n, "allreduce": n * M,
            "total-exchange": n * n * M,
            "successive-broadcast": len(self.sources) if self.sources else 0,
        }[self.kind]
        if self.count > MAX_ITEMS:
            raise Skip("%d items (too many for this reference)" % self.count)

    def origin(self, i):
        k, n, M = self.kind, self.n, self.M
        if k in ("broadcast", "scatter"):
            return self.root
        if k == "accumulation":
            return i
        if k in ("gather", "multinode-broadcast", "allreduce"):
            return i // M  # allreduce: contribution of node i // M to chunk i % M
        if k == "multinode-accumulation":
            return i // n
        if k == "total-exchange":
            return (i // M) // n
        if k == "successive-broadcast":
            return self.sources[i]
        raise Skip(k)

    def target(self, i):
        """The one node that needs item i, or None when every node needs it."""
        k, n, M = self.kind, self.n, self.M
        if k in ("broadcast", "multinode-broadcast", "successive-broadcast", "allreduce"):
            return None
        if k in ("accumulation", "gather"):
            return self.root
        if k == "scatter":
            return i // M
        if k == "multinode-accumulation":
            return i % n
        if k == "total-exchange":
            return (i // M) % n
        raise Skip(k)


# ---------------------------------------------------------------------------------------------
# Loading (only what the checker needs; the native loader is far stricter about syntax).

class Schedule:
    pass


def load(path):
    with open(path, "rb") as f:
        doc = json.loads(f.read().decode("utf-8"))
    return from_doc(doc)


def from_doc(doc):
    if not isinstance(doc, dict):
        raise BadFile("top level is not an object")
    if doc.get("format") != "schedcert-schedule" or doc.get("version") != 1:
        raise BadFile("not a schedcert-schedule version 1")
    s = Schedule()
    s.factors, s.nodes = parse_network(doc.get("network"))
    if doc.get("model") not in MODELS:
        raise BadFile("model %r unknown" % doc.get("model"))
    s.model = MODELS[doc["model"]]
    s.problem = Problem(doc.get("problem"), s.nodes)
    s.expect = doc.get("expect")
    steps = doc.get("steps")
    if not isinstance(steps, list):
        raise BadFile("steps is not an array")
    s.steps = []
    for step in steps:
        if not isinstance(step, list):
            raise BadFile("a step is not an array")
        row = []
        for t in step:
            if not (isinstance(t, list) and len(t) == 3):
                raise BadFile("a transmission is not [from, to, item(s)]")
            frm, to, its = t
            items = its if isinstance(its, list) else [its]
            if not items:
                raise BadFile("empty packet")
            for x in [frm, to] + items:
                if not isinstance(x, int) or isinstance(x, bool) or x < 0:
                    raise BadFile("node or item is not a non-negative integer")
            if frm >= s.nodes or to >= s.nodes:
                raise BadFile("node out of range")
            if any(i >= s.problem.count for i in items):
                raise BadFile("item out of range")
            row.append((frm, to, list(items)))
        s.steps.append(row)
    return s


# ---------------------------------------------------------------------------------------------
# The rules. A verdict is None (valid) or a dict rule/step/transmission/item/node; step is
# 1-based, transmission the global 0-based index in file order; completion has neither.
#
# `off` is for sensitivity runs only (--perturb): a set of rule names to drop, or of single
# clauses to drop or change (PERTURBATIONS); the default run uses none. A perturbed reference
# must disagree with the native verifier, or the comparison would not notice that change.

PERTURBATIONS = {
    "packet-distinct": "drop 'an item listed twice in a packet is a packet violation'",
    "packet-size": "drop 'at most B items per packet' (non-combining problems)",
    "packet-targets": "drop 'a combining packet holds items of one target'",
    "sfull-receive": "single-port-full: drop 'at most one receive'",
    "shalf-send-and-receive": "single-port-half: allow one send plus one receive",
    "shout-as-list": "shout-whisper: compare a node's packets as ordered lists, not sets",
    "shout-send-and-receive": "shout-whisper: drop 'not both send and receive'",
    "cut-through": "causality: an item received earlier in the same step may be forwarded",
    "duplicate-same-step": "duplicate: drop 'or delivered earlier in the same step'",
    "duplicate-origin": "duplicate: a contribution may come back to its origin",
    "order-source": "order: drop the source's check",
    "order-receiver": "order: drop the receiver's check",
    "order-same-step": "order: a node may receive j in the step it gets j-1",
}


def check(s, off=()):
    p = s.problem
    arrival = {}  # (node, item) -> step in which the node first held the item (0 = at the start)
    for i in range(p.count):
        arrival[(p.origin(i), i)] = 0

    def held_at_start(node, item, step):
        return (node, item) in arrival and arrival[(node, item)] < step

    def held_now(node, item):  # at the start of the step, or delivered earlier in this step
        return (node, item) in arrival

    def violation(rule, step, k, item, node):
        return {"rule": rule, "step": step, "transmission": k, "item": item, "node": node}

    k = -1
    for si, row in enumerate(s.steps):
        step = si + 1
        seen = []  # transmissions of this step already accepted, in order
        for frm, to, items in row:
            k += 1
            # 1. adjacency: both ends are nodes of the network and neighbours (no self loop).
            if "adjacency" not in off and not adjacent(s.factors, s.nodes, frm, to):
                return violation("adjacency", step, k, items[0], frm)
            # 2. packet: a set of distinct items; at most B of them (non-combining problems);
            #    all bound for one target (combining problems).
            if "packet" not in off:
                bad = False
                if not p.combining and len(items) > p.B and "packet-size" not in off:
                    bad = True
                for a in range(len(items)):
                    for b in range(a + 1, len(items)):
                        if items[a] == items[b] and "packet-distinct" not in off:
                            bad = True
                if p.combining and not p.allreduce and "packet-targets" not in off:
                    for it in items:
                        if p.target(it) != p.target(items[0]):
                            bad = True
                if bad:
                    return violation("packet", step, k, items[0], frm)
            # 3. link capacity: one packet per directed link per step.
            if "link-capacity" not in off:
                for (f2, t2, _) in seen:
                    if f2 == frm and t2 == to:
                        return violation("link-capacity", step, k, items[0], frm)
            # 4. port: the communication model's limits on one node in one step, checked against
            #    the transmissions of the step accepted so far (the limit fires on the one that
            #    exceeds it).
            if "port" not in off:
                port_bad = False
                for (f2, t2, items2) in seen:
                    if s.model == "single-port-full":
                        if f2 == frm:
                            port_bad = True  # at most one send
                        if t2 == to and "sfull-receive" not in off:
                            port_bad = True  # at most one receive
                    elif s.model == "single-port-half":
                        if "shalf-send-and-receive" in off:
                            if f2 == frm or t2 == to:
                                port_bad = True
                        elif f2 in (frm, to) or t2 in (frm, to):
                            port_bad = True  # one transmission, sent or received
                    elif s.model == "shout-whisper":
                        if f2 == frm:
                            same = (items2 == items if "shout-as-list" in off
                                    else set(items2) == set(items))
                            if not same:
                                port_bad = True  # one message per step (a set of items)
                        if t2 == to:
                            port_bad = True  # receives at most one
                        if (t2 == frm or f2 == to) and "shout-send-and-receive" not in off:
                            port_bad = True  # not both send and receive
                if port_bad:
                    return violation("port", step, k, items[0], frm)
            # 5. the item rules; at one transmission the least (rule, item) wins.
            found = []
            for it in items:
                # causality (store and forward): the sender holds the item at the step's start.
                holds = held_now(frm, it) if "cut-through" in off else held_at_start(frm, it, step)
                if not holds:
                    found.append((RULE_RANK["causality"], it, frm))
                # duplicate (combining): a contribution never reaches a node that has it (its
                # origin, an earlier step, or an earlier transmission of this step).
                if p.combining:
                    dup = held_now(to, it)
                    if "duplicate-same-step" in off:
                        dup = held_at_start(to, it, step)
                    if "duplicate-origin" in off and to == p.origin(it):
                        dup = False
                    # allreduce: a packet holding all n contributions to the item's chunk is the
                    # complete value and overwrites the receiver's partial sum (docs/allreduce.md)
                    if p.allreduce and sum(1 for j in set(items)
                                           if j % p.M == it % p.M) == p.n:
                        dup = False
                    if dup:
                        found.append((RULE_RANK["duplicate"], it, to))
                # order (successive broadcasts): broadcast j > 0 leaves its source only once the
                # source holds j-1, and a node receives j only in a step after it got j-1.
                if p.ordered and it > 0:
                    prev_held = held_at_start(to, it - 1, step)
                    if "order-same-step" in off:
                        prev_held = held_now(to, it - 1)
                    if (frm == p.origin(it) and not held_at_start(frm, it - 1, step)
                            and "order-source" not in off):
                        found.append((RULE_RANK["order"], it, frm))
                    elif (not held_now(to, it) and not prev_held
                          and "order-receiver" not in off):
                        found.append((RULE_RANK["order"], it, to))
            found = [f for f in found if RULES[f[0]] not in off]
            if found:
                r, it, node = min(found)
                return violation(RULES[r], step, k, it, node)
            seen.append((frm, to, items))
            for it in items:
                if (to, it) not in arrival:
                    arrival[(to, it)] = step
    # 6. completion: every node that needs an item holds it after the last step.
    if "completion" not in off:
        for it in range(p.count):
            tgt = p.target(it)
            for v in (range(s.nodes) if tgt is None else [tgt]):
                if (v, it) not in arrival:
                    return {"rule": "completion", "step": None, "transmission": None,
                            "item": it, "node": v}
    return None


def verdict_of_file(path, disabled=()):
    """('valid'|'invalid', violation) or ('skipped'|'input-error', reason)."""
    try:
        s = load(path)
    except Skip as e:
        return ("skipped", str(e))
    except (BadFile, ValueError, UnicodeDecodeError) as e:
        return ("input-error", str(e))
    try:
        v = check(s, disabled)
    except Skip as e:
        return ("skipped", str(e))
    return ("valid", None) if v is None else ("invalid", v)


def describe(v):
    if v[0] != "invalid":
        return v[0] + ("" if v[1] is None else ": " + v[1])
    x = v[1]
    if x["rule"] == "completion":
        return "invalid completion item %d node %d" % (x["item"], x["node"])
    return "invalid %s step %d transmission %d item %d" % (x["rule"], x["step"],
                                                           x["transmission"], x["item"])


# ---------------------------------------------------------------------------------------------
# Comparison with the native verifier.

def key(v):
    """What both sides must agree on: validity, rule, step, transmission, and the item (and node
    for completion) where the rule is about one item. The node of adjacency/packet/capacity/port
    violations is an attribution detail the papers do not fix, so it is not compared."""
    if v[0] != "invalid":
        return (v[0],)
    x = v[1]
    if x["rule"] == "completion":
        return ("invalid", "completion", x["item"], x["node"])
    if x["rule"] in ("causality", "duplicate", "order"):
        return ("invalid", x["rule"], x["step"], x["transmission"], x["item"])
    return ("invalid", x["rule"], x["step"], x["transmission"])


def native_verdict(binary, path):
    try:
        r = subprocess.run([binary, "verify", path, "--engine", "native", "--json"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    except (OSError, subprocess.SubprocessError) as e:
        return ("error", "could not run %s: %s" % (binary, e))
    if r.returncode == 2:
        return ("input-error", r.stderr.decode("utf-8", "replace").strip())
    if r.returncode not in (0, 1):
        return ("error", "exit %d: %s" % (r.returncode, r.stderr.decode("utf-8", "replace")))
    doc = json.loads(r.stdout.decode("utf-8"))
    rep = doc["reports"][0]
    eng = [e for e in rep["engines"] if e["engine"] == "native"][0]
    if eng["verdict"] == "valid":
        if r.returncode != 0:
            return ("error", "verdict valid but exit %d" % r.returncode)
        return ("valid", None)
    if eng["verdict"] != "invalid" or r.returncode != 1:
        return ("error", "verdict %s, exit %d" % (eng["verdict"], r.returncode))
    x = eng["violation"]
    return ("invalid", {"rule": x["rule"], "step": x.get("step"),
                        "transmission": x.get("transmission"), "item": x.get("item"),
                        "node": x.get("node")})


def matches_expect(v, expect):
    if expect is None:
        return False
    if expect.get("verdict") == "valid":
        return v[0] == "valid"
    if v[0] != "invalid" or v[1]["rule"] != expect.get("rule"):
        return False
    for f in ("step", "transmission"):
        if f in expect and v[1][f] != expect[f]:
            return False
    return True


# ---------------------------------------------------------------------------------------------
# Mutants.

def to_doc(s_doc, steps, model=None):
    d = {"format": "schedcert-schedule", "version": 1, "network": s_doc["network"],
         "model": model or s_doc["model"], "problem": s_doc["problem"]}
    d["steps"] = [[[f, t, (its[0] if len(its) == 1 else list(its))] for (f, t, its) in row]
                  for row in steps]
    return d


def write_doc(d, path):
    with open(path, "w") as f:
        f.write("{\n")
        for k in ("format", "version", "network", "model", "problem", "provenance"):
            if k in d:
                f.write('  "%s": %s,\n' % (k, json.dumps(d[k])))
        f.write('  "steps": [\n')
        rows = [json.dumps(r, separators=(",", ":")) for r in d["steps"]]
        f.write(",\n".join("    " + r for r in rows))
        f.write("\n  ]\n}\n")


OPERATORS = ["drop", "move", "redirect-neighbour", "redirect-any", "resend-any",
             "sender-neighbour", "duplicate-same-step", "duplicate-other-step", "reverse",
             "swap-packets", "add-item", "item-twice", "remove-item", "change-item",
             "swap-steps", "merge-steps", "insert-empty-step", "change-model",
             "split-packet", "permute-packet", "second-sender", "early-delivery",
             "second-delivery", "detour-delivery"]


def naive_holdings(s):
    """(node, item) -> first step (1-based; 0 = origin) in which some transmission of s brings
    the item to the node, ignoring every rule: only used to pick senders that plausibly hold an
    item when a mutant adds a transmission."""
    held = {}
    for i in range(s.problem.count):
        held[(s.problem.origin(i), i)] = 0
    for si, row in enumerate(s.steps):
        for (f, t, its) in row:
            for i in its:
                if (t, i) not in held:
                    held[(t, i)] = si + 1
    return held


def mutate(rng, base, s):
    """One random mutation of base (a loaded Schedule plus its document); returns
    (operator, steps, model) or None when the operator does not apply to this schedule."""
    steps = [[(f, t, list(its)) for (f, t, its) in row] for row in s.steps]
    flat = [(si, ti) for si, row in enumerate(steps) for ti in range(len(row))]
    # the two operators that add a plausible transmission apply to few picks: weight them up
    op = rng.choice(OPERATORS + ["second-sender", "early-delivery", "second-delivery",
                                 "detour-delivery"] * 4)
    model = None
    n, cnt = s.nodes, s.problem.count
    if not flat and op not in ("change-model", "insert-empty-step"):
        return None

    def pick():
        return rng.choice(flat)

    if op == "drop":
        si, ti = pick()
        del steps[si][ti]
    elif op == "move":
        si, ti = pick()
        tx = steps[si].pop(ti)
        dst = rng.randrange(len(steps) + 1)
        if dst == len(steps):
            steps.append([])
        steps[dst].insert(rng.randrange(len(steps[dst]) + 1), tx)
    elif op in ("redirect-neighbour", "redirect-any", "sender-neighbour"):
        si, ti = pick()
        f, t, its = steps[si][ti]
        if op == "redirect-neighbour":
            cand = [v for v in neighbours(s.factors, n, f) if v != t]
            if not cand:
                return None
            t = rng.choice(cand)
        elif op == "redirect-any":
            t = rng.randrange(n)
        else:
            cand = [v for v in neighbours(s.factors, n, t) if v != f]
            if not cand:
                return None
            f = rng.choice(cand)
        steps[si][ti] = (f, t, its)
    elif op == "resend-any":
        si, ti = pick()
        f, t, its = steps[si][ti]
        steps[si][ti] = (rng.randrange(n), rng.randrange(n), its)
    elif op == "duplicate-same-step":
        si, ti = pick()
        steps[si].insert(rng.randrange(len(steps[si]) + 1), steps[si][ti])
    elif op == "duplicate-other-step":
        si, ti = pick()
        dst = rng.randrange(len(steps) + 1)
        if dst == len(steps):
            steps.append([])
        steps[dst].insert(rng.randrange(len(steps[dst]) + 1), steps[si][ti])
    elif op == "reverse":
        si, ti = pick()
        f, t, its = steps[si][ti]
        steps[si][ti] = (t, f, its)
    elif op == "swap-packets":
        if len(flat) < 2:
            return None
        (a, b), (c, d) = rng.sample(flat, 2)
        fa, ta, ia = steps[a][b]
        fc, tc, ic = steps[c][d]
        if ia == ic:
            return None
        steps[a][b] = (fa, ta, ic)
        steps[c][d] = (fc, tc, ia)
    elif op in ("add-item", "item-twice", "remove-item", "change-item"):
        si, ti = pick()
        f, t, its = steps[si][ti]
        its = list(its)
        if op == "add-item":
            its.append(rng.randrange(cnt))
        elif op == "item-twice":
            its.insert(rng.randrange(len(its) + 1), rng.choice(its))
        elif op == "remove-item":
            if len(its) < 2:
                return None
            del its[rng.randrange(len(its))]
        else:
            j = rng.randrange(len(its))
            its[j] = rng.choice([max(0, its[j] - 1), min(cnt - 1, its[j] + 1), rng.randrange(cnt)])
        steps[si][ti] = (f, t, its)
    elif op == "split-packet":
        si, ti = pick()
        f, t, its = steps[si][ti]
        if len(its) < 2:
            return None
        cut = rng.randrange(1, len(its))
        steps[si][ti] = (f, t, its[:cut])
        dst = rng.choice([si, min(si + 1, len(steps))])
        if dst == len(steps):
            steps.append([])
        steps[dst].append((f, t, its[cut:]))
    elif op in ("second-sender", "early-delivery"):
        # another neighbour of the receiver that holds the packet's items sends them too: in
        # the same step (a second delivery in one step: duplicate for combining problems, a
        # redundant but valid send otherwise) or in an earlier step than the original one
        # (order for successive broadcasts, duplicate later for accumulations)
        si, ti = pick()
        f, t, its = steps[si][ti]
        held = naive_holdings(s)
        dst = si if op == "second-sender" else (rng.randrange(si) if si > 0 else None)
        if dst is None:
            return None
        cand = [v for v in neighbours(s.factors, n, t)
                if v != f and all(held.get((v, i), 1 << 30) < dst + 1 for i in its)]
        if not cand:
            return None
        steps[dst].insert(rng.randrange(len(steps[dst]) + 1), (rng.choice(cand), t, list(its)))
    elif op == "second-delivery":
        # the receiver of a transmission gets, in the same step and from another neighbour that
        # holds it, the same item (combining: a contribution delivered twice in one step) or the
        # next one (successive broadcasts: j-1 and j arrive in one step); half the time the
        # model becomes all-port so that the port limits do not fire first
        si, ti = pick()
        f, t, its = steps[si][ti]
        i = rng.choice(its)
        i2 = i + 1 if (s.problem.ordered and i + 1 < cnt and rng.random() < 0.7) else i
        held = naive_holdings(s)
        cand = [v for v in neighbours(s.factors, n, t)
                if v != f and held.get((v, i2), 1 << 30) < si + 1]
        if not cand:
            return None
        steps[si].insert(rng.randrange(ti + 1, len(steps[si]) + 1), (rng.choice(cand), t, [i2]))
        if s.model != "all-port" and rng.random() < 0.5:
            model = "all-port"
    elif op == "detour-delivery":
        # the receiver t of a transmission in step s also gets one of its items over a two-hop
        # detour h -> v (step s-1) -> t (step s), where h holds the item and v is a common
        # neighbour that does not: two deliveries of one item in one step by two different
        # senders (a same-step duplicate for combining problems, redundant but valid otherwise)
        si, ti = pick()
        f, t, its = steps[si][ti]
        if si == 0:
            return None
        i = rng.choice(its)
        held = naive_holdings(s)
        far = 1 << 30
        nt = set(neighbours(s.factors, n, t))
        pairs = [(h, v) for h in range(n) if held.get((h, i), far) < si
                 for v in neighbours(s.factors, n, h)
                 if v in nt and v not in (f, t, h) and held.get((v, i), far) > si + 1]
        if not pairs:
            return None
        h, v = rng.choice(pairs)
        steps[si - 1].insert(rng.randrange(len(steps[si - 1]) + 1), (h, v, [i]))
        steps[si].insert(rng.randrange(len(steps[si]) + 1), (v, t, [i]))
        if s.model != "all-port" and rng.random() < 0.5:
            model = "all-port"
    elif op == "permute-packet":
        si, ti = pick()
        f, t, its = steps[si][ti]
        if len(set(its)) < 2:
            return None
        its = list(its)
        while its == steps[si][ti][2]:
            rng.shuffle(its)
        steps[si][ti] = (f, t, its)
    elif op == "swap-steps":
        if len(steps) < 2:
            return None
        a = rng.randrange(len(steps) - 1)
        b = a + 1 if rng.random() < 0.7 else rng.randrange(len(steps))
        steps[a], steps[b] = steps[b], steps[a]
    elif op == "merge-steps":
        if len(steps) < 2:
            return None
        a = rng.randrange(len(steps) - 1)
        steps[a] = steps[a] + steps[a + 1]
        del steps[a + 1]
    elif op == "insert-empty-step":
        steps.insert(rng.randrange(len(steps) + 1), [])
    elif op == "change-model":
        model = rng.choice([m for m in ("all-port", "single-port-full", "single-port-half",
                                        "shout-whisper") if m != s.model])
    return op, steps, model


# ---------------------------------------------------------------------------------------------
# The driver.

def list_constructions(binary):
    """[(name, parameters usage string, [models])] from `schedcert list` (text form)."""
    r = subprocess.run([binary, "list"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=60)
    out = []
    name = usage = None
    models = []
    for line in r.stdout.decode("utf-8", "replace").splitlines():
        if line and not line.startswith(" "):
            name, usage, models = line.strip(), "", []
        elif line.strip().startswith("models:"):
            models = [m.strip() for m in line.split(":", 1)[1].split(",") if m.strip()]
        elif line.strip().startswith("usage:") and name:
            usage = line.split(":", 1)[1]
            out.append((name, usage, models))
    return out


NETWORKS_TO_TRY = ["K2", "K3", "K4", "C4", "C5", "P3", "P4", "Q3", "C3^2", "P3xK2", "K3xC4",
                   "Q2xC3", "K3^2", "C4^2"]


def base_commands(binary, outdir):
    """`schedcert generate` command lines for small bases: every construction x model x small
    size (--dim 2..3, or the networks above when the construction takes --network), plus one
    run per optional parameter it declares (--root 1, --messages 2, --messages 3 -B 2, each
    --variant). Lines a construction refuses are counted, not compared."""
    cmds = []
    for name, usage, models in list_constructions(binary):
        sizes = []
        m = re.search(r"--dim [^(\[]*?\(?(\d+)\.\.(\d+)", usage)
        if m:
            lo, hi = int(m.group(1)), int(m.group(2))
            sizes = [["--dim", str(d)] for d in range(max(lo, 2), min(hi, 3) + 1)]
        elif "--dim" in usage:
            sizes = [["--dim", "2"], ["--dim", "3"]]
        if re.search(r"(^|\s)--network", usage):
            sizes += [["--network", n] for n in NETWORKS_TO_TRY]
        extras = [[]]
        if "[--root" in usage:
            extras.append(["--root", "1"])
        if "[--messages" in usage:
            extras.append(["--messages", "2"])
        if "[--packet-items" in usage:
            extras.append(["--messages", "3", "--packet-items", "2"])
        v = re.search(r"\[--variant ([^\]]+)\]", usage)
        if v:
            extras += [["--variant", x] for x in v.group(1).split("|")]
        for model in models:
            for si, size in enumerate(sizes):
                for extra in (extras if si == 0 else [[]]):
                    tag = re.sub(r"[^A-Za-z0-9.-]+", "_", "-".join(size + extra))
                    path = os.path.join(outdir, "base-%s-%s-%s.json" % (name, model, tag))
                    cmds.append([binary, "generate", name, "--model", model, "-o", path]
                                + size + extra)
    return cmds


def generate_one(cmd, max_transmissions):
    """(path, None) for a base; (None, reason) when the construction refuses the options;
    (None, None) when the schedule is larger than max_transmissions."""
    path = cmd[cmd.index("-o") + 1]
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    if r.returncode != 0 or not os.path.exists(path):
        err = r.stderr.decode("utf-8", "replace").strip().splitlines()
        return None, " ".join(cmd[2:]) + ": " + (err[-1] if err else "exit %d" % r.returncode)
    with open(path) as f:
        doc = json.load(f)
    if sum(len(row) for row in doc["steps"]) > max_transmissions:
        os.remove(path)
        return None, None
    return path, None


def run_driver(a):
    t0 = time.time()
    rng = random.Random(a.seed)
    binary = os.path.abspath(a.schedcert)
    disabled = tuple(a.perturb or ())
    # the binary must run at all; otherwise every comparison would be a disagreement
    try:
        probe = subprocess.run([binary, "list"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               timeout=60)
    except (OSError, subprocess.SubprocessError) as e:
        print("cannot run %s: %s" % (binary, e))
        return 2
    if probe.returncode != 0:
        print("%s list exited %d: %s" % (binary, probe.returncode,
                                         probe.stderr.decode("utf-8", "replace")))
        return 2
    work = tempfile.mkdtemp(prefix="schedcert-pyref-")
    keep = a.keep_dir or os.path.join(work, "disagreements")
    disagreements = []
    skipped = []
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs)

    def keep_file(path, why):
        os.makedirs(keep, exist_ok=True)
        dst = os.path.join(keep, os.path.basename(path))
        if os.path.abspath(dst) != os.path.abspath(path):
            shutil.copyfile(path, dst)
        disagreements.append((dst, why))

    # 1. Fixtures: the Python verdict against the expect block and against the native verifier.
    fixtures = sorted(os.path.join(a.fixtures, f) for f in os.listdir(a.fixtures)
                      if f.endswith(".json"))
    fixture_native = list(pool.map(lambda f: native_verdict(binary, f), fixtures))
    fixtures_compared = 0
    valid_bases = []
    for path, nat in zip(fixtures, fixture_native):
        py = verdict_of_file(path, disabled)
        if py[0] == "skipped":
            skipped.append((path, py[1]))
            continue
        fixtures_compared += 1
        with open(path) as f:
            expect = json.load(f).get("expect")
        if not matches_expect(py, expect):
            keep_file(path, "python %s; fixture expects %s" % (describe(py), json.dumps(expect)))
        if key(py) != key(nat):
            keep_file(path, "python %s; native %s" % (describe(py), describe(nat)))
        if py[0] == "valid" and nat[0] == "valid":
            valid_bases.append(path)

    # 2. Bases written by the constructions (also compared: both must call them valid).
    gen_dir = os.path.join(work, "bases")
    os.makedirs(gen_dir)
    generated, gen_failed, too_large = [], [], 0
    if not a.no_generate:
        for path, why in pool.map(lambda c: generate_one(c, a.max_base_transmissions),
                                  base_commands(binary, gen_dir)):
            if path:
                generated.append(path)
            elif why:
                gen_failed.append(why)
            else:
                too_large += 1
    gen_native = list(pool.map(lambda f: native_verdict(binary, f), generated))
    bases_compared = 0
    for path, nat in zip(generated, gen_native):
        py = verdict_of_file(path, disabled)
        if py[0] == "skipped":
            skipped.append((path, py[1]))
            continue
        bases_compared += 1
        if key(py) != key(nat):
            keep_file(path, "python %s; native %s" % (describe(py), describe(nat)))
        elif py[0] == "valid":
            valid_bases.append(path)

    # 3. Mutants of the valid bases.
    loaded = []
    for path in valid_bases:
        with open(path) as f:
            doc = json.load(f)
        loaded.append((path, doc, from_doc(doc)))
    by_kind = {}
    for entry in loaded:
        by_kind.setdefault(entry[2].problem.kind, []).append(entry)
    kinds = sorted(by_kind)
    mut_dir = os.path.join(work, "mutants")
    os.makedirs(mut_dir)
    jobs = []
    by_op = {}
    attempts = 0
    while len(jobs) < a.mutants and loaded and attempts < 50 * a.mutants:
        attempts += 1
        # a problem kind first, then a base of that kind: the few accumulation and successive
        # broadcast bases get as many mutants as the many broadcasts
        kind = kinds[rng.randrange(len(kinds))]
        path, doc, s = by_kind[kind][rng.randrange(len(by_kind[kind]))]
        steps, model, ops = s.steps, None, []
        cur = s
        for _ in range(1 if rng.random() < 0.75 else rng.randint(2, 3)):
            r = mutate(rng, doc, cur)
            if r is None:
                continue
            op, steps, m2 = r
            model = m2 or model
            ops.append(op)
            cur = copy.copy(cur)
            cur.steps = steps
            if m2:
                cur.model = m2
        if not ops:
            continue
        d = to_doc(doc, steps, model)
        d["provenance"] = {"construction": "python-reference-mutant",
                           "parameters": {"base": os.path.basename(path),
                                          "mutations": "+".join(ops)}}
        out = os.path.join(mut_dir, "mutant-%05d-%s.json" % (len(jobs), "+".join(ops)))
        write_doc(d, out)
        jobs.append(out)
        for op in ops:
            by_op[op] = by_op.get(op, 0) + 1

    mut_native = list(pool.map(lambda f: native_verdict(binary, f), jobs))
    mutants_compared = 0
    by_rule = {}
    for path, nat in zip(jobs, mut_native):
        py = verdict_of_file(path, disabled)
        if py[0] == "skipped":
            skipped.append((path, py[1]))
            continue
        mutants_compared += 1
        r = py[1]["rule"] if py[0] == "invalid" else py[0]
        by_rule[r] = by_rule.get(r, 0) + 1
        if key(py) != key(nat):
            keep_file(path, "python %s; native %s" % (describe(py), describe(nat)))
    pool.shutdown()

    elapsed = time.time() - t0
    print("python reference vs schedcert native (seed %d)" % a.seed)
    if disabled:
        print("  python reference perturbed (sensitivity run): " + ", ".join(disabled))
    print("  fixtures compared:   %d (against their expect block and the native verifier)"
          % fixtures_compared)
    print("  generated bases:     %d compared (%d option sets refused by their construction, %d "
          "larger than %d transmissions)" % (bases_compared, len(gen_failed), too_large,
                                             a.max_base_transmissions))
    print("  valid bases mutated: %d (%s)" % (len(valid_bases), ", ".join(
        "%s %d" % (k, len(by_kind[k])) for k in kinds)))
    print("  mutants compared:    %d" % mutants_compared)
    print("  mutant verdicts (python): " +
          ", ".join("%s %d" % (r, by_rule[r]) for r in ["valid"] + RULES if r in by_rule))
    print("  mutation operators used: " +
          ", ".join("%s %d" % (o, by_op[o]) for o in OPERATORS if o in by_op))
    print("  skipped:             %d" % len(skipped))
    for path, why in skipped:
        print("    skipped %s: %s" % (path, why))
    print("  disagreements:       %d" % len(disagreements))
    for path, why in disagreements:
        print("    DISAGREEMENT %s: %s" % (path, why))
    print("  time: %.1f s" % elapsed)
    if a.verbose_failures:
        for f in gen_failed:
            print("    generate failed: " + f)
    if disagreements:
        print("  disagreeing files kept in " + keep)
        if not a.keep_dir:
            # keep only the disagreement copies
            shutil.rmtree(os.path.join(work, "mutants"), ignore_errors=True)
            shutil.rmtree(os.path.join(work, "bases"), ignore_errors=True)
        return 1
    shutil.rmtree(work, ignore_errors=True)
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="*", help="schedule files to check (checker mode)")
    ap.add_argument("--schedcert", help="path to the schedcert binary (driver mode)")
    ap.add_argument("--fixtures", help="directory of fixture schedules with expect blocks")
    ap.add_argument("--mutants", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=max(2, os.cpu_count() or 2))
    ap.add_argument("--keep-dir", help="where disagreeing files are copied (default: a temp dir)")
    ap.add_argument("--max-base-transmissions", type=int, default=400)
    ap.add_argument("--no-generate", action="store_true",
                    help="mutate the valid fixtures only (no `schedcert generate` bases)")
    ap.add_argument("--perturb", action="append", choices=RULES + sorted(PERTURBATIONS),
                    help="sensitivity run: drop a rule, or change one clause (see PERTURBATIONS), "
                         "in the python reference; the run must then report disagreements")
    ap.add_argument("--verbose-failures", action="store_true")
    ap.add_argument("--json", action="store_true", help="checker mode: print JSON verdicts")
    a = ap.parse_args()
    if a.schedcert:
        if not a.fixtures:
            ap.error("--schedcert needs --fixtures")
        return run_driver(a)
    if not a.files:
        ap.error("give schedule files, or --schedcert BIN --fixtures DIR")
    code = 0
    for path in a.files:
        v = verdict_of_file(path, tuple(a.perturb or ()))
        if a.json:
            print(json.dumps({"file": path, "verdict": v[0],
                              "violation" if v[0] == "invalid" else "reason": v[1]}))
        else:
            print("%s: %s" % (path, describe(v)))
        code = max(code, {"valid": 0, "invalid": 1}.get(v[0], 2))
    return code


if __name__ == "__main__":
    sys.exit(main())
