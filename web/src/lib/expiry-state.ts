//! Set between a 419 (or an account deletion) and the arrival on the home page: the login-only guards must not
//! send the user to the sign-in page while the app is already leaving for the home page.

let leaving = false;

export function markSessionExpiring(): void {
  leaving = true;
}

/** The departure did not happen (a refused account deletion): the guards apply again. */
export function cancelSessionExpiring(): void {
  leaving = false;
}

export function isSessionExpiring(): boolean {
  return leaving;
}

/** Called on each navigation: the flag ends once the home page is reached. */
export function onLocationChange(pathname: string): void {
  if (pathname === '/') leaving = false;
}
