import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { backupFileName, writeBackup } from '../db/backup.ts';
import type { Database } from '../db/client.ts';

/** GET /backup: the business's whole database as a backup file, while the server runs. */
export async function backupRoutes(app: FastifyInstance, options: { database: Database }) {
  // A file, not JSON, so declared here rather than in the contract (like the insights export).
  app.get(
    '/backup',
    {
      schema: {
        tags: ['backup'],
        security: [{ bearer: [] }],
        summary: 'Every table of the database as one consistent backup file (gzip-compressed JSON lines)',
      },
    },
    async (_request, reply) => {
      // Written whole before it is sent: on PGlite the snapshot holds the only connection, which a
      // slow download must not keep from every other request.
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'chatdesk-backup-'));
      const removeDir = () => fs.rm(dir, { recursive: true, force: true });
      const file = path.join(dir, 'backup.jsonl.gz');
      try {
        await writeBackup(options.database, createWriteStream(file));
      } catch (error) {
        await removeDir();
        throw error;
      }
      const stream = createReadStream(file);
      stream.on('close', () => void removeDir());
      return reply
        .type('application/gzip')
        .header('content-disposition', `attachment; filename="${backupFileName()}"`)
        .send(stream);
    },
  );
}
