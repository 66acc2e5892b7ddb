import { useSuspenseQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Form, Link, useLocation, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { useHttp } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { notFound, parseName, parsePage } from '../../../app/route-params.js';
import type { RouteDeps } from '../../../app/routes.js';
import { Head } from '../../../ui/head.js';
import { pageHref, Pagination } from '../../../ui/pagination.js';
import { productListQuery, SHOP_PAGE_SIZE, shopCategoriesQuery, type ProductListParams } from '../api/catalogue.js';
import { ProductCard } from '../components/product-bits.js';
import { useShopI18n } from '../components/shop-i18n.js';
import { ShopStyles } from '../components/shop-styles.js';

/** The most a search may hold (the contract's limit). */
const MAX_QUERY = 100;

/** The list's page, search and category from the URL; null when one of them is not a valid value. */
export function listParamsOf(search: URLSearchParams, slug: string | undefined): ProductListParams | null {
  const page = parsePage(search);
  if (page === null) return null;
  const params: ProductListParams = { page };
  const q = search.get('q')?.trim().slice(0, MAX_QUERY);
  if (q) params.q = q;
  if (slug !== undefined) {
    const category = parseName(slug);
    if (category === null) return null;
    params.category = category;
  }
  return params;
}

export async function loader({ queryClient, http, lang = 'en' }: RouteDeps, { request, params: route }: LoaderFunctionArgs) {
  const params = listParamsOf(new URL(request.url).searchParams, route.slug) ?? notFound(request);
  const categories = await queryClient.ensureQueryData(shopCategoriesQuery(http, lang));
  if (params.category && !categories.some((c) => c.slug === params.category)) notFound(request);
  await queryClient.ensureQueryData(productListQuery(http, params, lang));
  return null;
}

/** `/shop` and `/shop/category/{slug}`: the product grid with categories and search, a page at a time. */
export function Component() {
  const http = useHttp();
  const { t, lang } = useShopI18n();
  const location = useLocation();
  const { slug } = useParams();
  const [search] = useSearchParams();
  const params = listParamsOf(search, slug)!;
  const { data: categories } = useSuspenseQuery(shopCategoriesQuery(http, lang));
  const { data: list } = useSuspenseQuery(productListQuery(http, params, lang));
  const category = categories.find((c) => c.slug === params.category);
  const searchId = useId();
  const base = category ? paths.shopCategory(category.slug) : paths.shop();
  const title = category ? `${category.name} · ${t('shop.title')}` : t('shop.title');
  return (
    <>
      <ShopStyles />
      <Head
        title={params.page > 1 ? `${title} · ${t('shop.titlePage', { page: params.page })}` : title}
        description={category?.description || t('shop.description')}
        canonical={params.q ? undefined : pageHref(base, '', params.page)}
      />
      <header className="page-header">
        <h1>{category ? category.name : t('shop.title')}</h1>
        <p className="page-header__description">{category?.description || t('shop.description')}</p>
      </header>
      {/* A plain GET form: it searches before the script loads, and the router keeps the search in the URL. */}
      <Form method="get" action={base} className="shop-search" role="search" key={`${base}?${params.q ?? ''}`}>
        <label htmlFor={searchId}>{t('shop.searchLabel')}</label>
        <div className="shop-search__row">
          <input id={searchId} type="search" name="q" defaultValue={params.q ?? ''} maxLength={MAX_QUERY} />
          <button type="submit" className="button">{t('shop.searchButton')}</button>
        </div>
      </Form>
      <nav className="shop-categories" aria-label={t('shop.categories')}>
        <ul className="chips">
          <li>
            <Link className="chip" to={paths.shop()} aria-current={category ? undefined : 'page'}>{t('shop.allProducts')}</Link>
          </li>
          {categories.map((c) => (
            <li key={c.id}>
              <Link className="chip" to={paths.shopCategory(c.slug)} aria-current={c.id === category?.id ? 'page' : undefined}>{c.name}</Link>
            </li>
          ))}
        </ul>
      </nav>
      {params.q && <h2>{t('shop.searchResults', { q: params.q })}</h2>}
      <p className="list-count" role="status">{t(list.count === 1 ? 'shop.countOne' : 'shop.count', { count: list.count })}</p>
      {list.count === 0 ? (
        <p className="empty">{t('shop.none')}</p>
      ) : (
        <ul className="shop-grid">
          {list.results.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={params.page} count={list.count} pageSize={SHOP_PAGE_SIZE} hrefFor={(p) => pageHref(location.pathname, location.search, p)} />
    </>
  );
}
