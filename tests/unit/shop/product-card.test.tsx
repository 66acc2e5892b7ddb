// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProductCard as Card } from '../../../src/shared/api/shop.js';
import { AppProviders, createQueryClient } from '../../../src/web/app/app-shell.js';
import { ProductCard } from '../../../src/web/features/shop/components/product-bits.js';
import { createHttpClient } from '../../../src/web/lib/http.js';

/* The shop's card (docs/decisions/0102): a picture when the product has one, else a compact card of words only. */

const card = (image: string | null): Card => ({
  id: 7,
  slug: 'dotted-notebook-a5',
  title: 'Dotted Notebook, A5',
  upc: null,
  product_class: 'physical',
  image,
  category: { id: 1, name: 'Reading goods', slug: 'reading-goods' },
  requires_shipping: true,
  price: { currency: 'CNY', excl_tax: 2500, incl_tax: 2500, tax: 0, is_tax_known: true },
  availability: { is_available_to_buy: true, num_available: 50, message: 'In stock' },
  is_public: true,
});

function renderCard(product: Card, lang: 'en' | 'zh-CN' = 'en') {
  const http = createHttpClient({ baseUrl: 'http://localhost', fetch: () => Promise.reject(new Error('no calls')), getAccessToken: () => undefined });
  const router = createMemoryRouter([{ path: '/', element: <ProductCard product={product} /> }]);
  const env = { http, lang, colorMode: 'system' as const, publicUrl: 'http://localhost', siteName: 'Lectern' };
  return render(
    <AppProviders env={env} queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

afterEach(cleanup);

describe('ProductCard', () => {
  it('shows the product’s picture, decorative (the title names the link), at 4:3', () => {
    const { container } = renderCard(card('/uploads/images/abc.webp'));
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/uploads/images/abc.webp');
    expect(img.getAttribute('alt')).toBe('');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['400', '300']);
    expect(container.querySelector('.product-card--compact')).toBeNull();
    expect(screen.getByRole('link', { name: 'Dotted Notebook, A5' }).getAttribute('href')).toBe('/product/7');
  });

  it('gives a product without a picture a compact card: no empty picture box, its words and price only', () => {
    const { container } = renderCard(card(null));
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.product-card__cover')).toBeNull();
    expect(container.querySelector('article')!.className).toContain('product-card--compact');
    expect(screen.getByRole('heading', { level: 2, name: 'Dotted Notebook, A5' })).toBeTruthy();
    expect(screen.getByText('In stock')).toBeTruthy();
  });

  it('reads in Chinese too', () => {
    renderCard(card(null), 'zh-CN');
    expect(screen.getByRole('link', { name: 'Dotted Notebook, A5' })).toBeTruthy();
    expect(document.body.textContent).toMatch(/[\u4e00-\u9fff]/);
  });
});
