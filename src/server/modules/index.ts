import type { FastifyPluginAsync } from 'fastify';
import { adminRoutes } from './admin/routes.js';
import { backofficeRoutes } from './backoffice/routes.js';
import { authRoutes } from './auth/routes.js';
import { captchaRoutes } from './captcha/routes.js';
import { contentRoutes } from './content/routes.js';
import { commentsRoutes } from './comments/routes.js';
import { coursesRoutes } from './courses/routes.js';
import { guestRoutes } from './guest/routes.js';
import { mailboxRoutes } from './messaging/mailbox-routes.js';
import { membershipRoutes } from './membership/routes.js';
import { messagingRoutes } from './messaging/routes.js';
import { devPayRoutes, paymentsRoutes } from './payments/routes.js';
import { ordersRoutes } from './orders/routes.js';
import { pagesRoutes } from './pages/routes.js';
import { shopRoutes } from './shop/routes.js';
import { ssoRoutes } from './sso/routes.js';
import { usersRoutes } from './users/routes.js';
import { newslettersRoutes } from './newsletters/routes.js';

/**
 * API modules, registered under /api/v2 in this order. `mailboxRoutes` is the exception: site pages
 * (`/dev/mailbox/<secret>`) in a non-encapsulated plugin, which the prefix does not reach; so is `devPayRoutes`
 * (`/dev/pay`, the test payment page).
 */
export const apiModules: FastifyPluginAsync[] = [backofficeRoutes, authRoutes, usersRoutes, captchaRoutes, messagingRoutes, mailboxRoutes, contentRoutes, membershipRoutes, guestRoutes, shopRoutes, coursesRoutes, commentsRoutes, ordersRoutes, paymentsRoutes, ssoRoutes, adminRoutes, pagesRoutes, newslettersRoutes, devPayRoutes];
