import type { CoverTheme } from './demo-covers';

// Demo videos written for this project. Each is a short silent clip generated at seed time
// (demo-clip.ts): a title slide labelled 示範影片, then one slide per point. The detail text
// names every point, so it is the text alternative of the clip. Editors replace the clips with
// the institute's own videos (a YouTube id or an uploaded file).

export interface VideoContent {
  title: string;
  detail: string;
  /** Three or four, one clip slide each; short enough for one line of large text (12 characters). */
  points: string[];
  /** yyyy-MM-dd */
  publishedOn: string;
  cover: CoverTheme;
}

const field: CoverTheme = { motif: 'play', from: '#14532d', to: '#65a30d' };
const orchard: CoverTheme = { motif: 'play', from: '#9a3412', to: '#f59e0b' };
const safety: CoverTheme = { motif: 'play', from: '#1e3a8a', to: '#38bdf8' };
const flower: CoverTheme = { motif: 'play', from: '#831843', to: '#f472b6' };

const demoNote = '（示範內容：無聲的示範短片，正式上線時由管理者替換為實際影片。）';

function video(content: Omit<VideoContent, 'detail'> & { summary: string }): VideoContent {
  const { summary, ...rest } = content;
  return { ...rest, detail: `${summary}影片重點：${content.points.join('；')}。${demoNote}` };
}

export const videoContents: VideoContent[] = [
  video({
    title: '水稻福壽螺綜合防治示範',
    summary: '示範整地集螺溝、進水口攔螺網與淺水管理的做法。',
    points: ['整地時開挖集螺溝', '進水口加裝攔螺網', '秧苗期維持淺水'],
    publishedOn: '2025-04-18',
    cover: field,
  }),
  video({
    title: '小菜蛾性費洛蒙誘蟲器設置',
    summary: '說明誘蟲器的組裝、設置高度與每週調查方式。',
    points: ['依說明組裝誘蟲器', '誘蟲器高於作物頂端', '每週記錄誘捕數量'],
    publishedOn: '2025-03-06',
    cover: field,
  }),
  video({
    title: '安全用藥五步驟',
    summary: '從看懂農藥標示、正確配藥到個人防護與空瓶回收。',
    points: ['看懂農藥標示', '依倍數正確配藥', '穿戴個人防護裝備', '空瓶清洗後回收'],
    publishedOn: '2025-01-22',
    cover: safety,
  }),
  video({
    title: '病蟲害諮詢照片怎麼拍',
    summary: '拍攝遠照、作物近照與病蟲近照的要領，讓專家更快判斷。',
    points: ['先拍田間遠照', '再拍作物與病蟲近照', '對焦清楚、光線充足'],
    publishedOn: '2024-12-10',
    cover: safety,
  }),
  video({
    title: '柑橘木蝨辨識與新梢期防治',
    summary: '認識柑橘木蝨的卵、若蟲與成蟲，掌握新梢期防治時機。',
    points: ['辨識卵、若蟲與成蟲', '新梢抽出時加強巡查', '把握新梢期適時防治'],
    publishedOn: '2024-10-28',
    cover: orchard,
  }),
  video({
    title: '玉米秋行軍蟲田間辨識',
    summary: '以田間實景說明幼蟲特徵、危害狀與監測方法。',
    points: ['頭部有倒Y字紋', '留意葉片上的食痕', '設置誘蟲器定期監測'],
    publishedOn: '2024-09-02',
    cover: field,
  }),
  video({
    title: '果實套袋技術',
    summary: '芒果、番石榴與瓜類的套袋時機與材料選擇。',
    points: ['幼果期及早套袋', '依果種選擇袋材', '套袋前先清園'],
    publishedOn: '2024-07-15',
    cover: orchard,
  }),
  video({
    title: '黃色黏紙的正確使用',
    summary: '黏紙的懸掛位置、密度與計數紀錄方式。',
    points: ['懸掛於作物上方', '依面積決定密度', '定期計數並記錄'],
    publishedOn: '2024-05-20',
    cover: field,
  }),
  video({
    title: '設施防蟲網的維護',
    summary: '定期檢查破損、出入口雙層門與清潔方式。',
    points: ['定期檢查網面破損', '出入口設雙層門', '清潔網面保持通風'],
    publishedOn: '2024-03-11',
    cover: safety,
  }),
  video({
    title: '蝴蝶蘭薊馬管理',
    summary: '溫室清潔、藍色黏紙監測與新進種苗隔離。',
    points: ['保持溫室清潔', '藍色黏紙監測薊馬', '新進種苗先隔離'],
    publishedOn: '2024-01-26',
    cover: flower,
  }),
  video({
    title: '認識天敵昆蟲：草蛉',
    summary: '草蛉幼蟲捕食蚜蟲與粉蝨，介紹保育與釋放方法。',
    points: ['草蛉幼蟲捕食蚜蟲', '減少廣效性藥劑', '於蟲害初期釋放'],
    publishedOn: '2023-11-08',
    cover: flower,
  }),
  video({
    title: '植保無人機施藥安全須知',
    summary: '飛行前檢查、藥液調配、飄散防範與施藥紀錄。',
    points: ['飛行前檢查機具', '注意風速防止飄散', '完整填寫施藥紀錄'],
    publishedOn: '2023-09-19',
    cover: safety,
  }),
];
