// The `client:intent` directive (./intent.ts) among the attributes a component takes in an .astro file.
declare global {
  namespace Astro {
    interface ClientDirectives {
      'client:intent'?: boolean;
    }
  }
}
export {};
