"""An independent reference for schedcert-lrat (issue 25): a DIMACS reader, a text-LRAT reader
and an LRAT checker written for the tests from the formats alone (DIMACS: the SAT competition's
"p cnf V C" files; LRAT: Cruz-Filipe, Heule, Hunt, Kaufmann & Schneider-Kamp, CADE 2017). It
shares no code with coq/lrat/lrat_main.ml or Lrat.v; Python's integers do not overflow, so every
range limit below is an explicit comparison.

Where the formats leave a choice, this file takes the one documented in docs/lrat.md ("The
driver's input syntax" and the step semantics of Lrat.v), so that verdicts can be compared
exactly: a hint that names a missing, satisfied or non-unit clause fails the step (no fallback);
after the positive hints, the rest must be RAT groups "-j h1 .. hk" (a later group for the same
j replaces the earlier one); the pivot is the first literal; a tautology needs no hints; an
addition under an existing id replaces that clause; deleting a missing id is allowed; the proof
is read step by step and the check stops at the first step that refutes or is rejected.

verdict(cnf_bytes, lrat_bytes) -> (code, why): 0 refuted (UNSAT verified), 1 rejected, 2 input
error. satisfiable(clauses) decides satisfiability by brute force over the variables used.
"""
import itertools

LIMIT = 1 << 61  # every number's magnitude must be below this
BLANKS = b" \t\r\n"
DIGITS = b"0123456789"


class Malformed(Exception):
    pass


class Tokens:
    """Whitespace-separated tokens with the line they start on."""

    def __init__(self, data):
        self.data = data
        self.pos = 0
        self.line = 1

    def skip_blanks(self):
        d = self.data
        while self.pos < len(d) and d[self.pos] in BLANKS:
            if d[self.pos] == 0x0A:
                self.line += 1
            self.pos += 1

    def at_end(self):
        return self.pos >= len(self.data)

    def peek(self):
        return self.data[self.pos] if self.pos < len(self.data) else None

    def token(self):
        """The maximal run of non-blank bytes at the current position (caller skipped blanks)."""
        start = self.pos
        while self.pos < len(self.data) and self.data[self.pos] not in BLANKS:
            self.pos += 1
        return self.data[start:self.pos]

    def rest_of_line(self):
        while self.pos < len(self.data) and self.data[self.pos] != 0x0A:
            self.pos += 1


def number(tok, bounded=True):
    """The value of a number token, or Malformed: '-'? digits+, |x| < 2^61 (if bounded), not -0."""
    body = tok[1:] if tok[:1] == b"-" else tok
    if not body or any(c not in DIGITS for c in body):
        raise Malformed("not a number: %r" % tok)
    value = int(body)
    if bounded and value >= LIMIT:
        raise Malformed("out of range: %r" % tok[:40])
    if tok[:1] == b"-":
        if value == 0:
            raise Malformed("negative zero")
        return -value
    return value


def numbers_until_zero(t, bounded=True):
    out = []
    while True:
        t.skip_blanks()
        if t.at_end():
            raise Malformed("missing terminating 0")
        x = number(t.token(), bounded)
        if x == 0:
            return out
        out.append(x)


def parse_dimacs(data, bounded=True):
    """(V, clauses) or Malformed. bounded=False: numbers of any size (what the file means
    mathematically; the soundness oracle of fuzz_lrat.py uses it)."""
    t = Tokens(data)
    header = None
    clauses = []
    while True:
        t.skip_blanks()
        if t.at_end():
            break
        c = t.peek()
        if c == ord("c"):
            t.rest_of_line()
            continue
        if c == ord("p"):
            if header is not None:
                raise Malformed("second header")
            end = data.find(b"\n", t.pos)
            line = data[t.pos:] if end < 0 else data[t.pos:end]
            t.pos += len(line)
            # "p", spaces/tabs, "cnf", spaces/tabs, V, spaces/tabs, C, then spaces, tabs or CR.
            fields = line.rstrip(b" \t\r")
            parts = [p for p in fields.replace(b"\t", b" ").split(b" ") if p != b""]
            if len(parts) != 4 or parts[0] != b"p" or parts[1] != b"cnf":
                raise Malformed("bad header %r" % line)
            if b"\r" in fields:
                raise Malformed("CR inside the header")
            v, n = number(parts[2], bounded), number(parts[3], bounded)
            if v < 0 or n < 0:
                raise Malformed("negative header count")
            header = (v, n)
            continue
        if header is None:
            raise Malformed("clause before the header")
        cl = numbers_until_zero(t, bounded)
        if any(abs(l) > header[0] for l in cl):
            raise Malformed("literal beyond V")
        clauses.append(cl)
    if header is None:
        raise Malformed("no header")
    if header[1] != len(clauses):
        raise Malformed("clause count differs from the header")
    return header[0], clauses


