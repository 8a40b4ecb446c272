// The `client:intent` directive (./intent.ts) among Astro's component attributes.
declare module 'astro' {
  interface AstroClientDirectives {
    'client:intent'?: boolean;
  }
}
export {};
