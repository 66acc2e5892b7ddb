import { isRouteErrorResponse, UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { bootDataElement, deserializeRouteErrors, escapeJsonForHtml, serializeRouteErrors } from '../../../src/web/lib/boot-data.js';

/** Through JSON, as the page carries it. */
const overTheWire = (errors: Record<string, unknown>) => deserializeRouteErrors(JSON.parse(JSON.stringify(serializeRouteErrors(errors))))!;

describe('boot data', () => {
  it('cannot end or change its script element', () => {
    const value = { title: '</script><script>alert(1)</script><!--', sep: '\u2028\u2029' };
    const text = escapeJsonForHtml(value);
    expect(text).not.toMatch(/[<\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
    expect(bootDataElement({ a: 1 })).toBe('<script type="application/json" id="lectern-boot">{"a":1}</script>');
  });

  it('rebuilds an error response (a 404 page) as one', () => {
    const back = overTheWire({ root: new ErrorResponseImpl(404, 'Not Found', '/nope') });
    expect(isRouteErrorResponse(back.root)).toBe(true);
    expect(back.root).toMatchObject({ status: 404, statusText: 'Not Found', data: '/nope' });
  });

  it('rebuilds thrown errors with their class and message, without the server stack', () => {
    const back = overTheWire({ a: new TypeError('bad'), b: new Error('boom'), c: 'plain' });
    expect(back.a).toBeInstanceOf(TypeError);
    expect(back.a).toMatchObject({ message: 'bad', stack: '' });
    expect(back.b).toBeInstanceOf(Error);
    expect((back.b as Error).message).toBe('boom');
    expect(back.c).toBe('plain');
    expect(deserializeRouteErrors(null)).toBeNull();
  });
});
