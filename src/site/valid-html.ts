/**
 * Valid HTML, as each page is rendered (a middleware that astro.config.mjs adds last): the islands' style
 * goes to the head (src/lib/seo/island-style.ts), and the attributes React wrote in camel case are written
 * in lower case within the islands (src/lib/seo/react-attributes.ts). Done on the response rather than on the written files,
 * so a page the incremental build copies from the previous one is already valid and is not read again.
 * It also notes the pictures each page draws, for the next incremental build (src/site/page-pictures.ts).
 */
import { defineMiddleware } from 'astro:middleware';
import { islandStyleInHead } from '../lib/seo/island-style.ts';
import { lowercaseIslandAttributeNames } from '../lib/seo/react-attributes.ts';
import { notingPictures } from './page-pictures.ts';

// The page is rendered while its text is read: the note of its pictures covers both.
export const onRequest = defineMiddleware((context, next) =>
  notingPictures(context.url.pathname, async () => {
    const response = await next();
    if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
    const html = lowercaseIslandAttributeNames(islandStyleInHead(await response.text()));
    return new Response(html, { status: response.status, statusText: response.statusText, headers: response.headers });
  }),
);
