import type { NewsClass } from '@pest/contracts';

// Demo news written for this project, six per crop class. Dates are in Taiwan time.

export interface NewsContent {
  class: NewsClass;
  title: string;
  /** yyyy-MM-dd HH:mm, Taiwan time */
  postedAt: string;
  summary: string;
  paragraphs: string[];
  /** Attachment made as a PDF from the item's own text. */
  attachment?: string;
  /** 0 hides the item (news shows any non-zero status). */
  status?: number;
}

export const newsContents: NewsContent[] = [
  // 果樹
  {
    class: 'fruit',
    title: '114年度東方果實蠅區域共同防治說明會',
    postedAt: '2025-05-26 09:00',
    summary: '說明本年度區域共同防治時程、誘殺板領取方式與清園配合事項。',
    paragraphs: [
      '為降低東方果實蠅族群密度，本年度持續辦理區域共同防治，請果農踴躍參加說明會。',
      '說明會將介紹含毒甲基丁香油誘殺板懸掛方式、落果處理與套袋時機，並開放現場諮詢。',
    ],
    attachment: '114年度東方果實蠅區域共同防治說明會議程.pdf',
  },
  {
    class: 'fruit',
    title: '柑橘新梢期請加強木蝨監測',
    postedAt: '2025-04-15 10:00',
    summary: '春梢抽出期為柑橘木蝨產卵高峰，請果農加強巡園並同步防治。',
    paragraphs: [
      '近期各地柑橘陸續抽出春梢，柑橘木蝨族群隨之增加。',
      '請於新梢抽出後檢查嫩芽上之卵與若蟲，發現時與鄰近果園同步防治，以降低黃龍病傳播風險。',
    ],
  },
  {
    class: 'fruit',
    title: '芒果開花期遇雨請注意炭疽病',
    postedAt: '2025-02-20 14:00',
    summary: '開花期連續降雨易造成花穗感染炭疽病，請加強果園通風與清園。',
    paragraphs: [
      '氣象預報未來一週將有連續降雨，正值芒果開花期，炭疽病感染風險提高。',
      '請剪除罹病花穗並清除落花，必要時依推薦用藥防治。',
    ],
  },
  {
    class: 'fruit',
    title: '番石榴果實套袋技術觀摩會',
    postedAt: '2024-11-12 09:30',
    summary: '示範套袋材料選擇與套袋時機，降低果實蠅危害。',
    paragraphs: ['觀摩會將於示範果園辦理，介紹不同套袋材料的效果與成本。', '現場並示範果實蠅誘殺器的設置。'],
    attachment: '番石榴套袋技術觀摩會報名表.pdf',
  },
  {
    class: 'fruit',
    title: '颱風過後果園病害防治提醒',
    postedAt: '2024-10-04 16:00',
    summary: '颱風過後請儘速排水、清除斷枝落果，預防細菌性與真菌性病害。',
    paragraphs: ['颱風造成枝葉折損與傷口，病原容易侵入。', '請儘速清園並觀察病害發生情形。'],
  },
  {
    class: 'fruit',
    title: '荔枝椿象天敵平腹小蜂釋放成果',
    postedAt: '2024-06-18 10:00',
    summary: '示範區釋放平腹小蜂後，荔枝椿象卵寄生率明顯提高。',
    paragraphs: ['本年度於示範區釋放平腹小蜂，調查顯示荔枝椿象卵寄生率提高。', '歡迎有意參與的農友洽詢釋放方式。'],
  },
  // 糧作
  {
    class: 'grain',
    title: '一期稻作稻熱病發生警報',
    postedAt: '2025-04-28 08:30',
    summary: '近期氣候有利稻熱病發生，請農友加強巡田並適時防治。',
    paragraphs: [
      '近日日夜溫差大且清晨露水重，部分地區已發現葉稻熱病病斑。',
      '請避免過量施用氮肥，孕穗期前後加強巡田，必要時依推薦用藥防治。',
    ],
    attachment: '一期稻作稻熱病防治建議.pdf',
  },
  {
    class: 'grain',
    title: '插秧後請注意福壽螺危害',
    postedAt: '2025-02-12 09:00',
    summary: '插秧後兩週為福壽螺危害關鍵期，請採淺水管理並撿拾螺體與卵塊。',
    paragraphs: [
      '一期稻作陸續插秧，福壽螺開始活動。',
      '請於進水口設置攔螺網，插秧後兩週保持淺水，並定期撿拾螺體與卵塊。',
    ],
  },
  {
    class: 'grain',
    title: '玉米秋行軍蟲監測資料更新',
    postedAt: '2024-12-03 10:00',
    summary: '秋作玉米誘蟲器誘得數量上升，請加強心葉巡查。',
    paragraphs: [
      '本月各監測點性費洛蒙誘蟲器誘得之秋行軍蟲成蟲數量上升。',
      '請於播種後每週檢查心葉，幼齡幼蟲期防治效果最佳。',
    ],
  },
  {
    class: 'grain',
    title: '二期稻作褐飛蝨發生注意',
    postedAt: '2024-09-16 09:00',
    summary: '二期稻作中後期為褐飛蝨族群增加時期，請拍打稻株基部調查。',
    paragraphs: ['褐飛蝨於二期稻作中後期族群容易快速增加。', '請每週拍打稻株基部調查，密度偏高時及早處理，避免蝨燒。'],
  },
  {
    class: 'grain',
    title: '大豆病蟲害管理講習',
    postedAt: '2024-07-08 14:00',
    summary: '介紹大豆常見病蟲害與田間管理要點。',
    paragraphs: ['講習內容包括斜紋夜蛾、豆莢螟與銹病的辨識與管理。'],
    attachment: '大豆病蟲害管理講習簡章.pdf',
  },
  {
    class: 'grain',
    title: '水稻友善耕作示範田成果發表',
    postedAt: '2024-05-21 10:30',
    summary: '示範田以耕作與生物防治為主，產量與慣行栽培相近。',
    paragraphs: ['示範田採合理施肥、適度曬田與保育天敵等方式管理。', '成果發表會將分享病蟲害發生調查與產量比較。'],
  },
  // 花卉
  {
    class: 'flower',
    title: '蝴蝶蘭外銷薊馬管理輔導',
    postedAt: '2025-05-05 09:00',
    summary: '協助業者建立溫室薊馬監測與管理流程，符合外銷檢疫要求。',
    paragraphs: ['薊馬為蝴蝶蘭外銷檢疫的重要害蟲。', '輔導內容包括藍色黏紙監測、溫室清潔與新進種苗隔離流程。'],
    attachment: '蝴蝶蘭薊馬管理輔導申請表.pdf',
  },
  {
    class: 'flower',
    title: '菊花白銹病好發季節提醒',
    postedAt: '2025-01-14 10:00',
    summary: '冬季低溫多濕，菊花白銹病容易發生，請加強通風並摘除病葉。',
    paragraphs: ['請避免傍晚灑水使葉面整夜潮濕，並及早摘除病葉攜出園外。'],
  },
  {
    class: 'flower',
    title: '玫瑰葉蟎管理研習',
    postedAt: '2024-10-22 14:00',
    summary: '介紹葉蟎辨識、捕植蟎釋放與抗藥性管理。',
    paragraphs: ['研習將示範以放大鏡檢查葉背葉蟎，並說明捕植蟎釋放時機。'],
  },
  {
    class: 'flower',
    title: '文心蘭病毒病檢測服務',
    postedAt: '2024-08-27 09:00',
    summary: '提供文心蘭種苗病毒檢測，協助建立健康種苗。',
    paragraphs: ['業者可送樣檢測常見病毒，檢測結果有助於淘汰帶毒母株。'],
  },
  {
    class: 'flower',
    title: '花卉設施防蟲網補助說明',
    postedAt: '2024-06-04 10:00',
    summary: '說明花卉設施防蟲網設置之補助項目與申請方式（示範內容）。',
    paragraphs: ['本則為示範內容，說明補助公告的呈現方式，實際補助請以主管機關公告為準。'],
  },
  {
    class: 'flower',
    title: '聖誕紅粉蝨防治提醒',
    postedAt: '2024-03-19 09:30',
    summary: '聖誕紅生產期請以黃色黏紙監測粉蝨，並加強溫室清潔。',
    paragraphs: ['粉蝨分泌蜜露引發煤煙病，影響盆花品質。', '請懸掛黃色黏紙監測，並清除溫室周邊雜草。'],
    status: 2,
  },
  // 蔬菜
  {
    class: 'vegetable',
    title: '秋冬十字花科蔬菜小菜蛾防治提醒',
    postedAt: '2025-05-15 09:00',
    summary: '乾燥季節小菜蛾族群增加，請輪替不同作用機制藥劑並搭配防蟲網。',
    paragraphs: ['近期監測顯示小菜蛾成蟲數量上升。', '請搭配防蟲網、性費洛蒙與蘇力菌製劑，並依作用機制輪替用藥。'],
    attachment: '小菜蛾抗藥性管理建議.pdf',
  },
  {
    class: 'vegetable',
    title: '番茄晚疫病預警',
    postedAt: '2025-03-03 08:30',
    summary: '冷涼潮濕天氣有利晚疫病蔓延，請加強通風並清除病株。',
    paragraphs: ['未來一週氣溫偏低且多雨，番茄晚疫病風險高。', '請及早清除病葉病果，必要時依推薦用藥防治。'],
  },
  {
    class: 'vegetable',
    title: '瓜類瓜實蠅誘殺器設置說明',
    postedAt: '2024-11-26 10:00',
    summary: '說明誘殺器設置密度與誘引劑更換頻率。',
    paragraphs: ['瓜實蠅誘殺器建議設置於田區周邊，並定期更換誘引劑。'],
  },
  {
    class: 'vegetable',
    title: '設施番茄黃化捲葉病管理講習',
    postedAt: '2024-09-03 14:00',
    summary: '介紹銀葉粉蝨監測、健康種苗與耐病品種。',
    paragraphs: ['講習將說明番茄黃化捲葉病的傳播方式與管理策略。'],
    attachment: '設施番茄黃化捲葉病管理講習議程.pdf',
  },
  {
    class: 'vegetable',
    title: '夏季葉菜類斜紋夜蛾發生注意',
    postedAt: '2024-07-23 09:00',
    summary: '斜紋夜蛾密度上升，請檢查葉背卵塊並及早處理幼齡幼蟲。',
    paragraphs: ['斜紋夜蛾卵塊覆有黃褐色鱗毛，發現時可直接摘除。'],
  },
  {
    class: 'vegetable',
    title: '蔬菜育苗場健康管理認證說明',
    postedAt: '2024-04-16 10:00',
    summary: '說明育苗場健康管理的檢查項目（示範內容）。',
    paragraphs: ['本則為示範內容，實際認證規定請以主管機關公告為準。'],
  },
  // 菇類
  {
    class: 'mushroom',
    title: '夏季菇舍蕈蚋防治提醒',
    postedAt: '2025-05-30 09:00',
    summary: '高溫期蕈蚋繁殖快速，請加強紗門與黏紙管理。',
    paragraphs: ['蕈蚋幼蟲取食菌絲與子實體，造成產量與品質下降。', '請檢查紗門並懸掛黏紙監測。'],
  },
  {
    class: 'mushroom',
    title: '太空包雜菌污染預防講習',
    postedAt: '2025-03-18 14:00',
    summary: '說明太空包製作、滅菌與接種的衛生要點。',
    paragraphs: ['綠黴菌等雜菌污染常源自滅菌不完全或接種環境不潔。'],
    attachment: '太空包雜菌污染預防講習簡章.pdf',
  },
  {
    class: 'mushroom',
    title: '香菇栽培場蟎類發生注意',
    postedAt: '2024-12-17 10:00',
    summary: '菇舍濕度高時蟎類容易增加，請清除殘留太空包。',
    paragraphs: ['栽培結束後請移除廢棄太空包並清潔菇舍。'],
  },
  {
    class: 'mushroom',
    title: '金針菇生產衛生管理示範',
    postedAt: '2024-10-08 09:00',
    summary: '示範冷房清潔與採收動線規劃。',
    paragraphs: ['良好動線可避免污染區與清潔區交叉，降低病害風險。'],
  },
  {
    class: 'mushroom',
    title: '木耳栽培病蟲害診斷服務',
    postedAt: '2024-07-30 10:00',
    summary: '提供木耳栽培常見病蟲害的診斷與建議。',
    paragraphs: ['可透過線上諮詢上傳照片，或攜帶樣本至服務窗口。'],
  },
  {
    class: 'mushroom',
    title: '菇類廢棄太空包再利用說明',
    postedAt: '2024-05-07 09:00',
    summary: '說明廢棄太空包堆肥化處理方式，減少病原殘留。',
    paragraphs: ['廢棄太空包經適當堆肥化處理後可作為土壤改良資材。'],
  },
];
