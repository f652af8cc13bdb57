// The memory of a page's Web Workers, read through the Chrome DevTools Protocol: each worker's
// JavaScript heap (Runtime.getHeapUsage) and the linear memory of its WebAssembly instances (every
// WebAssembly.Memory in its heap, found with Runtime.queryObjects). A WebAssembly memory only
// grows, so its size once a file is read is the peak of the engine's heap for that file.
//
// playwright-core hands out CDP sessions for pages only: the workers are reached from the page's
// session with the protocol's non-flat attachment (Target.setAutoAttach with flatten false), their
// commands and answers carried by Target.sendMessageToTarget / Target.receivedMessageFromTarget.

/** How long a worker may take to answer one protocol command. */
const ANSWER_MS = 10_000;

/**
 * `promise`, or a rejection naming `what` after `ms`: playwright-core's DevTools sessions wait
 * for an answer without limit, and a page that stops answering them must fail the case, not
 * hold the whole run (seen once in CI: a case that never started, 15 minutes).
 */
export function bounded(promise, ms, what) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Watches the dedicated workers of `page`; `sample()` reads the memory of each one alive. */
export async function watchWorkerMemory(page) {
  const cdp = await bounded(page.context().newCDPSession(page), ANSWER_MS, 'DevTools session of the page');
  /** sessionId -> the worker's URL, for the workers alive. */
  const workers = new Map();
  const pending = new Map();
  let nextId = 1;
  cdp.on('Target.attachedToTarget', ({ sessionId, targetInfo }) => {
    if (targetInfo.type === 'worker') workers.set(sessionId, targetInfo.url);
  });
  cdp.on('Target.detachedFromTarget', ({ sessionId }) => {
    workers.delete(sessionId);
    for (const [key, p] of pending) {
      if (key.startsWith(`${sessionId}:`)) {
        pending.delete(key);
        p.reject(new Error('worker detached'));
      }
    }
  });
  cdp.on('Target.receivedMessageFromTarget', ({ sessionId, message }) => {
    const m = JSON.parse(message);
    const key = `${sessionId}:${m.id}`;
    const p = pending.get(key);
    if (!p) return;
    pending.delete(key);
    if (m.error) p.reject(new Error(`${m.error.message} (${m.error.code})`));
    else p.resolve(m.result);
  });
  await bounded(cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false }), ANSWER_MS, 'Target.setAutoAttach');

  /**
   * Sends one command to a worker and waits for its answer, at most `ANSWER_MS`: a worker that
   * never answers (seen once with a worker the page had just replaced) must not hang the sampler.
   */
  function send(sessionId, method, params = {}) {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(`${sessionId}:${id}`);
        reject(new Error(`${method}: no answer from the worker in ${ANSWER_MS} ms`));
      }, ANSWER_MS);
      const settle = (f) => (value) => {
        clearTimeout(timer);
        f(value);
      };
      resolve = settle(resolve);
      reject = settle(reject);
      pending.set(`${sessionId}:${id}`, { resolve, reject });
      cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch((error) => {
        pending.delete(`${sessionId}:${id}`);
        reject(error);
      });
    });
  }

  /** Bytes of linear memory of every WebAssembly instance of the worker. */
  async function wasmBytes(sessionId) {
    const proto = await send(sessionId, 'Runtime.evaluate', { expression: 'WebAssembly.Memory.prototype' });
    const found = await send(sessionId, 'Runtime.queryObjects', { prototypeObjectId: proto.result.objectId });
    const total = await send(sessionId, 'Runtime.callFunctionOn', {
      objectId: found.objects.objectId,
      functionDeclaration: 'function () { return this.reduce((sum, m) => sum + m.buffer.byteLength, 0); }',
      returnByValue: true,
    });
    await send(sessionId, 'Runtime.releaseObjectGroup', { objectGroup: '' }).catch(() => undefined);
    return { bytes: total.result.value, memories: found.objects.description };
  }

  return {
    /** Each worker alive: its URL, JS heap used and allocated, and WebAssembly memory, bytes. */
    async sample() {
      const out = [];
      for (const [sessionId, url] of workers) {
        try {
          const heap = await send(sessionId, 'Runtime.getHeapUsage');
          const wasm = await wasmBytes(sessionId);
          out.push({ url, heapUsed: heap.usedSize, heapTotal: heap.totalSize, wasm: wasm.bytes, memories: wasm.memories });
        } catch {
          // A worker that ends while being read (the page's spare, replaced) is left out.
        }
      }
      return out;
    },
    /** How many workers the page has now. */
    count: () => workers.size,
    async close() {
      await bounded(cdp.detach(), ANSWER_MS, 'detaching the DevTools session').catch(() => undefined);
    },
  };
}
