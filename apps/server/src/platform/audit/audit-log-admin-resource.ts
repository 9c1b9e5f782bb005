import { auditLogAdminContract } from '@pest/contracts';
import { defineAdminResource } from '../admin/admin-resource';
import type { Database } from '../database/database';
import type { AuditVocabulary } from './audit-labels';
import { getAuditEntry } from './get-audit-entry';
import { listAuditEntries } from './list-audit-entries';

/** The audit log in /admin: read-only, for admins (it names who changed what across the site). */
export function auditLogAdminResource(db: Database, words: AuditVocabulary) {
  return defineAdminResource({
    contract: auditLogAdminContract,
    roles: ['admin'],
    list: (query) => listAuditEntries(db, query, words),
    get: (id) => getAuditEntry(db, Number(id), words),
  });
}
