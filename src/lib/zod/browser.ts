/**
 * zod as the browser bundle gets it: astro.config.mjs resolves `zod` here for client code only, so every
 * island and script that builds a schema imports it after ./jitless.ts has run. The server keeps zod's
 * compiled parsers.
 */
import './jitless.ts';

export * from 'zod/v4';
export { default } from 'zod/v4';
