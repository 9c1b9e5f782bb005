import type { AdminContract, AdminFigure, AdminListPage, AdminListQuery, Role } from '@pest/contracts';
import type { z } from 'zod';
import type { Viewer } from '../auth/viewer';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyObject = z.ZodObject<any>;

/**
 * A staff table in /admin: the contract from packages/contracts (rows, columns, filters, forms), who may use it, and
 * the owning feature's service functions. Why: decision 0140.
 */
export interface AdminResource<
  Row extends AnyObject = AnyObject,
  Filters extends AnyObject = AnyObject,
  Create extends AnyObject = AnyObject,
  Update extends AnyObject = AnyObject,
> {
  contract: AdminContract<Row, Filters, Create, Update>;
  /** Who may list and read it (any of these roles). */
  roles: readonly Role[];
  /** Who may create, edit and delete (any of these roles); `roles` when absent. */
  writeRoles?: readonly Role[];
  /** The roles whose work needs the contract's `personalFields` (decision 0299); every other role gets them blank. */
  personalDataRoles?: readonly Role[];
  list?(query: AdminListQuery<z.output<Filters>>, actor: Viewer): Promise<AdminListPage<z.input<Row>>>;
  /** One row, or null when there is none with that id. */
  get?(id: z.output<AdminContract['id']>, actor: Viewer): Promise<z.input<Row> | null>;
  /** Returns the created row's id. */
  create?(input: z.output<Create>, actor: Viewer): Promise<string | number>;
  /** Throws AppError.notFound() when there is no such row. */
  update?(id: z.output<AdminContract['id']>, input: z.output<Update>, actor: Viewer): Promise<void>;
  /**
   * Runs the contract's named row actions (`contract.actions`), each in its own transaction, audited.
   * Why: decision 0140.
   */
  actions?: Record<string, (id: z.output<AdminContract['id']>, actor: Viewer) => Promise<void>>;
  /** Counts the admin home shows on the resource's card, for those who may list it. Why: decision 0140. */
  figures?(actor: Viewer): Promise<AdminFigure[]>;
  /** Throws AppError.notFound() when there is no such row. */
  remove?(id: z.output<AdminContract['id']>, actor: Viewer): Promise<void>;
}

// A resource of any schemas, for lists of resources.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyAdminResource = AdminResource<any, any, any, any>;

/** Declares a resource, keeping the contract's schema types for its services. */
export function defineAdminResource<
  Row extends AnyObject,
  Filters extends AnyObject,
  Create extends AnyObject,
  Update extends AnyObject,
>(resource: AdminResource<Row, Filters, Create, Update>): AdminResource<Row, Filters, Create, Update> {
  return resource;
}
