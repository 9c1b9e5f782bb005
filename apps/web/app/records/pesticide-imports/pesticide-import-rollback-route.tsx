import { pesticideImportMessages } from '@pest/contracts';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { AdminErrorPage, adminCall, isServiceError } from '../../admin';
import { pageMeta } from '../../kernel/page-meta';
import { formatCalendarDate } from '../../ui/format-date-time';
import type { Route } from './+types/pesticide-import-rollback-route';
import { importId, importsPath, importsResource } from './pesticide-import-admin';
import './pesticide-imports.css';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  // Rolling back is a write: the writers' check (the resource's row actions), before anything is read.
  await adminCall(request, () => context.admin.allow(importsResource, 'act'));
  const id = importId(params.id);
  const { records } = context.services;
  const detail = await records.getPesticideImport(id);
  if (!detail) throw data({ message: pesticideImportMessages.notFound }, { status: 404 });
  return { detail, rows: await records.countPesticideUses() };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const id = importId(params.id);
  try {
    await context.admin.act(importsResource, id, 'roll-back');
  } catch (error) {
    if (isServiceError(error) && error.statusCode === 409) return { error: error.message };
    return adminCall(request, () => Promise.reject(error));
  }
  return redirect(`${importsPath}?done=roll-back`, 303);
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) =>
  pageMeta(matches[0].loaderData, {
    title: loaded ? `還原${loaded.detail.import.title} - 農藥登記資料匯入` : '農藥登記資料匯入',
  });

/** Asks before a rollback: a page of its own, so it works without JavaScript, saying what comes back. */
export default function PesticideImportRollbackRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { detail, rows } = loaderData;
  const previous = detail.previousImport;
  const row = detail.import;
  const navigation = useNavigation();
  const refusal =
    actionData?.error ??
    (row.can_roll_back
      ? null
      : detail.import.status === 'applied'
        ? pesticideImportMessages.notLatest
        : pesticideImportMessages.notApplied);
  return (
    <article className="pesticide-import">
      <p className="admin-back">
        <Link to={`${importsPath}/${row.id}`}>回{row.title}</Link>
      </p>
      <h1 className="page-title">還原{row.title}</h1>
      {refusal ? (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      ) : null}
      <p>
        這次匯入（資料日期 {formatCalendarDate(row.snapshot_date) || '未填'}）新增 {row.added} 筆、變更 {row.changed}{' '}
        筆、移除 {row.removed} 筆。還原後，這些變更全部撤回：網站上的 {rows.toLocaleString('zh-TW')}{' '}
        筆資料回到套用前的內容，
        {previous
          ? `推薦用藥頁面顯示第 ${previous.id} 次匯入的資料（${previous.source}，資料日期 ${formatCalendarDate(previous.snapshot_date) || '未填'}）。`
          : '網站上將沒有農藥登記資料。'}
      </p>
      <p>還原會記錄在稽核紀錄中。還原後若要再用這份檔案，請重新上傳。</p>
      {row.can_roll_back ? (
        <Form method="post" className="admin-form__actions">
          <button type="submit" className="button button--danger" disabled={navigation.state !== 'idle'}>
            確定還原
          </button>
          <Link to={`${importsPath}/${row.id}`} className="button">
            取消
          </Link>
        </Form>
      ) : null}
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
