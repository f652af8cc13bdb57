#!/usr/bin/env python3
"""Times the Python peers in-process (interpreter start and imports excluded), N runs each.

    python bench/peers.py MODE FILE [RUNS]

MODE: numpy_vec (numpy-stl load + vectorised volume), numpy_mass (numpy-stl get_mass_properties,
with its pure-Python exact edge check), trimesh (load + is_watertight + volume + area).
Prints one JSON line: {"mode", "runs", "min_s", "median_s", "cpu_min_s", "result"}
(cpu_min_s: user + system CPU time, steadier than wall time on a shared machine).
"""

import json
import statistics
import sys
import time


def numpy_vec(path):
    import numpy as np
    from stl import mesh

    m = mesh.Mesh.from_file(path)
    v0, v1, v2 = (m.vectors[:, i, :].astype(np.float64) for i in range(3))
    volume = float(np.einsum("ij,ij->i", v0, np.cross(v1, v2)).sum() / 6.0)
    return {"triangles": len(m.vectors), "volume_mm3": volume}


def numpy_mass(path):
    from stl import mesh

    m = mesh.Mesh.from_file(path)
    volume, _cog, _inertia = m.get_mass_properties()
    return {"triangles": len(m.vectors), "volume_mm3": float(volume)}


def trimesh_all(path):
    import trimesh

    m = trimesh.load(path, force="mesh")
    return {
        "triangles": len(m.faces),
        "watertight": bool(m.is_watertight),
        "volume_mm3": float(m.volume),
        "area_mm2": float(m.area),
    }


MODES = {"numpy_vec": numpy_vec, "numpy_mass": numpy_mass, "trimesh": trimesh_all}


def main():
    mode, path = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    fn = MODES[mode]
    # Import once outside the timed region (the figures time the work, not the imports).
    if mode == "trimesh":
        import trimesh  # noqa: F401
    else:
        import stl  # noqa: F401
    times, cpu, result = [], [], None
    for _ in range(runs):
        t0, c0 = time.perf_counter(), time.process_time()
        result = fn(path)
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    print(json.dumps({"mode": mode, "runs": runs, "min_s": min(times),
                      "median_s": statistics.median(times), "cpu_min_s": min(cpu), "result": result}))


if __name__ == "__main__":
    main()
