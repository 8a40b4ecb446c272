import { describe, expect, it } from 'vitest';
import { rotatedImageKitUrl } from '../../../../src/lib/pets/photo.ts';

const photo = 'https://ik.imagekit.io/maisongamelle/animals/caramel.jpg';

describe('turning a photo kept at ImageKit', () => {
  it('turns a quarter at a time and back to none after a full turn', () => {
    const turns = [photo];
    for (let i = 0; i < 4; i += 1) turns.push(rotatedImageKitUrl(turns.at(-1)!));
    expect(turns.slice(1)).toEqual([`${photo}?tr=rt-90`, `${photo}?tr=rt-180`, `${photo}?tr=rt-270`, photo]);
  });

  it('keeps the other transformations and query parameters, commas unescaped', () => {
    expect(rotatedImageKitUrl(`${photo}?tr=w-300,h-300&updatedAt=1`)).toBe(`${photo}?updatedAt=1&tr=w-300,h-300,rt-90`);
    expect(rotatedImageKitUrl(`${photo}?tr=rt-270,w-300`)).toBe(`${photo}?tr=w-300`);
  });
});
