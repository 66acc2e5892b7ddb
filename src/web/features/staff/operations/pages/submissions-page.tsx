import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { backofficePaths } from '../../../../../shared/api/backoffice-paths.js';
import { API_PREFIX } from '../../../../../shared/api/prefix.js';
import { useHttp } from '../../../../app/context.js';
import { pathOf } from '../../../../lib/http.js';
import { useSession } from '../../../../lib/session/session-context.js';
import { Head } from '../../../../ui/head.js';
import { StaffList } from '../../components/staff-list.js';
import { formatSize } from '../../staff-i18n.js';
import { submissionsQuery, useModerationWrite } from '../api/moderation.js';
import { OPS_PAGE_SIZE } from '../api/orders.js';
import { ActionStatus } from '../components/action-status.js';
import { stamp } from '../components/money.js';
import { useAction } from '../components/use-action.js';
import { useOpsI18n, type OpsKey } from '../ops-i18n.js';

/** `/staff/ops/submissions`: files readers sent for review, pending ones by default; read, accept or reject. */
export function Component() {
  const http = useHttp();
  const session = useSession();
  const { t } = useOpsI18n();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const status = params.get('status') ?? 'pending';
  const list = useQuery({ ...submissionsQuery(http, page, status === 'all' ? '' : status), placeholderData: keepPreviousData });
  const write = useModerationWrite();
  const action = useAction();
  const id = useId();
  const decide = (submission: number, next: string) =>
    void action.run(async () => {
      await write('patch', pathOf(backofficePaths.submission, { id: submission }), { status: next });
      return t('ops.submissionNow', { status: t(`ops.submission.${next}` as OpsKey) });
    });
  // The file needs the bearer token, which a plain link cannot send: it is fetched, then saved from memory.
  const download = (submission: number, name: string) =>
    void action.run(async () => {
      const res = await fetch(`${API_PREFIX}${pathOf(backofficePaths.submissionFile, { id: submission })}`, { headers: { authorization: `Bearer ${session.auth?.access_token ?? ''}` } });
      if (!res.ok) throw new Error(t('ops.downloadFailed'));
      const url = URL.createObjectURL(await res.blob());
      const link = Object.assign(document.createElement('a'), { href: url, download: name });
      link.click();
      URL.revokeObjectURL(url);
    });
  return (
    <>
      <Head title={t('ops.submissions')} noindex />
      <header className="page-header">
        <h1>{t('ops.submissions')}</h1>
      </header>
      <div className="staff-search__field">
        <label htmlFor={id}>{t('ops.status')}</label>
        <select id={id} value={status} onChange={(e) => setParams(new URLSearchParams({ status: e.target.value }))}>
          {['pending', 'accepted', 'rejected', 'all'].map((s) => (
            <option key={s} value={s}>{t(`ops.submission.${s}` as OpsKey)}</option>
          ))}
        </select>
      </div>
      <ActionStatus error={action.error} done={action.done} />
      <StaffList
        list={list}
        search=""
        page={page}
        pageSize={OPS_PAGE_SIZE}
        renderRow={(s) => (
          <>
            <h2 className="staff-row__title ops-break">{s.original_name}</h2>
            <p className="staff-row__meta">
              <span className="staff-tag">{t(`ops.submission.${s.status}` as OpsKey)}</span>
              <span>{s.mime_type}</span>
              <span>{formatSize(s.size)}</span>
              <span>{stamp(s.created_at)}</span>
            </p>
            {s.note && <p className="ops-break">{s.note}</p>}
            <div className="ops-row-actions">
              <button type="button" className="button" disabled={action.pending} onClick={() => download(s.id, s.original_name)}>{t('ops.download')}</button>
              {s.status !== 'accepted' && <button type="button" className="button" disabled={action.pending} onClick={() => decide(s.id, 'accepted')}>{t('ops.accept')}</button>}
              {s.status !== 'rejected' && <button type="button" className="button staff-danger" disabled={action.pending} onClick={() => decide(s.id, 'rejected')}>{t('ops.reject')}</button>}
            </div>
          </>
        )}
      />
    </>
  );
}
