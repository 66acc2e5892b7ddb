import { useQuery } from '@tanstack/react-query';
import { shopPaths } from '../../../../../shared/api/shop-paths.js';
import { useHttp } from '../../../../app/context.js';
import { pathOf } from '../../../../lib/http.js';
import { Head } from '../../../../ui/head.js';
import { categoriesQuery, optionsQuery, useCatalogueWrite } from '../api/catalogue.js';
import { ActionStatus } from '../components/action-status.js';
import { QuickForm } from '../components/quick-form.js';
import { useAction } from '../components/use-action.js';
import { useOpsI18n } from '../ops-i18n.js';

/** `/staff/ops/taxonomy`: product categories (an empty one can be deleted) and product options. */
export function Component() {
  const http = useHttp();
  const { t } = useOpsI18n();
  const categories = useQuery(categoriesQuery(http));
  const options = useQuery(optionsQuery(http));
  const write = useCatalogueWrite();
  const action = useAction();
  return (
    <>
      <Head title={t('ops.taxonomy')} noindex />
      <header className="page-header">
        <h1>{t('ops.taxonomy')}</h1>
      </header>
      <ActionStatus error={action.error} done={action.done} />
      <section aria-label={t('ops.categories')}>
        <h2>{t('ops.categories')}</h2>
        <QuickForm
          title={t('ops.newCategory')}
          submit={t('ops.create')}
          fields={[
            { name: 'name', label: t('ops.name'), required: true },
            { name: 'slug', label: t('ops.slug'), hint: t('ops.slugHint'), required: true },
            { name: 'parent', label: t('ops.parent'), type: 'select', options: [{ value: '', label: t('ops.none') }, ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.breadcrumbs }))] },
          ]}
          toBody={(v) => ({ name: v.name, slug: v.slug, parent: v.parent === '' ? null : Number(v.parent) })}
          send={async (body) => {
            await write('post', shopPaths.categories, body);
            return t('ops.saved');
          }}
        />
        <ul className="staff-list">
          {categories.data?.map((c) => (
            <li key={c.id} className="staff-row">
              <h3 className="staff-row__title">{c.breadcrumbs}</h3>
              <div className="ops-row-actions">
                <button type="button" className="button staff-danger" disabled={action.pending} onClick={() => void action.run(async () => { await write('delete', pathOf(shopPaths.category, { id: c.id })); return t('staff.deleted', { title: c.name }); })}>
                  {t('staff.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section aria-label={t('ops.options')}>
        <h2>{t('ops.options')}</h2>
        <QuickForm
          title={t('ops.newOption')}
          submit={t('ops.create')}
          fields={[
            { name: 'name', label: t('ops.name'), required: true },
            { name: 'code', label: t('ops.code'), hint: t('ops.slugHint'), required: true },
            { name: 'required', label: t('ops.optionRequired'), type: 'checkbox' },
          ]}
          toBody={(v) => ({ name: v.name, code: v.code, required: v.required })}
          send={async (body) => {
            await write('post', shopPaths.options, body);
            return t('ops.saved');
          }}
        />
        <ul className="staff-list">
          {options.data?.map((o) => (
            <li key={o.id} className="staff-row">
              <h3 className="staff-row__title">{o.name} <code>{o.code}</code></h3>
              <p className="staff-row__meta"><span>{o.required ? t('ops.optionRequired') : t('ops.optionOptional')}</span></p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
