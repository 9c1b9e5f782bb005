/** The header's internal links, in display order. */
export const primaryLinks = [
  { to: '/', label: '首頁', end: true },
  { to: '/search', label: '病蟲害查詢' },
  { to: '/IPM', label: 'IPM 專區' },
  { to: '/consultation', label: '病蟲害諮詢' },
  { to: '/publication', label: '出版品' },
  { to: '/video', label: '影音專區' },
  { to: '/link', label: '相關連結' },
  { to: '/news', label: '最新消息' },
  { to: '/quick', label: '快速入門' },
] as const;

/** The storefront template's upper-case menu entries. */
export const templateLinks = [
  { to: '/about', label: 'ABOUT US' },
  { to: '/download', label: 'DOWNLOAD' },
  { to: '/contact', label: 'CONTACT US' },
  { to: '/products', label: 'PRODUCTS' },
  { to: '/inquiry', label: 'INQUIRY' },
] as const;

/** Agencies that provide the data, listed in the home page footer. */
export const dataAgencies = [
  { name: '農業部', url: 'https://www.moa.gov.tw/' },
  { name: '農業部農業試驗所', url: 'https://www.tari.gov.tw/' },
  { name: '農業部農業藥物試驗所', url: 'https://www.acri.gov.tw/' },
  { name: '農業部動植物防疫檢疫署', url: 'https://www.aphia.gov.tw/' },
  { name: '各區農業改良場', url: 'https://www.moa.gov.tw/' },
  { name: '國立大學植物病理與昆蟲學系', url: 'https://www.ntu.edu.tw/' },
] as const;
