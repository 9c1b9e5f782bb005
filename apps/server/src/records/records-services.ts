import type {
  AdminListQuery,
  OpenDataDataset,
  OpenDataFormat,
  PesticideChangeKind,
  pesticideImportsAdminContract,
  RecordForm,
  RecordPictureCreate,
  RecordPictureUpdate,
  recordPicturesAdminContract,
  recordsAdminContract,
} from '@pest/contracts';
import type { z } from 'zod';
import type { Viewer } from '../platform/auth/viewer';
import { cropsByNameKey, cropsTag, type ResolvedCrop } from '../crops';
import { normaliseSearchText } from '../platform/search/normalise-search-text';
import type { FeatureContext } from '../platform/feature/feature-manifest';
import { getAdminRecord } from './admin/get-admin-record';
import { listAdminRecords } from './admin/list-admin-records';
import { deleteRecordPicture } from './admin/delete-record-picture';
import { listRecordPictureRows } from './admin/record-picture-rows';
import { saveRecord } from './admin/save-record';
import { openDataPesticideUsesSource } from './open-data/list-open-data-pesticide-uses';
import { openDataRecordsSource } from './open-data/list-open-data-records';
import { pesticideUsesFile, recordsFile } from './open-data/open-data-files';
import { OpenDataStore } from './open-data/open-data-store';
import { applyPesticideImport, countCurrentRows } from './pesticides/apply-pesticide-import';
import { cancelPesticideImport } from './pesticides/cancel-pesticide-import';
import { expirePesticidePreviews } from './pesticides/expire-pesticide-previews';
import { getPesticideImport } from './pesticides/get-pesticide-import';
import { listPesticideImports } from './pesticides/list-pesticide-imports';
import { countWaitingImports } from './admin/count-waiting-imports';
import { clearRecordDemo } from './admin/clear-record-demo';
import { queuePesticidePreview, type QueuePesticidePreviewInput } from './pesticides/queue-pesticide-preview';
import { readPesticidePreview } from './pesticides/read-pesticide-preview';
import { rollBackPesticideImport } from './pesticides/roll-back-pesticide-import';
import { vacuumPesticideUses } from './pesticides/vacuum-pesticide-uses';
import { saveRecordPicture, type SavedRecordPicture } from './admin/save-record-picture';
import { pesticidesTag, recordListsTag, recordTag } from './records-cache-tags';
import { RecordViewCounter } from './record-view-counter';
import { TaggedMemo } from '../platform/cache/tagged-memo';
import { SearchResultCache } from './search/search-result-cache';
import { addRecordPictures, type AddRecordPictureInput } from './services/add-record-picture';
import { countRecords } from './services/count-records';
import { createRecords, type RecordInput } from './services/create-record';
import { findRecordPictureFile } from './services/find-record-picture-file';
import { getPesticideSource } from './services/get-pesticide-source';
import { getRecordDetail } from './services/get-record-detail';
import { importPesticideUses, type ImportPesticideUsesInput } from './services/import-pesticide-uses';
import { listHotRecords } from './services/list-hot-records';
import { listNewRecords } from './services/list-new-records';
import { listCropPesticideGroups, readCropPestGroups } from './services/list-crop-pesticide-groups';
import { listPesticideCrops } from './services/list-pesticide-crops';
import { listPesticideEntries } from './services/list-pesticide-entries';
import { readPesticideNameUses } from './services/read-pesticide-name-uses';
import { listPesticideUsePage, pesticideUseGroups } from './services/list-pesticide-use-page';
import { listRecordPictures } from './services/list-record-pictures';
import type { RecordReadOptions } from './services/record-visibility';
import { searchRecords, type SearchRecordsInput } from './services/search-records';
import { suggestRecords } from './services/suggest-records';

/**
 * The records feature's service functions, bound once to the app's database, storage and
 * invalidation service (feature manifest). Writes publish the cache tags they changed once
 * they are committed: a record's own tag, and the lists' tag when records come or go.
 */
