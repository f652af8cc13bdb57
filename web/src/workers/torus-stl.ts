//! A closed, watertight torus as a binary STL with an exact triangle count (2 × nu × nv).

export function torusStl(nu: number, nv: number, major = 40, minor = 12): ArrayBuffer {
  const triangles = 2 * nu * nv;
  const buffer = new ArrayBuffer(84 + 50 * triangles);
  const view = new DataView(buffer);
  view.setUint32(80, triangles, true);
  // Vertices computed once in f32, so that shared corners are bit-identical (an exact weld closes it).
  const grid = new Float32Array(nu * nv * 3);
  for (let i = 0; i < nu; i++) {
    const u = (2 * Math.PI * i) / nu;
    for (let j = 0; j < nv; j++) {
      const v = (2 * Math.PI * j) / nv;
      const k = (i * nv + j) * 3;
      grid[k] = (major + minor * Math.cos(v)) * Math.cos(u);
      grid[k + 1] = (major + minor * Math.cos(v)) * Math.sin(u);
      grid[k + 2] = minor * Math.sin(v);
    }
  }
  let offset = 84;
  const put = (a: number, b: number, c: number) => {
    offset += 12; // normal left at zero, as many exporters do
    for (const p of [a, b, c]) {
      view.setFloat32(offset, grid[p * 3], true);
      view.setFloat32(offset + 4, grid[p * 3 + 1], true);
      view.setFloat32(offset + 8, grid[p * 3 + 2], true);
      offset += 12;
    }
    offset += 2;
  };
  for (let i = 0; i < nu; i++) {
    const i1 = (i + 1) % nu;
    for (let j = 0; j < nv; j++) {
      const j1 = (j + 1) % nv;
      const a = i * nv + j;
      const b = i1 * nv + j;
      const c = i1 * nv + j1;
      const d = i * nv + j1;
      put(a, b, c);
      put(a, c, d);
    }
  }
  return buffer;
}
