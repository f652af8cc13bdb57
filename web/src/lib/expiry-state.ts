//! Set between a 419 and the arrival on /?action=expiration: the login-only guards must not
//! send the user to the sign-in page while the app is already leaving for the home page.

let leaving = false;

export function markSessionExpiring(): void {
  leaving = true;
}

export function isSessionExpiring(): boolean {
  return leaving;
}

/** Called on each navigation: the flag ends once the home page is reached. */
export function onLocationChange(pathname: string): void {
  if (pathname === '/') leaving = false;
}
