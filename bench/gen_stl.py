#!/usr/bin/env python3
"""Writes a closed, one-shell binary STL of a torus with exactly N triangles (default 1,000,000).

    python3 bench/gen_stl.py OUT.stl [TRIANGLES]

Standard library only. The torus grid is nu x nv quads (2 triangles each), with nv = 500 and
nu = TRIANGLES / 1000, so the mesh is watertight and consistently oriented (outward).
"""

import math
import struct
import sys


def main():
    out = sys.argv[1]
    triangles = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
    nv = 500
    if triangles % (2 * nv):
        sys.exit(f"TRIANGLES must be a multiple of {2 * nv}")
    nu = triangles // (2 * nv)
    big_r, small_r = 60.0, 20.0
    pts = []
    for i in range(nu):
        u = 2 * math.pi * i / nu
        cu, su = math.cos(u), math.sin(u)
        for j in range(nv):
            w = 2 * math.pi * j / nv
            d = big_r + small_r * math.cos(w)
            pts.append(struct.pack("<3f", d * cu, d * su, small_r * math.sin(w)))
    zero_normal = struct.pack("<3f", 0.0, 0.0, 0.0)
    with open(out, "wb") as f:
        f.write(b"Forme Additive benchmark torus".ljust(80, b" "))
        f.write(struct.pack("<I", triangles))
        chunk = []
        for i in range(nu):
            i1 = (i + 1) % nu
            for j in range(nv):
                j1 = (j + 1) % nv
                a, b, c, d = i * nv + j, i1 * nv + j, i1 * nv + j1, i * nv + j1
                chunk.append(zero_normal + pts[a] + pts[b] + pts[c] + b"\0\0")
                chunk.append(zero_normal + pts[a] + pts[c] + pts[d] + b"\0\0")
            if len(chunk) > 100_000:
                f.write(b"".join(chunk))
                chunk = []
        f.write(b"".join(chunk))


if __name__ == "__main__":
    main()
