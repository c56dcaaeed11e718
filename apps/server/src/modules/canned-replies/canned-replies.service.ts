import {
  CANNED_REPLY_MESSAGES,
  type CannedReply,
  type cannedReplyFormSchema,
} from '@chatdesk/contract/canned-replies';
import type { z } from 'zod';
import { conflict, isUniqueViolation, notFound } from '../../lib/app-error.ts';
import type { CannedRepliesRepository, CannedReplyRow } from './canned-replies.repository.ts';

const toCannedReply = (row: CannedReplyRow): CannedReply => ({
  id: row.id,
  name: row.name,
  text: row.text,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

type CannedReplyInput = z.output<typeof cannedReplyFormSchema>;

export function createCannedRepliesService({ repository }: { repository: CannedRepliesRepository }) {
  /** The unique index on the folded name decides, so two saves racing for one name cannot both win. */
  async function guardUnique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(CANNED_REPLY_MESSAGES.nameTaken);
      throw error;
    }
  }

  return {
    async list(): Promise<CannedReply[]> {
      return (await repository.all()).map(toCannedReply);
    },

    async create(input: CannedReplyInput): Promise<CannedReply> {
      return toCannedReply(await guardUnique(() => repository.insert(input)));
    },

    async update(id: string, input: CannedReplyInput): Promise<CannedReply> {
      const row = await guardUnique(() => repository.update(id, input));
      if (!row) throw notFound(CANNED_REPLY_MESSAGES.notFound);
      return toCannedReply(row);
    },

    async remove(id: string): Promise<void> {
      if (!(await repository.delete(id))) throw notFound(CANNED_REPLY_MESSAGES.notFound);
    },
  };
}

export type CannedRepliesService = ReturnType<typeof createCannedRepliesService>;
