import { describe, expect, it } from 'vitest';
import { addressKey } from '../../lib/ip-address.ts';
import { accountDelaySeconds, foldUsername } from './sign-in-throttle.ts';

describe('foldUsername', () => {
  it.each([
    ['admin', 'admin'],
    ['ADMIN', 'admin'],
    ['ADMİN', 'admin'],
    ['admın', 'admin'],
    ['AdMıN', 'admin'],
    ['ＡＤＭＩＮ', 'admin'],
    ['\u212Aim', 'kim'],
    ['maria.gil_2', 'maria.gil_2'],
  ])('%s folds to %s', (typed, folded) => {
    expect(foldUsername(typed)).toBe(folded);
  });

  it('keeps other letters apart', () => {
    expect(foldUsername('adman')).not.toBe(foldUsername('admin'));
    expect(foldUsername('JOSÉ')).toBe('josé');
  });
});

describe('addressKey', () => {
  it('keeps IPv4 addresses as they are', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('127.0.0.1')).toBe('127.0.0.1');
  });

  it('reads IPv4-mapped IPv6 addresses as IPv4, in either notation', () => {
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(addressKey('0:0:0:0:0:ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:1:2::/64';
    expect(addressKey('2001:db8:1:2::1')).toBe(key);
    expect(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(key);
    expect(addressKey('2001:0DB8:0001:0002:0000:0000:0000:0abc')).toBe(key);
    expect(addressKey('2001:db8:1:2:a:b:1.2.3.4')).toBe(key);
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('leaves what is not an IP address alone', () => {
    expect(addressKey('unknown')).toBe('unknown');
  });
});

describe('accountDelaySeconds', () => {
  it('is nothing below the threshold, then doubles from a second up to the cap', () => {
    const delays = [0, 9, 10, 11, 12, 13, 19, 20, 1000].map((n) => accountDelaySeconds(n, 10, 900));
    expect(delays).toEqual([0, 0, 1, 2, 4, 8, 512, 900, 900]);
  });
});
