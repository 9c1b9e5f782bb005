// Demo researcher directory: invented names and example.org addresses, so nobody real is listed.

export interface ResearcherContent {
  name: string;
  room: string;
  job: string;
  sex: 'M' | 'F';
  specialty: string;
  link: string | null;
}

export const researcherContents: ResearcherContent[] = [
  {
    name: '林志明',
    room: '應用昆蟲研究室',
    job: '研究員兼研究室主持人',
    sex: 'M',
    specialty: '水稻害蟲、飛蝨類族群生態',
    link: 'mailto:lin.zm@example.org',
  },
  {
    name: '陳雅婷',
    room: '應用昆蟲研究室',
    job: '副研究員',
    sex: 'F',
    specialty: '蔬菜害蟲整合管理、性費洛蒙應用',
    link: 'mailto:chen.yt@example.org',
  },
  {
    name: '黃建華',
    room: '應用昆蟲研究室',
    job: '助理研究員',
    sex: 'M',
    specialty: '果實蠅類監測與區域防治',
    link: 'mailto:huang.jh@example.org',
  },
  {
    name: '張淑芬',
    room: '植物病理研究室',
    job: '研究員兼研究室主持人',
    sex: 'F',
    specialty: '果樹真菌性病害、炭疽病',
    link: 'mailto:chang.sf@example.org',
  },
  {
    name: '王俊傑',
    room: '植物病理研究室',
    job: '副研究員',
    sex: 'M',
    specialty: '植物病毒檢測、健康種苗',
    link: 'mailto:wang.cj@example.org',
  },
  {
    name: '李佩君',
    room: '植物病理研究室',
    job: '助理研究員',
    sex: 'F',
    specialty: '蔬菜病害診斷、卵菌病害',
    link: 'mailto:li.pc@example.org',
  },
  {
    name: '吳宗翰',
    room: '生物防治研究室',
    job: '研究員',
    sex: 'M',
    specialty: '天敵昆蟲量產與釋放',
    link: 'mailto:wu.th@example.org',
  },
  {
    name: '蔡宜蓁',
    room: '生物防治研究室',
    job: '副研究員',
    sex: 'F',
    specialty: '微生物製劑、蘇力菌應用',
    link: 'mailto:tsai.yc@example.org',
  },
  {
    name: '劉家豪',
    room: '農藥應用研究室',
    job: '研究員',
    sex: 'M',
    specialty: '農藥安全使用、抗藥性管理',
    link: 'mailto:liu.ch@example.org',
  },
  {
    name: '楊惠雯',
    room: '農藥應用研究室',
    job: '助理研究員',
    sex: 'F',
    specialty: '施藥技術、植保無人機應用',
    link: 'mailto:yang.hw@example.org',
  },
  {
    name: '許文彬',
    room: '蟎類研究室',
    job: '副研究員',
    sex: 'M',
    specialty: '葉蟎與捕植蟎',
    link: 'mailto:hsu.wp@example.org',
  },
  {
    name: '鄭怡如',
    room: '花卉保護研究室',
    job: '副研究員',
    sex: 'F',
    specialty: '蘭花病蟲害、薊馬管理',
    link: 'mailto:cheng.yj@example.org',
  },
  {
    name: '謝明宏',
    room: '雜糧保護研究室',
    job: '研究員',
    sex: 'M',
    specialty: '玉米與大豆害蟲、秋行軍蟲',
    link: 'mailto:hsieh.mh@example.org',
  },
  {
    name: '周佳穎',
    room: '菇類保護研究室',
    job: '助理研究員',
    sex: 'F',
    specialty: '菇類栽培場病蟲害與衛生管理',
    link: 'mailto:chou.cy@example.org',
  },
  { name: '蘇冠宇', room: '推廣教育組', job: '技正', sex: 'M', specialty: '病蟲害諮詢服務與推廣教育', link: null },
];
