# Writes msccl-tools' serialized topology (links[dst][src] = 1 iff linked) of a schedcert
# network, for `python3 -m msccl solve ... custom --topology-file NAME.topology.json` (issue 28).
# Run with msccl-tools on PYTHONPATH:  python3 bench/sccl_make_topology.py Q4 K4xK2
#   Qd     the hypercube (one bit apart)
#   KaxKb  the product of complete graphs (node = i + a*j; linked iff exactly one coordinate
#          differs): K4xK2 is the 2x4 hierarchical machine (2 nodes of 4 fully connected GPUs,
#          GPU i of one node linked to GPU i of the other), schedcert's network `K4xK2`.
import itertools, sys
from msccl.topologies.topology import Topology
from msccl.serialization import save_msccl_object

def adjacency(name):
    if name.startswith('Q'):
        d = int(name[1:]); n = 1 << d
        return n, lambda a, b: bin(a ^ b).count('1') == 1
    a, b = (int(x) for x in name[1:].split('xK'))
    return a * b, lambda u, v: ((u % a != v % a) + (u // a != v // a)) == 1

for name in sys.argv[1:]:
    n, linked = adjacency(name)
    links = [[1 if linked(dst, src) else 0 for src in range(n)] for dst in range(n)]
    save_msccl_object(Topology(name, links), name + '.topology.json')
    print('wrote', name + '.topology.json', n, 'nodes', sum(map(sum, links)), 'directed links')
