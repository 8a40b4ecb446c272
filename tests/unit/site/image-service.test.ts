/**
 * The build's image service (src/site/image-service.ts) decodes a picture once for all its files: each file it
 * makes from the kept pixels is the very file Astro's sharp service makes from the picture's bytes, and a
 * picture it does not decode itself (an SVG here) still goes through Astro's transform and its rules.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharpService from 'astro/assets/services/sharp';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { packshotSvg } from '../../../src/lib/catalogue/packshot.ts';

const cacheDir = mkdtempSync(join(tmpdir(), 'image-service-'));
vi.stubEnv('CACHE_DIR', cacheDir);
const { default: service } = await import('../../../src/site/image-service.ts');
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

const svg = packshotSvg({ language: 'fr', kind: 'dry', animal: 'dog', colour: '#a0522d', name: 'Croquettes Chiot Poulet & Riz' });
const png = await sharp(Buffer.from(svg)).removeAlpha().png().toBuffer();
const imageConfig = { service: { entrypoint: '', config: { avif: { effort: 0, chromaSubsampling: '4:2:0' }, webp: { effort: 2 } } } };
const logger = { warn: () => {} };
type Args = Parameters<typeof sharpService.transform>;
const transform = (of: typeof sharpService, input: Uint8Array, options: Record<string, unknown>) =>
  of.transform(
    input,
    { src: 'https://cms.example/uploads/pack.png', ...options } as Args[1],
    imageConfig as Args[2],
    logger as unknown as Args[3],
  );

describe('the image service', () => {
  it("makes each file of a picture byte for byte as Astro's sharp service does", async () => {
    for (const options of [
      { width: 720, height: 720, format: 'avif' },
      { width: 360, height: 360, format: 'avif' },
      { width: 720, height: 720, format: 'webp' },
      { width: 360, height: 360, format: 'webp' },
      { width: 720, height: 720, format: 'jpg' },
      { width: 360, height: 180, format: 'webp', fit: 'cover' },
    ]) {
      const ours = await transform(service, png, options);
      const astros = await transform(sharpService, png, options);
      expect(Buffer.from(ours.data).equals(Buffer.from(astros.data)), JSON.stringify(options)).toBe(true);
    }
  });

  it('makes the blurred preview at the size and format asked', async () => {
    const preview = await transform(service, png, { width: 90, height: 90, format: 'webp', quality: 20, blur: 4 });
    expect(await sharp(preview.data).metadata()).toMatchObject({ format: 'webp', width: 90, height: 90 });
  });

  it("leaves a picture it does not decode to Astro's transform, and its rules (no SVG made raster)", async () => {
    await expect(transform(service, Buffer.from(svg), { width: 360, height: 360, format: 'webp' })).rejects.toThrow(
      /SVG image processing is disabled/,
    );
  });
});
