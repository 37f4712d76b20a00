#!/usr/bin/env python3
"""The allreduce comparison table of docs/allreduce.md, measured by the tool.

For every allreduce construction, model and size: `schedcert generate`, then
`schedcert verify --json` (native engine) for steps, transmissions, item slots and the lower
bounds; chunk values (one partial sum of one chunk in one packet) are counted from the file.
Usage: python3 bench/allreduce_compare.py [--schedcert build/schedcert] [--dims 3,6]
"""
import argparse, json, os, subprocess, sys, tempfile

CASES = [  # (construction, models, extra options)
    ("allreduce-recursive-doubling", ["all-port", "single-port-full"], []),
    ("allreduce-halving-doubling", ["all-port", "single-port-full"], []),
    ("allreduce-mna-mnb", ["all-port", "single-port-full"], []),
    ("allreduce-tree", ["all-port", "single-port-full"], []),
]


def run(tool, args):
    return subprocess.run([tool] + args, capture_output=True, text=True)


def measure(tool, name, model, opts, tmp):
    path = os.path.join(tmp, "s.json")
    g = run(tool, ["generate", name, "-m", model, "-o", path] + opts)
    if g.returncode != 0:
        sys.exit("generate failed: %s %s\n%s" % (name, opts, g.stderr))
    v = run(tool, ["verify", path, "--json"])
    rep = json.loads(v.stdout)["reports"][0]
    with open(path) as f:
        doc = json.load(f)
    m = doc["problem"].get("messages", 1)
    values = 0
    for step in doc["steps"]:
        for tx in step:
            pk = tx[2] if isinstance(tx[2], list) else [tx[2]]
            values += len({i % m for i in pk})
    met = rep["metrics"]
    return (doc["network"], m, rep["engines"][0]["verdict"], met["steps"],
            rep["lower_bounds"]["steps"]["value"], met["transmissions"],
            rep["lower_bounds"]["transmissions"]["value"], met["item_transmissions"], values)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--schedcert", default="build/schedcert")
    ap.add_argument("--dims", default="3,6")
    a = ap.parse_args()
    dims = [int(x) for x in a.dims.split(",")]
    print("| construction | model | network | M | verdict | steps (bound) | transmissions (bound) "
          "| item slots (bound M N (N-1)) | chunk values (bound 2M(N-1)) |")
    print("|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        rows = []
        for d in dims:
            for name, models, opts in CASES:
                for model in models:
                    rows.append((name, model, ["--dim", str(d)] + opts))
            # the same vector cut into N chunks, for a volume comparison with halving-doubling
            rows.append(("allreduce-recursive-doubling", "all-port",
                         ["--dim", str(d), "--messages", str(2 ** d)]))
        for n in (1, 2, 3):
            rows.append(("allreduce-mna-mnb-torus", "all-port", ["--dim", str(n)]))
            rows.append(("allreduce-tree-torus", "all-port", ["--dim", str(n)]))
            rows.append(("allreduce-torus-rings", "all-port", ["--dim", str(n)]))
        for n in (1, 2):
            rows.append(("allreduce-torus-rings", "all-port", ["--dim", str(n), "--radix", "5"]))
        for name, model, opts in rows:
            net, m, verdict, st, stb, tx, txb, slots, values = measure(a.schedcert, name, model, opts, tmp)
            nn = txb // 2 + 1  # N, from the transmission bound 2N - 2
            print("| %s | %s | %s | %d | %s | %d (%d) | %d (%d) | %d (%d) | %d (%d) |" % (
                name, model, net, m, verdict, st, stb, tx, txb, slots, m * nn * (nn - 1),
                values, 2 * m * (nn - 1)))


if __name__ == "__main__":
    main()
