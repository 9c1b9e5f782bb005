import { z } from 'zod';
import { idSchema, productResponse } from './envelopes';
import {
  byTypeIndex,
  collection,
  flag,
  json,
  newestFirst,
  picField,
  price,
  reference,
  richText,
  text,
  when,
  whole,
} from './catalogue-fields';

export { descriptionSectionSchema, type CatalogueVisibility, type DescriptionSection } from './catalogue-fields';

/*
 * The storefront catalogue. Each collection is
 * described once here — its fields as the product API answers them and as editors write them —
 * and the server, the admin screens and the pages all read these schemas. Ids, status, created_at
 * and updated_at are the same for every collection; the rest are the spec's known fields plus the
 * texts a page needs to show an entry (decision 0200).
 */

/** Catalogue status: InActive=0, Active=1, NonActivated=2. */
export const catalogueStatusLabels = { 0: '停用', 1: '啟用', 2: '未啟用' } as const;

/** The storefront's collections that the catalogue feature keeps (news, carousels and settings live elsewhere). */
export const catalogueCollections = {
  products: collection({
    path: 'products',
    label: '商品',
    visibility: 'active',
    order: newestFirst,
    titleKey: 'title',
    columns: ['title', 'price', 'status', 'created_at'],
    fields: {
      title: text('名稱', { max: 100 }),
      summary: text('摘要', { max: 300, required: false }),
      content: richText('說明'),
      description_titles: json('description_titles', 'sections', '[{"title":"段落標題","content":"內容"}]'),
      product_type_ids: json('product_type_ids', 'ids', '商品類別編號的陣列，例如 [1,2]'),
      pics: json('pics', 'files', '圖片檔名的陣列（/files/public/ 之下），空陣列時以橫幅圖代替'),
      banner: picField('橫幅圖'),
      price: price('價格'),
      unit: text('單位', { max: 20, required: false }),
      created_by: reference('建立者會員編號'),
      demo: flag('示範內容', '頁面上標示為示範，非實際供應'),
    },
  }),
  productTypes: collection({
    path: 'product-types',
    label: '商品類別',
    visibility: 'active',
    order: byTypeIndex,
    titleKey: 'name',
    columns: ['name', 'parent_id', 'index_id', 'status'],
    fields: { name: text('名稱', { max: 50 }), parent_id: reference('上層類別'), index_id: whole('排序') },
  }),
  productDetails: collection({
    path: 'product-details',
    label: '商品類別說明',
    visibility: 'active',
    order: [
      ['sort', 'asc'],
      ['id', 'asc'],
    ],
    titleKey: 'title',
    columns: ['title', 'product_type_id', 'sort', 'status'],
    fields: {
      product_type_id: reference('商品類別'),
      title: text('標題', { max: 100 }),
      content: richText('內容'),
      pic: picField(),
      sort: whole('順序'),
      index_id: whole('排序'),
    },
  }),
  productRelations: collection({
    path: 'product-relations',
    label: '商品與類別關聯',
    visibility: 'active',
    order: [['id', 'desc']],
    titleKey: 'id',
    columns: ['product_type_id', 'product_id', 'status'],
    fields: { product_type_id: reference('商品類別'), product_id: reference('商品') },
  }),
  productPackages: collection({
    path: 'product-package',
    label: '商品組合',
    visibility: 'active',
    order: newestFirst,
    titleKey: 'name',
    columns: ['name', 'title', 'price', 'status'],
    fields: {
      name: text('代稱', { max: 100 }),
      title: text('名稱', { max: 100 }),
      content: richText('說明'),
      description_titles: json('description_titles', 'sections', '[{"title":"段落標題","content":"內容"}]'),
      pics: json('pics', 'files', '圖片檔名的陣列（/files/public/ 之下）'),
      banner: picField('橫幅圖'),
      package_type_id: reference('組合類別'),
      price: price('價格'),
    },
  }),
  productPackageTypes: collection({
    path: 'product-package-types',
    label: '商品組合類別',
    visibility: 'active',
    order: byTypeIndex,
    titleKey: 'name',
    columns: ['name', 'index_id', 'status'],
    fields: { name: text('名稱', { max: 50 }), index_id: whole('排序') },
  }),
  courses: collection({
    path: 'courses',
    label: '課程',
    visibility: 'active',
    order: newestFirst,
    titleKey: 'title',
    columns: ['title', 'starts_at', 'place', 'status'],
    fields: {
      title: text('名稱', { max: 100 }),
      summary: text('摘要', { max: 300, required: false }),
      content: richText('說明'),
      course_type_id: reference('課程類別'),
      starts_at: when('開始時間'),
      ends_at: when('結束時間'),
      place: text('地點', { max: 100, required: false }),
      fee: price('費用'),
      banner: picField('橫幅圖'),
      demo: flag('示範內容', '頁面上標示為示範，非實際開課'),
    },
  }),
  courseTypes: collection({
    path: 'course-types',
    label: '課程類別',
    visibility: 'active',
    order: byTypeIndex,
    titleKey: 'name',
    columns: ['name', 'parent_id', 'index_id', 'status'],
    fields: { name: text('名稱', { max: 50 }), parent_id: reference('上層類別'), index_id: whole('排序') },
  }),
  articles: collection({
    path: 'articles',
    label: '文章',
    visibility: 'truthy',
    order: byTypeIndex,
    titleKey: 'title',
    columns: ['title', 'article_category_id', 'index_id', 'status'],
    fields: {
      title: text('標題', { max: 100 }),
      content: richText('內容'),
      article_category_id: reference('文章分類'),
      pic: picField(),
      index_id: whole('排序'),
    },
  }),
  articleCategories: collection({
    path: 'article-category',
    label: '文章分類',
    visibility: 'truthy',
    order: byTypeIndex,
    titleKey: 'name',
    columns: ['name', 'slug', 'index_id', 'status'],
    fields: {
      name: text('名稱', { max: 50 }),
      slug: text('代稱', { max: 50, required: false }),
      index_id: whole('排序'),
    },
  }),
  indexAreas: collection({
    path: 'index-areas',
    label: '首頁區塊',
    visibility: 'truthy',
    order: byTypeIndex,
    titleKey: 'title',
    columns: ['title', 'link', 'index_id', 'status'],
    fields: {
      title: text('標題', { max: 100 }),
      content: richText('內容'),
      link: text('連結', { max: 300, required: false }),
      pic: picField(),
      index_id: whole('排序'),
    },
  }),
  tags: collection({
    path: 'tags',
    label: '標籤',
    visibility: 'truthy',
    order: byTypeIndex,
    titleKey: 'name',
    columns: ['name', 'index_id', 'status'],
    fields: { name: text('名稱', { max: 50 }), index_id: whole('排序') },
  }),
  productBundles: collection({
    path: 'product-bundles',
    label: '優惠活動',
    visibility: 'active',
    order: newestFirst,
    titleKey: 'title',
    columns: ['title', 'starts_at', 'ends_at', 'status'],
    fields: {
      title: text('名稱', { max: 100 }),
      content: richText('說明'),
      product_ids: json('product_ids', 'ids', '活動商品編號的陣列，例如 [1,2]'),
      banner: picField('橫幅圖'),
      price: price('活動價'),
      starts_at: when('開始時間'),
      ends_at: when('結束時間'),
      demo: flag('示範內容', '頁面上標示為示範活動'),
    },
  }),
  serviceDetails: collection({
    path: 'service-details',
    label: '服務項目',
    visibility: 'active',
    order: byTypeIndex,
    titleKey: 'title',
    columns: ['title', 'index_id', 'status'],
    fields: { title: text('標題', { max: 100 }), content: richText('內容'), pic: picField(), index_id: whole('排序') },
  }),
  questionDetails: collection({
    path: 'question-details',
    label: '常見問題',
    visibility: 'active',
    order: [
      ['sort', 'desc'],
      ['id', 'desc'],
    ],
    titleKey: 'question',
    columns: ['question', 'question_type_id', 'sort', 'status'],
    fields: {
      question_type_id: reference('問題分類'),
      question: text('問題', { max: 200 }),
      answer: richText('回答'),
      sort: whole('順序', '數字大的在前'),
    },
  }),
  questionTypes: collection({
    path: 'question-types',
    label: '常見問題分類',
    visibility: 'active',
    order: byTypeIndex,
    titleKey: 'name',
    columns: ['name', 'index_id', 'status'],
    fields: { name: text('名稱', { max: 50 }), index_id: whole('排序') },
  }),
  performanceDetails: collection({
    path: 'performance-details',
    label: '成果',
    visibility: 'active',
    order: [
      ['sort', 'desc'],
      ['id', 'desc'],
    ],
    titleKey: 'title',
    columns: ['title', 'performance_type_id', 'sort', 'status'],
    fields: {
      performance_type_id: reference('成果分類'),
      title: text('標題', { max: 100 }),
      content: richText('內容'),
      pic: picField(),
      sort: whole('順序', '數字大的在前'),
    },
  }),
  performanceTypes: collection({
    path: 'performance-types',
    label: '成果分類',
    visibility: 'active',
    order: [
      ['sort', 'asc'],
      ['id', 'asc'],
    ],
    titleKey: 'name',
    columns: ['name', 'sort', 'status'],
    fields: { name: text('名稱', { max: 50 }), sort: whole('順序') },
  }),
  brandIntros: collection({
    path: 'brand-introductions',
    label: '品牌介紹',
    visibility: 'active',
    order: byTypeIndex,
    titleKey: 'title',
    columns: ['title', 'index_id', 'status'],
    fields: { title: text('標題', { max: 100 }), content: richText('內容'), pic: picField(), index_id: whole('排序') },
  }),
} as const;

