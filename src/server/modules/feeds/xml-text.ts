/** Characters XML 1.0 does not allow anywhere (C0 controls but tab/LF/CR, U+FFFE/U+FFFF, lone surrogates). */
// eslint-disable-next-line no-control-regex -- naming the allowed control characters is the point
const ILLEGAL_XML = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function stripIllegalXml(text: string): string {
  return text.replace(ILLEGAL_XML, '');
}

/** Escapes text for XML element content and attributes; also safe inside HTML carried in a feed. */
export function escapeXml(text: string): string {
  return stripIllegalXml(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
