import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WeeklyAvailability } from '../src/db/schema.ts';
import type { Expectation } from './checks.ts';

export type EvalCase = {
  id: string;
  note?: string;
  business: string;
  intent: string;
  turns: Array<{ customer: string; expect?: Expectation }>;
  /**
   * Self-service cases: the client who writes, from this number, with these appointments (paid
   * online unless `paid` is false). Without it the customer is an anonymous simulator session.
   */
  customer?: {
    name: string;
    phone: string;
    email?: string;
    /**
     * Paid online unless `paid` is false; `pack` paid with a session of the client's first pack
     * instead; `service` the name of the service booked ("Pedicura"), the default appointment without it.
     */
    appointments: Array<{
      employee: string;
      date: string;
      time: string;
      paid?: boolean;
      pack?: boolean;
      service?: string;
    }>;
    /** Packs of sessions the client holds: sessions sold and left, and the local date it expires on. */
    packs?: Array<{ name: string; service: string; sessions: number; left: number; expires: string }>;
  };
};

export type BusinessFixture = {
  company: {
    name: string;
    industry: string;
    website: string;
    timeZone: string;
    information: string;
    systemPrompt: string;
  };
  employees: Array<{
    name: string;
    username: string;
    email: string;
    title: string;
    role: string;
    locations: string[];
    availability: WeeklyAvailability;
    isActive: boolean;
    takesBookings: boolean;
  }>;
};

const EVAL_DIR = fileURLToPath(new URL('.', import.meta.url));

/** Every case under <root>/<business>/<intent>.json; the root is corpus/ unless given (a blind set). */
export function loadCorpus(root = path.join(EVAL_DIR, 'corpus')): EvalCase[] {
  const cases: EvalCase[] = [];
  for (const business of fs.readdirSync(root).sort()) {
    const dir = path.join(root, business);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const file of fs.readdirSync(dir).sort()) {
      if (!file.endsWith('.json')) continue;
      const intent = file.slice(0, -'.json'.length);
      const list = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Array<
        Omit<EvalCase, 'business' | 'intent'>
      >;
      for (const item of list) cases.push({ ...item, business, intent });
    }
  }
  return cases;
}

export function loadBusiness(key: string): BusinessFixture {
  return JSON.parse(fs.readFileSync(path.join(EVAL_DIR, 'businesses', `${key}.json`), 'utf8'));
}
