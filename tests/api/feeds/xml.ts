/** Parses XML with the test environment's DOMParser (jsdom, strict) and fails on any well-formedness error. */
export function parseXml(text: string): Document {
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`Not well-formed XML: ${error.textContent}`);
  return doc;
}

/** Text of every element with this (qualified) tag name, in document order. */
export function texts(node: Document | Element, tag: string): string[] {
  return Array.from(node.getElementsByTagName(tag), (e) => e.textContent ?? '');
}
