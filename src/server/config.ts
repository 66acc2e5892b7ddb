import { DEFAULT_PASSWORD_COST } from './platform/passwords.js';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { CAPTCHA_MAX_NUMBER } from '../shared/constants.js';
import { engineOf } from './db/connection.js';
import { parseStorageUrl, type S3Location } from './platform/storage/url.js';

/**
 * Environment -> typed configuration. Every default makes a working embedded site:
 * SQLite and media in ./data, secrets generated into ./data/secrets.json on first start.
 */
export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string;
  secretKey: string;
  adminPreviewSecret: string;
  altchaHmacKey: string;
  /** The secret path segment of the demo mailbox, `/dev/mailbox/<secret>`. */
  devMailboxSecret: string;
  accessTokenLifetime: number;
  refreshTokenLifetime: number;
  refreshGraceSeconds: number;
  demoMode: boolean;
  siteName: string;
  currency: string;
  logLevel: string;
  uploadMaxBytes: number;
  ssrCacheEntries: number;
  /** Bytes of rendered pages the SSR cache holds at most; 0 turns it (and the guest caches) off. */
  ssrCacheMaxBytes: number;
  ssrCacheTtlSeconds: number;
  /** How long a process keeps the back-office dashboard's figures (not its waiting counts) before counting again. */
  dashboardCacheSeconds: number;
  loginRateLimit: number;
  trustProxy: boolean;
  /** nodemailer URL; empty writes mail to DATA_DIR/mail (listed at /dev/mailbox in demo mode). */
  smtpUrl: string;
  /** Sender address; undefined = "<site name> <no-reply@<public host>>". */
  mailFrom: string | undefined;
  smsProvider: 'log' | 'http';
  smsHttpUrl: string;
  smsHttpTemplate: string;
  smsHttpContentType: string;
  smsHttpAuthorization: string;
  /** Upper bound of the captcha's secret number: the work a browser does. */
  altchaMaxNumber: number;
  /** Seconds a captcha challenge (and a server-signed receipt) stays valid. */
  captchaChallengeLifetime: number;
  /** Where the built client and server live (dist/). */
  distDir: string;
  /** Premium articles a guest may open free per calendar month (the metered paywall). */
  freeReadsGuest: number;
  /** Premium articles a logged-in non-member may open free per calendar month. */
  freeReadsUser: number;
  /** Alipay (PROTOCOLS.md): offered at checkout only with its app id and both keys. */
  alipay: AlipayConfig;
  /** WeChat Pay API v3 (PROTOCOLS.md): offered at checkout only with every key of ours and a platform key. */
  wechatpay: WechatpayConfig;
  /** The test payment page (`dev` provider): demo mode by default, never in production outside demo mode. */
  paymentDevProvider: boolean;
  /** Minutes a checkout holds the stock of its lines (`RESERVATION_MINUTES`). */
  reservationMinutes: number;
  /** How many unpaid orders holding stock one shopper may have at once (`ORDER_HOLDS_PER_USER`). */
  orderHoldsPerUser: number;
  /** Minutes an unpaid order stays payable before it expires (`ORDER_PAYMENT_MINUTES`). */
  orderPaymentMinutes: number;
  /** log2 of scrypt's cost N for new password hashes (`PASSWORD_HASH_COST`); stored hashes keep their own. */
  passwordHashCost: number;
  /** The community forum (Discourse) this site signs readers into (`DISCOURSE_URL`, no trailing slash); null: no forum. */
  discourseUrl: string | null;
  /** The DiscourseConnect secret shared with the forum (`DISCOURSE_CONNECT_SECRET`); null: no single sign-on. */
  discourseConnectSecret: string | null;
  /** The community's Slack invite link (`COMMUNITY_SLACK_URL`, https); null: no Slack. */
  communitySlackUrl: string | null;
  /** Worker processes `npm start` runs on this machine (`WORKERS`: `auto` is one per core; 1 is no cluster). */
  workers: number;
  /** `REDIS_URL`: cache notices and route rate limits through Redis; null: through the database (or the cluster). */
  redisUrl: string | null;
  /** `STORAGE_URL`: uploads and member media in this S3-compatible bucket; null: in DATA_DIR. */
  storage: S3Location | null;
  /** `DATABASE_READ_URL`: a PostgreSQL replica for public reads (guests' GETs and page renders); null: the primary only. */
  databaseReadUrl: string | null;
  /** `SERVED_BY_HEADER=1`: answers carry `X-Served-By` (host and process), for the cluster tests and the drill. */
  servedByHeader: boolean;
  /** `JOBS_POLL_MS`: how often a process looks for a due job (a due job starts within this time). */
  jobsPollMs: number;
  /** Newsletter messages sent per minute at most, across the site (`MAIL_RATE_PER_MINUTE`). */
  mailRatePerMinute: number;
  /** Seconds one newsletter message may take over SMTP (`MAIL_SEND_TIMEOUT_SECONDS`); a claim twice as old is a crash. */
  mailSendTimeoutSeconds: number;
}

