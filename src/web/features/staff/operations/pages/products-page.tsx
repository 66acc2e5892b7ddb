import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { ProductRemoval } from '../../../../../shared/api/backoffice.js';
import { backofficePaths } from '../../../../../shared/api/backoffice-paths.js';
import type { ProductDetail } from '../../../../../shared/api/shop.js';
import { shopPaths } from '../../../../../shared/api/shop-paths.js';
import { useHttp } from '../../../../app/context.js';
import { pathOf } from '../../../../lib/http.js';
import { Head } from '../../../../ui/head.js';
import { ListSearch, useListParams } from '../../components/list-search.js';
import { StaffList } from '../../components/staff-list.js';
import { productsQuery, useCatalogueWrite } from '../api/catalogue.js';
import { OPS_PAGE_SIZE } from '../api/orders.js';
import { ActionStatus } from '../components/action-status.js';
import { money } from '../components/money.js';
import { QuickForm, toMinor } from '../components/quick-form.js';
import { useAction } from '../components/use-action.js';
import { useOpsI18n, type OpsKey } from '../ops-i18n.js';
import { opsPaths } from '../ops-paths.js';

/** `/staff/ops/products`: the catalogue with withdrawn products, a new product, and removal as the shop's rules allow. */
export function Component() {
  const http = useHttp();
  const { t, lang } = useOpsI18n();
  const { page, search } = useListParams();
  const list = useQuery({ ...productsQuery(http, page, search), placeholderData: keepPreviousData });
  const write = useCatalogueWrite();
  const action = useAction();
  return (
    <>
      <Head title={t('ops.products')} noindex />
      <header className="page-header">
        <h1>{t('ops.products')}</h1>
      </header>
      <details className="ops-new">
        <summary>{t('ops.newProduct')}</summary>
        <QuickForm
          title={t('ops.newProduct')}
          submit={t('ops.create')}
          fields={[
            { name: 'title', label: t('ops.title'), required: true },
            { name: 'slug', label: t('ops.slug'), hint: t('ops.slugHint'), required: true },
            { name: 'product_class', label: t('ops.productClass'), type: 'select', options: ['physical', 'digital', 'membership'].map((c) => ({ value: c, label: t(`ops.class.${c}` as OpsKey) })) },
            { name: 'price', label: t('ops.priceDigital'), type: 'number', hint: t('ops.priceHint') },
          ]}
          toBody={(v) => ({ title: v.title, slug: v.slug, product_class: v.product_class, price: v.price === '' ? null : toMinor(v.price), is_public: false })}
          send={async (body) => {
            const made = await write<ProductDetail>('post', shopPaths.products, body);
            return t('ops.createdNamed', { title: made.title });
          }}
        />
      </details>
      <ListSearch />
      <ActionStatus error={action.error} done={action.done} />
      <StaffList
        list={list}
        search={search}
        page={page}
        pageSize={OPS_PAGE_SIZE}
        renderRow={(p) => (
          <>
            <h2 className="staff-row__title"><Link to={opsPaths.product(p.id)}>{p.title}</Link></h2>
            <p className="staff-row__meta">
              <span className={p.is_public ? 'staff-tag staff-tag--live' : 'staff-tag'}>{p.is_public ? t('ops.onSale') : t('ops.archived')}</span>
              <span>{t(`ops.class.${p.product_class}` as OpsKey)}</span>
              {p.price && <span>{money(lang, p.price.incl_tax, p.price.currency)}</span>}
              <span>{p.availability.is_available_to_buy ? t('ops.inStock', { count: p.availability.num_available ?? 0 }) : t('ops.notAvailable')}</span>
            </p>
            <div className="ops-row-actions">
              <button
                type="button"
                className="button staff-danger"
                disabled={action.pending}
                onClick={() => void action.run(async () => {
                  const outcome = await write<ProductRemoval>('post', pathOf(backofficePaths.productRemove, { id: p.id }));
                  return outcome.outcome === 'archived' ? t('ops.archivedNamed', { title: p.title }) : t('staff.deleted', { title: p.title });
                })}
              >
                {t('ops.remove')}
              </button>
            </div>
          </>
        )}
      />
    </>
  );
}
