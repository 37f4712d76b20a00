#!/usr/bin/env python3
"""Allreduce: the step optimum against the composition reduce-scatter + allgather (issue 28).

For every instance: `schedcert synthesize -n NET -m MODEL -p allreduce -M M -q -o opt.json
--composition-output comp.json` (the composition's halves are each the optimum of their own walk;
the exact query then says whether anything shorter exists), then `schedcert cost opt.json
comp.json --size SIZES` (predicted time, synchronised steps, and the lower bound on time).
Prints a markdown table for docs/synthesis.md ("Reduce-scatter + allgather").
Usage: python3 bench/allreduce_composition.py [--schedcert build/schedcert] [--nets C5,Q3,...]
"""
import argparse, os, re, subprocess, tempfile, time

NETS = ["C5", "C8", "Q3", "dgx1", "Q4", "K4xK2", "graph:docs/examples/networks/hier2x4.json"]
NODES = {"C5": 5, "C6": 6, "C7": 7, "C8": 8, "Q3": 8, "dgx1": 8, "Q4": 16, "K4xK2": 8,
         "graph:docs/examples/networks/hier2x4.json": 8}


def cost_rows(sc, files, sizes):
    out = subprocess.run([sc, "cost", *files, "--size", sizes], capture_output=True, text=True).stdout
    rows, cur = {}, None
    for line in out.splitlines():
        m = re.match(r"^(\S+\.json): ", line)
        if m:
            cur = m.group(1)
            rows[cur] = []
        elif cur and re.match(r"^\s+\d+(\.\d+)? [KMG]iB\s", line):
            f = line.split()
            rows[cur].append((f[0] + " " + f[1], f[4] + " " + f[5], f[6] + " " + f[7]))
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--schedcert", default="build/schedcert")
    ap.add_argument("--nets", default=",".join(NETS))
    ap.add_argument("--models", default="all-port,single-port-full")
    ap.add_argument("--sizes", default="1MiB,1GiB")
    a = ap.parse_args()
    print("| network | model | M | composition (steps) | step optimum | exact query says | wall (s) | "
          "time at " + " / ".join(a.sizes.split(",")) + ": step optimum vs composition (lower bound) |")
    print("|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for net in a.nets.split(","):
            for model in a.models.split(","):
                for m in (1, NODES[net]):
                    opt_js, comp_js = os.path.join(tmp, "opt.json"), os.path.join(tmp, "comp.json")
                    for f in (opt_js, comp_js):
                        if os.path.exists(f): os.remove(f)
                    t0 = time.time()
                    p = subprocess.run([a.schedcert, "synthesize", "-n", net, "-m", model, "-p", "allreduce",
                                        "-M", str(m), "-q", "-o", opt_js, "--composition-output", comp_js],
                                       capture_output=True, text=True)
                    wall = time.time() - t0
                    comp = re.search(r"^composition: (.*) = (\d+) steps?", p.stdout, re.M)
                    opt = re.search(r"^optimum: (\d+)", p.stdout, re.M)
                    says = re.search(r"^composition .*?: (the exact query beats it by \d+ steps?|no shorter allreduce exists)",
                                     p.stdout, re.M)
                    times = "-"
                    if os.path.exists(opt_js) and os.path.exists(comp_js):
                        rows = cost_rows(a.schedcert, [opt_js, comp_js], a.sizes)
                        o, c = rows.get(opt_js, []), rows.get(comp_js, [])
                        times = "; ".join("%s vs %s (%s)" % (x[1], y[1], x[2]) for x, y in zip(o, c))
                    name = net.replace("graph:docs/examples/networks/", "")
                    print("| %s | %s | %d | %s | %s | %s | %.2f | %s |" % (
                        name, model, m, ("%s: %s" % (comp.group(2), comp.group(1))) if comp else "none (exit %d)" % p.returncode,
                        opt.group(1) if opt else "unknown (exit %d)" % p.returncode,
                        says.group(1) if says else "-", wall, times))


if __name__ == "__main__":
    main()
