import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import '../../../lib/i18n';
import { FastSearchList } from './fast-search-list';

const renderList = (current: string) =>
  render(
    <MemoryRouter>
      <FastSearchList current={current} />
    </MemoryRouter>,
  );

describe('FastSearchList', () => {
  beforeEach(() => localStorage.clear());

  it('adds the current search once (case-insensitive), links to it and removes it', () => {
    const { unmount } = renderList('Mozzarella');
    fireEvent.click(screen.getByRole('button', { name: 'Aggiungi "Mozzarella" alla ricerca rapida' }));
    expect(screen.getByRole('link', { name: 'Mozzarella' })).toHaveAttribute('href', '/search?q=Mozzarella');
    expect(screen.queryByRole('button', { name: /Aggiungi/ })).toBeNull();
    unmount();
    // another page with the same word in other case: already there, nothing to add; kept after reload
    renderList('mozzarella');
    expect(screen.queryByRole('button', { name: /Aggiungi/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Rimuovi "Mozzarella" dalla ricerca rapida' }));
    expect(screen.queryByRole('link', { name: 'Mozzarella' })).toBeNull();
    expect(screen.getByText(/Nessuna parola salvata/)).toBeInTheDocument();
  });
});
