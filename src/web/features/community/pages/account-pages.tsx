import { useLocation } from 'react-router-dom';
import { SsoLoginPage } from './sso-login-page.js';
import { SubmissionPage } from './submission-page.js';
import '../community.css';

/** The community's pages that need login, in one module: `/sso/login` (the forum's login) and `/submission`. */
export function Component() {
  return useLocation().pathname.startsWith('/sso/login') ? <SsoLoginPage /> : <SubmissionPage />;
}
