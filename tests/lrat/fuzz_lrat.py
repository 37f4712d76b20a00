#!/usr/bin/env python3
"""Differential fuzzing of schedcert-lrat (issue 25): random and mutated CNF + LRAT pairs, judged
against reference_lrat.py (an independent reader and checker written for this test) and against
brute-force satisfiability.

For every pair (CNF, LRAT) the properties are:
  1. soundness: if the CNF is well formed and satisfiable (brute force over its variables),
     schedcert-lrat never exits 0 ("s VERIFIED UNSAT");
  2. malformed input: if the reference rejects a file as malformed, schedcert-lrat exits 2 with
     an "s ERROR" line (and never 0 or 1), and conversely;
  3. verdicts agree: the exit codes (0 refuted, 1 rejected, 2 input error) are equal;
  4. when the CNF is read, its "c cnf-clauses-sha256" is the SHA-256 of the reference's clause
     list rendered as "l1 .. lk 0\\n" per clause.
The pairs: the fixed cases below (the issue's reproduction, the 2^61 boundary, -0, signs, junk),
then random CNFs over few variables (numbered 1..5 or spread up to 2^61 - 1) with a proof built
by a decision tree (valid LRAT for an UNSAT CNF, with RAT extension steps and deletions mixed
in), then structural mutations (drop/change a hint, a literal, an id; delete a needed clause;
truncate) and textual ones (a number replaced by a huge or malformed one: 20+ digits, 2^61,
2^62, 2^63 +- 1, -0, +1, 0x10; junk bytes, NUL, CR, tabs, a byte removed or duplicated).

  python3 tests/lrat/fuzz_lrat.py --checker build/schedcert-lrat [--cases N] [--seed S]
                                  [--seconds T] [--keep DIR] [--slow-too]
With --slow-too (issue 27), every pair is also run with `schedcert-lrat --slow` (the old checker,
coq/lrat/Lrat.v, beside the default LratFast.v), and a fifth property holds: the exit code and
every output line but the first (which names the checker) are the same.
Exit 0: no disagreement; 1: the disagreements are printed and kept in DIR (default: a new
temporary directory) as case-K.cnf / case-K.lrat with the command that replays each.
"""
import argparse
import hashlib
import os
import random
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reference_lrat as ref  # noqa: E402

L61 = 1 << 61
NASTY = [
    "9223372036854775809", "-9223372036854775809", "9223372036854775807", "-9223372036854775808",
    "9223372036854775808", "4611686018427387904", "4611686018427387903", "-4611686018427387904",
    str(L61), str(-L61), str(L61 - 1), str(-(L61 - 1)), str(L61 + 1), str(10 ** 19), str(10 ** 20 + 1),
    "123456789012345678901234567890", "-" + "9" * 40, "0" * 25 + "1", "-" + "0" * 25 + "3",
    "18446744073709551617", "-0", "-00", "+1", "+0", "--1", "1-", "-", "0x10", "1e3", "1.0", "1_0",
    "\x001", "1\x00", "\x0b", "\x0c", "%", "p", "d", "c", "a", "\xff", "\xc3\xa9", "",
]


def sha(b):
    return hashlib.sha256(b).hexdigest()


def render_clauses(clauses):
    return "".join("".join("%d " % l for l in c) + "0\n" for c in clauses).encode()


# ---- generation ----

def random_cnf(rng):
    n = rng.randint(1, 5)
    if rng.random() < 0.3:  # variables spread over the whole range
        pool = [L61 - 1, L61 - 2, 1 << 40, (1 << 31) - 1, 1 << 31, 1 << 32, 12345678901, 7]
        names = rng.sample(pool, n)
    else:
        names = list(range(1, n + 1))
    m = rng.randint(1, 10)
    clauses = []
    for _ in range(m):
        k = rng.choice([0, 1, 1, 2, 2, 2, 3]) if rng.random() < 0.95 else 0
        k = min(k, n) if k else (0 if rng.random() < 0.1 else 1)
        vs = rng.sample(names, k)
        clauses.append([v if rng.random() < 0.5 else -v for v in vs])
    v = max([abs(l) for c in clauses for l in c] + [0])
    declared = v + rng.choice([0, 0, 0, 1, 5]) if rng.random() < 0.95 else L61 - 1
    return declared, clauses, names


