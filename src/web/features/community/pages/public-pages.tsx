import { data, useLocation, type LoaderFunctionArgs } from 'react-router-dom';
import type { RouteDeps } from '../../../app/routes.js';
import { communityInfoQuery } from '../api/community.js';
import { CommunityPage } from './community-page.js';
import { SlackPage } from './slack-page.js';
import { SsoFailedPage } from './sso-failed-page.js';
import { SsoLogoutPage } from './sso-logout-page.js';
import { SsoSuccessPage } from './sso-success-page.js';
import '../community.css';

/**
 * The community's public pages in one module (one lazy route entry each for `community/slack?` and `sso/:page`
 * keeps the first visit's route table small): `/community`, `/community/slack`, `/sso/login_success`,
 * `/sso/login_failed` and `/sso/logout`.
 */
const PAGES: Record<string, () => React.JSX.Element> = {
  '/community': CommunityPage,
  '/community/slack': SlackPage,
  '/sso/login_success': SsoSuccessPage,
  '/sso/login_failed': SsoFailedPage,
  '/sso/logout': SsoLogoutPage,
};

const pageOf = (pathname: string) => pathname.replace(/\/+$/, '') || '/';

/**
 * The pages show what the site has configured (the forum, Slack). `/community/slack` without an invite link
 * still says why, but answers 404: there is no Slack to find there. Any other `/sso/...` is not found.
 */
export async function loader({ queryClient, http }: RouteDeps, { request }: LoaderFunctionArgs) {
  const page = pageOf(new URL(request.url).pathname);
  if (!PAGES[page]) throw data(page, { status: 404 });
  if (page === '/sso/logout') return null;
  const info = await queryClient.ensureQueryData(communityInfoQuery(http));
  return page === '/community/slack' && !info.slack_url ? data(null, { status: 404 }) : null;
}

export function Component() {
  const Page = PAGES[pageOf(useLocation().pathname)];
  return Page ? <Page /> : null;
}
