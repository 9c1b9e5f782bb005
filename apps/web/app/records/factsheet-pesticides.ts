import type { PesticideEntry } from '@pest/contracts';

export interface CropPesticides {
  plant: string;
  count: number;
  products: string[];
}

/** Per crop: how many registered uses and the distinct product names, first ones first. */
export function summarisePesticides(plant: string, entries: readonly Pick<PesticideEntry, 'cname'>[]): CropPesticides {
  const products = [...new Set(entries.map((entry) => entry.cname.trim()).filter(Boolean))];
  return { plant, count: entries.length, products };
}
