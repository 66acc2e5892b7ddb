import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useHttp, useI18n } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { AuthPage } from '../../../ui/auth-page.js';
import { DraftScope } from '../../../lib/forms/use-form.js';
import { useSession } from '../../../lib/session/session-context.js';
import { profileQuery } from '../api/profile.js';
import { AvatarSection } from '../components/avatar-section.js';
import { ContactsSection } from '../components/contacts-section.js';
import { DeleteSection } from '../components/delete-section.js';
import { MailboxSection } from '../components/mailbox-section.js';
import { PasswordSection } from '../components/password-section.js';
import { ProfileSection } from '../components/profile-section.js';
import { RssSection } from '../components/rss-section.js';
import { MailChoicesSection } from '../components/mail-choices-section.js';
import { describeServerError } from '../../../ui/forms/server-messages.js';
import { MY_COURSES_LABEL } from '../../../ui/my-courses-label.js';

const SECTIONS = [
  ['profile', 'account.profile'],
  ['avatar', 'avatar.title'],
  ['password', 'password.title'],
  ['contacts', 'contacts.title'],
  ['rss', 'rss.privateTitle'],
  ['delete', 'delete.title'],
] as const;

/** `/account` (login): the user's profile, avatar, password, contacts, private feed and account deletion. */
export function Component() {
  const http = useHttp();
  const session = useSession();
  const { t, lang } = useI18n();
  const userId = session.auth?.userid ?? 0;
  const profile = useQuery({ ...profileQuery(http, userId), enabled: userId > 0 });
  // Every form here keeps a draft of what is typed (never passwords or codes): a session that ends mid-edit
  // gives it back after logging in again as the same user.
  const drafts = useMemo(() => ({ name: 'account', owner: userId }), [userId]);

  let body;
  if (profile.data) {
    const p = profile.data;
    body = (
      <>
        <nav className="account-nav" aria-label={t('account.sections')}>
          <ul>
            {SECTIONS.map(([id, key]) => (
              <li key={id}><a href={`#${id}`}>{t(key)}</a></li>
            ))}
            <li><Link to={paths.userActivity()}>{t('activity.title')}</Link></li>
            <li><Link to={paths.myCourses()}>{MY_COURSES_LABEL[lang]}</Link></li>
          </ul>
        </nav>
        {/* Keyed by the profile's id: another user's values never stay in a form. */}
        <DraftScope.Provider value={drafts}>
          <div className="account-sections" key={p.id}>
            <ProfileSection profile={p} />
            <AvatarSection profile={p} />
            <PasswordSection profile={p} />
            <ContactsSection profile={p} />
            <RssSection userId={p.id} />
            <MailChoicesSection />
          {p.role !== 'user' && <MailboxSection userId={p.id} />}
            <DeleteSection profile={p} />
          </div>
        </DraftScope.Provider>
      </>
    );
  } else if (profile.error) {
    body = (
      <div className="auth-card">
        <p className="form-error" role="alert">{describeServerError(profile.error, t, lang)}</p>
        <button type="button" className="button" onClick={() => void profile.refetch()}>{t('common.retry')}</button>
      </div>
    );
  } else {
    body = <p role="status">{t('common.loading')}</p>;
  }
  return (
    <AuthPage title={t('account.title')} description={t('account.description')} wide>
      {body}
    </AuthPage>
  );
}