def falsified(clause, assign):
    return all(assign.get(abs(l)) == (l < 0) for l in clause)


def tree_proof(clauses, names, rng):
    """Steps of a decision-tree refutation (('a', id, lits, hints) / ('d', ids)), valid LRAT if the
    CNF is UNSAT; for a SAT CNF it stops at a satisfying branch (the proof then lacks the empty
    clause or has a step that does not check)."""
    out = []
    next_id = [len(clauses) + 1]
    db = {i + 1: c for i, c in enumerate(clauses)}

    def fresh():
        i = next_id[0]
        next_id[0] += 1
        return i

    # Optional definitional extension by RAT: x <-> (a and b) with a fresh x.
    ext = []
    if rng.random() < 0.3 and len(names) >= 2:
        a, b = rng.sample(names, 2)
        x = max(names) + 1 if max(names) + 1 < L61 else min(names) - 1
        if x > 0 and x not in names:
            for lits in ([-x, a], [-x, b], [x, -a, -b]):
                # RAT without hints: nothing holds x before the third clause, whose resolvents
                # with the first two are tautologies.
                i = fresh()
                out.append(("a", i, lits, []))
                db[i] = lits
                ext.append(i)
    # Random lemmas with the hints a unit propagation finds: RUP, else RAT on the first literal
    # with one group per clause holding its negation (or, now and then, a step that does not check).
    for _ in range(rng.choice([0, 0, 1, 2, 3])):
        lits = [v if rng.random() < 0.5 else -v for v in rng.sample(names, rng.randint(1, min(3, len(names))))]
        step = lemma_with_hints(db, lits)
        if step is None and rng.random() < 0.8:
            continue
        i = fresh()
        out.append(("a", i, lits, step if step is not None else []))
        db[i] = lits
        ext.append(i)  # not used by the tree below (it may not be implied)
    # RAT lemmas that need their groups: for a clause E = e1 v rest of the CNF and a fresh x,
    # "x e1" (RAT: nothing holds -x) then "-x rest" (RAT on -x: the group of "x e1" propagates
    # to E falsified), the second without the positive prefix half of the time.
    for _ in range(rng.choice([0, 1, 2])):
        wide = [cid for cid, c in db.items() if len(c) >= 2 and cid not in ext]
        free_vars = [v for v in range(1, 40) if v not in names and all(v not in (abs(l) for l in c) for c in db.values())]
        if not wide or not free_vars:
            break
        e = db[rng.choice(wide)]
        x = rng.choice(free_vars)
        for lits in ([x, e[0]], [-x] + e[1:]):
            hints = lemma_with_hints(db, lits, prefix=rng.random() < 0.5)
            if hints is None:
                break
            i = fresh()
            out.append(("a", i, lits, hints))
            db[i] = lits
            ext.append(i)
    order = list(names)
    rng.shuffle(order)

    def derive(prefix):
        """Derives the negation of prefix (a list of true literals); returns its id or None."""
        assign = {abs(l): l > 0 for l in prefix}
        for cid, c in db.items():
            if cid in ext:
                continue
            if falsified(c, assign):
                return emit([-l for l in prefix], [cid])
        if len(prefix) == len(order):
            return None
        v = order[len(prefix)]
        pos = derive(prefix + [v])
        if pos is None:
            return None
        neg = derive(prefix + [-v])
        if neg is None:
            return None
        # prefix true: pos = (-prefix or -v) is unit -v, neg = (-prefix or v) is falsified.
        return emit([-l for l in prefix], [pos, neg])

    def emit(lits, hints):
        i = fresh()
        out.append(("a", i, lits, hints))
        db[i] = lits
        if rng.random() < 0.03:  # delete a clause, needed or not
            out.append(("d", [rng.choice(list(db))]))
        return i

    derive([])
    return out


