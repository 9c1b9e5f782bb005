import type { IpmSheet } from '@pest/contracts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { ipmSheets } from '../schema';
import { toIpmSheet } from './to-reading-room-items';
import { shownIpmSheet, type Visibility } from './visibility';

/** One shown sheet (any sheet for a staff preview, its PDF address then asks for the preview too). */
export async function getIpmSheet(db: Executor, id: number, visibility: Visibility = {}): Promise<IpmSheet> {
  const [row] = await db
    .select()
    .from(ipmSheets)
    .where(and(eq(ipmSheets.id, id), shownIpmSheet(visibility)));
  if (!row) throw AppError.notFound('找不到這份 IPM 技術資料');
  const sheet = toIpmSheet(row);
  return visibility.drafts ? { ...sheet, pdf_url: `${sheet.pdf_url}?preview=1` } : sheet;
}
