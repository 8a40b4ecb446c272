/**
 * For the shop's type check only. The repository's tsconfig.json takes in every .ts file, cms/ too, but the shop
 * does not install Strapi (cms/ has its own package.json, installed only where Strapi runs): the few names cms/
 * takes from '@strapi/strapi' are declared here as Strapi 5 declares them, so `tsc -p .` at the root checks cms/'s
 * code without Strapi's 685 MB. Strapi's own build (cms/tsconfig.json) leaves this file out, and checks the same
 * code against Strapi's real types.
 */
declare module '@strapi/strapi' {
  /** Strapi's `env` helper, as its config files receive it: process.env read as text, number, yes/no or list. */
  interface Env {
    (key: string): string | undefined;
    <T>(key: string, initial: T): string | T;
    int(key: string): number | undefined;
    int(key: string, initial: number): number;
    bool(key: string): boolean | undefined;
    bool(key: string, initial: boolean): boolean;
    array(key: string): string[] | undefined;
    array(key: string, initial: string[]): string[];
  }

  export namespace Core {
    namespace Config.Shared {
      interface ConfigParams {
        env: Env;
      }
    }
    interface Strapi {
      plugin(name: string): { service(name: string): unknown };
      service(uid: string): unknown;
      get(name: string): unknown;
      documents(uid: string): unknown;
      db: { query(uid: string): unknown };
      dirs: { app: { root: string; src: string } };
      log: { info(message: string): void; warn(message: string): void };
      config: { get(path: string): unknown };
    }
    /** A controller's action: Strapi hands it Koa's context. */
    type ControllerHandler = (ctx: unknown) => unknown;
  }

  type ContentTypeUid = `api::${string}.${string}`;
  export const factories: {
    createCoreRouter(uid: ContentTypeUid): unknown;
    createCoreController(uid: ContentTypeUid, extend?: (params: { strapi: Core.Strapi }) => Record<string, Core.ControllerHandler>): unknown;
    createCoreService(uid: ContentTypeUid): unknown;
  };
}
