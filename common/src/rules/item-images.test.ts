import { describe, expect, it } from 'vitest';
import { itemImagePath, itemImageVariants, itemImageWidthsFor } from './item-images';

const NAME = '0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d';

describe('item picture sizes', () => {
  it('when an upload is wider than every size, then all three sizes are kept', () => {
    expect(itemImageWidthsFor(4000)).toEqual([320, 640, 1200]);
    expect(itemImageWidthsFor(1200)).toEqual([320, 640, 1200]);
  });

  it('when an upload is narrower than some sizes, then it keeps the smaller ones and itself, never a copy labelled wider', () => {
    expect(itemImageWidthsFor(500)).toEqual([320, 500]);
    expect(itemImageWidthsFor(640)).toEqual([320, 640]);
    expect(itemImageWidthsFor(320)).toEqual([320]);
    expect(itemImageWidthsFor(100)).toEqual([100]);
  });

  it('when the stored path names its widest size, then every size is offered with its real width', () => {
    expect(itemImageVariants(itemImagePath(NAME, 500))).toEqual([
      { path: `uploads/${NAME}-320w.webp`, width: 320 },
      { path: `uploads/${NAME}-500w.webp`, width: 500 },
    ]);
    expect(itemImageVariants(`uploads/${NAME}-1200w.webp`).map((variant) => variant.width)).toEqual([320, 640, 1200]);
  });

  it('when the path is of the older naming or of another origin, then it is offered alone with no width', () => {
    for (const path of [
      `uploads/${NAME}.webp`,
      `uploads/${NAME}-w320.webp`,
      'uploads/kettle.webp',
      'https://cdn.example/a.png',
    ]) {
      expect(itemImageVariants(path)).toEqual([{ path, width: undefined }]);
    }
  });
});
