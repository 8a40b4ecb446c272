/**
 * Valid HTML, as each page is rendered (a middleware that astro.config.mjs adds last): the islands' style
 * goes to the head (src/lib/seo/island-style.ts), and the attributes React wrote in camel case are written
 * in lower case within the islands (src/lib/seo/react-attributes.ts). Done on the response rather than on the written files,
 * so a page the incremental build copies from the previous one is already valid and is not read again.
 */
import { defineMiddleware } from 'astro:middleware';
import { islandStyleInHead } from '../lib/seo/island-style.ts';
import { lowercaseIslandAttributeNames } from '../lib/seo/react-attributes.ts';

export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  const html = lowercaseIslandAttributeNames(islandStyleInHead(await response.text()));
  return new Response(html, { status: response.status, statusText: response.statusText, headers: response.headers });
});
