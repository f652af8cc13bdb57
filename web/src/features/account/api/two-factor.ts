//! Two-factor set-up: generate a secret (QR code), then toggle it on or off with a code.
import { proxy } from '@/lib/api-client';

export interface TwoFactorSetup {
  /** SVG document of the QR code of the otpauth:// URI. */
  qrCode?: string;
  qrSvg?: string;
  secret?: string;
  otpauthUrl?: string;
  uri?: string;
}

export interface ToggleAnswer {
  enabled?: boolean;
  twoFactorEnabled?: boolean;
  backupCodes?: string[];
  message?: string;
}

export const generateTwoFactor = () => proxy<TwoFactorSetup>('AuthentificationDoubleFacteur/generate', 'POST', {});
export const toggleTwoFactor = (token: string) => proxy<ToggleAnswer | null>('AuthentificationDoubleFacteur/toggle', 'POST', { token });
