import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, freshDatabase, type TestContext } from '../../test/build-test-app.ts';
import { restoreBackup } from '../db/backup.ts';

let t: TestContext;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/backup', () => {
  it('is for staff only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/backup' });
    expect(response.statusCode).toBe(401);
  });

  it('downloads a backup that restores into an empty database', async () => {
    const { employee, headers } = await t.signIn();
    const response = await t.app.inject({ method: 'GET', url: '/api/backup', headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/gzip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="chatdesk-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.jsonl\.gz"$/,
    );
    const [header] = gunzipSync(response.rawPayload).toString('utf8').split('\n');
    expect(JSON.parse(header!)).toMatchObject({ format: 'chatdesk-backup', version: 1 });

    const { database, drop } = await freshDatabase();
    try {
      await restoreBackup(database, Readable.from([response.rawPayload]));
      const restored = await database.db.query.employees.findFirst({
        where: (employees, { eq }) => eq(employees.id, employee.id),
      });
      expect(restored?.username).toBe(employee.username);
    } finally {
      await database.close();
      await drop();
    }
  });
});
