#!/usr/bin/env python3
"""Independent cross-check of the whole-values allreduce optimum on rings (docs/synthesis.md,
"Allreduce"): breadth-first search over the holdings of C_n (M = 1, all-port), every node
either sends its whole current value on each of its two links or not, under the verifier's
receive rule (the partial sums a node receives in a step are pairwise disjoint and disjoint
from its value; a complete value overwrites), states reduced by the ring's rotations and
reflections. Shares no code with the CNF. Usage: python3 bench/allreduce_ring_brute.py N MAX_T
(C5 in seconds; C6 does not finish T = 3 in 400 s on this machine).
"""
import sys, itertools
n = int(sys.argv[1]); maxT = int(sys.argv[2])
FULL = (1 << n) - 1
links = [(u, (u + d) % n) for u in range(n) for d in (1, n - 1)]
def canon(st):
    best = None
    for r in range(n):
        for refl in (False, True):
            def mp(v): return ((-v if refl else v) + r) % n
            new = [0] * n
            for v in range(n):
                m = 0
                for s in range(n):
                    if st[v] >> s & 1: m |= 1 << mp(s)
                new[mp(v)] = m
            t = tuple(new)
            if best is None or t < best: best = t
    return best
start = tuple(1 << v for v in range(n))
level = {canon(start)}
for T in range(1, maxT + 1):
    nxt = set()
    for st in level:
        for mask in range(1 << len(links)):
            new = list(st); ok = True
            inc = [[] for _ in range(n)]
            for k, (u, v) in enumerate(links):
                if mask >> k & 1: inc[v].append(st[u])
            for v in range(n):
                acc = st[v]; full = False
                for p in inc[v]:
                    if p == FULL: full = True; continue
                    if acc & p: ok = False; break
                    acc |= p
                if not ok: break
                new[v] = FULL if full else acc
            if not ok: continue
            if all(x == FULL for x in new):
                print("n", n, "least T", T); sys.exit(0)
            nxt.add(canon(tuple(new)))
    level = nxt
    print("T", T, "impossible;", len(level), "states", flush=True)