def unit_chain_hints(db, assign):
    """Hints of a unit propagation over db from assign, ending at a falsified clause, or None."""
    a = dict(assign)
    hints = []
    changed = True
    while changed:
        changed = False
        for cid in sorted(db):
            c = db[cid]
            if any(a.get(abs(l)) == (l > 0) for l in c):
                continue
            free = {l for l in c if abs(l) not in a}
            if not free:
                return hints + [cid], a
            if len(free) == 1:
                (l,) = free
                a[abs(l)] = l > 0
                hints.append(cid)
                changed = True
    return None, a


def lemma_with_hints(db, lits, prefix=True):
    """The hints that make lits an LRAT lemma over db (RUP, else RAT on lits[0]), or None.
    prefix=False: RAT without the positive prefix (every group then does the propagation)."""
    a0 = {}
    for l in lits:
        if a0.get(abs(l)) == (l > 0):
            return []  # a tautology
        a0[abs(l)] = l < 0
    hints, _ = unit_chain_hints(db, a0)
    if hints is not None and prefix:
        return hints
    # RAT: the units found (no conflict) are the positive prefix, then one group per clause.
    chain = []
    b = dict(a0)
    changed = prefix
    while changed:
        changed = False
        for cid in sorted(db):
            c = db[cid]
            if any(b.get(abs(l)) == (l > 0) for l in c):
                continue
            free = {l for l in c if abs(l) not in b}
            if len(free) == 1:
                (l,) = free
                b[abs(l)] = l > 0
                chain.append(cid)
                changed = True
    p = lits[0]
    out = list(chain)
    for cid in sorted(db):
        d = db[cid]
        if -p not in d:
            continue
        a1 = dict(b)
        blocked = False
        for l in d:
            if l == -p:
                continue
            if a1.get(abs(l)) == (l > 0):
                blocked = True
                break
            a1[abs(l)] = l < 0
        if blocked:
            continue
        g, _ = unit_chain_hints(db, a1)
        if g is None:
            return None
        out += [-cid] + g
    return out


def mutate_steps(st, rng, top):
    st = [list(s) if s[0] == "d" else [s[0], s[1], list(s[2]), list(s[3])] for s in st]
    if not st:
        return st
    k = rng.randrange(len(st))
    s = st[k]
    r = rng.random()
    if s[0] == "a":
        if r < 0.2 and s[3]:
            del s[3][rng.randrange(len(s[3]))]
        elif r < 0.35 and s[3]:
            s[3][rng.randrange(len(s[3]))] = rng.choice([rng.randint(1, top + 2), -rng.randint(1, top + 2)])
        elif r < 0.5:
            s[2].append(rng.choice([1, -1, 2, -2, 3]))
        elif r < 0.6 and s[2]:
            del s[2][rng.randrange(len(s[2]))]
        elif r < 0.7:
            s[3].reverse()
        elif r < 0.8:
            s[1] = rng.randint(1, top + 2)
        else:
            st.insert(k, ["d", [rng.randint(1, top)]])
    else:
        s[1] = [rng.randint(1, top + 2)]
    if rng.random() < 0.2:
        st = st[: rng.randint(0, len(st))]
    return st


def render_cnf(declared, clauses, rng, comments=True):
    lines = []
    if comments and rng.random() < 0.3:
        lines.append("c generated by fuzz_lrat.py")
    lines.append("p cnf %d %d" % (declared, len(clauses)))
    for c in clauses:
        lines.append(" ".join(str(l) for l in c + [0]))
    sep = rng.choice(["\n", "\n", "\n", "\r\n"])
    return (sep.join(lines) + (sep if rng.random() < 0.9 else "")).encode()


def render_lrat(st, rng):
    lines = []
    for s in st:
        if s[0] == "d":
            lines.append("%d d %s 0" % (rng.randint(1, 50), " ".join(map(str, s[1]))))
        else:
            lines.append("%d %s0 %s0" % (s[1], "".join("%d " % l for l in s[2]), "".join("%d " % h for h in s[3])))
        if rng.random() < 0.05:
            lines.append("c a comment")
    return ("\n".join(lines) + "\n").encode()


