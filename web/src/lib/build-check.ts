//! New-build detection (periodic check of the static /build-id.json, then /build-manifest.json)
//! and the chunk-reload guard.

export const BUILD_CHECK_INTERVAL_MS = 5 * 60_000;
export const CHUNK_RELOAD_GUARD_MS = 10_000;
const CHUNK_RELOAD_KEY = 'forme-additive:chunk-reload-at';

/** The build manifest (`build-manifest.json`): the build's id, entry scripts and files. */
export interface BuildManifest {
  buildId: string;
  entry: string[];
  files: string[];
}

async function fetchJson<T>(path: string): Promise<T | null> {
  const response = await fetch(`${path}?t=${Date.now()}`, { cache: 'no-store' });
  return response.ok ? ((await response.json()) as T) : null;
}

/** The manifest of the build the server serves now, or null when it has none (yet). */
export async function fetchBuildManifest(): Promise<BuildManifest | null> {
  const manifest = await fetchJson<Partial<BuildManifest>>('/build-manifest.json');
  if (!manifest || typeof manifest.buildId !== 'string' || !Array.isArray(manifest.files)) return null;
  return { buildId: manifest.buildId, entry: manifest.entry ?? [], files: manifest.files };
}

/**
 * True when the server now serves another, complete build than the one running: the latest build
 * id differs, and the manifest of that same build is in place (a deployment half copied is not).
 */
export async function isNewBuildAvailable(currentBuildId: string = __BUILD_ID__): Promise<boolean> {
  try {
    const latest = await fetchJson<{ buildId?: string }>('/build-id.json');
    const buildId = latest?.buildId;
    if (typeof buildId !== 'string' || buildId === currentBuildId) return false;
    const manifest = await fetchBuildManifest();
    return manifest?.buildId === buildId;
  } catch {
    return false;
  }
}

/** Checks now and then every interval, and when the tab comes back; reloads on a new build. */
export function startBuildCheck(intervalMs = BUILD_CHECK_INTERVAL_MS): () => void {
  const check = async () => {
    if (await isNewBuildAvailable()) window.location.reload();
  };
  const timer = window.setInterval(check, intervalMs);
  const onVisible = () => {
    if (document.visibilityState === 'visible') void check();
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /dynamically imported module|Importing a module script failed|error loading dynamically|ChunkLoadError|Failed to fetch/i.test(
    message,
  );
}

/** Whether a chunk error may still reload the page (no reload in the last 10 s). Reads only. */
export function mayReloadForChunk(storage: Storage = window.sessionStorage, now = Date.now()): boolean {
  return now - Number(storage.getItem(CHUNK_RELOAD_KEY) ?? 0) >= CHUNK_RELOAD_GUARD_MS;
}

/**
 * Reloads the page once for a lazy chunk that failed to load (an old build's file is gone).
 * Returns false when a reload already happened in the last 10 s: the error page shows instead.
 */
export function reloadForChunkError(storage: Storage = window.sessionStorage, now = Date.now(), reload = () => window.location.reload()): boolean {
  if (!mayReloadForChunk(storage, now)) return false;
  storage.setItem(CHUNK_RELOAD_KEY, String(now));
  reload();
  return true;
}
