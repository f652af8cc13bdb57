// Two builds of quote-wasm side by side in one Node process, beside three's STLLoader plus the
// JavaScript volume loop of bench.worker.ts, on the same generated torus: each round runs every
// path once, in turn, and each path's ratio to the JS path is taken within its round (the
// machine's speed drifts between rounds). Builds from different source trees must come from
// different target directories (or be copied aside after each build), so that they differ.
//
//   node web/bench/node-ab.mjs PKG_DIR_A PKG_DIR_B [--nu 1000 --nv 500 --runs 9]
//
// PKG_DIR: a wasm-pack `--target web` output (quote_wasm.js + quote_wasm_bg.wasm).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const dirs = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && !all[i - 1]?.startsWith('--'));
const runs = Number(arg('runs', 9));
/** The page's torus (web/src/workers/torus-stl.ts, which Node 20 cannot import as TypeScript). */
function torusStl(nu, nv, major = 40, minor = 12) {
  const buffer = new ArrayBuffer(84 + 50 * 2 * nu * nv);
  const view = new DataView(buffer);
  view.setUint32(80, 2 * nu * nv, true);
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
  const put = (...corners) => {
    offset += 12;
    for (const p of corners) {
      for (let d = 0; d < 3; d++) view.setFloat32(offset + 4 * d, grid[p * 3 + d], true);
      offset += 12;
    }
    offset += 2;
  };
  for (let i = 0; i < nu; i++) {
    for (let j = 0; j < nv; j++) {
      const [a, b, c, d] = [i * nv + j, ((i + 1) % nu) * nv + j, ((i + 1) % nu) * nv + ((j + 1) % nv), i * nv + ((j + 1) % nv)];
      put(a, b, c);
      put(a, c, d);
    }
  }
  return buffer;
}

const bytes = new Uint8Array(torusStl(Number(arg('nu', 1000)), Number(arg('nv', 500))));

async function load(dir) {
  // A query string per directory, so that Node loads each build's glue as its own module.
  const url = pathToFileURL(join(resolve(dir), 'quote_wasm.js')).href + `?${encodeURIComponent(dir)}`;
  const m = await import(url);
  m.initSync({ module: readFileSync(join(dir, 'quote_wasm_bg.wasm')) });
  return m;
}

function js() {
  const geometry = new STLLoader().parse(bytes.buffer);
  const p = geometry.getAttribute('position').array;
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
  return [Math.abs(volume), area, min, max];
}

const builds = [];
for (const dir of dirs) builds.push([dir, await load(dir)]);
const full = (m) => () => {
  const r = m.analyze('bench.stl', bytes, 'mm', null);
  const a = JSON.parse(r.analysisJson);
  r.free();
  return a.volume_mm3;
};
const paths = [['three STLLoader + boucle JS', js], ...builds.map(([dir, m]) => [`analyse complète (${dir})`, full(m)])];
for (const [, run] of paths) run(); // warm-up
const times = paths.map(() => []);
for (let r = 0; r < runs; r++) {
  for (const [k, [, run]] of paths.entries()) {
    const t0 = performance.now();
    run();
    times[k].push(performance.now() - t0);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`# ${bytes.length} bytes, ${runs} rounds, Node ${process.version}`);
for (const [k, [name]] of paths.entries()) {
  const ratio = median(times[k].map((t, i) => t / times[0][i]));
  console.log(`| ${name} | ${median(times[k]).toFixed(0)} ms | ${ratio.toFixed(2)} |`);
}
if (builds.length === 2) {
  const ab = median(times[2].map((t, i) => t / times[1][i]));
  console.log(`second build / first build (median of the rounds' ratios): ${ab.toFixed(3)}`);
}
