import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../components/crud/crud-test-harness';
import { CardBrandLogo } from './card-brand-logo';

afterEach(cleanup);

describe('CardBrandLogo', () => {
  it.each([
    ['visa', 'Visa'],
    ['mastercard', 'Mastercard'],
    ['amex', 'American Express'],
    ['jcb', 'JCB'],
    ['unknown', 'Card'],
    ['eftpos_au', 'Card'],
    [null, 'Card'],
  ])('draws %s inline, named "%s"', async (brand, name) => {
    await renderWithApp(<CardBrandLogo brand={brand} />);
    const logo = screen.getByRole('img', { name });
    expect(logo.tagName.toLowerCase()).toBe('svg');
    expect(logo.querySelector('image, use, foreignObject')).toBeNull();
  });

  it('draws each of the three brands apart from the generic card', async () => {
    await renderWithApp(
      <>
        <CardBrandLogo brand="visa" />
        <CardBrandLogo brand="mastercard" />
        <CardBrandLogo brand="amex" />
        <CardBrandLogo brand="discover" />
      </>,
    );
    const drawings = screen.getAllByRole('img').map((logo) => logo.innerHTML);
    expect(new Set(drawings).size).toBe(4);
  });

  it('names the generic card in Danish', async () => {
    await renderWithApp(<CardBrandLogo brand="unknown" height={16} />, { language: 'da' });
    expect(screen.getByRole('img', { name: 'Kort' }).getAttribute('height')).toBe('16');
  });
});
