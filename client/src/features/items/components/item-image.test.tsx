import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ItemImage } from './item-image';

const NAME = '0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d';
const SIZES = '(max-width: 36em) 50vw, 320px';

describe('ItemImage', () => {
  it('when the picture was uploaded large, then the srcset offers 320w, 640w and 1200w, the widest as src', () => {
    render(<ItemImage path={`uploads/${NAME}-1200w.webp`} alt="Ceiling Fan" sizes={SIZES} />);

    const picture = screen.getByRole('img', { name: 'Ceiling Fan' });
    expect(picture).toHaveAttribute('src', `/uploads/${NAME}-1200w.webp`);
    expect(picture).toHaveAttribute(
      'srcset',
      `/uploads/${NAME}-320w.webp 320w, /uploads/${NAME}-640w.webp 640w, /uploads/${NAME}-1200w.webp 1200w`,
    );
    expect(picture).toHaveAttribute('sizes', SIZES);
  });

  it('when a small upload was kept at 500 px, then the srcset labels only the sizes it has, with their real widths', () => {
    render(<ItemImage path={`uploads/${NAME}-500w.webp`} alt="Torch" sizes={SIZES} />);

    const picture = screen.getByRole('img', { name: 'Torch' });
    expect(picture).toHaveAttribute('srcset', `/uploads/${NAME}-320w.webp 320w, /uploads/${NAME}-500w.webp 500w`);
    // The box keeps its 4:3 place whatever sizes the picture has: nothing moves while it loads.
    expect(picture).toHaveAttribute('width', '400');
    expect(picture).toHaveAttribute('height', '300');
  });

  it('when the picture is of the older naming or has one size only, then it is shown by src alone, with no srcset', () => {
    const { rerender } = render(<ItemImage path={`uploads/${NAME}.webp`} alt="Old Kettle" sizes={SIZES} />);

    let picture = screen.getByRole('img', { name: 'Old Kettle' });
    expect(picture).toHaveAttribute('src', `/uploads/${NAME}.webp`);
    expect(picture).not.toHaveAttribute('srcset');
    expect(picture).not.toHaveAttribute('sizes');

    rerender(<ItemImage path={`uploads/${NAME}-200w.webp`} alt="Old Kettle" sizes={SIZES} />);
    picture = screen.getByRole('img', { name: 'Old Kettle' });
    expect(picture).toHaveAttribute('src', `/uploads/${NAME}-200w.webp`);
    expect(picture).not.toHaveAttribute('srcset');
  });

  it('when the item has no picture, then the box says so', () => {
    render(<ItemImage path={null} alt="Fan" sizes={SIZES} />);

    expect(screen.getByRole('img', { name: 'Fan: no picture' })).toHaveTextContent('No picture');
  });
});
