import type { CoverTheme } from './demo-covers';

// Demo publications written for this project. Titles end with the year in full-width
// parentheses, so the spec's rule (year from the last six characters) finds it; two older
// leaflets carry no year and fall back to 1995.

export type PublicationSeries = 'atlas' | 'bulletin' | 'manual' | 'quarterly' | 'symposium';

export const publicationSeriesCovers: Record<PublicationSeries, CoverTheme> = {
  atlas: { motif: 'book', from: '#14532d', to: '#4ade80' },
  bulletin: { motif: 'book', from: '#1e3a8a', to: '#60a5fa' },
  manual: { motif: 'leaf', from: '#365314', to: '#a3e635' },
  quarterly: { motif: 'book', from: '#7c2d12', to: '#fb923c' },
  symposium: { motif: 'book', from: '#4c1d95', to: '#a78bfa' },
};

export const publicationSeriesNames: Record<PublicationSeries, string> = {
  atlas: '植物保護圖鑑系列',
  bulletin: '病蟲害防治技術專刊',
  manual: '農業推廣手冊',
  quarterly: '植保季刊',
  symposium: '研討會專刊',
};

export interface PublicationContent {
  series: PublicationSeries;
  title: string;
  detail: string;
  /** yyyy-MM-dd */
  publishedOn: string;
  contents: string[];
}

const quarterly = (volume: number, issue: number, year: number, topics: string[]): PublicationContent => ({
  series: 'quarterly',
  title: `植保季刊 第 ${volume} 卷第 ${issue} 期（${year}）`,
  detail: `本期專題：${topics.join('、')}。`,
  publishedOn: `${year}-${String(issue * 3).padStart(2, '0')}-15`,
  contents: topics,
});

