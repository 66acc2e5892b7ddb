import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

/**
 * RSA keys as operators paste them: PEM, or the bare base64 the providers' consoles hand out (Alipay's key
 * tool writes PKCS#1 or PKCS#8 private keys and SPKI public keys without armour). Parsed once per text.
 */
const privateKeys = new Map<string, KeyObject>();
const publicKeys = new Map<string, KeyObject>();

const isPem = (text: string) => text.includes('-----BEGIN');

function bareDer(text: string): Buffer {
  const compact = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) throw new Error('not PEM and not base64');
  return Buffer.from(compact, 'base64');
}

function parsePrivate(text: string): KeyObject {
  if (isPem(text)) return createPrivateKey(text);
  const der = bareDer(text);
  try {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

function parsePublic(text: string): KeyObject {
  if (isPem(text)) return createPublicKey(text);
  const der = bareDer(text);
  try {
    return createPublicKey({ key: der, format: 'der', type: 'spki' });
  } catch {
    return createPublicKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

function cached(cache: Map<string, KeyObject>, text: string, parse: (text: string) => KeyObject, name: string): KeyObject {
  const hit = cache.get(text);
  if (hit) return hit;
  let key: KeyObject;
  try {
    key = parse(text.trim());
  } catch {
    // The key text itself never goes into a message or a log.
    throw new Error(`Invalid configuration: ${name} is not a readable RSA key (PEM or base64).`);
  }
  if (key.asymmetricKeyType !== 'rsa') throw new Error(`Invalid configuration: ${name} must be an RSA key.`);
  cache.set(text, key);
  return key;
}

export const rsaPrivateKey = (text: string, name: string): KeyObject => cached(privateKeys, text, parsePrivate, name);
export const rsaPublicKey = (text: string, name: string): KeyObject => cached(publicKeys, text, parsePublic, name);
