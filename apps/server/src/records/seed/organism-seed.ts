import { diseaseClasses, type recordTypes } from '@pest/contracts';
import { z } from 'zod';

/**
 * Shape of one demo organism record, written by hand for this project and kept as one Markdown
 * file each under seed/data/organisms (decision 0075). Field names follow the older service's record
 * (CName, EName, Name, EClass1–5, CClass1–3, …) in camelCase; the seed maps them onto the
 * `records` table.
 */
export type RecordType = (typeof recordTypes)[number];

export type DiseaseClass = (typeof diseaseClasses)[number];

/** The tab texts: Traditional Chinese, several sentences each, blank-line-separated paragraphs. */
export const organismTextFields = [
  'property',
  'life',
  'distribute',
  'harm',
  'harmPart',
  'harmDetail',
  'control',
  'liter',
] as const;
export type OrganismTextField = (typeof organismTextFields)[number];

/** Pests and mites are described alike: body, life cycle, where they live and what they harm. */
const animalTextHeadings: Record<OrganismTextField, string> = {
  property: '形態特徵',
  life: '生活史',
  distribute: '分布',
  harm: '為害作物',
  harmPart: '為害部位',
  harmDetail: '為害概述',
  control: '防治方法',
  liter: '參考文獻',
};

/**
 * The heading of each tab text in an organism's Markdown file, by record type — the meaning the
 * field has on that type's page. liter holds the references, one a line.
 */
export const organismTextHeadings: Record<RecordType, Record<OrganismTextField, string>> = {
  pest: animalTextHeadings,
  mite: animalTextHeadings,
  disease: {
    property: '病原特徵',
    harmDetail: '病徵',
    life: '病害生態',
    harm: '病原寄主',
    distribute: '發生環境',
    harmPart: '為害部位',
    control: '防治方法',
    liter: '參考文獻',
  },
  beneficial: {
    property: '形態特徵',
    life: '生活史',
    distribute: '分布',
    harm: '防治對象',
    harmDetail: '捕食或寄生方式',
    harmPart: '利用時機',
    control: '保育與釋放方法',
    liter: '參考文獻',
  },
};

/** An organism file's front matter; its key and type come from the file's name and folder. */
export const organismFrontMatterSchema = z.strictObject({
  /** Required on diseases, absent otherwise (checkOrganisms). */
  diseaseClass: z.enum(diseaseClasses).optional(),
  /** CName: Traditional Chinese common name as used in Taiwan. */
  cname: z.string(),
  /** EName: English common name. */
  ename: z.string(),
  /** Name: scientific name of the organism (for diseases: of the pathogen). */
  name: z.string(),
  /** Other common names people search with (Traditional Chinese, may include Taiwanese names). */
  aliases: z.array(z.string()),
  /** EClass1–5: class, order, family, genus, species epithet (Latin). */
  eclass1: z.string(),
  eclass2: z.string(),
  eclass3: z.string(),
  eclass4: z.string(),
  eclass5: z.string(),
  /** CClass1–3: class, order, family in Traditional Chinese (e.g. 昆蟲綱, 雙翅目, 果實蠅科). */
  cclass1: z.string(),
  cclass2: z.string(),
  cclass3: z.string(),
  /**
   * drug1/drug2 link: the exact 病蟲名稱 values of the government pesticide data this record
   * links to. Only names listed in the pesticide data; never guessed. Empty for beneficials.
   */
  pesticideNames: z.array(z.string()),
});

export type OrganismSeed = z.infer<typeof organismFrontMatterSchema> &
  Record<OrganismTextField, string> & {
    /** Stable ASCII slug, unique across all organisms (e.g. "oriental-fruit-fly"). */
    key: string;
    type: RecordType;
  };
