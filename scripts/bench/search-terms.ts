// Search terms shared by the server-side search bench and the HTTP bench.

/** What visitors type: full names, parts of names, groups, Latin, Simplified, variants, misses. */
export const typicalQueries = [
  '斜紋夜蛾',
  '番茄斜紋夜蛾',
  '夜蛾',
  '薊馬',
  '南黃薊馬',
  '炭疽病',
  '檬果炭疽病',
  '白粉病',
  '葉蟎',
  '二點葉蟎',
  '果實蠅',
  '東方果實蠅',
  '粉蝨',
  '蚜蟲',
  '蚜虫',
  '台灣',
  '臺灣花薊馬',
  '蓟马',
  '露菌病',
  '青枯病',
  'Spodoptera',
  'spodoptera litura',
  'fruit fly',
  'thrips',
  'Bactrocera dorsalis',
  '番茄',
  '瓢蟲',
  '找不到的名稱',
];

/** Single characters: allowed, but they match a large part of the collection. Reported apart. */
export const broadQueries = ['病', '蛾', '蟲'];
