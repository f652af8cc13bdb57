//! Puts zod in its jitless mode before any schema is built: its compiled fast path (and the probe
//! that decides whether it may use it) calls `new Function`, which the server's Content-Security-
//! Policy forbids (no `'unsafe-eval'`) and reports as a violation. Imported first by main.tsx.
import { z } from 'zod';

z.config({ jitless: true });
