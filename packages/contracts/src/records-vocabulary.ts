// Vocabulary of the records feature without zod, so pages can use it without shipping the
// schemas to the browser (the package is side-effect free; see decision 0009).

/** The four record types, in the order of the search page's checkboxes and of `ty`. */
export const recordTypes = ['pest', 'beneficial', 'disease', 'mite'] as const;
export type RecordType = (typeof recordTypes)[number];
export const recordTypeLabels: Record<RecordType, string> = {
  pest: '害蟲',
  beneficial: '益蟲',
  disease: '病害',
  mite: '蟎類',
};

/** The eight disease classes that get the disease layout. */
export const diseaseClasses = [
  'fungus',
  'bacteria',
  'virus',
  'nematode',
  'phytoplasma',
  'complex',
  'algae',
  'oomycete',
] as const;
export type DiseaseClass = (typeof diseaseClasses)[number];
export const diseaseClassLabels: Record<DiseaseClass, string> = {
  fungus: '真菌',
  bacteria: '細菌',
  virus: '病毒',
  nematode: '線蟲',
  phytoplasma: '植物菌質體',
  complex: '複合性病害',
  algae: '藻類',
  oomycete: '卵菌',
};

export type RecordLayout = 'pest' | 'disease' | 'beneficial';

/** Layout by class: the eight disease classes → disease; beneficial → beneficial; everything else → pest. */
export function layoutFor(record: { type: RecordType; diseaseClass: DiseaseClass | null }): RecordLayout {
  if (record.diseaseClass && (diseaseClasses as readonly string[]).includes(record.diseaseClass)) return 'disease';
  if (record.type === 'beneficial') return 'beneficial';
  return 'pest';
}

/**
 * The tabs of a record a saved crop keeps beside its names page (decisions 0390, 0424): the album,
 * a farmer's way to tell one pest from another, and the text tabs needed most (the record page's
 * quick links).
 */
export const offlineRecordTabs: Record<RecordLayout, readonly string[]> = {
  pest: ['album', 'harm', 'control'],
  disease: ['album', 'symptoms', 'control'],
  beneficial: ['album', 'targets', 'predation'],
};

/**
 * Picture classes the names tab and the saved tabs above show: a saved crop keeps these pictures
 * (decision 0424). The web app's record-tabs test checks it against its tab table.
 */
export const offlineRecordPictureClasses: Record<RecordLayout, readonly PictureClass[]> = {
  pest: ['intro', 'album'],
  disease: ['intro', 'album', 'harm'],
  beneficial: ['intro', 'album'],
};

/** Picture classes. */
export const pictureClasses = ['album', 'feature', 'harm', 'intro', 'life'] as const;
export type PictureClass = (typeof pictureClasses)[number];
export const pictureClassLabels: Record<PictureClass, string> = {
  album: '相簿',
  feature: '特徵',
  harm: '為害照片',
  intro: '介紹',
  life: '生活史',
};

export function parseTypeFilter(ty: string): RecordType[] {
  const flags = ty.split(',');
  return recordTypes.filter((_, index) => flags[index] === 'y');
}

export function formatTypeFilter(types: readonly RecordType[]): string {
  return recordTypes.map((type) => (types.includes(type) ? 'y' : 'n')).join(',');
}

export const searchPageSizes = { list: 10, grid: 40 } as const;
