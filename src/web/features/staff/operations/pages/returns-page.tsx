import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useHttp } from '../../../../app/context.js';
import { Head } from '../../../../ui/head.js';
import { useListParams } from '../../components/list-search.js';
import { StaffList } from '../../components/staff-list.js';
import { OPS_PAGE_SIZE, returnsQuery } from '../api/orders.js';
import { money, stamp } from '../components/money.js';
import { useOpsI18n, type OpsKey } from '../ops-i18n.js';
import { opsPaths } from '../ops-paths.js';

/** `/staff/ops/returns`: money that reached an order too late, until a refund returns it (from the order's page). */
export function Component() {
  const http = useHttp();
  const { t, lang } = useOpsI18n();
  const { page } = useListParams();
  const list = useQuery({ ...returnsQuery(http, page), placeholderData: keepPreviousData });
  return (
    <>
      <Head title={t('ops.returns')} noindex />
      <header className="page-header">
        <h1>{t('ops.returns')}</h1>
        <p className="page-header__description">{t('ops.returnsIntro')}</p>
      </header>
      <StaffList
        list={list}
        search=""
        page={page}
        pageSize={OPS_PAGE_SIZE}
        renderRow={(p) => (
          <>
            <h2 className="staff-row__title">
              <Link to={opsPaths.order(p.order)}>{t('ops.orderTitle', { number: p.order_number })}</Link>
            </h2>
            <p className="staff-row__meta">
              <span>{money(lang, p.amount, p.currency)}</span>
              <span>{t(`ops.method.${p.provider}` as OpsKey)}</span>
              <span>{t(`ops.status.${p.order_status}` as OpsKey)}</span>
              <span>{stamp(p.date_created)}</span>
              {p.refund_status && <span className="staff-tag ops-alert">{t(`ops.refund.${p.refund_status}` as OpsKey)}</span>}
              {p.failure_reason && <span className="ops-alert">{p.failure_reason}</span>}
            </p>
          </>
        )}
      />
    </>
  );
}
