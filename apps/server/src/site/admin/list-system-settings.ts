import type { AdminListPage } from '@pest/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { systemSettings } from '../schema';
import { systemSettingsAdminRow, type SystemSettingsAdminRow } from './system-settings-row';

/** The settings row (the site has one, id 1), as a list of one or by id. */
export async function listSystemSettings(db: Executor, id?: number): Promise<AdminListPage<SystemSettingsAdminRow>> {
  const rows = await db
    .select()
    .from(systemSettings)
    .where(id === undefined ? undefined : eq(systemSettings.id, id))
    .orderBy(asc(systemSettings.id));
  return { rows: rows.map(systemSettingsAdminRow), total: rows.length, page: 1, pageSize: Math.max(rows.length, 1) };
}
