/** The pets' photos: ImageKit's keys and URL endpoint, or the embedded media service's. */
import { localPlatformUrl } from '../../lib/local-defaults.ts';
import { checkSecret, type Env, isUrl, readAlone } from './checks.ts';
import { EMBEDDED_MEDIA_KEYS } from './published.ts';

export interface MediaConfig {
  /** Signs the upload authentications (IMAGEKIT_PRIVATE_KEY): never sent to a browser. */
  privateKey: string;
  /** Sent with each upload (IMAGEKIT_PUBLIC_KEY). */
  publicKey: string;
  /** Where the photos are served (IMAGEKIT_URL_ENDPOINT): the shop's ImageKit URL endpoint, or the embedded /media. */
  urlEndpoint: string;
  /** The embedded media service at /media, checking signatures with these keys: never in production. */
  embedded: boolean;
}

/** The media settings alone, for the shop's authentication endpoint and the embedded service's mount. */
export const readMediaSettings = (env: Env): MediaConfig => readAlone(env, readMediaConfig);

/**
 * Production's photos live at ImageKit: its keys and the shop's URL endpoint have no default there, since
 * the embedded keys are published and would let anyone sign uploads. Elsewhere the embedded service on the
 * platform's own port stands in, with its published keys unless others are given.
 */
export function readMediaConfig(env: Env, production: boolean, problems: string[]): MediaConfig {
  const privateKey = env.IMAGEKIT_PRIVATE_KEY || undefined;
  const publicKey = env.IMAGEKIT_PUBLIC_KEY || undefined;
  const urlEndpoint = env.IMAGEKIT_URL_ENDPOINT || undefined;
  if (urlEndpoint && !isUrl(urlEndpoint, production ? ['https:'] : ['http:', 'https:']))
    problems.push(
      `IMAGEKIT_URL_ENDPOINT must be ${production ? 'an https://' : 'an http(s)://'} URL (the shop's is https://ik.imagekit.io/<its id>).`,
    );
  if (production) {
    if (!privateKey)
      problems.push("IMAGEKIT_PRIVATE_KEY is not set: the shop signs the pets' photo uploads with its ImageKit private key.");
    else
      checkSecret(problems, 'IMAGEKIT_PRIVATE_KEY', privateKey, {
        guards: "whoever knows it can sign uploads to the shop's ImageKit account",
        source: "copy the private key from ImageKit's dashboard (Developer options)",
      });
    if (!publicKey) problems.push("IMAGEKIT_PUBLIC_KEY is not set: the ImageKit public key the site's uploads are sent with.");
    else if (publicKey === EMBEDDED_MEDIA_KEYS.publicKey)
      problems.push(
        "IMAGEKIT_PUBLIC_KEY is the embedded media service's published key: give the public key of the shop's ImageKit account.",
      );
    if (!urlEndpoint)
      problems.push(
        "IMAGEKIT_URL_ENDPOINT is not set: the shop's ImageKit URL endpoint, where the photos are served (https://ik.imagekit.io/<its id>).",
      );
    return { privateKey: privateKey ?? '', publicKey: publicKey ?? '', urlEndpoint: urlEndpoint ?? '', embedded: false };
  }
  return {
    privateKey: privateKey ?? EMBEDDED_MEDIA_KEYS.privateKey,
    publicKey: publicKey ?? EMBEDDED_MEDIA_KEYS.publicKey,
    urlEndpoint: (urlEndpoint ?? `${localPlatformUrl(env)}/media`).replace(/\/+$/, ''),
    embedded: true,
  };
}
