//! Two-factor set-up: generate a secret (QR code), then toggle it on or off with a code.
import { proxy } from '@/lib/api-client';
import type { TwoFactorSetup, TwoFactorToggle } from '@/lib/api-types.generated';

export type { TwoFactorSetup, TwoFactorToggle as ToggleAnswer } from '@/lib/api-types.generated';

export const generateTwoFactor = () => proxy<TwoFactorSetup>('AuthentificationDoubleFacteur/generate', 'POST', {});
export const toggleTwoFactor = (token: string) => proxy<TwoFactorToggle | null>('AuthentificationDoubleFacteur/toggle', 'POST', { token });