export function createRecordsServices({ db, storage, invalidation, log, env, jobs }: FeatureContext) {
  // The one way views are counted (decision 0066): buffered, once per visitor, record and hour.
  const views = new RecordViewCounter(db, {
    flushMs: env.RECORD_VIEWS_FLUSH_MS,
    onError: (error) => log.error({ err: error }, 'could not save record views'),
    onSaved: (added) => {
      // The hot list is ordered by views: this process's own views are on it at once.
      hotLists.clear();
      log.debug({ added }, 'record views saved');
    },
  });
  // Popular searches and paging repeat; entries go stale when a record they show or the lists change.
  const searchCache = new SearchResultCache(invalidation);
  const openData = new OpenDataStore(storage, invalidation, log, {
    records: {
      tags: [recordListsTag],
      read: () => openDataRecordsSource(db, env.publicUrl),
      write: recordsFile,
    },
    'pesticide-uses': { tags: [pesticidesTag], read: () => openDataPesticideUsesSource(db), write: pesticideUsesFile },
  });
  const lists = new TaggedMemo(invalidation);
  // Views change the hot list without a tag: kept a minute at most, dropped when this process saves
  // views, so another server's views reach this one's pages within the minute (decision 0411).
  const hotLists = new TaggedMemo(invalidation, 60 * 1000);
  // What a record page reads, per record: kept until the record, its pictures or the pesticide
  // uses change (decision 0411), so its tabs and back links do not read it again.
  const recordPages = new TaggedMemo(invalidation, 5 * 60 * 1000, 600);
  // A record's pesticide names and their uses by crop and mode of action, read once per name (decision 0450).
  const pesticideNameUses = (name: string) =>
    recordPages.get(
      `name-uses:${name}`,
      () => readPesticideNameUses(db, name),
      () => [pesticidesTag, recordListsTag],
    );
  const resolveKeptCrop = async (name: string): Promise<ResolvedCrop | null> => {
    // Every search page asks with its term: the vocabulary is read once, until a crop changes.
    const key = normaliseSearchText(name);
    if (key === '') return null;
    const byKey = await recordPages.get(
      'crop-vocabulary',
      () => cropsByNameKey(db),
      () => [cropsTag],
    );
    const crop = byKey.get(key);
    return crop ? { id: crop.id, name: crop.name, names: [...crop.names] } : null;
  };
  // Once an import's rows are committed: a failed vacuum leaves the lookup slower, never the import undone.
  const afterPesticideChange = async () => {
    await invalidation.publish([pesticidesTag]);
    await vacuumPesticideUses(db).catch((error: unknown) =>
      log.warn({ err: error }, 'could not vacuum the pesticide uses'),
    );
  };
  // Once a picture's write has committed: its record's page changes; seed files no row names go.
  const afterPictureWrite = async (saved: SavedRecordPicture) => {
    await invalidation.publish([recordTag(saved.recordId)]);
    for (const key of saved.replacedFiles) {
      await storage
        .remove(key)
        .catch((error: unknown) => log.warn({ err: error, key }, 'could not remove a picture file'));
    }
  };
  return {
    countRecords: () =>
      lists.get(
        'count',
        () => countRecords(db),
        () => [recordListsTag],
      ),
    listNewRecords: (limit?: number) =>
      lists.get(
        `new:${limit}`,
        () => listNewRecords(db, limit),
        (items) => [recordListsTag, ...items.map((item) => recordTag(item.id))],
      ),
    listHotRecords: (limit?: number) =>
      hotLists.get(
        `hot:${limit}`,
        () => listHotRecords(db, limit),
        (items) => [recordListsTag, ...items.map((item) => recordTag(item.id))],
      ),
    searchRecords: (input: SearchRecordsInput) => searchCache.get(input, (query) => searchRecords(db, query)),
    suggestRecords: (term: string, limit?: number) => suggestRecords(db, term, limit),
    /** A published record; `includeDrafts` for staff previewing (the caller checks who asks). */
    getRecordDetail: (id: number, options?: RecordReadOptions) =>
      options?.includeDrafts
        ? getRecordDetail(db, id, options)
        : recordPages.get(
            `detail:${id}`,
            () => getRecordDetail(db, id),
            () => [recordTag(id)],
          ),
    /** Counts a view of a record by the visitor at `visitor` (request.ip / RequestContext.visitor). */
    countRecordView: (id: number, visitor: string) => views.add(id, visitor),
    /** Writes the views still in memory (on close); a failed write is logged, and closing goes on. */
    flushRecordViews: () =>
      views.flush().catch((error: unknown) => log.error({ err: error }, 'could not save record views')),
    listRecordPictures: (id: number, options?: RecordReadOptions) =>
      options?.includeDrafts
        ? listRecordPictures(db, id, options)
        : recordPages.get(
            `pictures:${id}`,
            () => listRecordPictures(db, id),
            () => [recordTag(id)],
          ),
    findRecordPictureFile: (id: number, name: string, type: string) => findRecordPictureFile(db, id, name, type),
    /** The crops with uses of a record's pesticide names, in the source data's order. */
    listPesticidePlants: async (name: string) => (await pesticideNameUses(name)).plants.map((each) => each.plant),
    listPesticideEntries: (name: string, plant: string) =>
      recordPages.get(
        `entries:${name}\u0000${plant}`,
        () => listPesticideEntries(db, name, plant),
        () => [pesticidesTag, recordListsTag, cropsTag],
      ),
    /** A page of the name-first lookup (decision 0432): one crop's uses, their groups and counts. */
    listPesticideUsePage: async (input: { name: string; plant: string; moa: string | null; page: number }) => {
      // The groups and counts come from the name's kept uses; each page then reads its rows (decision 0450).
      const [uses, crop] = await Promise.all([pesticideNameUses(input.name), resolveKeptCrop(input.plant)]);
      return recordPages.get(
        `use-page:${input.name}\u0000${input.plant}\u0000${input.moa ?? ''}\u0000${input.page}`,
        () => listPesticideUsePage(db, pesticideUseGroups(uses, crop?.names ?? [input.plant.trim()]), input),
        () => [pesticidesTag, recordListsTag, cropsTag],
      );
    },
    /** The crop-first lookup (decision 0363): a crop's uses grouped by pest, a page of groups. */
    listCropPesticideGroups: async (plant: string, page: number, options?: { usesPerPest?: number }) => {
      // The crop's pests are read once until the data or the vocabulary changes (decision 0450).
      const pests = await recordPages.get(
        `crop-pests:${plant.trim()}`,
        () => readCropPestGroups(db, plant),
        () => [pesticidesTag, cropsTag],
      );
      return listCropPesticideGroups(db, pests, page, options);
    },
    /** The crop picker: counts every current use, so it is read once until the data or the vocabulary changes. */
    listPesticideCrops: () =>
      recordPages.get(
        'pesticide-crops',
        () => listPesticideCrops(db),
        () => [pesticidesTag, cropsTag],
      ),
    /** The crop a name or synonym stands for (the pesticide page's crop tab, decision 0360). */
    resolveCrop: resolveKeptCrop,
    getPesticideSource: () =>
      recordPages.get(
        'pesticide-source',
        () => getPesticideSource(db),
        () => [pesticidesTag],
      ),
    /** Rows on the site now (not previews, not replaced rows). */
    countPesticideUses: () => countCurrentRows(db),

    createRecords: async (inputs: readonly RecordInput[]) => {
      const ids = await createRecords(db, inputs);
      await invalidation.publish([recordListsTag, ...ids.map(recordTag)]);
      return ids;
    },
    addRecordPictures: async (inputs: readonly AddRecordPictureInput[]) => {
      const pictures = await addRecordPictures(db, storage, inputs);
      await invalidation.publish([...new Set(inputs.map((input) => recordTag(input.recordId)))]);
      return pictures;
    },
    listAdminRecords: (query: AdminListQuery<z.output<(typeof recordsAdminContract)['filters']>>) =>
      listAdminRecords(db, query),
    getAdminRecord: (id: number) => getAdminRecord(db, id),
    /** An editor's create (`id` null) or edit: the record's page, the lists and searches that may show it change. */
    saveRecord: async (actor: Viewer, id: number | null, form: RecordForm) => {
      const saved = await saveRecord(db, actor, id, form);
      await invalidation.publish([recordListsTag, recordTag(saved)]);
      return saved;
    },
    /** An editor takes the demo label off a rewritten record: its page and the lists showing the label change. */
    clearRecordDemo: async (actor: Viewer, id: number) => {
      await clearRecordDemo(db, actor, id);
      await invalidation.publish([recordListsTag, recordTag(id)]);
    },
    listRecordPictureRows: (
      query: AdminListQuery<z.output<(typeof recordPicturesAdminContract)['filters']>>,
      id?: number,
    ) => listRecordPictureRows(db, query, id),
    /** An editor's new picture (`id` null) or changed one: only its record's page and lists showing it change. */
    saveRecordPicture: async (
      actor: Viewer,
      id: number | null,
      input: (RecordPictureCreate | RecordPictureUpdate) & { record_id?: number },
    ) => {
      const saved = await saveRecordPicture(db, actor, id, input);
      await afterPictureWrite(saved);
      return saved.id;
    },
    deleteRecordPicture: async (actor: Viewer, id: number) => {
      await afterPictureWrite(await deleteRecordPicture(db, actor, id));
    },
    importPesticideUses: async (input: ImportPesticideUsesInput) => {
      const report = await importPesticideUses(db, input);
      if (report.changed) await afterPesticideChange();
      return report;
    },

    // The pesticide import in /admin (decisions 0232–0234): preview, apply, cancel, roll back.
    countWaitingImports: () => countWaitingImports(db),
    listPesticideImports: (query: AdminListQuery<z.output<(typeof pesticideImportsAdminContract)['filters']>>) =>
      listPesticideImports(db, query),
    getPesticideImport: (id: number, options?: { kind?: PesticideChangeKind | undefined; page?: number }) =>
      getPesticideImport(db, id, options),
    /** Step one: the uploaded CSV queued to be read against the current data (decision 0350); nothing public changes. */
    queuePesticidePreview: (input: Omit<QueuePesticidePreviewInput, 'actor'>, actor: Viewer) =>
      queuePesticidePreview(db, storage, jobs, { ...input, actor }),
    /** The job's work: the preview made in the background, its progress on the import. */
    readPesticidePreview: (importId: number, options: { lastAttempt: boolean }) =>
      readPesticidePreview(db, storage, importId, options),
    /** Step two: the preview applied once; the pesticide pages change at once. */
    applyPesticideImport: async (actor: Viewer, id: number) => {
      const result = await applyPesticideImport(db, actor, id);
      if (result.applied) await afterPesticideChange();
      return result;
    },
    cancelPesticideImport: (actor: Viewer, id: number) => cancelPesticideImport(db, actor, id),
    rollBackPesticideImport: async (actor: Viewer, id: number) => {
      const result = await rollBackPesticideImport(db, actor, id);
      if (result.rolledBack) await afterPesticideChange();
      return result;
    },
    expirePesticidePreviews: (now?: Date) => expirePesticidePreviews(db, now),

    /** An open-data export's head (enough for a 304) and its file, written once per change (decision 0422). */
    openDataHead: (dataset: OpenDataDataset, format: OpenDataFormat) => openData.head(dataset, format),
    openDataFile: (dataset: OpenDataDataset, format: OpenDataFormat) => openData.file(dataset, format),
  };
}

export type RecordsServices = ReturnType<typeof createRecordsServices>;
