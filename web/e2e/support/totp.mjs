// RFC 6238 TOTP (HMAC-SHA1, 30 s, 6 digits) computed in Node, for the two-factor specs.
import { createHmac } from 'node:crypto';

export function base32Decode(input) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const clean = input.replace(/[\s=-]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out = [];
  for (const char of clean) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The code of the step `floor(now / 30) + stepOffset`. */
export function totp(secret, stepOffset = 0, now = Date.now()) {
  const counter = Math.floor(now / 1000 / 30) + stepOffset;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', base32Decode(secret)).update(message).digest();
  const offset = digest[digest.length - 1] & 0x0f;
  const binary = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(binary).padStart(6, '0');
}

/** The secret of the `otpauth://totp/...` line that `server create-admin` printed, or null. */
export function otpauthSecret(stdout) {
  const line = (stdout ?? '').split('\n').find((l) => l.startsWith('otpauth://totp/'));
  return line ? new URL(line.trim()).searchParams.get('secret') : null;
}

/**
 * A code of `account.totpSecret` that the server takes now. The server accepts the previous,
 * current and next 30-second steps, each once (no replay): the first step after the last one
 * used (`account.lastStep`) within that window, else the next step is awaited. Near the end of a
 * step, waits a little so that the previous step is not left behind before the server checks.
 */
export async function freshCode(account) {
  for (;;) {
    const now = Date.now();
    if (now % 30_000 > 27_000) {
      await new Promise((done) => setTimeout(done, 30_000 - (now % 30_000) + 200));
      continue;
    }
    const current = Math.floor(now / 30_000);
    const fresh = Math.max(current - 1, (account.lastStep ?? -Infinity) + 1);
    if (fresh <= current + 1) {
      account.lastStep = fresh;
      return totp(account.totpSecret, fresh - current, now);
    }
    await new Promise((done) => setTimeout(done, 30_000 - (now % 30_000) + 200));
  }
}
