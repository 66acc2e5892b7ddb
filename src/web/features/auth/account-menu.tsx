import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useHttp, useI18n } from '../../app/context.js';
import { paths } from '../../app/paths.js';
import type { SessionOutcome } from '../../lib/session/machines/session-machine.js';
import { ACCOUNT_NOTICE_DELETED, useSession } from '../../lib/session/session-context.js';
import { sessionUserQuery } from '../../lib/session/session-user.js';
import { MY_COURSES_LABEL } from '../../ui/my-courses-label.js';

// The key, not the machine's table: the header is in the entry chunk, which stays without XState.
const TOKEN_INVALID: SessionOutcome = 'auth.tokenInvalid';
const AUTH_PAGES = ['/login', '/signup', '/logout', '/lostpassword', '/reset'];

/**
 * The header's account corner: "Log in" for guests (also on the server and during hydration, where the
 * browser's tokens are unknown), else the user's avatar and name linking to /account (a star on the avatar
 * for a premium member), "My courses" (the learner's courses, one tap from every page), a "Back office" link for
 * staff (as the server says, once per session), and a logout button.
 */
export function AccountMenu() {
  const { t, lang } = useI18n();
  const session = useSession();
  const staff = useQuery({ ...sessionUserQuery(useHttp(), session.auth?.userid ?? 0), enabled: session.loggedIn }).data?.is_staff;
  const location = useLocation();
  const [leaving, setLeaving] = useState(false);
  const here = `${location.pathname}${location.search}`;
  // Coming back here after logging in makes sense for content pages, not for the login pages themselves.
  const next = AUTH_PAGES.some((p) => location.pathname.startsWith(p)) ? undefined : here;

  if (!session.loggedIn) {
    return (
      <div className="account-menu">
        <Link className="button button--quiet account-menu__login" to={paths.login(next)}>
          {t('auth.login')}
        </Link>
      </div>
    );
  }
  const name = session.profile?.display_name || session.auth?.username || '';
  const avatar = session.profile?.user_avatar;
  // The stored membership answer (SPEC section 3's isMember): every tab shows the same, and a logout clears it.
  const member = session.auth?.isMember === 1;
  return (
    <div className="account-menu">
      <Link className="account-menu__user" to={paths.account()}>
        <span className="account-menu__picture">
          {avatar ? (
            <img className="avatar account-menu__avatar" src={avatar} alt="" width={32} height={32} />
          ) : (
            <span className="avatar account-menu__avatar avatar--empty" aria-hidden="true">
              {name.slice(0, 1).toUpperCase()}
            </span>
          )}
          {member && <span className="account-menu__member" aria-hidden="true">★</span>}
        </span>
        {/* The visible name starts the link's name, as WCAG 2.5.3 asks; the rest is for screen readers. */}
        <span className="account-menu__name">{name}</span>
        <span className="visually-hidden">
          {member ? ` ${t('auth.member')}` : ''} {t('auth.yourAccount')}
        </span>
      </Link>
      {/* On a phone a 44 px sign (an open book), named by its hidden words; words on wider screens. */}
      <NavLink className="account-menu__courses" to={paths.myCourses()}>
        <svg className="account-menu__courses-sign" aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M12 6.5C10.5 5 8 4.5 3 4.5v14c5 0 7.5.5 9 2 1.5-1.5 4-2 9-2v-14c-5 0-7.5.5-9 2ZM12 6.5v14" />
        </svg>
        <span className="account-menu__courses-text">{MY_COURSES_LABEL[lang]}</span>
      </NavLink>
      {staff && (
        <Link className="account-menu__staff" to={paths.staff()}>
          <span className="account-menu__staff-text">{t('auth.backOffice')}</span>
        </Link>
      )}
      <button
        type="button"
        className="button button--quiet account-menu__logout"
        disabled={leaving}
        onClick={() => {
          setLeaving(true);
          void session.logout().finally(() => setLeaving(false));
        }}
      >
        {/* On the narrowest phones the button shows this sign and keeps its words for screen readers. */}
        <svg className="account-menu__logout-sign" aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
        </svg>
        <span className="account-menu__logout-text">{t('auth.logout')}</span>
      </button>
    </div>
  );
}

/**
 * One-line news about the session, read out politely: the session ended because its token was refused
 * (SPEC section 8's "token invalid"), or the account was just deleted.
 */
export function SessionNotice() {
  const { t } = useI18n();
  const session = useSession();
  const location = useLocation();
  const deleted = (location.state as { accountNotice?: string } | null)?.accountNotice === ACCOUNT_NOTICE_DELETED;
  const expired = session.machine?.outcome === TOKEN_INVALID && !session.loggedIn;
  let text = '';
  if (deleted) text = t('delete.done');
  else if (expired) text = `${t(TOKEN_INVALID)}: ${t('auth.sessionEnded')}`;
  return (
    <p className={text ? 'session-notice' : 'session-notice session-notice--empty'} role="status">
      {text}
      {expired && !deleted && (
        <>
          {' '}
          <Link to={paths.login(`${location.pathname}${location.search}`)}>{t('auth.login')}</Link>
        </>
      )}
    </p>
  );
}
