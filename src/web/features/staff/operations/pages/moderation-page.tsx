import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { backofficePaths } from '../../../../../shared/api/backoffice-paths.js';
import { commentsPaths } from '../../../../../shared/api/comments-paths.js';
import { useHttp } from '../../../../app/context.js';
import { pathOf } from '../../../../lib/http.js';
import { Head } from '../../../../ui/head.js';
import { useListParams } from '../../components/list-search.js';
import { StaffList } from '../../components/staff-list.js';
import { flaggedQuery, useModerationWrite } from '../api/moderation.js';
import { OPS_PAGE_SIZE } from '../api/orders.js';
import { ActionStatus } from '../components/action-status.js';
import { stamp } from '../components/money.js';
import { useAction } from '../components/use-action.js';
import { useOpsI18n } from '../ops-i18n.js';
import { opsPaths } from '../ops-paths.js';

/** `/staff/ops/moderation`: comments readers flagged or staff hid; approve (shown again), hide, or delete. */
export function Component() {
  const http = useHttp();
  const { t } = useOpsI18n();
  const { page } = useListParams();
  const list = useQuery({ ...flaggedQuery(http, page), placeholderData: keepPreviousData });
  const write = useModerationWrite();
  const action = useAction();
  return (
    <>
      <Head title={t('ops.moderation')} noindex />
      <header className="page-header">
        <h1>{t('ops.moderation')}</h1>
        <p className="page-header__description">{t('ops.moderationIntro')}</p>
      </header>
      <ActionStatus error={action.error} done={action.done} />
      <StaffList
        list={list}
        search=""
        page={page}
        pageSize={OPS_PAGE_SIZE}
        renderRow={(c) => (
          <>
            <h2 className="staff-row__title">{c.url ? <a href={c.url}>{c.title ?? c.url}</a> : (c.title ?? t('ops.unknownPlace'))}</h2>
            <p className="staff-row__meta">
              {c.user ? <Link to={opsPaths.user(c.user.id)}>{c.user.display_name}</Link> : <span>{t('ops.deletedAccount')}</span>}
              <span>{stamp(c.submit_date)}</span>
              <span>{t('ops.flags', { count: c.flags })}</span>
              {c.hidden && <span className="staff-tag ops-alert">{t('ops.hidden')}</span>}
            </p>
            {/* The server renders the comment's Markdown to sanitised HTML, as readers see it. */}
            <div className="ops-comment" dangerouslySetInnerHTML={{ __html: c.comment ?? '' }} />
            <div className="ops-row-actions">
              <button type="button" className="button" disabled={action.pending} onClick={() => void action.run(async () => { await write('post', pathOf(commentsPaths.approve, { id: c.id })); return t('ops.approved'); })}>
                {t('ops.approve')}
              </button>
              {!c.hidden && (
                <button type="button" className="button" disabled={action.pending} onClick={() => void action.run(async () => { await write('post', pathOf(backofficePaths.commentHide, { id: c.id })); return t('ops.hiddenDone'); })}>
                  {t('ops.hide')}
                </button>
              )}
              <button type="button" className="button staff-danger" disabled={action.pending} onClick={() => void action.run(async () => { await write('delete', pathOf(commentsPaths.one, { id: c.id })); return t('ops.deletedDone'); })}>
                {t('staff.delete')}
              </button>
            </div>
          </>
        )}
      />
    </>
  );
}
