import type { AdminListQuery, catalogDetailWrite, catalogTypeWrite } from '@pest/contracts';
import type { z } from 'zod';
import type { Viewer } from '../platform/auth/viewer';
import type { FeatureContext } from '../platform/feature/feature-manifest';
import { deleteCatalogDetail } from './services/delete-catalog-detail';
import { deleteCatalogType } from './services/delete-catalog-type';
import { findCatalogFile } from './services/find-catalog-file';
import { listCatalogDetailRows, listCatalogTypeRows } from './services/list-catalog-admin-rows';
import { listCatalogDetails } from './services/list-catalog-details';
import { listCatalogRelations } from './services/list-catalog-relations';
import { listCatalogTypes } from './services/list-catalog-types';
import { reorderCatalog } from './services/reorder-catalog';
import { saveCatalogDetail } from './services/save-catalog-detail';
import { saveCatalogType } from './services/save-catalog-type';

type Visibility = { all?: boolean };

/** The download area's services, bound once (`services.downloads.*`). */
export function createDownloadsServices({ db }: Pick<FeatureContext, 'db'>) {
  return {
    listTypes: (options: Visibility & { id?: number } = {}) => listCatalogTypes(db, options),
    listDetails: (options: Visibility & { id?: number; typeId?: number } = {}) => listCatalogDetails(db, options),
    listRelations: (options: Visibility & { id?: number; typeId?: number } = {}) => listCatalogRelations(db, options),
    findFile: (id: number) => findCatalogFile(db, id),
    saveType: (actor: Viewer, input: z.output<typeof catalogTypeWrite>, id?: number) =>
      saveCatalogType(db, actor, input, id),
    deleteType: (actor: Viewer, id: number) => deleteCatalogType(db, actor, id),
    saveDetail: (actor: Viewer, input: z.output<typeof catalogDetailWrite>, id?: number) =>
      saveCatalogDetail(db, actor, input, id),
    deleteDetail: (actor: Viewer, id: number) => deleteCatalogDetail(db, actor, id),
    reorder: (actor: Viewer, table: 'types' | 'details', body: { ids: number[]; index_ids: number[] }) =>
      reorderCatalog(db, actor, table, body),
    listTypeRows: (query: AdminListQuery<unknown>, id?: number) => listCatalogTypeRows(db, query, id),
    listDetailRows: (query: AdminListQuery<{ q?: string | undefined }>, id?: number) =>
      listCatalogDetailRows(db, query, id),
  };
}
export type DownloadsServices = ReturnType<typeof createDownloadsServices>;
