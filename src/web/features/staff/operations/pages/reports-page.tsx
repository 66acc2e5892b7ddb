import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { contentPaths } from '../../../../../shared/api/content-paths.js';
import { useHttp } from '../../../../app/context.js';
import { pathOf } from '../../../../lib/http.js';
import { Head } from '../../../../ui/head.js';
import { StaffList } from '../../components/staff-list.js';
import { reportsQuery, useModerationWrite } from '../api/moderation.js';
import { OPS_PAGE_SIZE } from '../api/orders.js';
import { ActionStatus } from '../components/action-status.js';
import { stamp } from '../components/money.js';
import { useAction } from '../components/use-action.js';
import { useOpsI18n, type OpsKey } from '../ops-i18n.js';

/** `/staff/ops/reports`: readers' reports of wrong or abusive content, open ones first by default; resolve or dismiss. */
export function Component() {
  const http = useHttp();
  const { t } = useOpsI18n();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const status = params.get('status') ?? 'open';
  const list = useQuery({ ...reportsQuery(http, page, status === 'all' ? '' : status), placeholderData: keepPreviousData });
  const write = useModerationWrite();
  const action = useAction();
  const id = useId();
  const decide = (reportId: number, next: string) =>
    void action.run(async () => {
      await write('patch', pathOf(contentPaths.report, { id: reportId }), { status: next });
      return t('ops.reportNow', { status: t(`ops.report.${next}` as OpsKey) });
    });
  return (
    <>
      <Head title={t('ops.reports')} noindex />
      <header className="page-header">
        <h1>{t('ops.reports')}</h1>
      </header>
      <div className="staff-search__field">
        <label htmlFor={id}>{t('ops.status')}</label>
        <select id={id} value={status} onChange={(e) => setParams(new URLSearchParams({ status: e.target.value }))}>
          {['open', 'resolved', 'dismissed', 'all'].map((s) => (
            <option key={s} value={s}>{t(`ops.report.${s}` as OpsKey)}</option>
          ))}
        </select>
      </div>
      <ActionStatus error={action.error} done={action.done} />
      <StaffList
        list={list}
        search=""
        page={page}
        pageSize={OPS_PAGE_SIZE}
        renderRow={(r) => (
          <>
            <h2 className="staff-row__title ops-break"><a href={r.url}>{r.url}</a></h2>
            <p className="staff-row__meta">
              <span className="staff-tag">{t(`ops.report.${r.status}` as OpsKey)}</span>
              <span>{r.reason}</span>
              <span>{stamp(r.created_at)}</span>
            </p>
            {r.detail && <p className="ops-break">{r.detail}</p>}
            <div className="ops-row-actions">
              {r.status !== 'resolved' && <button type="button" className="button" disabled={action.pending} onClick={() => decide(r.id, 'resolved')}>{t('ops.resolve')}</button>}
              {r.status !== 'dismissed' && <button type="button" className="button" disabled={action.pending} onClick={() => decide(r.id, 'dismissed')}>{t('ops.dismiss')}</button>}
              {r.status !== 'open' && <button type="button" className="button" disabled={action.pending} onClick={() => decide(r.id, 'open')}>{t('ops.reopen')}</button>}
            </div>
          </>
        )}
      />
    </>
  );
}
