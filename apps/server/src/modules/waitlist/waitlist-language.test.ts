import { describe, expect, it } from 'vitest';
import { clients } from '../../db/schema.ts';
import { MONDAY, waitlistFixture } from './waitlist-fixture.ts';

// The waitlist's emails in the client's language (decision 026), on Friday 20 November 2026, 11:00
// in Madrid (the test app's zone); the classes are on Monday.
const w = waitlistFixture(90);
const { next, visit, aProfessional, book, cancelByLink, lastMail } = w;

/** A free class of two seats on Monday at 10:00, both taken at the desk: answers what to join and how to free a seat. */
async function aFullClass() {
  const { slot } = await aProfessional({
    seats: 2,
    name: `Yoga ${next()}`,
    employee: { name: 'Lucía Pérez' },
  });
  await book(slot);
  const seat = await book(slot);
  return {
    slot,
    free: async () => expect((await cancelByLink(seat.manageToken)).statusCode).toBe(200),
  };
}

describe("the waitlist's emails, in the client's language", () => {
  it('a client who speaks Spanish is offered the place, and told it is booked, in Spanish', async () => {
    const email = `marta-${next()}@example.com`;
    // Written by the assistant from the client's own messages (client-language.test.ts).
    await w.t.db.insert(clients).values({
      name: 'Marta Gil',
      phone: '+34 633 300 001',
      email: email.toUpperCase(),
      status: 'active',
      source: 'whatsapp',
      language: 'es',
    });
    const { slot, free } = await aFullClass();
    const joined = await visit('POST', '/api/book/waitlist', {
      ...slot,
      date: MONDAY,
      timeSlot: '10:00',
      name: 'Marta Gil',
      email,
    });
    expect(joined.statusCode, joined.body).toBe(201);
    await free();
    await w.t.app.services.waitlist.tellOffers();

    const offer = await lastMail(email, 'Hay una plaza libre');
    expect(offer, 'a Spanish offer').toBeDefined();
    expect(offer!.subject).toContain('lunes, 23 de noviembre');
    expect(offer!.text).toContain('Hola, Marta Gil:');
    expect(offer!.text).toContain('con Lucía Pérez el lunes, 23 de noviembre');
    expect(offer!.text).toContain('Te la guardamos hasta las 11:30');
    expect(offer!.text).toContain('A partir de las 11:30 pasa a la siguiente persona de la lista.');
    expect(await lastMail(email, 'A place is free')).toBeUndefined();

    const token = /\/waitlist\/([\w-]+)/.exec(offer!.text)![1]!;
    const confirmed = await visit('POST', `/api/waitlist/${token}/confirm`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const booked = await lastMail(email, 'Reservada');
    expect(booked?.text).toContain('La plaza que esperabas es tuya');
    expect(booked?.text).toContain('Gratis');
    expect(booked?.text).toMatch(/Para cancelarla: \S+\/booking\//);
  });

  it('a visitor we know no language of is offered the place in English', async () => {
    const email = `dana-${next()}@example.com`;
    const { slot, free } = await aFullClass();
    const joined = await visit('POST', '/api/book/waitlist', {
      ...slot,
      date: MONDAY,
      timeSlot: '10:00',
      name: 'Dana Smith',
      email,
    });
    expect(joined.statusCode, joined.body).toBe(201);
    await free();
    await w.t.app.services.waitlist.tellOffers();

    const offer = await lastMail(email, 'A place is free');
    expect(offer?.subject).toContain('Monday, November 23');
    expect(offer?.text).toContain('Hello Dana Smith,');
    expect(offer?.text).toContain('We are holding it for you until 11:30.');
    expect(await lastMail(email, 'Hay una plaza libre')).toBeUndefined();
  });
  it('a visitor who joined from the page in Spanish is offered the place in Spanish; the page wins over the record', async () => {
    const email = `lucas-${next()}@example.com`;
    const english = `tom-${next()}@example.com`;
    await w.t.db.insert(clients).values({
      name: 'Tom Reed',
      phone: '+34 633 300 002',
      email: english,
      status: 'active',
      source: 'whatsapp',
      language: 'es',
    });
    const { slot, free } = await aFullClass();
    for (const [name, address, language] of [
      ['Lucas Martín', email, 'es'],
      ['Tom Reed', english, 'en'],
    ] as const) {
      const joined = await visit('POST', '/api/book/waitlist', {
        ...slot,
        date: MONDAY,
        timeSlot: '10:00',
        name,
        email: address,
        language,
      });
      expect(joined.statusCode, joined.body).toBe(201);
    }
    await free();
    await w.t.app.services.waitlist.tellOffers();

    const offer = await lastMail(email, 'Hay una plaza libre');
    expect(offer, 'a Spanish offer').toBeDefined();
    expect(offer!.text).toContain('Hola, Lucas Martín:');
    expect(await lastMail(email, 'A place is free')).toBeUndefined();

    // The first in line declines: the next, who joined from the English page, is offered it in English.
    const token = /\/waitlist\/([\w-]+)/.exec(offer!.text)![1]!;
    expect((await visit('POST', `/api/waitlist/${token}/decline`, {})).statusCode).toBe(200);
    await w.t.app.services.waitlist.tellOffers();
    expect((await lastMail(english, 'A place is free'))?.text).toContain('Hello Tom Reed,');
  });
});
