import type { RecordInput } from '../services/create-record';

/** A blank record of a type; tests fill in what they are about. */
export function recordFixture(overrides: Partial<RecordInput> & Pick<RecordInput, 'cName'>): RecordInput {
  return {
    type: 'pest',
    diseaseClass: null,
    eName: '',
    name: '',
    aliases: [],
    eClass1: '',
    eClass2: '',
    eClass3: '',
    eClass4: '',
    eClass5: '',
    cClass1: '',
    cClass2: '',
    cClass3: '',
    property: '',
    life: '',
    distribute: '',
    harm: '',
    harmPart: '',
    harmDetail: '',
    liter: '',
    control: '',
    pesticideNames: [],
    ...overrides,
  };
}

/** A small collection that exercises every match tier, variants and every type. */
export const searchFixtures: RecordInput[] = [
  recordFixture({
    cName: '薊馬',
    eName: 'Thrips',
    name: 'Thysanoptera',
    aliases: ['花蟲'],
  }),
  recordFixture({
    cName: '臺灣花薊馬',
    eName: 'Taiwan flower thrips',
    name: 'Frankliniella intonsa',
    aliases: ['台灣花薊馬'],
  }),
  recordFixture({
    cName: '南黃薊馬',
    eName: 'Melon thrips',
    name: 'Thrips palmi',
    aliases: [],
    harm: '為害瓜類與茄科作物。',
  }),
  recordFixture({
    cName: '西方花薊馬',
    eName: 'Western flower thrips',
    name: 'Frankliniella occidentalis',
  }),
  recordFixture({
    cName: '斜紋夜蛾',
    eName: 'Tobacco cutworm',
    name: 'Spodoptera litura',
    aliases: ['黑角舞蛾', '行軍蟲'],
    control: '可利用性費洛蒙誘殺雄蛾。',
    pesticideNames: ['斜紋夜蛾', '夜蛾類'],
  }),
  recordFixture({
    cName: '小黑花椿象',
    type: 'beneficial',
    eName: 'Minute pirate bug',
    name: 'Orius strigicollis',
    harm: '捕食薊馬、葉蟎與蚜蟲等小型害蟲。',
  }),
  recordFixture({
    cName: '炭疽病',
    type: 'disease',
    diseaseClass: 'fungus',
    eName: 'Anthracnose',
    name: 'Colletotrichum gloeosporioides',
    pesticideNames: ['炭疽病'],
  }),
  recordFixture({
    cName: '番茄晚疫病',
    type: 'disease',
    diseaseClass: 'oomycete',
    eName: 'Tomato late blight',
    name: 'Phytophthora infestans',
    aliases: ['蕃茄晚疫病'],
  }),
  recordFixture({
    cName: '二點葉蟎',
    type: 'mite',
    eName: 'Two-spotted spider mite',
    name: 'Tetranychus urticae',
    aliases: ['紅蜘蛛'],
    pesticideNames: ['葉蟎類', '二點葉蟎'],
  }),
];
