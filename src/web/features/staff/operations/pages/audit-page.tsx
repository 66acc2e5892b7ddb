import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useHttp } from '../../../../app/context.js';
import { Head } from '../../../../ui/head.js';
import { StaffList } from '../../components/staff-list.js';
import { auditQuery } from '../api/audit.js';
import { OPS_PAGE_SIZE } from '../api/orders.js';
import { stamp } from '../components/money.js';
import { useOpsI18n } from '../ops-i18n.js';

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value, null, 2));

/** `/staff/ops/audit` (superusers): who did what, on what, when, with the object before and the answer after. */
export function Component() {
  const http = useHttp();
  const { t } = useOpsI18n();
  const [params, setParams] = useSearchParams();
  const id = useId();
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const actor = params.get('actor') ?? '';
  const target = params.get('target') ?? '';
  const list = useQuery({ ...auditQuery(http, page, actor, target), placeholderData: keepPreviousData });
  return (
    <>
      <Head title={t('ops.audit')} noindex />
      <header className="page-header">
        <h1>{t('ops.audit')}</h1>
        <p className="page-header__description">{t('ops.auditIntro')}</p>
      </header>
      <form
        className="staff-search ops-filters"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          const next = new URLSearchParams();
          for (const [name, value] of new FormData(event.currentTarget)) if (typeof value === 'string' && value.trim()) next.set(name, value.trim());
          setParams(next);
        }}
      >
        <div className="staff-search__field">
          <label htmlFor={`${id}-a`}>{t('ops.actorId')}</label>
          <input id={`${id}-a`} name="actor" inputMode="numeric" defaultValue={actor} key={`a${actor}`} />
        </div>
        <div className="staff-search__field">
          <label htmlFor={`${id}-t`}>{t('ops.target')}</label>
          <input id={`${id}-t`} name="target" defaultValue={target} key={`t${target}`} placeholder="id=12" />
        </div>
        <button type="submit" className="button">{t('ops.apply')}</button>
      </form>
      <StaffList
        list={list}
        search=""
        page={page}
        pageSize={OPS_PAGE_SIZE}
        renderRow={(e) => (
          <>
            <h2 className="staff-row__title ops-break">{e.route}</h2>
            <p className="staff-row__meta">
              <span>{t('ops.by', { name: e.actor.name, id: e.actor.id })}</span>
              <span className="ops-break">{e.target}</span>
              <span>{stamp(e.created_at)}</span>
            </p>
            {[
              { label: t('ops.before'), value: e.before },
              { label: t('ops.sent'), value: e.request },
              { label: t('ops.after'), value: e.after },
            ]
              .filter((part) => part.value !== null)
              .map((part) => (
                <details key={part.label}>
                  <summary>{part.label}</summary>
                  <pre className="ops-json">{json(part.value)}</pre>
                </details>
              ))}
          </>
        )}
      />
    </>
  );
}
