import { z } from 'zod';
import { defineAdminContract } from './admin';
import { catalogueCollections, type CatalogueCollectionKey } from './catalogue';
import { orderMoves, orderStatusLabels, orderStatuses } from './catalogue-orders';

const statusFilter = z
  .enum(['0', '1', '2'], { error: '不明的狀態' })
  .optional()
  .meta({ title: '狀態', optionLabels: { 0: '停用', 1: '啟用', 2: '未啟用' } });

function collectionContract<K extends CatalogueCollectionKey>(key: K) {
  const spec = catalogueCollections[key];
  return defineAdminContract({
    name: spec.path,
    label: spec.label,
    group: 'shop',
    description: `商品型錄：${spec.label}（產品 API /api/v1/${spec.path}）。狀態 1 才公開${
      spec.visibility === 'truthy' ? '（此類資料狀態 1 或 2 皆公開）' : ''
    }。`,
    ...(spec.order[0]?.[0] === 'index_id' || spec.path === 'product-details'
      ? { listLinks: [{ label: '調整順序', href: `/admin/catalogue-order/${spec.path}` }] }
      : {}),
    row: spec.row,
    idKey: 'id',
    titleKey: spec.titleKey as never,
    columns: spec.columns as never,
    sortable: ['id', ...spec.columns.filter((column) => !column.endsWith('_id') || column === 'index_id')] as never,
    defaultSort: { key: (spec.order[0]?.[0] ?? 'id') as never, direction: spec.order[0]?.[1] ?? 'asc' },
    filters: z.object({
      q: z.string().trim().max(100, { error: '最多 100 個字' }).optional().meta({ title: '關鍵字' }),
      status: statusFilter,
    }),
    create: spec.input,
    update: spec.input,
  });
}

/** Every catalogue collection in /admin, editors and admins. */
export const catalogueAdminContracts = Object.fromEntries(
  (Object.keys(catalogueCollections) as CatalogueCollectionKey[]).map((key) => [key, collectionContract(key)]),
) as { [K in CatalogueCollectionKey]: ReturnType<typeof collectionContract<K>> };

// Each contract as a module export of its own: the admin screens find contracts among the package's exports.
export const productsAdminContract = catalogueAdminContracts.products;
export const productTypesAdminContract = catalogueAdminContracts.productTypes;
export const productDetailsAdminContract = catalogueAdminContracts.productDetails;
export const productRelationsAdminContract = catalogueAdminContracts.productRelations;
export const productPackagesAdminContract = catalogueAdminContracts.productPackages;
export const productPackageTypesAdminContract = catalogueAdminContracts.productPackageTypes;
export const coursesAdminContract = catalogueAdminContracts.courses;
export const courseTypesAdminContract = catalogueAdminContracts.courseTypes;
export const articlesAdminContract = catalogueAdminContracts.articles;
export const articleCategoriesAdminContract = catalogueAdminContracts.articleCategories;
export const indexAreasAdminContract = catalogueAdminContracts.indexAreas;
export const tagsAdminContract = catalogueAdminContracts.tags;
export const productBundlesAdminContract = catalogueAdminContracts.productBundles;
export const serviceDetailsAdminContract = catalogueAdminContracts.serviceDetails;
export const questionDetailsAdminContract = catalogueAdminContracts.questionDetails;
export const questionTypesAdminContract = catalogueAdminContracts.questionTypes;
export const performanceDetailsAdminContract = catalogueAdminContracts.performanceDetails;
export const performanceTypesAdminContract = catalogueAdminContracts.performanceTypes;
export const brandIntrosAdminContract = catalogueAdminContracts.brandIntros;

export const ordersAdminContract = defineAdminContract({
  name: 'orders',
  group: 'shop',
  label: '詢價單',
  description: '會員送出的詢價單。依序確認、收款、出貨、完成，或取消；每一步都記錄並寄信通知會員。',
  row: z.object({
    id: z.number().int().meta({ title: '編號' }),
    order_number: z.string().meta({ title: '詢價單編號' }),
    name: z.string().meta({ title: '姓名' }),
    email: z.string().meta({ title: '電子郵件' }),
    telephone: z.string().meta({ title: '電話' }),
    company_name: z.string().meta({ title: '公司或單位' }),
    address: z.string().meta({ title: '地址' }),
    message: z.string().meta({ title: '訊息' }),
    items: z.string().meta({ title: '品項' }),
    status: z.enum(orderStatuses).meta({ title: '狀態', optionLabels: orderStatusLabels }),
    last_number_of_transfer: z.string().nullable().meta({ title: '匯款末五碼' }),
    created_at: z.iso.datetime({ offset: true }).meta({ title: '送出時間' }),
  }),
  idKey: 'id',
  titleKey: 'order_number',
  columns: ['order_number', 'name', 'company_name', 'items', 'status', 'created_at'],
  // The buyer and how to reach them; the state moves mail the member without them (decision 0299).
  personalFields: ['name', 'email', 'telephone', 'company_name', 'address', 'last_number_of_transfer'],
  personalFilters: ['q'],
  sortable: ['order_number', 'created_at'],
  defaultSort: { key: 'created_at', direction: 'desc' },
  filters: z.object({
    q: z.string().trim().max(100, { error: '最多 100 個字' }).optional().meta({ title: '編號、姓名、電話或公司' }),
    status: z
      .enum(orderStatuses, { error: '不明的狀態' })
      .optional()
      .meta({ title: '狀態', optionLabels: orderStatusLabels }),
  }),
  actions: [
    {
      name: 'confirm',
      label: orderMoves.confirm.label,
      doneMessage: '已確認，並已寄信通知會員。',
      when: { key: 'status', equals: 'new' },
    },
    {
      name: 'pay',
      label: orderMoves.pay.label,
      doneMessage: '已記錄收款，並已寄信通知會員。',
      when: { key: 'status', equals: 'confirmed' },
    },
    {
      name: 'ship',
      label: orderMoves.ship.label,
      doneMessage: '已記錄出貨，並已寄信通知會員。',
      when: { key: 'status', equals: 'paid' },
    },
    {
      name: 'finish',
      label: orderMoves.finish.label,
      doneMessage: '已完成，並已寄信通知會員。',
      when: { key: 'status', equals: 'shipped' },
    },
    { name: 'cancel', label: orderMoves.cancel.label, doneMessage: '已取消，並已寄信通知會員。' },
  ],
});
