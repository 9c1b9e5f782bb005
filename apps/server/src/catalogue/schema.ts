import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/*
 * The storefront catalogue. The keys are the
 * product API's field names, so a row is its answer but for the JSON fields and dates (decision
 * 0200). The spec's JSON fields (description_titles, product_type_ids, pics, product_ids) are JSON
 * text as the template stored them: checked on every write, read with the spec's fallbacks,
 * so a bad value written by an import never breaks a page (decision 0201).
 */

const common = () => ({
  id: serial('id').primaryKey(),
  /** InActive=0, Active=1, NonActivated=2. */
  status: smallint('status').notNull().default(1),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const products = pgTable(
  'catalogue_products',
  {
    ...common(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    content: text('content').notNull().default(''),
    description_titles: text('description_titles').notNull().default('[]'),
    product_type_ids: text('product_type_ids').notNull().default('[]'),
    pics: text('pics').notNull().default('[]'),
    banner: text('banner').notNull().default(''),
    price: integer('price'),
    unit: text('unit').notNull().default(''),
    created_by: integer('created_by'),
    demo: boolean('demo').notNull().default(false),
  },
  (table) => [
    index('catalogue_products_created_idx').on(table.created_at),
    check('catalogue_products_status', sql`${table.status} in (0, 1, 2)`),
  ],
);

export const productTypes = pgTable('catalogue_product_types', {
  ...common(),
  name: text('name').notNull(),
  parent_id: integer('parent_id'),
  index_id: integer('index_id').notNull().default(0),
});

export const productDetails = pgTable('catalogue_product_details', {
  ...common(),
  product_type_id: integer('product_type_id'),
  title: text('title').notNull(),
  content: text('content').notNull().default(''),
  pic: text('pic').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  index_id: integer('index_id').notNull().default(0),
});

export const productRelations = pgTable('catalogue_product_relations', {
  ...common(),
  product_type_id: integer('product_type_id'),
  product_id: integer('product_id'),
});

export const productPackages = pgTable('catalogue_product_packages', {
  ...common(),
  name: text('name').notNull(),
  title: text('title').notNull(),
  content: text('content').notNull().default(''),
  description_titles: text('description_titles').notNull().default('[]'),
  pics: text('pics').notNull().default('[]'),
  banner: text('banner').notNull().default(''),
  package_type_id: integer('package_type_id'),
  price: integer('price'),
});

export const productPackageTypes = pgTable('catalogue_product_package_types', {
  ...common(),
  name: text('name').notNull(),
  index_id: integer('index_id').notNull().default(0),
});

export const courses = pgTable('catalogue_courses', {
  ...common(),
  title: text('title').notNull(),
  summary: text('summary').notNull().default(''),
  content: text('content').notNull().default(''),
  course_type_id: integer('course_type_id'),
  starts_at: timestamp('starts_at', { withTimezone: true }),
  ends_at: timestamp('ends_at', { withTimezone: true }),
  place: text('place').notNull().default(''),
  fee: integer('fee'),
  banner: text('banner').notNull().default(''),
  demo: boolean('demo').notNull().default(false),
});

export const courseTypes = pgTable('catalogue_course_types', {
  ...common(),
  name: text('name').notNull(),
  parent_id: integer('parent_id'),
  index_id: integer('index_id').notNull().default(0),
});

export const articles = pgTable('catalogue_articles', {
  ...common(),
  title: text('title').notNull(),
  content: text('content').notNull().default(''),
  article_category_id: integer('article_category_id'),
  pic: text('pic').notNull().default(''),
  index_id: integer('index_id').notNull().default(0),
});

export const articleCategories = pgTable('catalogue_article_categories', {
  ...common(),
  name: text('name').notNull(),
  slug: text('slug').notNull().default(''),
  index_id: integer('index_id').notNull().default(0),
});

export const indexAreas = pgTable('catalogue_index_areas', {
  ...common(),
  title: text('title').notNull(),
  content: text('content').notNull().default(''),
  link: text('link').notNull().default(''),
  pic: text('pic').notNull().default(''),
  index_id: integer('index_id').notNull().default(0),
});

export const tags = pgTable('catalogue_tags', {
  ...common(),
  name: text('name').notNull(),
  index_id: integer('index_id').notNull().default(0),
});

export const productBundles = pgTable('catalogue_product_bundles', {
  ...common(),
  title: text('title').notNull(),
  content: text('content').notNull().default(''),
  product_ids: text('product_ids').notNull().default('[]'),
  banner: text('banner').notNull().default(''),
  price: integer('price'),
  starts_at: timestamp('starts_at', { withTimezone: true }),
  ends_at: timestamp('ends_at', { withTimezone: true }),
  demo: boolean('demo').notNull().default(false),
});

export const serviceDetails = pgTable('catalogue_service_details', {
  ...common(),
  title: text('title').notNull(),
  content: text('content').notNull().default(''),
  pic: text('pic').notNull().default(''),
  index_id: integer('index_id').notNull().default(0),
});

export const questionDetails = pgTable('catalogue_question_details', {
  ...common(),
  question_type_id: integer('question_type_id'),
  question: text('question').notNull(),
  answer: text('answer').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

export const questionTypes = pgTable('catalogue_question_types', {
  ...common(),
  name: text('name').notNull(),
  index_id: integer('index_id').notNull().default(0),
});

export const performanceDetails = pgTable('catalogue_performance_details', {
  ...common(),
  performance_type_id: integer('performance_type_id'),
  title: text('title').notNull(),
  content: text('content').notNull().default(''),
  pic: text('pic').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

export const performanceTypes = pgTable('catalogue_performance_types', {
  ...common(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const brandIntros = pgTable('catalogue_brand_introductions', {
  ...common(),
  title: text('title').notNull(),
  content: text('content').notNull().default(''),
  pic: text('pic').notNull().default(''),
  index_id: integer('index_id').notNull().default(0),
});

/** Cart lines: one per member and product; adding again raises qty. */
export const shoppingCarts = pgTable(
  'shopping_carts',
  {
    id: serial('id').primaryKey(),
    members_id: integer('members_id').notNull(),
    products_id: integer('products_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    qty: integer('qty').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('shopping_carts_member_product_idx').on(table.members_id, table.products_id),
    check('shopping_carts_qty', sql`${table.qty} >= 1`),
  ],
);

/** Inquiry orders: product_info is the cart as it was sent. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    order_number: text('order_number').notNull(),
    members_id: integer('members_id').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    telephone: text('telephone').notNull(),
    company_name: text('company_name').notNull(),
    address: text('address').notNull().default(''),
    message: text('message').notNull(),
    product_info: jsonb('product_info')
      .$type<Array<{ product_id: number; product_name: string; qty: number }>>()
      .notNull(),
    status: text('status', { enum: ['new', 'confirmed', 'paid', 'shipped', 'done', 'cancelled'] })
      .notNull()
      .default('new'),
    last_number_of_transfer: text('last_number_of_transfer'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('orders_order_number_idx').on(table.order_number),
    index('orders_member_idx').on(table.members_id, table.created_at),
    index('orders_telephone_idx').on(table.telephone),
    // The admin list, newest first, whole or by state (docs/performance.md, "Ten years of data").
    index('orders_created_idx').on(table.created_at, table.id),
    index('orders_status_created_idx').on(table.status, table.created_at, table.id),
  ],
);

/**
 * An order's number, name, telephone and company, normalised, with their grams: the admin list finds
 * a keyword through the GIN index (decision 0441). Blanked with the order when its member is erased.
 */
export const orderSearch = pgTable(
  'order_search',
  {
    order_id: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The normalised texts, one per line with a line break before and after each: rechecks long terms. */
    text_key: text('text_key').notNull(),
    grams: text('grams').array().notNull(),
  },
  (table) => [index('order_search_grams_idx').using('gin', table.grams).with({ fastupdate: false })],
);
