#!/usr/bin/env python3
# p50/p90 in microseconds of each mode's '@@bench latency MODE ns...' lines in each raw file given
import sys, statistics
for f in sys.argv[1:]:
    d = {}
    for line in open(f, errors='replace'):
        p = line.split()
        if len(p) > 3 and p[0] == '@@bench' and p[1] == 'latency':
            d.setdefault(p[2], []).extend(int(x) for x in p[3:])
    def q(v, r): v = sorted(v); return v[min(len(v)-1, int(r*len(v)))] / 1000
    print(f, '  '.join(f"{m}: n={len(v)} p50={q(v,.5):.0f} p90={q(v,.9):.0f}" for m, v in d.items()))
