import { describe, expect, it } from 'vitest';
import { createKnownDevices, knownDeviceSetCookie, readCookie } from './known-device.ts';

const devices = createKnownDevices('s'.repeat(32));
const owner = { id: '7c1d7a52-6a43-4d3f-9d0e-3f1b2a6c9e01', passwordHash: '$argon2id$v=19$one' };
const colleague = { id: '0b8e3c2a-1f4d-4c6b-8a9e-5d2f7e1c3b04', passwordHash: '$argon2id$v=19$two' };
const now = new Date('2026-11-22T10:00:00Z');
const later = (days: number) => new Date(now.getTime() + days * 86_400_000);

describe('known devices', () => {
  it('recognises the proof it gave, for that account only', () => {
    const cookie = devices.remember(undefined, owner, now);
    expect(devices.recognises(cookie, owner, later(1))).toBe(true);
    expect(devices.recognises(cookie, colleague, later(1))).toBe(false);
    expect(devices.recognises(undefined, owner, now)).toBe(false);
  });

  it('forgets a proof once the password changes, or after 180 days', () => {
    const cookie = devices.remember(undefined, owner, now);
    expect(devices.recognises(cookie, { ...owner, passwordHash: '$argon2id$v=19$new' }, now)).toBe(false);
    expect(devices.recognises(cookie, owner, later(179))).toBe(true);
    expect(devices.recognises(cookie, owner, later(181))).toBe(false);
  });

  it('refuses proofs signed with another secret, altered, or dated in the future', () => {
    const other = createKnownDevices('t'.repeat(32)).remember(undefined, owner, now);
    expect(devices.recognises(other, owner, now)).toBe(false);
    const [id, issued, mac] = devices.remember(undefined, owner, now).split('.') as [string, string, string];
    expect(devices.recognises(`${id}.${Number(issued) - 1}.${mac}`, owner, now)).toBe(false);
    expect(devices.recognises(`${id}.${issued}.${mac.slice(1)}`, owner, now)).toBe(false);
    const future = devices.remember(undefined, owner, later(2));
    expect(devices.recognises(future, owner, now)).toBe(false);
    expect(devices.recognises('garbage', owner, now)).toBe(false);
  });

  it('a shared browser remembers several accounts, the latest first, up to five', () => {
    let cookie = devices.remember(undefined, owner, now);
    cookie = devices.remember(cookie, colleague, now);
    expect(devices.recognises(cookie, owner, now)).toBe(true);
    expect(devices.recognises(cookie, colleague, now)).toBe(true);
    cookie = devices.remember(cookie, owner, later(1));
    expect(cookie.split('~')).toHaveLength(2);
    expect(cookie.startsWith(`${owner.id}.`)).toBe(true);
    for (let i = 0; i < 5; i++) {
      cookie = devices.remember(
        cookie,
        { id: `00000000-0000-4000-8000-00000000000${i}`, passwordHash: 'x' },
        now,
      );
    }
    expect(cookie.split('~')).toHaveLength(5);
    expect(devices.recognises(cookie, owner, now)).toBe(false);
  });
});

describe('cookie headers', () => {
  it('reads one cookie among others', () => {
    expect(readCookie('a=1; chatdesk_device=x.y.z~u.v.w; b=2', 'chatdesk_device')).toBe('x.y.z~u.v.w');
    expect(readCookie('a=1', 'chatdesk_device')).toBeUndefined();
    expect(readCookie(undefined, 'chatdesk_device')).toBeUndefined();
  });

  it('sets it out of reach of scripts and other sites, Secure over HTTPS', () => {
    expect(knownDeviceSetCookie('v', false)).toBe(
      'chatdesk_device=v; Path=/api/auth; Max-Age=15552000; HttpOnly; SameSite=Strict',
    );
    expect(knownDeviceSetCookie('v', true)).toMatch(/; Secure$/);
  });
});
