import { describe, expect, it } from 'vitest';
import { documentTitle, staffPageName } from './page-title';

describe('documentTitle', () => {
  it('names the page, then the company', () => {
    expect(documentTitle({ page: 'Clients', company: 'Acme' })).toBe('Clients · Acme');
  });

  it('puts the chats waiting for a person in front, only when there are some', () => {
    expect(documentTitle({ page: 'Chats', company: 'Acme', waiting: 2 })).toBe('(2) Chats · Acme');
    expect(documentTitle({ page: 'Chats', company: 'Acme', waiting: 0 })).toBe('Chats · Acme');
  });

  it('leaves out what is not known yet', () => {
    expect(documentTitle({ page: 'Employee: Ana', company: '  ' })).toBe('Employee: Ana');
    expect(documentTitle({ company: 'Acme', waiting: 1 })).toBe('(1) Acme');
    expect(documentTitle({})).toBe('Dashboard');
  });
});

describe('staffPageName', () => {
  it('names every staff page by its route, a new record before a record', () => {
    expect(staffPageName('/')).toBe('Chats');
    expect(staffPageName('/chat/abc')).toBe('Chat');
    expect(staffPageName('/employee/new')).toBe('New employee');
    expect(staffPageName('/employee/123')).toBe('Employee');
    expect(staffPageName('/services')).toBe('Services');
    expect(staffPageName('/services/new')).toBe('New service');
    expect(staffPageName('/services/abc')).toBe('Service');
    expect(staffPageName('/clients/new')).toBe('New client');
    expect(staffPageName('/clients/9/edit')).toBe('Edit client');
    expect(staffPageName('/clients/9')).toBe('Client');
    expect(staffPageName('/insights')).toBe('Insights');
    expect(staffPageName('/settings')).toBe('Settings');
    expect(staffPageName('/nowhere/at/all')).toBeUndefined();
  });
});