export type CatalogueCollections = typeof catalogueCollections;
export type CatalogueCollectionKey = keyof CatalogueCollections;
export type CatalogueRow<K extends CatalogueCollectionKey> = z.infer<CatalogueCollections[K]['row']>;
export type CatalogueInput<K extends CatalogueCollectionKey> = z.output<CatalogueCollections[K]['input']>;

export type Product = CatalogueRow<'products'>;
export type ProductType = CatalogueRow<'productTypes'>;
export type ProductBundle = CatalogueRow<'productBundles'>;
export type Course = CatalogueRow<'courses'>;
export type CourseType = CatalogueRow<'courseTypes'>;
export type Article = CatalogueRow<'articles'>;
export type ArticleCategory = CatalogueRow<'articleCategories'>;

export const catalogueIdParams = z.object({ id: idSchema });
export const catalogueNameParams = z.object({
  name: z.string().trim().min(1, { error: '請輸入名稱' }).max(100, { error: '名稱不可超過 100 個字' }),
});
export const catalogueListResponse = <K extends CatalogueCollectionKey>(key: K) =>
  productResponse(z.array(catalogueCollections[key].row));
export const catalogueItemResponse = <K extends CatalogueCollectionKey>(key: K) =>
  productResponse(catalogueCollections[key].row);

/** PUT product-details-by-index-ids: each id gets the index_id at the same place. */
export const reorderBody = z
  .object({
    ids: z.array(idSchema).min(1, { error: '請提供要排序的編號' }).max(500, { error: '一次最多排序 500 筆' }),
    index_ids: z
      .array(z.number({ error: '排序必須是數字' }).int().min(0).max(1_000_000))
      .max(500, { error: '一次最多排序 500 筆' }),
  })
  .refine((body) => body.ids.length === body.index_ids.length, {
    error: 'ids 與 index_ids 的數量必須相同',
    path: ['index_ids'],
  })
  .refine((body) => new Set(body.ids).size === body.ids.length, { error: '編號不可重複', path: ['ids'] });

/** The article category whose articles make the ABOUT US page (decision 0204). */
export const aboutCategorySlug = 'about';
