import { createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import type { Config } from '../../config.js';
import { now } from '../../platform/time.js';
import { rsaPrivateKey, rsaPublicKey } from './keys.js';
import {
  PaymentProviderError,
  rejected,
  type OrderToPay,
  type PaymentProvider,
  type PaymentStart,
  type RefundOutcome,
  type RefundRequest,
  type StartRequest,
  type Verdict,
} from './provider.js';

/**
 * WeChat Pay API v3 (PROTOCOLS.md): Native (QR code) and H5 orders placed with a signed request, answers and
 * notifications verified with the platform's public key (by serial, several during a rotation), and the
 * notification's resource decrypted with AES-256-GCM under the APIv3 key.
 */

/** Seconds a signed message may be away from our clock. */
export const WECHATPAY_MAX_SKEW_SECONDS = 300;
const SIGNTEST_PREFIX = 'WECHATPAY/SIGNTEST/';
const TIMEOUT_MS = 10_000;

export const wechatpayConfigured = (config: Config): boolean => {
  const w = config.wechatpay;
  return Boolean(w.mchid && w.appid && w.apiV3Key && w.privateKey && w.serialNo && w.platformKeys.length && w.gateway);
};

/** `${timestamp}\n${nonce}\n${body}\n`: what WeChat Pay signs in answers and notifications. */
export const wechatpayMessage = (timestamp: string, nonce: string, body: string) => `${timestamp}\n${nonce}\n${body}\n`;

/** The request signature: `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n` (body empty for a GET). */
export const wechatpayRequestMessage = (method: string, pathWithQuery: string, timestamp: string, nonce: string, body: string) =>
  `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;

/** The `Authorization` header of a request to the gateway, signed with WECHATPAY_PRIVATE_KEY. */
export function wechatpayAuthorization(config: Config, method: string, pathWithQuery: string, body: string, timestamp: number, nonce: string): string {
  const w = config.wechatpay;
  const signature = createSign('RSA-SHA256')
    .update(wechatpayRequestMessage(method, pathWithQuery, String(timestamp), nonce, body), 'utf8')
    .sign(rsaPrivateKey(w.privateKey, 'WECHATPAY_PRIVATE_KEY'), 'base64');
  return `WECHATPAY2-SHA256-RSA2048 mchid="${w.mchid}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${w.serialNo}"`;
}

const header = (headers: Record<string, string | string[] | undefined>, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? undefined : value;
};

/**
 * The checks of a signed message from WeChat Pay (notification or answer): all four headers, a timestamp within
 * 300 s of now, no signature probe, a configured serial, and a SHA256withRSA signature over the raw body.
 */
export function wechatpaySignatureProblem(config: Config, headers: Record<string, string | string[] | undefined>, body: string, nowSeconds: number): string | undefined {
  const timestamp = header(headers, 'wechatpay-timestamp');
  const nonce = header(headers, 'wechatpay-nonce');
  const serial = header(headers, 'wechatpay-serial');
  const signature = header(headers, 'wechatpay-signature');
  if (!timestamp || !nonce || !serial || !signature) return 'a Wechatpay-Timestamp, -Nonce, -Serial or -Signature header is missing';
  if (!/^\d{1,12}$/.test(timestamp)) return 'Wechatpay-Timestamp is not a number of seconds';
  if (Math.abs(nowSeconds - Number(timestamp)) >= WECHATPAY_MAX_SKEW_SECONDS) return 'Wechatpay-Timestamp is more than 300 s away';
  if (signature.startsWith(SIGNTEST_PREFIX)) return 'signature probe (WECHATPAY/SIGNTEST/) refused';
  const platform = config.wechatpay.platformKeys.find((key) => key.serial === serial);
  if (!platform) return `Wechatpay-Serial ${serial.slice(0, 64)} is not a configured platform key`;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return 'Wechatpay-Signature is not base64';
  const genuine = createVerify('RSA-SHA256')
    .update(wechatpayMessage(timestamp, nonce, body), 'utf8')
    .verify(rsaPublicKey(platform.publicKey, 'WECHATPAY_PLATFORM_PUBLIC_KEY'), signature, 'base64');
  return genuine ? undefined : 'signature does not verify';
}

export interface EncryptedResource {
  algorithm?: unknown;
  ciphertext?: unknown;
  nonce?: unknown;
  associated_data?: unknown;
}

/** AES-256-GCM: key = the APIv3 key's bytes, IV = nonce, AAD = associated_data, tag = last 16 bytes. */
export function decryptResource(apiV3Key: string, resource: EncryptedResource): string | undefined {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') return undefined;
  if (typeof resource.ciphertext !== 'string' || typeof resource.nonce !== 'string') return undefined;
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length <= 16) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
    decipher.setAAD(Buffer.from(typeof resource.associated_data === 'string' ? resource.associated_data : '', 'utf8'));
    decipher.setAuthTag(data.subarray(data.length - 16));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const REFUND_EVENTS = new Set(['REFUND.SUCCESS', 'REFUND.ABNORMAL', 'REFUND.CLOSED']);

/** A refund's outcome (REFUND.SUCCESS, .ABNORMAL, .CLOSED), once the envelope's signature checked out. */
function refundVerdict(config: Config, envelope: Record<string, unknown>): Verdict {
  if (!isRecord(envelope.resource)) return rejected('resource missing');
  const plain = decryptResource(config.wechatpay.apiV3Key, envelope.resource);
  if (plain === undefined) return rejected('resource does not decrypt with the APIv3 key');
  const refund = parseJson(plain);
  if (!isRecord(refund)) return rejected('resource is not a JSON object');
  if (refund.mchid !== config.wechatpay.mchid) return rejected('mchid is not ours');
  for (const field of ['out_trade_no', 'transaction_id', 'out_refund_no', 'refund_status'] as const) {
    if (typeof refund[field] !== 'string' || !refund[field]) return rejected(`${field} missing`);
  }
  const amount = isRecord(refund.amount) ? refund.amount : {};
  const fen = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
  if (!fen(amount.total) || !fen(amount.refund)) return rejected('amount.total or amount.refund is not an amount in fen');
  return {
    kind: 'refund',
    state: refund.refund_status as string,
    refundAmount: amount.refund as number,
    refundNo: refund.out_refund_no as string,
    providerRefundNo: typeof refund.refund_id === 'string' ? refund.refund_id : undefined,
    receipt: { provider: 'wechatpay', providerTradeNo: refund.transaction_id as string, orderNumber: refund.out_trade_no as string, amount: amount.total as number },
  };
}

/** The verdict on a notification (`pay/wechatpay/notify`): signature first, JSON only after it. */
export function verifyWechatpayNotification(config: Config, headers: Record<string, string | string[] | undefined>, body: string, nowSeconds: number): Verdict {
  const w = config.wechatpay;
  const signatureProblem = wechatpaySignatureProblem(config, headers, body, nowSeconds);
  if (signatureProblem) return rejected(signatureProblem, 401);
  const envelope = parseJson(body);
  if (!isRecord(envelope)) return rejected('body is not a JSON object');
  if (typeof envelope.event_type === 'string' && REFUND_EVENTS.has(envelope.event_type)) return refundVerdict(config, envelope);
  if (envelope.event_type !== 'TRANSACTION.SUCCESS') return rejected(`event_type "${String(envelope.event_type).slice(0, 40)}" is not TRANSACTION.SUCCESS`);
  if (!isRecord(envelope.resource)) return rejected('resource missing');
  const plain = decryptResource(w.apiV3Key, envelope.resource);
  if (plain === undefined) return rejected('resource does not decrypt with the APIv3 key');
  const transaction = parseJson(plain);
  if (!isRecord(transaction)) return rejected('resource is not a JSON object');
  const claimed = typeof transaction.out_trade_no === 'string' ? transaction.out_trade_no : undefined;
  if (transaction.mchid !== w.mchid) return rejected('mchid is not ours', 400, claimed);
  if (transaction.appid !== w.appid) return rejected('appid is not ours', 400, claimed);
  if (!claimed) return rejected('out_trade_no missing');
  if (typeof transaction.transaction_id !== 'string' || !transaction.transaction_id) return rejected('transaction_id missing', 400, claimed);
  const amount = isRecord(transaction.amount) ? transaction.amount : {};
  if (typeof amount.total !== 'number' || !Number.isSafeInteger(amount.total) || amount.total < 0) return rejected('amount.total is not an amount in fen', 400, claimed);
  if (amount.currency !== undefined && amount.currency !== 'CNY') return rejected('amount.currency is not CNY', 400, claimed);
  if (transaction.trade_state !== 'SUCCESS') return rejected(`trade_state "${String(transaction.trade_state).slice(0, 40)}" is not SUCCESS`, 400, claimed);
  return {
    kind: 'paid',
    state: 'SUCCESS',
    receipt: { provider: 'wechatpay', providerTradeNo: transaction.transaction_id, orderNumber: claimed, amount: amount.total },
  };
}

/** `2018-06-08T10:34:56+08:00`: RFC 3339 in China time, as WeChat Pay writes `time_expire`. */
export function wechatpayTime(at: Date): string {
  return `${new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

/** Descriptions are at most 127 bytes of UTF-8: cut by whole characters. */
export function wechatpayDescription(title: string): string {
  let out = '';
  for (const char of title) {
    if (Buffer.byteLength(out + char) > 127) break;
    out += char;
  }
  return out || 'Order';
}

/**
 * A signed POST to the gateway; answers the parsed JSON once the answer's signature checks out. An HTTP error
 * is "WeChat Pay refused the <what> (CODE)"; an answer that fails verification is never used.
 */
async function postToWechatpay(config: Config, path: string, payload: Record<string, unknown>, what: string, clock: () => number): Promise<Record<string, unknown>> {
  const body = JSON.stringify(payload);
  const nonce = randomBytes(16).toString('hex');
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${config.wechatpay.gateway}${path}`, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        'user-agent': 'lectern-payments',
        authorization: wechatpayAuthorization(config, 'POST', path, body, Math.floor(clock() / 1000), nonce),
      },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    text = await response.text();
  } catch {
    throw new PaymentProviderError('WeChat Pay could not be reached. Try again.');
  }
  if (!response.ok) {
    const answer = parseJson(text);
    const code = isRecord(answer) && typeof answer.code === 'string' ? answer.code.slice(0, 60) : String(response.status);
    const message = isRecord(answer) && typeof answer.message === 'string' && answer.message ? `: ${answer.message.slice(0, 120)}` : '';
    throw new PaymentProviderError(`WeChat Pay refused the ${what} (${code})${what === 'order' ? '' : message}.`);
  }
  const headers = Object.fromEntries(response.headers.entries());
  const problem = wechatpaySignatureProblem(config, headers, text, Math.floor(clock() / 1000));
  if (problem) throw new PaymentProviderError(`WeChat Pay's answer failed verification: ${problem}.`);
  const answer = parseJson(text);
  if (!isRecord(answer)) throw new PaymentProviderError(`WeChat Pay answered the ${what} with something that is not a JSON object.`);
  return answer;
}

/**
 * Places a Native (pc: a QR code's `code_url`) or H5 (mobile: an `h5_url` page) order and checks the answer's
 * signature before using it.
 */
export async function placeWechatpayOrder(config: Config, order: OrderToPay, request: StartRequest, clock: () => number): Promise<PaymentStart> {
  const w = config.wechatpay;
  const h5 = request.channel === 'mobile';
  const path = `/v3/pay/transactions/${h5 ? 'h5' : 'native'}`;
  const payload: Record<string, unknown> = {
    appid: w.appid,
    mchid: w.mchid,
    description: wechatpayDescription(order.title),
    out_trade_no: order.number,
    time_expire: wechatpayTime(new Date(order.expires_at)),
    notify_url: request.notifyUrl,
    amount: { total: order.total, currency: 'CNY' },
  };
  if (h5) payload.scene_info = { payer_client_ip: request.clientIp, h5_info: { type: 'Wap' } };
  const answer = await postToWechatpay(config, path, payload, 'order', clock);
  const url = answer[h5 ? 'h5_url' : 'code_url'];
  if (typeof url !== 'string' || !url) throw new PaymentProviderError('WeChat Pay answered without a payment URL.');
  if (!h5) return { kind: 'qr', code_url: url };
  // After paying, WeChat's H5 page sends the buyer to redirect_url (which must be on the registered domain).
  return { kind: 'h5', url: `${url}${url.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(request.returnUrl)}` };
}

/** Refund reasons are at most 80 characters at WeChat Pay. */
const refundReason = (reason: string) => [...reason].slice(0, 80).join('');

/**
 * `POST /v3/refund/domestic/refunds`: the whole payment back, numbered `out_refund_no` so a retry is the same
 * refund. SUCCESS is done, PROCESSING is pending (the same request later answers its outcome); ABNORMAL,
 * CLOSED, anything else, an HTTP error or an answer that fails verification is a failure.
 */
export async function refundWechatpayTrade(config: Config, refund: RefundRequest, clock: () => number): Promise<RefundOutcome> {
  const answer = await postToWechatpay(
    config,
    '/v3/refund/domestic/refunds',
    {
      out_trade_no: refund.orderNumber,
      out_refund_no: refund.outRequestNo,
      reason: refundReason(refund.reason),
      notify_url: refund.notifyUrl,
      amount: { refund: refund.amount, total: refund.paid, currency: 'CNY' },
    },
    'refund',
    clock,
  );
  if (answer.out_refund_no !== undefined && answer.out_refund_no !== refund.outRequestNo) throw new PaymentProviderError('WeChat Pay answered for another refund.');
  const refundId = typeof answer.refund_id === 'string' ? answer.refund_id : null;
  if (answer.status === 'SUCCESS') return { state: 'succeeded', providerRefundNo: refundId };
  if (answer.status === 'PROCESSING') return { state: 'pending', providerRefundNo: refundId };
  throw new PaymentProviderError(`WeChat Pay did not make the refund (status ${String(answer.status).slice(0, 40)}).`);
}

export const wechatpayProvider: PaymentProvider = {
  method: 'wechatpay',
  available: (config) => wechatpayConfigured(config) && config.currency === 'CNY',
  start: (config, order, request) => placeWechatpayOrder(config, order, request, now),
  verifyNotification: (config, raw) => verifyWechatpayNotification(config, raw.headers, raw.body, raw.now),
  refund: (config, refund) => refundWechatpayTrade(config, refund, now),
};
