/**
 * The name of the demo's pesticide data file: a partial 2022 sample of four crops
 * (seed/data/README.md). The pesticide page warns while the latest import is this file.
 */
export const pesticideSampleFileName = 'pesticide-uses-sample.csv';
