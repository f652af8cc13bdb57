import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchBuildManifest, isNewBuildAvailable } from '../build-check';

/** A fetch answering each static JSON path with its body (404 for others), recording the calls. */
function serve(files: Record<string, unknown>) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    const path = input.split('?')[0];
    calls.push(path);
    if (!(path in files)) return new Response('', { status: 404 });
    return new Response(JSON.stringify(files[path]), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('build check', () => {
  it('fetches the latest build id and the build manifest as static JSON', async () => {
    const calls = serve({
      '/build-id.json': { buildId: 'b2' },
      '/build-manifest.json': { buildId: 'b2', entry: ['assets/index-2.js'], files: ['assets/index-2.js', 'index.html'] },
    });
    expect(await isNewBuildAvailable('b1')).toBe(true);
    expect(calls).toEqual(['/build-id.json', '/build-manifest.json']);
    expect(await fetchBuildManifest()).toEqual({ buildId: 'b2', entry: ['assets/index-2.js'], files: ['assets/index-2.js', 'index.html'] });
  });

  it('stays on the running build when the id is the same', async () => {
    const calls = serve({ '/build-id.json': { buildId: 'b1' } });
    expect(await isNewBuildAvailable('b1')).toBe(false);
    expect(calls).toEqual(['/build-id.json']);
  });

  it('waits while the new build’s manifest is missing or names another build', async () => {
    serve({ '/build-id.json': { buildId: 'b2' } });
    expect(await isNewBuildAvailable('b1')).toBe(false);
    serve({ '/build-id.json': { buildId: 'b2' }, '/build-manifest.json': { buildId: 'b1', entry: [], files: [] } });
    expect(await isNewBuildAvailable('b1')).toBe(false);
  });

  it('never throws on a network failure', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await isNewBuildAvailable('b1')).toBe(false);
  });
});
