import {
  errorCodes,
  parseAdminListQuery,
  staffRoles,
  type AdminListPage,
  type AdminFigure,
  type AdminOperation,
  type AdminResourceSummary,
  type RawQuery,
} from '@pest/contracts';
import type { z } from 'zod';
import { requireRole, type ViewerSource } from '../auth/authorize';
import { hasRole, type Viewer } from '../auth/viewer';
import type { Database } from '../database/database';
import { recordAudit } from '../audit/record-audit';
import { AppError } from '../http/app-error';
import type { AnyAdminResource } from './admin-resource';
import { createOnce } from './create-once';
import { checkAdminPage } from './admin-list-count';

/** The admin shell's one door, for the API routes and the /admin page loaders alike. Why: decision 0141. */
export interface AdminGateway {
  /** The resources the viewer may use (a staff role is required to ask). */
  resources(): Promise<AdminResourceSummary[]>;
  /** The admin home's counts, by resource name, of the resources the viewer may list. */
  figures(): Promise<Record<string, AdminFigure[]>>;
  /** The viewer, once a staff role is confirmed (the shell's greeting). */
  staff(): Promise<Viewer>;
  /** The resource's summary when the viewer may do `operation` with it (401, 403, 404 or 405 otherwise): for the screens' loaders. */
  allow(name: string, operation: AdminOperation): Promise<AdminResourceSummary>;
  list(name: string, query: RawQuery): Promise<AdminListPage>;
  get(name: string, id: unknown): Promise<Record<string, unknown>>;
  /** Creates a row. Why: decision 0276. */
  create(name: string, input: unknown, key?: string): Promise<{ id: string | number }>;
  update(name: string, id: unknown, input: unknown): Promise<void>;
  remove(name: string, id: unknown): Promise<void>;
  /** Runs a row action (a failed job's retry). */
  act(name: string, id: unknown, action: string): Promise<void>;
}

/** The resources every feature declares, by name; a name used twice is a mistake caught at start. */
export function indexAdminResources(resources: readonly AnyAdminResource[]): Map<string, AnyAdminResource> {
  const byName = new Map<string, AnyAdminResource>();
  for (const resource of resources) {
    const { name } = resource.contract;
    for (const action of resource.contract.actions ?? []) {
      if (!resource.actions?.[action.name])
        throw new Error(`Admin resource "${name}" declares action "${action.name}" without its service.`);
    }
    if (!/^[a-z][a-z0-9-]*$/.test(name))
      throw new Error(`Admin resource name "${name}" must be lower-case letters, digits and dashes.`);
    if (byName.has(name)) throw new Error(`Two admin resources are named "${name}".`);
    checkPersonalData(resource);
    byName.set(name, resource);
  }
  return byName;
}

/**
 * A resource's personal fields are declared with the roles that need them, those include the
 * admins (the audit log shows every before and after to them), and no form of a role without
 * them may carry them (it would show them, or blank them on save). Checked once, at start.
 */
function checkPersonalData(resource: AnyAdminResource) {
  const { name, personalFields = [], create, update } = resource.contract;
  if (personalFields.length === 0) return;
  const allowed = resource.personalDataRoles;
  if (!allowed?.includes('admin'))
    throw new Error(`Admin resource "${name}" has personal fields: its personalDataRoles must include admin.`);
  const writers = resource.writeRoles ?? resource.roles;
  const formFields = [...Object.keys(create?.shape ?? {}), ...Object.keys(update?.shape ?? {})];
  if (writers.some((role) => !allowed.includes(role)) && formFields.some((field) => personalFields.includes(field)))
    throw new Error(`Admin resource "${name}" lets roles without personalDataRoles edit a personal field.`);
}

/** Whether the viewer's role needs the resource's personal fields (true when it has none). */
function seesPersonalData(resource: AnyAdminResource, viewer: Viewer): boolean {
  if ((resource.contract.personalFields ?? []).length === 0) return true;
  return hasRole(viewer, ...(resource.personalDataRoles ?? []));
}

/** The row with its personal fields blank (null) when the viewer's role does not need them. */
function withPersonalData(resource: AnyAdminResource, viewer: Viewer, row: Record<string, unknown>) {
  if (seesPersonalData(resource, viewer)) return row;
  const blanked = { ...row };
  for (const field of resource.contract.personalFields ?? []) blanked[field] = null;
  return blanked;
}

function summaryOf(resource: AnyAdminResource, viewer: Viewer): AdminResourceSummary {
  const hidden = !seesPersonalData(resource, viewer);
  return {
    name: resource.contract.name,
    label: resource.contract.label,
    ...(resource.contract.description ? { description: resource.contract.description } : {}),
    group: resource.contract.group ?? 'system',
    operations: operations(resource, viewer),
    actions: hasRole(viewer, ...(resource.writeRoles ?? resource.roles))
      ? (resource.contract.actions ?? []).map((action) => action.name)
      : [],
    ...(hidden
      ? {
          hiddenFields: [...(resource.contract.personalFields ?? [])],
          hiddenFilters: [...(resource.contract.personalFilters ?? [])],
        }
      : {}),
  };
}

function operations(resource: AnyAdminResource, viewer: Viewer): AdminResourceSummary['operations'] {
  const read = hasRole(viewer, ...resource.roles);
  const write = hasRole(viewer, ...(resource.writeRoles ?? resource.roles));
  return {
    list: read && resource.list !== undefined,
    get: read && resource.get !== undefined,
    create: write && resource.create !== undefined && resource.contract.create !== undefined,
    update: write && resource.update !== undefined && resource.contract.update !== undefined,
    remove: write && resource.remove !== undefined,
  };
}

