import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import type { ProductDetail } from '../../../../../shared/api/shop.js';
import { shopPaths } from '../../../../../shared/api/shop-paths.js';
import { useHttp } from '../../../../app/context.js';
import { pathOf } from '../../../../lib/http.js';
import { Head } from '../../../../ui/head.js';
import { describeServerError } from '../../../../ui/forms/server-messages.js';
import { categoriesQuery, optionsQuery, productQuery, useCatalogueWrite } from '../api/catalogue.js';
import { money } from '../components/money.js';
import { QuickForm, toInt, toMinor } from '../components/quick-form.js';
import { useOpsI18n, type OpsKey } from '../ops-i18n.js';
import { opsPaths } from '../ops-paths.js';

/** `/staff/ops/products/:id`: a product's title, sale, category, options and price; its stock records. */
export function Component() {
  const http = useHttp();
  const { t, lang } = useOpsI18n();
  const id = Number(useParams().id);
  const product = useQuery({ ...productQuery(http, id), enabled: Number.isSafeInteger(id) && id > 0 });
  if (product.error) {
    return (
      <>
        <p className="form-error" role="alert">{describeServerError(product.error, t, lang)}</p>
        <Link to={opsPaths.products()}>{t('ops.backToProducts')}</Link>
      </>
    );
  }
  if (!product.data) return <p role="status">{t('common.loading')}</p>;
  return <ProductView product={product.data} />;
}

function ProductView({ product: p }: { product: ProductDetail }) {
  const http = useHttp();
  const { t, lang } = useOpsI18n();
  const write = useCatalogueWrite();
  const categories = useQuery(categoriesQuery(http));
  const options = useQuery(optionsQuery(http));
  const productPath = pathOf(shopPaths.product, { id: p.id });
  const saved = async (body: unknown) => {
    await write('patch', productPath, body);
    return t('ops.saved');
  };
  return (
    <>
      <Head title={p.title} noindex />
      <header className="page-header">
        <p><Link to={opsPaths.products()}>{t('ops.backToProducts')}</Link></p>
        <h1>{p.title}</h1>
        <p className="staff-row__meta">
          <span className={p.is_public ? 'staff-tag staff-tag--live' : 'staff-tag'}>{p.is_public ? t('ops.onSale') : t('ops.archived')}</span>
          <span>{t(`ops.class.${p.product_class}` as OpsKey)}</span>
          {p.price && <span>{money(lang, p.price.incl_tax, p.price.currency)}</span>}
        </p>
      </header>
      <section aria-label={t('ops.details')}>
        <h2>{t('ops.details')}</h2>
        <QuickForm
          key={`${p.id}-${p.title}-${String(p.is_public)}-${p.category?.id ?? 0}`}
          title={t('ops.details')}
          submit={t('ops.save')}
          fields={[
            { name: 'title', label: t('ops.title'), defaultValue: p.title, required: true },
            { name: 'is_public', label: t('ops.onSale'), type: 'checkbox', defaultValue: p.is_public },
            {
              name: 'category',
              label: t('ops.category'),
              type: 'select',
              defaultValue: p.category?.id ?? '',
              options: [{ value: '', label: t('ops.none') }, ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.breadcrumbs }))],
            },
            ...(p.product_class === 'digital' ? [{ name: 'price', label: t('ops.priceDigital'), type: 'number' as const, defaultValue: p.price ? p.price.incl_tax / 100 : '' }] : []),
          ]}
          toBody={(v) => ({ title: v.title, is_public: v.is_public, category: v.category === '' ? null : Number(v.category), ...(p.product_class === 'digital' ? { price: v.price === '' ? null : toMinor(v.price) } : {}) })}
          send={saved}
        />
        {(options.data ?? []).length > 0 && (
          <QuickForm
            key={`options-${p.options.map((o) => o.id).join(',')}`}
            title={t('ops.productOptions')}
            submit={t('ops.save')}
            fields={(options.data ?? []).map((o) => ({ name: `option-${o.id}`, label: o.name, type: 'checkbox' as const, defaultValue: p.options.some((x) => x.id === o.id) }))}
            toBody={(v) => ({ option_ids: (options.data ?? []).filter((o) => v[`option-${o.id}`] === true).map((o) => o.id) })}
            send={saved}
          />
        )}
      </section>
      {p.product_class === 'physical' && (
        <section aria-label={t('ops.stock')}>
          <h2>{t('ops.stock')}</h2>
          {p.stockrecords.map((r) => (
            <div key={`${r.id}-${r.date_updated}`} className="staff-row">
              <h3 className="staff-row__title">{r.partner_sku}</h3>
              <p className="staff-row__meta">
                <span>{money(lang, r.price, r.price_currency)}</span>
                <span>{t('ops.stockLine', { stock: r.num_in_stock, held: r.num_allocated, free: r.num_available })}</span>
                {r.is_low_stock && <span className="staff-tag ops-alert">{t('ops.lowStock')}</span>}
              </p>
              <QuickForm
                title={t('ops.editStock', { sku: r.partner_sku })}
                submit={t('ops.save')}
                fields={[
                  { name: 'price', label: t('ops.price'), type: 'number', defaultValue: r.price / 100, required: true },
                  { name: 'num_in_stock', label: t('ops.inStockField'), type: 'number', defaultValue: r.num_in_stock, required: true },
                ]}
                toBody={(v) => ({ price: toMinor(v.price), num_in_stock: toInt(v.num_in_stock) })}
                send={async (body) => {
                  await write('patch', pathOf(shopPaths.stockRecord, { id: p.id, stockrecord_id: r.id }), body);
                  return t('ops.saved');
                }}
              />
            </div>
          ))}
          <h3>{t('ops.newStock')}</h3>
          <QuickForm
            title={t('ops.newStock')}
            submit={t('ops.create')}
            fields={[
              { name: 'partner_sku', label: t('ops.sku'), required: true },
              { name: 'price', label: t('ops.price'), type: 'number', required: true },
              { name: 'num_in_stock', label: t('ops.inStockField'), type: 'number', required: true },
            ]}
            toBody={(v) => ({ partner_sku: v.partner_sku, price: toMinor(v.price), num_in_stock: toInt(v.num_in_stock) })}
            send={async (body) => {
              await write('post', pathOf(shopPaths.stockRecords, { id: p.id }), body);
              return t('ops.saved');
            }}
          />
        </section>
      )}
    </>
  );
}