def mutate_text(data, rng):
    """A textual mutation: a number token replaced, a byte inserted/removed/duplicated, spacing."""
    b = bytearray(data)
    r = rng.random()
    if r < 0.5:
        toks = [i for i in range(len(b)) if (i == 0 or b[i - 1] in b" \t\n") and chr(b[i]) in "-0123456789"]
        if toks:
            i = rng.choice(toks)
            j = i
            while j < len(b) and b[j] not in b" \t\r\n":
                j += 1
            b[i:j] = rng.choice(NASTY).encode("latin-1")
    elif r < 0.65 and b:
        b.insert(rng.randrange(len(b) + 1), rng.choice(b"\x00\t\r \n-+0123456789xcdp%\xff\x0b"))
    elif r < 0.8 and b:
        del b[rng.randrange(len(b))]
    elif r < 0.9 and b:
        i = rng.randrange(len(b))
        b[i:i] = b[i:i + rng.randint(1, 8)]
    else:
        b = bytearray(bytes(b).replace(b" ", rng.choice([b"\t", b"  ", b" \t"]), rng.randint(1, 3)))
    return bytes(b)


FIXED = [
    # The reproduction: 2^63 + 1 used to wrap to 1 (x1 and not x1).
    (b"p cnf 9223372036854775809 2\n1 0\n-9223372036854775809 0\n", b"3 0 1 2 0\n"),
    (b"p cnf 3 2\n1 0\n-9223372036854775809 0\n", b"3 0 1 2 0\n"),
    (b"p cnf 2305843009213693951 2\n2305843009213693951 0\n-2305843009213693951 0\n", b"3 0 1 2 0\n"),
    (b"p cnf 2305843009213693952 2\n1 0\n-1 0\n", b"3 0 1 2 0\n"),
    (b"p cnf 1 2\n1 0\n-1 0\n", b"3 0 1 2305843009213693952 0\n"),
    (b"p cnf 1 2\n1 0\n-1 0\n", b"3 0 1 2305843009213693951 0\n"),
    (b"p cnf 1 2\n1 0\n-1 0\n", b"2305843009213693951 0 1 2 0\n"),
    (b"p cnf 1 2\n1 0\n-1 0\n", b"4611686018427387905 0 1 2 0\n"),
    (b"p cnf 1 2\n1 0\n-1 0\n", b"3 0 1 2 -0\n"),
    (b"p cnf 1 2\n1 -0\n-1 0\n", b"3 0 1 2 0\n"),
    (b"p cnf 1 2\n+1 0\n-1 0\n", b"3 0 1 2 0\n"),
    (b"p cnf 1 2\n1 0\n-1 0\n", b"3 0 +1 2 0\n"),
    (b"p cnf 1 2\n1 0\n-1 0\n", b"3 d1 0\n4 0 1 2 0\n"),
    (b"pcnf 1 2\n1 0\n-1 0\n", b"3 0 1 2 0\n"),
    (b"p cnf1 2\n1 0\n-1 0\n", b"3 0 1 2 0\n"),
    (b"p cnf 1 2 0\n1 0\n-1 0\n", b"3 0 1 2 0\n"),
    (b"p cnf 1 2\n1 0\n-1 0\n", b"3 0 1 2 0\n\x00junk after the refutation\n"),
    (b"p cnf 1 2\n1 0\n-1 0\n", b"\x003 0 1 2 0\n"),
    (b"p cnf 18446744073709551617 1\n1 0\n", b"2 0 1 0\n"),
    (b"p cnf 2 3\n1 2 0\n-1 0\n-2 0\n", b"4 2 0 2 1 0\n5 0 4 3 0\n"),
]


