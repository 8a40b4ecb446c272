/**
 * Turns off zod's compiled parsers before any schema exists (browser.ts imports this first). zod builds
 * object parsers with `new Function`, and even its probe for that is reported as a violation by a
 * Content-Security-Policy without 'unsafe-eval', which the sites' is (src/lib/security-headers.ts).
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
