//! New-build detection (periodic check of /version.json) and the chunk-reload guard.

export const BUILD_CHECK_INTERVAL_MS = 5 * 60_000;
export const CHUNK_RELOAD_GUARD_MS = 10_000;
const CHUNK_RELOAD_KEY = 'forme-additive:chunk-reload-at';

/** True when the server now serves another build than the one running. */
export async function isNewBuildAvailable(currentBuildId: string = __BUILD_ID__): Promise<boolean> {
  try {
    const response = await fetch(`/version.json?t=${Date.now()}`, { cache: 'no-store' });
    if (!response.ok) return false;
    const { buildId } = (await response.json()) as { buildId?: string };
    return typeof buildId === 'string' && buildId !== currentBuildId;
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