def run_checker(checker, cnf_path, lrat_path, flags=()):
    p = subprocess.run([checker, *flags, cnf_path, lrat_path], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=60)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def judge(checker, cnf, lrat, work, slow_too=False):
    """'' if schedcert-lrat agrees with the reference on (cnf, lrat), else why not."""
    cnf_path, lrat_path = os.path.join(work, "c.cnf"), os.path.join(work, "p.lrat")
    with open(cnf_path, "wb") as f:
        f.write(cnf)
    with open(lrat_path, "wb") as f:
        f.write(lrat)
    code, out, err = run_checker(checker, cnf_path, lrat_path)
    want, why = ref.verdict(cnf, lrat)
    parsed = None
    try:
        parsed = ref.parse_dimacs(cnf)
    except ref.Malformed:
        pass
    meaning = parsed
    if meaning is None:
        try:  # the clauses the file states, numbers of any size
            meaning = ref.parse_dimacs(cnf, bounded=False)
        except ref.Malformed:
            pass
    problems = []
    if meaning is not None and code == 0:
        try:
            if ref.satisfiable(meaning[1]):
                problems.append("UNSOUND: VERIFIED UNSAT for a satisfiable CNF")
        except ValueError:
            pass
    if code not in (0, 1, 2):
        problems.append("exit %d (not 0, 1 or 2)" % code)
    if code != want:
        problems.append("exit %d, reference %d (%s)" % (code, want, why))
    if code == 2 and "\ns ERROR " not in "\n" + out:
        problems.append("exit 2 without an 's ERROR' line")
    if parsed is not None:
        line = [l for l in out.splitlines() if l.startswith("c cnf-clauses-sha256 ")]
        if not line or line[0].split()[-1] != sha(render_clauses(parsed[1])):
            problems.append("c cnf-clauses-sha256 missing or not the reference's")
    if slow_too:
        scode, sout, _ = run_checker(checker, cnf_path, lrat_path, ("--slow",))
        if scode != code or sout.splitlines()[1:] != out.splitlines()[1:]:
            problems.append("--slow differs: exit %d\n--- stdout of --slow:\n%s" % (scode, sout))
    if problems:
        return "; ".join(problems) + "\n--- stdout:\n" + out + ("--- stderr:\n" + err if err else "")
    return ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--checker", required=True)
    ap.add_argument("--cases", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--seconds", type=float, default=0, help="run until this much time has passed (overrides --cases)")
    ap.add_argument("--keep", default=None)
    ap.add_argument("--slow-too", action="store_true", help="also run --slow (Lrat.v) and compare its output")
    a = ap.parse_args()
    seed = a.seed if a.seed is not None else int(time.time())
    rng = random.Random(seed)
    keep = a.keep or tempfile.mkdtemp(prefix="fuzz-lrat-")
    os.makedirs(keep, exist_ok=True)
    work = tempfile.mkdtemp(prefix="fuzz-lrat-work-")
    failures = 0
    stats = {0: 0, 1: 0, 2: 0}
    t0 = time.time()

    def case(k, cnf, lrat):
        nonlocal failures
        why = judge(a.checker, cnf, lrat, work, a.slow_too)
        stats[ref.verdict(cnf, lrat)[0]] += 1
        if why:
            failures += 1
            base = os.path.join(keep, "case-%d" % k)
            with open(base + ".cnf", "wb") as f:
                f.write(cnf)
            with open(base + ".lrat", "wb") as f:
                f.write(lrat)
            print("DISAGREEMENT (seed %d, case %d): %s\n  replay: %s %s.cnf %s.lrat" % (seed, k, why, a.checker, base, base))

    for k, (cnf, lrat) in enumerate(FIXED):
        case(-1 - k, cnf, lrat)
    k = 0
    while (a.seconds and time.time() - t0 < a.seconds) or (not a.seconds and k < a.cases):
        declared, clauses, names = random_cnf(rng)
        st = tree_proof(clauses, names, rng)
        top = len(clauses) + len(st) + 1
        if rng.random() < 0.4:
            st = mutate_steps(st, rng, top)
        cnf, lrat = render_cnf(declared, clauses, rng), render_lrat(st, rng)
        r = rng.random()
        if r < 0.25:
            cnf = mutate_text(cnf, rng)
        elif r < 0.5:
            lrat = mutate_text(lrat, rng)
        case(k, cnf, lrat)
        k += 1
    elapsed = time.time() - t0
    print("fuzz_lrat: seed %d, %d fixed + %d random cases in %.1f s; reference verdicts: %d refuted, %d rejected, "
          "%d input errors; %d disagreements%s%s" % (seed, len(FIXED), k, elapsed, stats[0], stats[1], stats[2], failures,
                                                     " (also against --slow)" if a.slow_too else "",
                                                     (" (kept in %s)" % keep) if failures else ""))
    if not failures and not a.keep:
        os.rmdir(keep)
    for f in os.listdir(work):
        os.remove(os.path.join(work, f))
    os.rmdir(work)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
