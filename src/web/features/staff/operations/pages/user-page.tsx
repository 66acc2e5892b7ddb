import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { StaffUserDetail } from '../../../../../shared/api/backoffice.js';
import { backofficePaths } from '../../../../../shared/api/backoffice-paths.js';
import { membershipPaths } from '../../../../../shared/api/membership-paths.js';
import { useHttp } from '../../../../app/context.js';
import { pathOf } from '../../../../lib/http.js';
import { useSession } from '../../../../lib/session/session-context.js';
import { sessionUserQuery } from '../../../../lib/session/session-user.js';
import { Head } from '../../../../ui/head.js';
import { describeServerError } from '../../../../ui/forms/server-messages.js';
import { usePeopleWrite, userQuery } from '../api/people.js';
import { ActionStatus, FieldError } from '../components/action-status.js';
import { stamp } from '../components/money.js';
import { useAction } from '../components/use-action.js';
import { useOpsI18n, type OpsKey } from '../ops-i18n.js';
import { opsPaths } from '../ops-paths.js';
import { UserActivity } from '../components/user-activity.js';

/** `/staff/ops/users/:id`: an account, its block, role, memberships, orders, courses and comments. */
export function Component() {
  const http = useHttp();
  const { t, lang } = useOpsI18n();
  const id = Number(useParams().id);
  const user = useQuery({ ...userQuery(http, id), enabled: Number.isSafeInteger(id) && id > 0 });
  if (user.error) {
    return (
      <>
        <p className="form-error" role="alert">{describeServerError(user.error, t, lang)}</p>
        <Link to={opsPaths.users()}>{t('ops.backToUsers')}</Link>
      </>
    );
  }
  if (!user.data) return <p role="status">{t('common.loading')}</p>;
  return <UserView user={user.data} />;
}

function UserView({ user: u }: { user: StaffUserDetail }) {
  const http = useHttp();
  const { t } = useOpsI18n();
  const session = useSession();
  const me = useQuery({ ...sessionUserQuery(http, session.auth?.userid ?? 0), enabled: (session.auth?.userid ?? 0) > 0 });
  const write = usePeopleWrite();
  const action = useAction();
  const [reason, setReason] = useState('');
  const id = useId();
  const superuser = me.data?.role === 'superuser';
  return (
    <>
      <Head title={u.display_name} noindex />
      <header className="page-header">
        <p><Link to={opsPaths.users()}>{t('ops.backToUsers')}</Link></p>
        <h1>{u.display_name}</h1>
        <p className="staff-row__meta">
          <span className="ops-break">{u.username}</span>
          {u.email && <span className="ops-break">{u.email}</span>}
          {u.mobile && <span>{u.mobile}</span>}
          <span className="staff-tag">{t(`ops.role.${u.role}` as OpsKey)}</span>
          {u.member && <span className="staff-tag staff-tag--live">{t('ops.member')}</span>}
          <span>{t('ops.joined', { when: stamp(u.date_joined) })}</span>
        </p>
      </header>
      <ActionStatus error={action.error} done={action.done} />
      <section aria-labelledby={`${id}-access`} className="ops-actions">
        <h2 id={`${id}-access`}>{t('ops.access')}</h2>
        {u.blocked ? (
          <>
            <p className="ops-alert">{t('ops.blockedSince', { when: stamp(u.blocked_at), reason: u.blocked_reason })}</p>
            <button type="button" className="button" disabled={action.pending} onClick={() => void action.run(async () => { await write('post', pathOf(backofficePaths.userUnblock, { id: u.id })); return t('ops.unblockedDone'); })}>
              {t('ops.unblock')}
            </button>
          </>
        ) : (
          <form
            className="ops-form"
            onSubmit={(event) => {
              event.preventDefault();
              void action.run(async () => {
                await write('post', pathOf(backofficePaths.userBlock, { id: u.id }), { reason });
                setReason('');
                return t('ops.blockedDone');
              });
            }}
          >
            <div className={action.fields.reason ? 'field field--invalid' : 'field'}>
              <label htmlFor={`${id}-reason`}>{t('ops.blockReason')}</label>
              <input id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} aria-invalid={Boolean(action.fields.reason)} aria-describedby={action.fields.reason ? `${id}-reason-error` : undefined} />
              <FieldError id={`${id}-reason-error`} message={action.fields.reason} />
            </div>
            <button type="submit" className="button staff-danger" disabled={action.pending}>{t('ops.block')}</button>
          </form>
        )}
        {superuser && u.role !== 'superuser' && (
          <button
            type="button"
            className="button"
            disabled={action.pending}
            onClick={() => void action.run(async () => { await write('post', pathOf(backofficePaths.userRole, { id: u.id }), { role: u.role === 'staff' ? 'user' : 'staff' }); return t('ops.roleDone'); })}
          >
            {u.role === 'staff' ? t('ops.unmakeStaff') : t('ops.makeStaff')}
          </button>
        )}
      </section>
      <UserActivity user={u} onEnd={(subscription) => void action.run(async () => { await write('post', pathOf(membershipPaths.end, { id: subscription })); return t('ops.membershipEnded'); })} pending={action.pending} />
    </>
  );
}
