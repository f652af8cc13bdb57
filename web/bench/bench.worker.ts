//! The benchmark's worker: the same 1,000,000-triangle STL through quote-wasm (quick stats, full
//! analysis) and through three's STLLoader plus a JavaScript volume loop.
import * as Comlink from 'comlink';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import init, { analyze, quickStats, QuickStatsStream } from '@/wasm/pkg/quote_wasm';
import { torusStl } from '@/workers/torus-stl';

const ready = init();
/** Piece size of the streamed quick stats (a `Blob` stream gives pieces of this order). */
const PIECE = 1 << 20;
let stl: ArrayBuffer | null = null;

export interface Run {
  ms: number;
  triangles: number;
  volume_mm3: number;
  area_mm2: number;
  watertight?: boolean;
}

function bytes(): ArrayBuffer {
  if (!stl) throw new Error('prepare first');
  return stl;
}

const api = {
  async prepare(nu: number, nv: number): Promise<number> {
    await ready;
    stl = torusStl(nu, nv);
    return stl.byteLength;
  },

  /** three's STLLoader, then volume, area and box accumulated in f64 over its positions. */
  async js(): Promise<Run> {
    const t0 = performance.now();
    const geometry = new STLLoader().parse(bytes());
    const p = geometry.getAttribute('position').array as Float32Array;
    let volume = 0;
    let area = 0;
    const min = [Infinity, Infinity, Infinity];
    const max = [-Infinity, -Infinity, -Infinity];
    for (let i = 0; i < p.length; i += 9) {
      const ax = p[i], ay = p[i + 1], az = p[i + 2];
      const bx = p[i + 3], by = p[i + 4], bz = p[i + 5];
      const cx = p[i + 6], cy = p[i + 7], cz = p[i + 8];
      volume += (ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx)) / 6;
      const ux = bx - ax, uy = by - ay, uz = bz - az;
      const vx = cx - ax, vy = cy - ay, vz = cz - az;
      const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
      area += Math.sqrt(nx * nx + ny * ny + nz * nz) / 2;
      for (let k = 0; k < 9; k += 3) {
        for (let d = 0; d < 3; d++) {
          const x = p[i + k + d];
          if (x < min[d]) min[d] = x;
          if (x > max[d]) max[d] = x;
        }
      }
    }
    const ms = performance.now() - t0;
    geometry.dispose();
    return { ms, triangles: p.length / 9, volume_mm3: Math.abs(volume), area_mm2: area };
  },

  /** quote-wasm's parse + volume + area + box (no weld), the file handed over in 1 MiB pieces
   * as the quote worker reads a dropped file: no 50 MB copy into WebAssembly memory. */
  async quickStream(): Promise<Run> {
    const t0 = performance.now();
    const all = bytes();
    const stream = new QuickStatsStream('bench.stl', all.byteLength, 'mm');
    for (let off = 0; off < all.byteLength; off += PIECE) {
      stream.push(new Uint8Array(all, off, Math.min(PIECE, all.byteLength - off)));
    }
    const s = JSON.parse(stream.finish());
    stream.free();
    return { ms: performance.now() - t0, triangles: s.triangles, volume_mm3: s.volume_mm3, area_mm2: s.area_mm2 };
  },

  /** The same from the whole file copied at once into WebAssembly memory. */
  async quick(): Promise<Run> {
    const t0 = performance.now();
    const s = JSON.parse(quickStats('bench.stl', new Uint8Array(bytes()), 'mm'));
    return { ms: performance.now() - t0, triangles: s.triangles, volume_mm3: s.volume_mm3, area_mm2: s.area_mm2 };
  },

  /** quote-wasm's full analysis as the quote page runs it: parse, exact weld, topology, shells,
   * watertightness, overhangs and supports, fit per process, sampled wall thickness. */
  async full(): Promise<Run> {
    const t0 = performance.now();
    const r = analyze('bench.stl', new Uint8Array(bytes()), 'mm', null);
    const a = JSON.parse(r.analysisJson);
    const ms = performance.now() - t0;
    r.free();
    return { ms, triangles: a.triangles, volume_mm3: a.volume_mm3, area_mm2: a.area_mm2, watertight: a.watertight };
  },

  /** The preview after the analysis (flags with thin-wall rays, non-indexed buffers), alone. */
  async preview(): Promise<Run> {
    const r = analyze('bench.stl', new Uint8Array(bytes()), 'mm', null);
    const a = JSON.parse(r.analysisJson);
    const t0 = performance.now();
    r.buildPreview();
    const positions = r.takePositions();
    const ms = performance.now() - t0;
    r.free();
    return { ms, triangles: positions.length / 9, volume_mm3: a.volume_mm3, area_mm2: a.area_mm2 };
  },
};

export type BenchApi = typeof api;
Comlink.expose(api);
