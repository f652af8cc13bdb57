//! A navigation hook that non-React code (the error catalogue) can use to change route softly.

type Navigate = (to: string) => void | Promise<void>;

let navigateImpl: Navigate | null = null;

/** Called once by the app with the router's navigate function. */
export function registerNavigate(fn: Navigate | null): void {
  navigateImpl = fn;
}

/**
 * Navigates inside the app when the router is ready, else with a full page load. Resolves when
 * the router has finished (lazy pages loaded), so that callers can change state afterwards.
 */
export async function navigateTo(to: string): Promise<void> {
  if (navigateImpl) await navigateImpl(to);
  else window.location.assign(to);
}