const personalFilterRefused = '此條件會搜尋個人資料，僅限承辦人員使用';

function issuesOf(error: z.ZodError) {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

export function createAdminGateway(
  resources: ReadonlyMap<string, AnyAdminResource>,
  source: ViewerSource,
  db: Database,
): AdminGateway {
  const staff = () => requireRole(source, ...staffRoles);

  /** The resource and the viewer allowed to do `operation` with it: 401, 403 or 404 otherwise. */
  async function authorise(name: string, operation: AdminOperation) {
    await staff();
    const resource = resources.get(name);
    if (!resource) throw AppError.notFound('找不到此管理項目');
    const wanted =
      operation === 'list' || operation === 'get' ? resource.roles : (resource.writeRoles ?? resource.roles);
    const viewer = await requireRole(source, ...wanted);
    // A resource without the service (or the form) does not offer the operation.
    if (operation !== 'act' && !operations(resource, viewer)[operation])
      throw new AppError(405, errorCodes.methodNotAllowed, '此管理項目不提供這項操作');
    return { resource, viewer };
  }

  function parseId(resource: AnyAdminResource, id: unknown) {
    const parsed = resource.contract.id.safeParse(id);
    if (!parsed.success) throw AppError.badRequest('編號格式有誤');
    return parsed.data;
  }

  return {
    staff,
    async resources() {
      const viewer = await staff();
      return [...resources.values()]
        .map((resource) => summaryOf(resource, viewer))
        .filter((summary) => summary.operations.list || summary.operations.get);
    },
    async figures() {
      const viewer = await staff();
      const shown = [...resources.values()].filter((resource) => resource.figures && operations(resource, viewer).list);
      const counted = await Promise.all(shown.map((resource) => resource.figures!(viewer)));
      return Object.fromEntries(shown.map((resource, index) => [resource.contract.name, counted[index] ?? []]));
    },
    async allow(name, operation) {
      const { resource, viewer } = await authorise(name, operation);
      return summaryOf(resource, viewer);
    },
    async list(name, raw) {
      const { resource, viewer } = await authorise(name, 'list');
      const parsed = parseAdminListQuery(resource.contract, raw);
      if (!parsed.success) throw AppError.invalid(parsed.issues);
      checkAdminPage(parsed.query);
      // A search through personal fields would tell what they hold by what it finds: refused.
      // So would an order by them.
      if (!seesPersonalData(resource, viewer)) {
        const filters = parsed.query.filters as Record<string, unknown>;
        const refused = (resource.contract.personalFilters ?? []).filter(
          (filter) => filters[filter] !== undefined && filters[filter] !== '',
        );
        if ((resource.contract.personalFields ?? []).includes(parsed.query.sort.key)) refused.push('sort');
        if (refused.length > 0)
          throw AppError.invalid(refused.map((path) => ({ path, message: personalFilterRefused })));
      }
      // Lists are not audited row by row (decision 0299).
      const page = await resource.list!(parsed.query, viewer);
      return {
        ...page,
        rows: page.rows.map((row) =>
          withPersonalData(resource, viewer, resource.contract.row.parse(row) as Record<string, unknown>),
        ),
      };
    },
    async get(name, id) {
      const { resource, viewer } = await authorise(name, 'get');
      const key = parseId(resource, id);
      const row = await resource.get!(key, viewer);
      if (!row) throw AppError.notFound();
      const parsed = resource.contract.row.parse(row) as Record<string, unknown>;
      const personal = resource.contract.personalFields ?? [];
      const shown = personal.filter((field) => parsed[field] !== null && parsed[field] !== '');
      if (seesPersonalData(resource, viewer) && shown.length > 0) {
        // Who opened whose personal data, and when: the fields' names, never their values.
        await recordAudit(db, {
          actor: { memberId: viewer.memberId, account: viewer.account },
          action: 'view-personal-data',
          entity: name,
          entityId: key,
          after: { fields: shown },
        });
      }
      return withPersonalData(resource, viewer, parsed);
    },
    async create(name, input, key) {
      const { resource, viewer } = await authorise(name, 'create');
      const parsed = resource.contract.create!.safeParse(input);
      if (!parsed.success) throw AppError.invalid(issuesOf(parsed.error));
      const create = () => resource.create!(parsed.data, viewer);
      if (key === undefined) return { id: await create() };
      return createOnce(db, { key, resource: name, actorId: viewer.memberId }, create);
    },
    async update(name, id, input) {
      const { resource, viewer } = await authorise(name, 'update');
      const key = parseId(resource, id);
      const parsed = resource.contract.update!.safeParse(input);
      if (!parsed.success) throw AppError.invalid(issuesOf(parsed.error));
      await resource.update!(key, parsed.data, viewer);
    },
    async act(name, id, actionName) {
      const { resource, viewer } = await authorise(name, 'act');
      const run = resource.contract.actions?.some((action) => action.name === actionName)
        ? resource.actions?.[actionName]
        : undefined;
      if (!run) throw AppError.notFound('找不到此操作');
      await run(parseId(resource, id), viewer);
    },
    async remove(name, id) {
      const { resource, viewer } = await authorise(name, 'remove');
      await resource.remove!(parseId(resource, id), viewer);
    },
  };
}
