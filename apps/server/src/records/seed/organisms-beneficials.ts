import type { OrganismSeed } from './organism-seed';

/**
 * Demo seed: natural enemies (beneficial organisms) used or conserved in Taiwan.
 */
export const beneficialOrganisms: OrganismSeed[] = [
  {
    key: 'green-lacewing-mallada-basalis',
    type: 'beneficial',
    cname: '基徵草蛉',
    ename: 'Green lacewing',
    name: 'Mallada basalis',
    aliases: ['草蛉', '草蜻蛉', '蚜獅'],
    eclass1: 'Insecta',
    eclass2: 'Neuroptera',
    eclass3: 'Chrysopidae',
    eclass4: 'Mallada',
    eclass5: 'basalis',
    cclass1: '昆蟲綱',
    cclass2: '脈翅目',
    cclass3: '草蛉科',
    property:
      '成蟲體長約 10 公釐，體色鮮綠，翅膀透明且翅脈綠色，複眼金黃色，觸角細長呈絲狀。卵產於細長卵柄頂端，常數粒成群。幼蟲俗稱「蚜獅」，體呈紡錘形，大顎呈鐮刀狀，背上常背負獵物殘骸與雜屑作為偽裝。',
    life:
      '一生經卵、幼蟲、蛹、成蟲四期，屬完全變態；幼蟲共 3 齡，老熟後吐絲結白色圓形繭化蛹。在 25°C 左右約 3 至 4 週完成一代，臺灣平地全年可發生多個世代。成蟲主要取食花粉、花蜜與蜜露，捕食能力以幼蟲期最強。',
    distribute:
      '分布於臺灣全島平地至低海拔地區，常見於果園、菜園、茶園及田邊雜草。國外分布於東南亞、南亞及太平洋島嶼。是臺灣最早進行大量飼養並應用於田間的本土草蛉之一。',
    harm:
      '幼蟲捕食蚜蟲、粉蝨、葉蟎、薊馬、介殼蟲若蟲及鱗翅目小型幼蟲與卵等多種軟體小型害蟲，適用作物廣泛。',
    harmDetail:
      '幼蟲以鐮刀狀大顎夾住獵物，注入消化液後吸食體液，留下乾癟空殼。一隻幼蟲整個幼蟲期可捕食數百隻蚜蟲或大量葉蟎，屬泛食性捕食者。',
    harmPart:
      '宜在蚜蟲、粉蝨或葉蟎族群剛開始發生、密度仍低時釋放，適用於草莓、瓜果類、茄果類、葉菜類、木瓜及設施栽培作物。害蟲密度已高時應先以相容的防治方法壓低族群，再行釋放。',
    control:
      '可釋放卵或初齡幼蟲，將卵片或幼蟲均勻分散掛置或撒布於害蟲發生的植株上，視害蟲密度每隔 1 至 2 週補充釋放。釋放前後應避免使用有機磷、氨基甲酸鹽及合成除蟲菊類等廣效性殺蟲劑；田邊保留開花植物可提供成蟲花粉與花蜜，有助族群建立。',
    liter:
      '天敵昆蟲飼養與利用相關技術專刊，各區農業改良場。\n\n臺灣農家要覽 農作篇，財團法人豐年社。',
    pesticideNames: [],
  },
  {
    key: 'six-spotted-zigzag-ladybird',
    type: 'beneficial',
    cname: '六條瓢蟲',
    ename: 'Six-spotted zigzag ladybird',
    name: 'Cheilomenes sexmaculata',
    aliases: ['六斑月瓢蟲', '瓢蟲', '花姑娘'],
    eclass1: 'Insecta',
    eclass2: 'Coleoptera',
    eclass3: 'Coccinellidae',
    eclass4: 'Cheilomenes',
    eclass5: 'sexmaculata',
    cclass1: '昆蟲綱',
    cclass2: '鞘翅目',
    cclass3: '瓢蟲科',
    property:
      '成蟲體長約 4 至 6 公釐，體呈半球形，翅鞘橙紅色至黃色，上有黑色橫條與斑紋，斑紋變異大，亦有以黑色為主的個體。幼蟲長形，灰黑色帶淡色斑點，體表有肉質突起。卵黃色紡錘形，成簇直立產於葉片上。',
    life:
      '完全變態，經卵、4 齡幼蟲、蛹及成蟲。夏季約 2 至 3 週即可完成一代，臺灣平地全年均可發生，春季及秋季蚜蟲多時族群最盛。成蟲壽命可達 1 至 2 個月，雌蟲一生可產數百粒卵。',
    distribute:
      '臺灣全島平地至中低海拔普遍分布，為田間最常見的捕食性瓢蟲之一。國外廣泛分布於東亞、南亞、東南亞及大洋洲。',
    harm:
      '主要捕食各種蚜蟲，如棉蚜、桃蚜、偽菜蚜、玉米蚜及豆蚜等，亦捕食粉蝨、木蝨若蟲及小型鱗翅目幼蟲。',
    harmDetail:
      '幼蟲與成蟲皆為捕食性，以咀嚼式口器直接咬食獵物。一隻幼蟲發育期間可捕食數百隻蚜蟲，成蟲每日亦可捕食數十隻，對蚜蟲族群有明顯抑制作用。',
    harmPart:
      '適合於蚜蟲初發生時釋放或保育，常見利用於十字花科蔬菜、瓜類、豆類、玉米、柑橘新梢及設施花卉。春秋兩季蚜蟲發生高峰前為最佳利用時機。',
    control:
      '田間自然族群豐富，首重保育：減少廣效性殺蟲劑使用，必要時選用對瓢蟲影響較小的藥劑並避開幼蟲盛發期施藥。可於田邊保留或種植開花植物與蚜蟲寄主植物，提供替代食物與棲所；人工飼養的卵或幼蟲可直接放置於蚜蟲聚集處。',
    liter:
      '臺灣農家要覽 農作篇，財團法人豐年社。\n\n植物保護手冊，農業部農業藥物試驗所編印（歷年修訂版）。',
    pesticideNames: [],
  },
  {
    key: 'propylea-japonica',
    type: 'beneficial',
    cname: '龜紋瓢蟲',
    ename: 'Japanese ladybird',
    name: 'Propylea japonica',
    aliases: ['瓢蟲', '花姑娘'],
    eclass1: 'Insecta',
    eclass2: 'Coleoptera',
    eclass3: 'Coccinellidae',
    eclass4: 'Propylea',
    eclass5: 'japonica',
    cclass1: '昆蟲綱',
    cclass2: '鞘翅目',
    cclass3: '瓢蟲科',
    property:
      '成蟲體型小，體長約 3.5 至 4.5 公釐，翅鞘黃色至淡橙色，上有黑色龜甲狀斑紋，斑紋大小變化很大。幼蟲灰黑色，背面具淡黃色斑，體側有刺狀突起。',
    life:
      '完全變態，在適溫下約 2 至 3 週完成一代，一年可發生多代。成蟲耐熱性較佳，夏季仍可在田間活動，冬季以成蟲在落葉或雜草叢中越冬或低活動度生存。',
    distribute:
      '分布於臺灣平地至中海拔農田、果園與草地。國外分布於東亞地區，包括日本、韓國、中國大陸及俄羅斯遠東地區。',
    harm:
      '捕食蚜蟲為主，包括棉蚜、桃蚜、麥類蚜蟲及玉米蚜等，亦捕食飛蝨、葉蟬若蟲、粉蝨及小型鱗翅目幼蟲。',
    harmDetail:
      '成蟲與幼蟲均以咀嚼式口器捕食獵物，食性較廣，在蚜蟲不足時可轉食其他小型昆蟲或花粉維生，因此能在田間較長期維持族群。',
    harmPart:
      '適用於玉米、高粱、豆類、瓜類、蔬菜及棉花等旱作田，宜在蚜蟲初發期保育利用；因其耐熱性佳，夏季旱作田亦可發揮作用。',
    control:
      '以田間保育為主：避免在瓢蟲幼蟲盛發時施用廣效性殺蟲劑，採用局部施藥或選擇性藥劑。田埂保留雜草帶與開花植物可提供越冬場所與替代食物，有助族群穩定。',
    liter:
      '臺灣農家要覽 農作篇，財團法人豐年社。\n\n昆蟲學相關教科書（天敵昆蟲與生物防治章節）。',
    pesticideNames: [],
  },
  {
    key: 'seven-spot-ladybird',
    type: 'beneficial',
    cname: '七星瓢蟲',
    ename: 'Seven-spot ladybird',
    name: 'Coccinella septempunctata',
    aliases: ['瓢蟲', '花大姐'],
    eclass1: 'Insecta',
    eclass2: 'Coleoptera',
    eclass3: 'Coccinellidae',
    eclass4: 'Coccinella',
    eclass5: 'septempunctata',
    cclass1: '昆蟲綱',
    cclass2: '鞘翅目',
    cclass3: '瓢蟲科',
    property:
      '成蟲體長約 5 至 8 公釐，為較大型的瓢蟲，翅鞘紅色至橙紅色，左右合計有 7 個黑色圓斑，前胸背板黑色，兩前角有白斑。幼蟲長形，灰黑色，具橙色斑點與刺毛。',
    life:
      '完全變態，在適溫下約 3 至 4 週完成一代。偏好涼爽氣候，在臺灣多見於秋冬至春季，夏季高溫時族群明顯減少，部分成蟲有夏眠習性。雌蟲一生可產卵數百至上千粒。',
    distribute:
      '廣泛分布於歐洲、亞洲及北非，並已引入北美洲。臺灣見於平地至中高海拔，以涼季及中高海拔蔬菜、果樹產區較常見。',
    harm:
      '主要捕食各種蚜蟲，如桃蚜、偽菜蚜、棉蚜、麥類蚜蟲等，亦可捕食介殼蟲若蟲、木蝨及小型幼蟲。',
    harmDetail:
      '成蟲與幼蟲皆捕食性，食量大，一隻幼蟲發育期間可取食數百隻蚜蟲，成蟲每日可取食數十至上百隻。',
    harmPart:
      '適合在冬春涼季於十字花科蔬菜、麥類、豆類及高冷地蔬菜與果樹上保育利用，宜於蚜蟲族群剛開始增加時發揮作用。',
    control:
      '以保育田間自然族群為主，避免在冬春瓢蟲活躍期大面積施用廣效性殺蟲劑。田區周邊維持多樣化植被可提供替代獵物與棲所；如需釋放，宜選擇傍晚將成蟲或幼蟲放置於蚜蟲聚集處。',
    liter:
      '臺灣農家要覽 農作篇，財團法人豐年社。\n\n昆蟲學相關教科書（天敵昆蟲與生物防治章節）。',
    pesticideNames: [],
  },
  {
    key: 'vedalia-beetle',
    type: 'beneficial',
    cname: '澳洲瓢蟲',
    ename: 'Vedalia beetle',
    name: 'Novius cardinalis',
    aliases: [],
    eclass1: 'Insecta',
    eclass2: 'Coleoptera',
    eclass3: 'Coccinellidae',
    eclass4: 'Novius',
    eclass5: 'cardinalis',
    cclass1: '昆蟲綱',
    cclass2: '鞘翅目',
    cclass3: '瓢蟲科',
    property:
      '成蟲體長約 3 至 4 公釐，體呈短橢圓形，全身密被細毛，翅鞘紅色，具黑色斑紋，舊學名為 Rodolia cardinalis。幼蟲紅褐色，體表有小突起與細毛，常躲在吹綿介殼蟲的卵囊下取食。',
    life:
      '完全變態，卵多產於吹綿介殼蟲卵囊內或蟲體上，幼蟲孵化後即取食介殼蟲卵與若蟲。在溫暖季節約 3 至 4 週完成一代，生活史與寄主吹綿介殼蟲的發生密切配合。',
    distribute:
      '原產澳洲，19 世紀末自澳洲引入美國加州防治柑橘吹綿介殼蟲成功，為古典生物防治的經典案例，其後引入世界各地。臺灣於日治時期引進，現已在柑橘、木麻黃等吹綿介殼蟲寄主上立足。',
    harm:
      '專一性高，主要捕食吹綿介殼蟲（Icerya purchasi）及其近緣的綿介殼蟲類。',
    harmDetail:
      '幼蟲鑽入介殼蟲的白色卵囊中取食卵與若蟲，成蟲亦捕食各齡介殼蟲。因專食性強、繁殖快，可迅速追隨吹綿介殼蟲族群並將其壓制至低密度。',
    harmPart:
      '適用於柑橘、木麻黃、相思樹、海桐及觀賞植物等發生吹綿介殼蟲時，宜於介殼蟲族群開始增加、白色卵囊明顯時移入或保育。',
    control:
      '可自族群豐富處採集帶有幼蟲或蛹的枝條移至發生園區。因對廣效性殺蟲劑極為敏感，吹綿介殼蟲發生園區應避免使用有機磷及合成除蟲菊類藥劑，以免破壞已建立的天敵族群。',
    liter:
      '昆蟲學相關教科書（古典生物防治案例）。\n\n臺灣農家要覽 農作篇，財團法人豐年社。',
    pesticideNames: [],
  },
  {
    key: 'mealybug-destroyer',
    type: 'beneficial',
    cname: '孟氏隱唇瓢蟲',
    ename: 'Mealybug destroyer',
    name: 'Cryptolaemus montrouzieri',
    aliases: ['粉介殼蟲瓢蟲', '隱唇瓢蟲'],
    eclass1: 'Insecta',
    eclass2: 'Coleoptera',
    eclass3: 'Coccinellidae',
    eclass4: 'Cryptolaemus',
    eclass5: 'montrouzieri',
    cclass1: '昆蟲綱',
    cclass2: '鞘翅目',
    cclass3: '瓢蟲科',
    property:
      '成蟲體長約 4 公釐，翅鞘黑褐色，頭部、前胸背板及翅鞘末端為橙紅色，體表密被細毛。幼蟲體表覆蓋白色蠟質絲狀物，外觀與粉介殼蟲相似，長可達 10 公釐以上，容易被誤認為害蟲而遭清除。',
    life:
      '完全變態，雌蟲將卵產於粉介殼蟲卵囊內或群落附近。在 25 至 27°C 約 4 至 5 週完成一代，成蟲可存活 2 個月以上。溫暖、濕度適中的環境下繁殖最佳，低溫期活動明顯降低。',
    distribute:
      '原產澳洲，已引入世界各地用於粉介殼蟲的生物防治。臺灣曾引進飼養並於柑橘、番荔枝等果園及溫室釋放利用。',
    harm:
      '主要捕食各種粉介殼蟲，如柑橘粉介殼蟲、長尾粉介殼蟲等，亦可取食部分軟介殼蟲與綿介殼蟲的卵及若蟲。',
    harmDetail:
      '成蟲與幼蟲均捕食，偏好取食粉介殼蟲的卵囊與若蟲。一隻幼蟲發育期間可取食數百隻粉介殼蟲若蟲，在粉介殼蟲密度高時繁殖迅速。',
    harmPart:
      '適用於番荔枝、柑橘、葡萄、咖啡及溫室觀賞植物等粉介殼蟲發生處，宜在粉介殼蟲群落開始形成時釋放，成效以溫暖季節較佳。',
    control:
      '於傍晚將成蟲釋放在粉介殼蟲群落附近，必要時隔 2 至 4 週補充釋放。應教育田間工作人員辨識其白色蠟絲幼蟲，勿誤以為粉介殼蟲而噴藥；釋放區應避免廣效性殺蟲劑，並同時防除照顧介殼蟲的螞蟻。',
    liter:
      '臺灣農家要覽 農作篇，財團法人豐年社。\n\n昆蟲學相關教科書（天敵昆蟲與生物防治章節）。',
    pesticideNames: [],
  },
  {
    key: 'predatory-stink-bug-eocanthecona',
    type: 'beneficial',
    cname: '黃斑粗喙椿象',
    ename: 'Predatory stink bug',
    name: 'Eocanthecona furcellata',
    aliases: ['粗喙椿象', '捕食性椿象'],
    eclass1: 'Insecta',
    eclass2: 'Hemiptera',
    eclass3: 'Pentatomidae',
    eclass4: 'Eocanthecona',
    eclass5: 'furcellata',
    cclass1: '昆蟲綱',
    cclass2: '半翅目',
    cclass3: '椿象科',
    property:
      '成蟲體長約 12 至 16 公釐，體褐色至黑褐色，前胸背板側角延伸成尖突，小盾片基部具黃白色斑紋。口器為粗壯的刺吸式口喙，與吸食植物汁液的植食性椿象相比明顯較粗短。若蟲體色鮮豔，常具紅、黑、白等斑紋。',
    life:
      '不完全變態，經卵、5 齡若蟲及成蟲三期。卵呈卵塊產於葉片上，在 25 至 28°C 約 1 個月完成一代，臺灣平地全年可發生。2 齡以後的若蟲開始捕食，成蟲壽命可達 1 至 2 個月。',
    distribute:
      '臺灣全島平地至低海拔普遍分布，亦見於東南亞與南亞。臺灣已建立大量飼養技術，並由各改良場推廣於田間釋放。',
    harm:
      '捕食多種鱗翅目幼蟲，如斜紋夜蛾、甜菜夜蛾、秋行軍蟲、紋白蝶、小菜蛾及各種刺蛾、毒蛾幼蟲，亦可捕食金花蟲幼蟲等。',
    harmDetail:
      '以口喙刺入獵物體內，注入唾液使其麻痺並分解組織後吸食體液。能捕食體型較自身大的幼蟲，一隻成蟲一生可捕食數十至上百隻鱗翅目幼蟲。',
    harmPart:
      '宜在夜蛾類或其他鱗翅目幼蟲初發生、幼蟲齡期仍小時釋放，適用於十字花科蔬菜、玉米、豆類、蓮霧、番石榴及設施栽培作物。',
    control:
      '一般以 3 至 4 齡若蟲或成蟲釋放，分散放置於害蟲發生的植株上，並視密度補充釋放。釋放前後避免使用廣效性殺蟲劑，可搭配蘇力菌等對椿象影響小的生物性藥劑，以發揮綜合防治效果。',
    liter:
      '天敵昆蟲飼養與利用相關技術專刊，各區農業改良場。\n\n臺灣農家要覽 農作篇，財團法人豐年社。',
    pesticideNames: [],
  },
  {
    key: 'minute-pirate-bug-orius-strigicollis',
    type: 'beneficial',
    cname: '小黑花椿象',
    ename: 'Minute pirate bug',
    name: 'Orius strigicollis',
    aliases: ['花椿象', '小花椿象'],
    eclass1: 'Insecta',
    eclass2: 'Hemiptera',
    eclass3: 'Anthocoridae',
    eclass4: 'Orius',
    eclass5: 'strigicollis',
    cclass1: '昆蟲綱',
    cclass2: '半翅目',
    cclass3: '花椿象科',
    property:
      '成蟲體長僅約 2 公釐，體黑褐色，前翅革質部淡褐色，膜質部透明略帶灰白，休息時翅面平貼於背部。若蟲體色黃至橙褐色，眼紅色，行動敏捷。',
    life:
      '不完全變態，卵產於植物組織內，僅露出卵蓋。在 25°C 下約 2 至 3 週完成一代，臺灣平地全年可繁殖。成蟲可取食花粉維生，因此在作物開花期族群容易增加。',
    distribute:
      '臺灣全島平地至低海拔普遍分布，常見於花朵、玉米雄穗及雜草花序上。國外分布於東亞及東南亞。',
    harm:
      '主要捕食薊馬，包括南黃薊馬、花薊馬、小黃薊馬與西方花薊馬等，亦可捕食蚜蟲、葉蟎、粉蝨若蟲及鱗翅目卵。',
    harmDetail:
      '若蟲與成蟲以刺吸式口器刺入獵物吸食體液，即使獵物充足時也會持續捕殺，殺死的數量多於實際取食。偏好在花器與嫩芽等薊馬聚集部位搜尋獵物。',
    harmPart:
      '適用於茄子、甜椒、瓜類、草莓及設施花卉等薊馬為害作物，應在薊馬初發生或作物開花初期釋放，讓天敵能藉花粉建立族群。',
    control:
      '將成蟲或若蟲連同載體撒布於植株花朵與葉片上，依薊馬密度每 1 至 2 週補充釋放。釋放區應避免使用廣效性殺蟲劑；田邊種植玉米、向日葵等可提供花粉的植物，有助天敵棲息與繁殖。',
    liter:
      '臺灣農家要覽 農作篇，財團法人豐年社。\n\n植物保護手冊，農業部農業藥物試驗所編印（歷年修訂版）。',
    pesticideNames: [],
  },
  {
    key: 'anastatus-japonicus',
    type: 'beneficial',
    cname: '平腹小蜂',
    ename: 'Litchi stink bug egg parasitoid',
    name: 'Anastatus japonicus',
    aliases: ['荔枝椿象卵寄生蜂', '卵寄生蜂'],
    eclass1: 'Insecta',
    eclass2: 'Hymenoptera',
    eclass3: 'Eupelmidae',
    eclass4: 'Anastatus',
    eclass5: 'japonicus',
    cclass1: '昆蟲綱',
    cclass2: '膜翅目',
    cclass3: '旋小蜂科',
    property:
      '微小寄生蜂，雌蜂體長約 2.5 至 3 公釐，體呈金屬光澤的暗褐色至黑色，前翅有褐色帶紋；雄蜂體型較小，體色偏綠色金屬光澤。雌蜂產卵管短，能以跳躍方式迅速移動。',
    life:
      '雌蜂將卵產入椿象卵內，幼蟲在寄主卵內取食發育並化蛹，羽化成蜂後自卵殼咬出圓形羽化孔離開。夏季約 2 至 3 週完成一代，一年可發生多代，常以老熟幼蟲在寄主卵內越冬。',
    distribute:
      '分布於東亞地區。臺灣已建立以替代寄主卵大量繁殖的技術，由各區農業改良場推廣於荔枝、龍眼及無患子等荔枝椿象發生地區釋放。',
    harm:
      '寄生荔枝椿象（Tessaratoma papillosa）的卵，亦可寄生其他大型椿象與部分蛾類的卵。',
    harmDetail:
      '雌蜂以產卵管刺入寄主卵中產卵，寄生蜂幼蟲取食卵內容物，使椿象卵無法孵化。被寄生的卵粒外觀常變為灰黑色，羽化後可見小圓孔。',
    harmPart:
      '於荔枝椿象產卵期（約每年 3 至 5 月間）配合田間產卵高峰分批釋放，適用於荔枝、龍眼果園及都市行道樹的無患子、欒樹等寄主植物。',
    control:
      '將已寄生的卵卡懸掛於樹冠內陰涼處，避免陽光直射與雨水沖刷，並於產卵期內分次釋放。釋放期間果園應避免噴施廣效性殺蟲劑；可搭配冬季至早春人工捕殺越冬成蟲與摘除卵塊，以降低族群基數。',
    liter:
      '果樹病蟲害綜合管理相關技術專刊，各區農業改良場。\n\n植物保護手冊，農業部農業藥物試驗所編印（歷年修訂版）。',
    pesticideNames: [],
  },
  {
    key: 'trichogramma-chilonis',
    type: 'beneficial',
    cname: '螟黃赤眼卵寄生蜂',
    ename: 'Egg parasitoid wasp',
    name: 'Trichogramma chilonis',
    aliases: ['赤眼卵寄生蜂', '赤眼蜂', '卵寄生蜂'],
    eclass1: 'Insecta',
    eclass2: 'Hymenoptera',
    eclass3: 'Trichogrammatidae',
    eclass4: 'Trichogramma',
    eclass5: 'chilonis',
    cclass1: '昆蟲綱',
    cclass2: '膜翅目',
    cclass3: '赤眼卵蜂科',
    property:
      '極微小的寄生蜂，體長僅約 0.3 至 0.5 公釐，體黃色，複眼鮮紅色，翅膀邊緣具長緣毛。肉眼不易察覺，需以放大鏡觀察。',
    life:
      '雌蜂將卵產入鱗翅目害蟲卵內，幼蟲在卵內發育並化蛹，被寄生的寄主卵會轉為黑色。在 25 至 28°C 約 8 至 10 天即可完成一代，一年發生代數多，成蜂壽命僅數日。',
    distribute:
      '廣泛分布於亞洲及太平洋地區。臺灣早年即建立以米蛾卵大量繁殖的技術，長期應用於甘蔗、玉米等作物螟蛾類害蟲的防治。',
    harm:
      '寄生多種鱗翅目害蟲的卵，包括亞洲玉米螟、甘蔗螟蟲類、小菜蛾、紋白蝶及番茄夜蛾等。',
    harmDetail:
      '雌蜂搜尋到寄主卵後以產卵管刺入產卵，寄生蜂幼蟲取食卵內容物，使害蟲在孵化前即被消滅，從源頭減少幼蟲為害。',
    harmPart:
      '宜在害蟲成蛾產卵初期開始釋放，適用於玉米、甘蔗、十字花科蔬菜及番茄等作物；玉米可於輪生期配合玉米螟產卵期分次釋放。',
    control:
      '將寄生蜂卵卡懸掛或釘附於植株葉背，避免日曬與雨淋，每隔 7 至 10 天釋放一次，連續數次。釋放期間避免使用廣效性殺蟲劑，可與蘇力菌等微生物製劑搭配使用。',
    liter:
      '植物保護手冊，農業部農業藥物試驗所編印（歷年修訂版）。\n\n臺灣農家要覽 農作篇，財團法人豐年社。',
    pesticideNames: [],
  },
  {
    key: 'encarsia-formosa',
    type: 'beneficial',
    cname: '麗蚜小蜂',
    ename: 'Greenhouse whitefly parasitoid',
    name: 'Encarsia formosa',
    aliases: ['粉蝨寄生蜂'],
    eclass1: 'Insecta',
    eclass2: 'Hymenoptera',
    eclass3: 'Aphelinidae',
    eclass4: 'Encarsia',
    eclass5: 'formosa',
    cclass1: '昆蟲綱',
    cclass2: '膜翅目',
    cclass3: '蚜小蜂科',
    property:
      '微小寄生蜂，雌蜂體長約 0.6 公釐，頭部與胸部黑色，腹部黃色，翅透明。族群幾乎全為雌性，以孤雌生殖繁衍，雄蜂極少見。',
    life:
      '雌蜂將卵產入粉蝨 3 至 4 齡若蟲體內，寄生蜂在寄主體內發育、化蛹，被寄生的溫室粉蝨若蟲會變成黑色。在 20 至 25°C 約 3 至 4 週完成一代，成蜂壽命約 1 至 2 週。',
    distribute:
      '分布遍及全球，為歐洲、北美及亞洲溫室作物最廣泛商業化利用的粉蝨天敵。臺灣有分布紀錄，主要研究應用於設施栽培作物。',
    harm:
      '寄生溫室粉蝨（Trialeurodes vaporariorum），亦可寄生銀葉粉蝨（菸草粉蝨，Bemisia tabaci）等粉蝨類若蟲。',
    harmDetail:
      '除寄生外，雌蜂亦會以產卵管刺傷粉蝨若蟲並吸食其體液（寄主取食），造成若蟲死亡，因此實際殺蟲數量高於寄生數量。',
    harmPart:
      '適用於溫室或網室栽培的番茄、甜椒、小黃瓜、洋香瓜、非洲菊及一品紅等作物，應在粉蝨剛開始出現、黃色黏紙誘得少量成蟲時即開始預防性釋放。',
    control:
      '將寄生蛹卡懸掛於植株中下層葉片，每 1 至 2 週釋放一次，連續數次。設施內溫度以 20°C 以上較適合其活動；釋放期間應避免使用廣效性殺蟲劑，並減少黃色黏紙數量以免誤捕成蜂。',
    liter:
      '昆蟲學相關教科書（天敵昆蟲與生物防治章節）。\n\n臺灣農家要覽 農作篇，財團法人豐年社。',
    pesticideNames: [],
  },
  {
    key: 'marmalade-hoverfly',
    type: 'beneficial',
    cname: '黑帶食蚜蠅',
    ename: 'Marmalade hoverfly',
    name: 'Episyrphus balteatus',
    aliases: ['食蚜蠅', '食蚜虻', '花虻'],
    eclass1: 'Insecta',
    eclass2: 'Diptera',
    eclass3: 'Syrphidae',
    eclass4: 'Episyrphus',
    eclass5: 'balteatus',
    cclass1: '昆蟲綱',
    cclass2: '雙翅目',
    cclass3: '食蚜蠅科',
    property:
      '成蟲體長約 8 至 12 公釐，腹部橙黃色，各節具寬窄相間的黑色橫帶，外觀似蜂但僅有一對翅，不會螫人。常在花間盤旋停飛。幼蟲為無足的蛆狀，體半透明淡綠或灰白色，前端尖細。',
    life:
      '完全變態，雌蠅將卵單粒產於蚜蟲群落附近，幼蟲孵化後即捕食蚜蟲，共 3 齡，老熟後在葉片或土表化蛹。溫暖季節約 2 至 4 週完成一代，臺灣以冬春涼季族群較多。',
    distribute:
      '廣泛分布於歐洲、亞洲及北非，臺灣全島平地至高海拔均可見，是臺灣最常見的食蚜蠅之一。',
    harm:
      '幼蟲主要捕食各種蚜蟲，如桃蚜、偽菜蚜、棉蚜、豆蚜及麥類蚜蟲等；成蟲則訪花取食花粉與花蜜，兼具授粉功能。',
    harmDetail:
      '幼蟲以口鉤刺入蚜蟲體內吸食體液，多於夜間活動捕食，一隻幼蟲發育期間可捕食數百隻蚜蟲，對蚜蟲群落的壓制效果明顯。',
    harmPart:
      '在十字花科蔬菜、萵苣、豆類、瓜類及柑橘等蚜蟲發生時，於冬春季蚜蟲增殖初期保育利用效果最佳。',
    control:
      '以田間保育為主：田區周邊種植芫荽、甜羅勒、蕎麥或波斯菊等開花植物，提供成蟲花粉與花蜜，吸引其在附近產卵。蚜蟲低密度時避免使用廣效性殺蟲劑，以保留食蚜蠅幼蟲。',
    liter:
      '臺灣農家要覽 農作篇，財團法人豐年社。\n\n昆蟲學相關教科書（天敵昆蟲與生物防治章節）。',
    pesticideNames: [],
  },
  {
    key: 'predatory-mite-neoseiulus-fallacis',
    type: 'beneficial',
    cname: '法拉斯捕植蟎',
    ename: 'Predatory mite (fallacis)',
    name: 'Neoseiulus fallacis',
    aliases: ['捕植蟎', '肉食性蟎'],
    eclass1: 'Arachnida',
    eclass2: 'Mesostigmata',
    eclass3: 'Phytoseiidae',
    eclass4: 'Neoseiulus',
    eclass5: 'fallacis',
    cclass1: '蛛形綱',
    cclass2: '中氣門目',
    cclass3: '植綏蟎科',
    property:
      '成蟎體長約 0.3 至 0.4 公釐，體呈洋梨形，淡黃色至橙褐色，體表光亮，取食後體色隨獵物略有變化。足較葉蟎細長，行動迅速，可與行動緩慢的葉蟎明顯區分。',
    life:
      '生活史經卵、幼蟎、第一若蟎、第二若蟎及成蟎。在 25°C 左右約 1 週即可完成一代，繁殖速度快，雌蟎一生可產卵數十粒。',
    distribute:
      '原產北美洲，為當地果園重要的葉蟎天敵。臺灣自國外引進後建立大量飼養技術，曾廣泛推廣應用於草莓、木瓜、梨及茶等作物。',
    harm:
      '主要捕食葉蟎類，如二點葉蟎、神澤氏葉蟎及柑橘葉蟎等，食物缺乏時亦可取食花粉及其他小型蟎類。',
    harmDetail:
      '以螯肢刺破葉蟎卵或蟎體吸食內容物，可捕食葉蟎各個發育期，成蟎每日可捕食多隻葉蟎或數十粒卵。',
    harmPart:
      '應在葉蟎初發生、每葉葉蟎數仍低時釋放，適用於草莓、木瓜、梨、茶、玫瑰等作物，設施栽培效果尤佳。',
    control:
      '將附有捕植蟎的葉片或載體均勻放置於植株上，依葉蟎密度分批釋放。釋放前後避免使用對捕植蟎毒性高的殺蟲劑與殺蟎劑，必要時選擇對捕植蟎較安全的藥劑；保持植株適當濕度有利捕植蟎存活。',
    liter:
      '天敵昆蟲飼養與利用相關技術專刊，各區農業改良場。\n\n臺灣農家要覽 農作篇，財團法人豐年社。',
    pesticideNames: [],
  },
  {
    key: 'predatory-mite-neoseiulus-womersleyi',
    type: 'beneficial',
    cname: '溫氏捕植蟎',
    ename: 'Predatory mite (womersleyi)',
    name: 'Neoseiulus womersleyi',
    aliases: ['捕植蟎', '肉食性蟎'],
    eclass1: 'Arachnida',
    eclass2: 'Mesostigmata',
    eclass3: 'Phytoseiidae',
    eclass4: 'Neoseiulus',
    eclass5: 'womersleyi',
    cclass1: '蛛形綱',
    cclass2: '中氣門目',
    cclass3: '植綏蟎科',
    property:
      '成蟎體長約 0.3 至 0.4 公釐，體呈卵圓形，淡黃白色至淡橙色，半透明而有光澤。背板上具成對的長短剛毛，需以顯微鏡檢視剛毛排列才能與其他捕植蟎正確區分。',
    life:
      '經卵、幼蟎、第一若蟎、第二若蟎至成蟎，在 25 至 28°C 約 5 至 7 天即可完成一代，發育速度快。喜好較潮濕的環境，高溫乾燥時族群易下降。',
    distribute:
      '臺灣本土種，普遍分布於平地至中海拔的茶園、果園、蔬菜田及雜草上。國外分布於日本、中國大陸、東南亞及大洋洲等地。',
    harm:
      '主要捕食葉蟎類，包括神澤氏葉蟎、二點葉蟎等，特別是會結網的葉蟎族群。',
    harmDetail:
      '能進入葉蟎的網絲中捕食，以螯肢刺吸葉蟎卵、幼蟎與成蟎的體液，族群可隨葉蟎增加而迅速增殖。',
    harmPart:
      '在茶、草莓、木瓜、梨、瓜類等作物上，葉蟎初發生時保育或釋放，可長期壓制葉蟎族群。',
    control:
      '以保育本土族群為主，避免頻繁使用廣效性殺蟲劑及對捕植蟎毒性高的殺蟎劑。釋放時將帶有捕植蟎的葉片或載體置於葉蟎發生處；保留田區適當植被與濕度，有利其存活與繁殖。',
    liter:
      '臺灣農家要覽 農作篇，財團法人豐年社。\n\n蟎類學相關教科書（植綏蟎科分類與生物防治）。',
    pesticideNames: [],
  },
  {
    key: 'predatory-mite-neoseiulus-californicus',
    type: 'beneficial',
    cname: '加州捕植蟎',
    ename: 'Californian predatory mite',
    name: 'Neoseiulus californicus',
    aliases: ['捕植蟎', '肉食性蟎'],
    eclass1: 'Arachnida',
    eclass2: 'Mesostigmata',
    eclass3: 'Phytoseiidae',
    eclass4: 'Neoseiulus',
    eclass5: 'californicus',
    cclass1: '蛛形綱',
    cclass2: '中氣門目',
    cclass3: '植綏蟎科',
    property:
      '成蟎體長約 0.3 至 0.4 公釐，體呈洋梨形，淡橙色至淡褐色，半透明有光澤，足細長，行動敏捷。外觀與其他捕植蟎相近，需經顯微鏡鑑定。',
    life:
      '經卵、幼蟎、第一若蟎、第二若蟎及成蟎，在 25°C 約 1 週完成一代。較能忍受高溫與低濕環境，且在獵物缺乏時可取食花粉等替代食物維持族群。',
    distribute:
      '分布於美洲、歐洲地中海地區及東亞，是世界各地商業化生產的重要捕植蟎之一，臺灣亦有分布紀錄。',
    harm:
      '主要捕食葉蟎類，如二點葉蟎、神澤氏葉蟎、柑橘葉蟎等，亦可捕食細蟎、銹蟎及小型薊馬若蟲。',
    harmDetail:
      '成蟎與若蟎以螯肢刺吸獵物體液，偏好取食葉蟎的卵與幼期。因可在獵物稀少時存活，適合作為預防性釋放的天敵。',
    harmPart:
      '適用於草莓、甜椒、茄子、瓜類、木瓜及觀賞植物等，宜於葉蟎剛出現或作物定植後預防性釋放；夏季較高溫時仍能維持活動。',
    control:
      '將捕植蟎連同載體撒布或以小包懸掛於植株上，依葉蟎發生情況分批釋放。釋放前後應避免使用對捕植蟎毒性高的藥劑，需要用藥時參考藥劑對天敵的安全性資料，選擇相容的藥劑並採局部施用。',
    liter:
      '蟎類學相關教科書（植綏蟎科分類與生物防治）。\n\n臺灣農家要覽 農作篇，財團法人豐年社。',
    pesticideNames: [],
  },
  {
    key: 'predatory-mite-neoseiulus-longispinosus',
    type: 'beneficial',
    cname: '長毛捕植蟎',
    ename: 'Predatory mite (longispinosus)',
    name: 'Neoseiulus longispinosus',
    aliases: ['捕植蟎', '肉食性蟎'],
    eclass1: 'Arachnida',
    eclass2: 'Mesostigmata',
    eclass3: 'Phytoseiidae',
    eclass4: 'Neoseiulus',
    eclass5: 'longispinosus',
    cclass1: '蛛形綱',
    cclass2: '中氣門目',
    cclass3: '植綏蟎科',
    property:
      '成蟎體長約 0.3 至 0.4 公釐，體呈卵圓形，淡黃白色至淡橙色，半透明，背板後方具明顯較長的剛毛，因而得名。行動迅速，常在葉背葉蟎網絲間活動。',
    life:
      '經卵、幼蟎、第一若蟎、第二若蟎及成蟎，在 25 至 30°C 約 5 至 7 天完成一代，適應熱帶與亞熱帶的高溫環境，繁殖力強。',
    distribute:
      '分布於東亞、東南亞、南亞及大洋洲等熱帶與亞熱帶地區。臺灣平地普遍可見，常出現在葉蟎發生的果樹、蔬菜與雜草上。',
    harm:
      '專門捕食葉蟎類，如二點葉蟎、神澤氏葉蟎等結網性葉蟎，對其他食物的利用能力較低。',
    harmDetail:
      '可深入葉蟎密集的網絲內搜尋獵物，以螯肢刺吸葉蟎卵及各期蟎體，捕食量大，能在葉蟎高密度時迅速增殖。',
    harmPart:
      '適用於木瓜、草莓、瓜類、豆類、茄子及觀賞植物等葉蟎發生作物，於葉蟎初發生至增殖期間保育或釋放。',
    control:
      '以保育田間原有族群為主，減少廣效性殺蟲劑及對捕植蟎毒性高的殺蟎劑使用。因其食性專一，葉蟎被壓制後族群會自然下降，必要時可再補充釋放。',
    liter:
      '蟎類學相關教科書（植綏蟎科分類與生物防治）。\n\n臺灣農家要覽 農作篇，財團法人豐年社。',
    pesticideNames: [],
  },
  {
    key: 'fopius-arisanus',
    type: 'beneficial',
    cname: '阿里山潛蠅繭蜂',
    ename: 'Fruit fly egg parasitoid',
    name: 'Fopius arisanus',
    aliases: ['果實蠅寄生蜂', '阿里山繭蜂'],
    eclass1: 'Insecta',
    eclass2: 'Hymenoptera',
    eclass3: 'Braconidae',
    eclass4: 'Fopius',
    eclass5: 'arisanus',
    cclass1: '昆蟲綱',
    cclass2: '膜翅目',
    cclass3: '小繭蜂科',
    property:
      '小型寄生蜂，成蜂體長約 3 至 4 公釐，體黃褐色至紅褐色，腹部背面有黑褐色斑紋，翅透明。雌蜂具產卵管，能刺穿果皮將卵產入果實蠅的卵中。',
    life:
      '屬卵—蛹寄生蜂：雌蜂將卵產入果實蠅卵內，寄生蜂幼蟲隨寄主孵化後在果實蠅幼蟲體內緩慢發育，待寄主化蛹後才在圍蛹內完成發育並羽化。一代約需 3 至 4 週。',
    distribute:
      '模式標本於日治時期採自臺灣阿里山，故以 arisanus 命名。分布於臺灣、東南亞及南亞，並已引入夏威夷、法屬玻里尼西亞、非洲等地，為防治東方果實蠅最成功的寄生蜂之一。',
    harm:
      '寄生東方果實蠅、瓜實蠅等果實蠅類的卵，以東方果實蠅為主要寄主。',
    harmDetail:
      '雌蜂在果實表面搜尋果實蠅產卵孔，將產卵管插入孔內產卵於寄主卵中。被寄生的果實蠅仍會發育至蛹期，但最終羽化出寄生蜂而非果實蠅，可降低下一代果實蠅族群。',
    harmPart:
      '於芒果、番石榴、楊桃、柑橘、蓮霧等果樹果實蠅發生期保育利用，並可配合區域共同防治在果實蠅族群上升前釋放。',
    control:
      '主要以保育利用為主：清除落果時可將落果置於可讓寄生蜂飛出但果實蠅無法逃出的網袋或容器中，保留寄生蜂族群。果園避免在結果期頻繁噴施廣效性殺蟲劑，並以甲基丁香油誘殺、套袋及清園等方法與天敵相互配合。',
    liter:
      '植物保護手冊，農業部農業藥物試驗所編印（歷年修訂版）。\n\n昆蟲學相關教科書（果實蠅生物防治章節）。',
    pesticideNames: [],
  },
  {
    key: 'diaeretiella-rapae',
    type: 'beneficial',
    cname: '菜蚜繭蜂',
    ename: 'Cabbage aphid parasitoid',
    name: 'Diaeretiella rapae',
    aliases: ['蚜繭蜂', '蚜蟲寄生蜂'],
    eclass1: 'Insecta',
    eclass2: 'Hymenoptera',
    eclass3: 'Braconidae',
    eclass4: 'Diaeretiella',
    eclass5: 'rapae',
    cclass1: '昆蟲綱',
    cclass2: '膜翅目',
    cclass3: '小繭蜂科',
    property:
      '微小寄生蜂，成蜂體長約 2 公釐，體黑褐色，足與腹部基部黃褐色，觸角細長。被寄生的蚜蟲會膨大變硬，呈淡褐色至金黃褐色的「僵蚜」。',
    life:
      '雌蜂將卵產入蚜蟲體內，幼蟲在蚜蟲體內取食發育，寄主死亡後形成僵蚜，寄生蜂在其中化蛹，羽化時於僵蚜背面咬出圓形羽化孔。在 20 至 25°C 約 10 至 14 天完成一代。',
    distribute:
      '分布幾乎遍及全球，臺灣在十字花科蔬菜產區普遍可見，冬春季蚜蟲多時族群亦隨之增加。',
    harm:
      '寄生多種蚜蟲，以十字花科上的偽菜蚜、菜蚜及桃蚜為主，亦可寄生其他作物上的蚜蟲。',
    harmDetail:
      '雌蜂以觸角探觸蚜蟲，將產卵管迅速刺入蚜蟲體內產卵，每隻雌蜂可寄生數十至上百隻蚜蟲。被寄生的蚜蟲數日內停止繁殖並死亡。',
    harmPart:
      '適用於甘藍、青花菜、白菜、芥菜、蘿蔔等十字花科蔬菜，於秋冬至春季蚜蟲初發時保育利用；田間發現金褐色僵蚜表示寄生蜂已在活動。',
    control:
      '以保育為主：田間見到僵蚜時盡量避免噴施廣效性殺蟲劑，必要時改用選擇性藥劑或局部施藥。田邊保留開花植物可提供成蜂蜜源，延長壽命並提升寄生效率。',
    liter:
      '臺灣農家要覽 農作篇，財團法人豐年社。\n\n昆蟲學相關教科書（天敵昆蟲與生物防治章節）。',
    pesticideNames: [],
  },
  {
    key: 'cotesia-vestalis',
    type: 'beneficial',
    cname: '小菜蛾絨繭蜂',
    ename: 'Diamondback moth parasitoid',
    name: 'Cotesia vestalis',
    aliases: ['菜蛾絨繭蜂', '絨繭蜂'],
    eclass1: 'Insecta',
    eclass2: 'Hymenoptera',
    eclass3: 'Braconidae',
    eclass4: 'Cotesia',
    eclass5: 'vestalis',
    cclass1: '昆蟲綱',
    cclass2: '膜翅目',
    cclass3: '小繭蜂科',
    property:
      '小型寄生蜂，成蜂體長約 2 至 3 公釐，體黑色，足部分黃褐色，觸角細長，翅透明。舊學名為 Cotesia plutellae。老熟幼蟲自寄主體內鑽出後結白色橢圓形小繭。',
    life:
      '雌蜂將卵產入小菜蛾幼蟲體內，寄生蜂幼蟲在寄主體內發育，約在寄主 4 齡時鑽出並結繭化蛹。在 25°C 約 2 週完成一代，世代短、繁殖快。',
    distribute:
      '廣泛分布於亞洲、歐洲、非洲等小菜蛾發生地區。臺灣十字花科蔬菜產區普遍可見，為小菜蛾最重要的本土幼蟲寄生蜂之一。',
    harm:
      '專門寄生小菜蛾（Plutella xylostella）幼蟲，偏好寄生 2 至 3 齡幼蟲。',
    harmDetail:
      '被寄生的小菜蛾幼蟲取食量減少並提早死亡，無法化蛹羽化。田間葉片上若見小菜蛾幼蟲旁有白色小繭，即為寄生蜂所結。',
    harmPart:
      '適用於甘藍、青花菜、花椰菜、小白菜、芥藍等十字花科蔬菜，於小菜蛾族群上升前的秋冬至春季保育利用效果最佳。',
    control:
      '以保育為主：優先使用蘇力菌、性費洛蒙誘殺等對寄生蜂影響小的方法防治小菜蛾，避免頻繁使用廣效性殺蟲劑。田邊種植開花植物提供成蜂蜜源，採收後殘株內的繭可稍作保留再清園，讓寄生蜂羽化。',
    liter:
      '植物保護手冊，農業部農業藥物試驗所編印（歷年修訂版）。\n\n臺灣農家要覽 農作篇，財團法人豐年社。',
    pesticideNames: [],
  },
  {
    key: 'wolf-spider-pardosa-pseudoannulata',
    type: 'beneficial',
    cname: '擬環紋豹蛛',
    ename: 'Paddy field wolf spider',
    name: 'Pardosa pseudoannulata',
    aliases: ['狼蛛', '稻田狼蛛', '擬環紋狼蛛'],
    eclass1: 'Arachnida',
    eclass2: 'Araneae',
    eclass3: 'Lycosidae',
    eclass4: 'Pardosa',
    eclass5: 'pseudoannulata',
    cclass1: '蛛形綱',
    cclass2: '蜘蛛目',
    cclass3: '狼蛛科',
    property:
      '雌蛛體長約 10 至 12 公釐，雄蛛略小，體褐色至黑褐色，頭胸部背面中央具淡色縱帶，腹部背面有成對的淡色斑紋，步足具環紋。不結捕食網，以游獵方式捕捉獵物。',
    life:
      '雌蛛產卵後將卵囊附於腹部末端的紡器上攜帶，幼蛛孵出後會爬到母蛛背上生活一段時間再分散。一年可發生數代，成蛛可存活數月。',
    distribute:
      '分布於東亞、東南亞及南亞，臺灣全島水田、旱田及田埂草叢普遍可見，是稻田最優勢的捕食性蜘蛛之一。',
    harm:
      '捕食褐飛蝨、白背飛蝨、斑飛蝨、黑尾葉蟬等稻田害蟲，亦捕食蚜蟲、小型鱗翅目幼蟲及雙翅目昆蟲。',
    harmDetail:
      '在稻株基部及水面上游走搜尋獵物，以螯肢咬住獵物並注入毒液使其麻痺後取食，食量大，每日可捕食多隻飛蝨與葉蟬。',
    harmPart:
      '主要於水稻全生育期保育利用，特別是在分蘗期至孕穗期飛蝨與葉蟬族群開始增加時發揮作用，對其他旱作田亦有貢獻。',
    control:
      '屬自然天敵，以田間保育為主：水稻生育初期避免不必要的殺蟲劑噴施，依田間害蟲密度決定是否用藥。保留田埂草帶可作為蜘蛛的棲所，整地與收割後可由田埂重新移入稻田。',
    liter:
      '植物保護手冊，農業部農業藥物試驗所編印（歷年修訂版）。\n\n臺灣農家要覽 農作篇，財團法人豐年社。',
    pesticideNames: [],
  },
];
