/**
 * The tag manager's id: GTM- (a container) or G- (a Google tag) followed by uppercase letters and digits.
 * A wrong id is an error where it is configured (the build or the platform's start), never a silent skip.
 */
const TAG_MANAGER_ID = /^(GTM|G)-[A-Z0-9]+$/;

export class InvalidTagManagerIdError extends Error {
  constructor(id: string) {
    super(`Invalid tag-manager id "${id}": it must start with GTM- or G- followed by uppercase letters and digits`);
    this.name = 'InvalidTagManagerIdError';
  }
}

/** The configured id, undefined when none is set (empty counts as none), or an error when it is malformed. */
export function tagManagerId(value: string | undefined): string | undefined {
  const id = value?.trim();
  if (!id) return undefined;
  if (!TAG_MANAGER_ID.test(id)) throw new InvalidTagManagerIdError(id);
  return id;
}

/** Where the tag's script is loaded from (both kinds are served by Google Tag Manager's host). */
export const tagManagerScriptUrl = (id: string) =>
  id.startsWith('GTM-')
    ? `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`
    : `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
