import { describe, expect, it } from 'vitest';
import { firstBannerOf } from './first-banner';

const slider = (proposals: unknown[]) => [{ templateBlock: { codInt: 'BannerSliderHeader' }, proposals }];

describe('firstBannerOf', () => {
  it('takes the desktop and phone images of the first proposal of a leading banner slider', () => {
    expect(
      firstBannerOf(
        slider([
          {
            img: '/a.svg',
            imgAlt: 'Spesa online',
            metaData: { IMAGE_DESKTOP: '/d.svg', IMAGE_MOBILE: '/m.svg' },
          },
          { img: '/b.svg', imgAlt: null, metaData: {} },
        ]) as never,
      ),
    ).toEqual({ desktop: '/d.svg', mobile: '/m.svg', alt: 'Spesa online' });
  });

  it('falls back to the proposal image and an empty alt', () => {
    expect(firstBannerOf(slider([{ img: '/a.svg', imgAlt: null, metaData: null }]) as never)).toEqual({
      desktop: '/a.svg',
      alt: '',
    });
  });

  it('is null without a leading banner slider or without an image', () => {
    expect(firstBannerOf(undefined)).toBeNull();
    expect(firstBannerOf([])).toBeNull();
    expect(
      firstBannerOf([{ templateBlock: { codInt: 'ProductSlider' }, proposals: [{ img: '/a.svg' }] }]),
    ).toBeNull();
    expect(firstBannerOf(slider([]) as never)).toBeNull();
    expect(firstBannerOf(slider([{ img: '', metaData: { IMAGE_DESKTOP: 7 } }]) as never)).toBeNull();
  });
});
