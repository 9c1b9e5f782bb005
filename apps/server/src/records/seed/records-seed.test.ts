import { readFile } from 'node:fs/promises';
import { diseaseClasses, recordTypes } from '@pest/contracts';
import { describe, expect, it } from 'vitest';
import { parsePesticideFile } from '../pesticides/parse-pesticide-csv';
import { loadDemoOrganisms } from './load-demo-organisms';
import { checkOrganisms, pesticideSample, planPictures } from './records-seed';

const demoOrganisms = await loadDemoOrganisms();

describe('records demo content', () => {
  it('has at least 120 valid organisms covering every type and every disease class', () => {
    expect(checkOrganisms(demoOrganisms)).toEqual([]);
    expect(demoOrganisms.length).toBeGreaterThanOrEqual(120);
    expect(new Set(demoOrganisms.map((organism) => organism.type))).toEqual(new Set(recordTypes));
    const classes = new Set(demoOrganisms.map((organism) => organism.diseaseClass).filter(Boolean));
    expect(classes).toEqual(new Set(diseaseClasses));
  });

  it('links records only to pest names that exist in the pesticide data', async () => {
    const { accepted } = await parsePesticideFile(await readFile(pesticideSample.file));
    const known = new Set(accepted.map((use) => use.bugname));
    const unknown = demoOrganisms.flatMap((organism) =>
      organism.pesticideNames.filter((name) => !known.has(name)).map((name) => `${organism.cname}: ${name}`),
    );
    expect(unknown).toEqual([]);
  });

  it('plans three album pictures per record and some feature, harm and life pictures', () => {
    const planned = planPictures(demoOrganisms);
    for (const organism of demoOrganisms) {
      expect(planned.filter((p) => p.organism === organism && p.class === 'album')).toHaveLength(3);
    }
    expect(new Set(planned.map((picture) => picture.class))).toEqual(new Set(['album', 'feature', 'harm', 'life']));
  });
});
