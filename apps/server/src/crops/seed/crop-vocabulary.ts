/**
 * The crops the shipped data already names, with the synonyms farmers use: the wizard's crops
 * (consultation/seed/data/wizard), the pesticide sample's 作物名稱 (records/seed/data, which
 * writes 檬果 where the Q&A writes 芒果), the Q&A's demo cases and the IPM sheets' subjects.
 * The name shown is the pesticide data's where it has one, since the registration uses it.
 */
export const cropVocabulary: readonly { name: string; synonyms: readonly string[] }[] = [
  { name: '水稻', synonyms: ['稻', '稻米', '稻子'] },
  { name: '甘藍', synonyms: ['高麗菜', '包心菜', '捲心菜'] },
  { name: '番茄', synonyms: ['西紅柿', '小番茄'] },
  { name: '檬果', synonyms: ['芒果', '檨仔'] },
  { name: '柑橘', synonyms: ['橘子', '柑橘類'] },
  { name: '瓜類', synonyms: ['瓜果類'] },
  { name: '玉米', synonyms: ['玉蜀黍', '番麥'] },
];
