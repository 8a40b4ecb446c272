/**
 * Each product's pack shot as an image file, for what cannot draw the page's inline one: the Product
 * structured data (search engines require an image) and the page's share preview. The drawing is the
 * page's own (PackShot.astro), rendered once per product at build time.
 */
import type { APIRoute } from 'astro';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { channel, contentOf } from '../../site/content.ts';
import { isListed } from '../../lib/catalogue/listing.ts';

export async function getStaticPaths() {
  // Products are the same in every locale of the channel; the first locale's names label the files' text.
  const { products } = await contentOf(channel.defaultLocale);
  return products
    .filter(isListed)
    .map((p) => ({ params: { sku: p.sku }, props: { kind: p.kind, animal: p.animal, colour: p.colour, name: p.name } }));
}

type Component = Parameters<AstroContainer['renderToString']>[0];
// Loaded through Vite (a .ts file has no types for a .astro import): the page's own drawing.
const { default: PackShot } = Object.values(
  import.meta.glob<{ default: Component }>('../../components/catalogue/PackShot.astro', { eager: true }),
)[0]!;

export const GET: APIRoute = async ({ props }) => {
  const container = await AstroContainer.create();
  const svg = await container.renderToString(PackShot, { props: { ...props, decorative: false } });
  // A file on its own needs the SVG namespace the inline drawing inherits from the page.
  const file = svg.trim().replace(/^<svg /, '<svg xmlns="http://www.w3.org/2000/svg" ');
  return new Response(file, { headers: { 'content-type': 'image/svg+xml' } });
};
