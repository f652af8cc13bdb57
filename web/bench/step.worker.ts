//! The STEP benchmark's worker: one corpus file read by quote-core's STEP module (web/src/wasm/pkg-step:
//! read, tessellate and analyse, as the quote page does) and by occt-import-js (OpenCascade compiled
//! to WebAssembly: ReadStepFile, which reads and triangulates), in the same worker, one after the
//! other, so that both run under the same conditions.
import * as Comlink from 'comlink';
import occtimportjs from 'occt-import-js';
import occtWasmUrl from 'occt-import-js/dist/occt-import-js.wasm?url';
import initStep, { analyze } from '@/wasm/pkg-step/quote_wasm';

const ready = Promise.all([initStep(), occtimportjs({ locateFile: () => occtWasmUrl })]);

export interface StepRun {
  ms: number;
  /** Triangles of the mesh (0 when the file is refused). */
  triangles: number;
  /** Volume of the mesh, mm³ (ours: the analysis; OpenCascade's: summed here over its triangles). */
  volume_mm3: number | null;
  /** The refusal, when the file is not read. */
  error: string | null;
}

let file: Uint8Array | null = null;
let fileName = '';

function bytes(): Uint8Array {
  if (!file) throw new Error('load first');
  return file;
}

/** Signed volume of an indexed triangle mesh (divergence theorem), in the mesh's unit cubed. */
function meshVolume(p: number[], index: number[]): number {
  let v = 0;
  for (let i = 0; i < index.length; i += 3) {
    const a = 3 * index[i], b = 3 * index[i + 1], c = 3 * index[i + 2];
    v += p[a] * (p[b + 1] * p[c + 2] - p[b + 2] * p[c + 1])
      - p[a + 1] * (p[b] * p[c + 2] - p[b + 2] * p[c])
      + p[a + 2] * (p[b] * p[c + 1] - p[b + 1] * p[c]);
  }
  return v / 6;
}

const api = {
  /** Fetches one corpus file (served by run.mjs under /step-corpus/) and keeps its bytes. */
  async load(name: string): Promise<number> {
    await ready;
    // The worker's script lives under assets/: the corpus is at the server's root.
    const response = await fetch(`${self.location.origin}/step-corpus/${encodeURI(name)}`);
    if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
    file = new Uint8Array(await response.arrayBuffer());
    fileName = name;
    return file.byteLength;
  },

  /** quote-core (pkg-step): read the STEP, tessellate each solid, weld, analyse (the quote page's call). */
  async ours(): Promise<StepRun> {
    const t0 = performance.now();
    try {
      const r = analyze(fileName, bytes(), 'mm', null);
      const a = JSON.parse(r.analysisJson);
      const ms = performance.now() - t0;
      r.free();
      return { ms, triangles: a.triangles, volume_mm3: a.volume_mm3, error: null };
    } catch (e) {
      const message = (e as { message?: string }).message ?? String(e);
      return { ms: performance.now() - t0, triangles: 0, volume_mm3: null, error: message };
    }
  },

  /** occt-import-js: ReadStepFile with its default triangulation (millimetres). */
  async occt(): Promise<StepRun> {
    const [, occt] = await ready;
    const t0 = performance.now();
    const result = occt.ReadStepFile(bytes(), null);
    const ms = performance.now() - t0;
    if (!result.success) return { ms, triangles: 0, volume_mm3: null, error: 'ReadStepFile: success false' };
    let triangles = 0;
    let volume = 0;
    for (const m of result.meshes) {
      triangles += m.index.array.length / 3;
      volume += meshVolume(m.attributes.position.array, m.index.array);
    }
    return { ms, triangles, volume_mm3: Math.abs(volume), error: triangles === 0 ? 'aucun triangle' : null };
  },
};

export type StepBenchApi = typeof api;
Comlink.expose(api);