/** An optional setting: unset or blank is none; anything else must pass `schema` (URLs trimmed, secrets as given). */
const optionalSetting = <T extends z.ZodType<string>>(schema: T, trim = true) =>
  z.preprocess((v) => (typeof v !== 'string' ? v : v.trim() === '' ? undefined : trim ? v.trim() : v), schema.optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  SECRET_KEY: z.string().min(32, 'SECRET_KEY must be at least 32 characters').optional(),
  ADMIN_PREVIEW_SECRET: z.string().min(16).optional(),
  ALTCHA_HMAC_KEY: z.string().min(16).optional(),
  DEV_MAILBOX_SECRET: z.string().min(16).optional(),
  ACCESS_TOKEN_LIFETIME: z.coerce.number().int().positive().default(300),
  REFRESH_TOKEN_LIFETIME: z.coerce.number().int().positive().default(14 * 24 * 3600),
  REFRESH_GRACE_SECONDS: z.coerce.number().int().min(0).default(10),
  DEMO_MODE: z.enum(['0', '1', 'true', 'false']).optional(),
  SITE_NAME: z.string().default('Lectern'),
  CURRENCY: z.string().length(3).default('CNY'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(10 * 1024 * 1024),
  SSR_CACHE_ENTRIES: z.coerce.number().int().min(0).default(2000),
  SSR_CACHE_MAX_BYTES: z.coerce.number().int().min(0).default(12 * 1024 * 1024),
  SSR_CACHE_TTL: z.coerce.number().int().min(0).default(60),
  DASHBOARD_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(15),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  TRUST_PROXY: z.enum(['0', '1', 'true', 'false']).default('0'),
  DIST_DIR: z.string().default('./dist'),
  SMTP_URL: z.string().default(''),
  MAIL_FROM: z.string().optional(),
  SMS_PROVIDER: z.enum(['log', 'http']).default('log'),
  SMS_HTTP_URL: z.string().default(''),
  SMS_HTTP_TEMPLATE: z.string().default('{"mobile":"{mobile}","code":"{code}"}'),
  SMS_HTTP_CONTENT_TYPE: z.string().default('application/json'),
  SMS_HTTP_AUTHORIZATION: z.string().default(''),
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(10).max(100_000_000).default(CAPTCHA_MAX_NUMBER),
  CAPTCHA_CHALLENGE_LIFETIME: z.coerce.number().int().min(30).max(24 * 3600).default(600),
  FREE_READS_GUEST: z.coerce.number().int().min(0).max(1000).default(3),
  FREE_READS_USER: z.coerce.number().int().min(0).max(1000).default(5),
  ALIPAY_APP_ID: z.string().trim().default(''),
  ALIPAY_PRIVATE_KEY: z.string().trim().default(''),
  ALIPAY_PUBLIC_KEY: z.string().trim().default(''),
  ALIPAY_SELLER_ID: z.string().trim().default(''),
  ALIPAY_GATEWAY: z.string().url().default('https://openapi.alipay.com/gateway.do'),
  WECHATPAY_MCHID: z.string().trim().default(''),
  WECHATPAY_APPID: z.string().trim().default(''),
  WECHATPAY_APIV3_KEY: z.string().default('').refine((v) => v === '' || Buffer.byteLength(v) === 32, 'must be 32 characters'),
  WECHATPAY_PRIVATE_KEY: z.string().trim().default(''),
  WECHATPAY_SERIAL_NO: z.string().trim().default(''),
  /** Comma-separated when several (a rotation), paired in order with WECHATPAY_PLATFORM_SERIAL. */
  WECHATPAY_PLATFORM_PUBLIC_KEY: z.string().default(''),
  WECHATPAY_PLATFORM_SERIAL: z.string().default(''),
  WECHATPAY_GATEWAY: z.string().url().default('https://api.mch.weixin.qq.com'),
  PAYMENT_DEV_PROVIDER: z.enum(['0', '1', 'true', 'false']).optional(),
  RESERVATION_MINUTES: z.coerce.number().int().min(1).max(7 * 24 * 60).default(15),
  ORDER_HOLDS_PER_USER: z.coerce.number().int().min(1).max(100_000).default(3),
  ORDER_PAYMENT_MINUTES: z.coerce.number().int().min(1).max(7 * 24 * 60).default(30),
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(DEFAULT_PASSWORD_COST),
  DISCOURSE_URL: optionalSetting(z.string().url().refine((v) => /^https?:\/\//i.test(v), 'must be an http or https URL')),
  DISCOURSE_CONNECT_SECRET: optionalSetting(z.string().min(16, 'DISCOURSE_CONNECT_SECRET must be at least 16 characters'), false),
  WORKERS: z
    .string()
    .trim()
    .default('auto')
    .refine((v) => v === 'auto' || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 64), 'must be auto or a whole number from 1 to 64'),
  STORAGE_URL: z.string().optional(),
  DATABASE_READ_URL: optionalSetting(z.string().refine((v) => engineOf(v) === 'postgres', 'must be a postgres:// or postgresql:// URL')),
  REDIS_URL: optionalSetting(z.string().refine((v) => /^rediss?:\/\//.test(v), 'must be a redis:// or rediss:// URL')),
  SERVED_BY_HEADER: z.enum(['0', '1', 'true', 'false']).default('0'),
  JOBS_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  COMMUNITY_SLACK_URL: optionalSetting(z.string().url().refine((v) => /^https:\/\//i.test(v), 'must be an https link')),
  MAIL_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  MAIL_SEND_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
});

export interface AlipayConfig {
  appId: string;
  /** Ours, to sign requests: PEM or bare base64 (PKCS#8 or PKCS#1). */
  privateKey: string;
  /** Alipay's, to verify notifications: PEM or bare base64 SPKI. */
  publicKey: string;
  sellerId: string;
  gateway: string;
}

export interface WechatpayConfig {
  mchid: string;
  appid: string;
  apiV3Key: string;
  privateKey: string;
  serialNo: string;
  /** The platform's public keys with their serials (several during a rotation). */
  platformKeys: { serial: string; publicKey: string }[];
  gateway: string;
}

/** Keys may arrive with their line breaks written as "\n" (one-line environment files). */
const keyText = (value: string) => value.replace(/\\n/g, '\n');

/** `WECHATPAY_PLATFORM_PUBLIC_KEY` and `WECHATPAY_PLATFORM_SERIAL` as pairs; PEM and base64 hold no comma. */
function platformKeys(keys: string, serials: string): WechatpayConfig['platformKeys'] {
  const split = (list: string) => list.split(',').map((item) => keyText(item.trim())).filter(Boolean);
  const publicKeys = split(keys);
  const serialList = split(serials);
  if (publicKeys.length !== serialList.length) {
    throw new Error('Invalid configuration: WECHATPAY_PLATFORM_PUBLIC_KEY and WECHATPAY_PLATFORM_SERIAL must list as many entries.');
  }
  return publicKeys.map((publicKey, i) => ({ serial: serialList[i], publicKey }));
}

interface GeneratedSecrets {
  secretKey: string;
  adminPreviewSecret: string;
  altchaHmacKey: string;
  devMailboxSecret: string;
}

const SECRET_BYTES: Record<keyof GeneratedSecrets, number> = { secretKey: 48, adminPreviewSecret: 18, altchaHmacKey: 32, devMailboxSecret: 24 };

/**
 * Secrets the operator did not set are generated once into the data folder, so restarts keep sessions.
 * A file from an older version gains the secrets it lacks; the ones it has are kept.
 */
function loadOrCreateSecrets(dataDir: string): GeneratedSecrets {
  const file = path.join(dataDir, 'secrets.json');
  const stored = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<GeneratedSecrets>) : {};
  const secrets = { ...stored } as GeneratedSecrets;
  let changed = false;
  for (const [name, bytes] of Object.entries(SECRET_BYTES) as [keyof GeneratedSecrets, number][]) {
    if (secrets[name]) continue;
    secrets[name] = randomBytes(bytes).toString('base64url');
    changed = true;
  }
  if (changed) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}

/**
 * On a shared database every process must sign and check with the same secrets, and a secret generated into
 * one machine's data folder would differ from the next one's: the operator sets them, or the site refuses to start.
 */
type SharedSecretName = 'SECRET_KEY' | 'ALTCHA_HMAC_KEY' | 'ADMIN_PREVIEW_SECRET' | 'DEV_MAILBOX_SECRET';
function assertSharedSecretsSet(e: Partial<Record<SharedSecretName, string>>, demoMode: boolean): void {
  const required: SharedSecretName[] = ['SECRET_KEY', 'ALTCHA_HMAC_KEY', 'ADMIN_PREVIEW_SECRET', ...(demoMode ? (['DEV_MAILBOX_SECRET'] as const) : [])];
  const missing = required.filter((name) => !e[name]);
  if (missing.length) {
    throw new Error(`Invalid configuration: on a shared database (DATABASE_URL is not SQLite) set ${missing.join(', ')} in the environment.`);
  }
}

const truthy = (value: string | undefined) => value === '1' || value === 'true';

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<Config> = {},
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${issues}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(overrides.dataDir ?? e.DATA_DIR);
  const databaseUrl = e.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'lectern.db')}`;
  const embedded = engineOf(databaseUrl) === 'sqlite';
  const demoMode = overrides.demoMode ?? (e.DEMO_MODE === undefined ? embedded : truthy(e.DEMO_MODE));
  if (!embedded) assertSharedSecretsSet(e, demoMode);
  if (embedded && e.DATABASE_READ_URL) {
    throw new Error('Invalid configuration: DATABASE_READ_URL (a read replica) needs DATABASE_URL to be PostgreSQL; the embedded SQLite database has no replica.');
  }
  const paymentDevProvider = e.PAYMENT_DEV_PROVIDER === undefined ? demoMode : truthy(e.PAYMENT_DEV_PROVIDER);
  if (e.PASSWORD_HASH_COST < DEFAULT_PASSWORD_COST && e.NODE_ENV === 'production') {
    throw new Error(`Invalid configuration: PASSWORD_HASH_COST below ${DEFAULT_PASSWORD_COST} is for tests, never for production.`);
  }
  if (paymentDevProvider && e.NODE_ENV === 'production' && !demoMode) {
    throw new Error('Invalid configuration: PAYMENT_DEV_PROVIDER (the test payment page) is refused in production outside demo mode.');
  }
  // Only the embedded site writes generated secrets; a shared database has them all from the environment
  // (the mailbox secret only in demo mode: without it the mailbox does not exist, so a per-process one does).
  const needsGenerated = !e.SECRET_KEY || !e.ADMIN_PREVIEW_SECRET || !e.ALTCHA_HMAC_KEY || !e.DEV_MAILBOX_SECRET;
  const generated = embedded && needsGenerated ? loadOrCreateSecrets(dataDir) : undefined;
  const port = e.PORT;
  const config: Config = {
    env: e.NODE_ENV,
    host: e.HOST,
    port,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl,
    secretKey: e.SECRET_KEY ?? generated!.secretKey,
    adminPreviewSecret: e.ADMIN_PREVIEW_SECRET ?? generated!.adminPreviewSecret,
    altchaHmacKey: e.ALTCHA_HMAC_KEY ?? generated!.altchaHmacKey,
    devMailboxSecret: e.DEV_MAILBOX_SECRET ?? generated?.devMailboxSecret ?? randomBytes(24).toString('base64url'),
    accessTokenLifetime: e.ACCESS_TOKEN_LIFETIME,
    refreshTokenLifetime: e.REFRESH_TOKEN_LIFETIME,
    refreshGraceSeconds: e.REFRESH_GRACE_SECONDS,
    demoMode,
    siteName: e.SITE_NAME,
    currency: e.CURRENCY.toUpperCase(),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    ssrCacheEntries: e.SSR_CACHE_ENTRIES,
    ssrCacheMaxBytes: e.SSR_CACHE_MAX_BYTES,
    ssrCacheTtlSeconds: e.SSR_CACHE_TTL,
    dashboardCacheSeconds: e.DASHBOARD_CACHE_SECONDS,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    trustProxy: truthy(e.TRUST_PROXY),
    distDir: path.resolve(e.DIST_DIR),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smsProvider: e.SMS_PROVIDER,
    smsHttpUrl: e.SMS_HTTP_URL,
    smsHttpTemplate: e.SMS_HTTP_TEMPLATE,
    smsHttpContentType: e.SMS_HTTP_CONTENT_TYPE,
    smsHttpAuthorization: e.SMS_HTTP_AUTHORIZATION,
    altchaMaxNumber: e.ALTCHA_MAX_NUMBER,
    captchaChallengeLifetime: e.CAPTCHA_CHALLENGE_LIFETIME,
    freeReadsGuest: e.FREE_READS_GUEST,
    freeReadsUser: e.FREE_READS_USER,
    alipay: {
      appId: e.ALIPAY_APP_ID,
      privateKey: keyText(e.ALIPAY_PRIVATE_KEY),
      publicKey: keyText(e.ALIPAY_PUBLIC_KEY),
      sellerId: e.ALIPAY_SELLER_ID,
      gateway: e.ALIPAY_GATEWAY,
    },
    wechatpay: {
      mchid: e.WECHATPAY_MCHID,
      appid: e.WECHATPAY_APPID,
      apiV3Key: e.WECHATPAY_APIV3_KEY,
      privateKey: keyText(e.WECHATPAY_PRIVATE_KEY),
      serialNo: e.WECHATPAY_SERIAL_NO,
      platformKeys: platformKeys(e.WECHATPAY_PLATFORM_PUBLIC_KEY, e.WECHATPAY_PLATFORM_SERIAL),
      gateway: e.WECHATPAY_GATEWAY.replace(/\/+$/, ''),
    },
    paymentDevProvider,
    reservationMinutes: e.RESERVATION_MINUTES,
    orderHoldsPerUser: e.ORDER_HOLDS_PER_USER,
    orderPaymentMinutes: e.ORDER_PAYMENT_MINUTES,
    passwordHashCost: e.PASSWORD_HASH_COST,
    discourseUrl: e.DISCOURSE_URL ? e.DISCOURSE_URL.replace(/\/+$/, '') : null,
    discourseConnectSecret: e.DISCOURSE_CONNECT_SECRET ?? null,
    communitySlackUrl: e.COMMUNITY_SLACK_URL ?? null,
    workers: e.WORKERS === 'auto' ? availableParallelism() : Number(e.WORKERS),
    redisUrl: e.REDIS_URL ?? null,
    databaseReadUrl: e.DATABASE_READ_URL ?? null,
    storage: parseStorageUrl(e.STORAGE_URL, env),
    servedByHeader: truthy(e.SERVED_BY_HEADER),
    jobsPollMs: e.JOBS_POLL_MS,
    mailRatePerMinute: e.MAIL_RATE_PER_MINUTE,
    mailSendTimeoutSeconds: e.MAIL_SEND_TIMEOUT_SECONDS,
  };
  return { ...config, ...overrides };
}
