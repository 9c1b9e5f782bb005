import { catalogueCollections, type CatalogueCollectionKey } from '@pest/contracts';
import { useEffect, useState, type DragEvent } from 'react';
import { data, Form, Link, useNavigation } from 'react-router';
import { AdminErrorPage, adminCall, isServiceError } from '../admin';
import { pageMeta } from '../kernel/page-meta';
import type { Route } from './+types/reorder-route';
import './catalogue.css';

/** The collections ordered by index_id whose order editors change here. */
const orderable = new Map<string, CatalogueCollectionKey>(
  (Object.keys(catalogueCollections) as CatalogueCollectionKey[])
    .filter((key) => catalogueCollections[key].order[0]?.[0] === 'index_id')
    .map((key) => [catalogueCollections[key].path, key] as const),
);
// Product details are listed by sort, but the spec's reorder call sets their index_id.
orderable.set('product-details', 'productDetails');

function collectionOf(path: string | undefined): CatalogueCollectionKey {
  const key = path ? orderable.get(path) : undefined;
  if (!key) throw data({ message: '找不到此排序項目' }, { status: 404 });
  return key;
}

async function editor(request: Request, context: Route.LoaderArgs['context']) {
  const viewer = await adminCall(request, () => context.admin.staff());
  if (!viewer.roles.some((role) => role === 'editor' || role === 'admin'))
    throw data({ message: '沒有權限執行此操作' }, { status: 403 });
  return viewer;
}

async function rowsOf(context: Route.LoaderArgs['context'], key: CatalogueCollectionKey) {
  const page = await context.services.catalogue.listCollectionForAdmin(key, {
    page: 1,
    pageSize: 500,
    sort: { key: 'index_id', direction: 'asc' },
    filters: {},
  });
  const titleKey = catalogueCollections[key].titleKey;
  return page.rows.map((row) => {
    const record = row as Record<string, unknown>;
    return {
      id: record.id as number,
      title: String(record[titleKey] ?? record.id),
      index_id: record.index_id as number,
    };
  });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await editor(request, context);
  const key = collectionOf(params.collection);
  return {
    path: catalogueCollections[key].path,
    label: catalogueCollections[key].label,
    rows: await rowsOf(context, key),
  };
}

/** A new order (the dragged list, or one row moved up or down), saved with the reorder call's service. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await editor(request, context);
  const key = collectionOf(params.collection);
  const form = await request.formData();
  let ids = (await rowsOf(context, key)).map((row) => row.id);
  const intent = form.get('intent');
  if (intent === 'order') {
    const wanted = String(form.get('ids') ?? '')
      .split(',')
      .map(Number);
    if (wanted.length !== ids.length || [...wanted].sort().join() !== [...ids].sort().join())
      throw data({ message: '排序資料與目前的項目不符，請重新整理後再試' }, { status: 409 });
    ids = wanted;
  } else if (intent === 'up' || intent === 'down') {
    const at = ids.indexOf(Number(form.get('id')));
    const to = intent === 'up' ? at - 1 : at + 1;
    if (at < 0 || to < 0 || to >= ids.length) return { message: '無法再移動' };
    [ids[at], ids[to]] = [ids[to]!, ids[at]!];
  } else throw data({ message: '不明的操作' }, { status: 400 });
  try {
    await context.services.catalogue.reorderCollectionItems(viewer, key, {
      ids,
      index_ids: ids.map((_id, place) => place + 1),
    });
  } catch (error) {
    if (!isServiceError(error)) throw error;
    return { message: error.message };
  }
  return { message: '已儲存新的順序。' };
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) =>
  pageMeta(matches[0].loaderData, { title: `排序：${loaded?.label ?? ''}` });

export default function ReorderRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { path, label, rows } = loaderData;
  const navigation = useNavigation();
  const [order, setOrder] = useState<number[] | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const shown = order ? order.map((id) => rows.find((row) => row.id === id)!).filter(Boolean) : rows;
  const busy = navigation.state !== 'idle';
  // The dragged order stays on screen while it is saved, until the saved order arrives: clearing it
  // at submit showed the old order for the length of the request.
  useEffect(() => setOrder(null), [rows]);
  const dropOn = (target: number) => (event: DragEvent) => {
    event.preventDefault();
    if (dragged === null || dragged === target) return;
    const ids = shown.map((row) => row.id).filter((id) => id !== dragged);
    ids.splice(ids.indexOf(target), 0, dragged);
    setOrder(ids);
    setDragged(null);
  };
  return (
    <div className="catalogue-reorder">
      <h1>排序：{label}</h1>
      <p>
        拖曳項目調整順序後按「儲存順序」；或用每列的「上移」「下移」。<Link to={`/admin/${path}`}>回到{label}列表</Link>
      </p>
      <p role="status">{actionData?.message ?? ''}</p>
      <ol className="catalogue-reorder__list">
        {shown.map((row, place) => (
          <li
            key={row.id}
            draggable
            onDragStart={() => setDragged(row.id)}
            onDragOver={(event) => event.preventDefault()}
            onDrop={dropOn(row.id)}
            className="catalogue-reorder__item"
          >
            <span className="catalogue-reorder__title">{row.title}</span>
            <Form method="post" className="catalogue-reorder__moves">
              <input type="hidden" name="id" value={row.id} />
              <button
                type="submit"
                name="intent"
                value="up"
                className="button"
                disabled={busy || place === 0 || order !== null}
              >
                上移<span className="visually-hidden">{row.title}</span>
              </button>
              <button
                type="submit"
                name="intent"
                value="down"
                className="button"
                disabled={busy || place === shown.length - 1 || order !== null}
              >
                下移<span className="visually-hidden">{row.title}</span>
              </button>
            </Form>
          </li>
        ))}
      </ol>
      {order ? (
        <Form method="post">
          <input type="hidden" name="intent" value="order" />
          <input type="hidden" name="ids" value={order.join(',')} />
          <button type="submit" className="button button--primary" disabled={busy}>
            儲存順序
          </button>{' '}
          <button type="button" className="button" onClick={() => setOrder(null)}>
            取消
          </button>
        </Form>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
