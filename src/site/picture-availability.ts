/**
 * Which of the content service's pictures a build can use: those its image settings allow it to fetch
 * (image.remotePatterns) that answer a HEAD with a 2xx. Kept apart from Astro's modules so the rule is
 * tested without a build (tests/unit/site/picture-availability.test.ts).
 */
import pLimit from 'p-limit';

/** How many pictures the build asks about at once. */
const CHECKS_AT_ONCE = 16;

/**
 * A picture is asked about when a page first needs it, once for the whole build: an incremental build
 * that renders a product's 160 pages asks about their few dozen pictures, not about the catalogue's
 * thousands (8 s of a one-product publish on the 2,000-product catalogue when they were all asked first).
 */
export function pictureAvailability(allowed: (url: string) => boolean, fetchImpl: typeof fetch = fetch): (url: string) => Promise<boolean> {
  const limit = pLimit(CHECKS_AT_ONCE);
  const known = new Map<string, Promise<boolean>>();
  return (url) => {
    let answer = known.get(url);
    if (!answer) {
      answer = allowed(url)
        ? // A service that is down or refuses is the same to the build as a missing file: the page does without.
          limit(() =>
            fetchImpl(url, { method: 'HEAD' }).then(
              (response) => response.ok,
              () => false,
            ),
          )
        : Promise.resolve(false);
      known.set(url, answer);
    }
    return answer;
  };
}
