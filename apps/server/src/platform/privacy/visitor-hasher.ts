import { createHmac, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Executor } from '../database/database';
import { visitorSalts } from './visitor-salt.schema';

const dayMs = 24 * 60 * 60 * 1000;

/** 'YYYY-MM-DD' of the UTC day that contains `at`. */
function utcDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** Turns a visitor's address into a key that can be stored. Why: decision 0066. */
export class VisitorHasher {
  private cached: { day: string; salt: string } | null = null;

  constructor(private readonly db: Executor) {}

  /** A hash function for addresses seen at `at` (a time in ms); reads or creates the day's salt. */
  async hasherFor(at: number): Promise<(address: string) => string> {
    const salt = await this.saltOf(utcDay(at));
    return (address) => createHmac('sha256', salt).update(address).digest('base64url').slice(0, 22);
  }

  private async saltOf(day: string): Promise<string> {
    if (this.cached?.day === day) return this.cached.salt;
    await this.db
      .insert(visitorSalts)
      .values({ day, salt: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await this.db.select({ salt: visitorSalts.salt }).from(visitorSalts).where(eq(visitorSalts.day, day));
    if (!row) throw new Error(`the visitor salt of ${day} is missing`);
    // Yesterday's salt is kept for batches counted just before midnight; older ones go.
    const dayBefore = utcDay(Date.parse(`${day}T00:00:00Z`) - dayMs);
    await this.db.delete(visitorSalts).where(lt(visitorSalts.day, dayBefore));
    if (!this.cached || this.cached.day < day) this.cached = { day, salt: row.salt };
    return row.salt;
  }
}
