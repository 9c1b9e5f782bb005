import { createHash } from 'node:crypto';
import {
  cropPesticidePageSize,
  offlinePageBytesEstimate,
  offlinePictureBytesEstimate,
  offlineRecordPictureClasses,
  offlineRecordTabs,
  type CropOfflinePack,
} from '@pest/contracts';
import { listCropTargets, resolveCrop } from '../../crops';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { listIpmSheetPackEntries } from '../../reading-room';
import { listCropPesticidePack, listRecordPackEntries } from '../../records';
import { listWizardCrops } from '../wizard/services/list-wizard-crops';
import { listWizardTreePages, type WizardTreePages } from './wizard-tree-pages';

/** A record page's address and its tabs, as the web app's `recordTabHref` builds them. */
function recordPages(id: number, tabs: readonly string[], wizard?: string): string[] {
  return ['', ...tabs].map((tab) => {
    const params = new URLSearchParams({ id: String(id) });
    if (tab) params.set('tab', tab);
    if (wizard) params.set('wizard', wizard);
    return `/search/bug/detail?${params.toString()}`;
  });
}

/** The crop-first lookup's pages and each pest's page, as `cropPesticideHref` and `pesticideLookupHref` build them. */
function pesticidePages(crop: string, plant: string, bugnames: readonly string[]): string[] {
  const pages = Math.max(1, Math.ceil(bugnames.length / cropPesticidePageSize));
  const lookup = Array.from({ length: pages }, (_each, index) => {
    const params = new URLSearchParams({ plant: crop });
    if (index > 0) params.set('page', String(index + 1));
    return `/search/bug/crop?${params.toString()}`;
  });
  return [
    ...lookup,
    ...bugnames.map((name) => `/search/bug/detail2?${new URLSearchParams({ name, plant }).toString()}`),
  ];
}

/**
 * A crop's offline pack (decision 0390): the addresses of every page a farmer needs in the field —
 * the crop's records (with their most needed tabs), its registered pesticide uses, its IPM sheets
 * with their PDFs and the wizard's whole tree to its final cards and their records, and the pictures
 * those pages load (decision 0424) — with the
 * download's size, the newest change among them, and a version that changes with any of them.
 */
export async function listCropOfflinePack(db: Executor, name: string): Promise<CropOfflinePack> {
  const crop = await resolveCrop(db, name);
  if (!crop) throw AppError.notFound(`作物清單中沒有「${name}」`);
  const [recordIds, sheetIds, pesticides, wizardCrops] = await Promise.all([
    listCropTargets(db, 'record', crop.id),
    listCropTargets(db, 'ipm', crop.id),
    listCropPesticidePack(db, crop.name),
    listWizardCrops(db),
  ]);
  const wizardCrop = wizardCrops.find((each) => crop.names.includes(each.cname));
  const tree: WizardTreePages = wizardCrop
    ? await listWizardTreePages(db, wizardCrop.id)
    : { steps: [], pictures: [], finalRecords: [], finalSheets: [], fingerprint: '' };
  const [records, sheets] = await Promise.all([
    listRecordPackEntries(db, [...recordIds, ...tree.finalRecords.map((each) => each.id)]),
    listIpmSheetPackEntries(db, [...sheetIds, ...tree.finalSheets]),
  ]);
  const tabsOf = new Map(records.map((record) => [record.id, offlineRecordTabs[record.layout]]));
  const pages = new Set<string>([
    ...tree.steps,
    ...tree.finalRecords.flatMap(({ id, wizard }) => recordPages(id, tabsOf.get(id) ?? [], wizard)),
    ...records.flatMap((record) => recordPages(record.id, offlineRecordTabs[record.layout])),
    ...sheets.map((sheet) => `/IPM/detail?id=${sheet.id}`),
    ...(pesticides.bugnames.length > 0
      ? pesticidePages(pesticides.crop, pesticides.plants[0] ?? pesticides.crop, pesticides.bugnames)
      : []),
  ]);
  // The pictures the saved pages load: the cards', and those of the record tabs kept (decision 0424).
  const pictures = new Set<string>([
    ...tree.pictures,
    ...records.flatMap((record) =>
      record.pictures
        .filter((picture) => offlineRecordPictureClasses[record.layout].includes(picture.class))
        .map((picture) => `/${picture.modUrl}`),
    ),
  ]);
  const files = sheets.map((sheet) => ({ path: sheet.pdfPath, bytes: sheet.pdfBytes }));
  const dates = [...records, ...sheets].map((each) => each.updatedAt.getTime());
  if (pesticides.importedAt) dates.push(pesticides.importedAt.getTime());
  const dataDate = dates.length > 0 ? new Date(Math.max(...dates)).toISOString() : null;
  const version = createHash('sha256')
    .update(JSON.stringify([[...pages], files, [...pictures], dates, tree.fingerprint]))
    .digest('base64url')
    .slice(0, 22);
  return {
    crop: { id: crop.id, name: crop.name, names: crop.names },
    version,
    dataDate,
    pages: [...pages],
    files,
    pictures: [...pictures],
    bytes:
      pages.size * offlinePageBytesEstimate +
      pictures.size * offlinePictureBytesEstimate +
      files.reduce((sum, file) => sum + file.bytes, 0),
  };
}
