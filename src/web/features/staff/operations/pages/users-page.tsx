import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useHttp } from '../../../../app/context.js';
import { Head } from '../../../../ui/head.js';
import { StaffList } from '../../components/staff-list.js';
import { OPS_PAGE_SIZE } from '../api/orders.js';
import { userListQuery, type UserFilters } from '../api/people.js';
import { stamp } from '../components/money.js';
import { useOpsI18n, type OpsKey } from '../ops-i18n.js';
import { opsPaths } from '../ops-paths.js';

/** `/staff/ops/users`: accounts, newest first, by the start of a name or address (or an id), role and block. */
export function Component() {
  const http = useHttp();
  const { t } = useOpsI18n();
  const [params, setParams] = useSearchParams();
  const id = useId();
  const filters: UserFilters = {
    page: Math.max(1, Math.trunc(Number(params.get('page'))) || 1),
    q: params.get('q') ?? '',
    role: params.get('role') ?? '',
    blocked: params.get('blocked') ?? '',
  };
  const list = useQuery({ ...userListQuery(http, filters), placeholderData: keepPreviousData });
  return (
    <>
      <Head title={t('ops.users')} noindex />
      <header className="page-header">
        <h1>{t('ops.users')}</h1>
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
          <label htmlFor={`${id}-q`}>{t('ops.findUser')}</label>
          <input id={`${id}-q`} name="q" type="search" maxLength={100} defaultValue={filters.q} key={`q${filters.q}`} />
        </div>
        <div className="staff-search__field">
          <label htmlFor={`${id}-role`}>{t('ops.role')}</label>
          <select id={`${id}-role`} name="role" defaultValue={filters.role} key={`r${filters.role}`}>
            <option value="">{t('ops.any')}</option>
            {['user', 'staff', 'superuser'].map((r) => (
              <option key={r} value={r}>{t(`ops.role.${r}` as OpsKey)}</option>
            ))}
          </select>
        </div>
        <div className="staff-search__field">
          <label htmlFor={`${id}-blocked`}>{t('ops.access')}</label>
          <select id={`${id}-blocked`} name="blocked" defaultValue={filters.blocked} key={`b${filters.blocked}`}>
            <option value="">{t('ops.any')}</option>
            <option value="false">{t('ops.canLogIn')}</option>
            <option value="true">{t('ops.blocked')}</option>
          </select>
        </div>
        <button type="submit" className="button">{t('staff.searchButton')}</button>
      </form>
      <StaffList
        list={list}
        search={filters.q}
        page={filters.page}
        pageSize={OPS_PAGE_SIZE}
        renderRow={(u) => (
          <>
            <h2 className="staff-row__title">
              <Link to={opsPaths.user(u.id)}>{u.display_name}</Link>
            </h2>
            <p className="staff-row__meta">
              <span className="ops-break">{u.username}</span>
              {u.email && <span className="ops-break">{u.email}</span>}
              {u.role !== 'user' && <span className="staff-tag">{t(`ops.role.${u.role}` as OpsKey)}</span>}
              {u.blocked && <span className="staff-tag ops-alert">{t('ops.blocked')}</span>}
              <span>{t('ops.joined', { when: stamp(u.date_joined) })}</span>
            </p>
          </>
        )}
      />
    </>
  );
}
