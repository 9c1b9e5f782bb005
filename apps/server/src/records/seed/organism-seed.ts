/**
 * Shape of one demo organism record, written by hand for this project.
 * Field names follow pest-information.md §3 (CName, EName, Name, EClass1–5, CClass1–3, …)
 * in camelCase; the seed maps them onto the `records` table.
 */
export type RecordType = 'pest' | 'beneficial' | 'disease' | 'mite';

export type DiseaseClass =
  'fungus' | 'bacteria' | 'virus' | 'nematode' | 'phytoplasma' | 'complex' | 'algae' | 'oomycete';

export interface OrganismSeed {
  /** Stable ASCII slug, unique across all seed files (e.g. "oriental-fruit-fly"). */
  key: string;
  type: RecordType;
  /** Required when type is 'disease', absent otherwise. */
  diseaseClass?: DiseaseClass;
  /** CName: Traditional Chinese common name as used in Taiwan. */
  cname: string;
  /** EName: English common name. */
  ename: string;
  /** Name: scientific name of the organism (for diseases: of the pathogen). */
  name: string;
  /** Other common names people search with (Traditional Chinese, may include Taiwanese/colloquial names). */
  aliases: string[];
  /** EClass1–5: class, order, family, genus, species epithet (Latin). EClass4 + EClass5 make the scientific name. */
  eclass1: string;
  eclass2: string;
  eclass3: string;
  eclass4: string;
  eclass5: string;
  /** CClass1–3: class, order, family in Traditional Chinese (e.g. 昆蟲綱, 雙翅目, 果實蠅科). */
  cclass1: string;
  cclass2: string;
  cclass3: string;
  /**
   * Tab text, Traditional Chinese, several sentences each, plain text with blank-line-separated paragraphs.
   * pest/mite layout:  property=形態特徵, life=生活史, distribute=分布, harm=為害作物, harmPart=為害部位,
   *                    harmDetail=為害概述, control=防治方法, liter=參考文獻
   * disease layout:    property=病原特徵, harmDetail=病徵, life=病害生態(傳播與循環), harm=病原寄主,
   *                    distribute=發生環境(好發條件與分布), harmPart=為害部位, control=防治方法, liter=參考文獻
   * beneficial layout: property=形態特徵, life=生活史, distribute=分布, harm=防治對象(獵物/寄主),
   *                    harmDetail=捕食或寄生方式, harmPart=利用時機, control=保育與釋放方法, liter=參考文獻
   */
  property: string;
  life: string;
  distribute: string;
  harm: string;
  harmPart: string;
  harmDetail: string;
  control: string;
  liter: string;
  /**
   * drug1/drug2 link: the exact 病蟲名稱 values of the government pesticide data this record links to
   * (e.g. 東方果實蠅 and the group name 果實蠅類). Only names listed in the pesticide data; never guessed.
   * Empty for beneficial organisms.
   */
  pesticideNames: string[];
}