export const publicationContents: PublicationContent[] = [
  quarterly(50, 2, 2025, ['秋行軍蟲發生現況與監測', '設施番茄粉蝨管理', '農藥安全使用宣導']),
  quarterly(50, 1, 2025, ['水稻福壽螺綜合防治', '柑橘木蝨新梢期防治', '生物防治資材介紹']),
  quarterly(49, 4, 2024, ['冬季十字花科蔬菜小菜蛾管理', '草莓炭疽病預防', '無人機施藥注意事項']),
  quarterly(49, 3, 2024, ['颱風後果園病害防治', '東方果實蠅區域共同防治', '菇類栽培場衛生管理']),
  quarterly(49, 2, 2024, ['水稻稻熱病預警', '玉米秋行軍蟲田間辨識', '天敵昆蟲的保育']),
  quarterly(49, 1, 2024, ['蝴蝶蘭薊馬管理', '蔬菜育苗場病害管理', '農藥標示判讀']),
  quarterly(48, 4, 2023, ['果樹冬季清園', '香蕉黃葉病管理', '性費洛蒙監測技術']),
  quarterly(48, 3, 2023, ['瓜實蠅套袋技術', '芒果炭疽病採後處理', '田間衛生的重要性']),
  {
    series: 'atlas',
    title: '植物保護圖鑑系列：蔬菜害蟲（2024）',
    detail: '收錄常見蔬菜害蟲之形態、生活史、危害徵狀與防治要點，並附田間照片對照。',
    publishedOn: '2024-06-30',
    contents: ['鱗翅目害蟲', '半翅目害蟲', '雙翅目害蟲', '蟎類', '防治資材索引'],
  },
  {
    series: 'atlas',
    title: '植物保護圖鑑系列：果樹病害（2023）',
    detail: '介紹柑橘、芒果、番石榴等果樹主要病害的病徵、病原與管理方法。',
    publishedOn: '2023-11-30',
    contents: ['真菌性病害', '細菌性病害', '病毒病害', '生理障礙'],
  },
  {
    series: 'bulletin',
    title: '病蟲害防治技術專刊 第 235 號：秋行軍蟲綜合管理（2022）',
    detail: '彙整秋行軍蟲入侵以來之監測資料與田間防治試驗結果。',
    publishedOn: '2022-09-30',
    contents: ['入侵與擴散', '形態與生態', '監測技術', '防治試驗結果'],
  },
  {
    series: 'bulletin',
    title: '病蟲害防治技術專刊 第 228 號：設施蔬菜病蟲害管理（2021）',
    detail: '針對網室與溫室蔬菜常見病蟲害，提出結構、環境與資材的整合管理建議。',
    publishedOn: '2021-12-15',
    contents: ['設施結構與防蟲網', '環境控制', '常見病害', '常見害蟲'],
  },
  {
    series: 'manual',
    title: '農業推廣手冊：安全用藥五步驟（2023）',
    detail: '以圖解方式說明購藥、配藥、施藥、防護與空瓶處理的安全步驟。',
    publishedOn: '2023-04-20',
    contents: ['選對藥', '看標示', '配藥與施藥', '個人防護', '空容器回收'],
  },
  {
    series: 'manual',
    title: '農業推廣手冊：友善耕作病蟲害管理（2022）',
    detail: '介紹友善耕作可用之物理、耕作與生物防治方法。',
    publishedOn: '2022-05-10',
    contents: ['耕作防治', '物理防治', '生物防治', '田間監測'],
  },
  {
    series: 'symposium',
    title: '作物有害生物綜合管理研討會專刊（2024）',
    detail: '收錄研討會發表之整合性病蟲害管理研究與推廣案例。',
    publishedOn: '2024-10-31',
    contents: ['專題演講', '糧食作物', '園藝作物', '推廣案例'],
  },
  {
    series: 'symposium',
    title: '入侵性有害生物防範研討會專刊（2021）',
    detail: '探討入侵性害蟲與病害的早期偵測、風險評估與應變措施。',
    publishedOn: '2021-08-31',
    contents: ['風險評估', '早期偵測', '緊急應變', '國際合作'],
  },
  {
    series: 'atlas',
    title: '植物保護圖鑑系列：花卉病蟲害（2022）',
    detail: '以蘭花、菊花、玫瑰等為主，介紹花卉常見病蟲害與管理。',
    publishedOn: '2022-03-31',
    contents: ['蘭科花卉', '菊科花卉', '薔薇科花卉', '共通性害蟲'],
  },
  {
    series: 'manual',
    title: '農業推廣手冊：菇類栽培病蟲害防治（2025）',
    detail: '介紹太空包栽培菇類常見之雜菌污染與蕈蚋、蟎類等害物之預防。',
    publishedOn: '2025-03-31',
    contents: ['栽培場衛生', '雜菌污染', '蕈蚋', '蟎類'],
  },
  // 2016–2020
  quarterly(45, 4, 2020, ['秋行軍蟲入侵應變', '水稻病蟲害預警', '防蟲網選擇']),
  quarterly(44, 2, 2019, ['柑橘黃龍病防治', '番茄黃化捲葉病', '農藥殘留檢驗']),
  {
    series: 'atlas',
    title: '植物保護圖鑑系列：水稻保護（2019）',
    detail: '系統介紹水稻各生育期之病蟲害與雜草管理。',
    publishedOn: '2019-12-20',
    contents: ['水稻病害', '水稻害蟲', '雜草管理', '福壽螺'],
  },
  {
    series: 'bulletin',
    title: '病蟲害防治技術專刊 第 210 號：果實蠅類防治（2018）',
    detail: '整理東方果實蠅與瓜實蠅之生態、監測與區域防治成果。',
    publishedOn: '2018-07-31',
    contents: ['果實蠅類種類', '監測方法', '區域共同防治', '檢疫處理'],
  },
  {
    series: 'manual',
    title: '農業推廣手冊：蔬菜病蟲害診斷（2017）',
    detail: '以照片對照方式協助農友辨識蔬菜常見病蟲害。',
    publishedOn: '2017-05-15',
    contents: ['葉菜類', '瓜果類', '根莖類', '診斷流程'],
  },
  {
    series: 'symposium',
    title: '生物防治技術應用研討會專刊（2016）',
    detail: '收錄天敵、微生物製劑與植物保護資材之應用研究。',
    publishedOn: '2016-11-30',
    contents: ['天敵昆蟲', '微生物製劑', '植物性資材'],
  },
  {
    series: 'bulletin',
    title: '病蟲害防治技術專刊 第 198 號：蘭花病毒病管理（2016）',
    detail: '介紹蘭花主要病毒病之檢測技術與健康種苗管理。',
    publishedOn: '2016-04-30',
    contents: ['病毒種類', '檢測技術', '健康種苗'],
  },
  // 2011–2015
  quarterly(40, 3, 2015, ['小菜蛾抗藥性管理', '斜紋夜蛾監測', '天敵保育']),
  {
    series: 'atlas',
    title: '植物保護圖鑑系列：雜糧作物（2014）',
    detail: '介紹玉米、大豆、落花生等雜糧作物病蟲害。',
    publishedOn: '2014-10-31',
    contents: ['玉米', '大豆', '落花生', '甘藷'],
  },
  {
    series: 'manual',
    title: '農業推廣手冊：果園病蟲害管理曆（2013）',
    detail: '依月份列出主要果樹的病蟲害管理工作。',
    publishedOn: '2013-02-28',
    contents: ['柑橘', '芒果', '番石榴', '荔枝與龍眼'],
  },
  {
    series: 'bulletin',
    title: '病蟲害防治技術專刊 第 176 號：十字花科蔬菜害蟲（2012）',
    detail: '說明小菜蛾、紋白蝶與黃條葉蚤之發生與防治。',
    publishedOn: '2012-06-30',
    contents: ['小菜蛾', '紋白蝶', '黃條葉蚤'],
  },
  {
    series: 'symposium',
    title: '植物保護科技研討會專刊（2011）',
    detail: '收錄植物病理、昆蟲與農藥科學之研究成果。',
    publishedOn: '2011-12-15',
    contents: ['植物病理', '應用昆蟲', '農藥科學'],
  },
  // 2006–2010
  {
    series: 'atlas',
    title: '植物保護圖鑑系列：柑橘保護（2010）',
    detail: '介紹柑橘類果樹之病蟲害與管理技術。',
    publishedOn: '2010-09-30',
    contents: ['病害', '害蟲', '生理障礙'],
  },
  {
    series: 'bulletin',
    title: '病蟲害防治技術專刊 第 150 號：香蕉病蟲害（2008）',
    detail: '介紹香蕉黃葉病、葉斑病與香蕉假莖象鼻蟲等之防治。',
    publishedOn: '2008-05-31',
    contents: ['黃葉病', '葉斑病', '假莖象鼻蟲'],
  },
  {
    series: 'manual',
    title: '農業推廣手冊：合理化施肥與病害（2007）',
    detail: '說明施肥與作物病害發生的關係。',
    publishedOn: '2007-03-31',
    contents: ['氮肥與病害', '土壤酸鹼值', '有機質肥料'],
  },
  quarterly(31, 2, 2006, ['水稻白葉枯病', '蔬菜根瘤線蟲', '誘蟲燈應用']),
  // 2001–2005
  {
    series: 'atlas',
    title: '植物保護圖鑑系列：蔬菜病害（2005）',
    detail: '收錄葉菜類與瓜果類蔬菜之主要病害。',
    publishedOn: '2005-08-31',
    contents: ['葉菜類病害', '瓜類病害', '茄科病害'],
  },
  {
    series: 'bulletin',
    title: '病蟲害防治技術專刊 第 120 號：果樹蟎類（2003）',
    detail: '介紹果樹上常見之葉蟎與銹蟎及其天敵。',
    publishedOn: '2003-04-30',
    contents: ['葉蟎', '銹蟎', '捕植蟎'],
  },
  {
    series: 'manual',
    title: '農業推廣手冊：農藥安全使用（2001）',
    detail: '早期推廣之農藥安全使用須知。',
    publishedOn: '2001-10-31',
    contents: ['農藥分類', '安全防護', '中毒急救'],
  },
  // 1995–1999, including two undated leaflets that fall back to 1995
  {
    series: 'bulletin',
    title: '病蟲害防治技術專刊 第 85 號：水稻飛蝨（1998）',
    detail: '說明褐飛蝨之遷飛、族群消長與防治。',
    publishedOn: '1998-06-30',
    contents: ['遷飛', '族群消長', '防治'],
  },
  {
    series: 'manual',
    title: '農業推廣手冊：常見蔬菜害蟲識別',
    detail: '早期推廣摺頁，未標示出版年份。',
    publishedOn: '1995-01-01',
    contents: ['蚜蟲', '粉蝨', '夜蛾類'],
  },
  {
    series: 'manual',
    title: '農業推廣手冊：果樹病害簡易診斷',
    detail: '早期推廣摺頁，未標示出版年份。',
    publishedOn: '1995-01-01',
    contents: ['葉部病害', '果實病害', '枝幹病害'],
  },
];
