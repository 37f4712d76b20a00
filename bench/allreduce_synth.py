#!/usr/bin/env python3
"""The allreduce synthesis table of docs/synthesis.md ("Allreduce"), measured by the tool.

For every instance: `schedcert synthesize -n NET -m MODEL -p allreduce -M M -q --no-bounds
--no-known-upper [--allreduce-any-subsets] -o s.json` (every T from 0 up answered by the
allreduce CNF: T - 1 refuted by CaDiCaL with the DRAT and Coq-verified LRAT checks, the optimum
found and verified natively), then `export msccl` and `import msccl` of the schedule. Prints a
markdown table: optimum, the T - 1 query's search and check CPU seconds (from its certificate),
the command's wall and CPU (user + sys) time, and the MSCCL-IR round trip's exit codes.
Usage: python3 bench/allreduce_synth.py [--schedcert build/schedcert] [--timeout 300]
"""
import argparse, os, re, resource, subprocess, sys, tempfile, time

NETS = ["C5", "C6", "C7", "C8", "Q3", "dgx1", "Q4", "K4xK2"]
NODES = {"C5": 5, "C6": 6, "C7": 7, "C8": 8, "Q3": 8, "dgx1": 8, "Q4": 16, "K4xK2": 8,
         "graph:docs/examples/networks/hier2x4.json": 8}


def run(cmd, timeout):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.time()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        out, rc = p.stdout, p.returncode
    except subprocess.TimeoutExpired:
        out, rc = "", "timeout"
    wall = time.time() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return out, rc, wall, cpu


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--schedcert", default="build/schedcert")
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("--nets", default=",".join(NETS))
    ap.add_argument("--models", default="all-port,single-port-full")
    a = ap.parse_args()
    print("| network | model | M | reading | optimum | T - 1: answered in (wall, incl. checks) / DRAT check / LRAT check (CPU s) | "
          "whole run wall / CPU (s) | export msccl, import (data flow), import --network --model |")
    print("|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for net in a.nets.split(","):
            for model in a.models.split(","):
                for m in (1, NODES[net]):
                    for any_subsets in (False, True):
                        js, xml = os.path.join(tmp, "s.json"), os.path.join(tmp, "s.xml")
                        for f in (js, xml):
                            if os.path.exists(f): os.remove(f)
                        cmd = [a.schedcert, "synthesize", "-n", net, "-m", model, "-p", "allreduce",
                               "-M", str(m), "-q", "--no-bounds", "--no-known-upper",
                               "--timeout", str(a.timeout), "-o", js]
                        if any_subsets: cmd.append("--allreduce-any-subsets")
                        out, rc, wall, cpu = run(cmd, a.timeout + 60)
                        opt = re.search(r"optimum: (\d+)", out)
                        below = re.search(r"T = (\d+): impossible \(([^)]*)\)\n  certificate: (.*)", out)
                        search = drat = lrat = "-"
                        if below:
                            c = below.group(3)
                            d = re.search(r"DRAT checked \(\d+ lemmas, ([0-9.e-]+) s CPU\)", c)
                            l = re.search(r"VERIFIED UNSAT, ([0-9.e-]+) s CPU", c)
                            drat = "%.3f" % float(d.group(1)) if d else "-"
                            lrat = "%.3f" % float(l.group(1)) if l else "-"
                            search = below.group(2)
                        ex = im = flow = "-"
                        if rc == 0:
                            _, ex, _, _ = run([a.schedcert, "export", "msccl", js, "-o", xml], 120)
                            if ex == 0:
                                _, flow, _, _ = run([a.schedcert, "import", "msccl", xml], 120)
                                _, im, _, _ = run([a.schedcert, "import", "msccl", xml, "--network", net,
                                                   "--model", model], 120)
                        print("| %s | %s | %d | %s | %s | %s / %s / %s | %.2f / %.2f | exit %s, %s, %s |" % (
                            net, model, m, "any subsets" if any_subsets else "whole values",
                            opt.group(1) if opt else "unknown (exit %s)" % rc, search, drat, lrat,
                            wall, cpu, ex, flow, im))
                        sys.stdout.flush()


if __name__ == "__main__":
    main()
