/**
 * On the CDN, the shells whose address mixes text and a runtime id in one segment
 * (`/web-view/{subscription}-changement-de-paiement/`): Netlify's redirect placeholders are whole segments
 * and would serve `/web-view/foo/` too, where the local server answers 404. This function (declared in
 * netlify.toml for those paths) asks the local server's own patterns: a match is rewritten to its shell
 * (status 200), anything else goes on, to the 404 page.
 */
import { edgeShellOf } from '../../src/lib/routes/rewrites.ts';

export default (request: Request): URL | undefined => {
  const shell = edgeShellOf(new URL(request.url).pathname);
  return shell ? new URL(shell, request.url) : undefined;
};
