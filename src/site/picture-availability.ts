/**
 * Which of the content service's pictures a build can use: those its image settings allow it to fetch
 * (image.remotePatterns) that answer a HEAD with a 2xx. Kept apart from Astro's modules so the rule is
 * tested without a build (tests/unit/site/picture-availability.test.ts).
 */

/** How many pictures the build asks about at once. */
const CHECKS_AT_ONCE = 16;

export async function availablePictureUrls(
  urls: Iterable<string>,
  allowed: (url: string) => boolean,
  fetchImpl: typeof fetch = fetch,
): Promise<Set<string>> {
  const queue = [...new Set(urls)].filter(allowed);
  const ok = new Set<string>();
  const check = async () => {
    for (let url = queue.pop(); url !== undefined; url = queue.pop()) {
      // A service that is down or refuses is the same to the build as a missing file: the page does without.
      const answer = await fetchImpl(url, { method: 'HEAD' }).catch(() => undefined);
      if (answer?.ok) ok.add(url);
    }
  };
  await Promise.all(Array.from({ length: CHECKS_AT_ONCE }, check));
  return ok;
}
