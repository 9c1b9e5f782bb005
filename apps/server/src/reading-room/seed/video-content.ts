import type { CoverTheme } from './demo-covers';

// Demo videos written for this project. The video ids are placeholders in YouTube's id format:
// the institute's editors replace them with their own channel's videos; until then the
// privacy-enhanced player shows YouTube's "video unavailable" notice.

export interface VideoContent {
  title: string;
  detail: string;
  youtubeId: string;
  /** yyyy-MM-dd */
  publishedOn: string;
  cover: CoverTheme;
}

const field: CoverTheme = { motif: 'play', from: '#14532d', to: '#65a30d' };
const orchard: CoverTheme = { motif: 'play', from: '#9a3412', to: '#f59e0b' };
const safety: CoverTheme = { motif: 'play', from: '#1e3a8a', to: '#38bdf8' };
const flower: CoverTheme = { motif: 'play', from: '#831843', to: '#f472b6' };

const demoNote = '（示範內容：影片編號為版面展示用，正式上線時由管理者替換。）';

export const videoContents: VideoContent[] = [
  {
    title: '水稻福壽螺綜合防治示範',
    detail: `示範整地集螺溝、進水口攔螺網與淺水管理的做法。${demoNote}`,
    youtubeId: 'DemoVideo01',
    publishedOn: '2025-04-18',
    cover: field,
  },
  {
    title: '小菜蛾性費洛蒙誘蟲器設置',
    detail: `說明誘蟲器的組裝、設置高度與每週調查方式。${demoNote}`,
    youtubeId: 'DemoVideo02',
    publishedOn: '2025-03-06',
    cover: field,
  },
  {
    title: '安全用藥五步驟',
    detail: `從看懂農藥標示、正確配藥到個人防護與空瓶回收。${demoNote}`,
    youtubeId: 'DemoVideo03',
    publishedOn: '2025-01-22',
    cover: safety,
  },
  {
    title: '病蟲害諮詢照片怎麼拍',
    detail: `拍攝遠照、作物近照與病蟲近照的要領，讓專家更快判斷。${demoNote}`,
    youtubeId: 'DemoVideo04',
    publishedOn: '2024-12-10',
    cover: safety,
  },
  {
    title: '柑橘木蝨辨識與新梢期防治',
    detail: `認識柑橘木蝨的卵、若蟲與成蟲，掌握新梢期防治時機。${demoNote}`,
    youtubeId: 'DemoVideo05',
    publishedOn: '2024-10-28',
    cover: orchard,
  },
  {
    title: '玉米秋行軍蟲田間辨識',
    detail: `以田間實景說明幼蟲特徵、危害狀與監測方法。${demoNote}`,
    youtubeId: 'DemoVideo06',
    publishedOn: '2024-09-02',
    cover: field,
  },
  {
    title: '果實套袋技術',
    detail: `芒果、番石榴與瓜類的套袋時機與材料選擇。${demoNote}`,
    youtubeId: 'DemoVideo07',
    publishedOn: '2024-07-15',
    cover: orchard,
  },
  {
    title: '黃色黏紙的正確使用',
    detail: `黏紙的懸掛位置、密度與計數紀錄方式。${demoNote}`,
    youtubeId: 'DemoVideo08',
    publishedOn: '2024-05-20',
    cover: field,
  },
  {
    title: '設施防蟲網的維護',
    detail: `定期檢查破損、出入口雙層門與清潔方式。${demoNote}`,
    youtubeId: 'DemoVideo09',
    publishedOn: '2024-03-11',
    cover: safety,
  },
  {
    title: '蝴蝶蘭薊馬管理',
    detail: `溫室清潔、藍色黏紙監測與新進種苗隔離。${demoNote}`,
    youtubeId: 'DemoVideo10',
    publishedOn: '2024-01-26',
    cover: flower,
  },
  {
    title: '認識天敵昆蟲：草蛉',
    detail: `草蛉幼蟲捕食蚜蟲與粉蝨，介紹保育與釋放方法。${demoNote}`,
    youtubeId: 'DemoVideo11',
    publishedOn: '2023-11-08',
    cover: flower,
  },
  {
    title: '植保無人機施藥安全須知',
    detail: `飛行前檢查、藥液調配、飄散防範與施藥紀錄。${demoNote}`,
    youtubeId: 'DemoVideo12',
    publishedOn: '2023-09-19',
    cover: safety,
  },
];
