import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { company } from '../../db/schema.ts';

export type CompanyValues = Omit<typeof company.$inferInsert, 'id' | 'updatedAt'>;

export function createCompanyRepository(db: Db) {
  return {
    async find() {
      const [row] = await db.select().from(company).where(eq(company.id, 1)).limit(1);
      return row;
    },
    /** Only what a booking page needs: the company row also holds its logo and long texts. */
    async findScheduling() {
      const [row] = await db
        .select({ timeZone: company.timeZone, freeCancellationHours: company.freeCancellationHours })
        .from(company)
        .where(eq(company.id, 1))
        .limit(1);
      return row;
    },
    /** Saves the booking settings; before the company is saved, a blank company row carries them. */
    async upsertBookingSettings(
      values: Pick<
        CompanyValues,
        'freeCancellationHours' | 'remindersEnabled' | 'reminderHours' | 'noShowFollowUp'
      >,
    ) {
      const [row] = await db
        .insert(company)
        .values({ id: 1, name: '', information: '', ...values })
        .onConflictDoUpdate({ target: company.id, set: values })
        .returning();
      return row!;
    },
    async upsert(values: CompanyValues) {
      const [row] = await db
        .insert(company)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: company.id, set: values })
        .returning();
      return row!;
    },
  };
}

export type CompanyRepository = ReturnType<typeof createCompanyRepository>;