def steps(data):
    """Yields ('a', id, lits, hints) or ('d', ids); raises Malformed where the text is bad."""
    t = Tokens(data)
    while True:
        t.skip_blanks()
        if t.at_end():
            return
        if t.peek() == ord("c"):
            t.rest_of_line()
            continue
        sid = number(t.token())
        if sid <= 0:
            raise Malformed("step id not positive")
        t.skip_blanks()
        if t.peek() == ord("d"):
            tok = t.token()
            if tok != b"d":
                raise Malformed("bad deletion marker %r" % tok)
            ids = numbers_until_zero(t)
            if any(i <= 0 for i in ids):
                raise Malformed("deleted id not positive")
            yield ("d", ids)
        else:
            lits = numbers_until_zero(t)
            hints = numbers_until_zero(t)
            yield ("a", sid, lits, hints)


def value(assign, lit):
    v = assign.get(abs(lit))
    if v is None:
        return None
    return v if lit > 0 else not v


def falsify(assign, lits):
    """assign extended with every literal of lits false, or None if one of them is true."""
    a = dict(assign)
    for l in lits:
        v = value(a, l)
        if v is True:
            return None
        a[abs(l)] = l < 0
    return a


def unit_chain(db, assign, hints):
    """Propagates along the hints (all positive): True at a falsified clause, else False."""
    a = dict(assign)
    for h in hints:
        clause = db.get(h)
        if clause is None:
            return False
        if any(value(a, l) is True for l in clause):
            return False
        free = {l for l in clause if value(a, l) is None}
        if not free:
            return True
        if len(free) != 1:
            return False
        (l,) = free
        a[abs(l)] = l > 0
    return False


def lemma_ok(db, lits, hints):
    a0 = falsify({}, lits)
    if a0 is None:
        return True  # a tautology
    positive = list(itertools.takewhile(lambda h: h > 0, hints))
    rest = hints[len(positive):]
    # The positive prefix: a conflict proves the lemma (RUP); a bad hint fails it.
    a = dict(a0)
    for h in positive:
        clause = db.get(h)
        if clause is None or any(value(a, l) is True for l in clause):
            return False
        free = {l for l in clause if value(a, l) is None}
        if not free:
            return True
        if len(free) != 1:
            return False
        (l,) = free
        a[abs(l)] = l > 0
    # RAT on the first literal.
    if not lits:
        return False
    if rest and rest[0] > 0:
        return False
    groups = {}
    cur = None
    for h in rest:
        if h < 0:
            cur = -h
            groups[cur] = []
        else:
            groups[cur].append(h)
    pivot = lits[0]
    for cid, clause in db.items():
        if -pivot not in clause:
            continue
        a1 = falsify(a, [l for l in clause if l != -pivot])
        if a1 is None:
            continue
        if cid not in groups or not unit_chain(db, a1, groups[cid]):
            return False
    return True


def verdict(cnf_bytes, lrat_bytes):
    try:
        _, clauses = parse_dimacs(cnf_bytes)
    except Malformed as e:
        return 2, "CNF: %s" % e
    db = {i + 1: list(c) for i, c in enumerate(clauses)}
    try:
        for st in steps(lrat_bytes):
            if st[0] == "d":
                for i in st[1]:
                    db.pop(i, None)
                continue
            _, sid, lits, hints = st
            if not lemma_ok(db, lits, hints):
                return 1, "step %d rejected" % sid
            if not lits:
                return 0, "empty clause at step %d" % sid
            db[sid] = list(lits)
    except Malformed as e:
        return 2, "LRAT: %s" % e
    return 1, "no empty clause"


def satisfiable(clauses):
    vs = sorted({abs(l) for c in clauses for l in c})
    if len(vs) > 16:
        raise ValueError("too many variables for brute force")
    for bits in range(1 << len(vs)):
        val = {v: bool(bits >> i & 1) for i, v in enumerate(vs)}
        if all(any(val[abs(l)] == (l > 0) for l in c) for c in clauses):
            return True
    return False
