import type { ChatChannel } from '@chatdesk/contract/chats';
import { NEW_CONVERSATION_COMMAND } from '@chatdesk/contract/chats';
import { REVIEW_DAYS } from '@chatdesk/contract/teaching';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  assistantLessons,
  assistantTests,
  employees,
  reviewedConversations,
  services,
} from '../../db/schema.ts';

export type LessonValues = Omit<typeof assistantLessons.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type LessonRow = typeof assistantLessons.$inferSelect & {
  employeeName: string | null;
  serviceName: string | null;
};
export type TestValues = Pick<
  typeof assistantTests.$inferInsert,
  'name' | 'lines' | 'mustContain' | 'mustDo'
>;
export type TestRow = typeof assistantTests.$inferSelect;

export type ReviewRow = {
  conversationId: string;
  chatId: string;
  customerName: string;
  channel: ChatChannel;
  reason: 'not_understood' | 'reopened';
  startedAt: Date;
  exchanges: Array<{ sender: 'customer' | 'assistant'; text: string }>;
};

/** The most of a conversation the queue shows: enough to see what went wrong, never a whole history. */
const EXCHANGES_SHOWN = 12;
const QUEUE_LENGTH = 50;

export function createTeachingRepository(db: Db) {
  const lessonColumns = {
    id: assistantLessons.id,
    kind: assistantLessons.kind,
    example: assistantLessons.example,
    exampleKey: assistantLessons.exampleKey,
    intent: assistantLessons.intent,
    employeeId: assistantLessons.employeeId,
    serviceId: assistantLessons.serviceId,
    day: assistantLessons.day,
    answer: assistantLessons.answer,
    createdAt: assistantLessons.createdAt,
    updatedAt: assistantLessons.updatedAt,
    employeeName: employees.name,
    serviceName: services.name,
  };
  async function conversationExists(conversationId: string) {
    const result = await db.execute(sql`select 1 from conversations where id = ${conversationId}`);
    return result.rows.length > 0;
  }
  const lessonsQuery = () =>
    db
      .select(lessonColumns)
      .from(assistantLessons)
      .leftJoin(employees, eq(employees.id, assistantLessons.employeeId))
      .leftJoin(services, eq(services.id, assistantLessons.serviceId));

  return {
    /** Every lesson, oldest first: a business teaches dozens, and the assistant reads them all. */
    async lessons(): Promise<LessonRow[]> {
      return lessonsQuery().orderBy(asc(assistantLessons.createdAt), asc(assistantLessons.id));
    },
    async lesson(id: string): Promise<LessonRow | undefined> {
      const [row] = await lessonsQuery().where(eq(assistantLessons.id, id));
      return row;
    },
    async insertLesson(values: LessonValues) {
      const [row] = await db.insert(assistantLessons).values(values).returning({ id: assistantLessons.id });
      return row!.id;
    },
    async updateLesson(id: string, values: LessonValues) {
      const [row] = await db
        .update(assistantLessons)
        .set(values)
        .where(eq(assistantLessons.id, id))
        .returning({ id: assistantLessons.id });
      return row?.id;
    },
    async removeLesson(id: string) {
      const rows = await db
        .delete(assistantLessons)
        .where(eq(assistantLessons.id, id))
        .returning({ id: assistantLessons.id });
      return rows.length > 0;
    },
    async employeeExists(id: string) {
      const [row] = await db.select({ id: employees.id }).from(employees).where(eq(employees.id, id));
      return Boolean(row);
    },
    async serviceExists(id: string) {
      const [row] = await db.select({ id: services.id }).from(services).where(eq(services.id, id));
      return Boolean(row);
    },

    async tests(): Promise<TestRow[]> {
      return db.select().from(assistantTests).orderBy(asc(assistantTests.createdAt), asc(assistantTests.id));
    },
    async insertTest(values: TestValues) {
      const [row] = await db.insert(assistantTests).values(values).returning();
      return row!;
    },
    async updateTest(id: string, values: TestValues) {
      const [row] = await db.update(assistantTests).set(values).where(eq(assistantTests.id, id)).returning();
      return row;
    },
    async removeTest(id: string) {
      const rows = await db
        .delete(assistantTests)
        .where(eq(assistantTests.id, id))
        .returning({ id: assistantTests.id });
      return rows.length > 0;
    },

    /**
     * Conversations of the last REVIEW_DAYS the assistant handed over for not understanding, or
     * that the customer came back to, not reviewed yet, newest first: from the conversations
     * rollup (its started_at index), with their first customer and assistant messages.
     */
    async reviewQueue(now: Date): Promise<ReviewRow[]> {
      const result = await db.execute(sql`
        select c.id as "conversationId", c.chat_id as "chatId", ct.name as "customerName", c.channel,
               case when c.handoff_reason = 'not_understood' then 'not_understood' else 'reopened' end as reason,
               c.started_at as "startedAt",
               coalesce((
                 select json_agg(json_build_object('sender', m.sender, 'text', m.text) order by m.created_at, m.id)
                   from (select sender, text, created_at, id from messages
                          where chat_id = c.chat_id and created_at >= c.started_at
                            and created_at <= c.last_message_at and sender in ('customer', 'assistant')
                            -- The command that starts a conversation over is not the customer's words.
                            and lower(btrim(text)) <> ${NEW_CONVERSATION_COMMAND}
                          order by created_at, id
                          limit ${EXCHANGES_SHOWN}) m
               ), '[]'::json) as exchanges
          from conversations c
          join chats ch on ch.id = c.chat_id
          join contacts ct on ct.id = ch.contact_id
         where c.started_at >= ${now}::timestamptz - make_interval(days => ${REVIEW_DAYS})
           and (c.handoff_reason = 'not_understood'
                or (c.reopened and c.handoff_reason is null and c.first_assistant_reply_at is not null))
           and not exists (select 1 from reviewed_conversations r where r.conversation_id = c.id)
         order by c.started_at desc, c.id
         limit ${QUEUE_LENGTH}`);
      return (result.rows as Array<Omit<ReviewRow, 'startedAt'> & { startedAt: string | Date }>).map(
        (row) => ({ ...row, startedAt: new Date(row.startedAt) }),
      );
    },
    /** Takes a conversation off the queue; false when there is no such conversation. */
    async markReviewed(conversationId: string) {
      const result = await db.execute(sql`
        insert into ${reviewedConversations} (conversation_id)
        select id from conversations where id = ${conversationId}
        on conflict (conversation_id) do nothing
        returning conversation_id`);
      return result.rows.length > 0 || conversationExists(conversationId);
    },
    conversationExists,
  };
}

export type TeachingRepository = ReturnType<typeof createTeachingRepository>;
