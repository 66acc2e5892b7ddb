import { describe, expect, it } from 'vitest';
import { networkOf } from '../../../src/server/modules/membership/network.js';

describe('networkOf', () => {
  it('takes the /24 of an IPv4 address', () => {
    expect(networkOf('192.0.2.77')).toBe('192.0.2.0/24');
    expect(networkOf('192.0.2.1')).toBe(networkOf('192.0.2.254'));
    expect(networkOf('192.0.3.1')).not.toBe(networkOf('192.0.2.1'));
  });

  it('treats an IPv4-mapped IPv6 address as IPv4', () => {
    expect(networkOf('::ffff:192.0.2.9')).toBe('192.0.2.0/24');
  });

  it('takes the /64 of an IPv6 address, however it is written', () => {
    expect(networkOf('2001:db8:aa:1::1')).toBe('2001:db8:aa:1::/64');
    expect(networkOf('2001:0DB8:00AA:0001:ffff:0:0:9')).toBe('2001:db8:aa:1::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(networkOf('2001:db8:aa:2::1')).not.toBe(networkOf('2001:db8:aa:1::1'));
  });

  it('keeps anything else as it is', () => {
    expect(networkOf('unknown')).toBe('unknown');
  });
});
