import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Carousel } from './carousel';

// embla itself measures nothing in the test DOM (no layout): the test sees whether the carousel hands it its
// viewport (starts it)
const emblaRef = vi.hoisted(() => ({ calls: [] as Array<HTMLElement | null> }));
vi.mock('embla-carousel-react', () => ({
  default: () => [(el: HTMLElement | null) => emblaRef.calls.push(el), undefined],
}));

const ONE_AT_A_TIME = [{ minWidth: 0, slides: 1 }];
const SIX_DAYS = ['lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato'];

const TWO_FROM_600 = [
  { minWidth: 0, slides: 1 },
  { minWidth: 600, slides: 2 },
];

// the carousel asks the window's width of media queries ("(min-width: 600px)"), as a phone answers them
const domMatchMedia = window.matchMedia;
function setWidth(px: number) {
  act(() => {
    window.matchMedia = (query: string) =>
      ({ matches: px >= Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? 0) }) as MediaQueryList;
    window.dispatchEvent(new Event('resize'));
  });
}

describe('Carousel', () => {
  afterEach(() => {
    emblaRef.calls.length = 0;
    window.matchMedia = domMatchMedia;
  });

  // first in the file: the page-wide "first interaction" is once per page (module state)
  it('leaves the slides beyond its first two pages empty until the customer does anything on the page', async () => {
    setWidth(390);
    render(
      <Carousel
        items={SIX_DAYS}
        getKey={(s) => s}
        renderItem={(s) => <p>{s}</p>}
        steps={ONE_AT_A_TIME}
        label="Giorni"
      />,
    );
    const slides = screen.getAllByRole('group');
    expect(slides).toHaveLength(6);
    expect(slides[5]).toHaveAccessibleName('Elemento 6 di 6');
    expect(screen.getByText('martedì')).toBeInTheDocument();
    expect(screen.queryByText('mercoledì')).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText('sabato')).not.toBeInTheDocument();

    fireEvent.keyDown(document.body, { key: 'Tab' });
    // one more slide per idle moment, each its own small commit
    await waitFor(() => expect(screen.getByText('sabato')).toBeInTheDocument());
  });

  it('renders every banner at once when asked (slides of unequal heights)', () => {
    setWidth(390);
    render(
      <Carousel
        items={SIX_DAYS}
        getKey={(s) => s}
        renderItem={(s) => <p>{s}</p>}
        steps={ONE_AT_A_TIME}
        label="Banner"
        allSlidesAtOnce
      />,
    );
    expect(screen.getByText('sabato')).toBeInTheDocument();
  });

  it('does not start its engine while every slide is in view, and starts it when the window narrows', () => {
    setWidth(1024);
    render(
      <Carousel
        items={['Volantino A', 'Volantino B']}
        getKey={(s) => s}
        renderItem={(s) => <p>{s}</p>}
        steps={TWO_FROM_600}
        label="Volantini"
      />,
    );
    // hovered: a carousel below the fold would start now
    fireEvent.mouseEnter(screen.getByRole('region', { name: 'Volantini' }));
    expect(emblaRef.calls.filter(Boolean)).toEqual([]);
    expect(screen.getByText('Volantino B')).toBeInTheDocument();

    setWidth(390);
    expect(emblaRef.calls.filter(Boolean)).toHaveLength(1);
  });

  it('starts when hovered if it has more slides than it shows', () => {
    setWidth(1024);
    render(
      <Carousel
        items={['A', 'B', 'C']}
        getKey={(s) => s}
        renderItem={(s) => <p>{s}</p>}
        steps={TWO_FROM_600}
        label="Offerte"
      />,
    );
    expect(emblaRef.calls.filter(Boolean)).toEqual([]);
    fireEvent.mouseEnter(screen.getByRole('region', { name: 'Offerte' }));
    expect(emblaRef.calls.filter(Boolean)).toHaveLength(1);
  });
});
